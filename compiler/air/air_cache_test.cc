// The AIR writer and reader reuse the bytes/decoded values of repeated port descs and attribute
// runs. These tests pin down that reuse never changes a result: exact round trips with many
// near-identical ops, no sharing of graph attributes between ops, signed zeros kept, and clean
// errors for damaged records next to cached ones.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <utility>

#include "air/air_io.h"
#include "air/air_test_util.h"
#include "common/error.h"

namespace ge {
namespace {

using testing_util::ExpectSameGraph;
using testing_util::MakeOp;

std::string Serialize(const ComputeGraphPtr &graph) { return testing_util::SerializeAir(graph); }

ComputeGraphPtr Parse(const std::string &bytes) { return testing_util::ParseAir(bytes); }

/// A chain of `count` Relu ops whose descs and attributes repeat with small variations, so
/// both caches see hits and near-misses (same bytes but one field different).
ComputeGraphPtr BuildNearlyRepeatedChain(int count) {
  auto graph = std::make_shared<ComputeGraph>("chain");
  Node *prev = graph->AddNode(MakeOp("input", "Data", 1, 1));
  graph->AddInputNode(prev);
  for (int i = 1; i < count; ++i) {
    OpDesc op = MakeOp("relu_" + std::to_string(i), "Relu", 1, 1);
    GeTensorDesc *out = op.MutableOutputDesc(0);
    if (i % 3 == 0) {
      out->SetName("named_" + std::to_string(i % 2));
    }
    if (i % 5 == 0) {
      out->SetDataType(DT_FLOAT16);
    }
    if (i % 7 == 0) {
      out->SetOriginShape(GeShape({2, 3}));
      out->SetOriginDataType(DT_FLOAT);
    }
    if (i % 11 == 0) {
      out->SetFormat(FORMAT_NCHW);
      out->SetOriginFormat(FORMAT_NHWC);
    }
    if (i % 2 == 0) {
      op.SetAttr("k", GeAttrValue(int64_t{i % 4}));
    }
    if (i % 13 == 0) {
      op.SetAttr("s", GeAttrValue(std::string(i % 26 == 0 ? "x" : "y")));
    }
    Node *node = graph->AddNode(std::move(op));
    EXPECT_EQ(graph->AddDataEdge(prev, 0, node, 0), SUCCESS);
    prev = node;
  }
  return graph;
}

TEST(AirCacheTest, NearlyRepeatedOpsRoundTripExactly) {
  ComputeGraphPtr original = BuildNearlyRepeatedChain(300);
  const std::string bytes = Serialize(original);
  ComputeGraphPtr loaded = Parse(bytes);
  ASSERT_NE(loaded, nullptr);
  ExpectSameGraph(*original, *loaded);
  EXPECT_EQ(Serialize(loaded), bytes) << "save -> load -> save must give identical bytes";
}

TEST(AirCacheTest, LoadedOpsWithEqualAttributesAreIndependent) {
  ComputeGraphPtr loaded = Parse(Serialize(BuildNearlyRepeatedChain(10)));
  ASSERT_NE(loaded, nullptr);
  Node *a = loaded->FindNode("relu_2");
  Node *b = loaded->FindNode("relu_6");
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  a->MutableOpDesc().SetAttr("k", GeAttrValue(int64_t{42}));
  a->MutableOpDesc().MutableOutputDesc(0)->SetShape(GeShape({9}));
  EXPECT_EQ(*b->GetOpDesc().GetAttrAs<int64_t>("k"), 2);
  EXPECT_EQ(b->GetOpDesc().GetOutputDesc(0)->GetShape().GetDims(), (std::vector<int64_t>{2, 3}));
}

TEST(AirCacheTest, EqualGraphAttributesLoadAsSeparateGraphs) {
  auto graph = std::make_shared<ComputeGraph>("g");
  auto body = std::make_shared<ComputeGraph>("body");
  body->AddNode(MakeOp("inner", "Relu", 1, 1));
  for (const char *name : {"a", "b"}) {
    OpDesc op = MakeOp(name, "Foo", 0, 1);
    op.SetAttr("fn", GeAttrValue(body));
    graph->AddNode(std::move(op));
  }
  ComputeGraphPtr loaded = Parse(Serialize(graph));
  ASSERT_NE(loaded, nullptr);
  const ComputeGraphPtr *first =
      loaded->FindNode("a")->GetOpDesc().GetAttrAs<ComputeGraphPtr>("fn");
  const ComputeGraphPtr *second =
      loaded->FindNode("b")->GetOpDesc().GetAttrAs<ComputeGraphPtr>("fn");
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  EXPECT_NE(first->get(), second->get()) << "each op must own its own decoded graph";
  EXPECT_NE((*first)->FindNode("inner"), nullptr);
}

TEST(AirCacheTest, SignedZeroDescAttributesKeepTheirBytes) {
  auto graph = std::make_shared<ComputeGraph>("g");
  const std::pair<const char *, float> zeros[] = {
      {"positive_0", 0.0F}, {"negative", -0.0F}, {"positive_2", 0.0F}};
  for (const auto &item : zeros) {
    OpDesc op = MakeOp(item.first, "Foo", 0, 1);
    op.MutableOutputDesc(0)->MutableAttrs()["z"] = GeAttrValue(item.second);
    graph->AddNode(std::move(op));
  }
  const std::string bytes = Serialize(graph);
  ComputeGraphPtr loaded = Parse(bytes);
  ASSERT_NE(loaded, nullptr);
  auto zero_of = [&loaded](const std::string &name) {
    const AttrMap &attrs = loaded->FindNode(name)->GetOpDesc().GetOutputDesc(0)->GetAttrs();
    return *attrs.at("z").Get<float>();
  };
  EXPECT_TRUE(std::signbit(zero_of("negative")));
  EXPECT_FALSE(std::signbit(zero_of("positive_0")));
  EXPECT_FALSE(std::signbit(zero_of("positive_2")));
  EXPECT_EQ(Serialize(loaded), bytes);
}

TEST(AirCacheTest, DamageNextToCachedRecordsGivesCleanErrors) {
  const std::string valid = Serialize(BuildNearlyRepeatedChain(60));
  std::mt19937 rng(4242);
  int rejected = 0;
  for (int iteration = 0; iteration < 600; ++iteration) {
    std::string bytes = valid;
    // Damage only the second half, after the caches have been filled by the first ops.
    const size_t pos = valid.size() / 2 + rng() % (valid.size() / 2);
    if (iteration % 3 == 0) {
      bytes.resize(pos);
    } else {
      bytes[pos] = static_cast<char>(rng());
    }
    ComputeGraphPtr graph;
    if (ParseModelDef(bytes, "damaged.air", &graph) != SUCCESS) {
      ++rejected;
      ASSERT_EQ(GetLastError().rfind("damaged.air: ", 0), 0U) << GetLastError();
      ASSERT_EQ(graph, nullptr);
    } else {
      std::string again;
      ASSERT_EQ(SerializeGraphToModelDef(graph, &again), SUCCESS) << GetLastError();
    }
  }
  EXPECT_GT(rejected, 0);
}

}  // namespace
}  // namespace ge
