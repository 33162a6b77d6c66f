// Executor tests on small graphs built with the IR and the op catalog's CreateOpDesc: outputs,
// the memory plan (intermediates released after their last consumer), input validation and the
// missing-kernel report.
#include "runtime/executor.h"

#include <gtest/gtest.h>

#include "ops/op_catalog.h"
#include "runtime/runtime_test_utils.h"

namespace ge {
namespace runtime {
namespace {

using test::F32;
using test::Values;

/// Builds graphs node by node from catalog prototypes.
class GraphBuilder {
 public:
  GraphBuilder() : graph_(std::make_shared<ComputeGraph>("g")) {}

  Node *Op(const std::string &name, const std::string &type,
           const std::vector<std::pair<Node *, int32_t>> &inputs,
           const std::map<std::string, int64_t> &dynamic_inputs = {},
           const std::map<std::string, int64_t> &dynamic_outputs = {}) {
    OpDesc desc;
    EXPECT_EQ(CreateOpDesc(name, type, dynamic_inputs, dynamic_outputs, &desc), SUCCESS)
        << GetLastError();
    Node *node = graph_->AddNode(std::move(desc));
    EXPECT_NE(node, nullptr);
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (inputs[i].first == nullptr) continue;
      EXPECT_EQ(
          graph_->AddDataEdge(inputs[i].first, inputs[i].second, node, static_cast<int32_t>(i)),
          SUCCESS)
          << GetLastError();
    }
    return node;
  }

  Node *Data(const std::string &name, int64_t index, std::vector<int64_t> dims,
             DataType dtype = DT_FLOAT) {
    Node *node = Op(name, "Data", {});
    node->MutableOpDesc().SetAttr("index", index);
    node->MutableOpDesc().MutableOutputDesc(0)->SetShape(GeShape(dims));
    node->MutableOpDesc().MutableOutputDesc(0)->SetDataType(dtype);
    EXPECT_EQ(graph_->AddInputNode(node), SUCCESS);
    return node;
  }

  Node *Const(const std::string &name, const GeTensor &value) {
    Node *node = Op(name, "Const", {});
    node->MutableOpDesc().SetAttr("value", value);
    return node;
  }

  Node *Output(const std::vector<std::pair<Node *, int32_t>> &inputs) {
    return Op("Node_Output", "NetOutput", inputs, {{"x", static_cast<int64_t>(inputs.size())}});
  }

  ComputeGraph &graph() { return *graph_; }

 private:
  ComputeGraphPtr graph_;
};

std::unique_ptr<Executor> Build(ComputeGraph &graph) {
  std::unique_ptr<Executor> executor;
  EXPECT_EQ(Executor::Create(graph, &executor), SUCCESS) << GetLastError();
  if (executor != nullptr) {
    EXPECT_EQ(executor->CheckKernels(), SUCCESS) << GetLastError();
  }
  return executor;
}

TEST(Executor, RunsSmallGraphWithConstAndTwoInputs) {
  GraphBuilder b;
  Node *x = b.Data("x", 0, {2, -1});
  Node *y = b.Data("y", 1, {2, -1});
  Node *w = b.Const("w", F32({1}, {10}));
  Node *relu = b.Op("relu", "Relu", {{x, 0}});
  Node *add = b.Op("add", "Add", {{relu, 0}, {w, 0}});
  Node *mul = b.Op("mul", "Mul", {{add, 0}, {y, 0}});
  b.Output({{mul, 0}, {relu, 0}});
  auto executor = Build(b.graph());
  ASSERT_NE(executor, nullptr);
  ASSERT_EQ(executor->GetInputDescs().size(), 2u);
  std::vector<GeTensor> outputs;
  ASSERT_EQ(executor->Run({F32({2, 2}, {-1, 2, -3, 4}), F32({2, 2}, {1, 2, 3, 4})}, &outputs),
            SUCCESS)
      << GetLastError();
  ASSERT_EQ(outputs.size(), 2u);
  EXPECT_EQ(Values<float>(outputs[0]), (std::vector<float>{10, 24, 30, 56}));
  EXPECT_EQ(Values<float>(outputs[1]), (std::vector<float>{0, 2, 0, 4}));
  // Runs are repeatable with other shapes matching the -1 dim.
  ASSERT_EQ(executor->Run({F32({2, 1}, {1, 1}), F32({2, 1}, {2, 3})}, &outputs), SUCCESS)
      << GetLastError();
  EXPECT_EQ(Values<float>(outputs[0]), (std::vector<float>{22, 33}));
}

TEST(Executor, ReleasesIntermediatesAfterTheirLastConsumer) {
  GraphBuilder b;
  Node *prev = b.Data("x", 0, {4});
  for (int i = 0; i < 8; ++i) {
    prev = b.Op("neg" + std::to_string(i), "Neg", {{prev, 0}});
  }
  b.Output({{prev, 0}});
  auto executor = Build(b.graph());
  ASSERT_NE(executor, nullptr);
  std::vector<GeTensor> outputs;
  ASSERT_EQ(executor->Run({F32({4}, {1, 2, 3, 4})}, &outputs), SUCCESS) << GetLastError();
  EXPECT_EQ(Values<float>(outputs[0]), (std::vector<float>{1, 2, 3, 4}));
  const RunStats &stats = executor->GetLastRunStats();
  EXPECT_EQ(stats.steps, 10u);
  // A chain never holds more than the value being read and the one being written.
  EXPECT_EQ(stats.peak_live_buffers, 2u);
  EXPECT_EQ(stats.peak_live_bytes, 2 * 4 * static_cast<int64_t>(sizeof(float)));
  EXPECT_EQ(stats.live_after_run, 0u);
}

TEST(Executor, KeepsAValueUntilItsLastConsumerInADiamond) {
  GraphBuilder b;
  Node *x = b.Data("x", 0, {2});
  Node *a = b.Op("a", "Abs", {{x, 0}});
  Node *n1 = b.Op("n1", "Neg", {{a, 0}});
  Node *n2 = b.Op("n2", "Neg", {{n1, 0}});
  Node *n3 = b.Op("n3", "Neg", {{n2, 0}});
  Node *sum = b.Op("sum", "Add", {{a, 0}, {n3, 0}});  // `a` must survive three steps
  Node *unused = b.Op("unused", "Neg", {{sum, 0}});   // consumed by nobody: freed at once
  (void)unused;
  b.Output({{sum, 0}});
  auto executor = Build(b.graph());
  ASSERT_NE(executor, nullptr);
  std::vector<GeTensor> outputs;
  ASSERT_EQ(executor->Run({F32({2}, {-1, 2})}, &outputs), SUCCESS) << GetLastError();
  EXPECT_EQ(Values<float>(outputs[0]), (std::vector<float>{0, 0}));
  EXPECT_EQ(executor->GetLastRunStats().peak_live_buffers, 3u);
  EXPECT_EQ(executor->GetLastRunStats().live_after_run, 0u);
}

TEST(Executor, ValidatesInputCountDtypeAndShape) {
  GraphBuilder b;
  Node *x = b.Data("x", 0, {2, -1});
  b.Output({{b.Op("r", "Relu", {{x, 0}}), 0}});
  auto executor = Build(b.graph());
  ASSERT_NE(executor, nullptr);
  std::vector<GeTensor> outputs;
  EXPECT_NE(executor->Run({}, &outputs), SUCCESS);
  EXPECT_EQ(GetLastError(), "the model takes 1 inputs, got 0");
  EXPECT_NE(executor->Run({test::I32({2, 1}, {1, 2})}, &outputs), SUCCESS);
  EXPECT_EQ(GetLastError(),
            "input 0 (Data node 'x'): dtype DT_INT32 does not match the model's DT_FLOAT");
  EXPECT_NE(executor->Run({F32({3, 1}, {1, 2, 3})}, &outputs), SUCCESS);
  EXPECT_EQ(GetLastError(),
            "input 0 (Data node 'x'): shape [3, 1] does not match the model's [2, -1]");
  GeTensor short_data(GeTensorDesc(GeShape({2, 2}), FORMAT_ND, DT_FLOAT), std::vector<uint8_t>(4));
  EXPECT_NE(executor->Run({short_data}, &outputs), SUCCESS);
  EXPECT_EQ(GetLastError(),
            "input 0 (Data node 'x'): shape [2, 2] DT_FLOAT needs 16 bytes, but the tensor "
            "holds 4");
}

TEST(Executor, CheckKernelsListsEveryNodeWithoutKernel) {
  GraphBuilder b;
  Node *x = b.Data("x", 0, {2});
  OpDesc odd("mystery", "NoSuchOp");
  odd.AddInputDesc("x", GeTensorDesc());
  odd.AddOutputDesc("y", GeTensorDesc());
  Node *m = b.graph().AddNode(odd);
  ASSERT_EQ(b.graph().AddDataEdge(x, 0, m, 0), SUCCESS);
  OpDesc odd2("other", "AlsoMissing");
  odd2.AddInputDesc("x", GeTensorDesc());
  odd2.AddOutputDesc("y", GeTensorDesc());
  Node *m2 = b.graph().AddNode(odd2);
  ASSERT_EQ(b.graph().AddDataEdge(m, 0, m2, 0), SUCCESS);
  b.Output({{m2, 0}});
  std::unique_ptr<Executor> executor;
  ASSERT_EQ(Executor::Create(b.graph(), &executor), SUCCESS) << GetLastError();
  EXPECT_NE(executor->CheckKernels(), SUCCESS);
  EXPECT_EQ(GetLastError(),
            "the host runtime has no kernel for 2 nodes: 'mystery' (NoSuchOp), 'other' "
            "(AlsoMissing)");
}

TEST(Executor, KernelErrorsNameTheNode) {
  GraphBuilder b;
  Node *x = b.Data("x", 0, {2});
  Node *y = b.Data("y", 1, {3});
  b.Output({{b.Op("bad_add", "Add", {{x, 0}, {y, 0}}), 0}});
  auto executor = Build(b.graph());
  ASSERT_NE(executor, nullptr);
  std::vector<GeTensor> outputs;
  EXPECT_NE(executor->Run({F32({2}, {1, 2}), F32({3}, {1, 2, 3})}, &outputs), SUCCESS);
  EXPECT_EQ(GetLastError(), "node 'bad_add' (Add): shapes [2] and [3] are not broadcastable");
}

TEST(Executor, RejectsDuplicateDataIndex) {
  GraphBuilder b;
  Node *x = b.Data("x", 0, {2});
  Node *y = b.Data("y", 0, {2});
  b.Output({{b.Op("add", "Add", {{x, 0}, {y, 0}}), 0}});
  std::unique_ptr<Executor> executor;
  EXPECT_NE(Executor::Create(b.graph(), &executor), SUCCESS);
  EXPECT_NE(GetLastError().find("share input index 0"), std::string::npos) << GetLastError();
}

TEST(Executor, HalfInputsRunThroughFloatAndComeBackAsHalf) {
  GraphBuilder b;
  Node *x = b.Data("x", 0, {2}, DT_FLOAT16);
  b.Output({{b.Op("sig", "Sigmoid", {{x, 0}}), 0}});
  auto executor = Build(b.graph());
  ASSERT_NE(executor, nullptr);
  const std::vector<uint16_t> bits = {FloatToHalf(0.0f), FloatToHalf(2.0f)};
  GeTensor in(GeTensorDesc(GeShape({2}), FORMAT_ND, DT_FLOAT16), bits.data(), 4);
  std::vector<GeTensor> outputs;
  ASSERT_EQ(executor->Run({in}, &outputs), SUCCESS) << GetLastError();
  EXPECT_EQ(DtypeOf(outputs[0]), DT_FLOAT16);
  const auto y = Values<uint16_t>(outputs[0]);
  EXPECT_EQ(HalfToFloat(y[0]), 0.5f);
  EXPECT_NEAR(HalfToFloat(y[1]), 0.880797, 1e-3);
}

TEST(Executor, ExecutorIsIndependentOfLaterGraphEdits) {
  GraphBuilder b;
  Node *x = b.Data("x", 0, {1});
  Node *neg = b.Op("neg", "Neg", {{x, 0}});
  b.Output({{neg, 0}});
  auto executor = Build(b.graph());
  ASSERT_NE(executor, nullptr);
  ASSERT_EQ(b.graph().RemoveNode(neg), SUCCESS);
  std::vector<GeTensor> outputs;
  ASSERT_EQ(executor->Run({F32({1}, {3})}, &outputs), SUCCESS) << GetLastError();
  EXPECT_EQ(Values<float>(outputs[0]), (std::vector<float>{-3}));
}

}  // namespace
}  // namespace runtime
}  // namespace ge
