// Graph builders and a structural comparison shared by the AIR and dump tests.
#ifndef GE_AIR_AIR_TEST_UTIL_H_
#define GE_AIR_AIR_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <string>

#include "air/air_io.h"
#include "common/error.h"
#include "graph/compute_graph.h"

namespace ge {
namespace testing_util {

/// In-memory AIR bytes of `graph` (a test failure, not a crash, when serializing fails).
inline std::string SerializeAir(const ComputeGraphPtr &graph) {
  std::string bytes;
  EXPECT_EQ(SerializeGraphToModelDef(graph, &bytes), SUCCESS) << GetLastError();
  return bytes;
}

/// The graph parsed from in-memory AIR bytes; null (and a test failure) on errors.
inline ComputeGraphPtr ParseAir(const std::string &bytes) {
  ComputeGraphPtr graph;
  EXPECT_EQ(ParseModelDef(bytes, "<memory>", &graph), SUCCESS) << GetLastError();
  return graph;
}

inline OpDesc MakeOp(const std::string &name, const std::string &type, int inputs, int outputs) {
  OpDesc op(name, type);
  for (int i = 0; i < inputs; ++i) {
    op.AddInputDesc("x" + std::to_string(i), GeTensorDesc(GeShape({2, 3}), FORMAT_ND, DT_FLOAT));
  }
  for (int i = 0; i < outputs; ++i) {
    op.AddOutputDesc("y" + std::to_string(i), GeTensorDesc(GeShape({2, 3}), FORMAT_ND, DT_FLOAT));
  }
  return op;
}

/// A value of every attribute kind (23 including "none", which is never written).
inline AttrMap EveryAttrKind() {
  AttrMap attrs;
  GeTensorDesc desc(GeShape({1, -1, 4}), FORMAT_NCHW, DT_FLOAT16);
  desc.SetOriginFormat(FORMAT_NHWC);
  desc.SetOriginShape(GeShape({1, 4, -1}));
  desc.SetOriginDataType(DT_BF16);
  desc.SetName("desc_name");
  desc.MutableAttrs()["user_attr"] = GeAttrValue(int64_t{-7});
  const float weights[] = {1.0F, -2.5F};
  GeTensor tensor(GeTensorDesc(GeShape({2}), FORMAT_ND, DT_FLOAT), weights, sizeof(weights));
  auto graph = std::make_shared<ComputeGraph>("attr_graph");
  graph->AddNode(MakeOp("inner", "Relu", 1, 1));
  NamedAttrs named;
  named.name = "fn";
  named.attrs["k"] = GeAttrValue(std::string("v"));
  named.attrs["n"] = GeAttrValue(int64_t{3});
  attrs["a_string"] = GeAttrValue(std::string("hello\n\"world\"\x01\xff"));
  attrs["a_float"] = GeAttrValue(0.5F);
  attrs["a_bool"] = GeAttrValue(false);
  attrs["a_int"] = GeAttrValue(int64_t{-1});
  attrs["a_int_zero"] = GeAttrValue(int64_t{0});
  attrs["a_tensor_desc"] = GeAttrValue(desc);
  attrs["a_tensor"] = GeAttrValue(tensor);
  attrs["a_bytes"] = GeAttrValue(Bytes{{0, 1, 2, 255}});
  attrs["a_graph"] = GeAttrValue(graph);
  attrs["a_named_attrs"] = GeAttrValue(named);
  attrs["a_list_list_int"] = GeAttrValue(std::vector<std::vector<int64_t>>{{1, 2}, {}, {-3}});
  attrs["a_data_type"] = GeAttrValue(DT_FLOAT);
  attrs["a_list_list_float"] = GeAttrValue(std::vector<std::vector<float>>{{1.5F}, {}});
  attrs["l_string"] = GeAttrValue(std::vector<std::string>{"a", "", "c"});
  // Written like any list_string (loaded back as an owned list, equal to the shared one).
  attrs["l_string_shared"] = GeAttrValue::Shared(
      std::make_shared<const std::vector<std::string>>(std::vector<std::string>{"s", "t"}));
  attrs["l_float"] = GeAttrValue(std::vector<float>{0.25F, -1.0F});
  attrs["l_bool"] = GeAttrValue(std::vector<bool>{true, false, true});
  attrs["l_int"] = GeAttrValue(std::vector<int64_t>{-1, 0, 1LL << 40});
  attrs["l_int_empty"] = GeAttrValue(std::vector<int64_t>{});
  attrs["l_tensor_desc"] = GeAttrValue(std::vector<GeTensorDesc>{desc, GeTensorDesc()});
  attrs["l_tensor"] = GeAttrValue(std::vector<GeTensor>{tensor, GeTensor()});
  attrs["l_bytes"] = GeAttrValue(std::vector<Bytes>{Bytes{{9}}, Bytes{}});
  attrs["l_graph"] = GeAttrValue(std::vector<ComputeGraphPtr>{graph});
  attrs["l_named_attrs"] = GeAttrValue(std::vector<NamedAttrs>{named, NamedAttrs{}});
  attrs["l_data_type"] = GeAttrValue(std::vector<DataType>{DT_INT64, DT_BF16, DT_UNDEFINED});
  return attrs;
}

void ExpectSameGraph(const ComputeGraph &expected, const ComputeGraph &actual);

inline void ExpectSameAttrs(const AttrMap &expected, const AttrMap &actual,
                            const std::string &where) {
  ASSERT_EQ(expected.size(), actual.size()) << where;
  for (const auto &item : expected) {
    auto it = actual.find(item.first);
    ASSERT_NE(it, actual.end()) << where << " attr " << item.first;
    ASSERT_EQ(item.second.GetValueType(), it->second.GetValueType())
        << where << " attr " << item.first;
    if (const auto *graph = item.second.Get<ComputeGraphPtr>()) {
      ExpectSameGraph(**graph, **it->second.Get<ComputeGraphPtr>());
    } else if (const auto *graphs = item.second.Get<std::vector<ComputeGraphPtr>>()) {
      const auto &other = *it->second.Get<std::vector<ComputeGraphPtr>>();
      ASSERT_EQ(graphs->size(), other.size());
      for (size_t i = 0; i < graphs->size(); ++i) {
        ExpectSameGraph(*(*graphs)[i], *other[i]);
      }
    } else {
      EXPECT_TRUE(item.second == it->second) << where << " attr " << item.first;
    }
  }
}

/// Desc equality where graph-valued attributes compare structurally (GeAttrValue == compares
/// graphs by identity, which a reload cannot keep).
inline void ExpectSameDesc(const GeTensorDesc &a, const GeTensorDesc &b, const std::string &where) {
  EXPECT_TRUE(a.IsSameMeta(b)) << where;
  EXPECT_EQ(a.GetName(), b.GetName()) << where;
  EXPECT_EQ(a.GetOriginShape(), b.GetOriginShape()) << where;
  EXPECT_EQ(a.IsOriginShapeInitialized(), b.IsOriginShapeInitialized()) << where;
  ExpectSameAttrs(a.GetAttrs(), b.GetAttrs(), where);
}

inline void ExpectSameNode(const Node &a, const Node &b) {
  const std::string where = "node " + a.GetName();
  const OpDesc &x = a.GetOpDesc();
  const OpDesc &y = b.GetOpDesc();
  EXPECT_EQ(x.GetName(), y.GetName());
  EXPECT_EQ(x.GetType(), y.GetType()) << where;
  EXPECT_EQ(x.GetId(), y.GetId()) << where;
  ASSERT_EQ(x.GetInputsSize(), y.GetInputsSize()) << where;
  ASSERT_EQ(x.GetOutputsSize(), y.GetOutputsSize()) << where;
  for (size_t i = 0; i < x.GetInputsSize(); ++i) {
    ExpectSameDesc(*x.GetInputDesc(i), *y.GetInputDesc(i),
                   where + " input desc " + std::to_string(i));
    EXPECT_EQ(x.GetInputName(i), y.GetInputName(i)) << where;
    const InDataPeer pa = a.GetInDataPeer(i);
    const InDataPeer pb = b.GetInDataPeer(i);
    ASSERT_EQ(pa.IsConnected(), pb.IsConnected()) << where << " input " << i;
    if (pa.IsConnected()) {
      EXPECT_EQ(pa.node->GetName(), pb.node->GetName()) << where;
      EXPECT_EQ(pa.out_index, pb.out_index) << where;
    }
  }
  for (size_t i = 0; i < x.GetOutputsSize(); ++i) {
    ExpectSameDesc(*x.GetOutputDesc(i), *y.GetOutputDesc(i),
                   where + " output desc " + std::to_string(i));
    EXPECT_EQ(x.GetOutputName(i), y.GetOutputName(i)) << where;
  }
  ASSERT_EQ(a.GetInControlNodes().size(), b.GetInControlNodes().size()) << where;
  for (size_t i = 0; i < a.GetInControlNodes().size(); ++i) {
    EXPECT_EQ(a.GetInControlNodes()[i]->GetName(), b.GetInControlNodes()[i]->GetName()) << where;
  }
  EXPECT_EQ(x.GetIrInputs(), y.GetIrInputs()) << where;
  EXPECT_EQ(x.GetIrOutputs(), y.GetIrOutputs()) << where;
  EXPECT_EQ(x.GetIrAttrNames(), y.GetIrAttrNames()) << where;
  EXPECT_EQ(x.GetSubgraphIrNames(), y.GetSubgraphIrNames()) << where;
  EXPECT_EQ(x.GetSubgraphInstanceNames(), y.GetSubgraphInstanceNames()) << where;
  ExpectSameAttrs(x.GetAllAttrs(), y.GetAllAttrs(), where);
}

inline void ExpectSameGraph(const ComputeGraph &expected, const ComputeGraph &actual) {
  EXPECT_EQ(expected.GetName(), actual.GetName());
  const auto a = expected.GetDirectNodes();
  const auto b = actual.GetDirectNodes();
  ASSERT_EQ(a.size(), b.size()) << "graph " << expected.GetName();
  for (size_t i = 0; i < a.size(); ++i) {
    ExpectSameNode(*a[i], *b[i]);
  }
  ASSERT_EQ(expected.GetInputNodes().size(), actual.GetInputNodes().size());
  for (size_t i = 0; i < expected.GetInputNodes().size(); ++i) {
    EXPECT_EQ(expected.GetInputNodes()[i]->GetName(), actual.GetInputNodes()[i]->GetName());
  }
  ASSERT_EQ(expected.GetOutputs().size(), actual.GetOutputs().size());
  for (size_t i = 0; i < expected.GetOutputs().size(); ++i) {
    EXPECT_EQ(expected.GetOutputs()[i].first->GetName(), actual.GetOutputs()[i].first->GetName());
    EXPECT_EQ(expected.GetOutputs()[i].second, actual.GetOutputs()[i].second);
  }
  ExpectSameAttrs(expected.GetAllAttrs(), actual.GetAllAttrs(), "graph " + expected.GetName());
  ASSERT_EQ(expected.GetAllSubgraphs().size(), actual.GetAllSubgraphs().size());
  for (size_t i = 0; i < expected.GetAllSubgraphs().size(); ++i) {
    const ComputeGraph &sa = *expected.GetAllSubgraphs()[i];
    const ComputeGraph &sb = *actual.GetAllSubgraphs()[i];
    ExpectSameGraph(sa, sb);
    ASSERT_EQ(sa.GetParentNode() == nullptr, sb.GetParentNode() == nullptr);
    if (sa.GetParentNode() != nullptr) {
      EXPECT_EQ(sa.GetParentNode()->GetName(), sb.GetParentNode()->GetName());
      EXPECT_EQ(sa.GetParentGraph()->GetName(), sb.GetParentGraph()->GetName());
      EXPECT_EQ(sb.GetParentNode()->GetOwnerGraph(), sb.GetParentGraph().get());
    }
  }
}

/// root: Data x, Data y, Const w -> "scope:add"(x, w, <unconnected optional>) -> If(cond=y, add)
/// with then/else branches (then holds a PartitionedCall with a nested subgraph) -> NetOutput,
/// plus control edges w -> add and x -> NetOutput.
inline ComputeGraphPtr BuildSampleGraph() {
  auto root = std::make_shared<ComputeGraph>("root");
  OpDesc x_desc = MakeOp("x", "Data", 1, 1);
  x_desc.SetAttr("index", GeAttrValue(int64_t{0}));
  Node *x = root->AddNode(x_desc);
  OpDesc y_desc = MakeOp("y", "Data", 1, 1);
  y_desc.SetAttr("index", GeAttrValue(int64_t{1}));
  Node *y = root->AddNode(y_desc);
  OpDesc w_desc = MakeOp("w", "Const", 0, 1);
  const float weights[] = {1, 2, 3, 4, 5, 6};
  w_desc.SetAttr("value",
                 GeAttrValue(GeTensor(GeTensorDesc(GeShape({2, 3})), weights, sizeof(weights))));
  Node *w = root->AddNode(w_desc);
  OpDesc add_desc = MakeOp("scope:add", "AddN", 3, 1);
  add_desc.AppendIrInput("x", IrInputType::kRequired);
  add_desc.AppendIrInput("bias", IrInputType::kOptional);
  add_desc.AppendIrInput("extra", IrInputType::kDynamic);
  add_desc.AppendIrOutput("y", IrOutputType::kRequired);
  add_desc.AppendIrAttrName("alpha");
  add_desc.SetAttr("alpha", GeAttrValue(1.25F));
  add_desc.SetId(42);
  add_desc.SetInputName(2, "");
  Node *add = root->AddNode(add_desc);
  OpDesc if_desc = MakeOp("if", "If", 2, 1);
  if_desc.AppendSubgraphIrName("then_branch", SubgraphType::kStatic);
  if_desc.AppendSubgraphIrName("else_branch", SubgraphType::kStatic);
  if_desc.AddSubgraphInstanceName("then_g");
  if_desc.AddSubgraphInstanceName("else_g");
  Node *if_node = root->AddNode(if_desc);
  OpDesc out_desc = MakeOp("out", "NetOutput", 1, 0);
  Node *out = root->AddNode(out_desc);
  root->AddDataEdge(x, 0, add, 0);
  root->AddDataEdge(w, 0, add, 1);
  root->AddDataEdge(y, 0, if_node, 0);
  root->AddDataEdge(add, 0, if_node, 1);
  root->AddDataEdge(if_node, 0, out, 0);
  root->AddControlEdge(w, add);
  root->AddControlEdge(y, add);
  root->AddControlEdge(x, out);
  root->AddInputNode(x);
  root->AddInputNode(y);
  root->SetOutputs({{if_node, 0}});
  root->SetAttr("_session_graph_id", GeAttrValue(std::string("-1_0")));

  auto make_branch = [&](const std::string &name, ComputeGraph *owner_graph, Node *owner,
                         const std::string &call_sub) {
    auto sub = std::make_shared<ComputeGraph>(name);
    OpDesc data = MakeOp(name + "_data", "Data", 1, 1);
    data.SetAttr("index", GeAttrValue(int64_t{0}));
    data.SetAttr("_parent_node_index", GeAttrValue(int64_t{1}));
    Node *d = sub->AddNode(data);
    Node *body = d;
    if (!call_sub.empty()) {
      OpDesc call = MakeOp(name + "_call", "PartitionedCall", 1, 1);
      call.AddSubgraphInstanceName(call_sub);
      body = sub->AddNode(call);
      sub->AddDataEdge(d, 0, body, 0);
    }
    OpDesc net = MakeOp(name + "_out", "NetOutput", 1, 0);
    net.MutableInputDesc(0)->MutableAttrs()["_parent_node_index"] = GeAttrValue(int64_t{0});
    Node *n = sub->AddNode(net);
    sub->AddDataEdge(body, 0, n, 0);
    sub->AddInputNode(d);
    sub->SetParentGraph(owner_graph->shared_from_this());
    sub->SetParentNode(owner);
    return sub;
  };
  ComputeGraphPtr then_g = make_branch("then_g", root.get(), if_node, "nested_g");
  ComputeGraphPtr else_g = make_branch("else_g", root.get(), if_node, "");
  root->AddSubgraph(then_g);
  root->AddSubgraph(else_g);
  ComputeGraphPtr nested =
      make_branch("nested_g", then_g.get(), then_g->FindNode("then_g_call"), "");
  root->AddSubgraph(nested);
  return root;
}

}  // namespace testing_util
}  // namespace ge

#endif  // GE_AIR_AIR_TEST_UTIL_H_
