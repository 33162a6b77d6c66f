// Python prototypes as catalog ops: ports, attributes and defaults from the ABI view, the
// rejections the C++ side adds (float32 range, DataType range, required/default consistency,
// names), and the installed inference calling the infer_meta callback with the node's inputs
// and attributes.
#include "python_custom_op/python_prototype.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "common/error.h"
#include "ge/custom_op/infer_meta_context.h"
#include "python_custom_op/attr_conversion.h"
#include "python_custom_op/ir_view.h"

namespace ge {
namespace python_custom_op {
namespace {

// An infer_meta callback as the bridge serves it: output 0 takes input 0's dims with the last
// one multiplied by the attribute `scale` (IR attr 0), and dtype DT_FLOAT16; an op type of
// "Raises" fails like a Python exception does.
uint32_t ScaleInfer(const GeCustomOpIrView *ir, void *ctx, const GeCustomOpInferResult *result,
                    char **error) {
  if (std::strcmp(ir->op_type, "Raises") == 0) {
    *error = strdup("ValueError: infer_meta says no");
    return GE_CUSTOM_OP_FAILED;
  }
  auto *infer = static_cast<custom_op::InferMetaContext *>(ctx);
  const custom_op::InferMetaInput *input = infer->GetRequiredInput(0);
  const int64_t *scale = infer->GetAttrs().GetInt(0);
  if (input == nullptr || scale == nullptr) {
    *error = strdup("RuntimeError: missing input or attr");
    return GE_CUSTOM_OP_FAILED;
  }
  std::vector<int64_t> dims;
  const gert::Shape &shape = input->shape.GetStorageShape();
  for (size_t i = 0; i < shape.GetDimNum(); ++i) {
    dims.push_back(shape.GetDim(i));
  }
  dims.back() *= *scale;
  result->add_output(result->receiver, dims.data(), dims.size(), dims.data(), dims.size(),
                     static_cast<int32_t>(DT_FLOAT16));
  return GE_CUSTOM_OP_SUCCESS;
}

struct ViewBuilder {
  std::vector<GeCustomOpPort> inputs{{"x", 0}, {"bias", 1}};
  std::vector<GeCustomOpPort> outputs{{"y", 0}};
  std::vector<GeCustomOpProtoAttr> attrs;
  std::vector<int64_t> ints{1, 2};

  ViewBuilder() {
    GeCustomOpProtoAttr scale{};
    scale.name = "scale";
    scale.kind = 0;
    scale.default_value.has_value = 1;
    scale.default_value.int_value = 3;
    attrs.push_back(scale);
    GeCustomOpProtoAttr axes{};
    axes.name = "axes";
    axes.kind = 6;
    axes.default_value.has_value = 1;
    axes.default_value.ints = ints.data();
    axes.default_value.count = ints.size();
    attrs.push_back(axes);
    GeCustomOpProtoAttr mode{};
    mode.name = "mode";
    mode.kind = 3;
    mode.is_required = 1;
    attrs.push_back(mode);
  }

  GeCustomOpProtoView View(const char *op_type) const {
    GeCustomOpProtoView view{};
    view.descriptor_key = "plugin:scale:PyScale";
    view.op_type = op_type;
    view.inputs = inputs.data();
    view.input_count = inputs.size();
    view.outputs = outputs.data();
    view.output_count = outputs.size();
    view.attrs = attrs.data();
    view.attr_count = attrs.size();
    view.infer_meta = &ScaleInfer;
    return view;
  }
};

TEST(PythonPrototypeTest, MaterialisesPortsAttrsAndDefaults) {
  ViewBuilder builder;
  OpPrototype prototype;
  std::string error;
  ASSERT_TRUE(MaterialisePrototype(builder.View("PyScale"), prototype, error)) << error;
  EXPECT_EQ(prototype.type, "PyScale");
  ASSERT_EQ(prototype.inputs.size(), 2U);
  EXPECT_EQ(prototype.inputs[1].kind, IrInputType::kOptional);
  ASSERT_EQ(prototype.attrs.size(), 3U);
  EXPECT_EQ(prototype.attrs[0].type, AttrValueType::kInt);
  ASSERT_NE(prototype.attrs[0].default_value.Get<int64_t>(), nullptr);
  EXPECT_EQ(*prototype.attrs[0].default_value.Get<int64_t>(), 3);
  ASSERT_NE(prototype.attrs[1].default_value.Get<std::vector<int64_t>>(), nullptr);
  EXPECT_EQ(*prototype.attrs[1].default_value.Get<std::vector<int64_t>>(),
            (std::vector<int64_t>{1, 2}));
  EXPECT_TRUE(prototype.attrs[2].required);
  EXPECT_TRUE(prototype.attrs[2].default_value.IsEmpty());
  EXPECT_TRUE(static_cast<bool>(prototype.infer_shape));
}

TEST(PythonPrototypeTest, RejectsDuplicateNamesAndBadKinds) {
  ViewBuilder builder;
  builder.inputs.push_back({"x", 0});
  OpPrototype prototype;
  std::string error;
  EXPECT_FALSE(MaterialisePrototype(builder.View("PyScale"), prototype, error));
  EXPECT_NE(error.find("input name 'x' is duplicated"), std::string::npos) << error;
  ViewBuilder bad_kind;
  bad_kind.outputs[0].kind = 2;
  EXPECT_FALSE(MaterialisePrototype(bad_kind.View("PyScale"), prototype, error));
  EXPECT_NE(error.find("output 'y' has an invalid kind 2"), std::string::npos) << error;
}

TEST(PythonPrototypeTest, RejectsDefaultsTheCatalogCannotHold) {
  GeCustomOpProtoAttr big{};
  big.name = "value";
  big.kind = 1;
  big.default_value.has_value = 1;
  big.default_value.float_value = 1e300;
  OpAttrDef def;
  std::string error;
  EXPECT_FALSE(ToAttrDef(big, def, error));
  EXPECT_NE(error.find("out of float32 range"), std::string::npos) << error;
  big.default_value.float_value = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(ToAttrDef(big, def, error)) << error;
  EXPECT_TRUE(std::isinf(*def.default_value.Get<float>()));

  GeCustomOpProtoAttr dtype{};
  dtype.name = "dtype";
  dtype.kind = 4;
  dtype.default_value.has_value = 1;
  dtype.default_value.int_value = static_cast<int64_t>(DT_MAX);
  EXPECT_FALSE(ToAttrDef(dtype, def, error));
  EXPECT_NE(error.find("not a valid DataType"), std::string::npos) << error;

  GeCustomOpProtoAttr required{};
  required.name = "r";
  required.kind = 0;
  required.is_required = 1;
  required.default_value.has_value = 1;
  EXPECT_FALSE(ToAttrDef(required, def, error));
  EXPECT_NE(error.find("is required but has a default"), std::string::npos) << error;
}

TEST(PythonPrototypeTest, IrViewFollowsTheCatalogPrototype) {
  ViewBuilder builder;
  OpPrototype prototype;
  std::string error;
  ASSERT_TRUE(MaterialisePrototype(builder.View("PyScale"), prototype, error)) << error;
  const auto storage = IrViewStorage::FromPrototype(prototype);
  ASSERT_NE(storage, nullptr);
  const GeCustomOpIrView &view = storage->View();
  EXPECT_STREQ(view.op_type, "PyScale");
  ASSERT_EQ(view.attr_count, 3U);
  EXPECT_STREQ(view.attrs[1].name, "axes");
  EXPECT_EQ(view.attrs[1].kind, 6);
  EXPECT_EQ(view.inputs[1].kind, 1);
  prototype.attrs.push_back({"odd", AttrValueType::kNamedAttrs, false, GeAttrValue()});
  EXPECT_EQ(IrViewStorage::FromPrototype(prototype), nullptr);
}

OpDesc ScaleNode(const std::string &type, const OpPrototype &prototype) {
  OpDesc desc("scale_node", type);
  for (const OpInputDef &input : prototype.inputs) {
    desc.AppendIrInput(input.name, input.kind);
  }
  for (const OpOutputDef &output : prototype.outputs) {
    desc.AppendIrOutput(output.name, output.kind);
  }
  desc.AddInputDesc("x", GeTensorDesc(GeShape({2, 5}), FORMAT_ND, DT_FLOAT));
  desc.AddInputDesc("bias", GeTensorDesc(GeShape({5}), FORMAT_ND, DT_FLOAT));
  desc.AddOutputDesc("y", GeTensorDesc());
  desc.SetAttr("mode", std::string("fast"));
  return desc;
}

TEST(PythonPrototypeTest, InferenceRunsTheCallbackWithInputsAndDefaults) {
  ViewBuilder builder;
  OpPrototype prototype;
  std::string error;
  ASSERT_TRUE(MaterialisePrototype(builder.View("PyScale"), prototype, error)) << error;
  OpDesc desc = ScaleNode("PyScale", prototype);
  InferShapeContext context(&desc, {true, false}, {});
  ASSERT_EQ(prototype.infer_shape(context), SUCCESS) << GetLastError();
  const GeTensorDesc *output = desc.GetOutputDesc(0);
  EXPECT_EQ(output->GetShape(), GeShape({2, 15}));
  EXPECT_EQ(output->GetDataType(), DT_FLOAT16);
}

TEST(PythonPrototypeTest, InferenceFailuresNameNodeOpTypeAndCause) {
  ViewBuilder builder;
  OpPrototype prototype;
  std::string error;
  ASSERT_TRUE(MaterialisePrototype(builder.View("Raises"), prototype, error)) << error;
  OpDesc desc = ScaleNode("Raises", prototype);
  InferShapeContext context(&desc, {}, {});
  ASSERT_NE(prototype.infer_shape(context), SUCCESS);
  error = GetLastError();
  EXPECT_NE(error.find("node 'scale_node' (Raises)"), std::string::npos) << error;
  EXPECT_NE(error.find("ValueError: infer_meta says no"), std::string::npos) << error;

  OpDesc unset("scale_node", "PyScale");
  InferShapeContext no_mode(&unset, {}, {});
  ASSERT_NE(prototype.infer_shape(no_mode), SUCCESS);
  EXPECT_NE(GetLastError().find("required attr 'mode' is not set"), std::string::npos)
      << GetLastError();
}

}  // namespace
}  // namespace python_custom_op
}  // namespace ge
