// Control-flow ops on the host runtime: If, Case, PartitionedCall and While run their subgraphs
// (nested ones included), graphs without outputs run, and errors name the node and subgraph.
#include "runtime/control_flow.h"

#include <gtest/gtest.h>

#include "ops/op_catalog.h"
#include "runtime/executor.h"
#include "runtime/runtime_test_utils.h"

namespace ge {
namespace runtime {
namespace {

using test::F32;
using test::I32;
using test::Values;
using Port = std::pair<Node *, int32_t>;

/// One graph (root or subgraph) built node by node from catalog prototypes.
class Graph {
 public:
  explicit Graph(const std::string &name) : graph_(std::make_shared<ComputeGraph>(name)) {}

  Node *Op(const std::string &name, const std::string &type, const std::vector<Port> &inputs,
           const std::map<std::string, int64_t> &dynamic_inputs = {},
           const std::map<std::string, int64_t> &dynamic_outputs = {}) {
    OpDesc desc;
    EXPECT_EQ(CreateOpDesc(name, type, dynamic_inputs, dynamic_outputs, &desc), SUCCESS)
        << GetLastError();
    Node *node = graph_->AddNode(std::move(desc));
    for (size_t i = 0; i < inputs.size(); ++i) {
      EXPECT_EQ(
          graph_->AddDataEdge(inputs[i].first, inputs[i].second, node, static_cast<int32_t>(i)),
          SUCCESS)
          << GetLastError();
    }
    return node;
  }

  /// A Data node of unknown shape (subgraph inputs accept whatever the parent passes).
  Node *Data(const std::string &name, int64_t index, DataType dtype = DT_FLOAT) {
    Node *node = Op(name, "Data", {});
    node->MutableOpDesc().SetAttr("index", index);
    node->MutableOpDesc().MutableOutputDesc(0)->SetShape(GeShape(std::vector<int64_t>{-2}));
    node->MutableOpDesc().MutableOutputDesc(0)->SetDataType(dtype);
    EXPECT_EQ(graph_->AddInputNode(node), SUCCESS);
    return node;
  }

  Node *Const(const std::string &name, const GeTensor &value) {
    Node *node = Op(name, "Const", {});
    node->MutableOpDesc().SetAttr("value", value);
    return node;
  }

  void Output(const std::vector<Port> &inputs) {
    Op(graph_->GetName() + "_out", "NetOutput", inputs,
       {{"x", static_cast<int64_t>(inputs.size())}});
  }

  /// Registers `sub` on this (root) graph as the next subgraph of `owner`.
  void Attach(Node *owner, Graph &sub) {
    sub.graph_->SetParentNode(owner);
    sub.graph_->SetParentGraph(graph_);
    ASSERT_EQ(graph_->AddSubgraph(sub.graph_), SUCCESS) << GetLastError();
    owner->MutableOpDesc().AddSubgraphInstanceName(sub.graph_->GetName());
  }

  ComputeGraph &graph() { return *graph_; }

 private:
  ComputeGraphPtr graph_;
};

/// A one-input subgraph computing `type`(x) (unary) or `type`(x, x) (binary).
void Body(Graph &sub, const std::string &type, bool binary) {
  Node *x = sub.Data(sub.graph().GetName() + "_x", 0);
  std::vector<Port> inputs = {{x, 0}};
  if (binary) inputs.push_back({x, 0});
  sub.Output({{sub.Op(sub.graph().GetName() + "_op", type, inputs), 0}});
}

std::vector<GeTensor> RunGraph(ComputeGraph &graph, const std::vector<GeTensor> &inputs) {
  std::unique_ptr<Executor> executor;
  EXPECT_EQ(Executor::Create(graph, &executor), SUCCESS) << GetLastError();
  std::vector<GeTensor> outputs;
  if (executor != nullptr) {
    EXPECT_EQ(executor->CheckKernels(), SUCCESS) << GetLastError();
    EXPECT_EQ(executor->Run(inputs, &outputs), SUCCESS) << GetLastError();
  }
  return outputs;
}

TEST(ControlFlow, IfRunsTheBranchTheConditionSelects) {
  Graph root("root");
  Node *cond = root.Data("cond", 0, DT_INT32);
  Node *x = root.Data("x", 1);
  Node *node = root.Op("if", "If", {{cond, 0}, {x, 0}}, {{"input", 1}}, {{"output", 1}});
  root.Output({{node, 0}});
  Graph then_graph("then_graph");
  Body(then_graph, "Neg", false);
  Graph else_graph("else_graph");
  Body(else_graph, "Add", true);
  root.Attach(node, then_graph);
  root.Attach(node, else_graph);
  const GeTensor value = F32({2}, {1.5F, -2});
  EXPECT_EQ(Values<float>(RunGraph(root.graph(), {I32({}, {3}), value}).at(0)),
            (std::vector<float>{-1.5F, 2}));
  EXPECT_EQ(Values<float>(RunGraph(root.graph(), {I32({}, {0}), value}).at(0)),
            (std::vector<float>{3, -4}));
  // A non-scalar condition is true when it has elements.
  EXPECT_EQ(Values<float>(RunGraph(root.graph(), {I32({0}, {}), value}).at(0)),
            (std::vector<float>{3, -4}));
}

TEST(ControlFlow, CaseTakesTheLastBranchForAnIndexOutOfRange) {
  Graph root("root");
  Node *index = root.Data("index", 0, DT_INT32);
  Node *x = root.Data("x", 1);
  Node *node = root.Op("case", "Case", {{index, 0}, {x, 0}}, {{"input", 1}}, {{"output", 1}});
  root.Output({{node, 0}});
  Graph neg("neg"), add("add"), abs("abs");
  Body(neg, "Neg", false);
  Body(add, "Add", true);
  Body(abs, "Abs", false);
  for (Graph *branch : {&neg, &add, &abs}) root.Attach(node, *branch);
  const GeTensor value = F32({2}, {-1, 2});
  EXPECT_EQ(Values<float>(RunGraph(root.graph(), {I32({}, {1}), value}).at(0)),
            (std::vector<float>{-2, 4}));
  EXPECT_EQ(Values<float>(RunGraph(root.graph(), {I32({}, {7}), value}).at(0)),
            (std::vector<float>{1, 2}));
}

TEST(ControlFlow, PartitionedCallMapsParentIndicesAndRunsANestedIf) {
  Graph root("root");
  Node *a = root.Data("a", 0);
  Node *b = root.Data("b", 1);
  Node *flag = root.Data("flag", 2, DT_BOOL);
  Node *call = root.Op("call", "PartitionedCall", {{a, 0}, {b, 0}, {flag, 0}}, {{"args", 3}},
                       {{"output", 1}});
  root.Output({{call, 0}});
  // f(a, b, flag) = If(flag, b - a): its Data nodes read the call's inputs swapped.
  Graph f("f");
  Node *fb = f.Data("fb", 0);
  fb->MutableOpDesc().SetAttr("_parent_node_index", int64_t{1});
  Node *fa = f.Data("fa", 1);
  fa->MutableOpDesc().SetAttr("_parent_node_index", int64_t{0});
  Node *fflag = f.Data("fflag", 2, DT_BOOL);
  Node *sub = f.Op("sub", "Sub", {{fb, 0}, {fa, 0}});
  Node *inner = f.Op("inner", "If", {{fflag, 0}, {sub, 0}}, {{"input", 1}}, {{"output", 1}});
  f.Output({{inner, 0}});
  root.Attach(call, f);
  Graph keep("keep"), twice("twice");
  Body(keep, "Abs", false);
  Body(twice, "Add", true);
  root.Attach(inner, keep);
  root.Attach(inner, twice);
  const GeTensor av = F32({2}, {5, 1});
  const GeTensor bv = F32({2}, {2, 4});
  EXPECT_EQ(
      Values<float>(RunGraph(root.graph(), {av, bv, test::MakeTensor<bool>({}, {true})}).at(0)),
      (std::vector<float>{3, 3}));
  EXPECT_EQ(
      Values<float>(RunGraph(root.graph(), {av, bv, test::MakeTensor<bool>({}, {false})}).at(0)),
      (std::vector<float>{-6, 6}));
}

TEST(ControlFlow, WhileRunsTheBodyUntilTheConditionFails) {
  Graph root("root");
  Node *x = root.Data("x", 0);
  Node *loop = root.Op("loop", "While", {{x, 0}}, {{"input", 1}}, {{"output", 1}});
  root.Output({{loop, 0}});
  Graph cond("cond");
  Node *cx = cond.Data("cx", 0);
  Node *limit = cond.Const("limit", F32({}, {10}));
  cond.Output({{cond.Op("less", "Less", {{cx, 0}, {limit, 0}}), 0}});
  Graph body("body");
  Body(body, "Add", true);
  root.Attach(loop, cond);
  root.Attach(loop, body);
  EXPECT_EQ(Values<float>(RunGraph(root.graph(), {F32({}, {1.5F})}).at(0)),
            (std::vector<float>{12}));
  EXPECT_EQ(Values<float>(RunGraph(root.graph(), {F32({}, {20})}).at(0)), (std::vector<float>{20}));
}

TEST(ControlFlow, AGraphWithoutOutputsRunsAndReturnsNothing) {
  Graph root("root");
  Node *x = root.Data("x", 0);
  root.Op("relu", "Relu", {{x, 0}});
  EXPECT_TRUE(RunGraph(root.graph(), {F32({1}, {-1})}).empty());
}

TEST(ControlFlow, ErrorsNameTheNodeAndTheSubgraph) {
  Graph root("root");
  Node *cond = root.Data("cond", 0, DT_BOOL);
  Node *x = root.Data("x", 1);
  Node *node = root.Op("if", "If", {{cond, 0}, {x, 0}}, {{"input", 1}}, {{"output", 1}});
  root.Output({{node, 0}});
  Graph then_graph("then_graph");  // expects int32, gets the parent's float
  Node *tx = then_graph.Data("tx", 0, DT_INT32);
  then_graph.Output({{then_graph.Op("neg", "Neg", {{tx, 0}}), 0}});
  Graph bad("bad");  // Variable is a catalog op without a host kernel
  Node *bx = bad.Data("bx", 0);
  bad.Output({{bad.Op("var", "Variable", {{bx, 0}}), 0}});
  root.Attach(node, then_graph);
  std::unique_ptr<Executor> executor;
  EXPECT_NE(Executor::Create(root.graph(), &executor), SUCCESS);
  EXPECT_NE(GetLastError().find("node 'if' (If) has 1 subgraphs, expected 2"), std::string::npos)
      << GetLastError();
  root.Attach(node, bad);
  ASSERT_EQ(Executor::Create(root.graph(), &executor), SUCCESS) << GetLastError();
  EXPECT_NE(executor->CheckKernels(), SUCCESS);
  EXPECT_NE(GetLastError().find("'var' (Variable); in subgraph 'bad' of node 'if' (If)"),
            std::string::npos)
      << GetLastError();
  std::vector<GeTensor> outputs;
  EXPECT_NE(executor->Run({test::MakeTensor<bool>({}, {true}), F32({1}, {1})}, &outputs), SUCCESS);
  EXPECT_NE(GetLastError().find("dtype DT_FLOAT does not match the model's DT_INT32; in subgraph "
                                "'then_graph' of node 'if' (If)"),
            std::string::npos)
      << GetLastError();
}

}  // namespace
}  // namespace runtime
}  // namespace ge
