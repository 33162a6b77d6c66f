// RuntimeAttrs and InferMetaContext: typed access by index (nullptr for a missing or mistyped
// value), tensor attributes owning their bytes, and input instances grouped by IR input.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "ge/custom_op/annotated_args_context.h"
#include "ge/custom_op/eager_op_execution_context.h"
#include "ge/custom_op/infer_meta_context.h"
#include "ge/custom_op/op_compile_context.h"
#include "ge/custom_op/runtime_attrs.h"

namespace ge {
namespace custom_op {
namespace {

TEST(RuntimeAttrsTest, GettersReturnOnlyTheStoredType) {
  RuntimeAttrs attrs;
  attrs.Append(int64_t{7});
  attrs.Append(0.1F);
  attrs.Append(std::vector<std::vector<int64_t>>{{1}, {2, 3}});
  ASSERT_EQ(attrs.GetAttrNum(), 3U);
  ASSERT_NE(attrs.GetInt(0), nullptr);
  EXPECT_EQ(*attrs.GetInt(0), 7);
  EXPECT_EQ(attrs.GetFloat(0), nullptr);
  EXPECT_EQ(attrs.GetInt(5), nullptr);
  ASSERT_NE(attrs.GetFloat(1), nullptr);
  EXPECT_EQ(*attrs.GetFloat(1), 0.1F);
  ASSERT_NE(attrs.GetListListInt(2), nullptr);
  EXPECT_EQ(attrs.GetListListInt(2)->at(1), (std::vector<int64_t>{2, 3}));
  AttrKind kind = AttrKind::kInt;
  ASSERT_TRUE(attrs.GetKind(2, kind));
  EXPECT_STREQ(AttrKindName(kind), "VT_LIST_LIST_INT");
  EXPECT_FALSE(attrs.GetKind(3, kind));
}

TEST(RuntimeAttrsTest, TensorAttrsPointAtTheirOwnHostBytes) {
  RuntimeAttrs attrs;
  const gert::StorageShape shape(gert::Shape{2}, gert::Shape{2});
  attrs.Append(std::make_shared<TensorAttr>(shape, DT_INT32, std::vector<uint8_t>(8, 1)));
  const gert::Tensor *tensor = attrs.GetTensor(0);
  ASSERT_NE(tensor, nullptr);
  EXPECT_EQ(tensor->GetSize(), 8U);
  EXPECT_EQ(tensor->GetPlacement(), gert::kOnHost);
  EXPECT_EQ(static_cast<const uint8_t *>(tensor->GetAddr())[7], 1);
  EXPECT_EQ(tensor->GetDataType(), DT_INT32);
  EXPECT_EQ(attrs.GetTensor(1), nullptr);
}

TEST(InferMetaContextTest, InstancesAreGroupedByIrInput) {
  auto desc = [](int64_t dim) {
    InferMetaInput input;
    input.shape = gert::StorageShape(gert::Shape{dim}, gert::Shape{dim});
    input.data_type = DT_FLOAT;
    return input;
  };
  // IR inputs: required x, absent optional, dynamic with two instances.
  const InferMetaContext context({1U, 0U, 2U}, {desc(1), desc(2), desc(3)}, RuntimeAttrs(),
                                 {1U, 3U});
  ASSERT_NE(context.GetRequiredInput(0), nullptr);
  EXPECT_EQ(context.GetRequiredInput(0)->shape.GetOriginShape(), (gert::Shape{1}));
  EXPECT_EQ(context.GetOptionalInput(1), nullptr);
  EXPECT_EQ(context.GetRequiredInput(2), nullptr);  // two instances: not a required input
  ASSERT_NE(context.GetDynamicInput(2, 1), nullptr);
  EXPECT_EQ(context.GetDynamicInput(2, 1)->shape.GetStorageShape(), (gert::Shape{3}));
  EXPECT_EQ(context.GetDynamicInput(2, 2), nullptr);
  size_t num = 0U;
  ASSERT_TRUE(context.GetInputInstanceNum(2, num));
  EXPECT_EQ(num, 2U);
  EXPECT_FALSE(context.GetInputInstanceNum(3, num));
  ASSERT_TRUE(context.GetOutputInstanceNum(1, num));
  EXPECT_EQ(num, 3U);
  EXPECT_FALSE(context.GetOutputInstanceNum(2, num));
}

class VectorAllocator : public HostMemoryAllocator {
 public:
  void *Allocate(size_t size) override {
    blocks_.emplace_back(size);
    return blocks_.back().data();
  }
  size_t Count() const { return blocks_.size(); }

 private:
  std::vector<std::vector<uint8_t>> blocks_;
};

TEST(EagerOpExecutionContextTest, InputsOutputsAndMemory) {
  gert::Tensor x(gert::StorageShape(gert::Shape{2}, gert::Shape{2}), gert::StorageFormat(),
                 DT_FLOAT);
  float x_data[2] = {1.0F, 2.0F};
  x.MutableTensorData().SetAddr(x_data, sizeof(x_data));
  gert::Tensor d0 = x;
  gert::Tensor y0;
  gert::Tensor y1;
  RuntimeAttrs attrs;
  VectorAllocator allocator;
  // IR inputs: required x, absent optional, dynamic with one instance.
  EagerOpExecutionContext context({1U, 0U, 1U}, {&x, &d0}, &attrs, {&y0, &y1}, &allocator, 7U);
  EXPECT_EQ(context.GetInputNum(), 2U);
  EXPECT_EQ(context.GetRequiredInputTensor(0), &x);
  EXPECT_EQ(context.GetOptionalInputTensor(1), nullptr);
  EXPECT_EQ(context.GetDynamicInputTensor(2, 0), &d0);
  EXPECT_EQ(context.GetDynamicInputTensor(2, 1), nullptr);
  EXPECT_EQ(context.GetAttrs(), &attrs);
  EXPECT_EQ(context.GetStream(), 7U);

  const gert::StorageShape shape(gert::Shape{3}, gert::Shape{3});
  gert::Tensor *out = context.MallocOutputTensor(0, shape, gert::StorageFormat(), DT_INT64);
  ASSERT_EQ(out, &y0);
  EXPECT_EQ(y0.GetSize(), 24U);
  EXPECT_NE(y0.GetAddr(), nullptr);
  EXPECT_EQ(y0.GetDataType(), DT_INT64);
  EXPECT_EQ(y0.GetPlacement(), gert::kOnHost);
  EXPECT_EQ(context.MallocOutputTensor(2, shape, gert::StorageFormat(), DT_INT64), nullptr);
  EXPECT_EQ(context.MallocOutputTensor(0, shape, gert::StorageFormat(), DT_STRING), nullptr);

  ASSERT_TRUE(context.MakeOutputRefInput(1, 0));
  EXPECT_EQ(y1.GetAddr(), static_cast<void *>(x_data));
  EXPECT_FALSE(context.MakeOutputRefInput(1, 5));
  EXPECT_NE(context.MallocWorkspace(16), nullptr);
  EXPECT_EQ(allocator.Count(), 2U);
}

TEST(OpCompileContextTest, PortsOptionsAndPlatform) {
  const gert::Tensor x;
  const gert::Tensor y0;
  const gert::Tensor y1;
  const CompilePlatformInfo platform("Ascend910B", {{"SoCInfo", {{"ai_core_cnt", "24"}}}}, 8,
                                     {{"AiCore", 8}}, 24);
  const OpCompileContext context({CompilePort{{&x}}, CompilePort{}}, {CompilePort{{&y0, &y1}}},
                                 nullptr, {{"ge.exec.precision_mode", "fp16"}}, &platform);
  EXPECT_EQ(context.GetRequiredInputTensor(0), &x);
  EXPECT_EQ(context.GetOptionalInputTensor(1), nullptr);
  EXPECT_EQ(context.GetRequiredOutputTensor(0), nullptr);  // dynamic: two instances
  EXPECT_EQ(context.GetDynamicOutputTensor(0, 1), &y1);
  size_t num = 0U;
  ASSERT_TRUE(context.GetDynamicOutputNum(0, num));
  EXPECT_EQ(num, 2U);
  EXPECT_FALSE(context.GetDynamicInputNum(2, num));
  std::string value;
  ASSERT_TRUE(context.GetOption("ge.exec.precision_mode", value));
  EXPECT_EQ(value, "fp16");
  EXPECT_FALSE(context.GetOption("missing", value));

  const CompilePlatformInfo *info = context.GetPlatformInfo();
  ASSERT_NE(info, nullptr);
  ASSERT_TRUE(info->GetPlatformResource("SoCInfo", "ai_core_cnt", value));
  EXPECT_EQ(value, "24");
  EXPECT_FALSE(info->GetPlatformResource("SoCInfo", "missing", value));
  EXPECT_EQ(info->GetPlatformResourceGroup("Missing"), nullptr);
  int64_t cores = 0;
  ASSERT_TRUE(info->GetCoreNum("AiCore", cores));
  EXPECT_EQ(cores, 8);
  EXPECT_FALSE(info->GetCoreNum("CubeCore", cores));
  EXPECT_EQ(info->GetCoreNum(), 8);
  EXPECT_EQ(info->GetSocVersion(), "Ascend910B");
  EXPECT_EQ(info->GetAiCoreNum(), 24);
}

TEST(AnnotatedArgsContextTest, WorkspacesAndLaunches) {
  const gert::Tensor x;
  const gert::Tensor y;
  AnnotatedArgsContext context({CompilePort{{&x}}}, {CompilePort{{&y}}}, nullptr, 3U, 0x1000U);
  EXPECT_EQ(context.GetInputInstanceNum(), 1U);
  EXPECT_EQ(context.GetOutputInstanceNum(), 1U);
  size_t index = 9U;
  uint64_t addr = 0U;
  ASSERT_TRUE(context.MallocWorkspace(12, index, addr));
  EXPECT_EQ(index, 0U);
  EXPECT_EQ(addr, 0x1000U);
  ASSERT_TRUE(context.MallocWorkspace(4, index, addr));
  EXPECT_EQ(addr, 0x1010U);  // 12 bytes rounded up to 16
  EXPECT_FALSE(context.MallocWorkspace(0, index, addr));
  EXPECT_EQ(context.GetWorkspaceSizes(), (std::vector<size_t>{12U, 4U}));

  const AnnotatedKernelLaunchInfo launch("kernel", {1, 2}, 1U, 3U);
  using Kind = KernelArgSlot::Kind;
  ASSERT_TRUE(context.AddLaunch(launch, {{Kind::kInput, 0U, 0x10U}, {Kind::kScalar, 0U, 7U}}));
  EXPECT_FALSE(context.AddLaunch(AnnotatedKernelLaunchInfo("kernel", {1}, 1U, 4U), {}));
  EXPECT_FALSE(context.AddLaunch(AnnotatedKernelLaunchInfo("", {1}, 1U, 3U), {}));
  ASSERT_EQ(context.GetLaunches().size(), 1U);
  EXPECT_EQ(context.GetLaunches()[0].args.size() * AnnotatedArgsContext::kArgSlotSize, 16U);
  EXPECT_EQ(context.GetPorts().GetRequiredOutputTensor(0), &y);
}

}  // namespace
}  // namespace custom_op
}  // namespace ge
