// The state of one MatchResult (compiler-internal): bindings, boundary, captures.
#ifndef GE_PATTERN_MATCH_RESULT_IMPL_H_
#define GE_PATTERN_MATCH_RESULT_IMPL_H_

#include <cstdint>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "ge/fusion/match_result.h"
#include "graph/node.h"

namespace ge {
namespace fusion {

/// A target port held weakly (the graph may change while a result is alive).
struct WeakPort {
  std::weak_ptr<Node> node;
  int32_t index = -1;
};

struct MatchResultImpl {
  const Pattern *pattern = nullptr;
  /// (pattern node, target node) in binding order; pattern nodes live in the pattern graph.
  std::vector<std::pair<NodePtr, std::weak_ptr<Node>>> pairs;
  /// Pattern Data `index` -> the target producer port bound to it.
  std::map<int64_t, WeakPort> input_producers;
  /// Pattern Data `index` -> the target consumer ports reached through that Data's edges.
  std::map<int64_t, std::vector<WeakPort>> input_consumers;
  /// Pattern output k -> target out-port (empty when not recorded).
  std::vector<WeakPort> outputs;
  /// Capture i -> target port (empty index -1 when not bound).
  std::vector<WeakPort> captures;

  const std::pair<NodePtr, std::weak_ptr<Node>> *FindPair(const Node *pattern_node) const;
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_PATTERN_MATCH_RESULT_IMPL_H_
