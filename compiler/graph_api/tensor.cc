// Shape, TensorDesc and Tensor: value wrappers over GeShape/GeTensorDesc/GeTensor.
#include "graph/tensor.h"

#include <cstring>
#include <new>
#include <utility>

#include "graph/ge_tensor.h"

namespace ge {
namespace {
// A T stored in a wrapper's buffer of kBytes: in place when it fits, else on the heap with the
// buffer holding the pointer. The choice is made per type at compile time, so a graph-core type
// that grows only costs an allocation again, never a build break.
template <typename T, size_t kBytes>
struct Box {
  static_assert(kBytes >= sizeof(T *), "the buffer must at least hold a pointer");
  static constexpr bool kInline = sizeof(T) <= kBytes && alignof(T) <= 16U;

  static T &Get(unsigned char *storage) {
    if constexpr (kInline) {
      return *std::launder(reinterpret_cast<T *>(storage));
    } else {
      T *object = nullptr;
      std::memcpy(&object, storage, sizeof(object));
      return *object;
    }
  }
  static const T &Get(const unsigned char *storage) {
    return Get(const_cast<unsigned char *>(storage));
  }
  template <typename... Args>
  static void Create(unsigned char *storage, Args &&...args) {
    if constexpr (kInline) {
      new (storage) T(std::forward<Args>(args)...);
    } else {
      T *object = new T(std::forward<Args>(args)...);
      std::memcpy(storage, &object, sizeof(object));
    }
  }
  static void Destroy(unsigned char *storage) {
    if constexpr (kInline) {
      Get(storage).~T();
    } else {
      delete &Get(storage);
    }
  }
};

// The buffer sizes declared in tensor_desc.h and tensor.h.
using DescBox = Box<GeTensorDesc, 128U>;
using TensorBox = Box<GeTensor, 160U>;
static_assert(sizeof(TensorDesc) >= 128U, "DescBox must match TensorDesc::storage_");
static_assert(sizeof(Tensor) >= 160U, "TensorBox must match Tensor::storage_");
}  // namespace

graphStatus Shape::SetDim(size_t idx, int64_t value) {
  if (idx >= dims_.size()) {
    return GRAPH_FAILED;
  }
  dims_[idx] = value;
  return GRAPH_SUCCESS;
}

int64_t Shape::GetShapeSize() const { return GeShape(dims_).GetShapeSize(); }

TensorDesc::TensorDesc() { DescBox::Create(storage_); }
TensorDesc::TensorDesc(Shape shape, Format format, DataType dt) {
  DescBox::Create(storage_, GeShape(shape.GetDims()), format, dt);
}
TensorDesc::TensorDesc(const TensorDesc &desc) {
  DescBox::Create(storage_, DescBox::Get(desc.storage_));
}
TensorDesc::TensorDesc(TensorDesc &&desc) noexcept {
  DescBox::Create(storage_, std::move(DescBox::Get(desc.storage_)));
}
TensorDesc &TensorDesc::operator=(const TensorDesc &desc) {
  DescBox::Get(storage_) = DescBox::Get(desc.storage_);
  return *this;
}
TensorDesc &TensorDesc::operator=(TensorDesc &&desc) noexcept {
  DescBox::Get(storage_) = std::move(DescBox::Get(desc.storage_));
  return *this;
}
TensorDesc::~TensorDesc() { DescBox::Destroy(storage_); }

Shape TensorDesc::GetShape() const { return Shape(GetGeTensorDesc().GetShape().GetDims()); }
void TensorDesc::SetShape(const Shape &shape) {
  MutableGeTensorDesc().SetShape(GeShape(shape.GetDims()));
}
Shape TensorDesc::GetOriginShape() const {
  return Shape(GetGeTensorDesc().GetOriginShape().GetDims());
}
void TensorDesc::SetOriginShape(const Shape &shape) {
  MutableGeTensorDesc().SetOriginShape(GeShape(shape.GetDims()));
}
Format TensorDesc::GetFormat() const { return GetGeTensorDesc().GetFormat(); }
void TensorDesc::SetFormat(Format format) { MutableGeTensorDesc().SetFormat(format); }
Format TensorDesc::GetOriginFormat() const { return GetGeTensorDesc().GetOriginFormat(); }
void TensorDesc::SetOriginFormat(Format format) { MutableGeTensorDesc().SetOriginFormat(format); }
DataType TensorDesc::GetDataType() const { return GetGeTensorDesc().GetDataType(); }
void TensorDesc::SetDataType(DataType dt) { MutableGeTensorDesc().SetDataType(dt); }
graphStatus TensorDesc::GetName(AscendString &name) const {
  name = AscendString(GetGeTensorDesc().GetName().c_str());
  return GRAPH_SUCCESS;
}
void TensorDesc::SetName(const char *name) {
  MutableGeTensorDesc().SetName(name == nullptr ? "" : name);
}
const GeTensorDesc &TensorDesc::GetGeTensorDesc() const { return DescBox::Get(storage_); }
GeTensorDesc &TensorDesc::MutableGeTensorDesc() { return DescBox::Get(storage_); }

Tensor::Tensor() { TensorBox::Create(storage_); }
Tensor::Tensor(const TensorDesc &desc) { TensorBox::Create(storage_, desc.GetGeTensorDesc()); }
Tensor::Tensor(const TensorDesc &desc, const std::vector<uint8_t> &data) {
  TensorBox::Create(storage_, desc.GetGeTensorDesc(), data);
}
Tensor::Tensor(const TensorDesc &desc, const uint8_t *data, size_t size) {
  TensorBox::Create(storage_, desc.GetGeTensorDesc(), data, size);
}
Tensor::Tensor(const GeTensor &tensor) { TensorBox::Create(storage_, tensor); }
Tensor::Tensor(const Tensor &other) { TensorBox::Create(storage_, other.GetGeTensor()); }
Tensor::Tensor(Tensor &&other) noexcept {
  TensorBox::Create(storage_, std::move(other.MutableGeTensor()));
}
Tensor &Tensor::operator=(const Tensor &other) {
  MutableGeTensor() = other.GetGeTensor();
  return *this;
}
Tensor &Tensor::operator=(Tensor &&other) noexcept {
  MutableGeTensor() = std::move(other.MutableGeTensor());
  return *this;
}
Tensor::~Tensor() { TensorBox::Destroy(storage_); }

TensorDesc Tensor::GetTensorDesc() const {
  TensorDesc desc;
  desc.MutableGeTensorDesc() = GetGeTensor().GetTensorDesc();
  return desc;
}
graphStatus Tensor::SetTensorDesc(const TensorDesc &desc) {
  MutableGeTensor().SetTensorDesc(desc.GetGeTensorDesc());
  return GRAPH_SUCCESS;
}
const uint8_t *Tensor::GetData() const { return GetGeTensor().GetData(); }
size_t Tensor::GetSize() const { return GetGeTensor().GetSize(); }
graphStatus Tensor::SetData(const std::vector<uint8_t> &data) {
  MutableGeTensor().SetData(data);
  return GRAPH_SUCCESS;
}
graphStatus Tensor::SetData(const uint8_t *data, size_t size) {
  if (data == nullptr && size != 0U) {
    return GRAPH_FAILED;
  }
  MutableGeTensor().SetData(data, size);
  return GRAPH_SUCCESS;
}
const GeTensor &Tensor::GetGeTensor() const { return TensorBox::Get(storage_); }
GeTensor &Tensor::MutableGeTensor() { return TensorBox::Get(storage_); }

}  // namespace ge
