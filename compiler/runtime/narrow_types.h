// The host runtime's storage-only element types: the float8 formats E4M3FN, E5M2 and E8M0, float4
// E2M1 and the packed 4- and 2-bit integers. Kernels never compute in them; Cast converts to and
// from them through float, with the rounding and saturation rules of ONNX's Cast.
#ifndef GE_RUNTIME_NARROW_TYPES_H_
#define GE_RUNTIME_NARROW_TYPES_H_

#include "ge/ge_error_codes.h"
#include "graph/ge_tensor.h"
#include "graph/types.h"

namespace ge {
namespace runtime {

/// How a float value is narrowed.
struct NarrowingOptions {
  /// float8 E4M3FN/E5M2: values beyond the largest finite one (infinities included) become it;
  /// false: they become NaN (E4M3FN) or infinity (E5M2).
  bool saturate = true;
  /// E8M0 (a power of two): how a value between two powers is rounded.
  enum class Rounding { kUp, kDown, kNearest } e8m0_rounding = Rounding::kUp;
};

/// True for the types of this file.
bool IsNarrowType(DataType dtype);
/// True for DT_INT4, DT_INT2 and DT_UINT2.
bool IsNarrowIntegerType(DataType dtype);

/// Cast's conversion: ConvertTensor's, plus to and from the narrow types through float.
Status CastTensor(const GeTensor &src, DataType dst, const NarrowingOptions &narrowing,
                  GeTensor *out);

/// A DT_FLOAT tensor with the values of `src` (of a narrow type).
Status WidenToFloat(const GeTensor &src, GeTensor *as_float);

/// `as_float` (DT_FLOAT) converted to the narrow type `dst`. Floats round to nearest even;
/// integers truncate toward zero, and NaN, infinities and values outside the integer range
/// become 0 (as the reference implementation of ONNX's Cast does).
Status NarrowFromFloat(const GeTensor &as_float, DataType dst, const NarrowingOptions &options,
                       GeTensor *out);

/// `src` (an integer type) converted to the narrow integer type `dst`, keeping the low bits
/// (modular, as integer casts are).
Status NarrowFromInteger(const GeTensor &src, DataType dst, GeTensor *out);

}  // namespace runtime
}  // namespace ge

#endif  // GE_RUNTIME_NARROW_TYPES_H_
