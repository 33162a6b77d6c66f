// SimpleGraphBuilder: a small helper to write patterns and replacement graphs in C++ without the
// ES op functions: Data inputs with `index`, Consts, nodes of any type, one NetOutput.
#ifndef GE_FUSION_SIMPLE_GRAPH_BUILDER_H_
#define GE_FUSION_SIMPLE_GRAPH_BUILDER_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "ge/fusion/node_io.h"
#include "ge/fusion/pass/fusion_base_pass.h"
#include "graph/graph.h"
#include "graph/tensor.h"

namespace ge {
namespace fusion {

class SimpleGraphBuilder {
 public:
  explicit SimpleGraphBuilder(const char *name);
  ~SimpleGraphBuilder();
  SimpleGraphBuilder(const SimpleGraphBuilder &) = delete;
  SimpleGraphBuilder &operator=(const SimpleGraphBuilder &) = delete;

  /// A Data node with attr `index` (its output 0).
  NodeIo AddInput(int64_t index);
  /// A Const node with attr `value` (a Const without value when `value` is null: in a pattern it
  /// matches any Const).
  NodeIo AddConst(const Tensor *value);
  /// A node of `type`: input i is fed by `inputs[i]`; it has max(inputs, input_count) inputs and
  /// `output_count` outputs. Port descs come from the op catalog when it knows the type. An
  /// invalid GNode when an input does not belong to this builder.
  GNode AddNode(const char *type, const std::vector<NodeIo> &inputs, size_t output_count,
                size_t input_count = 0U);
  /// Adds the NetOutput fed by `outputs` and hands the graph over (the builder is then empty).
  GraphUniqPtr Build(const std::vector<NodeIo> &outputs);

 private:
  // Held directly (no impl block): a fusion pass makes one builder per replacement.
  std::shared_ptr<ComputeGraph> graph_;  // null once built
  uint64_t counter_ = 0;                 // numbers the generated node names
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_FUSION_SIMPLE_GRAPH_BUILDER_H_
