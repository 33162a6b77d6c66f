// Helpers shared by the graph core's unit tests.
#ifndef GE_GRAPH_GRAPH_TEST_UTIL_H_
#define GE_GRAPH_GRAPH_TEST_UTIL_H_

#include <memory>
#include <string>
#include <vector>

#include "graph/node.h"
#include "graph/op_desc.h"

namespace ge {

/// An op named `name` of `type` with `inputs` inputs x0.. and `outputs` outputs y0.., all with
/// default tensor descs: enough for topology tests, which never look at shapes.
inline OpDesc MakeOp(const std::string &name, const std::string &type, int inputs, int outputs) {
  OpDesc op(name, type);
  for (int i = 0; i < inputs; ++i) op.AddInputDesc("x" + std::to_string(i), GeTensorDesc());
  for (int i = 0; i < outputs; ++i) op.AddOutputDesc("y" + std::to_string(i), GeTensorDesc());
  return op;
}

/// `count` Relu nodes named `prefix`0, `prefix`1, ... outside any graph (for the index and
/// order structures, which take plain nodes).
inline std::vector<std::unique_ptr<Node>> MakeNodes(size_t count, const std::string &prefix = "n") {
  std::vector<std::unique_ptr<Node>> nodes;
  nodes.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    nodes.push_back(std::make_unique<Node>(OpDesc(prefix + std::to_string(i), "Relu"), nullptr));
  }
  return nodes;
}

}  // namespace ge

#endif  // GE_GRAPH_GRAPH_TEST_UTIL_H_
