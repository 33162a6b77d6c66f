// InlineVector<T, N>: a contiguous, growable array holding up to N elements inside the object and
// moving to the heap beyond that. The graph keeps per-node port peers in it: almost every node
// has one input and one output port, and a std::vector per port list cost one allocation (and
// ~40 bytes of fresh memory) per node. Only the operations the graph core needs are provided.
#ifndef GE_SUPPORT_INLINE_VECTOR_H_
#define GE_SUPPORT_INLINE_VECTOR_H_

#include <cstddef>
#include <cstdint>
#include <new>
#include <utility>

namespace ge {

template <typename T, size_t N>
class InlineVector {
  static_assert(N > 0, "InlineVector needs inline room for at least one element");

 public:
  InlineVector() = default;
  InlineVector(const InlineVector &other) { CopyFrom(other); }
  InlineVector(InlineVector &&other) noexcept { StealFrom(other); }
  InlineVector &operator=(const InlineVector &other) {
    if (this != &other) {
      clear();
      CopyFrom(other);
    }
    return *this;
  }
  InlineVector &operator=(InlineVector &&other) noexcept {
    if (this != &other) {
      Release();
      StealFrom(other);
    }
    return *this;
  }
  ~InlineVector() { Release(); }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T &operator[](size_t index) { return data_[index]; }
  const T &operator[](size_t index) const { return data_[index]; }
  T *begin() { return data_; }
  T *end() { return data_ + size_; }
  const T *begin() const { return data_; }
  const T *end() const { return data_ + size_; }
  T *data() { return data_; }
  const T *data() const { return data_; }
  const T &front() const { return data_[0]; }
  const T &back() const { return data_[size_ - 1]; }

  void reserve(size_t capacity) {
    if (capacity > capacity_) {
      Grow(capacity);
    }
  }
  /// Grows with value-initialized elements or shrinks by destroying the tail.
  void resize(size_t count) {
    reserve(count);
    while (size_ < count) {
      new (data_ + size_) T();
      ++size_;
    }
    while (size_ > count) {
      --size_;
      data_[size_].~T();
    }
  }
  void push_back(T value) {
    if (size_ == capacity_) {
      Grow(capacity_ * 2);
    }
    new (data_ + size_) T(std::move(value));
    ++size_;
  }
  /// Destroys the elements; heap storage, if any, is kept for reuse.
  void clear() { resize(0); }
  /// Removes the element at `position`, keeping the order of the rest; returns the position of
  /// the element that followed it.
  T *erase(T *position) {
    for (T *it = position; it + 1 != end(); ++it) {
      *it = std::move(*(it + 1));
    }
    --size_;
    data_[size_].~T();
    return position;
  }

 private:
  T *inline_data() { return reinterpret_cast<T *>(inline_); }

  // Precondition: empty (size_ == 0); keeps any heap storage already owned.
  void CopyFrom(const InlineVector &other) {
    reserve(other.size_);
    for (const T &value : other) {
      new (data_ + size_) T(value);
      ++size_;
    }
  }

  // Precondition: this owns no elements and no heap storage. Takes other's heap block as is, or
  // moves its inline elements; `other` is left empty and inline.
  void StealFrom(InlineVector &other) noexcept {
    if (other.data_ != other.inline_data()) {
      data_ = other.data_;
      capacity_ = other.capacity_;
      size_ = other.size_;
    } else {
      data_ = inline_data();
      capacity_ = N;
      for (size_t i = 0; i < other.size_; ++i) {
        new (data_ + i) T(std::move(other.data_[i]));
        other.data_[i].~T();
      }
      size_ = other.size_;
    }
    other.data_ = other.inline_data();
    other.size_ = 0;
    other.capacity_ = N;
  }

  // Destroys the elements and frees the heap block; the object is left empty and inline.
  void Release() noexcept {
    clear();
    if (data_ != inline_data()) {
      ::operator delete(data_);
    }
    data_ = inline_data();
    capacity_ = N;
  }

  void Grow(size_t capacity) {
    T *heap = static_cast<T *>(::operator new(capacity * sizeof(T)));
    for (size_t i = 0; i < size_; ++i) {
      new (heap + i) T(std::move(data_[i]));
      data_[i].~T();
    }
    if (data_ != inline_data()) {
      ::operator delete(data_);
    }
    data_ = heap;
    capacity_ = static_cast<uint32_t>(capacity);
  }

  T *data_ = inline_data();
  uint32_t size_ = 0;
  uint32_t capacity_ = N;
  alignas(T) unsigned char inline_[N * sizeof(T)];
};

}  // namespace ge

#endif  // GE_SUPPORT_INLINE_VECTOR_H_
