// Unit tests of the huge-page mappings for large random-access arrays: alignment, zero fill and
// size rounding of MapHugePages; HugePageArrayAllocator in std::vector on both sides of the
// threshold; and a name index large enough that its node table leaves the heap for huge pages.
#include "graph/huge_pages.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "graph/graph_test_util.h"
#include "graph/node.h"
#include "graph/node_name_index.h"

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

TEST(HugePagesTest, ALargeNameIndexKeepsEveryNodeFindableAcrossHugeRuns) {
  // 64 heap pages of 4096 entries, then runs of 64 pages: 300k nodes use the heap pages and two
  // runs, and the slot table (over 2 MB) is a mapping too.
  constexpr size_t kCount = 300000;
  const std::vector<std::unique_ptr<Node>> nodes = MakeNodes(kCount, "node_");
  NodeNameIndex index;
  for (const auto &node : nodes) {
    ASSERT_TRUE(index.Insert(node.get()));
  }
  for (size_t i = 0; i < kCount; i += 7) {
    index.Erase(nodes[i].get());
  }
  for (size_t i = 0; i < kCount; ++i) {
    Node *expected = i % 7 == 0 ? nullptr : nodes[i].get();
    ASSERT_EQ(index.Find(nodes[i]->GetName()), expected) << i;
  }
  // Freed entries are reused before the table grows again.
  for (size_t i = 0; i < kCount; i += 7) {
    ASSERT_TRUE(index.Insert(nodes[i].get()));
  }
  EXPECT_EQ(index.Size(), kCount);
  EXPECT_EQ(index.Find("node_0"), nodes[0].get());
}

}  // namespace
}  // namespace ge
