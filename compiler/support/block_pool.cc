// BlockPool: see block_pool.h for why nodes do not come from malloc.
#include "support/block_pool.h"

#include <cassert>

#include "support/huge_pages.h"

namespace ge {

namespace {
constexpr size_t RoundUp(size_t value, size_t to) { return (value + to - 1U) / to * to; }
}  // namespace

// The header at the start of every slab; a block finds its slab by rounding its address down to
// the slab size, so a free needs no lookup.
struct BlockPool::Slab {
  Slab *prev = nullptr;
  Slab *next = nullptr;
  void *free = nullptr;  // freed blocks, linked through their first bytes
  char *unused;          // this block and those after it were never handed out
  char *end;             // the end of the slab
  size_t live = 0;
  bool open = false;  // in the open list

  Slab(char *first_block, char *slab_end) : unused(first_block), end(slab_end) {}
  bool HasRoom(size_t block_size) const {
    return free != nullptr || static_cast<size_t>(end - unused) >= block_size;
  }
};

BlockPool::BlockPool(size_t block_size) : block_size_(RoundUp(block_size, kBlockAlign)) {
  assert(RoundUp(sizeof(Slab), kBlockAlign) + block_size_ <= kSlabBytes);
}

BlockPool::~BlockPool() {
  while (open_ != nullptr) {
    Slab *slab = open_;
    Unlink(slab);
    UnmapSlab(slab);
  }
}

BlockPool::Slab *BlockPool::MapSlab() {
  static_assert(kSlabBytes == kHugePageBytes, "a slab is one huge page");
  auto *base = static_cast<char *>(MapHugePages(kSlabBytes));
  if (base == nullptr) {
    return nullptr;
  }
  ++slab_count_;
  return new (base) Slab(base + RoundUp(sizeof(Slab), kBlockAlign), base + kSlabBytes);
}

void BlockPool::UnmapSlab(Slab *slab) noexcept {
  slab->~Slab();
  UnmapHugePages(slab, kSlabBytes);
  --slab_count_;
}

void BlockPool::LinkFront(Slab *slab) noexcept {
  slab->prev = nullptr;
  slab->next = open_;
  if (open_ != nullptr) {
    open_->prev = slab;
  }
  open_ = slab;
  slab->open = true;
}

void BlockPool::Unlink(Slab *slab) noexcept {
  if (slab->prev != nullptr) {
    slab->prev->next = slab->next;
  } else {
    open_ = slab->next;
  }
  if (slab->next != nullptr) {
    slab->next->prev = slab->prev;
  }
  slab->prev = nullptr;
  slab->next = nullptr;
  slab->open = false;
}

void *BlockPool::Allocate() {
  std::lock_guard<std::mutex> lock(mutex_);
  Slab *slab = open_;
  if (slab == nullptr) {
    slab = MapSlab();
    if (slab == nullptr) {
      throw std::bad_alloc();
    }
    LinkFront(slab);
  }
  void *block;
  if (slab->free != nullptr) {
    block = slab->free;
    slab->free = *static_cast<void **>(block);
  } else {
    block = slab->unused;
    slab->unused += block_size_;
  }
  ++slab->live;
  ++live_blocks_;
  if (!slab->HasRoom(block_size_)) {
    Unlink(slab);  // full: back in a list when one of its blocks is freed
  }
  return block;
}

void BlockPool::Deallocate(void *block) noexcept {
  if (block == nullptr) {
    return;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  auto *slab = reinterpret_cast<Slab *>(reinterpret_cast<uintptr_t>(block) & ~(kSlabBytes - 1U));
  *static_cast<void **>(block) = slab->free;
  slab->free = block;
  --slab->live;
  --live_blocks_;
  if (slab->live == 0U) {
    if (slab->open) {
      Unlink(slab);
    }
    if (open_ != nullptr) {
      UnmapSlab(slab);  // another slab has room: this empty one goes back to the system
      return;
    }
    LinkFront(slab);
    return;
  }
  // In front, so the next node reuses the block just freed while it is still in the cache (the
  // usual case: it is in front already).
  if (slab != open_) {
    if (slab->open) {
      Unlink(slab);
    }
    LinkFront(slab);
  }
}

size_t BlockPool::SlabCount() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return slab_count_;
}

size_t BlockPool::LiveBlocks() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return live_blocks_;
}

}  // namespace ge
