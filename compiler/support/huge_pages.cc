#include "support/huge_pages.h"

#include <sys/mman.h>

#include <cstdint>

namespace ge {
namespace {
constexpr size_t RoundUp(size_t value, size_t to) { return (value + to - 1U) / to * to; }
}  // namespace

void *MapHugePages(size_t bytes) {
  const size_t size = RoundUp(bytes, kHugePageBytes);
  // One huge page more than needed, then the unaligned ends are given back: mmap only promises
  // 4 KB alignment, and a huge page must start on a 2 MB boundary.
  void *mapped = mmap(nullptr, size + kHugePageBytes, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) {
    return nullptr;
  }
  const auto start = reinterpret_cast<uintptr_t>(mapped);
  const uintptr_t aligned = RoundUp(start, kHugePageBytes);
  if (aligned > start) {
    (void)munmap(mapped, aligned - start);
  }
  const uintptr_t tail = aligned + size;
  const uintptr_t mapped_end = start + size + kHugePageBytes;
  if (mapped_end > tail) {
    (void)munmap(reinterpret_cast<void *>(tail), mapped_end - tail);
  }
  auto *base = reinterpret_cast<void *>(aligned);
#ifdef MADV_HUGEPAGE
  (void)madvise(base, size, MADV_HUGEPAGE);
#endif
  return base;
}

void UnmapHugePages(void *base, size_t bytes) noexcept {
  (void)munmap(base, RoundUp(bytes, kHugePageBytes));
}

}  // namespace ge
