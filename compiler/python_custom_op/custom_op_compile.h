// The compile step of Python custom ops, a whole-graph optimizer of the pipeline
// (pipeline/whole_graph_optimizers.h) while implementations with compile are loaded: every node
// of such a type (subgraphs included) gets an OpCompileContext (its tensor descriptions without
// memory, its attributes, the compile options, the target platform) and the implementation's
// compile runs on it, once per compile of a graph, with a fresh context each time.
#ifndef GE_PYTHON_CUSTOM_OP_CUSTOM_OP_COMPILE_H_
#define GE_PYTHON_CUSTOM_OP_CUSTOM_OP_COMPILE_H_

#include <map>
#include <string>

#include "ge/ge_error_codes.h"
#include "graph/node.h"
#include "python_custom_op/python_custom_ops.h"

namespace ge {
namespace python_custom_op {

constexpr const char *kCompileOptimizerName = "python_custom_op_compile";

/// The optimizer PythonCustomOps registers.
Status CompileCustomOps(ComputeGraph &graph, const std::map<std::string, std::string> &options);

/// One compile of `entry` (its holder created) on `node`; fails naming node, op type and cause.
Status RunCompile(const ImplEntry &entry, const Node &node,
                  const std::map<std::string, std::string> &options);

}  // namespace python_custom_op
}  // namespace ge

#endif  // GE_PYTHON_CUSTOM_OP_CUSTOM_OP_COMPILE_H_
