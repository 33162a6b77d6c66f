#include "graph/block_pool.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "graph/compute_graph.h"

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

// A fork while another thread is inside the pool must not hand the child a pool locked by a
// thread it does not have: the child takes and frees a node (each child gives up after 5 s, so a
// deadlock fails the test instead of hanging it).
TEST(BlockPoolTest, AChildProcessCanUseThePoolWhileAnotherThreadWasInIt) {
  std::atomic<bool> stop{false};
  std::thread churn([&stop] {
    while (!stop.load()) {
      auto graph = std::make_shared<ComputeGraph>("churn");
      for (int i = 0; i < 64; ++i) {
        (void)graph->AddNode(OpDesc("n" + std::to_string(i), "Relu"));
      }
    }
  });
  int failures = 0;
  for (int round = 0; round < 20; ++round) {
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      alarm(5);
      auto graph = std::make_shared<ComputeGraph>("child");
      _exit(graph->AddNode(OpDesc("only", "Relu")) != nullptr ? 0 : 1);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    failures += WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
  }
  stop.store(true);
  churn.join();
  EXPECT_EQ(failures, 0);
}

// Nodes come from the node pool: a node outlives its graph while a reference holds it, and its
// block goes back when the last reference does.
TEST(BlockPoolTest, NodesComeFromThePoolAndOutliveTheirGraph) {
  if (!PooledAllocator<Node, NodeBlocks>::kPooled) {
    GTEST_SKIP() << "nodes come from operator new under AddressSanitizer";
  }
  auto live_nodes = [] {
    const BlockPool *pool = PoolOf<NodeBlocks>::Existing();
    return pool == nullptr ? size_t{0} : pool->LiveBlocks();
  };
  const size_t before = live_nodes();
  NodePtr kept;
  {
    auto graph = std::make_shared<ComputeGraph>("g");
    for (int i = 0; i < 100; ++i) {
      OpDesc desc("n" + std::to_string(i), "Relu");
      desc.AddOutputDesc("y", GeTensorDesc());
      ASSERT_NE(graph->AddNode(std::move(desc)), nullptr);
    }
    EXPECT_EQ(live_nodes(), before + 100U);
    kept = graph->GetNodePtr(graph->FindNode("n7"));
  }
  EXPECT_EQ(live_nodes(), before + 1U);
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(kept->GetName(), "n7");
  EXPECT_EQ(kept->GetOwnerGraph(), nullptr);
  kept.reset();
  EXPECT_EQ(live_nodes(), before);
}

}  // namespace
}  // namespace ge
