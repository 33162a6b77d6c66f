// Pattern: the graph to look for (Data = any producer, NetOutput inputs = the pattern outputs)
// plus the ordered list of tensors a pass wants to read back from each match.
#ifndef GE_FUSION_PATTERN_H_
#define GE_FUSION_PATTERN_H_

#include <memory>
#include <vector>

#include "ge/fusion/node_io.h"
#include "ge/ge_error_codes.h"
#include "graph/graph.h"

namespace ge {
namespace fusion {

class Pattern {
 public:
  /// Takes the pattern graph. Every pattern Data needs an `index` attr (0..N-1: the boundary
  /// input it stands for); the first NetOutput's inputs are the pattern outputs.
  explicit Pattern(Graph &&pattern_graph);
  /// Appends a pattern output tensor (pattern node, output index) to the capture list.
  Pattern &CaptureTensor(const NodeIo &node_output);
  Status GetCapturedTensors(std::vector<NodeIo> &node_outputs) const;
  const Graph &GetGraph() const;

 private:
  Graph graph_;
  std::vector<NodeIo> captured_tensors_;
};

using PatternUniqPtr = std::unique_ptr<Pattern>;

}  // namespace fusion
}  // namespace ge

#endif  // GE_FUSION_PATTERN_H_
