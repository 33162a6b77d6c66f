#include "support/block_pool.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <set>
#include <thread>
#include <vector>

namespace ge {
namespace {

// Blocks a slab holds after its header (the header takes well under 256 bytes).
size_t BlocksPerSlab(const BlockPool &pool) {
  return (BlockPool::kSlabBytes - 256U) / pool.BlockSize();
}

TEST(BlockPoolTest, BlocksAreAlignedDistinctAndWritable) {
  BlockPool pool(100);
  EXPECT_EQ(pool.BlockSize(), 112U);  // rounded up to the alignment
  std::vector<void *> blocks;
  for (int i = 0; i < 1000; ++i) {
    void *block = pool.Allocate();
    EXPECT_EQ(reinterpret_cast<uintptr_t>(block) % BlockPool::kBlockAlign, 0U);
    std::memset(block, i & 0xFF, pool.BlockSize());
    blocks.push_back(block);
  }
  // No two blocks overlap: sorted, each starts at least one block after the previous one.
  std::vector<uintptr_t> starts;
  for (void *block : blocks) {
    starts.push_back(reinterpret_cast<uintptr_t>(block));
  }
  std::sort(starts.begin(), starts.end());
  for (size_t i = 1; i < starts.size(); ++i) {
    EXPECT_GE(starts[i] - starts[i - 1], pool.BlockSize());
  }
  for (int i = 0; i < 1000; ++i) {  // nothing wrote over another block's bytes
    EXPECT_EQ(static_cast<unsigned char *>(blocks[i])[pool.BlockSize() - 1], i & 0xFF);
  }
  EXPECT_EQ(pool.LiveBlocks(), 1000U);
  for (void *block : blocks) {
    pool.Deallocate(block);
  }
  EXPECT_EQ(pool.LiveBlocks(), 0U);
}

// The block freed last is the next one handed out: it is the one most likely still cached.
TEST(BlockPoolTest, TheLastFreedBlockIsReusedFirst) {
  BlockPool pool(64);
  void *a = pool.Allocate();
  void *b = pool.Allocate();
  void *c = pool.Allocate();
  pool.Deallocate(a);
  pool.Deallocate(c);
  EXPECT_EQ(pool.Allocate(), c);
  EXPECT_EQ(pool.Allocate(), a);
  pool.Deallocate(a);
  pool.Deallocate(b);
  pool.Deallocate(c);
}

// Emptied slabs go back to the system, except one kept for the next small graph; a slab that
// is still in use is never given back.
TEST(BlockPoolTest, EmptySlabsAreReturnedButOneIsKept) {
  BlockPool pool(336);
  const size_t per_slab = BlocksPerSlab(pool);
  std::vector<void *> blocks;
  for (size_t i = 0; i < 3 * per_slab + 10; ++i) {
    blocks.push_back(pool.Allocate());
  }
  EXPECT_EQ(pool.SlabCount(), 4U);
  // Free all but the last block: the slabs empty in turn, and all but one are unmapped.
  for (size_t i = 0; i + 1 < blocks.size(); ++i) {
    pool.Deallocate(blocks[i]);
  }
  EXPECT_LE(pool.SlabCount(), 2U);  // the one holding the last block, and at most one spare
  pool.Deallocate(blocks.back());
  EXPECT_EQ(pool.SlabCount(), 1U);
  EXPECT_EQ(pool.LiveBlocks(), 0U);
  // The kept slab serves the next allocation without a new mapping.
  void *again = pool.Allocate();
  EXPECT_EQ(pool.SlabCount(), 1U);
  pool.Deallocate(again);
}

// A block may be freed on another thread than the one that took it (the last reference to a
// node can be dropped anywhere); two threads taking and freeing at once leave the pool
// consistent: every block distinct while held, nothing live at the end.
TEST(BlockPoolTest, ThreadsMayAllocateAndFreeConcurrently) {
  BlockPool pool(48);
  constexpr int kRounds = 20000;
  auto worker = [&pool](std::vector<void *> *kept) {
    std::vector<void *> held;
    for (int i = 0; i < kRounds; ++i) {
      held.push_back(pool.Allocate());
      *static_cast<int *>(held.back()) = i;
      if (i % 3 == 2) {  // free two, keep one
        pool.Deallocate(held[held.size() - 1]);
        pool.Deallocate(held[held.size() - 2]);
        kept->push_back(held[held.size() - 3]);
        held.clear();
      }
    }
    for (void *block : held) {
      kept->push_back(block);
    }
  };
  std::vector<void *> first;
  std::vector<void *> second;
  std::thread a(worker, &first);
  std::thread b(worker, &second);
  a.join();
  b.join();
  std::set<void *> distinct(first.begin(), first.end());
  distinct.insert(second.begin(), second.end());
  EXPECT_EQ(distinct.size(), first.size() + second.size());
  EXPECT_EQ(pool.LiveBlocks(), distinct.size());
  // Freed by the other thread than the one that allocated them.
  std::thread free_first([&pool, &first] {
    for (void *block : first) {
      pool.Deallocate(block);
    }
  });
  for (void *block : second) {
    pool.Deallocate(block);
  }
  free_first.join();
  EXPECT_EQ(pool.LiveBlocks(), 0U);
  EXPECT_EQ(pool.SlabCount(), 1U);
}

}  // namespace
}  // namespace ge
