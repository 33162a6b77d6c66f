// Does one target node fit one pattern node? GE's rules, with the IR-attr fix of
// docs/pattern_matcher.md.
#ifndef GE_PATTERN_NODE_MATCHER_H_
#define GE_PATTERN_NODE_MATCHER_H_

#include "ge/fusion/pattern_matcher_config.h"
#include "graph/node.h"

namespace ge {
namespace fusion {

/// Pattern `Data` accepts any node. A pattern real const accepts only real consts (with equal
/// bytes, dtype and shape when const-value match is on and the pattern const has a value).
/// Any other pattern node needs the same type and, with IR-attr match on, the same IR attrs.
bool NodeMatches(const Node &pattern_node, const Node &target_node,
                 const PatternMatcherConfig &config);

/// The binary ops whose two inputs may be exchanged without changing the result: the table that
/// commutative matching (PatternMatcherConfigBuilder::EnableCommutativeMatch) reads.
bool IsCommutativeType(const std::string &type);

}  // namespace fusion
}  // namespace ge

#endif  // GE_PATTERN_NODE_MATCHER_H_
