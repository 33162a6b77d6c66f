// The sample C++ plugin MatMul+Add -> GEMM (tests/cpp/plugins/matmul_add_to_gemm_pass.cc) in a
// real compile: GEMM is 2-D only, so the plugin fuses 2-D products whose bias broadcasts to
// [M, N] and leaves batched products and output-growing biases alone.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "common/error.h"
#include "pipeline/compile_graph.h"
#include "pipeline/pipeline_test_graphs.h"

namespace ge {
namespace {

using namespace pipeline_test;  // NOLINT: test helpers

/// Types after compiling Data(x_dims) @ w[3, 5] + bias(bias_dims) with the sample plugins.
std::vector<std::string> CompileMatMulAdd(std::vector<int64_t> x_dims,
                                          std::vector<int64_t> bias_dims) {
  setenv("ASCEND_OPP_PATH", GE_TEST_OPP_DIR, 1);
  unsetenv("ASCEND_GE_PY_PASS_PATH");
  unsetenv("DUMP_GE_GRAPH");
  Builder b;
  Node *x = b.Data("x", x_dims);
  Node *w = b.Const("w", F32({3, 5}, Random(15, 1)));
  int64_t bias_count = 1;
  for (int64_t dim : bias_dims) bias_count *= dim;
  Node *bias = b.Const("bias", F32(bias_dims, Random(static_cast<size_t>(bias_count), 2)));
  Node *mm = b.Op("mm", "BatchMatMulV2", {{x, 0}, {w, 0}});
  b.Output({{b.Op("add", "Add", {{mm, 0}, {bias, 0}}), 0}});
  CompileResult result;
  EXPECT_EQ(CompileGraph(b.Get(), WithoutTestFailures({}), &result), SUCCESS) << GetLastError();
  return Types(*b.Get());
}

const std::vector<std::string> kFused{"Data", "GEMM", "NetOutput"};
const std::vector<std::string> kKept{"Add", "BatchMatMulV2", "Data", "NetOutput"};

TEST(SampleGemmPlugin, FusesTwoDimensionalProductsWithBroadcastableBias) {
  EXPECT_EQ(CompileMatMulAdd({4, 3}, {5}), kFused);
  EXPECT_EQ(CompileMatMulAdd({4, 3}, {1, 5}), kFused);
  EXPECT_EQ(CompileMatMulAdd({4, 3}, {4, 5}), kFused);
}

TEST(SampleGemmPlugin, LeavesBatchedProductsAndGrowingBiasesAlone) {
  EXPECT_EQ(CompileMatMulAdd({2, 4, 3}, {5}), kKept);     // 3-D x: a batched product
  EXPECT_EQ(CompileMatMulAdd({4, 3}, {2, 4, 5}), kKept);  // the Add would make it [2, 4, 5]
  EXPECT_EQ(CompileMatMulAdd({4, 3}, {4, 1, 1}), kKept);  // [4, 4, 5]
}

}  // namespace
}  // namespace ge
