// BlockPool: fixed-size blocks carved from 2 MB slabs, for the nodes of every graph (each node is
// one allocate_shared block: control block + Node).
//
// Why not malloc: slabs are 2 MB-aligned and asked for transparent huge pages, so a walk over a
// 1M-node graph misses the TLB once per 2 MB of nodes instead of once per 4 KB (most of the gain:
// the 1M-node fusion stage ran ~17 % faster, ~6 % without the huge pages). And a freed block goes
// onto its slab's free list, to be reused by the next node while still cached, where glibc
// merges a freed 336-byte chunk with its free neighbours (reading lines of cold neighbouring
// nodes). A slab is returned to the system when its last block is freed, unless it is the only
// slab with room left (kept to spare the next small graph a mapping).
//
// Thread-safe: nodes are created and destroyed on whichever thread holds the last reference (a
// Python handle, a session thread). One mutex; a node's life costs two uncontended lock/unlock
// pairs, against the hundreds of instructions of its construction.
#ifndef GE_SUPPORT_BLOCK_POOL_H_
#define GE_SUPPORT_BLOCK_POOL_H_

#include <pthread.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <new>

namespace ge {

class BlockPool {
 public:
  static constexpr size_t kSlabBytes = size_t{2} << 20U;
  static constexpr size_t kBlockAlign = 16U;

  /// Blocks of `block_size` bytes (rounded up to kBlockAlign), which must leave room for at least
  /// one block in a slab after its header.
  explicit BlockPool(size_t block_size);
  /// Unmaps every slab: only for pools whose blocks are all freed (tests). The node pool is never
  /// destroyed, since nodes may be freed by static destructors at exit.
  ~BlockPool();
  BlockPool(const BlockPool &) = delete;
  BlockPool &operator=(const BlockPool &) = delete;

  /// A block, aligned to kBlockAlign. Throws std::bad_alloc when no slab can be mapped.
  void *Allocate();
  /// Returns a block from Allocate() of this pool.
  void Deallocate(void *block) noexcept;

  /// fork() safety for process-wide pools (PoolOf registers these with pthread_atfork): the
  /// pool is locked across fork, so the child never inherits it locked by a thread it does not
  /// have.
  void LockForFork() { mutex_.lock(); }
  void UnlockAfterFork() { mutex_.unlock(); }

  size_t BlockSize() const { return block_size_; }
  /// Slabs currently mapped, and blocks handed out and not yet returned (tests, diagnostics).
  size_t SlabCount() const;
  size_t LiveBlocks() const;

 private:
  struct Slab;
  Slab *MapSlab();
  void UnmapSlab(Slab *slab) noexcept;
  void LinkFront(Slab *slab) noexcept;
  void Unlink(Slab *slab) noexcept;

  const size_t block_size_;
  mutable std::mutex mutex_;
  // Slabs with a free or never used block, most recently freed into first; full slabs are in no
  // list (a freed block puts its slab back in front).
  Slab *open_ = nullptr;
  size_t slab_count_ = 0;
  size_t live_blocks_ = 0;
};

/// The process-wide pool named by `Tag` (leaked on purpose, see ~BlockPool). The first Get fixes
/// its block size: each tag serves one allocate_shared type.
template <typename Tag>
class PoolOf {
 public:
  static BlockPool &Get(size_t block_size) {
    BlockPool *pool = created_.load(std::memory_order_acquire);
    return pool != nullptr ? *pool : Create(block_size);
  }
  /// The pool when something was allocated from it, else nullptr (tests, diagnostics).
  static const BlockPool *Existing() { return created_.load(std::memory_order_acquire); }

 private:
  // Not a function-local static: its initialisation guard is a lock, and a fork while another
  // thread held it (creating the pool for its first node) left the child waiting on it forever.
  // Two threads may both create a pool; the first to publish wins, the other is discarded.
  static BlockPool &Create(size_t block_size) {
    auto fresh = std::make_unique<BlockPool>(block_size);
    BlockPool *published = nullptr;
    if (created_.compare_exchange_strong(published, fresh.get(), std::memory_order_acq_rel,
                                         std::memory_order_acquire)) {
      (void)pthread_atfork(&LockForFork, &UnlockAfterFork, &UnlockAfterFork);
      return *fresh.release();
    }
    return *published;
  }
  static void LockForFork() { Owned()->LockForFork(); }
  static void UnlockAfterFork() { Owned()->UnlockAfterFork(); }
  static BlockPool *Owned() { return created_.load(std::memory_order_acquire); }
  static inline std::atomic<BlockPool *> created_{nullptr};
};

/// A stateless allocator for std::allocate_shared that takes single objects from PoolOf<Tag>.
/// Under AddressSanitizer it is plain operator new/delete, so that a use of a freed node is still
/// reported.
template <typename T, typename Tag>
class PooledAllocator {
 public:
  using value_type = T;
  PooledAllocator() noexcept = default;
  template <typename U>
  PooledAllocator(const PooledAllocator<U, Tag> & /*other*/) noexcept {}  // NOLINT

  T *allocate(size_t count) {
    static_assert(alignof(T) <= BlockPool::kBlockAlign, "BlockPool blocks are 16-byte aligned");
    if (kPooled && count == 1U) {
      return static_cast<T *>(PoolOf<Tag>::Get(sizeof(T)).Allocate());
    }
    return static_cast<T *>(::operator new(count * sizeof(T)));
  }
  void deallocate(T *object, size_t count) noexcept {
    if (kPooled && count == 1U) {
      PoolOf<Tag>::Get(sizeof(T)).Deallocate(object);
      return;
    }
    ::operator delete(object);
  }

  template <typename U>
  bool operator==(const PooledAllocator<U, Tag> & /*other*/) const noexcept {
    return true;
  }
  template <typename U>
  bool operator!=(const PooledAllocator<U, Tag> & /*other*/) const noexcept {
    return false;
  }

  /// False under AddressSanitizer: every object then comes from operator new.
#if defined(__SANITIZE_ADDRESS__)
  static constexpr bool kPooled = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  static constexpr bool kPooled = false;
#else
  static constexpr bool kPooled = true;
#endif
#else
  static constexpr bool kPooled = true;
#endif
};

}  // namespace ge

#endif  // GE_SUPPORT_BLOCK_POOL_H_
