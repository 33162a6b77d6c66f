// ONNX import of conv/pool auto_pad (explicit pads), Shape start/end (opset 15) and Pad with an
// axes input (opset 18), on small models written with onnx.helper at test time.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "common/error.h"
#include "ops/graph_shape_inference.h"
#include "parser/onnx_auto_pad.h"
#include "parser/onnx_importer.h"
#include "runtime/executor.h"

namespace ge {
namespace {

// Writes every model the tests below import into argv[1].
constexpr const char *kModelScript = R"PY(
import sys
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]

def save(name, nodes, inputs, outputs, inits=(), opset=13):
    graph = helper.make_graph(nodes, name, inputs, outputs, list(inits))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, f"{out}/{name}.onnx")

def vi(name, shape, dtype=TensorProto.FLOAT):
    return helper.make_tensor_value_info(name, dtype, shape)

w = numpy_helper.from_array(np.ones((1, 1, 3, 3), np.float32), "w")
for mode in ("SAME_UPPER", "SAME_LOWER", "VALID"):
    save(f"conv_{mode.lower()}",
         [helper.make_node("Relu", ["x"], ["r"], name="relu"),
          helper.make_node("Conv", ["r", "w"], ["y"], name="conv", auto_pad=mode, strides=[2, 2])],
         [vi("x", [1, 1, 6, 6])], [vi("y", [1, 1, "h", "w"])], [w])
save("conv_same_dynamic",
     [helper.make_node("Conv", ["x", "w"], ["y"], name="conv", auto_pad="SAME_UPPER",
                       strides=[2, 2])],
     [vi("x", [1, 1, "H", 6])], [vi("y", [1, 1, "h", 3])], [w])
save("conv_same_stride1_dynamic",
     [helper.make_node("Conv", ["x", "w"], ["y"], name="conv", auto_pad="SAME_LOWER",
                       dilations=[2, 1])],
     [vi("x", [1, 1, "H", 6])], [vi("y", [1, 1, "H", 6])], [w])
save("pool_valid_ceil",
     [helper.make_node("MaxPool", ["x"], ["y"], name="pool", kernel_shape=[3, 3], strides=[2, 2],
                       auto_pad="VALID", ceil_mode=1)],
     [vi("x", [1, 1, 6, 6])], [vi("y", [1, 1, 2, 2])])
save("pool_same_lower",
     [helper.make_node("AveragePool", ["x"], ["y"], name="pool", kernel_shape=[2, 2],
                       strides=[2, 2], auto_pad="SAME_LOWER")],
     [vi("x", [1, 1, 5, 5])], [vi("y", [1, 1, 3, 3])])
save("shape_slice",
     [helper.make_node("Shape", ["x"], ["s"], name="shape", start=1, end=-1)],
     [vi("x", [2, 3, 4, 5])], [vi("s", [2], TensorProto.INT64)], opset=15)
save("shape_start_only",
     [helper.make_node("Shape", ["x"], ["s"], name="shape", start=-2)],
     [vi("x", [2, 3, 4, 5])], [vi("s", [2], TensorProto.INT64)], opset=15)
pads = numpy_helper.from_array(np.array([1, 2], np.int64), "pads")
axes = numpy_helper.from_array(np.array([-1], np.int64), "axes")
save("pad_axes",
     [helper.make_node("Relu", ["x"], ["r"], name="relu"),
      helper.make_node("Pad", ["r", "pads", "", "axes"], ["y"], name="pad")],
     [vi("x", [2, 3])], [vi("y", [2, 6])], [pads, axes], opset=18)
save("pad_runtime_axes",
     [helper.make_node("Pad", ["x", "pads", "", "axes"], ["y"], name="pad")],
     [vi("x", [2, 3]), vi("axes", [1], TensorProto.INT64)], [vi("y", [2, 6])], [pads], opset=18)
bad_axes = numpy_helper.from_array(np.array([2], np.int64), "axes")
save("pad_bad_axes",
     [helper.make_node("Pad", ["x", "pads", "", "axes"], ["y"], name="pad")],
     [vi("x", [2, 3])], [vi("y", [2, 6])], [pads, bad_axes], opset=18)
)PY";

class OnnxPaddingImportTest : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new std::string("/tmp/ge_front_padding_test_" + std::to_string(getpid()));
    const std::string script = *dir_ + "_models.py";
    std::ofstream(script) << kModelScript;
    const std::string command =
        "mkdir -p " + *dir_ + " && python3 " + script + " " + *dir_ + " > /dev/null";
    generated_ = std::system(command.c_str()) == 0;
    std::remove(script.c_str());
  }
  static void TearDownTestSuite() {
    const int removed = std::system(("rm -rf " + *dir_).c_str());
    (void)removed;
    delete dir_;
  }
  void SetUp() override {
    ASSERT_TRUE(generated_) << "writing the test models failed (needs python3 with onnx)";
  }

  /// Imports `<name>.onnx` and infers its shapes.
  static ComputeGraphPtr ImportAndInfer(const std::string &name) {
    ComputeGraphPtr graph;
    EXPECT_EQ(ImportOnnxFile(*dir_ + "/" + name + ".onnx", {}, &graph), SUCCESS) << GetLastError();
    if (graph != nullptr) {
      EXPECT_EQ(InferGraphShape(*graph, {}), SUCCESS) << GetLastError();
    }
    return graph;
  }

  static std::string ImportError(const std::string &name) {
    ComputeGraphPtr graph;
    EXPECT_NE(ImportOnnxFile(*dir_ + "/" + name + ".onnx", {}, &graph), SUCCESS);
    return GetLastError();
  }

  static std::string *dir_;
  static bool generated_;
};

std::string *OnnxPaddingImportTest::dir_ = nullptr;
bool OnnxPaddingImportTest::generated_ = false;

std::vector<int64_t> Ints(const Node *node, const std::string &name) {
  const auto *value = node->GetOpDesc().GetAttrAs<std::vector<int64_t>>(name);
  EXPECT_NE(value, nullptr) << node->GetName() << " lacks " << name;
  return value == nullptr ? std::vector<int64_t>() : *value;
}

std::vector<int64_t> OutDims(const Node *node) {
  return node->GetOpDesc().GetOutputDesc(0)->GetShape().GetDims();
}

TEST(OnnxAutoPad, SamePadsPutTheOddCellAtTheEndForUpper) {
  int64_t begin = 0;
  int64_t end = 0;
  SamePads(true, 6, 3, 2, 1, &begin, &end);  // out 3: total (3-1)*2 + 3 - 6 = 1
  EXPECT_EQ(begin, 0);
  EXPECT_EQ(end, 1);
  SamePads(false, 6, 3, 2, 1, &begin, &end);
  EXPECT_EQ(begin, 1);
  EXPECT_EQ(end, 0);
  SamePads(true, 4, 1, 2, 1, &begin, &end);  // the stride covers more than the kernel
  EXPECT_EQ(begin + end, 0);
  SamePads(true, 7, 3, 1, 2, &begin, &end);  // dilated: effective kernel 5
  EXPECT_EQ(begin, 2);
  EXPECT_EQ(end, 2);
}

TEST_F(OnnxPaddingImportTest, ConvAutoPadBecomesExplicitPads) {
  struct Case {
    const char *model;
    std::vector<int64_t> pads;  // Ascend order [top, bottom, left, right]
    std::vector<int64_t> out;
  };
  const Case cases[] = {{"conv_same_upper", {0, 1, 0, 1}, {1, 1, 3, 3}},
                        {"conv_same_lower", {1, 0, 1, 0}, {1, 1, 3, 3}},
                        {"conv_valid", {0, 0, 0, 0}, {1, 1, 2, 2}}};
  for (const Case &c : cases) {
    ComputeGraphPtr graph = ImportAndInfer(c.model);
    ASSERT_NE(graph, nullptr) << c.model;
    Node *conv = graph->FindNode("conv");
    ASSERT_NE(conv, nullptr);
    EXPECT_EQ(Ints(conv, "pads"), c.pads) << c.model;
    EXPECT_EQ(conv->GetOpDesc().GetAttr("auto_pad"), nullptr) << c.model;
    EXPECT_EQ(OutDims(conv), c.out) << c.model;
  }
}

/// Runs `input` (NCHW float, shape `dims`) through an imported single-input model on the host
/// runtime and returns the first output.
std::vector<float> RunModel(const ComputeGraph &graph, const std::vector<int64_t> &dims,
                            const std::vector<float> &input) {
  std::unique_ptr<runtime::Executor> executor;
  EXPECT_EQ(runtime::Executor::Create(graph, &executor), SUCCESS) << GetLastError();
  if (executor == nullptr) {
    return {};
  }
  std::vector<GeTensor> outputs;
  EXPECT_EQ(executor->Run({GeTensor(GeTensorDesc(GeShape(dims), FORMAT_NCHW, DT_FLOAT),
                                    input.data(), input.size() * sizeof(float))},
                          &outputs),
            SUCCESS)
      << GetLastError();
  if (outputs.size() != 1) {
    return {};
  }
  std::vector<float> values(outputs[0].GetSize() / sizeof(float));
  std::memcpy(values.data(), outputs[0].GetData(), outputs[0].GetSize());
  return values;
}

TEST_F(OnnxPaddingImportTest, ExplicitPadsGiveTheOnnxResults) {
  // Expected values are onnxruntime's. A 3x3 all-ones kernel with stride 2 sums the in-bounds
  // cells of each window: UPPER pads after the data, LOWER before it.
  const std::vector<float> ones(36, 1.0F);
  ComputeGraphPtr upper = ImportAndInfer("conv_same_upper");
  ASSERT_NE(upper, nullptr);
  EXPECT_EQ(RunModel(*upper, {1, 1, 6, 6}, ones), (std::vector<float>{9, 9, 6, 9, 9, 6, 6, 6, 4}));
  ComputeGraphPtr lower = ImportAndInfer("conv_same_lower");
  ASSERT_NE(lower, nullptr);
  EXPECT_EQ(RunModel(*lower, {1, 1, 6, 6}, ones), (std::vector<float>{4, 6, 6, 6, 9, 9, 6, 9, 9}));
  // AveragePool SAME_LOWER excludes the padding cell from the average (count_include_pad 0).
  std::vector<float> ramp(25);
  for (size_t i = 0; i < ramp.size(); ++i) {
    ramp[i] = static_cast<float>(i);
  }
  ComputeGraphPtr pool = ImportAndInfer("pool_same_lower");
  ASSERT_NE(pool, nullptr);
  EXPECT_EQ(RunModel(*pool, {1, 1, 5, 5}, ramp),
            (std::vector<float>{0, 1.5F, 3.5F, 7.5F, 9, 11, 17.5F, 19, 21}));
}

TEST_F(OnnxPaddingImportTest, StridedSameNeedsAStaticSpatialSize) {
  const std::string error = ImportError("conv_same_dynamic");
  EXPECT_NE(error.find("ONNX node 'conv' (op type 'Conv'"), std::string::npos) << error;
  EXPECT_NE(error.find("auto_pad 'SAME_UPPER' with strides other than 1 needs the spatial size"),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("--input_shape"), std::string::npos) << error;
}

TEST_F(OnnxPaddingImportTest, UnitStrideSameWorksOnDynamicInputs) {
  ComputeGraphPtr graph;
  ASSERT_EQ(ImportOnnxFile(*dir_ + "/conv_same_stride1_dynamic.onnx", {}, &graph), SUCCESS)
      << GetLastError();
  // Dilation 2 on H: effective kernel 5, total 4; dilation 1 on W: total 2.
  EXPECT_EQ(Ints(graph->FindNode("conv"), "pads"), (std::vector<int64_t>{2, 2, 1, 1}));
}

TEST_F(OnnxPaddingImportTest, PoolAutoPadBecomesExplicitPads) {
  ComputeGraphPtr valid = ImportAndInfer("pool_valid_ceil");
  ASSERT_NE(valid, nullptr);
  Node *pool = valid->FindNode("pool");
  EXPECT_EQ(Ints(pool, "pads"), (std::vector<int64_t>{0, 0, 0, 0}));
  EXPECT_EQ(*pool->GetOpDesc().GetAttrAs<std::string>("padding_mode"), "CALCULATED");
  EXPECT_FALSE(*pool->GetOpDesc().GetAttrAs<bool>("ceil_mode"));  // VALID ignores ceil_mode
  EXPECT_EQ(OutDims(pool), (std::vector<int64_t>{1, 1, 2, 2}));

  ComputeGraphPtr lower = ImportAndInfer("pool_same_lower");
  ASSERT_NE(lower, nullptr);
  pool = lower->FindNode("pool");
  // in 5, kernel 2, stride 2: out 3, total 1, before the data for SAME_LOWER.
  EXPECT_EQ(Ints(pool, "pads"), (std::vector<int64_t>{1, 0, 1, 0}));
  EXPECT_EQ(OutDims(pool), (std::vector<int64_t>{1, 1, 3, 3}));
}

TEST_F(OnnxPaddingImportTest, ShapeStartEndBecomesASliceOfTheShape) {
  ComputeGraphPtr graph = ImportAndInfer("shape_slice");
  ASSERT_NE(graph, nullptr);
  Node *shape = graph->FindNode("shape");
  ASSERT_NE(shape, nullptr);
  EXPECT_EQ(shape->GetType(), "Shape");
  const std::vector<Node *> users = shape->GetOutDataNodes();
  ASSERT_EQ(users.size(), 1U);
  EXPECT_EQ(users[0]->GetType(), "StridedSliceV2");
  EXPECT_EQ(OutDims(users[0]), (std::vector<int64_t>{2}));  // dims 1 and 2 of a rank-4 shape

  graph = ImportAndInfer("shape_start_only");
  ASSERT_NE(graph, nullptr);
  const std::vector<Node *> tail_users = graph->FindNode("shape")->GetOutDataNodes();
  ASSERT_EQ(tail_users.size(), 1U);
  EXPECT_EQ(OutDims(tail_users[0]), (std::vector<int64_t>{2}));  // the last two dims
}

TEST_F(OnnxPaddingImportTest, PadAxesExpandToEveryAxis) {
  ComputeGraphPtr graph = ImportAndInfer("pad_axes");
  ASSERT_NE(graph, nullptr);
  Node *pad = graph->FindNode("pad");
  ASSERT_NE(pad, nullptr);
  EXPECT_EQ(pad->GetType(), "PadV3");
  EXPECT_EQ(OutDims(pad), (std::vector<int64_t>{2, 6}));  // axis -1 padded by 1 + 2
  // pads and axes were read at import time: no Const nodes are left for them.
  for (Node *node : graph->GetDirectNodes()) {
    EXPECT_EQ(node->GetName().rfind("pads_Initializer", 0), std::string::npos);
    EXPECT_EQ(node->GetName().rfind("axes_Initializer", 0), std::string::npos);
  }
}

TEST_F(OnnxPaddingImportTest, PadAxesFedAtRunTimeArePlacedByAOneHotProduct) {
  ComputeGraphPtr graph = ImportAndInfer("pad_runtime_axes");
  ASSERT_NE(graph, nullptr);
  Node *placed = graph->FindNode("pad/PadsPlaced");
  ASSERT_NE(placed, nullptr);
  EXPECT_EQ(placed->GetType(), "BatchMatMulV2");
  // [2, k] pads by end times the [k, rank] one-hot axes: begins and ends over both axes.
  EXPECT_EQ(OutDims(placed), (std::vector<int64_t>{2, 2}));
  std::unique_ptr<runtime::Executor> executor;
  ASSERT_EQ(runtime::Executor::Create(*graph, &executor), SUCCESS) << GetLastError();
  const std::vector<float> x = {1, 2, 3, 4, 5, 6};
  for (const int64_t axis : {int64_t{-1}, int64_t{1}}) {
    std::vector<GeTensor> outputs;
    ASSERT_EQ(executor->Run(
                  {GeTensor(GeTensorDesc(GeShape({2, 3}), FORMAT_ND, DT_FLOAT), x.data(),
                            x.size() * sizeof(float)),
                   GeTensor(GeTensorDesc(GeShape({1}), FORMAT_ND, DT_INT64), &axis, sizeof(axis))},
                  &outputs),
              SUCCESS)
        << GetLastError();
    ASSERT_EQ(outputs.size(), 1U);
    ASSERT_EQ(outputs[0].GetTensorDesc().GetShape().GetDims(), (std::vector<int64_t>{2, 6}));
    std::vector<float> y(12);
    std::memcpy(y.data(), outputs[0].GetData(), sizeof(float) * y.size());
    EXPECT_EQ(y, (std::vector<float>{0, 1, 2, 3, 0, 0, 0, 4, 5, 6, 0, 0})) << "axis " << axis;
  }
}

TEST_F(OnnxPaddingImportTest, PadAxesOutOfRangeIsNamed) {
  const std::string error = ImportError("pad_bad_axes");
  EXPECT_NE(error.find("ONNX node 'pad' (op type 'Pad', domain 'ai.onnx', opset 18)"),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("'axes' value 2 is out of range for data of rank 2"), std::string::npos)
      << error;
}

}  // namespace
}  // namespace ge
