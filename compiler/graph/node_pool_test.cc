// The graph's nodes come from a BlockPool (support/block_pool.h): a node outlives its graph while
// referenced and gives its block back with its last reference, and a forked child can still
// create nodes while another thread of the parent was inside the pool.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <memory>
#include <string>
#include <thread>

#include "graph/compute_graph.h"
#include "support/block_pool.h"

namespace ge {
namespace {

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
