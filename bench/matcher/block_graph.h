// The matcher benches' graph: repeated blocks `Add(Add(MatMul(X, W_i), B_i), 0)`.
#ifndef BENCH_MATCHER_BLOCK_GRAPH_H_
#define BENCH_MATCHER_BLOCK_GRAPH_H_

#include <memory>
#include <string>
#include <vector>

#include "bench_util.h"

namespace bench {

// Shapes as in onnxscript_bench.py: x, W and every product [4, 4], B [4], zero a scalar. The
// GEMM plugin fuses 2-D products with a fitting bias only, so the shapes must be known.
inline ge::Node *AddConst(ge::ComputeGraph &graph, const std::string &name,
                          const std::vector<int64_t> &dims, float value) {
  ge::OpDesc desc(name, "Const");
  const ge::GeTensorDesc tensor_desc = Desc(dims);
  desc.AddOutputDesc("y", tensor_desc);
  size_t count = 1;
  for (int64_t dim : dims) {
    count *= static_cast<size_t>(dim);
  }
  const std::vector<float> data(count, value);
  desc.SetAttr("value", ge::GeAttrValue(
                            ge::GeTensor(tensor_desc, data.data(), data.size() * sizeof(float))));
  return graph.AddNode(std::move(desc));
}

inline ge::Node *AddOp(ge::ComputeGraph &graph, const std::string &name, const std::string &type,
                       ge::Node *in0, ge::Node *in1) {
  ge::OpDesc desc(name, type);
  desc.AddInputDesc("x1", *in0->GetOpDesc().GetOutputDesc(0));
  desc.AddInputDesc("x2", *in1->GetOpDesc().GetOutputDesc(0));
  desc.AddOutputDesc("y", Desc({4, 4}));
  ge::Node *node = graph.AddNode(std::move(desc));
  (void)graph.AddDataEdge(in0, 0, node, 0);
  (void)graph.AddDataEdge(in1, 0, node, 1);
  return node;
}

// 6 nodes per block: W, MatMul, B, Add, zero, Add(x, 0).
/// The blocks `Add(Add(MatMul(X, W_i), B_i), 0)`, 6 nodes each, chained through X; with
/// `exchanged` both Adds take their operands in the other order: `Add(0, Add(B_i, MatMul))`.
inline ge::ComputeGraphPtr BuildBlockGraph(size_t target_nodes, bool exchanged = false) {
  auto graph = std::make_shared<ge::ComputeGraph>("bench");
  ge::Node *x = bench::AddInputX(*graph, {4, 4});
  const size_t blocks = target_nodes / 6U;
  for (size_t i = 0; i < blocks; ++i) {
    const std::string id = std::to_string(i);
    ge::Node *w = AddConst(*graph, "w" + id, {4, 4}, 1.0F);
    ge::Node *mm = AddOp(*graph, "mm" + id, "MatMul", x, w);
    ge::Node *b = AddConst(*graph, "b" + id, {4}, 2.0F);
    ge::Node *add = exchanged ? AddOp(*graph, "add" + id, "Add", b, mm)
                              : AddOp(*graph, "add" + id, "Add", mm, b);
    ge::Node *zero = AddConst(*graph, "zero" + id, {}, 0.0F);
    x = exchanged ? AddOp(*graph, "addzero" + id, "Add", zero, add)
                  : AddOp(*graph, "addzero" + id, "Add", add, zero);
  }
  ge::OpDesc out("NetOutput", "NetOutput");
  out.AddInputDesc("x0", ge::GeTensorDesc());
  ge::Node *net_output = graph->AddNode(std::move(out));
  (void)graph->AddDataEdge(x, 0, net_output, 0);
  return graph;
}

}  // namespace bench

#endif  // BENCH_MATCHER_BLOCK_GRAPH_H_
