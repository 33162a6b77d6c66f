// Value types of the IR: GeShape, GeTensorDesc (shape/format/dtype of one node port) and GeTensor
// (a desc plus immutable, shareable bytes; the payload of Const nodes and tensor attributes).
#ifndef GE_GRAPH_GE_TENSOR_H_
#define GE_GRAPH_GE_TENSOR_H_

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "graph/attr_map.h"
#include "graph/types.h"

namespace ge {

/// A read-only view of a shape's dims, valid until that shape changes. Converts to
/// std::vector<int64_t> where a copy is wanted.
class DimsView {
 public:
  DimsView() = default;
  DimsView(const int64_t *data, size_t size) : data_(data), size_(size) {}
  DimsView(const std::vector<int64_t> &dims)  // NOLINT: implicit, a vector is a view too
      : data_(dims.data()), size_(dims.size()) {}

  const int64_t *begin() const { return data_; }
  const int64_t *end() const { return data_ + size_; }
  const int64_t *data() const { return data_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  int64_t operator[](size_t index) const { return data_[index]; }
  int64_t front() const { return data_[0]; }
  int64_t back() const { return data_[size_ - 1]; }
  std::vector<int64_t> ToVector() const { return std::vector<int64_t>(begin(), end()); }
  operator std::vector<int64_t>() const { return ToVector(); }  // NOLINT: implicit by design

  friend bool operator==(DimsView a, DimsView b) {
    return a.size_ == b.size_ && std::equal(a.begin(), a.end(), b.begin());
  }
  friend bool operator!=(DimsView a, DimsView b) { return !(a == b); }

 private:
  const int64_t *data_ = nullptr;
  size_t size_ = 0;
};

class GeShape {
 public:
  GeShape() = default;
  explicit GeShape(const std::vector<int64_t> &dims) { Assign(dims.data(), dims.size()); }
  explicit GeShape(DimsView dims) { Assign(dims.data(), dims.size()); }
  // Copies of inline shapes (the common case, once per port desc copy) copy the fixed-size
  // buffer in place; only heap shapes take the out-of-line path.
  GeShape(const GeShape &other) {
    if (other.capacity_ == 0) {
      CopyInline(other);
    } else {
      Assign(other.heap_, other.size_);
    }
  }
  GeShape(GeShape &&other) noexcept { Steal(other); }
  GeShape &operator=(const GeShape &other) {
    // Checked first: the inline path is a memcpy, which must not overlap itself.
    if (this == &other) {
      return *this;
    }
    if (capacity_ == 0 && other.capacity_ == 0) {
      CopyInline(other);
    } else {
      Assign(other.data(), other.size_);
    }
    return *this;
  }
  GeShape &operator=(GeShape &&other) noexcept {
    if (this != &other) {
      Release();
      Steal(other);
    }
    return *this;
  }
  ~GeShape() { Release(); }

  DimsView GetDims() const { return DimsView(data(), size_); }
  void SetDims(const std::vector<int64_t> &dims) { Assign(dims.data(), dims.size()); }
  void SetDims(DimsView dims) { Assign(dims.data(), dims.size()); }
  size_t GetDimNum() const { return size_; }
  int64_t GetDim(size_t index) const { return index < size_ ? data()[index] : 0; }
  bool IsScalar() const { return size_ == 0; }
  /// True when any dim is UNKNOWN_DIM (-1) or the rank is unknown ([-2]).
  bool IsUnknownShape() const;
  bool IsUnknownRank() const { return size_ == 1 && data()[0] == UNKNOWN_DIM_NUM; }
  /// Element count: 1 for a scalar, -1 when unknown, -1 on int64 overflow.
  int64_t GetShapeSize() const;
  bool operator==(const GeShape &other) const { return GetDims() == other.GetDims(); }
  bool operator!=(const GeShape &other) const { return !(*this == other); }
  /// "[1, 3, 224, 224]".
  std::string ToString() const;

 private:
  // Shapes of rank <= 4 (nearly every tensor) keep their dims inside the object: copying a port
  // desc then allocates nothing, where a std::vector cost one allocation per non-scalar shape.
  static constexpr uint32_t kInlineDims = 4;
  const int64_t *data() const { return capacity_ == 0 ? inline_ : heap_; }
  // Replaces the dims with a copy of [dims, dims + count) (which may be this shape's own dims).
  void Assign(const int64_t *dims, size_t count);
  // Preconditions: both shapes inline.
  void CopyInline(const GeShape &other) {
    std::memcpy(inline_, other.inline_, sizeof(inline_));
    size_ = other.size_;
  }
  // Precondition: this shape owns no heap block. Leaves `other` empty and inline.
  void Steal(GeShape &other) noexcept {
    size_ = other.size_;
    capacity_ = other.capacity_;
    if (capacity_ != 0) {
      heap_ = other.heap_;
    } else {
      std::memcpy(inline_, other.inline_, sizeof(inline_));
    }
    other.size_ = 0;
    other.capacity_ = 0;
  }
  void Release() noexcept {
    if (capacity_ != 0) {
      delete[] heap_;
      capacity_ = 0;
    }
  }

  union {
    int64_t inline_[kInlineDims] = {};  // zeroed so that copying the whole buffer reads no garbage
    int64_t *heap_;                     // when capacity_ != 0
  };
  uint32_t size_ = 0;
  uint32_t capacity_ = 0;  // 0: the dims are in inline_
};

class GeTensorDesc {
 public:
  GeTensorDesc();
  GeTensorDesc(GeShape shape, Format format = FORMAT_ND, DataType dtype = DT_FLOAT);
  GeTensorDesc(const GeTensorDesc &other);
  GeTensorDesc &operator=(const GeTensorDesc &other);
  GeTensorDesc(GeTensorDesc &&other) noexcept;
  GeTensorDesc &operator=(GeTensorDesc &&other) noexcept;
  ~GeTensorDesc();

  const GeShape &GetShape() const { return shape_; }
  GeShape &MutableShape() { return shape_; }
  void SetShape(GeShape shape) { shape_ = std::move(shape); }
  const GeShape &GetOriginShape() const { return origin_shape_; }
  void SetOriginShape(GeShape shape) {
    origin_shape_ = std::move(shape);
    origin_shape_initialized_ = true;
  }
  bool IsOriginShapeInitialized() const { return origin_shape_initialized_; }
  void SetOriginShapeInitialized(bool value) { origin_shape_initialized_ = value; }

  Format GetFormat() const { return format_; }
  void SetFormat(Format format) { format_ = format; }
  Format GetOriginFormat() const { return origin_format_; }
  void SetOriginFormat(Format format) { origin_format_ = format; }
  DataType GetDataType() const { return dtype_; }
  void SetDataType(DataType dtype) { dtype_ = dtype; }
  DataType GetOriginDataType() const { return origin_dtype_; }
  void SetOriginDataType(DataType dtype) { origin_dtype_ = dtype; }

  /// "" unless set (the name lives in the lazily allocated extra block, see below).
  const std::string &GetName() const;
  void SetName(std::string name);

  /// Free-form attributes of this port (e.g. `_parent_node_index`, user output attrs).
  const AttrMap &GetAttrs() const;
  AttrMap &MutableAttrs();

  /// Everything equal, attributes included.
  bool operator==(const GeTensorDesc &other) const;
  bool operator!=(const GeTensorDesc &other) const { return !(*this == other); }
  /// Shape, formats and data types equal (attributes and name ignored).
  bool IsSameMeta(const GeTensorDesc &other) const;
  /// Bytes of a tensor with this desc: -1 if unknown shape or non-fixed-width type.
  int64_t GetTensorBytes() const;

 private:
  GeShape shape_;
  GeShape origin_shape_;
  bool origin_shape_initialized_ = false;
  Format format_ = FORMAT_ND;
  Format origin_format_ = FORMAT_ND;
  DataType dtype_ = DT_FLOAT;
  DataType origin_dtype_ = DT_UNDEFINED;
  // The rarely set parts (port name, free-form attributes), allocated on first write: most descs
  // of a large graph have neither, and the name and map would add 72 bytes to every desc. Behind
  // a pointer also so that AttrMap may hold tensor descs.
  struct Extra;
  Extra &MutableExtra();
  std::unique_ptr<Extra> extra_;
};

/// A tensor value. The bytes are never modified in place: larger values are shared between
/// copies, so copying a graph with large weights is cheap; values of up to kInlineBytes (scalars,
/// shapes, axes: most consts of a graph) are stored in the tensor itself.
class GeTensor {
 public:
  GeTensor() = default;
  explicit GeTensor(GeTensorDesc desc) : desc_(std::move(desc)) {}
  GeTensor(GeTensorDesc desc, std::vector<uint8_t> data);
  GeTensor(GeTensorDesc desc, const void *data, size_t size);

  const GeTensorDesc &GetTensorDesc() const { return desc_; }
  GeTensorDesc &MutableTensorDesc() { return desc_; }
  void SetTensorDesc(GeTensorDesc desc) { desc_ = std::move(desc); }

  /// The bytes (nullptr when there are none), aligned to kDataAlignment: kernels read them
  /// through typed pointers.
  const uint8_t *GetData() const {
    if (size_ <= kInlineBytes) {
      return size_ == 0 ? nullptr : inline_;
    }
    return unaligned_ == nullptr ? shared_.get() : AlignedCopy();
  }
  /// The bytes as stored (nullptr when there are none), for readers that go byte by byte
  /// (writers, comparisons): unlike GetData, never copies shared bytes that are not aligned.
  const uint8_t *GetStoredBytes() const {
    return size_ == 0 ? nullptr : size_ <= kInlineBytes ? inline_ : shared_.get();
  }
  size_t GetSize() const { return size_; }
  /// A copy of the bytes.
  std::vector<uint8_t> GetBytes() const;
  void SetData(std::vector<uint8_t> data);
  void SetData(const void *data, size_t size);
  /// Refers to `size` bytes at `data` without copying them; `owner` keeps them alive (an
  /// imported model's file buffer, say). When `data` is not aligned to kDataAlignment, GetData
  /// makes an aligned copy on its first call.
  void ShareData(std::shared_ptr<const void> owner, const uint8_t *data, size_t size);
  bool operator==(const GeTensor &other) const;

  static constexpr size_t kInlineBytes = 16;
  /// What GetData guarantees: enough for every element type (complex128 is two doubles).
  static constexpr uintptr_t kDataAlignment = alignof(double);

 private:
  // Why inline: a scalar const held its 4 bytes in a shared vector, two small heap blocks (the
  // vector's with its count, and the bytes). A fusion pass removes and adds such consts by the
  // hundred thousand, and glibc keeps freed blocks that small in its fast bins, to be merged
  // long after, when they are no longer cached.
  GeTensorDesc desc_;
  size_t size_ = 0;
  // The bytes when size_ > kInlineBytes: points at them and owns the block they live in (a
  // vector of this tensor's, or a buffer shared through ShareData).
  std::shared_ptr<const uint8_t> shared_;
  alignas(8) uint8_t inline_[kInlineBytes] = {};  // the bytes when size_ <= kInlineBytes
  // Set when the shared bytes are not aligned to kDataAlignment (weights inside a protobuf file
  // sit at any offset): the copy GetData returns is made on its first call, once for all copies
  // of the tensor, and writers that only stream the bytes never make it.
  struct AlignedCopyOnce;
  const uint8_t *AlignedCopy() const;
  std::shared_ptr<AlignedCopyOnce> unaligned_;
};

}  // namespace ge

#endif  // GE_GRAPH_GE_TENSOR_H_
