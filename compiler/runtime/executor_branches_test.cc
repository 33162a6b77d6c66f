// If, Case and PartitionedCall on the host runtime (control_flow.h): which subgraph runs, how
// parent inputs reach it, nesting, and what planning refuses.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "ops/infer_test_util.h"
#include "runtime/executor.h"
#include "runtime/runtime_test_utils.h"

namespace ge {
namespace runtime {
namespace {
using ge::test::Out;
using ge::test::TestGraph;
using test::F32;
using test::Values;

// Registers `sub` as a subgraph of `parent` (a node of `root`).
void Attach(TestGraph &sub, Node *parent, TestGraph &root) {
  sub.graph_ptr()->SetParentNode(parent);
  sub.graph_ptr()->SetParentGraph(root.graph_ptr());
  ASSERT_EQ(root.graph().AddSubgraph(sub.graph_ptr()), SUCCESS) << GetLastError();
  parent->MutableOpDesc().AddSubgraphInstanceName(sub.graph().GetName());
}

// A body computing `input[data_index] <type> value` (Add or Mul with a float scalar).
std::unique_ptr<TestGraph> ScalarBody(const std::string &name, const std::string &type, float value,
                                      int64_t data_index = 0) {
  auto sub = std::make_unique<TestGraph>(name);
  Node *x = sub->Data(name + "_x", {2}, DT_FLOAT, data_index);
  Node *c = sub->Floats(name + "_c", {value}, true);
  Node *y = sub->Op(type, name + "_op", {Out(x), Out(c)});
  sub->Op("NetOutput", name + "_out", {Out(y)}, {}, {{"x", 1}});
  return sub;
}

std::unique_ptr<Executor> Plan(TestGraph &g) {
  std::unique_ptr<Executor> executor;
  EXPECT_EQ(Executor::Create(g.graph(), &executor), SUCCESS) << GetLastError();
  if (executor != nullptr) {
    EXPECT_EQ(executor->CheckKernels(), SUCCESS) << GetLastError();
  }
  return executor;
}

std::vector<float> RunWith(Executor &executor, const GeTensor &selector) {
  std::vector<GeTensor> outputs;
  EXPECT_EQ(executor.Run({selector, F32({2}, {1, 2})}, &outputs), SUCCESS) << GetLastError();
  return outputs.size() == 1 ? Values<float>(outputs[0]) : std::vector<float>{};
}

// If(cond, x): then = x + 5, else = x * 2.
struct IfGraph {
  TestGraph g;
  Node *cond;
  Node *if_node;
  std::unique_ptr<TestGraph> then_branch = ScalarBody("then_branch", "Add", 5.0F);
  std::unique_ptr<TestGraph> else_branch = ScalarBody("else_branch", "Mul", 2.0F);

  explicit IfGraph(std::vector<int64_t> cond_dims = {}, DataType cond_type = DT_INT32) {
    cond = g.Data("cond", cond_dims, cond_type, 0);
    Node *x = g.Data("x", {2}, DT_FLOAT, 1);
    if_node = g.Op("If", "if", {Out(cond), Out(x)}, {}, {{"input", 1}}, {{"output", 1}});
    g.Op("NetOutput", "out", {Out(if_node)}, {}, {{"x", 1}});
    Attach(*then_branch, if_node, g);
    Attach(*else_branch, if_node, g);
  }
};

TEST(ExecutorBranches, IfRunsThenForNonZeroScalarAndElseForZero) {
  IfGraph f;
  auto executor = Plan(f.g);
  ASSERT_NE(executor, nullptr);
  EXPECT_EQ(RunWith(*executor, test::I32({}, {1})), (std::vector<float>{6, 7}));
  EXPECT_EQ(RunWith(*executor, test::I32({}, {-3})), (std::vector<float>{6, 7}));
  EXPECT_EQ(RunWith(*executor, test::I32({}, {0})), (std::vector<float>{2, 4}));
}

TEST(ExecutorBranches, IfReadsBoolAndFloatScalarsAndNonScalarsByEmptiness) {
  IfGraph bools({}, DT_BOOL);
  auto executor = Plan(bools.g);
  ASSERT_NE(executor, nullptr);
  EXPECT_EQ(RunWith(*executor, test::MakeTensor<bool>({}, {true})), (std::vector<float>{6, 7}));
  EXPECT_EQ(RunWith(*executor, test::MakeTensor<bool>({}, {false})), (std::vector<float>{2, 4}));
  IfGraph vectors({-1}, DT_FLOAT);
  executor = Plan(vectors.g);
  ASSERT_NE(executor, nullptr);
  EXPECT_EQ(RunWith(*executor, F32({1}, {0})), (std::vector<float>{6, 7}));  // non-empty
  EXPECT_EQ(RunWith(*executor, F32({0}, {})), (std::vector<float>{2, 4}));   // empty
}

TEST(ExecutorBranches, CaseRunsTheIndexedBranchAndTheLastOneOutOfRange) {
  TestGraph g;
  Node *index = g.Data("index", {}, DT_INT32, 0);
  Node *x = g.Data("x", {2}, DT_FLOAT, 1);
  Node *node = g.Op("Case", "case", {Out(index), Out(x)}, {}, {{"input", 1}}, {{"output", 1}});
  g.Op("NetOutput", "out", {Out(node)}, {}, {{"x", 1}});
  auto b0 = ScalarBody("b0", "Add", 10.0F);
  auto b1 = ScalarBody("b1", "Add", 20.0F);
  auto b2 = ScalarBody("b2", "Add", 30.0F);
  for (auto *branch : {b0.get(), b1.get(), b2.get()}) Attach(*branch, node, g);
  auto executor = Plan(g);
  ASSERT_NE(executor, nullptr);
  EXPECT_EQ(RunWith(*executor, test::I32({}, {0})), (std::vector<float>{11, 12}));
  EXPECT_EQ(RunWith(*executor, test::I32({}, {1})), (std::vector<float>{21, 22}));
  EXPECT_EQ(RunWith(*executor, test::I32({}, {2})), (std::vector<float>{31, 32}));
  EXPECT_EQ(RunWith(*executor, test::I32({}, {7})), (std::vector<float>{31, 32}));
  EXPECT_EQ(RunWith(*executor, test::I32({}, {-1})), (std::vector<float>{31, 32}));
}

TEST(ExecutorBranches, BranchesReadParentInputsByIndexOrParentNodeIndex) {
  TestGraph g;
  Node *cond = g.Data("cond", {}, DT_BOOL, 0);
  Node *x = g.Data("x", {2}, DT_FLOAT, 1);
  Node *y = g.Data("y", {2}, DT_FLOAT, 2);
  Node *if_node =
      g.Op("If", "if", {Out(cond), Out(x), Out(y)}, {}, {{"input", 2}}, {{"output", 1}});
  g.Op("NetOutput", "out", {Out(if_node)}, {}, {{"x", 1}});
  auto then_branch = ScalarBody("then_branch", "Add", 0.0F, 1);  // reads only y
  auto else_branch = ScalarBody("else_branch", "Add", 0.0F, 0);
  // _parent_node_index wins over index: parent input 1 is x.
  else_branch->graph()
      .FindNode("else_branch_x")
      ->MutableOpDesc()
      .SetAttr("_parent_node_index", int64_t{1});
  else_branch->graph().FindNode("else_branch_x")->MutableOpDesc().SetAttr("index", int64_t{5});
  Attach(*then_branch, if_node, g);
  Attach(*else_branch, if_node, g);
  auto executor = Plan(g);
  ASSERT_NE(executor, nullptr);
  for (bool flag : {true, false}) {
    std::vector<GeTensor> outputs;
    ASSERT_EQ(
        executor->Run({test::MakeTensor<bool>({}, {flag}), F32({2}, {1, 2}), F32({2}, {3, 4})},
                      &outputs),
        SUCCESS)
        << GetLastError();
    EXPECT_EQ(Values<float>(outputs[0]),
              flag ? (std::vector<float>{3, 4}) : (std::vector<float>{1, 2}));
  }
}

TEST(ExecutorBranches, PartitionedCallAndNestedIfRun) {
  TestGraph g;
  Node *cond = g.Data("cond", {}, DT_INT32, 0);
  Node *x = g.Data("x", {2}, DT_FLOAT, 1);
  Node *call =
      g.Op("PartitionedCall", "call", {Out(cond), Out(x)}, {}, {{"args", 2}}, {{"output", 1}});
  g.Op("NetOutput", "out", {Out(call)}, {}, {{"x", 1}});
  TestGraph body("body");
  Node *bc = body.Data("body_cond", {}, DT_INT32, 0);
  Node *bx = body.Data("body_x", {2}, DT_FLOAT, 1);
  Node *inner = body.Op("If", "inner_if", {Out(bc), Out(bx)}, {}, {{"input", 1}}, {{"output", 1}});
  body.Op("NetOutput", "body_out", {Out(inner)}, {}, {{"x", 1}});
  Attach(body, call, g);
  auto then_branch = ScalarBody("then_branch", "Add", 5.0F);
  auto else_branch = ScalarBody("else_branch", "Mul", 2.0F);
  then_branch->graph_ptr()->SetParentNode(inner);
  then_branch->graph_ptr()->SetParentGraph(body.graph_ptr());
  else_branch->graph_ptr()->SetParentNode(inner);
  else_branch->graph_ptr()->SetParentGraph(body.graph_ptr());
  for (auto *branch : {then_branch.get(), else_branch.get()}) {
    ASSERT_EQ(g.graph().AddSubgraph(branch->graph_ptr()), SUCCESS) << GetLastError();
    inner->MutableOpDesc().AddSubgraphInstanceName(branch->graph().GetName());
  }
  auto executor = Plan(g);
  ASSERT_NE(executor, nullptr);
  EXPECT_EQ(RunWith(*executor, test::I32({}, {1})), (std::vector<float>{6, 7}));
  EXPECT_EQ(RunWith(*executor, test::I32({}, {0})), (std::vector<float>{2, 4}));
}

TEST(ExecutorBranches, CheckKernelsLooksInsideBranches) {
  IfGraph f;
  Node *op = f.else_branch->graph().FindNode("else_branch_op");
  Node *odd = f.else_branch->Op("Relu", "odd", {Out(op)});
  odd->MutableOpDesc().SetType("NoSuchKernel");
  std::unique_ptr<Executor> executor;
  ASSERT_EQ(Executor::Create(f.g.graph(), &executor), SUCCESS) << GetLastError();
  ASSERT_NE(executor->CheckKernels(), SUCCESS);
  EXPECT_NE(GetLastError().find("no kernel for 1 node: 'odd' (NoSuchKernel)"), std::string::npos)
      << GetLastError();
}

TEST(ExecutorBranches, WhileWithoutItsCondAndOtherSubgraphOwnersAreRefusedAtPlanning) {
  TestGraph g;
  Node *x = g.Data("x", {2}, DT_FLOAT, 0);
  Node *loop = g.Op("While", "loop", {Out(x)}, {}, {{"input", 1}}, {{"output", 1}});
  g.Op("NetOutput", "out", {Out(loop)}, {}, {{"x", 1}});
  auto body = ScalarBody("body", "Add", 1.0F);
  Attach(*body, loop, g);
  std::unique_ptr<Executor> executor;
  ASSERT_NE(Executor::Create(g.graph(), &executor), SUCCESS);
  EXPECT_NE(GetLastError().find("node 'loop' (While) has 1 subgraphs, expected 2"),
            std::string::npos)
      << GetLastError();
  TestGraph other;
  Node *y = other.Data("y", {2}, DT_FLOAT, 0);
  Node *relu = other.Op("Relu", "relu", {Out(y)});
  other.Op("NetOutput", "out", {Out(relu)}, {}, {{"x", 1}});
  auto attached = ScalarBody("attached", "Add", 1.0F);
  Attach(*attached, relu, other);
  ASSERT_NE(Executor::Create(other.graph(), &executor), SUCCESS);
  EXPECT_NE(GetLastError().find("'relu' (Relu) owns subgraphs; of such ops the host runtime runs "
                                "If, Case, PartitionedCall and While"),
            std::string::npos)
      << GetLastError();
}

TEST(ExecutorBranches, BranchErrorsNameTheSubgraphAndTheNode) {
  IfGraph f;
  // then: x [2] + a [3] constant, which does not broadcast.
  TestGraph &then_graph = *f.then_branch;
  Node *add = then_graph.graph().FindNode("then_branch_op");
  Node *wide = then_graph.Floats("wide", {1, 2, 3});
  ASSERT_EQ(then_graph.graph().RemoveInDataEdge(add, 1), SUCCESS);
  ASSERT_EQ(then_graph.graph().AddDataEdge(wide, 0, add, 1), SUCCESS);
  auto executor = Plan(f.g);
  ASSERT_NE(executor, nullptr);
  EXPECT_EQ(RunWith(*executor, test::I32({}, {0})), (std::vector<float>{2, 4}));
  std::vector<GeTensor> outputs;
  ASSERT_NE(executor->Run({test::I32({}, {1}), F32({2}, {1, 2})}, &outputs), SUCCESS);
  EXPECT_EQ(GetLastError(),
            "node 'then_branch_op' (Add): shapes [2] and [3] are not broadcastable; in subgraph "
            "'then_branch' of node 'if' (If)");
}

}  // namespace
}  // namespace runtime
}  // namespace ge
