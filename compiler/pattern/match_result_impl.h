// The state of one MatchResult (compiler-internal): bindings, boundary, captures.
#ifndef GE_PATTERN_MATCH_RESULT_IMPL_H_
#define GE_PATTERN_MATCH_RESULT_IMPL_H_

#include <cstdint>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include "ge/fusion/match_result.h"
#include "graph/compute_graph.h"
#include "graph/node.h"
#include "support/inline_vector.h"

namespace ge {
namespace fusion {

/// A target port of a match: `node` indexes MatchResultImpl::nodes (kNoNode: not bound).
struct PortRef {
  static constexpr uint32_t kNoNode = std::numeric_limits<uint32_t>::max();
  uint32_t node = kNoNode;
  int32_t index = -1;
};

/// One match. Every target node it refers to is held weakly ONCE in `nodes` (the graph may
/// change while a result is alive, and a removed node must read as gone); pairs and ports refer
/// to it by position. A shared plus a weak reference per pair and per port (about 20 per GEMM
/// match) cost atomic operations each, and seven std::vectors cost an allocation each: the
/// inline vectors hold a typical match without any.
struct MatchResultImpl {
  struct Held {
    const Node *raw;  // identity only (dedup while building); never dereferenced
    std::weak_ptr<Node> node;
  };
  /// A pattern node and the target it is bound to. Pattern nodes of a matcher-made result are
  /// borrowed from the pattern graph (a result must not outlive its PatternMatcher, see
  /// match_result.h); those added by AppendNodeMatchPair are kept alive by `pinned`.
  struct Pair {
    const Node *pattern_node;
    uint32_t target;
    bool data_like;  // the pattern node is a Data-like input (not a matched node), set once
  };
  /// One bound pattern input, in ascending pattern Data `index` order: the target producer port
  /// bound to it and its consumers, `consumers[first_consumer, first_consumer + consumer_count)`.
  struct Input {
    int64_t index = -1;
    PortRef producer;
    uint32_t first_consumer = 0;
    uint32_t consumer_count = 0;
  };

  // User-provided on purpose: make_unique<MatchResultImpl>() would otherwise zero the whole
  // inline storage (value-initialisation) before constructing it, once per match.
  MatchResultImpl() {}  // NOLINT(modernize-use-equals-default)

  const Pattern *pattern = nullptr;
  InlineVector<Held, 8> nodes;
  /// (pattern node, target) in binding order.
  InlineVector<Pair, 8> pairs;
  std::vector<NodePtr> pinned;
  InlineVector<Input, 4> inputs;
  /// The target consumer ports reached through each pattern Data's edges, grouped by input.
  InlineVector<PortRef, 8> consumers;
  /// Pattern output k -> target out-port (empty when not recorded).
  InlineVector<PortRef, 2> outputs;
  /// Capture i -> target port (node kNoNode when not bound).
  InlineVector<PortRef, 8> captures;
  /// Set by the matcher when this result's boundary needs no re-validation while `checked_graph`
  /// still reports `checked_version` as its modification count (see PatternMatcherImpl::
  /// MakeResult for what the matcher proved); null otherwise, and cleared by any edit of the
  /// bindings (AppendNodeMatchPair).
  const ComputeGraph *checked_graph = nullptr;
  uint64_t checked_version = 0;

  /// The position of `node` in `nodes`, adding it when new. `node` must be alive.
  uint32_t Hold(const NodePtr &node);
  /// The same for a node of `graph` given by address (the matcher's bindings).
  uint32_t Hold(const ComputeGraph &graph, Node *node);
  /// The live node at `position`, nullptr when it was removed (or kNoNode).
  NodePtr Lock(uint32_t position) const {
    return position < nodes.size() ? nodes[position].node.lock() : nullptr;
  }
  /// Every held node locked, by position (nullptr for removed ones): one atomic operation per
  /// distinct node for callers that read many ports.
  void LockAll(std::vector<NodePtr> *out) const;
  const Pair *FindPair(const Node *pattern_node) const;
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_PATTERN_MATCH_RESULT_IMPL_H_
