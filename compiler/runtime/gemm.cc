// Blocked GEMM (see gemm.h). Operands are packed so the inner loop streams contiguous rows of B
// and C, which the compiler vectorises; blocks keep a panel of B hot in cache.
#include "runtime/gemm.h"

#include <algorithm>
#include <vector>

namespace ge {
namespace runtime {
namespace {

constexpr int64_t kBlockM = 64;
constexpr int64_t kBlockK = 256;
constexpr int64_t kBlockN = 512;

/// Packs op(src) (rows x cols of the logical matrix) densely, row-major.
template <typename T>
void PackLogical(bool trans, int64_t rows, int64_t cols, const T *src, int64_t ld, T *dst) {
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) {
      dst[r * cols + c] = trans ? src[c * ld + r] : src[r * ld + c];
    }
  }
}

}  // namespace

template <typename T>
void Gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const T *a, int64_t lda,
          const T *b, int64_t ldb, T *c, int64_t ldc, bool accumulate) {
  if (!accumulate) {
    for (int64_t i = 0; i < m; ++i) std::fill(c + i * ldc, c + i * ldc + n, T{0});
  }
  if (m == 0 || n == 0 || k == 0) {
    return;
  }
  std::vector<T> packed_a;
  std::vector<T> packed_b;
  if (trans_a) {
    packed_a.resize(static_cast<size_t>(m * k));
    PackLogical(true, m, k, a, lda, packed_a.data());
    a = packed_a.data();
    lda = k;
  }
  if (trans_b) {
    packed_b.resize(static_cast<size_t>(k * n));
    PackLogical(true, k, n, b, ldb, packed_b.data());
    b = packed_b.data();
    ldb = n;
  }
  for (int64_t j0 = 0; j0 < n; j0 += kBlockN) {
    const int64_t j1 = std::min(n, j0 + kBlockN);
    for (int64_t p0 = 0; p0 < k; p0 += kBlockK) {
      const int64_t p1 = std::min(k, p0 + kBlockK);
      for (int64_t i0 = 0; i0 < m; i0 += kBlockM) {
        const int64_t i1 = std::min(m, i0 + kBlockM);
        for (int64_t i = i0; i < i1; ++i) {
          T *crow = c + i * ldc;
          const T *arow = a + i * lda;
          for (int64_t p = p0; p < p1; ++p) {
            const T av = arow[p];
            const T *brow = b + p * ldb;
            for (int64_t j = j0; j < j1; ++j) crow[j] += av * brow[j];
          }
        }
      }
    }
  }
}

template void Gemm<float>(bool, bool, int64_t, int64_t, int64_t, const float *, int64_t,
                          const float *, int64_t, float *, int64_t, bool);
template void Gemm<double>(bool, bool, int64_t, int64_t, int64_t, const double *, int64_t,
                           const double *, int64_t, double *, int64_t, bool);
template void Gemm<int32_t>(bool, bool, int64_t, int64_t, int64_t, const int32_t *, int64_t,
                            const int32_t *, int64_t, int32_t *, int64_t, bool);
template void Gemm<int64_t>(bool, bool, int64_t, int64_t, int64_t, const int64_t *, int64_t,
                            const int64_t *, int64_t, int64_t *, int64_t, bool);

}  // namespace runtime
}  // namespace ge
