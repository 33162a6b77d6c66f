// Shape arithmetic shared by the op families: broadcasting, axis normalisation, reductions,
// conv/pool window arithmetic and reshape resolution. Unknown dims (-1) and
// unknown rank ([-2]) propagate; failures return false with a reason in *why.
#ifndef GE_OPS_INFER_HELPERS_H_
#define GE_OPS_INFER_HELPERS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/types.h"
#include "ops/infer_shape_context.h"

namespace ge {

using Dims = std::vector<int64_t>;

inline bool IsUnknownRankDims(const Dims &dims) {
  return dims.size() == 1 && dims[0] == UNKNOWN_DIM_NUM;
}
inline Dims UnknownRankDims() { return {UNKNOWN_DIM_NUM}; }

/// numpy broadcasting of two shapes.
bool BroadcastDims(const Dims &a, const Dims &b, Dims *out, std::string *why);

/// a + rank for negative axes; false when outside [-rank, rank).
bool NormalizeAxis(int64_t axis, int64_t rank, int64_t *out);

/// Reduced shape over `axes` (already known). Empty axes reduce everything unless
/// `noop_with_empty_axes`. Duplicated axes are accepted once.
bool ReduceDims(const Dims &in, const std::vector<int64_t> &axes, bool keep_dims,
                bool noop_with_empty_axes, Dims *out, std::string *why);

/// Conv output size: floor((in + pb + pa - dilation*(k-1) - 1) / stride) + 1; -1 when `in` or
/// `k` is unknown. False when the window does not fit or a parameter is not positive.
bool ConvOutputDim(int64_t in, int64_t k, int64_t stride, int64_t dilation, int64_t pad_before,
                   int64_t pad_after, int64_t *out, std::string *why);

/// Pool output size for padding_mode CALCULATED (explicit pads, floor or ceil), SAME or VALID.
bool PoolOutputDim(const std::string &padding_mode, int64_t in, int64_t k, int64_t stride,
                   int64_t pad_before, int64_t pad_after, bool ceil_mode, int64_t *out,
                   std::string *why);

/// Axis of N, C and of the spatial dims (in order D, H, W) for a plain data_format of the given
/// rank: NCHW/NHWC (rank 4), NCDHW/NDHWC (rank 5), NCL/NLC-like ND treated as channels-first.
/// False when the format string is not one of those or the rank does not match it.
bool DataFormatAxes(const std::string &data_format, size_t rank, int64_t *n_axis, int64_t *c_axis,
                    std::vector<int64_t> *spatial_axes);

/// Reshape target resolution: 0 copies the input dim at that position (unless allow_zero), one
/// -1 is inferred from the element count. Checks the element count when both are known.
bool ResolveReshape(const Dims &in, const Dims &target, bool allow_zero, Dims *out,
                    std::string *why);

/// Product of dims; -1 if any is unknown (or the rank is).
int64_t DimsProduct(const Dims &dims);

/// True for the dtypes the host kernels compute in (dtypes::Host(): bool, the integer types and
/// the float types).
bool IsHostComputeType(DataType dtype);

/// Fails (context error) unless the connected inputs among `indices` share one dtype, as the
/// byte-moving kernels need (Concat, Pack, Select).
Status RequireSameDtype(const InferShapeContext &context, const std::vector<size_t> &indices);
/// The same where the kernel runs float16/bfloat16 inputs as float32 (docs/runtime.md): those
/// three count as one dtype.
Status RequireSameComputeDtype(const InferShapeContext &context,
                               const std::vector<size_t> &indices);

/// The shape of input `index` (unknown rank when the port is missing).
Dims InputDims(const InferShapeContext &context, size_t index);
DataType InputDtype(const InferShapeContext &context, size_t index);

/// Element-wise result of inputs [0, count): broadcast shape; dtype `dtype`.
Status InferBroadcastInputs(InferShapeContext &context, size_t first, size_t count, DataType dtype,
                            size_t output = 0);

/// Reads a 1-D integer list either from a constant input (`input_index`) or, when absent, leaves
/// *known false. Fails (with context error) when the constant has a non-integer dtype.
Status ReadConstInts(const InferShapeContext &context, size_t input_index,
                     std::vector<int64_t> *values, bool *known);

/// "input 1 ([2, 3])" fragment for error messages.
std::string DescribeInput(const InferShapeContext &context, size_t index);

}  // namespace ge

#endif  // GE_OPS_INFER_HELPERS_H_
