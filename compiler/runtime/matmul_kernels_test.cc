// Tests of the matmul family against a naive double-precision reference.
#include <gtest/gtest.h>

#include <random>

#include "runtime/gemm.h"
#include "runtime/runtime_test_utils.h"

namespace ge {
namespace runtime {
namespace {

using test::F32;
using test::Run1;
using test::Values;

std::vector<float> Random(size_t n, uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<float> v(n);
  for (auto &x : v) x = dist(gen);
  return v;
}

/// Reference C = op(A)·op(B) with A [m,k] (or [k,m] when ta), B [k,n] (or [n,k]).
std::vector<double> NaiveMatMul(const std::vector<float> &a, const std::vector<float> &b, int64_t m,
                                int64_t n, int64_t k, bool ta, bool tb) {
  std::vector<double> c(static_cast<size_t>(m * n), 0.0);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      for (int64_t p = 0; p < k; ++p) {
        const double av = ta ? a[p * m + i] : a[i * k + p];
        const double bv = tb ? b[j * k + p] : b[p * n + j];
        c[i * n + j] += av * bv;
      }
  return c;
}

TEST(Gemm, BlockedResultMatchesNaiveAcrossBlockBoundaries) {
  const int64_t m = 70, n = 530, k = 300;  // crosses the 64/256/512 block edges
  for (bool ta : {false, true}) {
    for (bool tb : {false, true}) {
      const auto a = Random(m * k, 1);
      const auto b = Random(k * n, 2);
      std::vector<float> c(m * n, 0.0f);
      Gemm<float>(ta, tb, m, n, k, a.data(), ta ? m : k, b.data(), tb ? k : n, c.data(), n, false);
      const auto ref = NaiveMatMul(a, b, m, n, k, ta, tb);
      for (size_t i = 0; i < c.size(); ++i) ASSERT_NEAR(c[i], ref[i], 1e-4) << i;
    }
  }
}

TEST(MatMulKernel, AppliesTransposeFlagsAndBias) {
  // x1^T with x1 = [[1,4],[2,5],[3,6]] ([3,2] -> op [2,3]); x2 [3,2]; bias [2].
  const GeTensor x1 = F32({3, 2}, {1, 4, 2, 5, 3, 6});
  const GeTensor x2 = F32({3, 2}, {1, 0, 0, 1, 1, 1});
  const GeTensor bias = F32({2}, {10, 20});
  auto run = test::RunKernel("MatMulV2", {&x1, &x2, &bias}, 1, {{"transpose_x1", true}});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{14, 25, 20, 31}));
  auto tb = Run1("MatMul", {F32({1, 2}, {1, 2}), F32({3, 2}, {1, 0, 0, 1, 1, 1})},
                 {{"transpose_x2", true}});
  EXPECT_EQ(Values<float>(tb.out()), (std::vector<float>{1, 2, 3}));
}

TEST(MatMulKernel, RejectsMismatchedInnerDims) {
  auto run =
      Run1("MatMulV2", {F32({2, 3}, std::vector<float>(6)), F32({2, 2}, std::vector<float>(4))});
  EXPECT_NE(run.status, SUCCESS);
  EXPECT_NE(run.error.find("inner dimensions differ"), std::string::npos) << run.error;
}

TEST(BatchMatMulV2Kernel, BroadcastsBatchDims) {
  // [2,2,3] · [1,3,2]: the weight batch of 1 broadcasts (fusion example 8).
  const auto a = Random(12, 3);
  const auto b = Random(6, 4);
  auto run = Run1("BatchMatMulV2", {F32({2, 2, 3}, a), F32({1, 3, 2}, b)});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{2, 2, 2}));
  const auto y = Values<float>(run.out());
  for (int batch = 0; batch < 2; ++batch) {
    std::vector<float> ab(a.begin() + batch * 6, a.begin() + batch * 6 + 6);
    const auto ref = NaiveMatMul(ab, b, 2, 2, 3, false, false);
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(y[batch * 4 + i], ref[i], 1e-6);
  }
}

TEST(BatchMatMulV2Kernel, AdjointFlagsTransposeLastTwoDims) {
  const auto a = Random(12, 5);  // [2,3,2] adj -> [2,2,3]
  const auto b = Random(12, 6);  // [2,2,3] adj -> [2,3,2]
  auto run = Run1("BatchMatMulV2", {F32({2, 3, 2}, a), F32({2, 2, 3}, b)},
                  {{"adj_x1", true}, {"adj_x2", true}});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(test::Dims(run.out()), (std::vector<int64_t>{2, 2, 2}));
  const auto y = Values<float>(run.out());
  for (int batch = 0; batch < 2; ++batch) {
    std::vector<float> ab(a.begin() + batch * 6, a.begin() + batch * 6 + 6);
    std::vector<float> bb(b.begin() + batch * 6, b.begin() + batch * 6 + 6);
    const auto ref = NaiveMatMul(ab, bb, 2, 2, 3, true, true);
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(y[batch * 4 + i], ref[i], 1e-6);
  }
}

TEST(BatchMatMulV2Kernel, RankOneOperandsFollowNumpy) {
  auto vm = Run1("BatchMatMulV2", {F32({2}, {1, 2}), F32({2, 3}, {1, 2, 3, 4, 5, 6})});
  ASSERT_EQ(vm.status, SUCCESS) << vm.error;
  EXPECT_EQ(test::Dims(vm.out()), (std::vector<int64_t>{3}));
  EXPECT_EQ(Values<float>(vm.out()), (std::vector<float>{9, 12, 15}));
  auto mv = Run1("BatchMatMulV2", {F32({2, 2}, {1, 2, 3, 4}), F32({2}, {1, 1})});
  EXPECT_EQ(test::Dims(mv.out()), (std::vector<int64_t>{2}));
  EXPECT_EQ(Values<float>(mv.out()), (std::vector<float>{3, 7}));
}

TEST(GemmKernel, ScalesByAlphaAndBetaInputs) {
  auto run = Run1("GEMM", {F32({1, 2}, {1, 2}), F32({2, 1}, {3, 4}), F32({1, 1}, {1}),
                           F32({1}, {2.0f}), F32({1}, {10.0f})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{32}));  // 2*11 + 10*1
}

TEST(BiasAddKernel, AddsAlongChannelOfDataFormat) {
  const GeTensor x = F32({1, 2, 1, 2}, {1, 1, 1, 1});
  auto nchw = Run1("BiasAdd", {x, F32({2}, {10, 20})}, {{"data_format", std::string("NCHW")}});
  EXPECT_EQ(Values<float>(nchw.out()), (std::vector<float>{11, 11, 21, 21}));
  auto nhwc = Run1("BiasAdd", {x, F32({2}, {10, 20})});
  EXPECT_EQ(Values<float>(nhwc.out()), (std::vector<float>{11, 21, 11, 21}));
}

TEST(MatMulKernel, IntegerMatMulIsExact) {
  auto run = Run1("MatMulV2", {test::I32({1, 2}, {100000, 3}), test::I32({2, 1}, {20000, 7})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(Values<int32_t>(run.out()), (std::vector<int32_t>{2000000021}));
}

TEST(EinsumKernel, ContractsReadsDiagonalsAndBroadcastsEllipsis) {
  // ij,jk->ik is a matmul.
  auto mm = Run1("Einsum", {F32({2, 2}, {1, 2, 3, 4}), F32({2, 2}, {5, 6, 7, 8})},
                 {{"equation", std::string("ij,jk->ik")}, {"N", int64_t{2}}});
  ASSERT_EQ(mm.status, SUCCESS) << mm.error;
  EXPECT_EQ(Values<float>(mm.out()), (std::vector<float>{19, 22, 43, 50}));
  // ...ii->...i: the diagonal of each matrix of the batch.
  auto diag = Run1("Einsum", {F32({2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8})},
                   {{"equation", std::string("...ii->...i")}, {"N", int64_t{1}}});
  ASSERT_EQ(diag.status, SUCCESS) << diag.error;
  EXPECT_EQ(test::Dims(diag.out()), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(Values<float>(diag.out()), (std::vector<float>{1, 4, 5, 8}));
  // ...j,j (implicit output): a [2, 1] ellipsis against none; the 1 broadcasts nothing here.
  auto dot = Run1("Einsum", {F32({2, 1, 3}, {1, 2, 3, 4, 5, 6}), F32({3}, {1, 0, -1})},
                  {{"equation", std::string("...j,j")}, {"N", int64_t{2}}});
  ASSERT_EQ(dot.status, SUCCESS) << dot.error;
  EXPECT_EQ(test::Dims(dot.out()), (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(Values<float>(dot.out()), (std::vector<float>{-2, -2}));
  // A dim of 1 broadcasts against the other operand's size of the same label.
  auto bcast = Run1("Einsum", {F32({1, 2}, {1, 2}), F32({3, 2}, {1, 1, 2, 2, 3, 3})},
                    {{"equation", std::string("ij,ij->ij")}, {"N", int64_t{2}}});
  ASSERT_EQ(bcast.status, SUCCESS) << bcast.error;
  EXPECT_EQ(Values<float>(bcast.out()), (std::vector<float>{1, 2, 2, 4, 3, 6}));
}

TEST(EinsumKernel, MismatchedOperandsFailNamingTheEquation) {
  auto run = Run1("Einsum", {F32({2, 3}, std::vector<float>(6, 1))},
                  {{"equation", std::string("ij,jk->ik")}, {"N", int64_t{1}}});
  EXPECT_EQ(run.error,
            "node 'n' (Einsum): equation 'ij,jk->ik' has 2 operands, the op has 1 inputs");
}

}  // namespace
}  // namespace runtime
}  // namespace ge
