// The state of one MatchResult (compiler-internal): bindings, boundary, captures.
#ifndef GE_PATTERN_MATCH_RESULT_IMPL_H_
#define GE_PATTERN_MATCH_RESULT_IMPL_H_

#include <cstdint>
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
  /// One bound pattern input, in ascending pattern Data `index` order: the target producer port
  /// bound to it and its consumers, `consumers[first_consumer, first_consumer + consumer_count)`.
  /// Flat vectors, not maps: one is built per match and read once or twice.
  struct Input {
    int64_t index = -1;
    WeakPort producer;
    size_t first_consumer = 0;
    size_t consumer_count = 0;
  };
  std::vector<Input> inputs;
  /// The target consumer ports reached through each pattern Data's edges, grouped by input.
  std::vector<WeakPort> consumers;
  /// Pattern output k -> target out-port (empty when not recorded).
  std::vector<WeakPort> outputs;
  /// Capture i -> target port (empty index -1 when not bound).
  std::vector<WeakPort> captures;

  const std::pair<NodePtr, std::weak_ptr<Node>> *FindPair(const Node *pattern_node) const;
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_PATTERN_MATCH_RESULT_IMPL_H_
