// The plugin table, the ASCEND_CUSTOM_OPP_PATH pre-check, the dispatch rules of
// PythonOnnxPlugins and the parser's extension point (no Python involved: the table is filled
// directly, and the extension point is driven with a plugins object of the test).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>

#include "common/error.h"
#include "onnx_plugin/onnx_plugin_bridge.h"
#include "onnx_plugin/onnx_plugin_table.h"
#include "onnx_plugin/python_onnx_plugins.h"
#include "parser/generated_models_test_util.h"
#include "parser/onnx_importer.h"
#include "parser/onnx_node_plugins.h"
#include "parser/onnx_op_mapper.h"

namespace ge {
namespace onnx_plugin {
namespace {

OnnxPluginRowInfo Row(const std::string &domain, const std::string &source, int64_t opset,
                      bool override_builtin = false) {
  OnnxPluginRowInfo row;
  row.domain = domain;
  row.source = source;
  row.opset = opset;
  row.target = "Abs";
  row.origin_type = domain + "::" + std::to_string(opset) + "::" + source;
  row.plugin_file = "/plugins/" + source + ".py";
  row.override_builtin = override_builtin;
  return row;
}

TEST(OnnxPluginTableTest, ExactOpsetElseTheHighestBelowNeverAbove) {
  OnnxPluginTable table;
  EXPECT_TRUE(table.Empty());
  table.Add(Row("my.dom", "Op", 11));
  table.Add(Row("my.dom", "Op", 13));
  table.Add(Row("other", "Op", 1));
  EXPECT_EQ(table.Match("my.dom", "Op", 13)->opset, 13);
  EXPECT_EQ(table.Match("my.dom", "Op", 12)->opset, 11);
  EXPECT_EQ(table.Match("my.dom", "Op", 20)->opset, 13);
  EXPECT_EQ(table.Match("my.dom", "Op", 10), nullptr);
  EXPECT_EQ(table.Match("my.dom", "Other", 13), nullptr);
  EXPECT_EQ(table.Opsets("my.dom", "Op"), (std::vector<int64_t>{11, 13}));
  EXPECT_TRUE(table.Opsets("my.dom", "Other").empty());
}

class PrecheckTest : public testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/ge_onnx_plugin_precheck_XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    root_ = pattern;
  }
  void TearDown() override { (void)std::system(("rm -rf " + root_).c_str()); }
  void Write(const std::string &relative) {
    const std::string path = root_ + "/" + relative;
    (void)std::system(("mkdir -p \"$(dirname " + path + ")\"").c_str());
    std::ofstream(path) << "\n";
  }
  bool Check(const std::string &value, std::string &error) {
    error.clear();
    return HasPythonPluginEntry(value.c_str(), error);
  }
  std::string root_;
};

TEST_F(PrecheckTest, PythonEntriesAreFilesPackagesOrDirectoriesHoldingThem) {
  std::string error;
  EXPECT_FALSE(HasPythonPluginEntry(nullptr, error));
  EXPECT_FALSE(Check("", error));
  Write("opp/vendors/config.ini");
  Write("opp/_private.py");
  Write("opp/notes.txt");
  EXPECT_FALSE(Check(root_ + "/opp", error));  // a C++ OPP root
  EXPECT_FALSE(Check(root_ + "/missing_root:" + root_ + "/opp/notes.txt", error));
  EXPECT_TRUE(error.empty());
  Write("files/plugin.py");
  EXPECT_TRUE(Check(root_ + "/opp: " + root_ + "/files ", error));
  EXPECT_TRUE(Check(root_ + "/files/plugin.py", error));
  Write("pkgs/my_plugins/__init__.py");
  EXPECT_TRUE(Check(root_ + "/pkgs", error));
  EXPECT_FALSE(Check(root_ + "/gone.py", error));
  EXPECT_NE(error.find("python ONNX Plugin path does not exist: " + root_ + "/gone.py"),
            std::string::npos);
}

TEST(PythonOnnxPluginsTest, BuiltinMappingsWinUnlessTheRowOverrides) {
  unsetenv(kOnnxPluginOverrideEnv);
  OnnxPluginLoad load;
  load.table.Add(Row("ai.onnx", "Relu", 13));
  load.table.Add(Row("ai.onnx", "Gelu", 13, true));
  load.table.Add(Row("my.dom", "Op", 2));
  load.failures.push_back("python ONNX Plugin file /plugins/bad.py: ImportError: x");
  PythonOnnxPlugins plugins(true, load, "");
  onnx::NodeProto relu;
  relu.op_type = "Relu";
  onnx::NodeProto gelu;
  gelu.op_type = "Gelu";
  onnx::NodeProto op;
  op.op_type = "Op";
  EXPECT_FALSE(plugins.Handles(OnnxNodeView(relu, "r", "ai.onnx", 17), true));
  EXPECT_TRUE(plugins.Handles(OnnxNodeView(relu, "r", "ai.onnx", 17), false));
  EXPECT_TRUE(plugins.Handles(OnnxNodeView(gelu, "g", "ai.onnx", 17), true));
  EXPECT_TRUE(plugins.Handles(OnnxNodeView(op, "o", "my.dom", 3), false));
  EXPECT_FALSE(plugins.Handles(OnnxNodeView(op, "o", "my.dom", 1), false));
  EXPECT_EQ(plugins.UnsupportedHint(OnnxNodeView(op, "o", "my.dom", 1)),
            " (python ONNX Plugins exist for opsets 2) (python ONNX Plugin files failed to load: "
            "python ONNX Plugin file /plugins/bad.py: ImportError: x)");
  setenv(kOnnxPluginOverrideEnv, "1", 1);
  PythonOnnxPlugins overriding(true, load, "bridge missing");
  EXPECT_TRUE(overriding.Handles(OnnxNodeView(relu, "r", "ai.onnx", 17), true));
  unsetenv(kOnnxPluginOverrideEnv);
  onnx::NodeProto unknown;
  unknown.op_type = "Unknown";
  EXPECT_EQ(overriding.UnsupportedHint(OnnxNodeView(unknown, "u", "my.dom", 1))
                .find(" (python ONNX Plugins are disabled: bridge missing)"),
            0U);
}

// What the plugins object of an import saw (it is destroyed with the import).
int g_asked = 0;
int g_imported = 0;
int g_created = 0;

// A plugins object of the test: maps every node of domain com.example to Relu (ONNX input 0).
class ReluPlugins : public OnnxNodePlugins {
 public:
  bool Handles(const OnnxNodeView &node, bool has_builtin) override {
    ++g_asked;
    return node.Domain() == "com.example" && !has_builtin;
  }
  Status Import(const OnnxNodeView &node, const std::string &where,
                OnnxImportContext &ctx) override {
    ++g_imported;
    EXPECT_NE(where.find("NodeProto at byte offset"), std::string::npos);
    Node *relu = ctx.AddOp(node.Describe(), node.Name(), "Relu");
    OutAnchor input;
    if (relu == nullptr || ctx.Input(node, 0, &input) != SUCCESS ||
        ctx.ConnectIndex(input, relu, 0) != SUCCESS) {
      return FAILED;
    }
    return ctx.Bind(node.OutputName(0), {relu, 0});
  }
  std::string UnsupportedHint(const OnnxNodeView &) override { return " (test hint)"; }
};

Status CreateReluPlugins(const std::string &, std::unique_ptr<OnnxNodePlugins> *plugins) {
  ++g_created;
  *plugins = std::make_unique<ReluPlugins>();
  return SUCCESS;
}

class ExtensionPointTest : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    models_ = new test::GeneratedModels("ge_onnx_plugin_test", GE_SOURCE_DIR);
  }
  static void TearDownTestSuite() {
    delete models_;
    models_ = nullptr;
  }
  void SetUp() override {
    ASSERT_TRUE(models_->ok()) << test::GeneratedModels::FailureMessage();
    saved_ = GetOnnxNodePluginsFactory();
  }
  void TearDown() override { SetOnnxNodePluginsFactory(saved_); }
  static test::GeneratedModels *models_;
  OnnxNodePluginsFactory saved_ = nullptr;
};

test::GeneratedModels *ExtensionPointTest::models_ = nullptr;

TEST_F(ExtensionPointTest, TheLibraryInstallsThePythonPluginFactory) {
  EXPECT_EQ(saved_, &CreatePythonOnnxPlugins);
}

TEST_F(ExtensionPointTest, NodesTheParserCannotMapGoToThePlugins) {
  SetOnnxNodePluginsFactory(&CreateReluPlugins);
  ComputeGraphPtr graph;
  ASSERT_EQ(ImportOnnxFile(models_->Path("custom_domain.onnx"), {}, &graph), SUCCESS)
      << GetLastError();
  EXPECT_EQ(g_created, 1);
  EXPECT_EQ(g_asked, 3);  // Relu (built-in) is asked too, with has_builtin
  EXPECT_EQ(g_imported, 2);
  EXPECT_EQ(graph->FindNode("scaled_sum")->GetType(), "Relu");
  EXPECT_EQ(graph->FindNode("relu")->GetType(), "Relu");
}

TEST_F(ExtensionPointTest, WithoutAPluginTheErrorAddsTheHintAndHowToAddOne) {
  SetOnnxNodePluginsFactory(nullptr);
  ComputeGraphPtr graph;
  ASSERT_NE(ImportOnnxFile(models_->Path("custom_domain.onnx"), {}, &graph), SUCCESS);
  EXPECT_EQ(graph, nullptr);
  const std::string error = GetLastError();
  EXPECT_NE(error.find("ONNX node 'scaled_sum' (op type 'ScaledSum', domain 'com.example', "
                       "opset 2) is not supported"),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("write a Python ONNX plugin (ge.onnx_plugin) in a .py file listed in "
                       "ASCEND_CUSTOM_OPP_PATH"),
            std::string::npos)
      << error;
}

}  // namespace
}  // namespace onnx_plugin
}  // namespace ge
