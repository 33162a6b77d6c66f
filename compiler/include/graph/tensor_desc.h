// TensorDesc: the public value type for a port description (shape, format, dtype). A value: it
// copies, never refers back to the node it came from, so it outlives it.
#ifndef GE_GRAPH_TENSOR_DESC_H_
#define GE_GRAPH_TENSOR_DESC_H_

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/ascend_string.h"
#include "graph/types.h"

namespace ge {

class GeTensorDesc;

class Shape {
 public:
  Shape() = default;
  explicit Shape(const std::vector<int64_t> &dims) : dims_(dims) {}
  /// Takes the vector over (TensorDesc::GetShape builds one per call: no second copy).
  explicit Shape(std::vector<int64_t> &&dims) : dims_(std::move(dims)) {}
  size_t GetDimNum() const { return dims_.size(); }
  int64_t GetDim(size_t idx) const { return idx < dims_.size() ? dims_[idx] : 0; }
  graphStatus SetDim(size_t idx, int64_t value);
  const std::vector<int64_t> &GetDims() const & { return dims_; }
  /// On a temporary Shape (`desc.GetShape().GetDims()`) the dims are moved out: no second copy,
  /// and a range-for over the result cannot dangle.
  std::vector<int64_t> GetDims() && { return std::move(dims_); }
  /// Element count; 1 for a scalar, -1 when a dim is unknown.
  int64_t GetShapeSize() const;

 private:
  std::vector<int64_t> dims_;
};

class TensorDesc {
 public:
  TensorDesc();
  explicit TensorDesc(Shape shape, Format format = FORMAT_ND, DataType dt = DT_FLOAT);
  TensorDesc(const TensorDesc &desc);
  TensorDesc(TensorDesc &&desc) noexcept;
  TensorDesc &operator=(const TensorDesc &desc);
  TensorDesc &operator=(TensorDesc &&desc) noexcept;
  ~TensorDesc();

  Shape GetShape() const;
  void SetShape(const Shape &shape);
  Shape GetOriginShape() const;
  void SetOriginShape(const Shape &shape);
  Format GetFormat() const;
  void SetFormat(Format format);
  Format GetOriginFormat() const;
  void SetOriginFormat(Format format);
  DataType GetDataType() const;
  void SetDataType(DataType dt);
  graphStatus GetName(AscendString &name) const;
  void SetName(const char *name);

  /// The IR value behind this desc (for compiler-internal code).
  const GeTensorDesc &GetGeTensorDesc() const;
  GeTensorDesc &MutableGeTensorDesc();

 private:
  // The GeTensorDesc lives in this buffer: no allocation per TensorDesc (plugins create and copy
  // several per match). Should a GeTensorDesc ever outgrow it, tensor.cc allocates it instead and
  // the buffer holds the pointer (decided at compile time).
  alignas(16) unsigned char storage_[128];
};

}  // namespace ge

#endif  // GE_GRAPH_TENSOR_DESC_H_
