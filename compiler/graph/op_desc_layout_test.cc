// Unit tests of the compact OpDesc layout: interned op types and port names, InlineVector copies
// and moves, and port-name bookkeeping past the inline capacity.
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "graph/compute_graph.h"
#include "graph/graph_test_util.h"
#include "graph/op_desc.h"
#include "support/inline_vector.h"
#include "support/interned_string.h"

namespace ge {
namespace {

TEST(InternStringTest, EqualTextsShareOneCopyAcrossThreads) {
  const std::string &relu = InternString("Relu");
  EXPECT_EQ(relu, "Relu");
  EXPECT_EQ(&InternString(std::string("Re") + "lu"), &relu);
  EXPECT_NE(&InternString("Relu6"), &relu);
  EXPECT_EQ(&InternString(""), &InternedEmptyString());
  // More distinct texts than the per-thread cache holds, from several threads at once.
  std::vector<std::vector<const std::string *>> seen(4);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < seen.size(); ++t) {
    threads.emplace_back([t, &seen] {
      for (int round = 0; round < 3; ++round) {
        for (int i = 0; i < 40; ++i) {
          const std::string &text = InternString("type_" + std::to_string((i * 7 + t) % 40));
          if (round == 0) seen[t].push_back(&text);
        }
      }
    });
  }
  for (std::thread &thread : threads) thread.join();
  for (size_t t = 0; t < seen.size(); ++t) {
    for (int i = 0; i < 40; ++i) {
      const std::string expected = "type_" + std::to_string((i * 7 + t) % 40);
      EXPECT_EQ(*seen[t][static_cast<size_t>(i)], expected);
      EXPECT_EQ(seen[t][static_cast<size_t>(i)], &InternString(expected));
    }
  }
}

TEST(OpDescLayoutTest, TypesAreInternedAndSettable) {
  OpDesc a("a", "Identity");
  OpDesc b("b", std::string("Identity"));
  EXPECT_EQ(&a.GetType(), &b.GetType());
  EXPECT_EQ(a.GetType(), "Identity");
  b.SetType("Relu");
  EXPECT_EQ(b.GetType(), "Relu");
  EXPECT_EQ(a.GetType(), "Identity");
  OpDesc empty;
  EXPECT_EQ(empty.GetType(), "");
  OpDesc copy(b);
  EXPECT_EQ(copy.GetType(), "Relu");
}

TEST(OpDescLayoutTest, PortNamesBeyondTheInlineCapacityKeepTheirOrder) {
  OpDesc op("op", "Concat");
  op.AddOutputDesc("y", GeTensorDesc());
  for (int i = 0; i < 5; ++i) {
    op.AddInputDesc("x" + std::to_string(i), GeTensorDesc(GeShape({i + 1})));
  }
  op.AddOutputDesc("extra", GeTensorDesc());
  ASSERT_EQ(op.GetInputsSize(), 5u);
  ASSERT_EQ(op.GetOutputsSize(), 2u);
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(op.GetInputName(static_cast<size_t>(i)), "x" + std::to_string(i));
    EXPECT_EQ(op.GetInputIndexByName("x" + std::to_string(i)), i);
    EXPECT_EQ(op.GetInputDesc(static_cast<size_t>(i))->GetShape().GetDim(0), i + 1);
  }
  EXPECT_EQ(op.GetOutputName(0), "y");
  EXPECT_EQ(op.GetOutputName(1), "extra");
  EXPECT_EQ(op.GetOutputIndexByName("extra"), 1);
  EXPECT_EQ(op.GetInputIndexByName("y"), -1);
  EXPECT_EQ(op.GetOutputIndexByName("x0"), -1);
  EXPECT_EQ(op.GetInputName(5), "");
  op.SetInputName(3, "renamed");
  op.SetOutputName(0, "out");
  EXPECT_EQ(op.GetInputIndexByName("renamed"), 3);
  EXPECT_EQ(op.GetOutputName(0), "out");

  // Copies are independent; moves carry the names (heap case here).
  OpDesc copy(op);
  copy.SetInputName(0, "changed");
  EXPECT_EQ(op.GetInputName(0), "x0");
  OpDesc moved(std::move(copy));
  EXPECT_EQ(moved.GetInputName(0), "changed");
  EXPECT_EQ(moved.GetOutputName(1), "extra");
  OpDesc assigned("z", "Relu");
  assigned = op;
  EXPECT_EQ(assigned.GetInputName(3), "renamed");
  EXPECT_EQ(assigned.GetType(), "Concat");
}

TEST(OpDescLayoutTest, InlinePortNamesSurviveMovesIntoTheGraph) {
  ComputeGraph graph("g");
  Node *node = graph.AddNode(MakeOp("n", "Identity", 1, 1));
  ASSERT_NE(node, nullptr);
  EXPECT_EQ(node->GetOpDesc().GetInputName(0), "x0");
  EXPECT_EQ(node->GetOpDesc().GetOutputName(0), "y0");
  EXPECT_EQ(node->GetType(), "Identity");
}

TEST(InlineVectorTest, CopiesAndMovesOwnTheirElements) {
  InlineVector<std::string, 2> small;
  small.push_back("a");
  small.push_back("b");
  InlineVector<std::string, 2> big;
  for (int i = 0; i < 5; ++i) big.push_back(std::string(40, static_cast<char>('a' + i)));

  InlineVector<std::string, 2> small_copy(small);
  InlineVector<std::string, 2> big_copy(big);
  small_copy[0] = "changed";
  EXPECT_EQ(small[0], "a");
  ASSERT_EQ(big_copy.size(), 5u);
  EXPECT_EQ(big_copy[4], std::string(40, 'e'));

  InlineVector<std::string, 2> small_moved(std::move(small));
  InlineVector<std::string, 2> big_moved(std::move(big));
  EXPECT_TRUE(small.empty());
  EXPECT_TRUE(big.empty());
  ASSERT_EQ(small_moved.size(), 2u);
  EXPECT_EQ(small_moved[1], "b");
  ASSERT_EQ(big_moved.size(), 5u);
  EXPECT_EQ(big_moved[0], std::string(40, 'a'));

  // Assignments in both directions between inline and heap storage.
  small_moved = big_moved;
  EXPECT_EQ(small_moved.size(), 5u);
  big_moved = std::move(small_copy);
  ASSERT_EQ(big_moved.size(), 2u);
  EXPECT_EQ(big_moved[0], "changed");
  small.push_back("reused after move");
  EXPECT_EQ(small[0], "reused after move");
}

TEST(ComputeGraphLayoutTest, RejectedDuplicateConsumesNoSequenceNumber) {
  ComputeGraph graph("g");
  Node *a = graph.AddNode(MakeOp("a", "Relu", 1, 1));
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(graph.AddNode(MakeOp("a", "Relu", 1, 1)), nullptr);
  Node *b = graph.AddNode(MakeOp("b", "Relu", 1, 1));
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->GetSeq(), a->GetSeq() + 1);
  EXPECT_EQ(graph.GetDirectNodesSize(), 2u);
  EXPECT_EQ(graph.FindNode("a"), a);
}

TEST(OpDescSharedAttrsTest, CopiesOfATemplateShareItsAttrsUntilTheirFirstWrite) {
  OpDesc base("tmpl", "Data");
  base.SetAttr("index", GeAttrValue(int64_t{3}));
  base.AddSubgraphInstanceName("body");
  base.ShareAttrsWithCopies();
  OpDesc copy = base;
  // Shared: the same block, read in place.
  EXPECT_EQ(&copy.GetAllAttrs(), &base.GetAllAttrs());
  ASSERT_NE(copy.GetAttrAs<int64_t>("index"), nullptr);
  EXPECT_EQ(*copy.GetAttrAs<int64_t>("index"), 3);
  // Deleting or removing what is absent does not unshare.
  EXPECT_FALSE(copy.DelAttr("missing"));
  copy.RemoveSubgraphInstanceName("missing");
  EXPECT_EQ(&copy.GetAllAttrs(), &base.GetAllAttrs());
  // The first write gives the copy its own block; the template is untouched.
  copy.SetAttr("index", GeAttrValue(int64_t{7}));
  EXPECT_NE(&copy.GetAllAttrs(), &base.GetAllAttrs());
  EXPECT_EQ(*copy.GetAttrAs<int64_t>("index"), 7);
  EXPECT_EQ(*base.GetAttrAs<int64_t>("index"), 3);
  EXPECT_EQ(copy.GetSubgraphInstanceNames(), std::vector<std::string>{"body"});
  // A copy of the unshared copy is a deep copy again.
  OpDesc second = copy;
  EXPECT_NE(&second.GetAllAttrs(), &copy.GetAllAttrs());
  // Every kind of write unshares: delete, clear, remove, mutable access.
  OpDesc deleting = base;
  EXPECT_TRUE(deleting.DelAttr("index"));
  EXPECT_FALSE(deleting.HasAttr("index"));
  EXPECT_TRUE(base.HasAttr("index"));
  OpDesc clearing = base;
  clearing.ClearSubgraphInstanceNames();
  EXPECT_TRUE(clearing.GetSubgraphInstanceNames().empty());
  EXPECT_EQ(base.GetSubgraphInstanceNames().size(), 1u);
  OpDesc removing = base;
  removing.RemoveSubgraphInstanceName("body");
  EXPECT_TRUE(removing.GetSubgraphInstanceNames().empty());
  EXPECT_EQ(base.GetSubgraphInstanceNames().size(), 1u);
  OpDesc mutating = base;
  mutating.MutableAllAttrs().clear();
  EXPECT_TRUE(mutating.GetAllAttrs().empty());
  EXPECT_EQ(base.GetAllAttrs().size(), 1u);
  // A write to the template itself leaves the copies' view alone.
  OpDesc reader = base;
  base.SetAttr("index", GeAttrValue(int64_t{9}));
  EXPECT_EQ(*reader.GetAttrAs<int64_t>("index"), 3);
  EXPECT_EQ(*base.GetAttrAs<int64_t>("index"), 9);
}

TEST(OpDescSharedAttrsTest, DescsNotMarkedAreCopiedDeeply) {
  OpDesc base("plain", "Relu");
  base.SetAttr("alpha", GeAttrValue(1.5F));
  OpDesc copy = base;
  EXPECT_NE(&copy.GetAllAttrs(), &base.GetAllAttrs());
  OpDesc empty("none", "Relu");
  empty.ShareAttrsWithCopies();  // nothing to share: still no block
  OpDesc empty_copy = empty;
  EXPECT_TRUE(empty_copy.GetAllAttrs().empty());
  empty_copy.SetAttr("k", GeAttrValue(int64_t{1}));
  EXPECT_TRUE(empty.GetAllAttrs().empty());
}

}  // namespace
}  // namespace ge
