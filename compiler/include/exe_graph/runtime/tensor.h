// gert::Tensor: what a runtime kernel and a custom op's execute see of a tensor: its shapes,
// formats and data type, and where its bytes are (TensorData: address, size, placement). The
// tensor does not own its memory.
#ifndef GE_PY_EXE_GRAPH_RUNTIME_TENSOR_H_
#define GE_PY_EXE_GRAPH_RUNTIME_TENSOR_H_

#include <cstddef>
#include <cstdint>

#include "exe_graph/runtime/storage_format.h"
#include "exe_graph/runtime/storage_shape.h"
#include "graph/types.h"

namespace gert {

/// Where a tensor's bytes live (GE's numbering).
enum TensorPlacement : int32_t {
  kOnDeviceHbm = 0,
  kOnHost = 1,
  /// In host memory right behind the tensor object itself.
  kFollowing = 2,
  kOnDeviceP2p = 3,
  kTensorPlacementEnd = 4
};

class TensorData {
 public:
  TensorData() = default;
  TensorData(void *addr, size_t size, TensorPlacement placement)
      : addr_(addr), size_(size), placement_(placement) {}

  void *GetAddr() const { return addr_; }
  size_t GetSize() const { return size_; }
  TensorPlacement GetPlacement() const { return placement_; }
  void SetAddr(void *addr, size_t size) {
    addr_ = addr;
    size_ = size;
  }
  void SetPlacement(TensorPlacement placement) { placement_ = placement; }

 private:
  void *addr_ = nullptr;
  size_t size_ = 0U;
  TensorPlacement placement_ = kOnHost;
};

class Tensor {
 public:
  Tensor() = default;
  Tensor(const StorageShape &shape, const StorageFormat &format, ge::DataType data_type)
      : shape_(shape), format_(format), data_type_(data_type) {}

  void *GetAddr() const { return data_.GetAddr(); }
  size_t GetSize() const { return data_.GetSize(); }
  TensorPlacement GetPlacement() const { return data_.GetPlacement(); }
  const TensorData &GetTensorData() const { return data_; }
  TensorData &MutableTensorData() { return data_; }

  /// Elements of the storage shape.
  int64_t GetShapeSize() const { return shape_.GetStorageShape().GetShapeSize(); }
  const StorageShape &GetShape() const { return shape_; }
  StorageShape &GetShape() { return shape_; }
  const Shape &GetStorageShape() const { return shape_.GetStorageShape(); }
  const Shape &GetOriginShape() const { return shape_.GetOriginShape(); }
  Shape &MutableStorageShape() { return shape_.MutableStorageShape(); }
  Shape &MutableOriginShape() { return shape_.MutableOriginShape(); }

  const StorageFormat &GetFormat() const { return format_; }
  StorageFormat &MutableFormat() { return format_; }
  ge::Format GetStorageFormat() const { return format_.GetStorageFormat(); }
  ge::Format GetOriginFormat() const { return format_.GetOriginFormat(); }
  const ExpandDimsType &GetExpandDimsType() const { return format_.GetExpandDimsType(); }

  ge::DataType GetDataType() const { return data_type_; }
  void SetDataType(ge::DataType data_type) { data_type_ = data_type; }

 private:
  StorageShape shape_;
  StorageFormat format_;
  ge::DataType data_type_ = ge::DT_UNDEFINED;
  TensorData data_;
};

}  // namespace gert

#endif  // GE_PY_EXE_GRAPH_RUNTIME_TENSOR_H_
