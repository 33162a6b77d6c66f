// Does one target node fit one pattern node? GE's rules, with the IR-attr fix of
// docs/pattern_matcher.md.
#ifndef GE_PATTERN_NODE_MATCHER_H_
#define GE_PATTERN_NODE_MATCHER_H_

#include <string>

#include "ge/fusion/pattern_matcher_config.h"
#include "graph/node.h"
#include "pattern/match_trace.h"

namespace ge {
namespace fusion {

/// The check a refused node failed, filled only when the caller asks (a tracer listens).
struct NodeCheckFailure {
  MatchCheck check = MatchCheck::kOpType;
  std::string detail;
};

/// Pattern `Data` accepts any node. A pattern real const accepts only real consts (with equal
/// bytes, dtype and shape when const-value match is on and the pattern const has a value).
/// Any other pattern node needs the same type and, with IR-attr match on, the same IR attrs.
/// On refusal, `failure` (when not null) names the check.
bool NodeMatches(const Node &pattern_node, const Node &target_node,
                 const PatternMatcherConfig &config, NodeCheckFailure *failure = nullptr);

/// The binary ops whose two inputs may be exchanged without changing the result: the table that
/// commutative matching (PatternMatcherConfigBuilder::EnableCommutativeMatch) reads.
bool IsCommutativeType(const std::string &type);

}  // namespace fusion
}  // namespace ge

#endif  // GE_PATTERN_NODE_MATCHER_H_
