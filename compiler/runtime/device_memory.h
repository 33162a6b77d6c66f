// "Device" memory of the host runtime: the allocators a stream can have (the built-in one, or an
// external allocator given as C callbacks) and the buffers allocated from
// them. On the host the device is ordinary memory, but every byte of a device tensor really lives
// in a block obtained from the stream's allocator and is returned to it through its free callback.
#ifndef GE_RUNTIME_DEVICE_MEMORY_H_
#define GE_RUNTIME_DEVICE_MEMORY_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "ge/ge_error_codes.h"

namespace ge {
namespace runtime {

/// Allocates blocks of device memory. A block is an opaque key; GetAddr gives its address.
class DeviceAllocator {
 public:
  virtual ~DeviceAllocator() = default;
  /// A block of at least `size` bytes, or nullptr (with the last error set).
  virtual void *Malloc(size_t size) = 0;
  virtual void *GetAddr(void *block) = 0;
  virtual void Free(void *block) = 0;
  virtual bool IsExternal() const = 0;
};

/// The built-in allocator (GE's default device allocator): std::malloc / std::free.
class HostDeviceAllocator : public DeviceAllocator {
 public:
  void *Malloc(size_t size) override;
  void *GetAddr(void *block) override { return block; }
  void Free(void *block) override;
  bool IsExternal() const override { return false; }
};

/// The C callbacks of an external allocator (GE's signatures).
struct AllocatorCallbacks {
  void *(*malloc_cb)(void *key, size_t size) = nullptr;
  void (*free_cb)(void *key, void *block) = nullptr;
  void *(*get_addr_cb)(void *block) = nullptr;
  void (*on_destroy_cb)(void *key) = nullptr;
  void *key = nullptr;
};

/// An allocator implemented by the user (Python ge.allocator.Allocator through ctypes). Its
/// destructor calls on_destroy(key) once, when neither the stream registry nor any buffer still
/// refers to it, so the caller may release the callbacks then.
class CallbackAllocator : public DeviceAllocator {
 public:
  explicit CallbackAllocator(const AllocatorCallbacks &callbacks) : callbacks_(callbacks) {}
  ~CallbackAllocator() override;
  void *Malloc(size_t size) override;
  void *GetAddr(void *block) override;
  void Free(void *block) override;
  bool IsExternal() const override { return true; }

 private:
  AllocatorCallbacks callbacks_;
};

/// One block of device memory holding a tensor's bytes; returns the block on destruction.
class DeviceBuffer {
 public:
  /// Allocates `size` bytes from `allocator` and copies `size` bytes of `source` into them.
  static Status Create(const std::shared_ptr<DeviceAllocator> &allocator, const void *source,
                       size_t size, std::shared_ptr<DeviceBuffer> *buffer);
  ~DeviceBuffer();
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;

  const void *GetAddr() const { return addr_; }
  size_t GetSize() const { return size_; }
  const DeviceAllocator &GetAllocator() const { return *allocator_; }

 private:
  DeviceBuffer() = default;
  std::shared_ptr<DeviceAllocator> allocator_;
  void *block_ = nullptr;
  void *addr_ = nullptr;
  size_t size_ = 0;
};

/// Process-wide allocator per stream (GE keeps them per stream, across sessions).
class StreamAllocatorRegistry {
 public:
  static StreamAllocatorRegistry &Instance();
  /// Replaces whatever `stream` had.
  void Register(void *stream, std::shared_ptr<DeviceAllocator> allocator);
  /// False when `stream` had no allocator.
  bool Unregister(void *stream);
  /// The allocator of `stream`, or nullptr.
  std::shared_ptr<DeviceAllocator> Get(void *stream) const;
  bool HasExternal(void *stream) const;
  bool HasDefault(void *stream) const;

 private:
  mutable std::mutex mutex_;
  std::map<void *, std::shared_ptr<DeviceAllocator>> allocators_;
};

/// Device buffers by id. Device tensors carry their id in a tensor-desc attribute (ids are never
/// reused, so a stale id finds nothing instead of another tensor's memory).
class DeviceBufferTable {
 public:
  static DeviceBufferTable &Instance();
  int64_t Add(std::shared_ptr<DeviceBuffer> buffer);
  std::shared_ptr<DeviceBuffer> Find(int64_t id) const;
  /// Drops the table's reference (the block is freed once no run still reads it).
  bool Remove(int64_t id);
  size_t Size() const;

 private:
  mutable std::mutex mutex_;
  int64_t next_id_ = 1;
  std::map<int64_t, std::shared_ptr<DeviceBuffer>> buffers_;
};

/// "0x1f" style text of a stream pointer for messages.
std::string StreamText(const void *stream);

}  // namespace runtime
}  // namespace ge

#endif  // GE_RUNTIME_DEVICE_MEMORY_H_
