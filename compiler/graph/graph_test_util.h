// Helpers shared by the graph core's unit tests.
#ifndef GE_GRAPH_GRAPH_TEST_UTIL_H_
#define GE_GRAPH_GRAPH_TEST_UTIL_H_

#include <string>

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

}  // namespace ge

#endif  // GE_GRAPH_GRAPH_TEST_UTIL_H_
