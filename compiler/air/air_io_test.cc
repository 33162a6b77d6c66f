// AIR round trips (every attr kind, subgraphs, control edges, optional inputs, weights), exact
// re-saves, file handling, precise load errors, a mutation fuzz test and a 100k-node timing.
#include "air/air_io.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <random>

#include "air/air_test_util.h"
#include "air/ge_ir_schema.h"
#include "common/error.h"
#include "proto/wire_format.h"
#include "test_support/temp_dir.h"

namespace ge {
namespace {

using test_support::TempDir;
using testing_util::BuildSampleGraph;
using testing_util::EveryAttrKind;
using testing_util::ExpectSameGraph;
using testing_util::MakeOp;

std::string Serialize(const ComputeGraphPtr &graph) { return testing_util::SerializeAir(graph); }

ComputeGraphPtr Parse(const std::string &bytes) { return testing_util::ParseAir(bytes); }

std::string ParseError(const std::string &bytes) {
  ComputeGraphPtr graph;
  EXPECT_NE(ParseModelDef(bytes, "bad.air", &graph), SUCCESS);
  return GetLastError();
}

ComputeGraphPtr BuildFullGraph() {
  ComputeGraphPtr graph = BuildSampleGraph();
  Node *add = graph->FindNode("scope:add");
  for (auto &item : EveryAttrKind()) {
    add->MutableOpDesc().SetAttr(item.first, item.second);
  }
  for (auto &item : EveryAttrKind()) {
    graph->SetAttr("g_" + item.first.str(), item.second);
  }
  add->MutableOpDesc().MutableOutputDesc(0)->MutableAttrs() = EveryAttrKind();
  return graph;
}

/// The OpDef.input strings of op `name` in graph[0].
std::vector<std::string> OpInputs(const std::string &bytes, const std::string &name) {
  const std::string source = "<memory>";
  proto::WireReader model(bytes, source);
  proto::WireField field;
  while (model.Next(&field)) {
    if (field.number != ir::kModelGraph) {
      continue;
    }
    proto::WireReader graph = model.Nested(field, "graph");
    while (graph.Next(&field)) {
      if (field.number != ir::kGraphOp) {
        continue;
      }
      proto::WireReader op = graph.Nested(field, "op");
      std::string op_name;
      std::vector<std::string> inputs;
      while (op.Next(&field)) {
        if (field.number == ir::kOpName) {
          op_name = field.AsString();
        } else if (field.number == ir::kOpInput) {
          inputs.push_back(field.AsString());
        }
      }
      if (op_name == name) {
        return inputs;
      }
    }
    break;
  }
  return {};
}

TEST(AirIoTest, RoundTripPreservesEveryAttrKindSubgraphAndEdge) {
  ComputeGraphPtr original = BuildFullGraph();
  const std::string bytes = Serialize(original);
  ComputeGraphPtr loaded = Parse(bytes);
  ASSERT_NE(loaded, nullptr);
  ExpectSameGraph(*original, *loaded);
  EXPECT_EQ(Serialize(loaded), bytes) << "save -> load -> save must give identical bytes";
}

TEST(AirIoTest, EdgeStringsAreDataThenPlaceholdersThenControls) {
  const std::string bytes = Serialize(BuildSampleGraph());
  EXPECT_EQ(OpInputs(bytes, "scope:add"),
            (std::vector<std::string>{"x:0", "w:0", "", "w:-1", "y:-1"}));
  EXPECT_EQ(OpInputs(bytes, "out"), (std::vector<std::string>{"if:0", "x:-1"}));
  ComputeGraphPtr loaded = Parse(bytes);
  Node *add = loaded->FindNode("scope:add");
  ASSERT_NE(add, nullptr);
  EXPECT_EQ(add->GetInDataPeer(1).node->GetName(), "w");
  EXPECT_FALSE(add->GetInDataPeer(2).IsConnected());
  ASSERT_EQ(add->GetInControlNodes().size(), 2U);
  EXPECT_EQ(add->GetInControlNodes()[0]->GetName(), "w");
  EXPECT_EQ(add->GetInControlNodes()[1]->GetName(), "y");
}

TEST(AirIoTest, SubgraphsAreFlattenedAndReparented) {
  ComputeGraphPtr loaded = Parse(Serialize(BuildSampleGraph()));
  ASSERT_EQ(loaded->GetAllSubgraphs().size(), 3U);
  ComputeGraphPtr nested = loaded->GetSubgraph("nested_g");
  ASSERT_NE(nested, nullptr);
  EXPECT_EQ(nested->GetParentGraph()->GetName(), "then_g");
  EXPECT_EQ(nested->GetParentNode()->GetName(), "then_g_call");
  EXPECT_EQ(nested->GetRootGraph(), loaded.get());
  EXPECT_EQ(loaded->GetAllNodes().size(), 6U + 3U + 2U + 2U);
}

TEST(AirIoTest, KnownEncodingsMatchGe) {
  auto graph = std::make_shared<ComputeGraph>("g");
  OpDesc op("c", "Const");
  op.AddOutputDesc("y", GeTensorDesc(GeShape(), FORMAT_ND, DT_FLOAT));
  op.SetAttr("zero", GeAttrValue(int64_t{0}));
  op.SetAttr("dt", GeAttrValue(DT_FLOAT));
  graph->AddNode(op);
  const std::string bytes = Serialize(graph);
  // An empty ShapeDef of a scalar is written: field 3, length 0.
  EXPECT_NE(bytes.find(std::string("\x1A\x00", 2)), std::string::npos);
  // AttrDef{i: 0} = 18 00 and AttrDef{dt: 0 (DT_FLOAT in ge:: numbering)} = 78 00.
  EXPECT_NE(bytes.find(std::string("\x12\x02\x18\x00", 4)), std::string::npos);
  EXPECT_NE(bytes.find(std::string("\x12\x02\x78\x00", 4)), std::string::npos);
  // TensorDescriptor.dtype uses the proto numbering: DT_FLOAT = 1.
  EXPECT_NE(bytes.find(std::string("\x10\x01\x1A\x00\x22\x02ND", 8)), std::string::npos);
  // has_out_attr (20) = true: A0 01 01.
  EXPECT_NE(bytes.find(std::string("\xA0\x01\x01", 3)), std::string::npos);
  for (const char *key : {"memory_size", "p2p_memory_size", "stream_num", "event_num", "label_num",
                          "weight_size", "target_type", "MINI"}) {
    EXPECT_NE(bytes.find(key), std::string::npos) << key;
  }
}

TEST(AirIoTest, ProtoAndGeDataTypeNumberingsDiffer) {
  EXPECT_EQ(ir::ToProtoDataType(DT_INT32), 7);
  EXPECT_EQ(ir::ToProtoDataType(DT_BOOL), 11);
  EXPECT_EQ(ir::ToProtoDataType(DT_UNDEFINED), 0);
  EXPECT_EQ(ir::ToProtoDataType(DT_HIFLOAT4), 41);
  for (int32_t value = 0; value < DT_MAX; ++value) {
    if (!IsValidDataType(value)) {
      continue;
    }
    const DataType type = static_cast<DataType>(value);
    EXPECT_EQ(ir::FromProtoDataType(ir::ToProtoDataType(type)), type) << value;
  }
}

TEST(AirIoTest, SaveCreatesDirectoriesWritesMode0400AndReplacesReadOnlyFile) {
  TempDir dir;
  const std::string path = dir.path() + "/a/b/model.air";
  ComputeGraphPtr graph = BuildFullGraph();
  ASSERT_EQ(SaveGraphToAir(graph, path), SUCCESS) << GetLastError();
  struct stat st {};
  ASSERT_EQ(stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0400U);
  graph->SetAttr("changed", GeAttrValue(true));
  ASSERT_EQ(SaveGraphToAir(graph, path), SUCCESS) << GetLastError();
  ComputeGraphPtr loaded;
  ASSERT_EQ(LoadGraphFromAir(path, &loaded), SUCCESS) << GetLastError();
  ExpectSameGraph(*graph, *loaded);
  std::ifstream file(path, std::ios::binary);
  std::string on_disk((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  EXPECT_EQ(on_disk, Serialize(graph));
}

TEST(AirIoTest, BareFileNameGoesToAscendWorkPath) {
  TempDir dir;
  setenv("ASCEND_WORK_PATH", dir.path().c_str(), 1);
  const Status status = SaveGraphToAir(BuildSampleGraph(), "bare_model.air");
  unsetenv("ASCEND_WORK_PATH");
  ASSERT_EQ(status, SUCCESS) << GetLastError();
  EXPECT_EQ(access((dir.path() + "/bare_model.air").c_str(), F_OK), 0);
}

TEST(AirIoTest, LoadErrorsNameTheFile) {
  ComputeGraphPtr graph;
  EXPECT_NE(LoadGraphFromAir("/nonexistent/dir/x.air", &graph), SUCCESS);
  EXPECT_NE(GetLastError().find("/nonexistent/dir/x.air"), std::string::npos) << GetLastError();
  TempDir dir;
  const std::string path = dir.path() + "/trunc.air";
  const std::string bytes = Serialize(BuildSampleGraph());
  std::ofstream(path, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  EXPECT_NE(LoadGraphFromAir(path, &graph), SUCCESS);
  EXPECT_EQ(GetLastError().rfind(path + ": truncated", 0), 0U) << GetLastError();
  EXPECT_NE(GetLastError().find("at byte offset"), std::string::npos) << GetLastError();
}

TEST(AirIoTest, ModelWithoutGraphIsRejected) {
  std::string bytes;
  proto::WireWriter writer(&bytes);
  writer.WriteBytes(ir::kModelName, "m");
  EXPECT_EQ(ParseError(bytes),
            "bad.air: the model has no graph[0] (root graph) and is not a valid AIR model");
  EXPECT_NE(ParseError("").find("no graph[0]"), std::string::npos);
}

// Builds graph[0] = {name, ops...}; each op is (name, type, inputs, input desc count, subgraph
// names).
struct TestOp {
  TestOp(std::string op_name, std::string op_type, std::vector<std::string> op_inputs,
         int inputs_count, int outputs_count = 1, std::vector<std::string> subgraph_names = {})
      : name(std::move(op_name)),
        type(std::move(op_type)),
        inputs(std::move(op_inputs)),
        input_descs(inputs_count),
        output_descs(outputs_count),
        subgraphs(std::move(subgraph_names)) {}
  std::string name;
  std::string type;
  std::vector<std::string> inputs;
  int input_descs;
  int output_descs;
  std::vector<std::string> subgraphs;
};

void WriteGraph(proto::WireWriter *writer, const std::string &name,
                const std::vector<TestOp> &ops) {
  const size_t graph = writer->BeginMessage(ir::kModelGraph);
  writer->WriteBytes(ir::kGraphName, name);
  for (const TestOp &op : ops) {
    const size_t token = writer->BeginMessage(ir::kGraphOp);
    writer->WriteBytes(ir::kOpName, op.name);
    writer->WriteBytes(ir::kOpType, op.type);
    for (const auto &input : op.inputs) {
      writer->WriteBytes(ir::kOpInput, input);
    }
    for (int i = 0; i < op.input_descs; ++i) {
      writer->EndMessage(writer->BeginMessage(ir::kOpInputDesc));
    }
    for (int i = 0; i < op.output_descs; ++i) {
      writer->EndMessage(writer->BeginMessage(ir::kOpOutputDesc));
    }
    for (const auto &sub : op.subgraphs) {
      writer->WriteBytes(ir::kOpSubgraphName, sub);
    }
    writer->EndMessage(token);
  }
  writer->EndMessage(graph);
}

TEST(AirIoTest, UnresolvedEdgeNameIsAnError) {
  std::string bytes;
  proto::WireWriter writer(&bytes);
  WriteGraph(&writer, "g", {{"a", "Data", {}, 0}, {"b", "Relu", {"missing:0"}, 1}});
  EXPECT_EQ(ParseError(bytes),
            "bad.air: graph 'g', op 'b': input 'missing:0' names no node 'missing' of the graph");
}

TEST(AirIoTest, NodeNamesContainingColonsParseAtTheLastColon) {
  std::string bytes;
  proto::WireWriter writer(&bytes);
  WriteGraph(&writer, "g", {{"a:b:c", "Data", {}, 0}, {"r", "Relu", {"a:b:c:0", "a:b:c:-1"}, 1}});
  ComputeGraphPtr graph = Parse(bytes);
  ASSERT_NE(graph, nullptr);
  Node *r = graph->FindNode("r");
  EXPECT_EQ(r->GetInDataPeer(0).node->GetName(), "a:b:c");
  ASSERT_EQ(r->GetInControlNodes().size(), 1U);
}

TEST(AirIoTest, DataEdgeToMissingInputDescIsAnError) {
  std::string bytes;
  proto::WireWriter writer(&bytes);
  WriteGraph(&writer, "g", {{"a", "Data", {}, 0}, {"b", "Relu", {"a:0", "a:0"}, 1}});
  EXPECT_EQ(ParseError(bytes),
            "bad.air: graph 'g', op 'b': input 'a:0' is data input 1 but the op has 1 input descs");
}

TEST(AirIoTest, OpAttrOfAnotherWireTypeIsAnError) {
  // OpDef.attr written as a varint. The message was right before, but the reader first took a
  // byte range from the field, which has none: pointer arithmetic on null, reported by UBSan
  // (in the mutation test below); an UBSan build of this test shows it.
  std::string bytes;
  proto::WireWriter writer(&bytes);
  const size_t graph = writer.BeginMessage(ir::kModelGraph);
  writer.WriteBytes(ir::kGraphName, "g");
  const size_t op = writer.BeginMessage(ir::kGraphOp);
  writer.WriteBytes(ir::kOpName, "a");
  writer.WriteBytes(ir::kOpType, "Data");
  writer.WriteInt64(ir::kOpAttr, 7);
  writer.EndMessage(op);
  writer.EndMessage(graph);
  const std::string error = ParseError(bytes);
  EXPECT_EQ(error.rfind("bad.air: ", 0), 0U) << error;
  EXPECT_NE(error.find("OpDef.attr"), std::string::npos) << error;
  EXPECT_NE(error.find("expected"), std::string::npos) << error;
}

TEST(AirIoTest, UnresolvedSubgraphNameIsAnError) {
  std::string bytes;
  proto::WireWriter writer(&bytes);
  WriteGraph(&writer, "g", {{"if", "If", {}, 0, 1, {"then", "else"}}});
  WriteGraph(&writer, "then", std::vector<TestOp>{});
  EXPECT_EQ(ParseError(bytes),
            "bad.air: graph 'g', op 'if': subgraph 'else' is not one of the model's graphs");
}

TEST(AirIoTest, SubgraphOwnershipCycleIsAnError) {
  std::string bytes;
  proto::WireWriter writer(&bytes);
  WriteGraph(&writer, "g", std::vector<TestOp>{});
  WriteGraph(&writer, "a", {{"call", "PartitionedCall", {}, 0, 1, {"b"}}});
  WriteGraph(&writer, "b", {{"call", "PartitionedCall", {}, 0, 1, {"a"}}});
  EXPECT_NE(ParseError(bytes).find("ownership cycle"), std::string::npos) << GetLastError();
}

TEST(AirIoTest, DuplicateGraphNamesAreAnError) {
  std::string bytes;
  proto::WireWriter writer(&bytes);
  WriteGraph(&writer, "g", std::vector<TestOp>{});
  WriteGraph(&writer, "g", std::vector<TestOp>{});
  EXPECT_NE(ParseError(bytes).find("reuses the graph name 'g'"), std::string::npos)
      << GetLastError();
}

TEST(AirIoTest, ListWithoutValTypeAndEmptyAttrDefAreDropped) {
  std::string bytes;
  proto::WireWriter writer(&bytes);
  const size_t graph = writer.BeginMessage(ir::kModelGraph);
  writer.WriteBytes(ir::kGraphName, "g");
  size_t op = writer.BeginMessage(ir::kGraphOp);
  writer.WriteBytes(ir::kOpName, "n");
  writer.WriteBytes(ir::kOpType, "Relu");
  for (const char *key : {"untyped", "empty", "kept"}) {
    const size_t entry = writer.BeginMessage(ir::kOpAttr);
    writer.WriteBytes(ir::kMapKey, key);
    const size_t value = writer.BeginMessage(ir::kMapValue);
    if (std::string(key) != "empty") {
      const size_t list = writer.BeginMessage(ir::kAttrList);
      writer.WriteInt64(ir::kListI, 5);  // unpacked element
      writer.WritePackedInt64(ir::kListI, {6, -7});
      if (std::string(key) == "kept") {
        writer.WriteInt64(ir::kListValType, ir::VT_LIST_INT);
      }
      writer.EndMessage(list);
    }
    writer.EndMessage(value);
    writer.EndMessage(entry);
  }
  writer.EndMessage(op);
  writer.EndMessage(graph);
  ComputeGraphPtr loaded = Parse(bytes);
  ASSERT_NE(loaded, nullptr);
  const OpDesc &desc = loaded->FindNode("n")->GetOpDesc();
  EXPECT_FALSE(desc.HasAttr("untyped"));
  EXPECT_FALSE(desc.HasAttr("empty"));
  ASSERT_NE(desc.GetAttrAs<std::vector<int64_t>>("kept"), nullptr);
  EXPECT_EQ(*desc.GetAttrAs<std::vector<int64_t>>("kept"), (std::vector<int64_t>{5, 6, -7}));
}

TEST(AirIoTest, ExternalWeightsAreReadRelativeToTheFile) {
  TempDir dir;
  ComputeGraphPtr graph = BuildSampleGraph();
  Node *w = graph->FindNode("w");
  const GeTensor original = *w->GetOpDesc().GetAttrAs<GeTensor>("value");
  GeTensor cleared(original.GetTensorDesc());
  w->MutableOpDesc().SetAttr("value", GeAttrValue(cleared));
  w->MutableOpDesc().SetAttr("location",
                             GeAttrValue(std::string("air_weight/m/Const_root_w_file")));
  w->MutableOpDesc().SetAttr("length", GeAttrValue(static_cast<int64_t>(original.GetSize())));
  ASSERT_EQ(SaveGraphToAir(graph, dir.path() + "/m.air"), SUCCESS) << GetLastError();
  ASSERT_EQ(system(("mkdir -p '" + dir.path() + "/air_weight/m'").c_str()), 0);
  std::ofstream(dir.path() + "/air_weight/m/Const_root_w_file", std::ios::binary)
      .write(reinterpret_cast<const char *>(original.GetData()),
             static_cast<std::streamsize>(original.GetSize()));
  ComputeGraphPtr loaded;
  ASSERT_EQ(LoadGraphFromAir(dir.path() + "/m.air", &loaded), SUCCESS) << GetLastError();
  const OpDesc &desc = loaded->FindNode("w")->GetOpDesc();
  EXPECT_FALSE(desc.HasAttr("location"));
  EXPECT_FALSE(desc.HasAttr("length"));
  EXPECT_EQ(desc.GetAttrAs<GeTensor>("value")->GetBytes(), original.GetBytes());
  // An in-memory parse cannot resolve the file and says which op needs it.
  std::ifstream file(dir.path() + "/m.air", std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  EXPECT_NE(ParseError(bytes).find("op 'w': external weight"), std::string::npos) << GetLastError();
}

TEST(AirIoTest, MutatedAndTruncatedInputNeverCrashes) {
  const std::string valid = Serialize(BuildFullGraph());
  std::mt19937 rng(12345);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  int failures = 0;
  int iterations = 0;
  for (; iterations < 4000 && std::chrono::steady_clock::now() < deadline; ++iterations) {
    std::string bytes = valid;
    switch (rng() % 4) {
      case 0: bytes.resize(rng() % bytes.size()); break;
      case 1:
        for (int k = 0, n = 1 + static_cast<int>(rng() % 8); k < n; ++k) {
          bytes[rng() % bytes.size()] = static_cast<char>(rng());
        }
        break;
      case 2: bytes[rng() % bytes.size()] ^= static_cast<char>(1U << (rng() % 8)); break;
      default: {
        const size_t pos = rng() % bytes.size();
        bytes.insert(pos, std::string(1 + rng() % 4, static_cast<char>(rng())));
        break;
      }
    }
    ComputeGraphPtr graph;
    if (ParseModelDef(bytes, "fuzz.air", &graph) != SUCCESS) {
      ++failures;
      ASSERT_FALSE(GetLastError().empty());
      ASSERT_EQ(GetLastError().rfind("fuzz.air: ", 0), 0U) << GetLastError();
      ASSERT_EQ(graph, nullptr);
    } else {
      ASSERT_NE(graph, nullptr);
      std::string again;
      ASSERT_EQ(SerializeGraphToModelDef(graph, &again), SUCCESS) << GetLastError();
    }
  }
  std::printf("fuzz: %d inputs, %d rejected\n", iterations, failures);
  EXPECT_GT(failures, 0);
}

TEST(AirIoTest, HundredThousandNodesRoundTripQuickly) {
  auto graph = std::make_shared<ComputeGraph>("big");
  Node *prev = graph->AddNode(MakeOp("input", "Data", 1, 1));
  graph->AddInputNode(prev);
  for (int i = 1; i < 100000; ++i) {
    OpDesc op = MakeOp("relu_" + std::to_string(i), "Relu", 1, 1);
    op.SetAttr("i", GeAttrValue(int64_t{i}));
    Node *node = graph->AddNode(std::move(op));
    ASSERT_EQ(graph->AddDataEdge(prev, 0, node, 0), SUCCESS);
    prev = node;
  }
  TempDir dir;
  const std::string path = dir.path() + "/big.air";
  const auto start = std::chrono::steady_clock::now();
  ASSERT_EQ(SaveGraphToAir(graph, path), SUCCESS) << GetLastError();
  const auto saved = std::chrono::steady_clock::now();
  ComputeGraphPtr loaded;
  ASSERT_EQ(LoadGraphFromAir(path, &loaded), SUCCESS) << GetLastError();
  const auto end = std::chrono::steady_clock::now();
  using Ms = std::chrono::milliseconds;
  std::printf("100k nodes: save %lld ms, load %lld ms\n",
              static_cast<long long>(std::chrono::duration_cast<Ms>(saved - start).count()),
              static_cast<long long>(std::chrono::duration_cast<Ms>(end - saved).count()));
  ASSERT_EQ(loaded->GetDirectNodesSize(), 100000U);
  Node *last = loaded->FindNode("relu_99999");
  ASSERT_NE(last, nullptr);
  EXPECT_EQ(last->GetInDataPeer(0).node->GetName(), "relu_99998");
  EXPECT_EQ(*last->GetOpDesc().GetAttrAs<int64_t>("i"), 99999);
}

}  // namespace
}  // namespace ge
