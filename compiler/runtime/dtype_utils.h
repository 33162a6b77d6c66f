// Element-type helpers of the host runtime: float16/bfloat16 conversion, typed dispatch over the
// numeric dtypes the kernels support, and conversion of whole tensors between dtypes (Cast).
#ifndef GE_RUNTIME_DTYPE_UTILS_H_
#define GE_RUNTIME_DTYPE_UTILS_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/ge_tensor.h"
#include "graph/types.h"

namespace ge {
namespace runtime {

/// IEEE half <-> float. Rounds to nearest even; overflow gives +-inf, NaN stays NaN.
uint16_t FloatToHalf(float value);
float HalfToFloat(uint16_t bits);
/// bfloat16 <-> float (round to nearest even on the truncated mantissa).
uint16_t FloatToBf16(float value);
float Bf16ToFloat(uint16_t bits);

inline bool IsHalfType(DataType dtype) { return dtype == DT_FLOAT16 || dtype == DT_BF16; }
inline bool IsFloatType(DataType dtype) {
  return dtype == DT_FLOAT || dtype == DT_DOUBLE || IsHalfType(dtype);
}
inline bool IsIntegerType(DataType dtype) {
  switch (dtype) {
    case DT_INT8:
    case DT_UINT8:
    case DT_INT16:
    case DT_UINT16:
    case DT_INT32:
    case DT_UINT32:
    case DT_INT64:
    case DT_UINT64: return true;
    default: return false;
  }
}
/// Types with a native C++ element type the kernels compute in (halves are converted to float).
bool IsNativeNumericType(DataType dtype);

/// Calls fn(T{}) with T the C++ type of `dtype` for the native numeric types (float, double, the
/// eight integer types, bool). Returns false when `dtype` has no native type.
template <typename F>
bool DispatchNative(DataType dtype, F &&fn) {
  switch (dtype) {
    case DT_FLOAT: fn(float{}); return true;
    case DT_DOUBLE: fn(double{}); return true;
    case DT_INT8: fn(int8_t{}); return true;
    case DT_UINT8: fn(uint8_t{}); return true;
    case DT_INT16: fn(int16_t{}); return true;
    case DT_UINT16: fn(uint16_t{}); return true;
    case DT_INT32: fn(int32_t{}); return true;
    case DT_UINT32: fn(uint32_t{}); return true;
    case DT_INT64: fn(int64_t{}); return true;
    case DT_UINT64: fn(uint64_t{}); return true;
    case DT_BOOL: fn(bool{}); return true;
    default: return false;
  }
}

/// Element count of `dims` (1 for a scalar). -1 if a dim is negative or the product overflows.
int64_t ElementCount(const std::vector<int64_t> &dims);
/// "[2, 3]".
std::string DimsToString(const std::vector<int64_t> &dims);

/// A tensor whose bytes are being written by a kernel; Finish() turns it into an immutable
/// GeTensor.
class OutputTensor {
 public:
  /// Throws GeException for a dtype without whole-byte elements: kernels index elements by
  /// their byte width, which packed types do not have.
  OutputTensor(DataType dtype, std::vector<int64_t> dims);
  /// A buffer of a packed (sub-byte) type; only the narrow-type conversions write these.
  static OutputTensor Packed(DataType dtype, std::vector<int64_t> dims);
  template <typename T>
  T *Data() {
    return reinterpret_cast<T *>(bytes_.data());
  }
  uint8_t *Bytes() { return bytes_.data(); }
  int64_t ElementCount() const { return count_; }
  GeTensor Finish();

 private:
  OutputTensor(DataType dtype, std::vector<int64_t> dims, bool packed);

  DataType dtype_;
  std::vector<int64_t> dims_;
  int64_t count_;
  std::vector<uint8_t> bytes_;
};

template <typename T>
const T *DataOf(const GeTensor &tensor) {
  return reinterpret_cast<const T *>(tensor.GetData());
}
// A copy: shapes keep small dims inline (no vector to refer to), and a kernel's compute
// dwarfs one small allocation.
inline std::vector<int64_t> DimsOf(const GeTensor &tensor) {
  return tensor.GetTensorDesc().GetShape().GetDims().ToVector();
}
inline DataType DtypeOf(const GeTensor &tensor) { return tensor.GetTensorDesc().GetDataType(); }
/// The same bytes under another shape (no copy: GeTensor bytes are shared and immutable).
GeTensor WithDims(const GeTensor &tensor, std::vector<int64_t> dims);

/// Converts every element of `src` to `dst_type` (Cast: float->int truncates toward
/// zero, ->bool is x != 0). Fails, with a message naming both types, on unsupported types
/// (the narrow types of narrow_types.h included: only Cast converts those, CastTensor).
Status ConvertTensor(const GeTensor &src, DataType dst_type, GeTensor *dst);

/// Reads an index-typed (int32/int64) tensor as int64 values; `what` names the input for errors.
Status ReadIndexValues(const GeTensor &tensor, const std::string &what,
                       std::vector<int64_t> *values);
/// Reads element 0 of a numeric tensor as double (for scalar inputs such as GEMM alpha).
Status ReadScalarAsDouble(const GeTensor &tensor, const std::string &what, double *value);

}  // namespace runtime
}  // namespace ge

#endif  // GE_RUNTIME_DTYPE_UTILS_H_
