// Cache-blocked general matrix multiply used by the MatMul family and by convolution (im2col).
#ifndef GE_RUNTIME_GEMM_H_
#define GE_RUNTIME_GEMM_H_

#include <cstdint>

namespace ge {
namespace runtime {

/// C[M,N] = op(A)[M,K] · op(B)[K,N] + (accumulate ? C : 0), all row-major. op(A) = A^T when
/// `trans_a` (A stored [K,M] with leading dimension lda), likewise for B. Instantiated for float,
/// double, int32_t and int64_t; integer callers must keep products in range.
template <typename T>
void Gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const T *a, int64_t lda,
          const T *b, int64_t ldb, T *c, int64_t ldc, bool accumulate);

}  // namespace runtime
}  // namespace ge

#endif  // GE_RUNTIME_GEMM_H_
