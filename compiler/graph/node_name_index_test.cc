// Unit tests of NodeNameIndex: lookups after growth and after many removals (backward shift),
// duplicate names, reuse of freed entries, removal of a node renamed behind the index's back,
// the move from the inline array of a small graph to the hashed table, and a table large enough
// to live in huge-page mappings (support/huge_pages.h).
#include "graph/node_name_index.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "graph/graph_test_util.h"
#include "graph/node.h"

namespace ge {
namespace {

TEST(NodeNameIndexTest, FindsEveryNodeAfterGrowing) {
  NodeNameIndex index;
  auto nodes = MakeNodes(5000);
  for (const auto &node : nodes) {
    ASSERT_TRUE(index.Insert(node.get()));
  }
  EXPECT_EQ(index.Size(), nodes.size());
  for (const auto &node : nodes) {
    ASSERT_EQ(index.Find(node->GetName()), node.get()) << node->GetName();
  }
  EXPECT_EQ(index.Find("n5000"), nullptr);
  EXPECT_EQ(index.Find(""), nullptr);
}

TEST(NodeNameIndexTest, RejectsDuplicateNames) {
  NodeNameIndex index;
  Node a(OpDesc("same", "Relu"), nullptr);
  Node b(OpDesc("same", "Relu"), nullptr);
  EXPECT_TRUE(index.Insert(&a));
  EXPECT_FALSE(index.Insert(&b));
  EXPECT_EQ(index.Find("same"), &a);
  EXPECT_EQ(index.Size(), 1u);
}

TEST(NodeNameIndexTest, RemovalsKeepTheRestReachable) {
  NodeNameIndex index;
  index.Reserve(3000);
  auto nodes = MakeNodes(3000);
  for (const auto &node : nodes) {
    ASSERT_TRUE(index.Insert(node.get()));
  }
  std::vector<size_t> order(nodes.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), std::mt19937(7));
  std::vector<bool> removed(nodes.size(), false);
  // Remove two thirds in random order, checking the whole table every 500 removals.
  for (size_t k = 0; k < 2000; ++k) {
    index.Erase(nodes[order[k]].get());
    removed[order[k]] = true;
    if (k % 500 == 499) {
      for (size_t i = 0; i < nodes.size(); ++i) {
        ASSERT_EQ(index.Find(nodes[i]->GetName()), removed[i] ? nullptr : nodes[i].get())
            << "after " << k + 1 << " removals, node " << i;
      }
    }
  }
  EXPECT_EQ(index.Size(), 1000u);
  // Names become free again.
  Node again(OpDesc(nodes[order[0]]->GetName(), "Relu"), nullptr);
  EXPECT_TRUE(index.Insert(&again));
  EXPECT_EQ(index.Find(again.GetName()), &again);
}

// Freed table entries are chained through themselves and handed out again: rounds of removing
// a random half and inserting fresh nodes (more than were freed, so the chain empties and the
// table grows past its pages) must keep every live node reachable and no removed one.
TEST(NodeNameIndexTest, FreedEntriesAreReusedAcrossRounds) {
  NodeNameIndex index;
  auto nodes = MakeNodes(12000);
  std::vector<bool> live(nodes.size(), false);
  std::vector<size_t> members;
  size_t next = 0;
  std::mt19937 rng(11);
  for (int round = 0; round < 6; ++round) {
    const size_t add = round == 0 ? 4100 : 1500;  // 4100: past the first full page
    for (size_t k = 0; k < add; ++k, ++next) {
      ASSERT_TRUE(index.Insert(nodes[next].get()));
      live[next] = true;
      members.push_back(next);
    }
    std::shuffle(members.begin(), members.end(), rng);
    const size_t keep = members.size() / 2;
    for (size_t k = keep; k < members.size(); ++k) {
      index.Erase(nodes[members[k]].get());
      live[members[k]] = false;
    }
    members.resize(keep);
    ASSERT_EQ(index.Size(), keep) << "round " << round;
    for (size_t i = 0; i < next; ++i) {
      ASSERT_EQ(index.Find(nodes[i]->GetName()), live[i] ? nodes[i].get() : nullptr)
          << "round " << round << ", node " << i;
    }
  }
}

TEST(NodeNameIndexTest, EraseFindsANodeRenamedBehindItsBack) {
  NodeNameIndex index;
  auto nodes = MakeNodes(100);
  for (const auto &node : nodes) {
    ASSERT_TRUE(index.Insert(node.get()));
  }
  nodes[42]->MutableOpDesc().SetName("renamed");
  index.Erase(nodes[42].get());
  EXPECT_EQ(index.Size(), 99u);
  nodes[42].reset();  // the index must not keep a pointer to it
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (i != 42) {
      EXPECT_EQ(index.Find(nodes[i]->GetName()), nodes[i].get());
    }
  }
  EXPECT_EQ(index.Find("n42"), nullptr);
  EXPECT_EQ(index.Find("renamed"), nullptr);
}

// Every size from empty to past the inline array, built through the PrefetchSlot + Insert pair
// the graph uses: each step finds every node, refuses a duplicate and forgets an erased node.
TEST(NodeNameIndexTest, SmallIndexesMoveToTheTableWithoutLosingNodes) {
  auto nodes = MakeNodes(40);
  for (size_t count = 0; count <= nodes.size(); ++count) {
    NodeNameIndex index;
    for (size_t i = 0; i < count; ++i) {
      const uint32_t hash = index.PrefetchSlot(nodes[i]->GetName());
      ASSERT_TRUE(index.Insert(nodes[i].get(), hash)) << count << " nodes, node " << i;
    }
    ASSERT_EQ(index.Size(), count);
    for (size_t i = 0; i < nodes.size(); ++i) {
      ASSERT_EQ(index.Find(nodes[i]->GetName()), i < count ? nodes[i].get() : nullptr)
          << count << " nodes, node " << i;
    }
    if (count == 0) {
      continue;
    }
    Node duplicate(OpDesc(nodes[count - 1]->GetName(), "Relu"), nullptr);
    EXPECT_FALSE(index.Insert(&duplicate, index.PrefetchSlot(duplicate.GetName())));
    index.Erase(nodes[0].get());
    EXPECT_EQ(index.Size(), count - 1);
    EXPECT_EQ(index.Find("n0"), nullptr);
    for (size_t i = 1; i < count; ++i) {
      ASSERT_EQ(index.Find(nodes[i]->GetName()), nodes[i].get()) << count << " nodes, node " << i;
    }
    EXPECT_TRUE(index.Insert(nodes[0].get())) << "an erased name is free again";
  }
}

TEST(NodeNameIndexTest, SmallIndexEraseFindsARenamedNodeAndReserveKeepsNodes) {
  NodeNameIndex index;
  auto nodes = MakeNodes(5);
  for (const auto &node : nodes) {
    ASSERT_TRUE(index.Insert(node.get()));
  }
  nodes[2]->MutableOpDesc().SetName("renamed");
  index.Erase(nodes[2].get());
  EXPECT_EQ(index.Size(), 4u);
  EXPECT_EQ(index.Find("renamed"), nullptr);
  index.Reserve(1000);  // leaves the inline array
  EXPECT_EQ(index.Size(), 4u);
  for (size_t i : {0, 1, 3, 4}) {
    EXPECT_EQ(index.Find(nodes[i]->GetName()), nodes[i].get());
  }
  EXPECT_FALSE(index.Insert(nodes[4].get()));
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
