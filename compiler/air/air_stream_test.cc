// SaveGraphToAir streams the root graph's ops to the file and patches graph[0]'s length prefix
// at the end; the file must equal the in-memory bytes, also when the predicted width of that
// length is wrong (the save then falls back to writing from memory).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

#include "air/air_io.h"
#include "air/air_test_util.h"
#include "common/error.h"
#include "test_support/temp_dir.h"

namespace ge {
namespace {

using testing_util::MakeOp;

std::string ReadFile(const std::string &path) {
  std::ifstream file(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
}

/// A chain whose ops after `small_ops` carry `payload` bytes each.
ComputeGraphPtr BuildChain(int ops, int small_ops, size_t payload) {
  auto graph = std::make_shared<ComputeGraph>("chain");
  Node *prev = graph->AddNode(MakeOp("input", "Data", 1, 1));
  graph->AddInputNode(prev);
  for (int i = 1; i < ops; ++i) {
    OpDesc op = MakeOp("op_" + std::to_string(i), "Relu", 1, 1);
    if (i >= small_ops && payload != 0) {
      op.SetAttr("blob", GeAttrValue(std::string(payload, static_cast<char>('a' + i % 26))));
    }
    Node *node = graph->AddNode(std::move(op));
    EXPECT_EQ(graph->AddDataEdge(prev, 0, node, 0), SUCCESS);
    prev = node;
  }
  graph->SetOutputs({{prev, 0}});
  return graph;
}

void ExpectFileEqualsSerialized(const ComputeGraphPtr &graph) {
  const test_support::TempDir dir("air_stream");
  ASSERT_FALSE(dir.path().empty());
  const std::string path = dir.path() + "/model.air";
  ASSERT_EQ(SaveGraphToAir(graph, path), SUCCESS) << GetLastError();
  std::string expected;
  ASSERT_EQ(SerializeGraphToModelDef(graph, &expected), SUCCESS) << GetLastError();
  const std::string on_disk = ReadFile(path);
  EXPECT_EQ(on_disk.size(), expected.size());
  EXPECT_TRUE(on_disk == expected) << "streamed file differs from the in-memory bytes";
  ComputeGraphPtr loaded;
  EXPECT_EQ(LoadGraphFromAir(path, &loaded), SUCCESS) << GetLastError();
  if (loaded != nullptr) {
    EXPECT_EQ(loaded->GetDirectNodesSize(), graph->GetDirectNodesSize());
  }
}

TEST(AirStreamTest, SmallGraphIsWrittenInOnePiece) {
  ExpectFileEqualsSerialized(BuildChain(10, 10, 0));
}

TEST(AirStreamTest, LargeGraphIsFlushedInPiecesAndPatched) {
  // About 3 MB: several 1 MB flushes, the length prefix is patched with pwrite.
  ExpectFileEqualsSerialized(BuildChain(6000, 6000, 0));
}

TEST(AirStreamTest, MispredictedLengthWidthFallsBackToMemory) {
  // The first ops are small, the rest large: the length predicted from the first ops fits a
  // 3-byte varint, the real one (over 2 MB) needs 4.
  ExpectFileEqualsSerialized(BuildChain(300, 100, 16 * 1024));
}

}  // namespace
}  // namespace ge
