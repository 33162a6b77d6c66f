// The C++ classes behind the ge.runtime Python types. Each wraps a gert value (include/exe_graph/
// runtime/) through a NativeHandle; views handed out by a handle share its flag and read-only
// state, so a view of a compile-time tensor is read-only and expires with the callback too.
#ifndef GE_PY_NATIVE_RUNTIME_NATIVE_RUNTIME_TYPES_H_
#define GE_PY_NATIVE_RUNTIME_NATIVE_RUNTIME_TYPES_H_

#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "exe_graph/runtime/expand_dims_type.h"
#include "exe_graph/runtime/shape.h"
#include "exe_graph/runtime/storage_format.h"
#include "exe_graph/runtime/storage_shape.h"
#include "exe_graph/runtime/tensor.h"
#include "graph/types.h"
#include "native_handle.h"

namespace ge {
namespace runtime_native {

namespace py = pybind11;

/// ge.graph.DataType(value) / ge.graph.Format(value).
py::object DataTypeToPython(DataType value);
py::object FormatToPython(Format value);
/// A ge.graph.DataType member below DT_MAX; TypeError / ValueError with the ge.runtime messages.
DataType DataTypeFromPython(const py::handle &value);
/// `dims` as a gert::Shape; ValueError(`too_many`) beyond Shape::kMaxDimNum dims.
gert::Shape DimsToShape(const std::vector<int64_t> &dims, const char *too_many);
std::vector<int64_t> ShapeToDims(const gert::Shape &shape);

class NativeShape : public NativeHandle<gert::Shape> {
 public:
  static NativeShape View(gert::Shape *shape, ValidityFlag flag, bool read_only) {
    return NativeShape(shape, std::move(flag), read_only);
  }

 private:
  NativeShape(gert::Shape *shape, ValidityFlag flag, bool read_only)
      : NativeHandle(shape, std::move(flag), read_only) {}
};

class NativeStorageShape : public NativeHandle<gert::StorageShape> {
 public:
  NativeStorageShape() : NativeHandle(std::make_unique<gert::StorageShape>()) {}
  explicit NativeStorageShape(const gert::StorageShape &value)
      : NativeHandle(std::make_unique<gert::StorageShape>(value)) {}
  static NativeStorageShape View(gert::StorageShape *shape, ValidityFlag flag, bool read_only) {
    return NativeStorageShape(shape, std::move(flag), read_only);
  }
  NativeShape OriginShape() const {
    return NativeShape::View(&const_cast<gert::StorageShape &>(Get()).MutableOriginShape(), Flag(),
                             IsReadOnly());
  }
  NativeShape StorageShape() const {
    return NativeShape::View(&const_cast<gert::StorageShape &>(Get()).MutableStorageShape(), Flag(),
                             IsReadOnly());
  }

 private:
  NativeStorageShape(gert::StorageShape *shape, ValidityFlag flag, bool read_only)
      : NativeHandle(shape, std::move(flag), read_only) {}
};

class NativeExpandDimsType : public NativeHandle<gert::ExpandDimsType> {
 public:
  explicit NativeExpandDimsType(const gert::ExpandDimsType &value)
      : NativeHandle(std::make_unique<gert::ExpandDimsType>(value)) {}
  static NativeExpandDimsType View(gert::ExpandDimsType *value, ValidityFlag flag) {
    return NativeExpandDimsType(value, std::move(flag));
  }
  /// A read-only copy of a read-only value: it still expires with that value's owner.
  static NativeExpandDimsType Snapshot(const gert::ExpandDimsType &value, ValidityFlag flag) {
    return NativeExpandDimsType(std::make_unique<gert::ExpandDimsType>(value), std::move(flag));
  }

 private:
  NativeExpandDimsType(gert::ExpandDimsType *value, ValidityFlag flag)
      : NativeHandle(value, std::move(flag), false) {}
  NativeExpandDimsType(std::unique_ptr<gert::ExpandDimsType> value, ValidityFlag flag)
      : NativeHandle(std::move(value), std::move(flag)) {}
};

class NativeStorageFormat : public NativeHandle<gert::StorageFormat> {
 public:
  explicit NativeStorageFormat(const gert::StorageFormat &value)
      : NativeHandle(std::make_unique<gert::StorageFormat>(value)) {}
  static NativeStorageFormat View(gert::StorageFormat *value, ValidityFlag flag, bool read_only) {
    return NativeStorageFormat(value, std::move(flag), read_only);
  }
  NativeExpandDimsType ExpandDimsType() const {
    if (IsReadOnly()) {
      return NativeExpandDimsType::Snapshot(Get().GetExpandDimsType(), Flag());
    }
    return NativeExpandDimsType::View(&Mutable().MutableExpandDimsType(), Flag());
  }

 private:
  NativeStorageFormat(gert::StorageFormat *value, ValidityFlag flag, bool read_only)
      : NativeHandle(value, std::move(flag), read_only) {}
};

/// What a TensorDesc holds: the storage shape and data type infer_meta reads and returns.
struct TensorDescValue {
  gert::StorageShape shape;
  DataType data_type = DT_FLOAT;
};

class NativeTensorDesc : public NativeHandle<TensorDescValue> {
 public:
  explicit NativeTensorDesc(const TensorDescValue &value)
      : NativeHandle(std::make_unique<TensorDescValue>(value)) {}
  NativeStorageShape Shape() const {
    return NativeStorageShape::View(&Mutable().shape, Flag(), false);
  }
};

class NativeTensor : public NativeHandle<gert::Tensor> {
 public:
  /// A view of a tensor owned by the running callback; `flag` is the callback's.
  static NativeTensor Borrow(gert::Tensor *tensor, ValidityFlag flag, bool read_only) {
    return NativeTensor(tensor, std::move(flag), read_only);
  }
  gert::Tensor &Value() const { return const_cast<gert::Tensor &>(Get()); }
  NativeStorageShape Shape() const {
    return NativeStorageShape::View(&Value().GetShape(), Flag(), IsReadOnly());
  }
  NativeStorageFormat Format() const {
    return NativeStorageFormat::View(&Value().MutableFormat(), Flag(), IsReadOnly());
  }

 private:
  NativeTensor(gert::Tensor *tensor, ValidityFlag flag, bool read_only)
      : NativeHandle(tensor, std::move(flag), read_only) {}
};

/// The validity flag of one callback: views borrowed under it expire on Invalidate().
class BorrowScope {
 public:
  BorrowScope() : flag_(std::make_shared<bool>(true)) {}
  const ValidityFlag &Flag() const { return flag_; }
  void Invalidate() const { *flag_ = false; }
  bool IsValid() const { return *flag_; }

 private:
  ValidityFlag flag_;
};

void BindShapes(py::module_ &m);
void BindFormats(py::module_ &m);
void BindTensorDesc(py::module_ &m);
void BindTensor(py::module_ &m);

}  // namespace runtime_native
}  // namespace ge

#endif  // GE_PY_NATIVE_RUNTIME_NATIVE_RUNTIME_TYPES_H_
