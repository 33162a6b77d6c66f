// bench/bridge's chain, shared by addzero_chain_bench.cc, trace_bench.cc and bench/passes:
// `blocks` x (Add(x, zero[1]) -> Relu), shapes [1, 4], 3 nodes per block.
#ifndef BENCH_MATCHER_ADDZERO_CHAIN_H_
#define BENCH_MATCHER_ADDZERO_CHAIN_H_

#include <memory>
#include <string>

#include "bench_util.h"

namespace bench {

inline ge::ComputeGraphPtr BuildAddZeroChain(size_t blocks) {
  auto graph = std::make_shared<ge::ComputeGraph>("chain");
  ge::Node *x = AddInputX(*graph, {1, 4});
  const float zero_value = 0.0F;
  for (size_t i = 0; i < blocks; ++i) {
    const std::string id = std::to_string(i);
    ge::OpDesc zero_desc("zero" + id, "Const");
    zero_desc.AddOutputDesc("y", Desc({1}));
    zero_desc.SetAttr("value",
                      ge::GeAttrValue(ge::GeTensor(Desc({1}), &zero_value, sizeof(zero_value))));
    ge::Node *zero = graph->AddNode(std::move(zero_desc));
    ge::OpDesc add_desc("add" + id, "Add");
    add_desc.AddInputDesc("x1", Desc({1, 4}));
    add_desc.AddInputDesc("x2", Desc({1}));
    add_desc.AddOutputDesc("y", Desc({1, 4}));
    ge::Node *add = graph->AddNode(std::move(add_desc));
    (void)graph->AddDataEdge(x, 0, add, 0);
    (void)graph->AddDataEdge(zero, 0, add, 1);
    ge::OpDesc relu_desc("relu" + id, "Relu");
    relu_desc.AddInputDesc("x", Desc({1, 4}));
    relu_desc.AddOutputDesc("y", Desc({1, 4}));
    ge::Node *relu = graph->AddNode(std::move(relu_desc));
    (void)graph->AddDataEdge(add, 0, relu, 0);
    x = relu;
  }
  ge::OpDesc out("NetOutput", "NetOutput");
  out.AddInputDesc("x0", ge::GeTensorDesc());
  ge::Node *net_output = graph->AddNode(std::move(out));
  (void)graph->AddDataEdge(x, 0, net_output, 0);
  return graph;
}

}  // namespace bench

#endif  // BENCH_MATCHER_ADDZERO_CHAIN_H_
