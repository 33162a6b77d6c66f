// Helpers shared by the matcher, the rewriter and the passes (kept with the lowest of them): node
// classes, attr names, fusability (IsSupportFuse), cycle prediction and the self-containment check.
#ifndef GE_PATTERN_FUSION_UTILS_H_
#define GE_PATTERN_FUSION_UTILS_H_

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "graph/compute_graph.h"
#include "graph/node.h"

namespace ge {
namespace fusion {

constexpr const char *kAttrIndex = "index";
constexpr const char *kAttrValue = "value";
constexpr const char *kAttrConstValue = "_value";
constexpr const char *kAttrPassName = "pass_name";
constexpr const char *kAttrOriginalOpNames = "_datadump_original_op_names";
constexpr const char *kAttrOriginalOpTypes = "_datadump_original_op_types";
constexpr const char *kAttrPotentialConst = "_is_potential_const";
constexpr const char *kNetOutput = "NetOutput";
constexpr const char *kData = "Data";

/// Data, RefData, AippData, AnnData.
bool IsDataLikeType(const std::string &type);
/// Const or Constant.
bool IsRealConstType(const std::string &type);

/// `type == name` comparing the lengths first (no strlen, no character loop for most types):
/// type checks run for every candidate and every replaced node. The characters are compared
/// with char_traits (a memcmp the compiler expands or calls directly), not std::string::compare,
/// an out-of-line library call with range checks that cost more than the comparison.
inline bool TypeIs(const std::string &type, std::string_view name) {
  return type.size() == name.size() &&
         std::char_traits<char>::compare(type.data(), name.data(), name.size()) == 0;
}
/// A real const or a node marked `_is_potential_const`.
bool IsConstLike(const Node &node);

/// `<stem><suffix>_<number>` built in one buffer (one allocation at most): replacement graphs
/// name every node they add, and the rewriter renames every node it moves.
std::string NumberedName(std::string_view stem, std::string_view suffix, uint64_t number);

/// An out-port (node, output index).
using OutAnchor = std::pair<Node *, int32_t>;
struct OutAnchorHash {
  size_t operator()(const OutAnchor &a) const {
    return std::hash<const void *>()(a.first) * 31U + static_cast<size_t>(a.second);
  }
};

/// A set of nodes as a sorted vector: matches and boundaries hold a handful of nodes, and a
/// hash set costs an allocation per element there (this runs once per match on large graphs).
class NodeSet {
 public:
  NodeSet() = default;
  template <typename It>
  NodeSet(It begin, It end) : nodes_(begin, end) {
    std::sort(nodes_.begin(), nodes_.end());
    nodes_.erase(std::unique(nodes_.begin(), nodes_.end()), nodes_.end());
  }
  bool Contains(const Node *node) const {
    return std::binary_search(nodes_.begin(), nodes_.end(), node);
  }
  /// Inserts `node`; false when it was already present.
  bool Insert(const Node *node) {
    auto it = std::lower_bound(nodes_.begin(), nodes_.end(), node);
    if (it != nodes_.end() && *it == node) {
      return false;
    }
    nodes_.insert(it, node);
    return true;
  }
  bool Empty() const { return nodes_.empty(); }
  const std::vector<const Node *> &Nodes() const { return nodes_; }

 private:
  std::vector<const Node *> nodes_;
};

/// Membership in a fixed list of nodes (a match or a boundary) without allocating: a linear scan
/// while the list is short, which it nearly always is (a handful of nodes per match), and a
/// sorted copy only beyond kLinearLimit. The list must not change while the lookup is used.
class NodeLookup {
 public:
  static constexpr size_t kLinearLimit = 16;
  explicit NodeLookup(const std::vector<Node *> &nodes) : nodes_(nodes) {
    if (nodes.size() > kLinearLimit) {
      sorted_ = NodeSet(nodes.begin(), nodes.end());
    }
  }
  bool Contains(const Node *node) const {
    if (nodes_.size() <= kLinearLimit) {
      return std::find(nodes_.begin(), nodes_.end(), node) != nodes_.end();
    }
    return sorted_.Contains(node);
  }

 private:
  const std::vector<Node *> &nodes_;
  NodeSet sorted_;
};

/// Checks that no node of `nodes` has a data consumer outside `nodes` except through one of
/// `outputs` (and that no graph output names such a port). Fills `reason` on failure.
bool IsSelfContained(const std::vector<Node *> &nodes, const std::vector<OutAnchor> &outputs,
                     std::string *reason);

/// True when some node of `nodes` carries one of FusionScopedAttrNames().
bool HasFusionScopedAttr(const std::vector<Node *> &nodes);

/// The fusion-scoped attrs must not disagree among nodes that carry them. Fills
/// `reason` ("Fusion is not supported because there are multiple <attr> ...").
bool IsSupportFuse(const std::vector<Node *> &nodes, std::string *reason);

/// Consistency-checked attrs a fused node inherits when all sources agree.
const std::vector<std::string> &FusionScopedAttrNames();

/// True when fusing `nodes` into one node would create a cycle: some path leaves the set and
/// comes back (data or control edges). A set that only one member leaves, and whose other
/// members all feed a member (a single node, a single-output match), is answered from its own
/// edges: that shape cannot close a cycle in an acyclic graph. On a graph that already has a
/// cycle through such a set the answer is false: fusing keeps that cycle but adds none, and
/// CompileGraph rejects the graph after the passes. Other sets take an unbounded search; see
/// CycleChecker for repeated use.
bool WillCauseCycleIfFuse(const std::vector<Node *> &nodes);

/// Cycle prediction for many fusions on one graph. A set that only one member leaves, and whose
/// other members all feed a member, is answered from its own edges (the usual single-output
/// match; the graph is taken to be acyclic). For other sets a topological rank per node limits
/// the search to the nodes between the set's lowest and highest rank, so a check costs the size
/// of that window, not of the whole graph; the ranks are computed by the first such check. Ranks
/// of new nodes are interpolated by NotifyReplaced; when that is impossible the ranks are
/// recomputed on the next check.
class CycleChecker {
 public:
  explicit CycleChecker(ComputeGraph *graph) : graph_(graph) {}
  bool WillCauseCycleIfFuse(const std::vector<Node *> &nodes);
  /// `new_nodes` (topologically ordered) replaced `removed` (addresses only, already freed);
  /// the new nodes' inputs come from `producers` and their outputs feed `consumers`.
  /// `version_before` is the graph's modification count read just before that rewrite: if the
  /// graph was edited in other ways since the ranks were last in step (a hook editing it), the
  /// ranks are recomputed on the next check instead of being trusted.
  void NotifyReplaced(const std::vector<const Node *> &removed,
                      const std::vector<Node *> &producers, const std::vector<Node *> &new_nodes,
                      const std::vector<Node *> &consumers, uint64_t version_before);
  /// Leaves the ranks with the graph for the next checker on it (the next pass of the stage),
  /// if they are in step with the graph; see ComputeGraph::KeepTopologicalPositions.
  void KeepRanksWithGraph();

 private:
  bool EnsureRanks();
  double RankOf(const Node *node);
  ComputeGraph *graph_;
  bool valid_ = false;
  // The graph's modification count the ranks are in step with (valid_ only).
  uint64_t synced_version_ = 0;
  // Rank by Node::GetSeq() (unique and never reused in a graph), NaN = unknown: one flat array
  // instead of a hash map keyed by address (an allocation per entry and a random access into
  // a large table per lookup). Slots of removed nodes are simply never read again.
  std::vector<double> ranks_;
  double rank_limit_ = 0.0;  // above every rank handed out (upper bound for interpolation)
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_PATTERN_FUSION_UTILS_H_
