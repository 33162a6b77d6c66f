// Memory for large arrays read at random places (hash tables over all nodes of a graph): mapped
// in 2 MB-aligned runs and advised for transparent huge pages.
//
// Why: on a 1M-node graph the name index is ~24 MB probed at a random place per node edit. With
// 4 KB pages each probe also misses the TLB, and the page walk's own read is often one more
// cache miss; with 2 MB pages the whole table needs a dozen TLB entries. Small arrays stay on
// the heap: a mapping costs a system call and at least one whole huge page.
#ifndef GE_SUPPORT_HUGE_PAGES_H_
#define GE_SUPPORT_HUGE_PAGES_H_

#include <cstddef>
#include <new>

namespace ge {

constexpr size_t kHugePageBytes = size_t{2} << 20U;

/// `bytes` rounded up to whole 2 MB pages, 2 MB-aligned, zero-filled and advised MADV_HUGEPAGE
/// (advice only: without transparent huge pages the memory works the same). nullptr when the
/// mapping fails.
void *MapHugePages(size_t bytes);
/// Returns a mapping from MapHugePages(bytes).
void UnmapHugePages(void *base, size_t bytes) noexcept;

/// A std::allocator replacement that maps arrays of kHugePageBytes or more with MapHugePages
/// and leaves smaller ones to operator new.
template <typename T>
class HugePageArrayAllocator {
 public:
  using value_type = T;

  HugePageArrayAllocator() = default;
  template <typename U>
  HugePageArrayAllocator(const HugePageArrayAllocator<U> & /*other*/) noexcept {}  // NOLINT

  T *allocate(size_t count) {
    const size_t bytes = count * sizeof(T);
    if (bytes < kHugePageBytes) {
      return static_cast<T *>(::operator new(bytes));
    }
    void *mapped = MapHugePages(bytes);
    if (mapped == nullptr) {
      throw std::bad_alloc();
    }
    return static_cast<T *>(mapped);
  }
  void deallocate(T *array, size_t count) noexcept {
    const size_t bytes = count * sizeof(T);
    if (bytes < kHugePageBytes) {
      ::operator delete(array);
    } else {
      UnmapHugePages(array, bytes);
    }
  }

  template <typename U>
  bool operator==(const HugePageArrayAllocator<U> & /*other*/) const noexcept {
    return true;
  }
  template <typename U>
  bool operator!=(const HugePageArrayAllocator<U> & /*other*/) const noexcept {
    return false;
  }
};

}  // namespace ge

#endif  // GE_SUPPORT_HUGE_PAGES_H_
