// Device allocators, buffers and the per-stream registry of the host runtime.
#include "runtime/device_memory.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "common/error.h"

namespace ge {
namespace runtime {

void *HostDeviceAllocator::Malloc(size_t size) {
  // malloc(0) may return NULL legitimately; a block must always be a real pointer.
  void *block = std::malloc(size == 0 ? 1 : size);
  if (block == nullptr) {
    SetLastError("the built-in device allocator is out of memory (" + std::to_string(size) +
                 " bytes)");
  }
  return block;
}

void HostDeviceAllocator::Free(void *block) { std::free(block); }

CallbackAllocator::~CallbackAllocator() {
  if (callbacks_.on_destroy_cb != nullptr) {
    callbacks_.on_destroy_cb(callbacks_.key);
  }
}

void *CallbackAllocator::Malloc(size_t size) {
  if (callbacks_.malloc_cb == nullptr) {
    SetLastError("the external allocator has no malloc callback");
    return nullptr;
  }
  void *block = callbacks_.malloc_cb(callbacks_.key, size);
  if (block == nullptr) {
    SetLastError("the external allocator returned no block for " + std::to_string(size) + " bytes");
  }
  return block;
}

void *CallbackAllocator::GetAddr(void *block) {
  return callbacks_.get_addr_cb == nullptr ? nullptr : callbacks_.get_addr_cb(block);
}

void CallbackAllocator::Free(void *block) {
  if (callbacks_.free_cb != nullptr) {
    callbacks_.free_cb(callbacks_.key, block);
  }
}

Status DeviceBuffer::Create(const std::shared_ptr<DeviceAllocator> &allocator, const void *source,
                            size_t size, std::shared_ptr<DeviceBuffer> *buffer) {
  if (allocator == nullptr || buffer == nullptr) {
    return Fail("DeviceBuffer::Create: allocator and buffer must not be null");
  }
  std::shared_ptr<DeviceBuffer> created(new DeviceBuffer());
  created->allocator_ = allocator;
  created->size_ = size;
  created->block_ = allocator->Malloc(size);
  if (created->block_ == nullptr) {
    return FAILED;
  }
  created->addr_ = allocator->GetAddr(created->block_);
  if (created->addr_ == nullptr) {
    // The destructor still returns the block to the allocator.
    return Fail(std::string(allocator->IsExternal() ? "the external" : "the built-in") +
                " allocator gave no address for a block of " + std::to_string(size) + " bytes");
  }
  if (size != 0 && source != nullptr) {
    std::memcpy(created->addr_, source, size);
  }
  *buffer = std::move(created);
  return SUCCESS;
}

DeviceBuffer::~DeviceBuffer() {
  if (block_ != nullptr && allocator_ != nullptr) {
    allocator_->Free(block_);
  }
}

StreamAllocatorRegistry &StreamAllocatorRegistry::Instance() {
  // Leaked on purpose: allocators may call back into Python, which must not happen during
  // static destruction at process exit.
  static auto *registry = new StreamAllocatorRegistry();
  return *registry;
}

void StreamAllocatorRegistry::Register(void *stream, std::shared_ptr<DeviceAllocator> allocator) {
  std::shared_ptr<DeviceAllocator> previous;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    previous = std::move(allocators_[stream]);
    allocators_[stream] = std::move(allocator);
  }
  // `previous` (possibly calling on_destroy) is released outside the lock.
}

bool StreamAllocatorRegistry::Unregister(void *stream) {
  std::shared_ptr<DeviceAllocator> previous;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = allocators_.find(stream);
    if (it == allocators_.end()) {
      return false;
    }
    previous = std::move(it->second);
    allocators_.erase(it);
  }
  return true;
}

std::shared_ptr<DeviceAllocator> StreamAllocatorRegistry::Get(void *stream) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = allocators_.find(stream);
  return it == allocators_.end() ? nullptr : it->second;
}

bool StreamAllocatorRegistry::HasExternal(void *stream) const {
  auto allocator = Get(stream);
  return allocator != nullptr && allocator->IsExternal();
}

bool StreamAllocatorRegistry::HasDefault(void *stream) const {
  auto allocator = Get(stream);
  return allocator != nullptr && !allocator->IsExternal();
}

DeviceBufferTable &DeviceBufferTable::Instance() {
  static auto *table = new DeviceBufferTable();  // leaked for the same reason as the registry
  return *table;
}

int64_t DeviceBufferTable::Add(std::shared_ptr<DeviceBuffer> buffer) {
  std::lock_guard<std::mutex> lock(mutex_);
  const int64_t id = next_id_++;
  buffers_[id] = std::move(buffer);
  return id;
}

std::shared_ptr<DeviceBuffer> DeviceBufferTable::Find(int64_t id) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = buffers_.find(id);
  return it == buffers_.end() ? nullptr : it->second;
}

bool DeviceBufferTable::Remove(int64_t id) {
  std::shared_ptr<DeviceBuffer> removed;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = buffers_.find(id);
    if (it == buffers_.end()) {
      return false;
    }
    removed = std::move(it->second);
    buffers_.erase(it);
  }
  return true;  // `removed` frees the block (free callback) outside the lock
}

size_t DeviceBufferTable::Size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return buffers_.size();
}

std::string StreamText(const void *stream) {
  char text[32];
  std::snprintf(text, sizeof(text), "0x%llx",
                static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(stream)));
  return text;
}

}  // namespace runtime
}  // namespace ge
