// CompileGraph: stage order, plugin passes at their stages, dumps with the GE suffixes, and a
// failing pass failing the compile with its name.
#include "pipeline/compile_graph.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "common/error.h"
#include "ge/fusion/pass/fusion_pass_reg.h"
#include "pattern/fusion_test_util.h"

namespace ge {
namespace {

using fusion::test::P;
using fusion::test::SortedTypes;
using fusion::test::TestGraph;

std::string FindFiles(const std::string &dir) {
  std::string output;
  FILE *pipe = popen(("find '" + dir + "' -type f 2>/dev/null").c_str(), "r");
  if (pipe == nullptr) {
    return output;
  }
  char buffer[512];
  while (fgets(buffer, sizeof(buffer), pipe) != nullptr) {
    output += buffer;
  }
  pclose(pipe);
  return output;
}

TEST(CompileGraphTest, RunsStagesInOrderWithPluginPassesAndDumps) {
  const std::string dump_dir = ::testing::TempDir() + "/fusion_pipeline_dumps";
  setenv("ASCEND_OPP_PATH", GE_TEST_OPP_DIR, 1);
  setenv("DUMP_GE_GRAPH", "3", 1);
  setenv("DUMP_GRAPH_PATH", dump_dir.c_str(), 1);
  TestGraph g("pipeline");
  Node *x = g.Data("x", 0);
  Node *zero = g.Const("zero", 0.0F);
  Node *add = g.Op("add", "Add", {P(x), P(zero)});
  Node *relu = g.Op("relu", "Relu", {P(add)});
  g.NetOutput({P(relu)});
  CompileResult result;
  ASSERT_EQ(CompileGraph(g.Get(), {{"AlwaysFailingPass", "off"}}, &result), SUCCESS)
      << GetLastError();
  EXPECT_EQ(result.steps,
            (std::vector<std::string>{"PreRunBegin", "BeforeInferShape", "InferShape",
                                      "AfterInferShape", "BuiltinFusion", "AfterBuiltinFusionPass",
                                      "AfterOriginGraphOptimize", "Build"}));
  EXPECT_EQ(
      result.dump_suffixes,
      (std::vector<std::string>{
          "PreRunBegin", "RunCustomPassBeforeInfershape", "AfterInfershape",
          "RunCustomPass_AfterInferShape", "RunCustomPassAfterBuiltinFusionPass",
          "PreRunAfterOptimizeOriginalGraph", "RunCustomPassAfterOriginGraphOptimize", "Build"}));
  EXPECT_EQ(SortedTypes(*g.Get()), (std::vector<std::string>{"Data", "NetOutput", "Relu"}));
  EXPECT_EQ(relu->GetInDataPeer(0).node, x);
  const std::string files = FindFiles(dump_dir);
  EXPECT_NE(files.find("PreRunBegin"), std::string::npos) << files;
  EXPECT_NE(files.find("RunCustomPassBeforeInfershape"), std::string::npos) << files;
  EXPECT_NE(files.find("RunCustomPass_AfterInferShape"), std::string::npos) << files;
  unsetenv("DUMP_GE_GRAPH");
}

class AlwaysFailingPass : public fusion::FusionBasePass {
 public:
  Status Run(GraphPtr &, CustomPassContext &context) override {
    context.SetErrorMessage("refusing on purpose");
    return FAILED;
  }
};
REG_FUSION_PASS(AlwaysFailingPass).Stage(CustomPassStage::kAfterOriginGraphOptimize);

TEST(CompileGraphTest, FailingPassFailsTheCompileNamingStageAndPass) {
  unsetenv("DUMP_GE_GRAPH");
  TestGraph g("failing");
  Node *x = g.Data("x", 0);
  g.NetOutput({P(g.Op("relu", "Relu", {P(x)}))});
  CompileResult result;
  EXPECT_EQ(CompileGraph(g.Get(), {}, &result), FAILED);
  EXPECT_NE(GetLastError().find("Custom pass stage[AfterOriginGraphOptimize] failed on graph"
                                "[failing]: [AlwaysFailingPass][Run] failed on graph "
                                "failing: refusing on purpose"),
            std::string::npos)
      << GetLastError();
  // Switched off, the same compile succeeds.
  CompileResult again;
  EXPECT_EQ(CompileGraph(g.Get(), {{"ge.optimizationSwitch", "AlwaysFailingPass:off"}}, &again),
            SUCCESS)
      << GetLastError();
}

}  // namespace
}  // namespace ge
