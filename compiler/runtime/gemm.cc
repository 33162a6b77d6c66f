// Blocked GEMM (see gemm.h). Operands are packed so the inner loop streams contiguous rows of B
// and C, which the compiler vectorises; blocks keep a panel of B hot in cache. float (the type
// models use) has a register-blocked micro-kernel instead: 6 rows x 16 columns of C accumulated
// in vector registers over a packed 16-wide panel of B, compiled twice (baseline SSE2 and
// AVX2+FMA) and chosen at run time, since the build targets baseline x86-64.
#include "runtime/gemm.h"

#include <algorithm>
#include <cstring>
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

// ---- float micro-kernel ----

constexpr int64_t kMr = 6;    // rows of C per micro-tile (12 accumulators + 2 B + 1 A register)
constexpr int64_t kNr = 16;   // columns of C per micro-tile (= packed panel width)
constexpr int64_t kKc = 256;  // depth of one packed block of B

// 8 floats; GCC lowers it to one AVX register or two SSE registers. Only used as a local.
typedef float Float8 __attribute__((vector_size(32)));

/// Packs B[p0:p0+kc, 0:n] (row-major, ld) into ceil(n/16) panels of kc x 16, zero padded.
void PackPanels(const float *b, int64_t ldb, int64_t p0, int64_t kc, int64_t n, float *dst) {
  for (int64_t j0 = 0; j0 < n; j0 += kNr) {
    const int64_t width = std::min(kNr, n - j0);
    for (int64_t p = 0; p < kc; ++p) {
      const float *src = b + (p0 + p) * ldb + j0;
      float *out = dst + p * kNr;
      std::memcpy(out, src, static_cast<size_t>(width) * sizeof(float));
      std::fill(out + width, out + kNr, 0.0f);
    }
    dst += kc * kNr;
  }
}

/// C[i0:i0+kMr, :] (+)= A[i0:i0+kMr, p0:p0+kc] · packed panels: stores when `store` (the first
/// depth block of a non-accumulating GEMM, so C needs no zero-fill first), adds otherwise.
/// `rows` (<= kMr) and `n` bound the stores. Rows beyond `rows` read `zeros`.
__attribute__((always_inline)) inline void MicroTiles(const float *const arows[kMr],
                                                      const float *panels, int64_t kc, int64_t n,
                                                      float *const crows[kMr], int64_t rows,
                                                      bool store) {
  for (int64_t j0 = 0, t = 0; j0 < n; j0 += kNr, ++t) {
    const float *panel = panels + t * kc * kNr;
    Float8 acc[kMr][2] = {};
    for (int64_t p = 0; p < kc; ++p) {
      Float8 b0;
      Float8 b1;
      std::memcpy(&b0, panel + p * kNr, sizeof(b0));
      std::memcpy(&b1, panel + p * kNr + 8, sizeof(b1));
      // Fully unrolled so that the accumulators live in registers: -O2 alone keeps this loop
      // and reloads/stores acc from the stack on every step (seen in perf annotate).
#pragma GCC unroll 8
      for (int64_t r = 0; r < kMr; ++r) {
        const float av = arows[r][p];
        acc[r][0] += b0 * av;
        acc[r][1] += b1 * av;
      }
    }
    const int64_t width = std::min(kNr, n - j0);
    for (int64_t r = 0; r < rows; ++r) {
      float tile[kNr];
      std::memcpy(tile, acc[r], sizeof(tile));
      float *out = crows[r] + j0;
      if (store) {
        std::memcpy(out, tile, static_cast<size_t>(width) * sizeof(float));
      } else {
        for (int64_t jj = 0; jj < width; ++jj) out[jj] += tile[jj];
      }
    }
  }
}

/// Per-thread packing buffer: the conv kernels call GEMM once per image and group, and a fresh
/// zero-initialised vector per call cost more than the packing itself on small layers.
float *PackBuffer(size_t count) {
  thread_local std::vector<float> buffer;
  if (buffer.size() < count) {
    buffer.resize(count);
  }
  return buffer.data();
}

/// The float GEMM body (A non-transposed; C is overwritten unless `accumulate`). B is either
/// row-major `b` (packed here one depth block at a time) or, when `b` is null, `prepacked` in the
/// PackedBSize layout (every depth block already packed, see PackBRow).
__attribute__((always_inline)) inline void FloatGemmBody(int64_t m, int64_t n, int64_t k,
                                                         const float *a, int64_t lda,
                                                         const float *b, int64_t ldb,
                                                         const float *prepacked, float *c,
                                                         int64_t ldc, bool accumulate) {
  const int64_t panels = (n + kNr - 1) / kNr;
  float *packed =
      b != nullptr ? PackBuffer(static_cast<size_t>(std::min(k, kKc) * panels * kNr)) : nullptr;
  static const std::vector<float> zeros(static_cast<size_t>(kKc), 0.0f);
  float scratch[kNr];  // stores of rows beyond m land nowhere: `rows` bounds them
  for (int64_t p0 = 0; p0 < k; p0 += kKc) {
    const int64_t kc = std::min(kKc, k - p0);
    const bool store = p0 == 0 && !accumulate;
    const float *block = packed;
    if (b != nullptr) {
      PackPanels(b, ldb, p0, kc, n, packed);
    } else {
      block = prepacked + p0 * panels * kNr;
    }
    for (int64_t i0 = 0; i0 < m; i0 += kMr) {
      const int64_t rows = std::min(kMr, m - i0);
      const float *arows[kMr];
      float *crows[kMr];
      for (int64_t r = 0; r < kMr; ++r) {
        arows[r] = r < rows ? a + (i0 + r) * lda + p0 : zeros.data();
        crows[r] = r < rows ? c + (i0 + r) * ldc : scratch;
      }
      MicroTiles(arows, block, kc, n, crows, rows, store);
    }
  }
}

__attribute__((target("avx2,fma"))) void FloatGemmAvx2(int64_t m, int64_t n, int64_t k,
                                                       const float *a, int64_t lda, const float *b,
                                                       int64_t ldb, const float *prepacked,
                                                       float *c, int64_t ldc, bool accumulate) {
  FloatGemmBody(m, n, k, a, lda, b, ldb, prepacked, c, ldc, accumulate);
}

void FloatGemmBaseline(int64_t m, int64_t n, int64_t k, const float *a, int64_t lda, const float *b,
                       int64_t ldb, const float *prepacked, float *c, int64_t ldc,
                       bool accumulate) {
  FloatGemmBody(m, n, k, a, lda, b, ldb, prepacked, c, ldc, accumulate);
}

bool HasAvx2Fma() {
  static const bool supported = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return supported;
}

template <typename T>
bool FastGemm(int64_t, int64_t, int64_t, const T *, int64_t, const T *, int64_t, T *, int64_t,
              bool) {
  return false;
}

template <>
bool FastGemm<float>(int64_t m, int64_t n, int64_t k, const float *a, int64_t lda, const float *b,
                     int64_t ldb, float *c, int64_t ldc, bool accumulate) {
  if (HasAvx2Fma()) {
    FloatGemmAvx2(m, n, k, a, lda, b, ldb, nullptr, c, ldc, accumulate);
  } else {
    FloatGemmBaseline(m, n, k, a, lda, b, ldb, nullptr, c, ldc, accumulate);
  }
  return true;
}

}  // namespace

size_t PackedBSize(int64_t k, int64_t n) {
  return static_cast<size_t>(k * ((n + kNr - 1) / kNr) * kNr);
}

void PackBRow(const float *row, int64_t r, int64_t k, int64_t n, float *packed) {
  const int64_t panels = (n + kNr - 1) / kNr;
  const int64_t p0 = r - r % kKc;  // first row of r's depth block
  const int64_t kc = std::min(kKc, k - p0);
  float *dst = packed + p0 * panels * kNr + (r - p0) * kNr;
  for (int64_t j0 = 0; j0 < n; j0 += kNr, dst += kc * kNr) {
    const int64_t width = std::min(kNr, n - j0);
    if (width == kNr) {
      std::memcpy(dst, row + j0, sizeof(float) * kNr);
    } else {
      std::memcpy(dst, row + j0, static_cast<size_t>(width) * sizeof(float));
      std::fill(dst + width, dst + kNr, 0.0f);
    }
  }
}

void GemmPackedB(int64_t m, int64_t n, int64_t k, const float *a, int64_t lda, const float *packed,
                 float *c, int64_t ldc, bool accumulate) {
  if (m == 0 || n == 0 || k == 0) {
    for (int64_t i = 0; i < m && !accumulate; ++i) std::fill(c + i * ldc, c + i * ldc + n, 0.0f);
    return;
  }
  if (HasAvx2Fma()) {
    FloatGemmAvx2(m, n, k, a, lda, nullptr, 0, packed, c, ldc, accumulate);
  } else {
    FloatGemmBaseline(m, n, k, a, lda, nullptr, 0, packed, c, ldc, accumulate);
  }
}

template <typename T>
void Gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const T *a, int64_t lda,
          const T *b, int64_t ldb, T *c, int64_t ldc, bool accumulate) {
  if (m == 0 || n == 0 || k == 0) {
    for (int64_t i = 0; i < m && !accumulate; ++i) std::fill(c + i * ldc, c + i * ldc + n, T{0});
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
  if (FastGemm(m, n, k, a, lda, b, ldb, c, ldc, accumulate)) {
    return;
  }
  if (!accumulate) {
    for (int64_t i = 0; i < m; ++i) std::fill(c + i * ldc, c + i * ldc + n, T{0});
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
