// PatternMatcher: backward branch matching from each pattern output with backtracking over the
// secondary outputs, as GE's, with the documented fixes: candidates are a snapshot
// taken at the first MatchNext, binding is injective, inputs pair by index, a shared pattern Data
// binds one target port, IR-attr mode compares types, and only declared outputs may escape.
// With commutative matching on, the branch walk backtracks over the input order of each
// commutative pattern node.
#include "ge/fusion/pattern_matcher.h"

#include <algorithm>
#include <deque>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "common/error.h"
#include "common/log.h"
#include "graph_api/node_adapter.h"
#include "pattern/fusion_utils.h"
#include "pattern/match_result_impl.h"
#include "pattern/match_trace.h"
#include "pattern/node_matcher.h"

namespace ge {
namespace fusion {

class PatternMatcherImpl {
 public:
  PatternMatcherImpl(std::unique_ptr<Pattern> pattern, const GraphPtr &target,
                     PatternMatcherConfig config)
      : pattern_(std::move(pattern)), config_(std::move(config)) {
    if (target != nullptr) {
      target_ = GraphUtilsEx::GetComputeGraph(*target);
    }
  }

  std::unique_ptr<MatchResult> MatchNext();

 private:
  // Bindings of one (partial) match, indexed by pattern ordinal.
  struct State {
    std::vector<Node *> bound;
    std::vector<int32_t> data_port;  // for Data ordinals: the bound producer port
    std::vector<size_t> order;       // ordinals in binding order
    // (Data ordinal, consumer's ordinal, consumer input index), in the order reached.
    struct DataConsumer {
      size_t data;
      size_t consumer;
      int32_t input;
    };
    std::vector<DataConsumer> data_consumers;
    bool exchanged = false;  // a commutative node's inputs were bound in exchanged order
  };
  struct Item {
    size_t ordinal;
    int32_t pattern_out;
    Node *target;
    int32_t target_out;
  };

  bool Prepare();
  std::string Validate();
  void BuildCandidates();
  void PrefetchAhead(size_t position) const;
  bool IsBound(const State &state, const Node *target) const;
  bool MatchBranch(size_t k, Node *candidate, State *state) const;
  bool Walk(size_t k, size_t head, State *state) const;
  bool WalkCommutative(size_t k, size_t head, State *state) const;
  bool PushInputs(const Item &item, bool exchange, State *state, std::vector<Item> *queue) const;
  bool MatchOutputsFrom(size_t k, State *state) const;
  bool IsValidMatch(const State &state) const;
  std::unique_ptr<MatchResult> MakeResult(const State &state) const;

  // Tracing (match_trace.h). Each failure site calls Fails, which costs one null test when no
  // tracer listens; `detail` is a callable run only when one does.
  template <typename Detail>
  bool Fails(const State &state, MatchCheck check, size_t ordinal, const Node *target,
             Detail &&detail) const {
    if (trace_ != nullptr) {
      NoteFailure(state, check, ordinal, target, detail());
    }
    return false;
  }
  void NoteFailure(const State &state, MatchCheck check, size_t ordinal, const Node *target,
                   std::string detail) const;
  void OfferFailure(const Node &candidate) const;

  std::unique_ptr<Pattern> pattern_;
  ComputeGraphPtr target_;
  PatternMatcherConfig config_;
  ComputeGraphPtr pattern_graph_;
  bool prepared_ = false;
  bool valid_ = false;
  std::vector<Node *> pattern_nodes_;  // ordinal -> pattern node (NetOutput excluded)
  std::unordered_map<const Node *, size_t> ordinals_;
  // Bytes, not vector<bool>: read for every item of every attempt, and a bit access costs
  // several instructions each.
  std::vector<uint8_t> is_data_;
  std::vector<uint8_t> data_like_;  // IsDataLikeType(type), for MatchResult pairs
  std::vector<int64_t> data_index_;
  // Pattern nodes whose two inputs may be bound in either order: commutative matching on, a
  // commutative type, two connected inputs that are not the same tensor.
  std::vector<uint8_t> commutative_;
  std::vector<std::pair<size_t, int32_t>> outputs_;   // pattern output k -> (ordinal, port)
  std::vector<std::pair<size_t, int32_t>> captures_;  // capture i -> (ordinal, port)
  std::vector<size_t> data_by_index_;                 // Data ordinals by ascending index
  // Per ordinal, input i of the pattern node: its producer's ordinal and out index
  // (kUnconnected when the input is open). Read for every input of every attempt, so it is
  // resolved once here instead of hashing the producer's address into `ordinals_` each time.
  struct PatternInput {
    size_t producer;
    int32_t out_index;
  };
  static constexpr size_t kUnconnected = static_cast<size_t>(-1);
  std::vector<std::vector<PatternInput>> pattern_inputs_;
  std::vector<std::vector<std::weak_ptr<Node>>> candidates_;
  // The first output's candidates as plain addresses, for prefetching only (see PrefetchAhead):
  // a weak_ptr does not show its address without locking it.
  std::vector<const Node *> first_addresses_;
  // True when a result's boundary, as VerifiedMatch derives it, is proven valid by the match
  // itself as long as the graph is not edited (see MakeResult): one pattern output, and no
  // matched pattern node of a Data-like type (which the boundary check would reject).
  bool boundary_proven_ = false;
  uint64_t seq_end_ = 0;  // nodes with this seq or a later one were added after the snapshot
  size_t cursor_ = 0;
  // Scratch buffers reused by every attempt: a sweep tries each candidate once, and allocating
  // them per attempt dominated the cost of a match on large graphs.
  State state_;
  mutable std::vector<std::vector<Item>> queues_;  // per pattern output: its branch walk
  mutable std::vector<Node *> interior_;
  mutable std::vector<OutAnchor> output_anchors_;
  mutable std::vector<uint32_t> position_;  // MakeResult: ordinal -> position in the result
  // The trace this matcher records into (null: tracing off), and the deepest failure of the
  // current candidate's attempt: only one per candidate is reported, and only if the attempt
  // fails as a whole (a backtracking step that fails may precede a match).
  PatternTrace *trace_ = nullptr;
  struct PendingFailure {
    bool set = false;
    size_t depth = 0;
    MatchCheck check = MatchCheck::kOpType;
    size_t ordinal = 0;
    const Node *target = nullptr;
    std::string detail;
    std::vector<std::pair<size_t, Node *>> bound;
  };
  mutable PendingFailure pending_;
};

namespace {
std::string TypeKey(const Node &node) { return IsConstLike(node) ? "Constant" : node.GetType(); }
}  // namespace

std::string PatternMatcherImpl::Validate() {
  if (pattern_ == nullptr) {
    return "pattern is null";
  }
  pattern_graph_ = GraphUtilsEx::GetComputeGraph(pattern_->GetGraph());
  if (pattern_graph_ == nullptr) {
    return "pattern graph is empty";
  }
  if (!pattern_graph_->GetAllSubgraphs().empty()) {
    return "pattern graph has subgraphs";
  }
  Node *net_output = nullptr;
  std::unordered_set<int64_t> indexes;
  for (Node *node : pattern_graph_->GetDirectNodes()) {
    const std::string &type = node->GetType();
    if (type == kNetOutput) {
      if (net_output != nullptr) {
        return "pattern graph has more than one NetOutput";
      }
      net_output = node;
      continue;
    }
    if (type != kData &&
        (!node->GetInControlNodes().empty() || !node->GetOutControlNodes().empty())) {
      return "Node[" + node->GetName() + "] has control edge";
    }
    for (const auto &input : node->GetOpDesc().GetIrInputs()) {
      if (input.second == IrInputType::kDynamic) {
        return "Node[" + node->GetName() + "] is dynamic input.";
      }
    }
    for (const auto &output : node->GetOpDesc().GetIrOutputs()) {
      if (output.second == IrOutputType::kDynamic) {
        return "Node[" + node->GetName() + "] is dynamic output.";
      }
    }
    const bool is_data = type == kData;
    int64_t index = -1;
    if (is_data) {
      const int64_t *attr = node->GetOpDesc().GetAttrAs<int64_t>(kAttrIndex);
      if (attr == nullptr) {
        return "Data node[" + node->GetName() + "] has no int attr index";
      }
      if (*attr < 0 || !indexes.insert(*attr).second) {
        return "Data node[" + node->GetName() + "] has a negative or duplicate index " +
               std::to_string(*attr);
      }
      index = *attr;
    }
    ordinals_[node] = pattern_nodes_.size();
    pattern_nodes_.push_back(node);
    is_data_.push_back(is_data ? 1U : 0U);
    data_like_.push_back(IsDataLikeType(type) ? 1U : 0U);
    data_index_.push_back(index);
  }
  pattern_inputs_.resize(pattern_nodes_.size());
  for (size_t ordinal = 0; ordinal < pattern_nodes_.size(); ++ordinal) {
    const Node *node = pattern_nodes_[ordinal];
    std::vector<PatternInput> &inputs = pattern_inputs_[ordinal];
    inputs.reserve(node->GetInputsSize());
    for (size_t i = 0; i < node->GetInputsSize(); ++i) {
      const InDataPeer peer = node->GetInDataPeer(i);
      if (!peer.IsConnected()) {
        inputs.push_back(PatternInput{kUnconnected, -1});
        continue;
      }
      auto it = ordinals_.find(peer.node);
      if (it == ordinals_.end()) {
        return "Node[" + node->GetName() + "] input " + std::to_string(i) +
               " is fed by NetOutput node[" + peer.node->GetName() + "]";
      }
      inputs.push_back(PatternInput{it->second, peer.out_index});
    }
  }
  commutative_.assign(pattern_nodes_.size(), 0U);
  for (size_t ordinal = 0; ordinal < pattern_nodes_.size(); ++ordinal) {
    const std::vector<PatternInput> &in = pattern_inputs_[ordinal];
    const bool two_tensors =
        in.size() == 2U && in[0].producer != kUnconnected && in[1].producer != kUnconnected &&
        (in[0].producer != in[1].producer || in[0].out_index != in[1].out_index);
    const bool commutative = config_.IsEnableCommutativeMatch() && two_tensors &&
                             IsCommutativeType(pattern_nodes_[ordinal]->GetType());
    commutative_[ordinal] = commutative ? 1U : 0U;
  }
  std::vector<Node *> order;
  if (pattern_graph_->GetTopologicalOrder(&order) != SUCCESS) {
    return "topological sort failed: " + GetLastError();
  }
  if (net_output == nullptr || net_output->GetInDataNodes().empty()) {
    GELOGW("Pattern[%s] has no NetOutput inputs, it matches nothing.",
           pattern_graph_->GetName().c_str());
    return "pattern has no output (NetOutput without inputs)";
  }
  for (size_t k = 0; k < net_output->GetInputsSize(); ++k) {
    InDataPeer peer = net_output->GetInDataPeer(k);
    if (!peer.IsConnected()) {
      return "NetOutput input " + std::to_string(k) + " is not connected";
    }
    if (peer.node->GetType() == kData) {
      return "pattern output " + std::to_string(k) + " is fed directly by Data node[" +
             peer.node->GetName() + "]";
    }
    outputs_.emplace_back(ordinals_.at(peer.node), peer.out_index);
  }
  // Every pattern node must lie on a path to an output, else it could never be bound.
  std::vector<bool> reached(pattern_nodes_.size(), false);
  std::deque<size_t> queue;
  for (const auto &output : outputs_) {
    if (!reached[output.first]) {
      reached[output.first] = true;
      queue.push_back(output.first);
    }
  }
  while (!queue.empty()) {
    Node *node = pattern_nodes_[queue.front()];
    queue.pop_front();
    for (Node *producer : node->GetInDataNodes()) {
      const size_t ordinal = ordinals_.at(producer);
      if (!reached[ordinal]) {
        reached[ordinal] = true;
        queue.push_back(ordinal);
      }
    }
  }
  for (size_t i = 0; i < reached.size(); ++i) {
    if (!reached[i]) {
      return "Node[" + pattern_nodes_[i]->GetName() + "] does not lead to any pattern output";
    }
  }
  for (size_t ordinal = 0; ordinal < pattern_nodes_.size(); ++ordinal) {
    if (is_data_[ordinal]) {
      data_by_index_.push_back(ordinal);
    }
  }
  std::sort(data_by_index_.begin(), data_by_index_.end(),
            [this](size_t a, size_t b) { return data_index_[a] < data_index_[b]; });
  std::vector<NodeIo> captured;
  (void)pattern_->GetCapturedTensors(captured);
  for (size_t i = 0; i < captured.size(); ++i) {
    NodePtr node = NodeAdapter::GNode2Node(captured[i].node);
    auto it = node == nullptr ? ordinals_.end() : ordinals_.find(node.get());
    if (it == ordinals_.end() || captured[i].index < 0 ||
        static_cast<size_t>(captured[i].index) >= node->GetOutputsSize()) {
      return "captured tensor " + std::to_string(i) + " is not an output of a pattern node";
    }
    captures_.emplace_back(it->second, static_cast<int32_t>(captured[i].index));
  }
  boundary_proven_ = outputs_.size() == 1U;
  for (size_t ordinal = 0; ordinal < pattern_nodes_.size(); ++ordinal) {
    if (is_data_[ordinal] == 0U && data_like_[ordinal] != 0U) {
      boundary_proven_ = false;
    }
  }
  return "";
}

bool PatternMatcherImpl::Prepare() {
  if (prepared_) {
    return valid_;
  }
  prepared_ = true;
  trace_ = MatchTracer::ClaimPattern();
  if (target_ == nullptr) {
    Fail("PatternMatcher: the target graph is invalid");
    GELOGE("%s", GetLastError().c_str());
    return false;
  }
  const std::string reason = Validate();
  if (!reason.empty()) {
    const std::string name = pattern_graph_ == nullptr ? "" : pattern_graph_->GetName();
    Fail("Pattern[" + name + "] is invalid. Reason: " + reason);
    GELOGE("%s", GetLastError().c_str());
    if (trace_ != nullptr) {
      trace_->invalid = reason;
    }
    return false;
  }
  BuildCandidates();
  queues_.assign(outputs_.size(), {});
  valid_ = true;
  return true;
}

void PatternMatcherImpl::BuildCandidates() {
  // One pass over the target: the snapshot fixes the candidates of the whole sweep, so nodes a
  // rewrite creates are never candidates (a GE quirk fixed). A node is a candidate of
  // output k when TypeKey(node) == TypeKey(output k); the comparison starts with the plain type
  // so that the attr lookup of IsConstLike runs only for nodes of a matching type.
  std::vector<std::string> keys;
  std::vector<uint8_t> const_key;  // bytes: read for every node of the graph
  for (const auto &output : outputs_) {
    keys.push_back(TypeKey(*pattern_nodes_[output.first]));
    const_key.push_back(keys.back() == "Constant" ? 1U : 0U);
  }
  candidates_.assign(outputs_.size(), {});
  first_addresses_.clear();
  seq_end_ = target_->GetNextSeq();
  // A walk without the node vector and without reading each node's seq: on graphs larger than
  // the cache each of those was one more miss per node, for every pattern.
  target_->ForEachDirectNode([&](Node *node) {
    const std::string &type = node->GetType();
    NodePtr shared;
    for (size_t k = 0; k < keys.size(); ++k) {
      const bool same_key =
          const_key[k] != 0U ? IsConstLike(*node) : TypeIs(type, keys[k]) && !IsConstLike(*node);
      if (!same_key) {
        continue;
      }
      if (shared == nullptr) {
        shared = target_->GetNodePtr(node);
      }
      candidates_[k].push_back(shared);
      if (k == 0) {
        first_addresses_.push_back(node);
      }
    }
  });
}

// On a graph larger than the cache, matching a candidate is a chain of misses: the candidate,
// then the producers it names, then theirs. A sweep knows its next candidates, so it starts
// loading them early: a candidate's block far ahead, and nearer ahead (once that block has
// arrived) the blocks of its producers. A candidate's edges are read only under a reference
// (another thread may drop the last one of a removed node); its producers are alive as long as
// it has edges to them.
void PatternMatcherImpl::PrefetchAhead(size_t position) const {
  constexpr size_t kNodeDistance = 8;
  constexpr size_t kProducerDistance = 4;
  const size_t count = first_addresses_.size();
  if (position + kNodeDistance < count) {
    Node::Prefetch(first_addresses_[position + kNodeDistance]);
  }
  const size_t near = position + kProducerDistance;
  if (near < count) {
    if (const NodePtr candidate = candidates_[0][near].lock()) {
      candidate->PrefetchProducers();
    }
  }
}

bool PatternMatcherImpl::IsBound(const State &state, const Node *target) const {
  for (size_t ordinal : state.order) {
    if (state.bound[ordinal] == target) {
      return true;
    }
  }
  return false;
}

bool PatternMatcherImpl::MatchBranch(size_t k, Node *candidate, State *state) const {
  const auto &output = outputs_[k];
  if (static_cast<size_t>(output.second) >= candidate->GetOutputsSize()) {
    return Fails(*state, MatchCheck::kOutputCount, output.first, candidate, [&] {
      return "pattern output " + std::to_string(k) + " reads output " +
             std::to_string(output.second) + ", the target node has " +
             std::to_string(candidate->GetOutputsSize());
    });
  }
  std::vector<Item> &queue = queues_[k];  // FIFO: `head` is the front
  queue.clear();
  queue.push_back(Item{output.first, output.second, candidate, output.second});
  return Walk(k, 0, state);
}

// Binds branch k's queue from `head` on (breadth-first), then the outputs after k: a choice made
// inside this branch (WalkCommutative) is only final once the whole match has been found.
bool PatternMatcherImpl::Walk(size_t k, size_t head, State *state) const {
  std::vector<Item> &queue = queues_[k];
  for (; head < queue.size(); ++head) {
    const Item item = queue[head];  // a copy: the queue grows below
    Node *pattern_node = pattern_nodes_[item.ordinal];
    Node *&bound = state->bound[item.ordinal];
    if (bound != nullptr) {
      if (bound != item.target) {
        return Fails(*state, MatchCheck::kAlreadyBound, item.ordinal, item.target, [&] {
          return "pattern node " + pattern_node->GetName() + " is bound to " + bound->GetName() +
                 ", another path reaches it as " + item.target->GetName();
        });
      }
      if (is_data_[item.ordinal] && state->data_port[item.ordinal] != item.target_out) {
        // One pattern input = one target tensor, not just one node.
        return Fails(*state, MatchCheck::kTensor, item.ordinal, item.target, [&] {
          return "pattern input " + pattern_node->GetName() + " is bound to output " +
                 std::to_string(state->data_port[item.ordinal]) + " of " + bound->GetName() +
                 ", another consumer reads output " + std::to_string(item.target_out);
        });
      }
      continue;
    }
    if (is_data_[item.ordinal]) {
      // A producer of the match may be shared by several pattern inputs, but it must not be
      // part of the match itself.
      for (size_t ordinal : state->order) {
        if (!is_data_[ordinal] && state->bound[ordinal] == item.target) {
          return Fails(*state, MatchCheck::kProducerInMatch, item.ordinal, item.target, [&] {
            return "pattern input " + pattern_node->GetName() + " would bind " +
                   item.target->GetName() + ", already matched to pattern node " +
                   pattern_nodes_[ordinal]->GetName();
          });
        }
      }
      bound = item.target;
      state->data_port[item.ordinal] = item.target_out;
      state->order.push_back(item.ordinal);
      continue;
    }
    if (item.target->GetSeq() >= seq_end_) {
      return Fails(*state, MatchCheck::kNewNode, item.ordinal, item.target,
                   [] { return std::string("created after the sweep's candidate snapshot"); });
    }
    if (IsBound(*state, item.target)) {
      return Fails(*state, MatchCheck::kAlreadyBound, item.ordinal, item.target,
                   [] { return std::string("the target node is already bound in this match"); });
    }
    if (trace_ == nullptr) {
      if (!NodeMatches(*pattern_node, *item.target, config_)) {
        return false;
      }
    } else {
      NodeCheckFailure failure;
      if (!NodeMatches(*pattern_node, *item.target, config_, &failure)) {
        return Fails(*state, failure.check, item.ordinal, item.target,
                     [&failure] { return std::move(failure.detail); });
      }
    }
    bound = item.target;
    state->order.push_back(item.ordinal);
    if (commutative_[item.ordinal] != 0U) {
      return WalkCommutative(k, head, state);
    }
    if (!PushInputs(item, false, state, &queue)) {
      return false;
    }
  }
  return MatchOutputsFrom(k + 1, state);
}

// The inputs of the commutative node just bound at `head`: first in the pattern's order, then,
// if the rest of the match fails, exchanged. Everything bound after the choice is undone in
// between; it all comes after the marks, since bindings and queue items are only appended.
bool PatternMatcherImpl::WalkCommutative(size_t k, size_t head, State *state) const {
  std::vector<Item> &queue = queues_[k];
  const Item item = queue[head];
  const size_t order_mark = state->order.size();
  const size_t consumer_mark = state->data_consumers.size();
  const size_t queue_mark = queue.size();
  const bool exchanged = state->exchanged;
  if (PushInputs(item, false, state, &queue) && Walk(k, head + 1, state)) {
    return true;
  }
  if (item.target->GetInputsSize() < 2U) {
    return false;  // the pattern's two connected inputs cannot pair in any order
  }
  const InDataPeer first = item.target->GetInDataPeer(0);
  const InDataPeer second = item.target->GetInDataPeer(1);
  if (first.node == second.node && first.out_index == second.out_index) {
    return false;  // both inputs read one tensor: the exchanged order binds the same
  }
  for (size_t i = order_mark; i < state->order.size(); ++i) {
    state->bound[state->order[i]] = nullptr;
    state->data_port[state->order[i]] = -1;
  }
  state->order.resize(order_mark);
  state->data_consumers.resize(consumer_mark);
  queue.resize(queue_mark);
  state->exchanged = true;
  if (PushInputs(item, true, state, &queue) && Walk(k, head + 1, state)) {
    return true;
  }
  state->exchanged = exchanged;
  return false;
}

// Pairs the pattern node's inputs with the bound target node's and queues their producers.
// Pairing is by input index (GE's pairing by connected position fixed); `exchange` pairs the
// pattern's input 0 with the target's input 1 and the reverse.
bool PatternMatcherImpl::PushInputs(const Item &item, bool exchange, State *state,
                                    std::vector<Item> *queue) const {
  const std::vector<PatternInput> &pattern_ins = pattern_inputs_[item.ordinal];
  const size_t target_inputs = item.target->GetInputsSize();
  const size_t inputs = std::max(pattern_ins.size(), target_inputs);
  for (size_t i = 0; i < inputs; ++i) {
    const PatternInput pattern_in =
        i < pattern_ins.size() ? pattern_ins[i] : PatternInput{kUnconnected, -1};
    const size_t t = exchange && i < 2U ? 1U - i : i;
    const InDataPeer target_peer = t < target_inputs ? item.target->GetInDataPeer(t) : InDataPeer{};
    const bool pattern_connected = pattern_in.producer != kUnconnected;
    if (pattern_connected != target_peer.IsConnected()) {
      return Fails(*state, MatchCheck::kInputCount, item.ordinal, item.target, [&] {
        return "input " + std::to_string(t) + " is " +
               (pattern_connected ? "connected in the pattern, not in the target"
                                  : "connected in the target, not in the pattern") +
               " (pattern inputs " + std::to_string(pattern_ins.size()) + ", target inputs " +
               std::to_string(target_inputs) + ")";
      });
    }
    if (!pattern_connected) {
      continue;
    }
    const size_t producer = pattern_in.producer;
    if (is_data_[producer]) {
      state->data_consumers.push_back(
          State::DataConsumer{producer, item.ordinal, static_cast<int32_t>(t)});
    } else if (pattern_in.out_index != target_peer.out_index) {
      return Fails(*state, MatchCheck::kOutputIndex, item.ordinal, item.target, [&] {
        return "input " + std::to_string(t) + " reads output " +
               std::to_string(target_peer.out_index) + " of " + target_peer.node->GetName() +
               ", the pattern reads output " + std::to_string(pattern_in.out_index);
      });
    }
    queue->push_back(Item{producer, pattern_in.out_index, target_peer.node, target_peer.out_index});
  }
  return true;
}

bool PatternMatcherImpl::IsValidMatch(const State &state) const {
  std::vector<Node *> &interior = interior_;
  interior.clear();
  for (size_t ordinal : state.order) {
    if (!is_data_[ordinal]) {
      interior.push_back(state.bound[ordinal]);
    }
  }
  if (interior.size() + static_cast<size_t>(std::count(is_data_.begin(), is_data_.end(), 1U)) !=
      pattern_nodes_.size()) {
    return false;  // not every pattern node bound: cannot happen for a validated pattern
  }
  std::vector<OutAnchor> &outputs = output_anchors_;
  outputs.clear();
  for (const auto &output : outputs_) {
    outputs.emplace_back(state.bound[output.first], output.second);
  }
  std::string reason;
  if (!IsSelfContained(interior, outputs, &reason)) {
    GELOGD("Pattern[%s] match skipped: %s", pattern_graph_->GetName().c_str(), reason.c_str());
    return Fails(state, MatchCheck::kNotSelfContained, kUnconnected, nullptr,
                 [&reason] { return std::move(reason); });
  }
  return true;
}

bool PatternMatcherImpl::MatchOutputsFrom(size_t k, State *state) const {
  if (k == outputs_.size()) {
    return IsValidMatch(*state);
  }
  Node *already = state->bound[outputs_[k].first];
  if (already != nullptr) {
    // The owner was bound through an earlier output's branch: it is the only candidate.
    State attempt = *state;
    if (MatchBranch(k, already, &attempt)) {
      *state = std::move(attempt);
      return true;
    }
    return false;
  }
  for (const std::weak_ptr<Node> &weak : candidates_[k]) {
    NodePtr candidate = weak.lock();
    if (candidate == nullptr || candidate->GetOwnerGraph() != target_.get()) {
      continue;
    }
    State attempt = *state;
    if (MatchBranch(k, candidate.get(), &attempt)) {
      *state = std::move(attempt);
      return true;
    }
  }
  return Fails(*state, MatchCheck::kNoCandidate, outputs_[k].first, nullptr, [&] {
    return "no target node completes pattern output " + std::to_string(k) + " (" +
           std::to_string(candidates_[k].size()) + " of its type)";
  });
}

std::unique_ptr<MatchResult> PatternMatcherImpl::MakeResult(const State &state) const {
  auto result = std::make_unique<MatchResult>(pattern_.get());
  MatchResultImpl &impl = result->Impl();
  const ComputeGraph &graph = *target_;
  // Every bound node is held once, and its position is kept per ordinal so that the ports
  // below need no search. Matched nodes are distinct and never a Data binding (MatchBranch
  // enforces both), so only Data bindings, which may share a producer, are looked up.
  std::vector<uint32_t> &position = position_;
  position.assign(pattern_nodes_.size(), PortRef::kNoNode);
  for (size_t ordinal : state.order) {
    Node *node = state.bound[ordinal];
    uint32_t held;
    if (is_data_[ordinal] != 0U) {
      held = impl.Hold(graph, node);
    } else {
      held = static_cast<uint32_t>(impl.nodes.size());
      impl.nodes.push_back(MatchResultImpl::Held{node, graph.GetNodePtr(node)});
    }
    position[ordinal] = held;
    impl.pairs.push_back(
        MatchResultImpl::Pair{pattern_nodes_[ordinal], held, data_like_[ordinal] != 0U});
  }
  // Inputs by ascending Data index, each followed by its consumers in the order they were
  // reached: a pattern has a handful of Data nodes, so scanning the consumers per input is
  // cheaper than grouping them through a map.
  for (size_t ordinal : data_by_index_) {
    if (state.bound[ordinal] == nullptr) {
      continue;
    }
    MatchResultImpl::Input input;
    input.index = data_index_[ordinal];
    input.producer = PortRef{position[ordinal], state.data_port[ordinal]};
    input.first_consumer = static_cast<uint32_t>(impl.consumers.size());
    for (const State::DataConsumer &consumer : state.data_consumers) {
      if (consumer.data == ordinal) {
        impl.consumers.push_back(PortRef{position[consumer.consumer], consumer.input});
      }
    }
    input.consumer_count = static_cast<uint32_t>(impl.consumers.size()) - input.first_consumer;
    impl.inputs.push_back(input);
  }
  for (const auto &output : outputs_) {
    impl.outputs.push_back(PortRef{position[output.first], output.second});
  }
  for (const auto &capture : captures_) {
    const int32_t port =
        is_data_[capture.first] != 0U ? state.data_port[capture.first] : capture.second;
    impl.captures.push_back(PortRef{position[capture.first], port});
  }
  // What this match proves about the boundary VerifiedMatch reads from it (ports of the
  // pattern Data consumers as inputs, the pattern output as output), for as long as the target
  // graph's modification count stays as read here:
  // - every port exists and is connected (the match walked those edges), all consumers of one
  //   input read one producer port (`data_port`), and that producer is not a matched node
  //   (MatchBranch refuses to bind a node twice, as Data or otherwise);
  // - the nodes CompleteBoundary collects walking back from the output and stopping at the
  //   declared ports are exactly the matched non-Data nodes, in binding order: with a single
  //   output MatchBranch binds in the same breadth-first order (inputs by index, first visit
  //   wins), and a declared port is exactly an edge from a pattern Data;
  // - none of them is Data-like or a NetOutput (types match the pattern, boundary_proven_), the
  //   nodes are self-contained (IsValidMatch) and all live in the target graph.
  // Any edit of the graph's nodes or edges changes the count, and the runner then validates the
  // boundary in full; a result whose bindings were edited is no longer marked.
  // - no commutative node's inputs were bound exchanged (CompleteBoundary walks target inputs by
  //   index, so the binding order would differ).
  if (boundary_proven_ && !state.exchanged) {
    impl.checked_graph = &graph;
    impl.checked_version = graph.GetModificationCount();
  }
  return result;
}

std::unique_ptr<MatchResult> PatternMatcherImpl::MatchNext() {
  if (!Prepare()) {
    return nullptr;
  }
  while (cursor_ < candidates_[0].size()) {
    // The sweep passes each first-output candidate once: the snapshot's weak reference is
    // dropped as it is read. A weak reference keeps the memory of a node created by
    // make_shared allocated; holding it to the end of the sweep kept every node this sweep
    // removed (the output of each match) out of reach of the allocator until then.
    PrefetchAhead(cursor_);
    std::weak_ptr<Node> &entry = candidates_[0][cursor_++];
    NodePtr candidate = entry.lock();
    entry.reset();
    if (candidate == nullptr || candidate->GetOwnerGraph() != target_.get()) {
      continue;  // removed by an earlier rewrite
    }
    State &state = state_;  // reset in place: keeps the vectors' capacity
    state.bound.assign(pattern_nodes_.size(), nullptr);
    state.data_port.assign(pattern_nodes_.size(), -1);
    state.order.clear();
    state.data_consumers.clear();
    state.exchanged = false;
    if (trace_ == nullptr) {
      if (MatchBranch(0, candidate.get(), &state)) {
        return MakeResult(state);
      }
      continue;
    }
    ++trace_->candidates;
    pending_.set = false;
    if (MatchBranch(0, candidate.get(), &state)) {
      ++trace_->matches;
      return MakeResult(state);
    }
    OfferFailure(*candidate);
  }
  return nullptr;
}

void PatternMatcherImpl::NoteFailure(const State &state, MatchCheck check, size_t ordinal,
                                     const Node *target, std::string detail) const {
  const size_t depth = state.order.size();
  if (pending_.set && depth <= pending_.depth) {
    return;  // an earlier path of this attempt got as far or further
  }
  pending_.set = true;
  pending_.depth = depth;
  pending_.check = check;
  pending_.ordinal = ordinal;
  pending_.target = target;
  pending_.detail = std::move(detail);
  pending_.bound.clear();
  for (size_t bound : state.order) {
    pending_.bound.emplace_back(bound, state.bound[bound]);
  }
}

// The attempt from `candidate` failed as a whole: its deepest failure goes to the trace if it
// ranks (the nodes it names are still alive: nothing edits the graph during an attempt).
void PatternMatcherImpl::OfferFailure(const Node &candidate) const {
  if (!pending_.set || !trace_->Ranks(false, pending_.depth)) {
    return;
  }
  std::vector<TracePair> pairs;
  for (const auto &binding : pending_.bound) {
    pairs.push_back(TracePair{pattern_nodes_[binding.first], binding.second});
  }
  TracedCandidate traced;
  traced.candidate = candidate.GetName();
  traced.bound = pending_.depth;
  traced.check = pending_.check;
  traced.detail = pending_.detail;
  if (pending_.ordinal < pattern_nodes_.size()) {
    traced.pattern_node = pattern_nodes_[pending_.ordinal]->GetName();
  }
  traced.target_node = pending_.target == nullptr ? "" : pending_.target->GetName();
  traced.bindings = DescribeBindings(pairs);
  traced.dot = RenderMatchDot(pattern_graph_->GetName(), pairs, pending_.target);
  trace_->Add(std::move(traced));
}

PatternMatcher::PatternMatcher(std::unique_ptr<Pattern> pattern, const GraphPtr &target_graph)
    : PatternMatcher(std::move(pattern), target_graph, PatternMatcherConfigBuilder().Build()) {}

PatternMatcher::PatternMatcher(std::unique_ptr<Pattern> pattern, const GraphPtr &target_graph,
                               std::unique_ptr<PatternMatcherConfig> matcher_config)
    : impl_(std::make_unique<PatternMatcherImpl>(
          std::move(pattern), target_graph,
          matcher_config != nullptr ? *matcher_config : *PatternMatcherConfigBuilder().Build())) {}

PatternMatcher::~PatternMatcher() = default;

std::unique_ptr<MatchResult> PatternMatcher::MatchNext() { return impl_->MatchNext(); }

}  // namespace fusion
}  // namespace ge
