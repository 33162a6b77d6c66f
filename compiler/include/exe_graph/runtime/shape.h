// gert::Shape: the fixed-capacity dimension list of GE's runtime tensors (up to kMaxDimNum dims,
// no allocation), as kernels and custom-op callbacks see a tensor's shape. A shape with no dims is
// a scalar.
#ifndef GE_PY_EXE_GRAPH_RUNTIME_SHAPE_H_
#define GE_PY_EXE_GRAPH_RUNTIME_SHAPE_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace gert {

class Shape {
 public:
  static constexpr size_t kMaxDimNum = 25U;

  Shape() = default;
  Shape(std::initializer_list<int64_t> dims) {
    for (const int64_t dim : dims) {
      AppendDim(dim);
    }
  }

  size_t GetDimNum() const { return Rank(); }
  /// The dimension at `index`; 0 when `index` is not below GetDimNum() (as GE's runtime does).
  int64_t GetDim(size_t index) const { return index < Rank() ? dims_[index] : 0; }
  void SetDim(size_t index, int64_t value) {
    if (index < Rank()) {
      dims_[index] = value;
    }
  }
  /// Appends a dimension; a no-op at kMaxDimNum dimensions.
  Shape &AppendDim(int64_t value) {
    if (dim_num_ < kMaxDimNum) {
      dims_[dim_num_++] = value;
    }
    return *this;
  }
  /// Sets the dimension count; the dims beyond the old count keep their previous values.
  void SetDimNum(size_t dim_num) { dim_num_ = dim_num < kMaxDimNum ? dim_num : kMaxDimNum; }
  void SetScalar() { dim_num_ = 0U; }
  bool IsScalar() const { return dim_num_ == 0U; }
  /// The element count: the product of the dims, 1 for a scalar.
  int64_t GetShapeSize() const {
    int64_t size = 1;
    for (size_t i = 0U; i < Rank(); ++i) {
      size *= dims_[i];
    }
    return size;
  }

  bool operator==(const Shape &other) const {
    if (Rank() != other.Rank()) {
      return false;
    }
    for (size_t i = 0U; i < Rank(); ++i) {
      if (dims_[i] != other.dims_[i]) {
        return false;
      }
    }
    return true;
  }
  bool operator!=(const Shape &other) const { return !(*this == other); }

 private:
  // dim_num_ never exceeds kMaxDimNum; the bound is spelled out so that every index is visibly
  // inside dims_ (GCC's -Warray-bounds cannot see the invariant).
  size_t Rank() const { return dim_num_ < kMaxDimNum ? dim_num_ : kMaxDimNum; }

  size_t dim_num_ = 0U;
  std::array<int64_t, kMaxDimNum> dims_{};
};

}  // namespace gert

#endif  // GE_PY_EXE_GRAPH_RUNTIME_SHAPE_H_
