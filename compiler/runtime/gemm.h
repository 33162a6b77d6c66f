// Cache-blocked general matrix multiply used by the MatMul family and by convolution (im2col).
#ifndef GE_RUNTIME_GEMM_H_
#define GE_RUNTIME_GEMM_H_

#include <cstddef>
#include <cstdint>

namespace ge {
namespace runtime {

/// C[M,N] = op(A)[M,K] · op(B)[K,N] + (accumulate ? C : 0), all row-major. op(A) = A^T when
/// `trans_a` (A stored [K,M] with leading dimension lda), likewise for B. Instantiated for float,
/// double, int32_t and int64_t; integer callers must keep products in range.
template <typename T>
void Gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const T *a, int64_t lda,
          const T *b, int64_t ldb, T *c, int64_t ldc, bool accumulate);

/// float B operands packed ahead of time (convolution writes its im2col rows straight into this
/// layout instead of building the matrix and having Gemm pack it): PackedBSize(k, n) floats,
/// filled by PackBRow for every row r in [0, k) of the logical B[k, n].
size_t PackedBSize(int64_t k, int64_t n);
void PackBRow(const float *row, int64_t r, int64_t k, int64_t n, float *packed);
/// C[M,N] = A[M,K] · B + (accumulate ? C : 0) with B packed as above; A row-major (lda).
void GemmPackedB(int64_t m, int64_t n, int64_t k, const float *a, int64_t lda, const float *packed,
                 float *c, int64_t ldc, bool accumulate);

}  // namespace runtime
}  // namespace ge

#endif  // GE_RUNTIME_GEMM_H_
