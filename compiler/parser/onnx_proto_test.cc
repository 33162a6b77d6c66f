// Decoding of ModelProto: the node name lists, which are views of the serialized bytes.
#include "parser/onnx_proto.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "proto/wire_format.h"

namespace ge {
namespace {

// Appends a GraphProto (ModelProto field 7) holding one node per entry of `nodes`: its inputs,
// then its outputs. `outputs_first` writes the output fields before the input fields.
void AppendGraph(
    const std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> &nodes,
    bool outputs_first, std::string *bytes) {
  proto::WireWriter writer(bytes);
  const size_t graph = writer.BeginMessage(7);
  for (const auto &node : nodes) {
    const size_t token = writer.BeginMessage(1);
    if (outputs_first) {
      for (const std::string &name : node.second) writer.WriteBytes(2, name);
      writer.WriteBytes(4, "Relu");
      for (const std::string &name : node.first) writer.WriteBytes(1, name);
    } else {
      for (const std::string &name : node.first) writer.WriteBytes(1, name);
      writer.WriteBytes(4, "Relu");
      for (const std::string &name : node.second) writer.WriteBytes(2, name);
    }
    writer.EndMessage(token);
  }
  writer.EndMessage(graph);
}

std::vector<std::string> Names(const onnx::NameList &list) {
  return std::vector<std::string>(list.begin(), list.end());
}

TEST(OnnxProtoTest, NodeNameListsHoldTheirOwnNamesWhateverTheFieldOrder) {
  std::string bytes;
  AppendGraph({{{"x", ""}, {"a"}}, {{"a"}, {"b", "c"}}}, false, &bytes);
  onnx::ModelProto model;
  onnx::DecodeModel(bytes, "test.onnx", &model);
  ASSERT_EQ(model.graph.node.size(), 2U);
  EXPECT_EQ(Names(model.graph.node[0].input), (std::vector<std::string>{"x", ""}));
  EXPECT_EQ(Names(model.graph.node[0].output), (std::vector<std::string>{"a"}));
  EXPECT_EQ(Names(model.graph.node[1].input), (std::vector<std::string>{"a"}));
  EXPECT_EQ(Names(model.graph.node[1].output), (std::vector<std::string>{"b", "c"}));

  std::string mixed;
  AppendGraph({{{"p", "q"}, {"r"}}}, true, &mixed);
  onnx::ModelProto reordered;
  onnx::DecodeModel(mixed, "test.onnx", &reordered);
  EXPECT_EQ(Names(reordered.graph.node[0].input), (std::vector<std::string>{"p", "q"}));
  EXPECT_EQ(Names(reordered.graph.node[0].output), (std::vector<std::string>{"r"}));
}

TEST(OnnxProtoTest, AGraphFieldSeenTwiceIsMergedKeepingTheFirstNodesNames) {
  std::string bytes;
  AppendGraph({{{"x"}, {"a"}}}, false, &bytes);
  // Enough nodes in the second part that the name array grows (and moves) while decoding it.
  std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> more;
  for (int i = 0; i < 100; ++i) {
    more.push_back({{"v" + std::to_string(i)}, {"v" + std::to_string(i + 1)}});
  }
  AppendGraph(more, false, &bytes);
  onnx::ModelProto model;
  onnx::DecodeModel(bytes, "test.onnx", &model);
  ASSERT_EQ(model.graph.node.size(), 101U);
  EXPECT_EQ(Names(model.graph.node[0].input), (std::vector<std::string>{"x"}));
  EXPECT_EQ(Names(model.graph.node[0].output), (std::vector<std::string>{"a"}));
  EXPECT_EQ(Names(model.graph.node[100].input), (std::vector<std::string>{"v99"}));
  EXPECT_EQ(Names(model.graph.node[100].output), (std::vector<std::string>{"v100"}));
}

}  // namespace
}  // namespace ge
