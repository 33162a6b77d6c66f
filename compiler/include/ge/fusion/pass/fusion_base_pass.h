// FusionBasePass: the root of every registry pass. Run edits `graph` (one graph: the executor
// calls it for the root graph and again for each subgraph).
#ifndef GE_FUSION_PASS_FUSION_BASE_PASS_H_
#define GE_FUSION_PASS_FUSION_BASE_PASS_H_

#include <memory>

#include "ge/fusion/pass/custom_pass_context.h"
#include "ge/ge_error_codes.h"
#include "graph/graph.h"

namespace ge {
namespace fusion {

using GraphUniqPtr = std::unique_ptr<Graph>;

class FusionBasePass {
 public:
  virtual ~FusionBasePass() = default;
  /// SUCCESS when the graph changed, NOT_CHANGED when not; anything else fails the compile (set
  /// an error message on the context to say why).
  virtual Status Run(GraphPtr &graph, CustomPassContext &pass_context) = 0;
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_FUSION_PASS_FUSION_BASE_PASS_H_
