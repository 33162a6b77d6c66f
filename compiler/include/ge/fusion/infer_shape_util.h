// InferShapeUtil: infers the shapes of a replacement graph from the tensors at a boundary, for
// passes that need output shapes before the pipeline's own InferShape (stages >= AfterInferShape).
#ifndef GE_FUSION_INFER_SHAPE_UTIL_H_
#define GE_FUSION_INFER_SHAPE_UTIL_H_

#include <memory>

#include "ge/fusion/match_result.h"
#include "ge/fusion/pass/fusion_base_pass.h"
#include "ge/fusion/subgraph_boundary.h"
#include "ge/ge_error_codes.h"
#include "graph/gnode.h"

namespace ge {
namespace fusion {

class InferShapeUtil {
 public:
  /// Copies the desc of each boundary input tensor onto the replacement Data with that `index`
  /// (and a const producer's value as `_value` on the Data's consumer inputs), then infers every
  /// node of `replacement` in topological order. Mutates `replacement`.
  static Status InferShape(const GraphUniqPtr &replacement, const SubgraphBoundary &boundary);
  static Status InferShape(const GraphUniqPtr &replacement,
                           const std::unique_ptr<MatchResult> &match_result);
  /// The boundary of DecomposePass for `node`.
  static Status InferShape(const GraphUniqPtr &replacement, const GNode &node);
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_FUSION_INFER_SHAPE_UTIL_H_
