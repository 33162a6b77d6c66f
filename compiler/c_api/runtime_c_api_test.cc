// Tests of the host-runtime C API: create/run/free round trip, NULL safety and error reporting.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "c_api/c_api_test_graphs.h"
#include "common/error.h"
#include "ge/c_api/runtime.h"
#include "graph/compute_graph.h"

namespace {

/// x (Data, float [2]) -> Neg -> NetOutput; `op_type` replaces Neg to test missing kernels.
std::shared_ptr<ge::ComputeGraph> NegGraph(const std::string &op_type = "Neg") {
  return ge::test::UnaryFloatGraph("neg_graph", "neg", op_type);
}

using ge::test::FloatTensor;

TEST(RuntimeCApi, CreateRunAndFreeRoundTrip) {
  GeGraphHandle graph{NegGraph()};
  void *executor = GeRuntime_CreateExecutor(&graph);
  ASSERT_NE(executor, nullptr) << ge::GetLastError();
  EXPECT_EQ(GeRuntime_GetInputCount(executor), 1u);
  EXPECT_EQ(GeRuntime_GetOutputCount(executor), 1u);
  GeTensorHandle *input = FloatTensor({2}, {1.5f, -2.0f});
  GeTensorHandle **outputs = nullptr;
  size_t n_out = 0;
  ASSERT_EQ(GeRuntime_Run(executor, &input, 1, &outputs, &n_out), ge::SUCCESS)
      << ge::GetLastError();
  ASSERT_EQ(n_out, 1u);
  float values[2];
  ASSERT_EQ(outputs[0]->tensor.GetSize(), sizeof(values));
  std::memcpy(values, outputs[0]->tensor.GetData(), sizeof(values));
  EXPECT_EQ(values[0], -1.5f);
  EXPECT_EQ(values[1], 2.0f);
  GeRuntime_FreeOutputs(outputs, n_out);
  delete input;
  GeRuntime_DestroyExecutor(executor);
}

TEST(RuntimeCApi, CreateFailsNamingNodeWithoutKernel) {
  GeGraphHandle graph{NegGraph("NotAKernel")};
  EXPECT_EQ(GeRuntime_CreateExecutor(&graph), nullptr);
  EXPECT_EQ(ge::GetLastError(), "the host runtime has no kernel for 1 node: 'neg' (NotAKernel)");
}

TEST(RuntimeCApi, RunReportsInputErrorsAndLeavesOutputsEmpty) {
  GeGraphHandle graph{NegGraph()};
  void *executor = GeRuntime_CreateExecutor(&graph);
  ASSERT_NE(executor, nullptr);
  GeTensorHandle *wrong = FloatTensor({3}, {1, 2, 3});
  GeTensorHandle **outputs = reinterpret_cast<GeTensorHandle **>(0x1);
  size_t n_out = 7;
  EXPECT_NE(GeRuntime_Run(executor, &wrong, 1, &outputs, &n_out), ge::SUCCESS);
  EXPECT_EQ(outputs, nullptr);
  EXPECT_EQ(n_out, 0u);
  EXPECT_EQ(ge::GetLastError(),
            "input 0 (Data node 'x'): shape [3] does not match the model's [2]");
  GeTensorHandle *null_input = nullptr;
  EXPECT_NE(GeRuntime_Run(executor, &null_input, 1, &outputs, &n_out), ge::SUCCESS);
  EXPECT_EQ(ge::GetLastError(), "GeRuntime_Run: input 0 is NULL");
  delete wrong;
  GeRuntime_DestroyExecutor(executor);
}

TEST(RuntimeCApi, EveryEntryPointAcceptsNull) {
  EXPECT_EQ(GeRuntime_CreateExecutor(nullptr), nullptr);
  EXPECT_EQ(ge::GetLastError(), "graph handle is null");
  GeTensorHandle **outputs = nullptr;
  size_t n_out = 0;
  EXPECT_NE(GeRuntime_Run(nullptr, nullptr, 0, &outputs, &n_out), ge::SUCCESS);
  EXPECT_EQ(ge::GetLastError(), "GeRuntime_Run: executor is NULL");
  EXPECT_NE(GeRuntime_Run(nullptr, nullptr, 0, nullptr, nullptr), ge::SUCCESS);
  EXPECT_EQ(GeRuntime_GetInputCount(nullptr), 0u);
  EXPECT_EQ(GeRuntime_GetOutputCount(nullptr), 0u);
  GeRuntime_DestroyExecutor(nullptr);
  GeRuntime_FreeOutputs(nullptr, 3);
  GeRuntime_FreeTensorArray(nullptr);
}

}  // namespace
