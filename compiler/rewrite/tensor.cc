// Shape, TensorDesc and Tensor: value wrappers over GeShape/GeTensorDesc/GeTensor.
#include "graph/tensor.h"

#include "graph/ge_tensor.h"

namespace ge {

graphStatus Shape::SetDim(size_t idx, int64_t value) {
  if (idx >= dims_.size()) {
    return GRAPH_FAILED;
  }
  dims_[idx] = value;
  return GRAPH_SUCCESS;
}

int64_t Shape::GetShapeSize() const { return GeShape(dims_).GetShapeSize(); }

TensorDesc::TensorDesc() : impl_(std::make_unique<GeTensorDesc>()) {}
TensorDesc::TensorDesc(Shape shape, Format format, DataType dt)
    : impl_(std::make_unique<GeTensorDesc>(GeShape(shape.GetDims()), format, dt)) {}
TensorDesc::TensorDesc(const TensorDesc &desc)
    : impl_(std::make_unique<GeTensorDesc>(*desc.impl_)) {}
TensorDesc::TensorDesc(TensorDesc &&desc) noexcept
    : impl_(std::make_unique<GeTensorDesc>(std::move(*desc.impl_))) {}
TensorDesc &TensorDesc::operator=(const TensorDesc &desc) {
  *impl_ = *desc.impl_;
  return *this;
}
TensorDesc &TensorDesc::operator=(TensorDesc &&desc) noexcept {
  *impl_ = std::move(*desc.impl_);
  return *this;
}
TensorDesc::~TensorDesc() = default;

Shape TensorDesc::GetShape() const { return Shape(impl_->GetShape().GetDims()); }
void TensorDesc::SetShape(const Shape &shape) { impl_->SetShape(GeShape(shape.GetDims())); }
Shape TensorDesc::GetOriginShape() const { return Shape(impl_->GetOriginShape().GetDims()); }
void TensorDesc::SetOriginShape(const Shape &shape) {
  impl_->SetOriginShape(GeShape(shape.GetDims()));
}
Format TensorDesc::GetFormat() const { return impl_->GetFormat(); }
void TensorDesc::SetFormat(Format format) { impl_->SetFormat(format); }
Format TensorDesc::GetOriginFormat() const { return impl_->GetOriginFormat(); }
void TensorDesc::SetOriginFormat(Format format) { impl_->SetOriginFormat(format); }
DataType TensorDesc::GetDataType() const { return impl_->GetDataType(); }
void TensorDesc::SetDataType(DataType dt) { impl_->SetDataType(dt); }
graphStatus TensorDesc::GetName(AscendString &name) const {
  name = AscendString(impl_->GetName().c_str());
  return GRAPH_SUCCESS;
}
void TensorDesc::SetName(const char *name) { impl_->SetName(name == nullptr ? "" : name); }
const GeTensorDesc &TensorDesc::GetGeTensorDesc() const { return *impl_; }
GeTensorDesc &TensorDesc::MutableGeTensorDesc() { return *impl_; }

Tensor::Tensor() : impl_(std::make_unique<GeTensor>()) {}
Tensor::Tensor(const TensorDesc &desc)
    : impl_(std::make_unique<GeTensor>(desc.GetGeTensorDesc())) {}
Tensor::Tensor(const TensorDesc &desc, const std::vector<uint8_t> &data)
    : impl_(std::make_unique<GeTensor>(desc.GetGeTensorDesc(), data)) {}
Tensor::Tensor(const TensorDesc &desc, const uint8_t *data, size_t size)
    : impl_(std::make_unique<GeTensor>(desc.GetGeTensorDesc(), data, size)) {}
Tensor::Tensor(const GeTensor &tensor) : impl_(std::make_unique<GeTensor>(tensor)) {}
Tensor::Tensor(const Tensor &other) : impl_(std::make_unique<GeTensor>(*other.impl_)) {}
Tensor::Tensor(Tensor &&other) noexcept
    : impl_(std::make_unique<GeTensor>(std::move(*other.impl_))) {}
Tensor &Tensor::operator=(const Tensor &other) {
  *impl_ = *other.impl_;
  return *this;
}
Tensor &Tensor::operator=(Tensor &&other) noexcept {
  *impl_ = std::move(*other.impl_);
  return *this;
}
Tensor::~Tensor() = default;

TensorDesc Tensor::GetTensorDesc() const {
  TensorDesc desc;
  desc.MutableGeTensorDesc() = impl_->GetTensorDesc();
  return desc;
}
graphStatus Tensor::SetTensorDesc(const TensorDesc &desc) {
  impl_->SetTensorDesc(desc.GetGeTensorDesc());
  return GRAPH_SUCCESS;
}
const uint8_t *Tensor::GetData() const { return impl_->GetData(); }
size_t Tensor::GetSize() const { return impl_->GetSize(); }
graphStatus Tensor::SetData(const std::vector<uint8_t> &data) {
  impl_->SetData(data);
  return GRAPH_SUCCESS;
}
graphStatus Tensor::SetData(const uint8_t *data, size_t size) {
  if (data == nullptr && size != 0U) {
    return GRAPH_FAILED;
  }
  impl_->SetData(data, size);
  return GRAPH_SUCCESS;
}
const GeTensor &Tensor::GetGeTensor() const { return *impl_; }

}  // namespace ge
