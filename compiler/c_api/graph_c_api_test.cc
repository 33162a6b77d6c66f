// Tests of the graph C API: every entry point survives NULL and expired handles, graph/node
// edits through handles, AIR round trip, tensor text form, attribute lists and Operator.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "c_handles/c_handles.h"
#include "common/error.h"
#include "ge/c_api/attr_value.h"
#include "ge/c_api/ge_api.h"
#include "ge/c_api/graph.h"
#include "ge/c_api/node.h"
#include "ge/c_api/operator.h"
#include "ge/c_api/tensor.h"
#include "ge/c_api/tensor_desc.h"
#include "graph/compute_graph.h"
#include "ops/op_catalog.h"

namespace {

/// Asserts the call failed and left a message behind.
#define EXPECT_FAILS_WITH_MESSAGE(expr)                                         \
  do {                                                                          \
    ge::ClearLastError();                                                       \
    EXPECT_NE((expr), 0U) << #expr;                                             \
    EXPECT_STRNE(GeApiWrapper_GEGetErrorMsg(), "") << #expr << " set no error"; \
  } while (0)

#define EXPECT_NULL_WITH_MESSAGE(expr)                                          \
  do {                                                                          \
    ge::ClearLastError();                                                       \
    EXPECT_EQ((expr), nullptr) << #expr;                                        \
    EXPECT_STRNE(GeApiWrapper_GEGetErrorMsg(), "") << #expr << " set no error"; \
  } while (0)

/// Asserts the call failed and left exactly `message` as the last error.
#define EXPECT_FAILS_WITH(expr, message)                                    \
  do {                                                                      \
    ge::ClearLastError();                                                   \
    EXPECT_NE((expr), 0U) << #expr;                                         \
    EXPECT_EQ(std::string(GeApiWrapper_GEGetErrorMsg()), message) << #expr; \
  } while (0)

std::string TakeString(char *text) {
  std::string copy = text == nullptr ? "<null>" : text;
  GeApiWrapper_FreeString(text);
  return copy;
}

/// Graph "g": a(Data) -> b(Relu) -> out(NetOutput), built directly on the IR.
GeGraphHandle *MakeChain() {
  GeGraphHandle *g = GeApiWrapper_Graph_CreateGraph("g");
  ge::OpDesc data("a", "Data");
  data.AddOutputDesc("y", ge::GeTensorDesc());
  ge::OpDesc relu("b", "Relu");
  relu.AddInputDesc("x", ge::GeTensorDesc());
  relu.AddOutputDesc("y", ge::GeTensorDesc());
  ge::OpDesc out("out", "NetOutput");
  out.AddInputDesc("x", ge::GeTensorDesc());
  ge::Node *a = g->graph->AddNode(data);
  ge::Node *b = g->graph->AddNode(relu);
  ge::Node *o = g->graph->AddNode(out);
  EXPECT_EQ(g->graph->AddDataEdge(a, 0, b, 0), ge::SUCCESS);
  EXPECT_EQ(g->graph->AddDataEdge(b, 0, o, 0), ge::SUCCESS);
  return g;
}

GeNodeHandle *Find(GeGraphHandle *g, const char *name) {
  GeNodeHandle *node = nullptr;
  EXPECT_EQ(GeApiWrapper_Graph_FindNodeByName(g, name, &node), 0U) << name;
  return node;
}

TEST(GraphCApiNullTest, EveryGraphFunctionFailsCleanlyOnNull) {
  size_t count = 7;
  GeAttrValueHandle *av = GeApiWrapper_AttrValue_Create();
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_Graph_CreateGraph(nullptr));
  GeApiWrapper_Graph_DestroyGraph(nullptr);
  GeApiWrapper_Graph_FreeGraphArray(nullptr);
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_Graph_GetName(nullptr));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_Graph_GetAllNodes(nullptr, &count));
  EXPECT_EQ(count, 0U);
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_Graph_GetDirectNode(nullptr, &count));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_Graph_GetAllNodes(nullptr, nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_GetAttr(nullptr, "k", av));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_SetAttr(nullptr, "k", av));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_Dump_To_File(nullptr, 2, ""));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_Graph_Dump_To_Stream(nullptr, 2));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_Dump_To_Onnx(nullptr, nullptr, nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_SaveToAir(nullptr, "x.air"));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_LoadFromAir(nullptr, "x.air"));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_RemoveNode(nullptr, nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_RemoveEdge(nullptr, nullptr, 0, nullptr, 0));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_AddDataEdge(nullptr, nullptr, 0, nullptr, 0));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_AddControlEdge(nullptr, nullptr, nullptr));
  GeNodeHandle *found = nullptr;
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_FindNodeByName(nullptr, "a", &found));
  EXPECT_EQ(found, nullptr);
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_Graph_GetAllSubgraphs(nullptr, &count));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_Graph_GetSubGraph(nullptr, "s"));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_AddSubGraph(nullptr, nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_RemoveSubgraph(nullptr, "s"));

  // A live graph with NULL arguments.
  GeGraphHandle *g = GeApiWrapper_Graph_CreateGraph("g");
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_GetAttr(g, nullptr, av));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_SetAttr(g, "k", nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_SaveToAir(g, nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_LoadFromAir(g, nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_FindNodeByName(g, nullptr, &found));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_FindNodeByName(g, "a", nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_AddSubGraph(g, nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_RemoveSubgraph(g, nullptr));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_Graph_GetSubGraph(g, nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_Dump_To_File(g, 7, ""));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_Graph_Dump_To_Stream(g, -1));
  // A handle whose body pointer is empty behaves like NULL.
  GeGraphHandle empty;
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_Graph_GetName(&empty));
  GeApiWrapper_Graph_DestroyGraph(g);
  GeApiWrapper_AttrValue_Destroy(av);
}

TEST(GraphCApiNullTest, EveryNodeFunctionFailsCleanlyOnNull) {
  GeAttrValueHandle *av = GeApiWrapper_AttrValue_Create();
  GeTensorDescHandle *td = GeApiWrapper_TensorDesc_Create(nullptr, 0, 2, 0);
  size_t count = 3;
  GeApiWrapper_GNode_DestroyGNode(nullptr);
  GeApiWrapper_GNode_FreeGNodeArray(nullptr);
  GeApiWrapper_GNode_FreeIntArray(nullptr);
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_GNode_GetName(nullptr));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_GNode_GetType(nullptr));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_GNode_GetInControlNodes(nullptr, &count));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_GNode_GetOutControlNodes(nullptr, &count));
  EXPECT_EQ(count, 0U);
  GeNodeHandle *peer = nullptr;
  int32_t port = 5;
  EXPECT_FAILS_WITH_MESSAGE(
      GeApiWrapper_GNode_GetInDataNodesAndPortIndexes(nullptr, 0, &peer, &port));
  EXPECT_EQ(port, -1);
  EXPECT_FAILS_WITH_MESSAGE(
      GeApiWrapper_GNode_GetInDataNodesAndPortIndexes(nullptr, 0, nullptr, nullptr));
  GeNodeHandle **peers = nullptr;
  int32_t *ports = nullptr;
  int n = 0;
  EXPECT_FAILS_WITH_MESSAGE(
      GeApiWrapper_GNode_GetOutDataNodesAndPortIndexes(nullptr, 0, &peers, &ports, &n));
  EXPECT_FAILS_WITH_MESSAGE(
      GeApiWrapper_GNode_GetOutDataNodesAndPortIndexes(nullptr, 0, nullptr, nullptr, nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_GNode_GetAttr(nullptr, "k", av));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_GNode_SetAttr(nullptr, "k", av));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_GNode_GetInputAttr(nullptr, "k", 0, av));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_GNode_SetInputAttr(nullptr, "k", 0, av));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_GNode_GetOutputAttr(nullptr, "k", 0, av));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_GNode_SetOutputAttr(nullptr, "k", 0, av));
  EXPECT_EQ(GeApiWrapper_GNode_GetInputsSize(nullptr), 0U);
  EXPECT_EQ(GeApiWrapper_GNode_GetOutputsSize(nullptr), 0U);
  EXPECT_FALSE(GeApiWrapper_GNode_HasAttr(nullptr, "k"));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_GNode_GetInputDesc(nullptr, 0));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_GNode_GetOutputDesc(nullptr, 0));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_GNode_UpdateInputDesc(nullptr, 0, td));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_GNode_UpdateOutputDesc(nullptr, 0, td));

  // A live node with NULL arguments.
  GeGraphHandle *g = MakeChain();
  GeNodeHandle *b = Find(g, "b");
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_GNode_GetAttr(b, nullptr, av));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_GNode_SetAttr(b, "k", nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_GNode_GetInputAttr(b, "k", 0, nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_GNode_SetOutputAttr(b, nullptr, 0, av));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_GNode_UpdateInputDesc(b, 0, nullptr));
  EXPECT_FALSE(GeApiWrapper_GNode_HasAttr(b, nullptr));
  EXPECT_EQ(GeApiWrapper_GNode_GetInControlNodes(b, nullptr), nullptr);
  GeApiWrapper_GNode_DestroyGNode(b);
  GeApiWrapper_Graph_DestroyGraph(g);
  GeApiWrapper_TensorDesc_Destroy(td);
  GeApiWrapper_AttrValue_Destroy(av);
}

TEST(GraphCApiNullTest, AttrDescTensorOperatorFunctionsFailCleanlyOnNull) {
  int64_t count = 9;
  float f = 0;
  bool b = false;
  int64_t i = 0;
  int32_t dt = 0;
  EXPECT_EQ(GeApiWrapper_AttrValue_GetValueType(nullptr), -1);
  GeApiWrapper_AttrValue_Destroy(nullptr);
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_SetString(nullptr, "s"));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_AttrValue_GetString(nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_SetFloat(nullptr, 1.0F));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_GetFloat(nullptr, &f));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_SetBool(nullptr, true));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_GetBool(nullptr, &b));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_SetInt(nullptr, 1));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_GetInt(nullptr, &i));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_SetDataType(nullptr, 1));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_GetDataType(nullptr, &dt));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_SetTensor(nullptr, nullptr));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_AttrValue_GetTensor(nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_SetListFloat(nullptr, &f, 1));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_SetListBool(nullptr, &b, 1));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_SetListInt(nullptr, &i, 1));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_SetListDataType(nullptr, &dt, 1));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_SetListString(nullptr, nullptr, 1));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_AttrValue_GetListFloat(nullptr, &count));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_AttrValue_GetListBool(nullptr, &count));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_AttrValue_GetListInt(nullptr, &count));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_AttrValue_GetListDataType(nullptr, &count));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_AttrValue_GetListString(nullptr, &count));
  EXPECT_EQ(count, 0);
  GeApiWrapper_FreeString(nullptr);
  GeApiWrapper_FreeListString(nullptr);
  GeApiWrapper_FreeListFloat(nullptr);
  GeApiWrapper_FreeListBool(nullptr);
  GeApiWrapper_FreeListInt(nullptr);
  GeApiWrapper_FreeListDataType(nullptr);

  GeAttrValueHandle *av = GeApiWrapper_AttrValue_Create();
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_SetString(av, nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_GetFloat(av, nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_SetListInt(av, nullptr, 3));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_SetListInt(av, &i, -1));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_SetDataType(av, 5000));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_AttrValue_GetListInt(av, nullptr));
  const char *with_null[] = {"a", nullptr};
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_SetListString(av, with_null, 2));
  GeApiWrapper_AttrValue_Destroy(av);

  int64_t *dims = nullptr;
  size_t dim_count = 0;
  GeApiWrapper_TensorDesc_Destroy(nullptr);
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_TensorDesc_Create(nullptr, 2, 2, 0));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_TensorDesc_Create(nullptr, 0, 999, 0));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_TensorDesc_Create(nullptr, 0, 2, 999));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_TensorDesc_GetShape(nullptr, &dims, &dim_count));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_TensorDesc_GetOriginShape(nullptr, &dims, &dim_count));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_TensorDesc_SetShape(nullptr, nullptr, 0));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_TensorDesc_SetOriginShape(nullptr, nullptr, 0));
  EXPECT_EQ(GeApiWrapper_TensorDesc_GetFormat(nullptr), -1);
  EXPECT_EQ(GeApiWrapper_TensorDesc_GetOriginFormat(nullptr), -1);
  EXPECT_EQ(GeApiWrapper_TensorDesc_GetDataType(nullptr), -1);
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_TensorDesc_SetFormat(nullptr, 0));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_TensorDesc_SetOriginFormat(nullptr, 0));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_TensorDesc_SetDataType(nullptr, 0));
  GeTensorDescHandle *td = GeApiWrapper_TensorDesc_Create(nullptr, 0, 2, 0);
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_TensorDesc_GetShape(td, nullptr, nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_TensorDesc_SetShape(td, nullptr, 3));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_TensorDesc_SetFormat(td, -3));
  GeApiWrapper_TensorDesc_Destroy(td);

  int32_t value = 0;
  GeApiWrapper_Tensor_DestroyEsCTensor(nullptr);
  GeApiWrapper_Tensor_FreeDimsArray(nullptr);
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Tensor_SetFormat(nullptr, &value));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Tensor_SetDataType(nullptr, &value));
  EXPECT_EQ(GeApiWrapper_Tensor_GetFormat(nullptr), -1);
  EXPECT_EQ(GeApiWrapper_Tensor_GetDataType(nullptr), -1);
  EXPECT_EQ(GeApiWrapper_Tensor_GetPlacement(nullptr), -1);
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_Tensor_GetTensorDesc(nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Tensor_GetShape(nullptr, &dims, &dim_count));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_Tensor_GetData(nullptr));
  GeTensorHandle *t = GeApiWrapper_Tensor_CreateTensor();
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Tensor_SetFormat(t, nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Tensor_SetDataType(t, nullptr));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Tensor_GetShape(t, nullptr, nullptr));
  GeApiWrapper_Tensor_DestroyEsCTensor(t);

  GeOperatorHandle null_op;
  for (const GeOperatorHandle *op : {static_cast<const GeOperatorHandle *>(nullptr),
                                     static_cast<const GeOperatorHandle *>(&null_op)}) {
    EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_Operator_GetName(op));
    EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_Operator_GetType(op));
    EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Operator_SetAttr(op, "k", nullptr));
    EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Operator_InputRegister(op, "x"));
    EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Operator_OptionalInputRegister(op, "x"));
    EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Operator_OutputRegister(op, "y"));
    EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Operator_DynamicInputRegister(op, "x", 2));
    EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Operator_DynamicOutputRegister(op, "y", 2));
  }
}

TEST(GraphCApiTest, NodesEdgesAndRemovalThroughHandles) {
  GeGraphHandle *g = MakeChain();
  EXPECT_EQ(TakeString(GeApiWrapper_Graph_GetName(g)), "g");
  size_t count = 0;
  GeNodeHandle **nodes = GeApiWrapper_Graph_GetAllNodes(g, &count);
  ASSERT_EQ(count, 3U);
  EXPECT_EQ(TakeString(GeApiWrapper_GNode_GetName(nodes[1])), "b");
  EXPECT_EQ(TakeString(GeApiWrapper_GNode_GetType(nodes[1])), "Relu");
  for (size_t i = 0; i < count; ++i) {
    GeApiWrapper_GNode_DestroyGNode(nodes[i]);
  }
  GeApiWrapper_GNode_FreeGNodeArray(nodes);

  GeNodeHandle *a = Find(g, "a");
  GeNodeHandle *b = Find(g, "b");
  GeNodeHandle *out = Find(g, "out");
  GeNodeHandle *peer = nullptr;
  int32_t port = -1;
  ASSERT_EQ(GeApiWrapper_GNode_GetInDataNodesAndPortIndexes(b, 0, &peer, &port), 0U);
  EXPECT_EQ(TakeString(GeApiWrapper_GNode_GetName(peer)), "a");
  EXPECT_EQ(port, 0);
  GeApiWrapper_GNode_DestroyGNode(peer);

  GeNodeHandle **peers = nullptr;
  int32_t *ports = nullptr;
  int n = 0;
  ASSERT_EQ(GeApiWrapper_GNode_GetOutDataNodesAndPortIndexes(a, 0, &peers, &ports, &n), 0U);
  ASSERT_EQ(n, 1);
  EXPECT_EQ(TakeString(GeApiWrapper_GNode_GetName(peers[0])), "b");
  EXPECT_EQ(ports[0], 0);
  GeApiWrapper_GNode_DestroyGNode(peers[0]);
  GeApiWrapper_GNode_FreeGNodeArray(peers);
  GeApiWrapper_GNode_FreeIntArray(ports);
  EXPECT_FAILS_WITH_MESSAGE(
      GeApiWrapper_GNode_GetOutDataNodesAndPortIndexes(a, 3, &peers, &ports, &n));

  // Data edges: an occupied input cannot take a second producer; remove then re-add.
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_AddDataEdge(g, a, 0, b, 0));
  EXPECT_EQ(GeApiWrapper_Graph_RemoveEdge(g, a, 0, b, 0), 0U);
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_GNode_GetInDataNodesAndPortIndexes(b, 0, &peer, &port));
  EXPECT_EQ(GeApiWrapper_Graph_AddDataEdge(g, a, 0, b, 0), 0U);

  // Control edges, removed with ports -1/-1.
  EXPECT_EQ(GeApiWrapper_Graph_AddControlEdge(g, a, out), 0U);
  GeNodeHandle **in_ctrl = GeApiWrapper_GNode_GetInControlNodes(out, &count);
  ASSERT_EQ(count, 1U);
  GeApiWrapper_GNode_DestroyGNode(in_ctrl[0]);
  GeApiWrapper_GNode_FreeGNodeArray(in_ctrl);
  EXPECT_EQ(GeApiWrapper_Graph_RemoveEdge(g, a, -1, out, -1), 0U);
  EXPECT_EQ(GeApiWrapper_GNode_GetInControlNodes(out, &count), nullptr);
  EXPECT_EQ(count, 0U);

  // Removing a node expires every handle to it.
  EXPECT_EQ(GeApiWrapper_Graph_RemoveNode(g, out), 0U);
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_GNode_GetName(out));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_RemoveNode(g, out));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_AddControlEdge(g, a, out));
  EXPECT_EQ(GeApiWrapper_GNode_GetInputsSize(out), 0U);

  // A node of another graph is rejected.
  GeGraphHandle *other = MakeChain();
  GeNodeHandle *foreign = Find(other, "b");
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_RemoveNode(g, foreign));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_AddControlEdge(g, a, foreign));
  GeApiWrapper_Graph_DestroyGraph(other);
  // Freeing the graph expires its node handles.
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_GNode_GetType(foreign));

  for (GeNodeHandle *h : {a, b, out, foreign}) {
    GeApiWrapper_GNode_DestroyGNode(h);
  }
  GeApiWrapper_Graph_DestroyGraph(g);
}

TEST(GraphCApiTest, DescsAndPortAttrs) {
  GeGraphHandle *g = MakeChain();
  GeNodeHandle *b = Find(g, "b");
  const int64_t dims[] = {1, 3, 224, 224};
  GeTensorDescHandle *td = GeApiWrapper_TensorDesc_Create(dims, 4, 0, 3);
  ASSERT_NE(td, nullptr);
  EXPECT_EQ(GeApiWrapper_GNode_UpdateInputDesc(b, 0, td), 0U);
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_GNode_UpdateInputDesc(b, 1, td));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_GNode_GetOutputDesc(b, -1));
  GeTensorDescHandle *read = GeApiWrapper_GNode_GetInputDesc(b, 0);
  int64_t *out_dims = nullptr;
  size_t dim_count = 0;
  ASSERT_EQ(GeApiWrapper_TensorDesc_GetShape(read, &out_dims, &dim_count), 0U);
  EXPECT_EQ(std::vector<int64_t>(out_dims, out_dims + dim_count),
            std::vector<int64_t>(dims, dims + 4));
  GeApiWrapper_Tensor_FreeDimsArray(out_dims);
  EXPECT_EQ(GeApiWrapper_TensorDesc_GetFormat(read), 0);
  EXPECT_EQ(GeApiWrapper_TensorDesc_GetOriginFormat(read), 0);
  EXPECT_EQ(GeApiWrapper_TensorDesc_GetDataType(read), 3);

  GeAttrValueHandle *av = GeApiWrapper_AttrValue_Create();
  GeApiWrapper_AttrValue_SetInt(av, 42);
  EXPECT_EQ(GeApiWrapper_GNode_SetOutputAttr(b, "o", 0, av), 0U);
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_GNode_SetOutputAttr(b, "o", 1, av));
  GeAttrValueHandle *got = GeApiWrapper_AttrValue_Create();
  EXPECT_EQ(GeApiWrapper_GNode_GetOutputAttr(b, "o", 0, got), 0U);
  int64_t value = 0;
  EXPECT_EQ(GeApiWrapper_AttrValue_GetInt(got, &value), 0U);
  EXPECT_EQ(value, 42);
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_GNode_GetInputAttr(b, "o", 0, got));
  EXPECT_EQ(GeApiWrapper_GNode_SetAttr(b, "n", av), 0U);
  EXPECT_TRUE(GeApiWrapper_GNode_HasAttr(b, "n"));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_GNode_GetAttr(b, "missing", got));

  GeApiWrapper_AttrValue_Destroy(av);
  GeApiWrapper_AttrValue_Destroy(got);
  GeApiWrapper_TensorDesc_Destroy(td);
  GeApiWrapper_TensorDesc_Destroy(read);
  GeApiWrapper_GNode_DestroyGNode(b);
  GeApiWrapper_Graph_DestroyGraph(g);
}

// Get/Set{Input,Output}Attr share their checks: a live node, then the name, then the attr value
// handle, then the port. Each failure names its cause word for word, and the first failing check
// is the one reported.
TEST(GraphCApiTest, PortAttrCallsReportTheFirstFailedCheck) {
  using PortAttrCall =
      uint32_t (*)(const GeNodeHandle *, const char *, uint32_t, GeAttrValueHandle *);
  struct Call {
    const char *name;
    PortAttrCall call;
    const char *port;
  };
  const Call calls[] = {
      {"GetInputAttr", GeApiWrapper_GNode_GetInputAttr, "input"},
      {"GetOutputAttr", GeApiWrapper_GNode_GetOutputAttr, "output"},
      {"SetInputAttr",
       [](const GeNodeHandle *n, const char *key, uint32_t index, GeAttrValueHandle *av) {
         return GeApiWrapper_GNode_SetInputAttr(n, key, index, av);
       },
       "input"},
      {"SetOutputAttr",
       [](const GeNodeHandle *n, const char *key, uint32_t index, GeAttrValueHandle *av) {
         return GeApiWrapper_GNode_SetOutputAttr(n, key, index, av);
       },
       "output"},
  };
  GeGraphHandle *g = MakeChain();
  GeNodeHandle *b = Find(g, "b");
  GeNodeHandle *expired = Find(g, "out");
  ASSERT_EQ(GeApiWrapper_Graph_RemoveNode(g, expired), 0U);
  GeAttrValueHandle *av = GeApiWrapper_AttrValue_Create();
  for (const Call &c : calls) {
    SCOPED_TRACE(c.name);
    EXPECT_FAILS_WITH(c.call(nullptr, "k", 0, av), "node handle is null");
    EXPECT_FAILS_WITH(c.call(expired, nullptr, 1, nullptr),
                      "node handle has expired (the node or its graph was removed)");
    EXPECT_FAILS_WITH(c.call(b, nullptr, 1, nullptr), "attribute name is null");
    EXPECT_FAILS_WITH(c.call(b, "k", 1, nullptr), "attr value handle is null");
    EXPECT_FAILS_WITH(c.call(b, "k", 1, av),
                      std::string("node 'b' (Relu) has no ") + c.port + " 1 (it has 1)");
  }

  // Only a read can miss the attribute itself: one set on input 0 is not on output 0.
  ASSERT_EQ(GeApiWrapper_AttrValue_SetInt(av, 7), 0U);
  ASSERT_EQ(GeApiWrapper_GNode_SetInputAttr(b, "k", 0, av), 0U);
  GeAttrValueHandle *got = GeApiWrapper_AttrValue_Create();
  ASSERT_EQ(GeApiWrapper_GNode_GetInputAttr(b, "k", 0, got), 0U);
  int64_t value = 0;
  EXPECT_EQ(GeApiWrapper_AttrValue_GetInt(got, &value), 0U);
  EXPECT_EQ(value, 7);
  EXPECT_FAILS_WITH(GeApiWrapper_GNode_GetOutputAttr(b, "k", 0, got),
                    "node 'b' (Relu) output 0 has no attribute 'k'");

  GeApiWrapper_AttrValue_Destroy(av);
  GeApiWrapper_AttrValue_Destroy(got);
  GeApiWrapper_GNode_DestroyGNode(b);
  GeApiWrapper_GNode_DestroyGNode(expired);
  GeApiWrapper_Graph_DestroyGraph(g);
}

TEST(GraphCApiTest, SubgraphRegistryOnTheRoot) {
  GeGraphHandle *root = GeApiWrapper_Graph_CreateGraph("root");
  GeGraphHandle *then_graph = GeApiWrapper_Graph_CreateGraph("then_graph");
  size_t count = 5;
  EXPECT_EQ(GeApiWrapper_Graph_GetAllSubgraphs(root, &count), nullptr);
  EXPECT_EQ(count, 0U);
  EXPECT_EQ(GeApiWrapper_Graph_AddSubGraph(root, then_graph), 0U);
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_AddSubGraph(root, then_graph));
  GeGraphHandle *view = GeApiWrapper_Graph_GetSubGraph(root, "then_graph");
  ASSERT_NE(view, nullptr);
  EXPECT_EQ(view->graph, then_graph->graph);  // shares the body
  GeGraphHandle **all = GeApiWrapper_Graph_GetAllSubgraphs(root, &count);
  ASSERT_EQ(count, 1U);
  GeApiWrapper_Graph_DestroyGraph(all[0]);
  GeApiWrapper_Graph_FreeGraphArray(all);
  EXPECT_EQ(GeApiWrapper_Graph_RemoveSubgraph(root, "then_graph"), 0U);
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_RemoveSubgraph(root, "then_graph"));
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_Graph_GetSubGraph(root, "then_graph"));
  GeApiWrapper_Graph_DestroyGraph(view);
  GeApiWrapper_Graph_DestroyGraph(then_graph);
  GeApiWrapper_Graph_DestroyGraph(root);
}

TEST(GraphCApiTest, AirRoundTripThroughTheCApi) {
  GeGraphHandle *g = MakeChain();
  GeNodeHandle *b = Find(g, "b");
  GeAttrValueHandle *av = GeApiWrapper_AttrValue_Create();
  const int64_t list[] = {3, -4, 5};
  GeApiWrapper_AttrValue_SetListInt(av, list, 3);
  ASSERT_EQ(GeApiWrapper_GNode_SetAttr(b, "pads", av), 0U);
  GeApiWrapper_AttrValue_SetString(av, "kept");
  ASSERT_EQ(GeApiWrapper_Graph_SetAttr(g, "note", av), 0U);

  const std::string path = ::testing::TempDir() + "graph_c_api_round_trip.air";
  std::remove(path.c_str());
  ASSERT_EQ(GeApiWrapper_Graph_SaveToAir(g, path.c_str()), 0U) << GeApiWrapper_GEGetErrorMsg();

  GeGraphHandle *loaded = GeApiWrapper_Graph_CreateGraph("placeholder");
  GeGraphHandle *sharing_old_body = new GeGraphHandle{loaded->graph};
  ASSERT_EQ(GeApiWrapper_Graph_LoadFromAir(loaded, path.c_str()), 0U)
      << GeApiWrapper_GEGetErrorMsg();
  EXPECT_EQ(TakeString(GeApiWrapper_Graph_GetName(loaded)), "g");
  EXPECT_EQ(TakeString(GeApiWrapper_Graph_GetName(sharing_old_body)), "placeholder");
  size_t count = 0;
  GeNodeHandle **nodes = GeApiWrapper_Graph_GetAllNodes(loaded, &count);
  ASSERT_EQ(count, 3U);
  std::vector<std::string> names;
  for (size_t i = 0; i < count; ++i) {
    names.push_back(TakeString(GeApiWrapper_GNode_GetName(nodes[i])));
    GeApiWrapper_GNode_DestroyGNode(nodes[i]);
  }
  GeApiWrapper_GNode_FreeGNodeArray(nodes);
  EXPECT_EQ(names, (std::vector<std::string>{"a", "b", "out"}));

  GeNodeHandle *loaded_b = Find(loaded, "b");
  GeAttrValueHandle *got = GeApiWrapper_AttrValue_Create();
  ASSERT_EQ(GeApiWrapper_GNode_GetAttr(loaded_b, "pads", got), 0U);
  int64_t n = 0;
  int64_t *values = GeApiWrapper_AttrValue_GetListInt(got, &n);
  ASSERT_EQ(n, 3);
  EXPECT_EQ(std::vector<int64_t>(values, values + n), std::vector<int64_t>(list, list + 3));
  GeApiWrapper_FreeListInt(values);
  ASSERT_EQ(GeApiWrapper_Graph_GetAttr(loaded, "note", got), 0U);
  EXPECT_EQ(TakeString(GeApiWrapper_AttrValue_GetString(got)), "kept");
  GeNodeHandle *peer = nullptr;
  int32_t port = -1;
  ASSERT_EQ(GeApiWrapper_GNode_GetInDataNodesAndPortIndexes(loaded_b, 0, &peer, &port), 0U);
  EXPECT_EQ(TakeString(GeApiWrapper_GNode_GetName(peer)), "a");

  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Graph_LoadFromAir(loaded, "/no/such/file.air"));
  EXPECT_EQ(TakeString(GeApiWrapper_Graph_GetName(loaded)), "g");  // unchanged on failure

  for (GeNodeHandle *h : {b, loaded_b, peer}) {
    GeApiWrapper_GNode_DestroyGNode(h);
  }
  GeApiWrapper_AttrValue_Destroy(av);
  GeApiWrapper_AttrValue_Destroy(got);
  GeApiWrapper_Graph_DestroyGraph(sharing_old_body);
  GeApiWrapper_Graph_DestroyGraph(loaded);
  GeApiWrapper_Graph_DestroyGraph(g);
}

TEST(GraphCApiTest, DumpToStreamNamesTheNodes) {
  GeGraphHandle *g = MakeChain();
  const std::string text = TakeString(GeApiWrapper_Graph_Dump_To_Stream(g, 2));
  EXPECT_NE(text.find("Relu"), std::string::npos) << text;
  GeApiWrapper_Graph_DestroyGraph(g);
}

TEST(GraphCApiTest, AttrValueListsAndScalars) {
  GeAttrValueHandle *av = GeApiWrapper_AttrValue_Create();
  EXPECT_EQ(GeApiWrapper_AttrValue_GetValueType(av), 0);
  const bool bools[] = {true, false, true};
  ASSERT_EQ(GeApiWrapper_AttrValue_SetListBool(av, bools, 3), 0U);
  EXPECT_EQ(GeApiWrapper_AttrValue_GetValueType(av), 1003);
  int64_t n = 0;
  bool *read_bools = GeApiWrapper_AttrValue_GetListBool(av, &n);
  ASSERT_EQ(n, 3);
  EXPECT_TRUE(read_bools[0] && !read_bools[1] && read_bools[2]);
  GeApiWrapper_FreeListBool(read_bools);
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_AttrValue_GetListInt(av, &n));  // type mismatch

  const char *strings[] = {"x", "", "long string"};
  ASSERT_EQ(GeApiWrapper_AttrValue_SetListString(av, strings, 3), 0U);
  char **read_strings = GeApiWrapper_AttrValue_GetListString(av, &n);
  ASSERT_EQ(n, 3);
  EXPECT_STREQ(read_strings[2], "long string");
  EXPECT_STREQ(read_strings[1], "");
  GeApiWrapper_FreeListString(read_strings);

  const int32_t dtypes[] = {0, 9};
  ASSERT_EQ(GeApiWrapper_AttrValue_SetListDataType(av, dtypes, 2), 0U);
  EXPECT_EQ(GeApiWrapper_AttrValue_GetValueType(av), 1011);
  int32_t *read_dtypes = GeApiWrapper_AttrValue_GetListDataType(av, &n);
  ASSERT_EQ(n, 2);
  EXPECT_EQ(read_dtypes[1], 9);
  GeApiWrapper_FreeListDataType(read_dtypes);

  ASSERT_EQ(GeApiWrapper_AttrValue_SetListFloat(av, nullptr, 0), 0U);
  EXPECT_NULL_WITH_MESSAGE(GeApiWrapper_AttrValue_GetListFloat(av, &n));  // empty
  float f = 0;
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_AttrValue_GetFloat(av, &f));
  GeApiWrapper_AttrValue_Destroy(av);
}

TEST(GraphCApiTest, TensorTextAndDimsInOneCall) {
  char text[32] = {};
  int64_t dims[4] = {};
  size_t text_len = 0;
  size_t dim_count = 0;
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Tensor_GetDataTextAndDims(nullptr, text, sizeof(text),
                                                                   &text_len, dims, 4, &dim_count));
  GeTensorHandle *t = GeApiWrapper_Tensor_CreateTensor();
  EXPECT_FAILS_WITH_MESSAGE(
      GeApiWrapper_Tensor_GetDataTextAndDims(t, text, sizeof(text), nullptr, dims, 4, &dim_count));
  EXPECT_FAILS_WITH_MESSAGE(
      GeApiWrapper_Tensor_GetDataTextAndDims(t, nullptr, 8, &text_len, dims, 4, &dim_count));

  const float floats[] = {1.0F, -2.5F};
  t->tensor = ge::GeTensor(ge::GeTensorDesc(ge::GeShape({1, 2})), floats, sizeof(floats));
  ASSERT_EQ(
      GeApiWrapper_Tensor_GetDataTextAndDims(t, text, sizeof(text), &text_len, dims, 4, &dim_count),
      0U);
  // Exactly what GetData and GetShape report.
  EXPECT_EQ(std::string(text, text_len), TakeString(GeApiWrapper_Tensor_GetData(t)));
  EXPECT_EQ(std::string(text), "[1.000000,-2.500000]");
  ASSERT_EQ(dim_count, 2U);
  EXPECT_EQ(dims[0], 1);
  EXPECT_EQ(dims[1], 2);

  // Too small: sizes reported, buffers untouched.
  char small[4] = {'x', 'x', 'x', 'x'};
  ASSERT_EQ(GeApiWrapper_Tensor_GetDataTextAndDims(t, small, sizeof(small), &text_len, dims, 4,
                                                   &dim_count),
            0U);
  EXPECT_EQ(text_len, 20U);
  EXPECT_EQ(small[0], 'x');
  dims[0] = 42;
  ASSERT_EQ(
      GeApiWrapper_Tensor_GetDataTextAndDims(t, text, sizeof(text), &text_len, dims, 1, &dim_count),
      0U);
  EXPECT_EQ(dim_count, 2U);
  EXPECT_EQ(dims[0], 42);
  // Sizes only.
  ASSERT_EQ(
      GeApiWrapper_Tensor_GetDataTextAndDims(t, nullptr, 0, &text_len, nullptr, 0, &dim_count), 0U);
  EXPECT_EQ(text_len, 20U);
  GeApiWrapper_Tensor_DestroyEsCTensor(t);
}

TEST(GraphCApiTest, TensorTextForm) {
  GeTensorHandle *t = GeApiWrapper_Tensor_CreateTensor();
  EXPECT_EQ(TakeString(GeApiWrapper_Tensor_GetData(t)), "<empty>");
  EXPECT_EQ(GeApiWrapper_Tensor_GetPlacement(t), 0);

  const float floats[] = {1.0F, -2.5F};
  t->tensor = ge::GeTensor(ge::GeTensorDesc(ge::GeShape({2})), floats, sizeof(floats));
  EXPECT_EQ(TakeString(GeApiWrapper_Tensor_GetData(t)), "[1.000000,-2.500000]");

  const uint16_t halves[] = {0x3C00, 0xC000};  // 1.0, -2.0
  t->tensor = ge::GeTensor(ge::GeTensorDesc(ge::GeShape({2}), ge::FORMAT_ND, ge::DT_FLOAT16),
                           halves, sizeof(halves));
  EXPECT_EQ(TakeString(GeApiWrapper_Tensor_GetData(t)), "[1.000000,-2.000000]");

  const int64_t ints[] = {7, -8};
  t->tensor = ge::GeTensor(ge::GeTensorDesc(ge::GeShape({2}), ge::FORMAT_ND, ge::DT_INT64), ints,
                           sizeof(ints));
  EXPECT_EQ(TakeString(GeApiWrapper_Tensor_GetData(t)), "[7,-8]");

  const uint8_t bools[] = {1, 0};
  t->tensor = ge::GeTensor(ge::GeTensorDesc(ge::GeShape({2}), ge::FORMAT_ND, ge::DT_BOOL), bools,
                           sizeof(bools));
  EXPECT_EQ(TakeString(GeApiWrapper_Tensor_GetData(t)), "[true,false]");

  const int32_t type = ge::DT_DOUBLE;
  EXPECT_EQ(GeApiWrapper_Tensor_SetDataType(t, &type), 0U);
  EXPECT_EQ(TakeString(GeApiWrapper_Tensor_GetData(t)), "<not_supported>");

  // Fewer bytes than one element: no element is read.
  const uint8_t one_byte[] = {1};
  t->tensor = ge::GeTensor(ge::GeTensorDesc(ge::GeShape({1}), ge::FORMAT_ND, ge::DT_INT32),
                           one_byte, sizeof(one_byte));
  EXPECT_EQ(TakeString(GeApiWrapper_Tensor_GetData(t)), "[]");

  const int32_t nchw = ge::FORMAT_NCHW;
  EXPECT_EQ(GeApiWrapper_Tensor_SetFormat(t, &nchw), 0U);
  EXPECT_EQ(GeApiWrapper_Tensor_GetFormat(t), 0);
  int64_t *dims = nullptr;
  size_t count = 0;
  ASSERT_EQ(GeApiWrapper_Tensor_GetShape(t, &dims, &count), 0U);
  EXPECT_EQ(count, 1U);
  GeApiWrapper_Tensor_FreeDimsArray(dims);

  GeAttrValueHandle *av = GeApiWrapper_AttrValue_Create();
  ASSERT_EQ(GeApiWrapper_AttrValue_SetTensor(av, t), 0U);
  GeTensorHandle *copy = GeApiWrapper_AttrValue_GetTensor(av);
  ASSERT_NE(copy, nullptr);
  EXPECT_EQ(GeApiWrapper_Tensor_GetDataType(copy), ge::DT_INT32);
  GeApiWrapper_Tensor_DestroyEsCTensor(copy);
  GeApiWrapper_AttrValue_Destroy(av);
  GeApiWrapper_Tensor_DestroyEsCTensor(t);
}

TEST(GraphCApiTest, OperatorRegistersPortsAndMovesAttrs) {
  ge::OpDesc desc("conv1", "Conv2D");
  GeOperatorHandle op{&desc};
  EXPECT_EQ(TakeString(GeApiWrapper_Operator_GetName(&op)), "conv1");
  EXPECT_EQ(TakeString(GeApiWrapper_Operator_GetType(&op)), "Conv2D");
  EXPECT_EQ(GeApiWrapper_Operator_InputRegister(&op, "x"), 0U);
  EXPECT_EQ(GeApiWrapper_Operator_OptionalInputRegister(&op, "bias"), 0U);
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Operator_InputRegister(&op, "x"));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Operator_InputRegister(&op, ""));
  EXPECT_EQ(GeApiWrapper_Operator_DynamicInputRegister(&op, "d", 2), 0U);
  EXPECT_EQ(GeApiWrapper_Operator_OutputRegister(&op, "y"), 0U);
  EXPECT_EQ(GeApiWrapper_Operator_DynamicOutputRegister(&op, "z", 3), 0U);
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Operator_DynamicOutputRegister(&op, "z", 1));
  // A clash on one port of a dynamic registration adds none of its ports and names the port.
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Operator_DynamicInputRegister(&op, "d", 3));
  EXPECT_NE(std::string(GeApiWrapper_GEGetErrorMsg()).find("already has an input named 'd0'"),
            std::string::npos);
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Operator_DynamicOutputRegister(&op, "z", 5));
  EXPECT_NE(std::string(GeApiWrapper_GEGetErrorMsg()).find("already has an output named 'z0'"),
            std::string::npos);
  EXPECT_EQ(desc.GetInputsSize(), 4U);
  EXPECT_EQ(desc.GetInputName(3), "d1");
  EXPECT_EQ(desc.GetOutputsSize(), 4U);
  ASSERT_EQ(desc.GetIrInputs().size(), 3U);
  EXPECT_EQ(desc.GetIrInputs()[1].second, ge::IrInputType::kOptional);
  EXPECT_EQ(desc.GetIrInputs()[2].second, ge::IrInputType::kDynamic);

  GeAttrValueHandle *av = GeApiWrapper_AttrValue_Create();
  GeApiWrapper_AttrValue_SetInt(av, 3);
  EXPECT_EQ(GeApiWrapper_Operator_SetAttr(&op, "group", av), 0U);
  EXPECT_EQ(GeApiWrapper_AttrValue_GetValueType(av), 0);  // moved out
  ASSERT_NE(desc.GetAttrAs<int64_t>("group"), nullptr);
  EXPECT_EQ(*desc.GetAttrAs<int64_t>("group"), 3);
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Operator_SetAttr(&op, "", av));
  GeApiWrapper_AttrValue_Destroy(av);
}

// A handle over an OpDesc created from its prototype (an ONNX plugin's target) follows GE's
// update semantics: ports the prototype declares register again as no-ops, dynamic registrations
// append only the missing instances, kind conflicts fail. A bare handle keeps the strict rule.
TEST(GraphCApiTest, PrototypeBackedOperatorUpdatesDeclaredPorts) {
  ge::OpDesc desc;
  ASSERT_EQ(ge::CreateOpDesc("concat", "ConcatV2", {}, {}, &desc), ge::SUCCESS);
  ASSERT_EQ(desc.GetInputsSize(), 1U);  // concat_dim; x has no instance yet
  GeOperatorHandle op{&desc, true};
  EXPECT_EQ(GeApiWrapper_Operator_DynamicInputRegister(&op, "x", 2), 0U);
  EXPECT_EQ(GeApiWrapper_Operator_DynamicInputRegister(&op, "x", 3), 0U);
  ASSERT_EQ(desc.GetInputsSize(), 4U);
  EXPECT_EQ(desc.GetInputName(1), "x0");
  EXPECT_EQ(desc.GetInputName(3), "x2");
  EXPECT_EQ(GeApiWrapper_Operator_InputRegister(&op, "concat_dim"), 0U);
  EXPECT_EQ(GeApiWrapper_Operator_OutputRegister(&op, "y"), 0U);
  EXPECT_EQ(desc.GetInputsSize(), 4U);
  EXPECT_EQ(desc.GetOutputsSize(), 1U);
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Operator_OptionalInputRegister(&op, "concat_dim"));
  EXPECT_NE(std::string(GeApiWrapper_GEGetErrorMsg())
                .find("declares an input 'concat_dim' with "
                      "another kind"),
            std::string::npos);
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Operator_InputRegister(&op, "x"));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Operator_DynamicOutputRegister(&op, "y", 1));
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Operator_InputRegister(&op, "x1"));
  // Ports the prototype does not declare are added as on a bare handle.
  EXPECT_EQ(GeApiWrapper_Operator_OptionalInputRegister(&op, "extra"), 0U);
  EXPECT_EQ(desc.GetInputsSize(), 5U);
  ASSERT_EQ(desc.GetIrInputs().size(), 3U);

  GeOperatorHandle bare{&desc, false};
  EXPECT_FAILS_WITH_MESSAGE(GeApiWrapper_Operator_InputRegister(&bare, "concat_dim"));
}

}  // namespace
