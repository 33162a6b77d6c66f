// Gemm against a naive triple loop: the float micro-kernel's edges (rows not a multiple of 4,
// columns not a multiple of 16, depth over one 256-deep block), transposes, leading dimensions
// and accumulation; double takes the generic blocked path.
#include "runtime/gemm.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <tuple>
#include <vector>

namespace ge {
namespace runtime {
namespace {

template <typename T>
std::vector<T> Random(size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  std::vector<T> v(n);
  for (auto &x : v) x = static_cast<T>(dist(gen));
  return v;
}

template <typename T>
void CheckAgainstNaive(bool ta, bool tb, int64_t m, int64_t n, int64_t k, bool accumulate) {
  const int64_t lda = (ta ? m : k) + 3;  // padded leading dimensions
  const int64_t ldb = (tb ? k : n) + 5;
  const int64_t ldc = n + 2;
  const auto a = Random<T>(static_cast<size_t>((ta ? k : m) * lda), 1);
  const auto b = Random<T>(static_cast<size_t>((tb ? n : k) * ldb), 2);
  auto c = Random<T>(static_cast<size_t>(m * ldc), 3);
  auto expected = c;
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      double sum = accumulate ? static_cast<double>(expected[i * ldc + j]) : 0.0;
      for (int64_t p = 0; p < k; ++p) {
        const double av = ta ? a[p * lda + i] : a[i * lda + p];
        const double bv = tb ? b[j * ldb + p] : b[p * ldb + j];
        sum += av * bv;
      }
      expected[i * ldc + j] = static_cast<T>(sum);
    }
  }
  Gemm<T>(ta, tb, m, n, k, a.data(), lda, b.data(), ldb, c.data(), ldc, accumulate);
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      ASSERT_NEAR(c[i * ldc + j], expected[i * ldc + j], 1e-4 * std::sqrt(double(k) + 1))
          << "m=" << m << " n=" << n << " k=" << k << " at (" << i << ", " << j << ")";
    }
  }
}

class GemmShapes : public testing::TestWithParam<std::tuple<int, int, int>> {};

TEST_P(GemmShapes, FloatMatchesNaiveForAllTransposes) {
  const auto [m, n, k] = GetParam();
  for (bool ta : {false, true}) {
    for (bool tb : {false, true}) {
      for (bool accumulate : {false, true}) {
        CheckAgainstNaive<float>(ta, tb, m, n, k, accumulate);
      }
    }
  }
}

TEST_P(GemmShapes, DoubleMatchesNaive) {
  const auto [m, n, k] = GetParam();
  CheckAgainstNaive<double>(false, true, m, n, k, true);
}

INSTANTIATE_TEST_SUITE_P(Edges, GemmShapes,
                         testing::Values(std::make_tuple(1, 1, 1), std::make_tuple(3, 17, 5),
                                         std::make_tuple(4, 16, 256), std::make_tuple(5, 15, 257),
                                         std::make_tuple(9, 40, 600), std::make_tuple(2, 1, 3),
                                         std::make_tuple(1, 33, 1)));

TEST(Gemm, ZeroDepthClearsOrKeepsC) {
  std::vector<float> c = {1.0f, 2.0f};
  Gemm<float>(false, false, 1, 2, 0, nullptr, 0, nullptr, 2, c.data(), 2, true);
  EXPECT_EQ(c, (std::vector<float>{1.0f, 2.0f}));
  Gemm<float>(false, false, 1, 2, 0, nullptr, 0, nullptr, 2, c.data(), 2, false);
  EXPECT_EQ(c, (std::vector<float>{0.0f, 0.0f}));
}

}  // namespace
}  // namespace runtime
}  // namespace ge
