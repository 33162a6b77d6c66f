// Text dumps (ge_proto txt, ONNX pbtxt, readable, dot) against goldens, and the dump policy:
// DUMP_GE_GRAPH / DUMP_GRAPH_LEVEL / DUMP_GRAPH_FORMAT / DUMP_GRAPH_PATH, file names, modes.
#include "dump/graph_dump.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>

#include "air/air_test_util.h"
#include "common/error.h"
#include "dump/dot_dump.h"
#include "dump/dump_policy.h"
#include "dump/proto_text.h"

namespace ge {
namespace {

using testing_util::BuildSampleGraph;
using testing_util::MakeOp;

/// Clears every dump variable, sets the given ones, and restores a clean state afterwards.
class DumpEnv {
 public:
  DumpEnv() { Clear(); }
  ~DumpEnv() { Clear(); }
  void Set(const char *name, const char *value) { setenv(name, value, 1); }

 private:
  static void Clear() {
    for (const char *name : {"DUMP_GE_GRAPH", "DUMP_GRAPH_LEVEL", "DUMP_GRAPH_FORMAT",
                             "DUMP_GRAPH_PATH", "NPU_COLLECT_PATH", "ASCEND_WORK_PATH"}) {
      unsetenv(name);
    }
    ResetDumpStateForTesting();
  }
};

ComputeGraphPtr TinyGraph() {
  auto graph = std::make_shared<ComputeGraph>("tiny");
  OpDesc data = MakeOp("x", "Data", 1, 1);
  data.SetAttr("index", GeAttrValue(int64_t{0}));
  Node *x = graph->AddNode(data);
  OpDesc relu = MakeOp("r", "Relu", 1, 1);
  relu.SetAttr("alpha", GeAttrValue(0.5F));
  Node *r = graph->AddNode(relu);
  Node *out = graph->AddNode(MakeOp("out", "NetOutput", 1, 0));
  graph->AddDataEdge(x, 0, r, 0);
  graph->AddDataEdge(r, 0, out, 0);
  graph->AddControlEdge(x, out);
  graph->AddInputNode(x);
  graph->SetOutputs({{r, 0}});
  return graph;
}

std::string Dump(const ComputeGraph &graph, GraphDumpFormat format) {
  std::string text;
  EXPECT_EQ(DumpGraphToString(graph, format, &text), SUCCESS) << GetLastError();
  return text;
}

std::string ReadFile(const std::string &path) {
  std::ifstream file(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
}

TEST(ProtoTextTest, StringsAreCEscapedAndFloatsShortest) {
  EXPECT_EQ(text::Quote(std::string("a\n\r\t\"'\\\x01\xff", 9)),
            "\"a\\n\\r\\t\\\"\\'\\\\\\001\\377\"");
  EXPECT_EQ(text::FormatFloat(1.0F), "1");
  EXPECT_EQ(text::FormatFloat(0.5F), "0.5");
  EXPECT_EQ(text::FormatFloat(1e-5F), "1e-05");
  EXPECT_EQ(text::FormatFloat(0.1F), "0.1");
  EXPECT_EQ(text::FormatFloat(std::numeric_limits<float>::infinity()), "inf");
  EXPECT_EQ(text::FormatFloat(-std::numeric_limits<float>::infinity()), "-inf");
  EXPECT_EQ(text::FormatFloat(std::nanf("")), "nan");
  EXPECT_EQ(text::FormatFloat(16777217.0F), "16777216");
  EXPECT_EQ(text::FormatFloat(3.14159274F), "3.14159274");
}

TEST(GraphDumpTest, TxtDumpMatchesGolden) {
  DumpEnv env;
  const std::string golden = R"(graph {
  name: "tiny"
  input: "x:0"
  output: "r:0"
  op {
    name: "x"
    type: "Data"
    input: ""
    attr {
      key: "_input_name_key"
      value {
        list {
          s: "x0"
          val_type: VT_LIST_STRING
        }
      }
    }
)";
  const std::string text = Dump(*TinyGraph(), GraphDumpFormat::kTxt);
  EXPECT_EQ(text.substr(0, golden.size()), golden) << text;
  const std::string relu_op = R"(  op {
    name: "r"
    type: "Relu"
    input: "x:0"
    attr {
      key: "_input_name_key"
      value {
        list {
          s: "x0"
          val_type: VT_LIST_STRING
        }
      }
    }
    attr {
      key: "_input_name_value"
      value {
        list {
          i: 0
          val_type: VT_LIST_INT
        }
      }
    }
    attr {
      key: "_output_name_key"
      value {
        list {
          s: "y0"
          val_type: VT_LIST_STRING
        }
      }
    }
    attr {
      key: "_output_name_value"
      value {
        list {
          i: 0
          val_type: VT_LIST_INT
        }
      }
    }
    attr {
      key: "_src_out_peer_index_for_ge_txt_load"
      value {
        list {
          i: 0
        }
      }
    }
    attr {
      key: "alpha"
      value {
        f: 0.5
      }
    }
    has_out_attr: true
    input_desc {
      dtype: DT_FLOAT
      shape {
        dim: 2
        dim: 3
      }
      layout: "ND"
      attr {
        key: "format_for_int"
        value {
          i: 2
        }
      }
      attr {
        key: "origin_format"
        value {
          s: "ND"
        }
      }
      attr {
        key: "origin_format_for_int"
        value {
          i: 2
        }
      }
      attr {
        key: "origin_shape_initialized"
        value {
          b: false
        }
      }
      device_type: "NPU"
    }
)";
  EXPECT_NE(text.find(relu_op), std::string::npos) << text;
  // NetOutput: data input, then the control input; peer index = fan-out position or -1.
  EXPECT_NE(text.find("    input: \"r:0\"\n    input: \"x:-1\"\n"), std::string::npos) << text;
  EXPECT_NE(
      text.find(
          "      key: \"_src_out_peer_index_for_ge_txt_load\"\n      value {\n        list {\n"
          "          i: 0\n          i: 0\n        }"),
      std::string::npos)
      << text;
  const std::string model_attrs_tail = R"(attr {
  key: "target_type"
  value {
    s: "MINI"
  }
}
attr {
  key: "weight_size"
  value {
    i: 0
  }
}
)";
  ASSERT_GE(text.size(), model_attrs_tail.size());
  EXPECT_EQ(text.substr(text.size() - model_attrs_tail.size()), model_attrs_tail);
}

TEST(GraphDumpTest, TxtDumpStripsWeightsAtLevelTwo) {
  DumpEnv env;
  ComputeGraphPtr graph = BuildSampleGraph();
  graph->FindNode("scope:add")->MutableOpDesc().SetAttr("node_def", GeAttrValue(Bytes{{1, 2}}));
  const std::string full = Dump(*graph, GraphDumpFormat::kTxt);
  EXPECT_NE(full.find("key: \"value\""), std::string::npos);
  EXPECT_NE(full.find("key: \"node_def\""), std::string::npos);
  env.Set("DUMP_GE_GRAPH", "2");
  const std::string stripped = Dump(*graph, GraphDumpFormat::kTxt);
  EXPECT_EQ(stripped.find("key: \"value\""), std::string::npos);
  EXPECT_EQ(stripped.find("key: \"node_def\""), std::string::npos);
  // Subgraphs follow the root, flattened.
  EXPECT_NE(stripped.find("name: \"nested_g\""), std::string::npos);
  EXPECT_NE(stripped.find("subgraph_name: \"then_g\""), std::string::npos);
}

TEST(GraphDumpTest, OnnxDumpMatchesGolden) {
  DumpEnv env;
  const std::string text = Dump(*TinyGraph(), GraphDumpFormat::kOnnx);
  const std::string head = R"(ir_version: 6
producer_name: "GE"
graph {
  node {
    input: ""
    output: "x:0"
    output: "x:-1"
    name: "x"
    op_type: "ge:Data"
    attribute {
      name: "_input_name_key"
      strings: "x0"
      type: STRINGS
    }
    attribute {
      name: "_input_name_value"
      ints: 0
      type: INTS
    }
    attribute {
      name: "id"
      type: INT
    }
    attribute {
      name: "index"
      type: INT
    }
    attribute {
      name: "input_desc_dtype:0"
      s: "DT_FLOAT"
      type: STRING
    }
)";
  EXPECT_EQ(text.substr(0, head.size()), head) << text;
  EXPECT_NE(text.find("    input: \"r:0\"\n    input: \"x:-1\"\n    name: \"out\"\n    op_type: "
                      "\"ge:NetOutput\"\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("      name: \"alpha\"\n      f: 0.5\n      type: FLOAT\n"),
            std::string::npos)
      << text;
  const std::string tail = R"(  name: "tiny"
  output {
    name: "r"
    type {
      tensor_type {
        elem_type: 1
        shape {
          dim {
            dim_value: 2
          }
          dim {
            dim_value: 3
          }
        }
      }
    }
  }
}
)";
  ASSERT_GE(text.size(), tail.size());
  EXPECT_EQ(text.substr(text.size() - tail.size()), tail) << text;
}

TEST(GraphDumpTest, OnnxDumpLevelThreeHasNoAttributesAndSubgraphsAreAppended) {
  DumpEnv env;
  env.Set("DUMP_GE_GRAPH", "3");
  const std::string text = Dump(*BuildSampleGraph(), GraphDumpFormat::kOnnx);
  EXPECT_EQ(text.find("attribute {\n      name: \"id\""), std::string::npos);
  EXPECT_NE(text.find("    name: \"then_g\"\n    op_type: \"subgraph\"\n    attribute {\n      "
                      "name: \"graph\"\n"),
            std::string::npos)
      << text;
}

TEST(GraphDumpTest, ReadableDumpMatchesGolden) {
  DumpEnv env;
  EXPECT_EQ(Dump(*TinyGraph(), GraphDumpFormat::kReadable),
            "graph tiny(x) {\n"
            "  x = Data(_) -> DT_FLOAT[2, 3] ND {index: 0}\n"
            "  r = Relu(x:0) -> DT_FLOAT[2, 3] ND {alpha: 0.5}\n"
            "  out = NetOutput(r:0) ^x\n"
            "  return r:0\n"
            "}\n");
}

TEST(GraphDumpTest, ReadableDumpIndentsSubgraphsUnderTheirOwner) {
  DumpEnv env;
  const std::string text = Dump(*BuildSampleGraph(), GraphDumpFormat::kReadable);
  EXPECT_NE(
      text.find(
          "  if = If(y:0, scope:add:0) -> DT_FLOAT[2, 3] ND\n    graph then_g(then_g_data) {\n"),
      std::string::npos)
      << text;
  EXPECT_NE(text.find("      then_g_call = PartitionedCall(then_g_data:0) -> DT_FLOAT[2, 3] ND\n"
                      "        graph nested_g(nested_g_data) {\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("scope:add = AddN(x:0, w:0, _) ^w ^y -> DT_FLOAT[2, 3] ND {alpha: 1.25}"),
            std::string::npos)
      << text;
}

TEST(GraphDumpTest, DotDumpHasNodesEdgesAndClusters) {
  const std::string dot = GraphToDot(*BuildSampleGraph());
  EXPECT_EQ(dot.rfind("digraph \"root\" {\n", 0), 0U) << dot;
  EXPECT_NE(dot.find("[label=\"scope:add\\\\nAddN\"]"), std::string::npos) << dot;
  EXPECT_NE(dot.find("[style=dashed]"), std::string::npos);
  EXPECT_NE(dot.find("subgraph cluster_2 {\n    label=\"nested_g\";"), std::string::npos) << dot;
}

TEST(GraphDumpTest, UnknownFormatIsRejected) {
  std::string text;
  EXPECT_NE(DumpGraphToString(*TinyGraph(), static_cast<GraphDumpFormat>(7), &text), SUCCESS);
  EXPECT_NE(GetLastError().find("unknown graph dump format 7"), std::string::npos);
}

TEST(DumpPolicyTest, ContentLevelComesFromDumpGeGraph) {
  DumpEnv env;
  EXPECT_EQ(GetDumpContentLevel(), 0);
  for (const auto &item : std::vector<std::pair<const char *, int>>{
           {"1", 1}, {"2", 2}, {"3", 3}, {"0", 0}, {"4", 0}, {"", 0}, {"x", 0}, {"1a", 0}}) {
    env.Set("DUMP_GE_GRAPH", item.first);
    EXPECT_EQ(GetDumpContentLevel(), item.second) << item.first;
  }
}

TEST(DumpPolicyTest, GraphLevelRulesSelectStages) {
  DumpEnv env;
  EXPECT_FALSE(ShouldDumpStage("PreRunBegin")) << "dumping is off without DUMP_GE_GRAPH";
  env.Set("DUMP_GE_GRAPH", "1");
  // Unset level = 2: whitelist, substrings, exclusions.
  EXPECT_TRUE(ShouldDumpStage("PreRunBegin"));
  EXPECT_TRUE(ShouldDumpStage("Build"));
  EXPECT_TRUE(ShouldDumpStage("RunCustomPass_AfterInferShape"));
  EXPECT_TRUE(ShouldDumpStage("x_AutoFuseAfterOptimize"));
  EXPECT_FALSE(ShouldDumpStage("PreRunAfterInitPreparation"));
  EXPECT_FALSE(ShouldDumpStage("RunCustomPass_partition"));
  EXPECT_FALSE(ShouldDumpStage("")) << "not whitelisted";
  env.Set("DUMP_GRAPH_LEVEL", "1");
  EXPECT_TRUE(ShouldDumpStage("PreRunAfterInitPreparation"));
  EXPECT_FALSE(ShouldDumpStage("AfterOptimizeSubGraph"));
  EXPECT_FALSE(ShouldDumpStage("Aicpu_x"));
  EXPECT_FALSE(ShouldDumpStage("a_sub_graph"));
  EXPECT_FALSE(ShouldDumpStage(""));
  EXPECT_FALSE(ShouldDumpStage("123"));
  env.Set("DUMP_GRAPH_LEVEL", "2");
  EXPECT_TRUE(ShouldDumpStage("PreRunAfterOptimizeAfterStage1"));
  EXPECT_FALSE(ShouldDumpStage("PreRunAfterOptimize1"));
  env.Set("DUMP_GRAPH_LEVEL", "3");
  EXPECT_TRUE(ShouldDumpStage("Build"));
  EXPECT_FALSE(ShouldDumpStage("PreRunBegin"));
  env.Set("DUMP_GRAPH_LEVEL", "4");
  EXPECT_TRUE(ShouldDumpStage("PreRunBegin"));
  EXPECT_FALSE(ShouldDumpStage("Build"));
  EXPECT_FALSE(ShouldDumpStage("GraphPreRunBegin"));
  env.Set("DUMP_GRAPH_LEVEL", "5");
  EXPECT_FALSE(ShouldDumpStage("Build"));
  env.Set("DUMP_GRAPH_LEVEL", "Infer|Optimize1");
  EXPECT_TRUE(ShouldDumpStage("AfterInfershape"));
  EXPECT_TRUE(ShouldDumpStage("PreRunAfterOptimize1"));
  EXPECT_FALSE(ShouldDumpStage("Build"));
  env.Set("DUMP_GE_GRAPH", "0");
  EXPECT_FALSE(ShouldDumpStage("AfterInfershape"));
}

TEST(DumpPolicyTest, FormatSelectionIsCaseInsensitiveSubstring) {
  DumpEnv env;
  DumpFormatSelection selection = GetSelectedDumpFormats();
  EXPECT_TRUE(selection.ge_proto && selection.onnx && !selection.readable && !selection.dot);
  env.Set("DUMP_GRAPH_FORMAT", "READABLE|Dot");
  selection = GetSelectedDumpFormats();
  EXPECT_TRUE(!selection.ge_proto && !selection.onnx && selection.readable && selection.dot);
}

TEST(DumpPolicyTest, FileNamesFollowGeConvention) {
  EXPECT_EQ(DumpFileName(DumpFileKind::kGeProto, 0, 0, "PreRunBegin"),
            "ge_proto_00000000_graph_0_PreRunBegin.txt");
  EXPECT_EQ(DumpFileName(DumpFileKind::kOnnx, 12, 3, "a/b:c*d?e\"f<g>h|i\\j"),
            "ge_onnx_00000012_graph_3_a_b_c_d_e_f_g_h_i_j.pbtxt");
  EXPECT_EQ(DumpFileName(DumpFileKind::kReadable, 1, 0, "x"), "ge_readable_00000001_graph_0_x.txt");
  EXPECT_EQ(DumpFileName(DumpFileKind::kDot, 2, 5, "Build"), "ge_dot_00000002_graph_5_Build.dot");
  const std::string long_name = DumpFileName(DumpFileKind::kOnnx, 0, 0, std::string(400, 's'));
  EXPECT_EQ(long_name.size(), 254U);
  EXPECT_EQ(long_name.substr(long_name.size() - 6), ".pbtxt");
}

TEST(DumpPolicyTest, StageDumpWritesSelectedFormatsWithCountersAndMode0600) {
  char pattern[] = "/tmp/dump_test_XXXXXX";
  const std::string root = mkdtemp(pattern);
  {
    DumpEnv env;
    env.Set("DUMP_GE_GRAPH", "2");
    env.Set("DUMP_GRAPH_PATH", root.c_str());
    env.Set("DUMP_GRAPH_FORMAT", "ge_proto|onnx|readable|dot");
    ComputeGraphPtr graph = BuildSampleGraph();
    graph->SetGraphId(7);
    ASSERT_EQ(DumpGraphAtStage(*graph, "PreRunBegin"), SUCCESS) << GetLastError();
    ASSERT_EQ(DumpGraphAtStage(*graph, "NotWhitelisted"), SUCCESS);
    ASSERT_EQ(DumpGraphAtStage(*graph, "Build"), SUCCESS) << GetLastError();
    const std::string dir = root + "/pid_" + std::to_string(getpid()) + "_deviceid_0/";
    EXPECT_EQ(GetDumpDirectory(), dir);
    for (const char *name :
         {"ge_proto_00000000_graph_7_PreRunBegin.txt", "ge_onnx_00000000_graph_7_PreRunBegin.pbtxt",
          "ge_readable_00000000_graph_7_PreRunBegin.txt", "ge_dot_00000000_graph_7_PreRunBegin.dot",
          "ge_proto_00000001_graph_7_Build.txt", "ge_onnx_00000001_graph_7_Build.pbtxt"}) {
      struct stat st {};
      ASSERT_EQ(stat((dir + name).c_str(), &st), 0) << name;
      EXPECT_EQ(st.st_mode & 0777, 0600U) << name;
    }
    EXPECT_NE(access((dir + "ge_proto_00000001_graph_7_NotWhitelisted.txt").c_str(), F_OK), 0);
    // Level 2: no weights in the ge_proto dump.
    EXPECT_EQ(ReadFile(dir + "ge_proto_00000000_graph_7_PreRunBegin.txt").find("key: \"value\""),
              std::string::npos);
    // Explicit file dumps share the per-format counters.
    std::string path;
    ASSERT_EQ(DumpGraphToFile(*graph, GraphDumpFormat::kReadable, "mine", &path), SUCCESS)
        << GetLastError();
    EXPECT_EQ(path, dir + "ge_readable_00000002_graph_7_mine.txt");
    EXPECT_EQ(ReadFile(path), Dump(*graph, GraphDumpFormat::kReadable));
  }
  EXPECT_EQ(std::system(("rm -rf '" + root + "'").c_str()), 0);
}

TEST(DumpPolicyTest, NpuCollectPathWinsAndUncreatableDirFallsBackToCwd) {
  DumpEnv env;
  env.Set("NPU_COLLECT_PATH", "/tmp/collect_x");
  env.Set("DUMP_GRAPH_PATH", "/tmp/ignored");
  EXPECT_EQ(GetDumpDirectory(),
            "/tmp/collect_x/extra-info/graph/" + std::to_string(getpid()) + "_0/");
  ResetDumpStateForTesting();
  unsetenv("NPU_COLLECT_PATH");
  env.Set("DUMP_GRAPH_PATH", "/proc/cannot_create_here");
  EXPECT_EQ(GetDumpDirectory(), "./");
  EXPECT_EQ(std::system("rm -rf /tmp/collect_x"), 0);
}

}  // namespace
}  // namespace ge
