// Node classes, fusability, cycle prediction and self-containment.
#include "pattern/fusion_utils.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

#include "common/log.h"

namespace ge {
namespace fusion {

bool IsDataLikeType(const std::string &type) {
  // Dispatch on the length first: this runs for every matched and replaced node, and most
  // types are rejected without comparing a character.
  switch (type.size()) {
    case 4: return type.compare("Data") == 0;
    case 7: return type.compare("RefData") == 0 || type.compare("AnnData") == 0;
    case 8: return type.compare("AippData") == 0;
    default: return false;
  }
}

bool IsRealConstType(const std::string &type) {
  return TypeIs(type, "Const") || TypeIs(type, "Constant");
}

bool IsConstLike(const Node &node) {
  if (IsRealConstType(node.GetType())) {
    return true;
  }
  // The key is longer than the small-string buffer: made once, not per call (this runs for
  // every candidate of a sweep).
  static const std::string kPotentialConst = kAttrPotentialConst;
  const bool *potential = node.GetOpDesc().GetAttrAs<bool>(kPotentialConst);
  return potential != nullptr && *potential;
}

std::string NumberedName(std::string_view stem, std::string_view suffix, uint64_t number) {
  char digits[24];
  const char *digits_end = std::to_chars(digits, digits + sizeof(digits), number).ptr;
  const size_t digit_count = static_cast<size_t>(digits_end - digits);
  // Sized once and filled by copies: the appends' capacity checks cost more than the copies.
  std::string name(stem.size() + suffix.size() + 1U + digit_count, '_');
  char *out = name.data();
  if (!stem.empty()) {
    std::memcpy(out, stem.data(), stem.size());
  }
  out += stem.size();
  if (!suffix.empty()) {
    std::memcpy(out, suffix.data(), suffix.size());
  }
  out += suffix.size() + 1U;  // past the '_' the fill left there
  std::memcpy(out, digits, digit_count);
  return name;
}

bool IsSelfContained(const std::vector<Node *> &nodes, const std::vector<OutAnchor> &outputs,
                     std::string *reason) {
  const NodeLookup inside(nodes);
  // Outputs are few (one per pattern output): a linear scan beats hashing.
  auto declared = [&outputs](const OutAnchor &anchor) {
    return std::find(outputs.begin(), outputs.end(), anchor) != outputs.end();
  };
  for (Node *node : nodes) {
    for (size_t out = 0; out < node->GetOutputsSize(); ++out) {
      const OutAnchor anchor{node, static_cast<int32_t>(out)};
      if (declared(anchor)) {
        continue;
      }
      for (const OutDataPeer &peer : node->GetOutDataPeers(out)) {
        if (!inside.Contains(peer.node)) {
          *reason = "Node[" + node->GetName() + "] output " + std::to_string(out) +
                    " is consumed by [" + peer.node->GetName() +
                    "] outside the boundary and is not a boundary output, Boundary is not self "
                    "contained.";
          return false;
        }
      }
    }
  }
  if (!nodes.empty() && nodes.front()->GetOwnerGraph() != nullptr) {
    for (const auto &graph_output : nodes.front()->GetOwnerGraph()->GetOutputs()) {
      if (inside.Contains(graph_output.first) && !declared(graph_output)) {
        *reason = "Node[" + graph_output.first->GetName() + "] output " +
                  std::to_string(graph_output.second) +
                  " is a graph output but not a boundary output, Boundary is not self contained.";
        return false;
      }
    }
  }
  return true;
}

const std::vector<std::string> &FusionScopedAttrNames() {
  static const std::vector<std::string> kNames = {
      "_user_stream_label", "_super_kernel_scope", "_super_kernel_options", "_op_aicore_num",
      "_op_vectorcore_num", "_deterministic",      "_deterministic_level"};
  return kNames;
}

namespace {
std::string AttrText(const GeAttrValue &value) {
  if (const std::string *s = value.Get<std::string>()) {
    return *s;
  }
  if (const int64_t *i = value.Get<int64_t>()) {
    return std::to_string(*i);
  }
  if (const bool *b = value.Get<bool>()) {
    return *b ? "true" : "false";
  }
  return "<" + AttrValueTypeName(value.GetValueType()) + ">";
}

// Deterministic attrs must be ints in range (strings holding ints are accepted too).
bool DeterministicValueOk(const std::string &name, const GeAttrValue &value) {
  int64_t number = 0;
  if (const int64_t *i = value.Get<int64_t>()) {
    number = *i;
  } else if (const std::string *s = value.Get<std::string>()) {
    if (s->empty() || s->find_first_not_of("0123456789") != std::string::npos || s->size() > 3) {
      return false;
    }
    number = std::stoll(*s);
  } else {
    return false;
  }
  const int64_t max = name == "_deterministic" ? 1 : 2;
  return number >= 0 && number <= max;
}
}  // namespace

bool HasFusionScopedAttr(const std::vector<Node *> &nodes) {
  const std::vector<std::string> &names = FusionScopedAttrNames();
  for (const Node *node : nodes) {
    // A node has a few attrs and the scoped names all start with '_': one walk over its attrs
    // is cheaper than looking every scoped name up in every node.
    for (const auto &attr : node->GetOpDesc().GetAllAttrs()) {
      if (!attr.first.empty() && attr.first[0] == '_' &&
          std::find(names.begin(), names.end(), attr.first) != names.end()) {
        return true;
      }
    }
  }
  return false;
}

bool IsSupportFuse(const std::vector<Node *> &nodes, std::string *reason) {
  if (!HasFusionScopedAttr(nodes)) {
    return true;  // the common case: nothing to compare
  }
  for (const std::string &name : FusionScopedAttrNames()) {
    const GeAttrValue *first = nullptr;
    const Node *first_node = nullptr;
    for (Node *node : nodes) {
      const GeAttrValue *value = node->GetOpDesc().GetAttr(name);
      if (value == nullptr) {
        continue;  // unlabelled nodes never conflict
      }
      if ((name == "_deterministic" || name == "_deterministic_level") &&
          !DeterministicValueOk(name, *value)) {
        *reason = "Fusion is not supported because node [" + node->GetName() + "] has invalid " +
                  name + " [" + AttrText(*value) + "]";
        return false;
      }
      if (first == nullptr) {
        first = value;
        first_node = node;
      } else if (!(*first == *value)) {
        *reason = "Fusion is not supported because there are multiple " + name + " [" +
                  AttrText(*first) + "][" + AttrText(*value) + "] between nodes [" +
                  first_node->GetName() + "][" + node->GetName() + "]";
        return false;
      }
    }
  }
  return true;
}

namespace {
bool IsLive(const Node *node) { return node != nullptr && node->GetOwnerGraph() != nullptr; }

// Calls visit(successor) for every data and control successor of `node`, stopping when it
// returns true (the result). The peers are walked in place rather than through
// Node::GetOutAllNodes, which builds a vector and a hash set per call; a successor reached by
// several edges is visited once per edge.
template <typename Visit>
bool ForEachSuccessor(const Node *node, Visit &&visit) {
  for (size_t out = 0; out < node->GetOutputsSize(); ++out) {
    for (const OutDataPeer &peer : node->GetOutDataPeers(out)) {
      if (visit(peer.node)) {
        return true;
      }
    }
  }
  for (Node *next : node->GetOutControlNodes()) {
    if (visit(next)) {
      return true;
    }
  }
  return false;
}

// BFS from the outside successors of `set`; `prune(node)` true means no path from `node` can
// reach the set.
template <typename Prune>
bool SearchCycle(const std::vector<Node *> &nodes, Prune prune) {
  // Nodes of `nodes` that were removed (or null) have no edges, so they can never be reached
  // from a live node: looking them up in the whole list is harmless, and only the live ones
  // start the search. Duplicates only repeat work that `visited` then filters, as do successors
  // reached by several edges. `visited` stays unallocated in the common case where every
  // outside successor is pruned.
  const NodeLookup inside(nodes);
  std::vector<Node *> queue;
  std::unordered_set<const Node *> visited;
  for (const Node *node : nodes) {
    if (!IsLive(node)) {
      continue;
    }
    (void)ForEachSuccessor(node, [&](Node *next) {
      if (!inside.Contains(next) && !prune(next) && visited.insert(next).second) {
        queue.push_back(next);
      }
      return false;
    });
  }
  for (size_t head = 0; head < queue.size(); ++head) {
    const bool closes = ForEachSuccessor(queue[head], [&](Node *next) {
      if (inside.Contains(next)) {
        return true;
      }
      if (!prune(next) && visited.insert(next).second) {
        queue.push_back(next);
      }
      return false;
    });
    if (closes) {
      return true;
    }
  }
  return false;
}

// True when at most one live member of `nodes` (the exit) has an edge leaving the set, and,
// if there is an exit, every other member has an edge to a member. Such a set cannot close a
// cycle in an acyclic graph: a path that leaves it starts at the exit; following edges inside
// the set from any member ends at a member without one, which can only be the exit; so a path
// back into the set would already close exit -> ... -> member -> ... -> exit. Every single-output
// pattern match (interior outputs consumed inside, as the matcher checks) has this shape unless
// a control edge leaves an interior node. False also when a member is removed or null.
bool HasSingleExit(const std::vector<Node *> &nodes) {
  const NodeLookup inside(nodes);
  const Node *exit = nullptr;
  bool members_reach_inside = true;  // every member that is not the exit has an inside edge
  for (const Node *node : nodes) {
    if (!IsLive(node)) {
      return false;
    }
    bool leaves = false;
    bool stays = false;
    (void)ForEachSuccessor(node, [&](const Node *next) {
      (inside.Contains(next) ? stays : leaves) = true;
      return leaves && stays;
    });
    if (leaves) {
      if (exit != nullptr && exit != node) {
        return false;
      }
      exit = node;
    } else if (!stays) {
      members_reach_inside = false;
    }
  }
  return exit == nullptr || members_reach_inside;
}

// The search without ranks: everything reachable from the set's outside successors.
bool SearchWholeGraph(const std::vector<Node *> &nodes) {
  return SearchCycle(nodes, [](const Node *) { return false; });
}
}  // namespace

bool WillCauseCycleIfFuse(const std::vector<Node *> &nodes) {
  // Without the shape test, a set in an acyclic graph was proven safe only after the search had
  // walked everything downstream of it: a pass replacing nodes one at a time through
  // SubgraphRewriter::Replace (with a context) paid the size of the graph per replacement.
  return !HasSingleExit(nodes) && SearchWholeGraph(nodes);
}

bool CycleChecker::EnsureRanks() {
  const uint64_t version = graph_->GetModificationCount();
  if (valid_ && synced_version_ == version) {
    return true;
  }
  synced_version_ = version;
  // The previous pass of the stage may have left ranks that are still in step: no sort.
  if (graph_->TakeTopologicalPositions(&ranks_, &rank_limit_)) {
    valid_ = true;
    return true;
  }
  valid_ = false;
  std::vector<Node *> order;
  if (graph_->GetTopologicalOrder(&order, &ranks_) != SUCCESS) {
    return false;
  }
  rank_limit_ = static_cast<double>(order.size()) + 1e9;
  valid_ = true;
  return true;
}

void CycleChecker::KeepRanksWithGraph() {
  if (valid_ && synced_version_ == graph_->GetModificationCount()) {
    graph_->KeepTopologicalPositions(std::move(ranks_), rank_limit_);
    ranks_.clear();
    valid_ = false;
  }
}

double CycleChecker::RankOf(const Node *node) {
  const uint64_t seq = node->GetSeq();
  const double rank = seq < ranks_.size() ? ranks_[static_cast<size_t>(seq)]
                                          : std::numeric_limits<double>::quiet_NaN();
  if (rank != rank) {
    valid_ = false;  // a node we were not told about: recompute on the next check
  }
  return rank;
}

bool CycleChecker::WillCauseCycleIfFuse(const std::vector<Node *> &nodes) {
  // The shape of almost every match needs no ranks, so a stage whose matches all have it never
  // sorts the graph (see HasSingleExit, and fusion::WillCauseCycleIfFuse for graphs that are
  // already cyclic).
  if (HasSingleExit(nodes)) {
    return false;
  }
  if (!EnsureRanks()) {
    return SearchWholeGraph(nodes);  // already cyclic: no ranks, search everything
  }
  double max_rank = -1.0;
  for (Node *node : nodes) {
    if (node == nullptr || node->GetOwnerGraph() == nullptr) {
      continue;
    }
    const double rank = RankOf(node);
    if (rank != rank) {  // NaN: unknown node
      return SearchWholeGraph(nodes);
    }
    max_rank = std::max(max_rank, rank);
  }
  return SearchCycle(nodes, [this, max_rank](const Node *node) {
    const double rank = RankOf(node);
    if (rank != rank) {
      return false;  // unknown node: search through it (RankOf scheduled a recompute)
    }
    // Ranks increase along every edge: a node ranked after the whole set cannot lead back to it.
    return rank > max_rank;
  });
}

void CycleChecker::NotifyReplaced(const std::vector<const Node *> &removed,
                                  const std::vector<Node *> &producers,
                                  const std::vector<Node *> &new_nodes,
                                  const std::vector<Node *> &consumers, uint64_t version_before) {
  (void)removed;  // their seq slots are never looked up again
  if (!valid_ || synced_version_ != version_before) {
    valid_ = false;  // edited behind our back before this rewrite: recompute on the next check
    return;
  }
  // Whatever happens below, the ranks describe the graph after this rewrite or are invalid.
  synced_version_ = graph_->GetModificationCount();
  double low = -1.0;
  for (Node *node : producers) {
    const double rank = RankOf(node);
    if (rank != rank) {
      return;
    }
    low = std::max(low, rank);
  }
  double high = rank_limit_;
  for (Node *node : consumers) {
    const double rank = RankOf(node);
    if (rank != rank) {
      return;
    }
    high = std::min(high, rank);
  }
  // Interpolating needs room between the last producer and the first consumer; a double keeps
  // ~50 halvings of precision, after which (or when the order has no room) recompute.
  const double step = (high - low) / static_cast<double>(new_nodes.size() + 1U);
  if (!(high > low) || step <= (std::abs(high) + 1.0) * 1e-12) {
    valid_ = false;
    return;
  }
  for (size_t i = 0; i < new_nodes.size(); ++i) {
    const size_t seq = static_cast<size_t>(new_nodes[i]->GetSeq());
    if (seq >= ranks_.size()) {
      ranks_.resize(seq + 1U, std::numeric_limits<double>::quiet_NaN());
    }
    ranks_[seq] = low + step * static_cast<double>(i + 1U);
  }
}

}  // namespace fusion
}  // namespace ge
