// The lifetime model of every ge.runtime object: a NativeHandle either owns its value (a
// TensorDesc, a user-built StorageShape) or borrows one (a tensor of a running callback, the
// shape inside a TensorDesc). All handles derived from one value share its validity flag: the
// owner clears it when it dies, the borrower's scope when the callback ends, and every later use
// raises RuntimeError("handle has expired") instead of touching freed memory.
#ifndef GE_PY_NATIVE_RUNTIME_NATIVE_NATIVE_HANDLE_H_
#define GE_PY_NATIVE_RUNTIME_NATIVE_NATIVE_HANDLE_H_

#include <memory>
#include <stdexcept>
#include <utility>

namespace ge {
namespace runtime_native {

using ValidityFlag = std::shared_ptr<bool>;

template <typename T>
class NativeHandle {
 public:
  NativeHandle(NativeHandle &&) noexcept = default;
  NativeHandle &operator=(NativeHandle &&) noexcept = default;
  NativeHandle(const NativeHandle &) = delete;
  NativeHandle &operator=(const NativeHandle &) = delete;
  ~NativeHandle() {
    if (owns_flag_ && flag_ != nullptr) {
      *flag_ = false;  // views of this value expire with it
    }
  }

  const T &Get() const {
    EnsureValid();
    return *ptr_;
  }
  /// The value for a setter; RuntimeError when it is a read-only (compile-time) view.
  T &Mutable() const {
    EnsureValid();
    if (read_only_) {
      throw std::runtime_error("borrowed object is read-only");
    }
    return *ptr_;
  }
  bool IsReadOnly() const {
    EnsureValid();
    return read_only_;
  }
  const ValidityFlag &Flag() const {
    EnsureValid();
    return flag_;
  }

 protected:
  explicit NativeHandle(std::unique_ptr<T> value)
      : storage_(std::move(value)),
        ptr_(storage_.get()),
        flag_(std::make_shared<bool>(true)),
        owns_flag_(true) {}
  NativeHandle(T *value, ValidityFlag flag, bool read_only)
      : ptr_(value), flag_(std::move(flag)), read_only_(read_only) {}
  /// An owned copy that still expires with `flag` (read-only snapshots of borrowed values).
  NativeHandle(std::unique_ptr<T> value, ValidityFlag flag)
      : storage_(std::move(value)),
        ptr_(storage_.get()),
        flag_(std::move(flag)),
        read_only_(true) {}

 private:
  void EnsureValid() const {
    if (flag_ == nullptr || !*flag_ || ptr_ == nullptr) {
      throw std::runtime_error("handle has expired");
    }
  }

  std::unique_ptr<T> storage_;
  T *ptr_ = nullptr;
  ValidityFlag flag_;
  bool owns_flag_ = false;
  bool read_only_ = false;
};

}  // namespace runtime_native
}  // namespace ge

#endif  // GE_PY_NATIVE_RUNTIME_NATIVE_NATIVE_HANDLE_H_
