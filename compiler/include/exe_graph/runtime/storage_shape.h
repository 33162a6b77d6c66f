// gert::StorageShape: a tensor's logical (origin) shape and the shape of its memory layout
// (storage), which differ once a format transform pads or splits axes.
#ifndef GE_PY_EXE_GRAPH_RUNTIME_STORAGE_SHAPE_H_
#define GE_PY_EXE_GRAPH_RUNTIME_STORAGE_SHAPE_H_

#include "exe_graph/runtime/shape.h"

namespace gert {

class StorageShape {
 public:
  StorageShape() = default;
  StorageShape(const Shape &origin_shape, const Shape &storage_shape)
      : origin_shape_(origin_shape), storage_shape_(storage_shape) {}

  const Shape &GetOriginShape() const { return origin_shape_; }
  const Shape &GetStorageShape() const { return storage_shape_; }
  Shape &MutableOriginShape() { return origin_shape_; }
  Shape &MutableStorageShape() { return storage_shape_; }

  bool operator==(const StorageShape &other) const {
    return origin_shape_ == other.origin_shape_ && storage_shape_ == other.storage_shape_;
  }
  bool operator!=(const StorageShape &other) const { return !(*this == other); }

 private:
  Shape origin_shape_;
  Shape storage_shape_;
};

}  // namespace gert

#endif  // GE_PY_EXE_GRAPH_RUNTIME_STORAGE_SHAPE_H_
