// GeShape, GeTensorDesc and GeTensor.
#include "graph/ge_tensor.h"

#include <cstring>
#include <limits>
#include <mutex>

#include "graph/attr_value.h"

namespace ge {

void GeShape::Assign(const int64_t *dims, size_t count) {
  // memmove and copy-before-free keep this right when `dims` points into this shape.
  if (count <= kInlineDims) {
    int64_t copy[kInlineDims] = {};
    if (count != 0U) {  // an empty vector's data() may be null, which memmove must not get
      std::memmove(copy, dims, count * sizeof(int64_t));
    }
    // A heap block is dropped rather than kept: only a rank above kInlineDims needs one.
    Release();
    std::memcpy(inline_, copy, sizeof(inline_));
  } else if (count > capacity_) {
    auto *block = new int64_t[count];
    std::memcpy(block, dims, count * sizeof(int64_t));
    Release();
    heap_ = block;
    capacity_ = static_cast<uint32_t>(count);
  } else {
    std::memmove(heap_, dims, count * sizeof(int64_t));
  }
  size_ = static_cast<uint32_t>(count);
}

bool GeShape::IsUnknownShape() const {
  for (int64_t dim : GetDims()) {
    if (dim == UNKNOWN_DIM || dim == UNKNOWN_DIM_NUM) {
      return true;
    }
  }
  return false;
}

int64_t GeShape::GetShapeSize() const {
  int64_t size = 1;
  for (int64_t dim : GetDims()) {
    if (dim < 0) {
      return -1;
    }
    if (dim != 0 && size > std::numeric_limits<int64_t>::max() / dim) {
      return -1;
    }
    size *= dim;
  }
  return size;
}

std::string GeShape::ToString() const {
  std::string text = "[";
  const DimsView dims = GetDims();
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i != 0) {
      text += ", ";
    }
    text += std::to_string(dims[i]);
  }
  return text + "]";
}

struct GeTensorDesc::Extra {
  std::string name;
  AttrMap attrs;
};

GeTensorDesc::GeTensorDesc() = default;

GeTensorDesc::GeTensorDesc(GeShape shape, Format format, DataType dtype)
    : shape_(std::move(shape)), format_(format), origin_format_(format), dtype_(dtype) {}

GeTensorDesc::GeTensorDesc(const GeTensorDesc &other)
    : shape_(other.shape_),
      origin_shape_(other.origin_shape_),
      origin_shape_initialized_(other.origin_shape_initialized_),
      format_(other.format_),
      origin_format_(other.origin_format_),
      dtype_(other.dtype_),
      origin_dtype_(other.origin_dtype_),
      extra_(other.extra_ ? std::make_unique<Extra>(*other.extra_) : nullptr) {}

GeTensorDesc &GeTensorDesc::operator=(const GeTensorDesc &other) {
  if (this != &other) {
    // Member-wise: the dims vectors reuse their storage when it is large enough (a port desc is
    // often overwritten with one of the same rank), where copy-and-move allocated both anew.
    shape_ = other.shape_;
    origin_shape_ = other.origin_shape_;
    origin_shape_initialized_ = other.origin_shape_initialized_;
    format_ = other.format_;
    origin_format_ = other.origin_format_;
    dtype_ = other.dtype_;
    origin_dtype_ = other.origin_dtype_;
    if (other.extra_ == nullptr) {
      extra_.reset();
    } else if (extra_ == nullptr) {
      extra_ = std::make_unique<Extra>(*other.extra_);
    } else {
      *extra_ = *other.extra_;
    }
  }
  return *this;
}

GeTensorDesc::GeTensorDesc(GeTensorDesc &&other) noexcept = default;
GeTensorDesc &GeTensorDesc::operator=(GeTensorDesc &&other) noexcept = default;
GeTensorDesc::~GeTensorDesc() = default;

GeTensorDesc::Extra &GeTensorDesc::MutableExtra() {
  if (!extra_) {
    extra_ = std::make_unique<Extra>();
  }
  return *extra_;
}

const std::string &GeTensorDesc::GetName() const {
  static const std::string kEmpty;
  return extra_ ? extra_->name : kEmpty;
}

void GeTensorDesc::SetName(std::string name) {
  if (extra_ || !name.empty()) {
    MutableExtra().name = std::move(name);
  }
}

const AttrMap &GeTensorDesc::GetAttrs() const {
  static const AttrMap kEmpty;
  return extra_ ? extra_->attrs : kEmpty;
}

AttrMap &GeTensorDesc::MutableAttrs() { return MutableExtra().attrs; }

bool GeTensorDesc::IsSameMeta(const GeTensorDesc &other) const {
  return shape_ == other.shape_ && format_ == other.format_ && dtype_ == other.dtype_ &&
         origin_shape_ == other.origin_shape_ && origin_format_ == other.origin_format_;
}

bool GeTensorDesc::operator==(const GeTensorDesc &other) const {
  if (!IsSameMeta(other) || origin_shape_initialized_ != other.origin_shape_initialized_ ||
      origin_dtype_ != other.origin_dtype_) {
    return false;
  }
  if (extra_ == nullptr && other.extra_ == nullptr) {
    return true;  // neither has a name or attributes
  }
  return GetName() == other.GetName() && GetAttrs() == other.GetAttrs();
}

int64_t GeTensorDesc::GetTensorBytes() const {
  int64_t count = shape_.GetShapeSize();
  int32_t element = GetSizeByDataType(dtype_);
  if (count < 0 || element <= 0) {
    return -1;
  }
  if (count != 0 && element > std::numeric_limits<int64_t>::max() / count) {
    return -1;
  }
  return count * element;
}

GeTensor::GeTensor(GeTensorDesc desc, std::vector<uint8_t> data) : desc_(std::move(desc)) {
  SetData(std::move(data));
}

GeTensor::GeTensor(GeTensorDesc desc, const void *data, size_t size) : desc_(std::move(desc)) {
  SetData(data, size);
}

std::vector<uint8_t> GeTensor::GetBytes() const {
  const uint8_t *bytes = GetStoredBytes();
  return bytes == nullptr ? std::vector<uint8_t>() : std::vector<uint8_t>(bytes, bytes + size_);
}

void GeTensor::SetData(std::vector<uint8_t> data) {
  if (data.size() <= kInlineBytes) {
    SetData(data.data(), data.size());
    return;
  }
  size_ = data.size();
  auto block = std::make_shared<const std::vector<uint8_t>>(std::move(data));
  shared_ = std::shared_ptr<const uint8_t>(block, block->data());
  unaligned_.reset();
}

struct GeTensor::AlignedCopyOnce {
  std::once_flag once;
  std::unique_ptr<uint8_t[]> bytes;
};

void GeTensor::ShareData(std::shared_ptr<const void> owner, const uint8_t *data, size_t size) {
  if (data == nullptr || size <= kInlineBytes) {
    SetData(data, size);
    return;
  }
  size_ = size;
  shared_ = std::shared_ptr<const uint8_t>(std::move(owner), data);
  // 8 bytes (alignof(double), the most any element type needs) whatever the element type: the
  // desc may be retyped later, and the bytes must stay readable as the new type.
  unaligned_.reset();
  if (reinterpret_cast<uintptr_t>(data) % kDataAlignment != 0) {
    unaligned_ = std::make_shared<AlignedCopyOnce>();
  }
}

const uint8_t *GeTensor::AlignedCopy() const {
  std::call_once(unaligned_->once, [this] {
    // operator new[] aligns for any fundamental type.
    unaligned_->bytes.reset(new uint8_t[size_]);
    std::memcpy(unaligned_->bytes.get(), shared_.get(), size_);
  });
  return unaligned_->bytes.get();
}

void GeTensor::SetData(const void *data, size_t size) {
  if (data == nullptr || size == 0) {
    size_ = 0;
    shared_.reset();
    unaligned_.reset();
    return;
  }
  const auto *bytes = static_cast<const uint8_t *>(data);
  if (size > kInlineBytes) {
    SetData(std::vector<uint8_t>(bytes, bytes + size));
    return;
  }
  // `data` may point into this tensor's own bytes: copy before dropping the shared block.
  uint8_t copy[kInlineBytes];
  std::memcpy(copy, bytes, size);
  shared_.reset();
  unaligned_.reset();
  std::memcpy(inline_, copy, size);
  size_ = size;
}

bool GeTensor::operator==(const GeTensor &other) const {
  return desc_.IsSameMeta(other.desc_) && size_ == other.size_ &&
         (size_ == 0 || std::memcmp(GetStoredBytes(), other.GetStoredBytes(), size_) == 0);
}

}  // namespace ge
