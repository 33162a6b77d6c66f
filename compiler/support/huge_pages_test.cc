// Unit tests of the huge-page mappings for large random-access arrays: alignment, zero fill and
// size rounding of MapHugePages; HugePageArrayAllocator in std::vector on both sides of the
// threshold. The name index that uses them is tested in graph/node_name_index_test.cc.
#include "support/huge_pages.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace ge {
namespace {

// One byte per 4 KB page and the last byte: every page of the mapping reads as zero.
bool PagesReadZero(const void *data, size_t bytes) {
  const auto *memory = static_cast<const unsigned char *>(data);
  for (size_t i = 0; i < bytes; i += 4096) {
    if (memory[i] != 0) {
      return false;
    }
  }
  return memory[bytes - 1] == 0;
}

TEST(HugePagesTest, MappingsAreAlignedZeroedAndWritableToTheRoundedSize) {
  for (size_t bytes :
       {size_t{1}, kHugePageBytes - 1, kHugePageBytes, kHugePageBytes + 1, 3 * kHugePageBytes}) {
    void *mapped = MapHugePages(bytes);
    ASSERT_NE(mapped, nullptr) << bytes;
    EXPECT_EQ(reinterpret_cast<uintptr_t>(mapped) % kHugePageBytes, 0u) << bytes;
    const size_t rounded = (bytes + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
    EXPECT_TRUE(PagesReadZero(mapped, rounded)) << bytes;
    std::memset(mapped, 0xAB, rounded);  // the whole rounded size is usable
    UnmapHugePages(mapped, bytes);
  }
}

TEST(HugePagesTest, VectorsUseTheAllocatorOnBothSidesOfTheThreshold) {
  // Small: heap. Large: a mapping. Growing across the threshold moves the elements over.
  std::vector<uint64_t, HugePageArrayAllocator<uint64_t>> values;
  const size_t large = kHugePageBytes / sizeof(uint64_t) + 17;
  for (size_t i = 0; i < large; ++i) {
    values.push_back(i * 3);
  }
  EXPECT_EQ(reinterpret_cast<uintptr_t>(values.data()) % kHugePageBytes, 0u);
  for (size_t i = 0; i < large; ++i) {
    ASSERT_EQ(values[i], i * 3);
  }
  values.resize(4);
  values.shrink_to_fit();  // back to the heap
  EXPECT_EQ(values, (std::vector<uint64_t, HugePageArrayAllocator<uint64_t>>{0, 3, 6, 9}));
  std::vector<uint64_t, HugePageArrayAllocator<uint64_t>> sized(large);  // value-initialised
  EXPECT_EQ(sized.front(), 0u);
  EXPECT_EQ(sized.back(), 0u);
}

}  // namespace
}  // namespace ge
