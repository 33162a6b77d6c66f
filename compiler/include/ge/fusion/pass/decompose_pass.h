// DecomposePass: "replace every node of these op types by a graph of simpler ops".
#ifndef GE_FUSION_PASS_DECOMPOSE_PASS_H_
#define GE_FUSION_PASS_DECOMPOSE_PASS_H_

#include <vector>

#include "ge/fusion/pass/fusion_base_pass.h"
#include "graph/ascend_string.h"
#include "graph/gnode.h"

namespace ge {
namespace fusion {

class DecomposePass : public FusionBasePass {
 public:
  explicit DecomposePass(const std::vector<AscendString> &op_types);
  Status Run(GraphPtr &graph, CustomPassContext &pass_context) override;

  /// Default true.
  virtual bool MeetRequirements(const GNode &matched_node);
  /// Inputs: one Data per distinct producer port of the node's connected inputs (numbered by
  /// first appearance); outputs: one NetOutput input per output port of the node.
  virtual GraphUniqPtr Replacement(const GNode &matched_node) = 0;

  const std::vector<AscendString> &GetOpTypes() const { return op_types_; }

 private:
  std::vector<AscendString> op_types_;
};

class DecomposePassV2 : public FusionBasePass {
 public:
  explicit DecomposePassV2(const std::vector<AscendString> &op_types);
  Status Run(GraphPtr &graph, CustomPassContext &pass_context) override;

  virtual bool MeetRequirements(const GNode &matched_node, CustomPassContext &pass_context);
  virtual GraphUniqPtr Replacement(const GNode &matched_node, CustomPassContext &pass_context) = 0;

  const std::vector<AscendString> &GetOpTypes() const { return op_types_; }

 private:
  std::vector<AscendString> op_types_;
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_FUSION_PASS_DECOMPOSE_PASS_H_
