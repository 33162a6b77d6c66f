// Dense permutation of tensor dims, byte-generic (any fixed-width dtype). Used by Transpose and by
// the kernels that run NHWC data through their NCHW implementation.
#ifndef GE_RUNTIME_TRANSPOSE_UTILS_H_
#define GE_RUNTIME_TRANSPOSE_UTILS_H_

#include <cstdint>
#include <vector>

#include "graph/ge_tensor.h"

namespace ge {
namespace runtime {

/// y.dim[i] = x.dim[perm[i]]. `perm` must be a valid permutation of [0, rank) (callers check).
GeTensor TransposeTensor(const GeTensor &x, const std::vector<int64_t> &perm);

}  // namespace runtime
}  // namespace ge

#endif  // GE_RUNTIME_TRANSPOSE_UTILS_H_
