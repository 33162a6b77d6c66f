// NodeRewrite: a rewrite described node by node, for the compiler's own fusions (the built-in
// passes of the compile pipeline, docs/runtime.md "Built-in graph fusion"): the nodes it removes,
// the new nodes and their inputs, and which outputs of removed nodes the new ones take over.
// Apply() turns that into a boundary and a replacement graph and runs the graph rewriter on them
// (the one path every fusion takes, rewrite_steps.h): all checks run before the first edit, so
// the rewrite happens completely or leaves the graph exactly as it was.
//
// The new nodes keep the names they are given (a removed node's name is free for them): names
// that do not depend on earlier rewrites keep dumps and .om files the same from run to run.
// Like every rewrite they record `_datadump_original_op_names/_types` of the nodes they replace.
#ifndef GE_REWRITE_NODE_REWRITE_H_
#define GE_REWRITE_NODE_REWRITE_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"

namespace ge {
namespace fusion {

class NodeRewrite {
 public:
  explicit NodeRewrite(ComputeGraph &graph);

  /// `node`, a node of the graph, is removed. The removed nodes are exactly those the boundary
  /// encloses: every input they read from a node that stays is a boundary input, and the outputs
  /// they pass on are those named by TakeOver (Apply checks both).
  void Remove(Node *node);
  /// A new node; nullptr (with the reason as last error) when its name is already used by
  /// another new node of this rewrite.
  Node *Add(OpDesc desc);
  /// Input `in_index` of new node `dst` reads `src`:`out_index`: another new node, or a port of a
  /// node that stays which a removed node reads.
  void Connect(Node *src, int32_t out_index, Node *dst, int32_t in_index);
  /// Every reader of `removed`:`out_index` (a graph output naming it included) reads new node
  /// `src`:`src_out` instead.
  void TakeOver(Node *removed, int32_t out_index, Node *src, int32_t src_out);

  /// True when the removed nodes may be fused: their fusion-scoped attrs (`_user_stream_label`,
  /// ...) agree, which the rewriter requires. A pass checks this to skip such a fusion instead of
  /// failing on it.
  bool ScopedAttrsAgree() const;
  /// Applies the rewrite. FAILED with the reason as last error, the graph unchanged.
  Status Apply();

 private:
  Status BuildReplacement(std::vector<std::vector<std::pair<Node *, int32_t>>> *input_consumers);

  ComputeGraph &graph_;
  ComputeGraphPtr replacement_;
  std::vector<Node *> removed_;
  // (src, out_index, dst, in_index) with `src` a node that stays.
  struct OutsideEdge {
    Node *src;
    int32_t out_index;
    Node *dst;
    int32_t in_index;
  };
  std::vector<OutsideEdge> outside_edges_;
  std::vector<std::pair<Node *, int32_t>> taken_over_;   // removed output ports, in order
  std::vector<std::pair<Node *, int32_t>> new_sources_;  // ... and the new ports they map to
  std::string error_;  // the first failure of Connect, reported by Apply
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_REWRITE_NODE_REWRITE_H_
