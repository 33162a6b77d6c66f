// SubgraphRewriter with all-or-nothing semantics: the boundary and
// the replacement are fully validated before the first edit, and every matched node is removed.
#include "ge/fusion/graph_rewriter.h"

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>
#include <utility>

#include "common/error.h"
#include "common/log.h"
#include "rewrite/fusion_statistics.h"
#include "rewrite/node_adapter.h"
#include "rewrite/subgraph_rewriter_impl.h"

namespace ge {
namespace fusion {
namespace {

// The attribute names of the provenance and pass-name lists as interned names made once, in
// their sort order (`_datadump_original_op_names` < `_datadump_original_op_types` < `pass_name`).
const AttrName &OriginalNamesAttr() {
  static const AttrName kName(kAttrOriginalOpNames);
  return kName;
}
const AttrName &OriginalTypesAttr() {
  static const AttrName kName(kAttrOriginalOpTypes);
  return kName;
}
const AttrName &PassNameAttr() {
  static const AttrName kName(kAttrPassName);
  return kName;
}

// The same names as strings, the interned copies: the provenance names are longer than the
// small-string buffer, so passing the char constants to the attr API would allocate a key per
// lookup.
const std::string &OriginalNamesKey() { return OriginalNamesAttr().str(); }
const std::string &OriginalTypesKey() { return OriginalTypesAttr().str(); }
const std::string &PassNameKey() { return PassNameAttr().str(); }
const std::string &IndexKey() {
  static const std::string kKey = kAttrIndex;
  return kKey;
}

// Sets attr `key` of `desc` to `make()` unless it is set already, with one lookup of the attr
// map (HasAttr + SetAttr took two) and `make()` called only when the attr is absent.
template <typename Make>
void SetAttrIfAbsent(OpDesc &desc, const std::string &key, Make &&make) {
  AttrMap &attrs = desc.MutableAllAttrs();
  auto it = attrs.lower_bound(key);
  if (it == attrs.end() || it->first != key) {
    attrs.emplace_hint(it, key, make());
  }
}

// SetAttr for a key that sorts right after `prev`'s (as the provenance types key follows the
// names key): when nothing sorts between them, the slot is next to `prev` and the map is not
// searched again.
void PutAttrAfter(OpDesc &desc, AttrMap::iterator prev, const std::string &key, GeAttrValue value) {
  AttrMap &attrs = desc.MutableAllAttrs();
  const auto next = std::next(prev);
  if (next != attrs.end() && next->first == key) {
    next->second = std::move(value);
  } else if (next == attrs.end() || key < next->first) {
    attrs.emplace_hint(next, key, std::move(value));
  } else {
    desc.SetAttr(key, std::move(value));  // some key sorts in between
  }
}

Status Malformed(const std::string &reason) {
  GELOGE("[REPLACE][BOUNDARY] %s", reason.c_str());
  return Fail(reason);
}

// A map keyed by node address as a sorted vector: replacement graphs are small, and this runs
// once per rewrite (hash maps cost an allocation per entry there). Call Seal() after the last
// Add and before the first Find.
template <typename V>
class NodeMap {
 public:
  void Add(const Node *node, V value) { entries_.emplace_back(node, std::move(value)); }
  void Clear() { entries_.clear(); }
  void Seal() {
    std::sort(entries_.begin(), entries_.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
  }
  const V *Find(const Node *node) const {
    auto it =
        std::lower_bound(entries_.begin(), entries_.end(), node,
                         [](const auto &entry, const Node *key) { return entry.first < key; });
    return it != entries_.end() && it->first == node ? &it->second : nullptr;
  }

 private:
  std::vector<std::pair<const Node *, V>> entries_;
};

// One data edge into a body node of the replacement: `src` is a body node or a Data node.
struct BodyEdge {
  size_t dst;  // index into ReplacementPlan::body
  int32_t in_index;
  Node *src;
  int32_t out_index;
};

// Replacement facts gathered before any edit. The edges are recorded here because moving a
// body node out of the replacement graph removes its edges there.
struct ReplacementPlan {
  std::vector<Node *> body;  // non-IO nodes, topological order
  NodeMap<int64_t> data_index;
  std::vector<std::pair<Node *, int32_t>> outputs;  // NetOutput input k -> producer port
  std::vector<BodyEdge> edges;                      // by destination, then input index
  std::vector<std::pair<Node *, Node *>> control;   // body -> body control edges
  // Scratch of PlanReplacement, kept for its capacity.
  std::vector<Node *> order;
  std::vector<bool> seen_inputs;

  // Empties the plan but keeps the capacity: one plan per thread is reused by every rewrite
  // (a sweep rewrites thousands of matches, each with a handful of entries).
  void Clear() {
    body.clear();
    data_index.Clear();
    outputs.clear();
    edges.clear();
    control.clear();
  }
};

// True when every data and control producer of each node comes earlier in `nodes` (which is
// the whole node list of a graph). Only short lists (every builder-made replacement) are checked,
// in place: the nodes seen so far are exactly nodes[0, i). A longer list reports false, so the
// caller sorts it, which is linear too.
bool IsShortListTopological(const std::vector<Node *> &nodes) {
  if (nodes.size() > NodeLookup::kLinearLimit) {
    return false;
  }
  for (auto it = nodes.begin(); it != nodes.end(); ++it) {
    auto is_earlier = [&nodes, it](const Node *node) {
      return std::find(nodes.begin(), it, node) != it;
    };
    const Node *node = *it;
    for (size_t i = 0; i < node->GetInputsSize(); ++i) {
      const InDataPeer peer = node->GetInDataPeer(i);
      if (peer.IsConnected() && !is_earlier(peer.node)) {
        return false;
      }
    }
    for (const Node *src : node->GetInControlNodes()) {
      if (!is_earlier(src)) {
        return false;
      }
    }
  }
  return true;
}

Status PlanReplacement(const ComputeGraph &replacement, const ResolvedBoundary &boundary,
                       ReplacementPlan *plan) {
  auto invalid = [&replacement](const std::string &reason) {
    GELOGE("[REPLACE][INVALID] replacement[%s], Reason: %s", replacement.GetName().c_str(),
           reason.c_str());
    return Fail("[REPLACE][INVALID] replacement[" + replacement.GetName() + "], Reason: " + reason);
  };
  if (!replacement.GetAllSubgraphs().empty()) {
    return invalid("replacement graphs with subgraphs are not supported");
  }
  // Builders add a node after its producers, so a short node list is usually a topological
  // order already: checking that allocates nothing. The sort is the fallback (and the cycle
  // check) for long replacements and for graphs built in any other order.
  std::vector<Node *> &order = plan->order;
  order.clear();  // filled in place: GetDirectNodes would allocate a new vector per rewrite
  replacement.ForEachDirectNode([&order](Node *node) { order.push_back(node); });
  if (!IsShortListTopological(order) && replacement.GetTopologicalOrder(&order) != SUCCESS) {
    return invalid("it is not a DAG: " + GetLastError());
  }
  Node *net_output = nullptr;
  std::vector<bool> &seen = plan->seen_inputs;
  seen.assign(boundary.input_producers.size(), false);
  size_t seen_count = 0;
  for (Node *node : order) {
    if (TypeIs(node->GetType(), kNetOutput)) {
      if (net_output != nullptr) {
        return invalid("more than one NetOutput");
      }
      net_output = node;
    } else if (TypeIs(node->GetType(), kData)) {
      const int64_t *index = node->GetOpDesc().GetAttrAs<int64_t>(IndexKey());
      if (index == nullptr) {
        return invalid("Data node[" + node->GetName() + "] has no int attr index");
      }
      if (*index < 0 || static_cast<size_t>(*index) >= boundary.input_producers.size() ||
          seen[static_cast<size_t>(*index)]) {
        return invalid("Data node[" + node->GetName() + "] index " + std::to_string(*index) +
                       " is out of range [0, " + std::to_string(boundary.input_producers.size()) +
                       ") or duplicated");
      }
      seen[static_cast<size_t>(*index)] = true;
      ++seen_count;
      plan->data_index.Add(node, *index);
    } else if (IsDataLikeType(node->GetType())) {
      return invalid("input node[" + node->GetName() + "] must be of type Data, not " +
                     node->GetType());
    } else {
      plan->body.push_back(node);
    }
  }
  plan->data_index.Seal();
  if (seen_count != boundary.input_producers.size()) {
    return invalid("it has " + std::to_string(seen_count) + " Data nodes but the boundary has " +
                   std::to_string(boundary.input_producers.size()) + " inputs");
  }
  const size_t output_count = net_output == nullptr ? 0U : net_output->GetInputsSize();
  if (output_count != boundary.outputs.size()) {
    return invalid("it has " + std::to_string(output_count) +
                   " NetOutput inputs but the boundary has " +
                   std::to_string(boundary.outputs.size()) + " outputs");
  }
  for (size_t k = 0; k < output_count; ++k) {
    const InDataPeer peer = net_output->GetInDataPeer(k);
    if (!peer.IsConnected()) {
      return invalid("NetOutput input " + std::to_string(k) + " is not connected");
    }
    plan->outputs.emplace_back(peer.node, peer.out_index);
  }
  for (size_t b = 0; b < plan->body.size(); ++b) {
    Node *node = plan->body[b];
    for (size_t i = 0; i < node->GetInputsSize(); ++i) {
      const InDataPeer peer = node->GetInDataPeer(i);
      // A NetOutput producer is impossible in a DAG whose NetOutput has no outputs: skipped.
      if (peer.IsConnected() && !TypeIs(peer.node->GetType(), kNetOutput)) {
        plan->edges.push_back(BodyEdge{b, static_cast<int32_t>(i), peer.node, peer.out_index});
      }
    }
    for (Node *dst : node->GetOutControlNodes()) {
      if (!TypeIs(dst->GetType(), kNetOutput) && !IsDataLikeType(dst->GetType())) {
        plan->control.emplace_back(node, dst);
      }
    }
  }
  return SUCCESS;
}

thread_local uint64_t g_rename_counter = 0;

// `<stem><suffix>_<n>` with the next number of the thread's counter. The counter never repeats
// a value, so such a name is nearly always free; callers that cannot let an insertion fail check
// with UniqueName.
std::string NextName(const std::string &stem, const std::string &suffix) {
  return NumberedName(stem, suffix, g_rename_counter++);
}

// NextName until one is free in `graph`.
std::string UniqueName(ComputeGraph *graph, const std::string &stem, const std::string &suffix) {
  std::string name = NextName(stem, suffix);
  while (graph->FindNode(name) != nullptr) {
    name = NextName(stem, suffix);
  }
  return name;
}

Node *AddNoOp(ComputeGraph *graph, const std::string &base) {
  std::string name = base;
  while (graph->FindNode(name) != nullptr) {
    name = base + "_" + std::to_string(g_rename_counter++);
  }
  return graph->AddNode(OpDesc(name, "NoOp"));
}

}  // namespace

namespace {
// Marks an output the SubgraphBoundary left unset, so that CompleteBoundary reports it in order.
constexpr int32_t kUnsetPort = std::numeric_limits<int32_t>::min();

// A port index of the public API (int64) as stored in ResolvedBoundary: anything outside
// [0, INT32_MAX] becomes -1, which the checks reject like the original value.
int32_t PortIndex(int64_t index) {
  return index < 0 || index > std::numeric_limits<int32_t>::max() ? -1
                                                                  : static_cast<int32_t>(index);
}
}  // namespace

Status ResolveBoundary(const SubgraphBoundary &boundary, ResolvedBoundary *resolved) {
  // Conversion only: every check (and its order) is CompleteBoundary's.
  for (const SubgraphOutput &output : boundary.GetAllOutputs()) {
    NodeIo io;
    if (output.GetOutput(io) != SUCCESS) {
      resolved->outputs.emplace_back(nullptr, kUnsetPort);
      continue;
    }
    NodePtr node = NodeAdapter::GNode2Node(io.node);
    resolved->outputs.emplace_back(node.get(), PortIndex(io.index));
  }
  for (const SubgraphInput &input : boundary.GetAllInputs()) {
    const std::vector<NodeIo> consumers = input.GetAllInputs();
    std::vector<std::pair<Node *, int32_t>> ports;
    ports.reserve(consumers.size());
    for (const NodeIo &io : consumers) {
      NodePtr node = NodeAdapter::GNode2Node(io.node);
      ports.emplace_back(node.get(), PortIndex(io.index));
    }
    resolved->input_consumers.push_back(std::move(ports));
  }
  return CompleteBoundary(resolved);
}

Status CompleteBoundary(ResolvedBoundary *resolved) {
  if (resolved->outputs.empty()) {
    return Malformed("boundary has no outputs");
  }
  resolved->graph = nullptr;
  for (size_t k = 0; k < resolved->outputs.size(); ++k) {
    const OutAnchor &output = resolved->outputs[k];
    Node *node = output.first;
    if (node == nullptr && output.second == kUnsetPort) {
      return Malformed("output " + std::to_string(k) + " of the boundary is not set");
    }
    if (node == nullptr || node->GetOwnerGraph() == nullptr || output.second < 0 ||
        static_cast<size_t>(output.second) >= node->GetOutputsSize()) {
      return Malformed("output " + std::to_string(k) + " of the boundary names no valid port");
    }
    if (resolved->graph == nullptr) {
      resolved->graph = node->GetOwnerGraph();
    } else if (node->GetOwnerGraph() != resolved->graph) {
      return Malformed("Node[" + node->GetName() +
                       "] as output node of boundary, is not in same graph with others.");
    }
  }
  resolved->input_producers.clear();
  size_t declared_count = 0;
  for (size_t i = 0; i < resolved->input_consumers.size(); ++i) {
    const auto &ports = resolved->input_consumers[i];
    if (ports.empty()) {
      return Malformed("input " + std::to_string(i) + " of the boundary has no consumer");
    }
    OutAnchor producer{nullptr, -1};
    for (const auto &port : ports) {
      Node *node = port.first;
      if (node == nullptr || node->GetOwnerGraph() != resolved->graph || port.second < 0 ||
          static_cast<size_t>(port.second) >= node->GetInputsSize()) {
        return Malformed("input " + std::to_string(i) +
                         " of the boundary names an invalid port or a node of another graph");
      }
      const InDataPeer peer = node->GetInDataPeer(static_cast<size_t>(port.second));
      if (!peer.IsConnected()) {
        return Malformed("Node[" + node->GetName() + "] input " + std::to_string(port.second) +
                         " has no peer producer, subgraph boundary is malformed.");
      }
      if (producer.first == nullptr) {
        producer = {peer.node, peer.out_index};
      } else if (producer != OutAnchor{peer.node, peer.out_index}) {
        return Malformed("input " + std::to_string(i) +
                         " of the boundary groups consumers of different tensors");
      }
    }
    declared_count += ports.size();
    resolved->input_producers.push_back(producer);
  }
  // Declared consumer ports: a boundary has a handful, scanned in place; a sorted copy only for
  // unusually many (no allocation per boundary in the common case).
  std::vector<std::pair<Node *, int32_t>> declared_sorted;
  if (declared_count > NodeLookup::kLinearLimit) {
    declared_sorted.reserve(declared_count);
    for (const auto &ports : resolved->input_consumers) {
      declared_sorted.insert(declared_sorted.end(), ports.begin(), ports.end());
    }
    std::sort(declared_sorted.begin(), declared_sorted.end());
  }
  auto is_declared = [resolved, &declared_sorted](Node *node, int32_t index) {
    const std::pair<Node *, int32_t> port{node, index};
    if (!declared_sorted.empty()) {
      return std::binary_search(declared_sorted.begin(), declared_sorted.end(), port);
    }
    for (const auto &ports : resolved->input_consumers) {
      if (std::find(ports.begin(), ports.end(), port) != ports.end()) {
        return true;
      }
    }
    return false;
  };
  // Collect backwards from the outputs, stopping at declared input ports. `resolved->nodes`
  // doubles as the BFS queue (it is filled in visiting order) and, while it is short, as the
  // set of visited nodes (a linear scan); beyond NodeLookup::kLinearLimit nodes a sorted set
  // takes over.
  NodeSet inside_sorted;
  auto insert_inside = [resolved, &inside_sorted](Node *node) {
    std::vector<Node *> &nodes = resolved->nodes;
    if (nodes.size() <= NodeLookup::kLinearLimit) {
      if (std::find(nodes.begin(), nodes.end(), node) != nodes.end()) {
        return;
      }
      nodes.push_back(node);
      if (nodes.size() > NodeLookup::kLinearLimit) {
        inside_sorted = NodeSet(nodes.begin(), nodes.end());
      }
      return;
    }
    if (inside_sorted.Insert(node)) {
      nodes.push_back(node);
    }
  };
  resolved->nodes.clear();
  for (const OutAnchor &output : resolved->outputs) {
    insert_inside(output.first);
  }
  for (size_t head = 0; head < resolved->nodes.size(); ++head) {
    Node *node = resolved->nodes[head];
    if (IsDataLikeType(node->GetType()) || TypeIs(node->GetType(), kNetOutput)) {
      return Malformed("Node[" + node->GetName() + "] of type " + node->GetType() +
                       " would be replaced: a boundary input is missing");
    }
    for (size_t i = 0; i < node->GetInputsSize(); ++i) {
      const InDataPeer peer = node->GetInDataPeer(i);
      if (!peer.IsConnected() || is_declared(node, static_cast<int32_t>(i))) {
        continue;
      }
      insert_inside(peer.node);
    }
  }
  const NodeLookup inside(resolved->nodes);
  for (size_t i = 0; i < resolved->input_producers.size(); ++i) {
    if (inside.Contains(resolved->input_producers[i].first)) {
      return Malformed("the producer [" + resolved->input_producers[i].first->GetName() +
                       "] of boundary input " + std::to_string(i) + " is inside the boundary");
    }
    for (const auto &port : resolved->input_consumers[i]) {
      if (!inside.Contains(port.first)) {
        return Malformed("Node[" + port.first->GetName() + "] consumes boundary input " +
                         std::to_string(i) + " but no boundary output depends on it");
      }
    }
  }
  std::string reason;
  if (!IsSelfContained(resolved->nodes, resolved->outputs, &reason)) {
    return Malformed(reason);
  }
  return SUCCESS;
}

void MarkPassName(const std::vector<Node *> &nodes, const std::string &pass_name) {
  for (Node *node : nodes) {
    MarkPassName(node, pass_name);
  }
}

// The one-element list {pass_name} as a shared value. The runners mark every node of every
// replacement with the same pass name, so the calling thread keeps the last list it made.
const SharedStringList &PassNameList(const std::string &pass_name) {
  thread_local SharedStringList last;
  if (last == nullptr || last->front() != pass_name) {
    last = std::make_shared<const std::vector<std::string>>(1U, pass_name);
  }
  return last;
}

void MarkPassName(Node *node, const std::string &pass_name) {
  using StringList = std::vector<std::string>;
  AttrMap &attrs = node->MutableOpDesc().MutableAllAttrs();
  // One lookup: a fresh node (the usual case) shares the thread's list {pass_name}; a node that
  // already carries a list keeps it (an owned copy) and gets the name appended (an attr of
  // another type is replaced, as SetAttr would).
  auto it = attrs.lower_bound(PassNameKey());
  if (it == attrs.end() || it->first != PassNameKey()) {
    attrs.emplace_hint(it, PassNameKey(), GeAttrValue::Shared(PassNameList(pass_name)));
    return;
  }
  if (StringList *previous = it->second.GetMutable<StringList>()) {
    previous->push_back(pass_name);
    return;
  }
  it->second = GeAttrValue(StringList{pass_name});
}

namespace {
// Scratch of one rewrite, reused by every rewrite of the thread (a sweep rewrites thousands of
// matches; allocating these per rewrite was a good part of its cost). Rewrite never re-enters
// itself (it calls no plugin code), so one instance per thread is safe.
struct RewriteScratch {
  ReplacementPlan plan;
  NodeMap<Node *> copies;
  std::vector<Node *> new_body;
  // (boundary output k, consumer node, consumer input) of each outside consumer to move.
  std::vector<std::tuple<size_t, Node *, int32_t>> moved_consumers;
  std::vector<Node *> control_in;
  std::vector<Node *> control_out;
  std::vector<Node *> consumers;
  std::vector<Node *> new_nodes;
  std::vector<std::string> previous_passes;
  std::vector<std::string> body_names;  // the names of moved body nodes, in body order

  void Clear() {
    plan.Clear();
    copies.Clear();
    new_body.clear();
    moved_consumers.clear();
    control_in.clear();
    control_out.clear();
    consumers.clear();
    new_nodes.clear();
    previous_passes.clear();
    body_names.clear();
  }
};

// The calling thread's scratch. Not inlined on purpose: callers then hold a plain reference,
// while a thread_local used directly made the compiler recompute its address (a call into the
// dynamic linker) at nearly every access, also in helpers it specialised for that address.
__attribute__((noinline)) RewriteScratch &ThreadScratch() {
  thread_local RewriteScratch scratch;
  return scratch;
}

void AppendUnique(std::vector<Node *> *nodes, Node *node) {
  if (std::find(nodes->begin(), nodes->end(), node) == nodes->end()) {
    nodes->push_back(node);
  }
}

// The rewrite. `movable` is null (copy the body of `replacement`) or `replacement` itself, owned
// by the caller and discarded afterwards (move the body nodes instead of copying them).
// `mark_pass_name`, when given, is appended to the `pass_name` list of every new node (what the
// pass runners do), after validation.
Status Rewrite(const ResolvedBoundary &resolved, const ComputeGraph &replacement,
               ComputeGraph *movable, CustomPassContext *pass_context, RewriteRecord *record,
               const std::string *mark_pass_name) {
  // ---- validation: nothing below may fail after the first edit ----
  RewriteScratch &scratch = ThreadScratch();
  scratch.Clear();
  ReplacementPlan &plan = scratch.plan;
  if (PlanReplacement(replacement, resolved, &plan) != SUCCESS) {
    return FAILED;
  }
  // One walk over the nodes' attrs answers both the fusability check (nothing to compare
  // without scoped attrs) and whether the new nodes inherit any.
  const bool has_scoped = HasFusionScopedAttr(resolved.nodes);
  std::string reason;
  if (has_scoped && !IsSupportFuse(resolved.nodes, &reason)) {
    GELOGE("[REPLACE] %s", reason.c_str());
    return Fail(reason);
  }
  std::string pass_name;
  if (pass_context != nullptr) {
    pass_name = pass_context->GetPassName().GetString();
    if (pass_name.empty()) {
      return Fail("[REPLACE] the pass context has no pass name");
    }
    if (!plan.body.empty() && WillCauseCycleIfFuse(resolved.nodes)) {
      GELOGW("[REPLACE]CanFuse failed, reason: it will create cycle after fuse");
      return Fail("[REPLACE]CanFuse failed, reason: it will create cycle after fuse");
    }
  }
  ComputeGraph *graph = resolved.graph;
  const NodeLookup inside(resolved.nodes);
  // The matched nodes leave the name index at the end. On a large graph each removal waits for a
  // miss at a random place in the index: start loading those places now, so they overlap each
  // other and the work below.
  for (Node *node : resolved.nodes) {
    graph->PrefetchNameSlot(node->GetName());
  }

  // Provenance and fusion-scoped attrs the new nodes inherit. The lists are built only when
  // some body node will take them (a pass-through replacement has no body), sized up front.
  using StringList = std::vector<std::string>;
  StringList original_names;
  StringList original_types;
  std::string joined;
  if (!plan.body.empty()) {
    size_t provenance_size = 0;
    size_t joined_size = 0;
    for (Node *node : resolved.nodes) {
      const StringList *names = node->GetOpDesc().GetAttrAs<StringList>(OriginalNamesKey());
      provenance_size += names == nullptr || names->empty() ? 1U : names->size();
      joined_size += node->GetName().size() + 1U;
    }
    original_names.reserve(provenance_size);
    original_types.reserve(provenance_size);
    joined.reserve(joined_size);
  }
  StringList &previous_passes = scratch.previous_passes;
  for (Node *node : resolved.nodes) {
    const OpDesc &desc = node->GetOpDesc();
    if (!plan.body.empty()) {
      // Read in place: copying the lists per node showed up in profiles of large sweeps.
      const StringList *names = desc.GetAttrAs<StringList>(OriginalNamesKey());
      if (names == nullptr || names->empty()) {
        original_names.push_back(node->GetName());
        original_types.push_back(node->GetType());
      } else {
        original_names.insert(original_names.end(), names->begin(), names->end());
        if (const StringList *types = desc.GetAttrAs<StringList>(OriginalTypesKey())) {
          original_types.insert(original_types.end(), types->begin(), types->end());
        }
      }
      joined += '_';
      joined += node->GetName();
    }
    if (pass_context != nullptr) {
      if (const StringList *passes = desc.GetAttrAs<StringList>(PassNameKey())) {
        previous_passes.insert(previous_passes.end(), passes->begin(), passes->end());
      }
    }
  }
  // The names moved body nodes will take (fresh counter names, see below), chosen now so that
  // their index slots load while the rest is prepared, as for the removals above.
  std::vector<std::string> &body_names = scratch.body_names;
  if (movable != nullptr) {
    for (Node *source : plan.body) {
      body_names.push_back(NextName(source->GetName(), joined));
      graph->PrefetchNameSlot(body_names.back());
    }
  }
  std::map<std::string, GeAttrValue> scoped;
  if (!plan.body.empty() && has_scoped) {
    for (const std::string &name : FusionScopedAttrNames()) {
      for (Node *node : resolved.nodes) {
        if (const GeAttrValue *value = node->GetOpDesc().GetAttr(name)) {
          scoped.emplace(name, *value);
          break;
        }
      }
    }
  }
  // Outside consumers of each boundary output, and external control peers.
  for (size_t k = 0; k < resolved.outputs.size(); ++k) {
    const OutAnchor &out = resolved.outputs[k];
    for (const OutDataPeer &peer : out.first->GetOutDataPeers(static_cast<size_t>(out.second))) {
      if (!inside.Contains(peer.node)) {
        scratch.moved_consumers.emplace_back(k, peer.node, peer.in_index);
      }
    }
  }
  std::vector<Node *> &control_in = scratch.control_in;
  std::vector<Node *> &control_out = scratch.control_out;
  for (Node *node : resolved.nodes) {
    for (Node *src : node->GetInControlNodes()) {
      if (!inside.Contains(src)) {
        AppendUnique(&control_in, src);
      }
    }
    for (Node *dst : node->GetOutControlNodes()) {
      if (!inside.Contains(dst)) {
        AppendUnique(&control_out, dst);
      }
    }
  }

  // ---- mutation ----
  auto internal_error = [](const std::string &what) {
    GELOGE("[REPLACE] internal error after validation: %s", what.c_str());
    return Fail("[REPLACE] internal error after validation: " + what);
  };
  // The body in the target: copies of the replacement's nodes, or the nodes themselves when
  // the replacement may be emptied (no OpDesc copy, no node construction or destruction).
  NodeMap<Node *> &copies = scratch.copies;
  std::vector<Node *> &new_body = scratch.new_body;
  // The provenance values every body node gets. A body of one node takes the lists themselves;
  // a larger body shares one immutable copy of each (a reference count per node instead of two
  // vectors and their strings).
  GeAttrValue names_value;
  GeAttrValue types_value;
  if (plan.body.size() == 1U) {
    names_value = GeAttrValue(std::move(original_names));
    types_value = GeAttrValue(std::move(original_types));
  } else if (!plan.body.empty()) {
    names_value =
        GeAttrValue::Shared(std::make_shared<const StringList>(std::move(original_names)));
    types_value =
        GeAttrValue::Shared(std::make_shared<const StringList>(std::move(original_types)));
  }
  // `last`: no body node follows, so the provenance values can be moved instead of copied.
  auto inherit = [&](OpDesc &desc, bool last) {
    // Names and types go together: a node that carries its own provenance keeps both.
    AttrMap &attrs = desc.MutableAllAttrs();
    // Room for everything this node may get here and from MarkPassName, so the attr array is
    // allocated once at its final size instead of growing 1 -> 2 -> 4.
    attrs.reserve(attrs.size() + 2U + scoped.size() + (mark_pass_name != nullptr ? 1U : 0U));
    auto it = attrs.lower_bound(OriginalNamesKey());
    if (it == attrs.end() || it->first != OriginalNamesKey()) {
      it = attrs.emplace_hint(it, OriginalNamesKey(),
                              last ? std::move(names_value) : GeAttrValue(names_value));
      PutAttrAfter(desc, it, OriginalTypesKey(),
                   last ? std::move(types_value) : GeAttrValue(types_value));
    }
    for (const auto &entry : scoped) {
      SetAttrIfAbsent(desc, entry.first, [&entry]() { return entry.second; });
    }
  };
  // The usual body node carries none of the provenance and pass-name attrs and no scoped attrs
  // are inherited: it gets all of them in one merge into its attr array, allocated once at its
  // final size. inherit + MarkPassName reserve and then insert up to three entries at the front
  // of the array (these names sort first), each insertion moving every entry after it.
  const AttrName &names_attr = OriginalNamesAttr();
  const AttrName &types_attr = OriginalTypesAttr();
  const AttrName &pass_attr = PassNameAttr();
  auto add_fresh = [&](OpDesc &desc, bool last) {
    if (!scoped.empty()) {
      return false;
    }
    // A body node has a few attrs: comparing interned names (pointers) beats three searches.
    for (const AttrEntry &entry : desc.GetAllAttrs()) {
      if (entry.first == names_attr || entry.first == types_attr || entry.first == pass_attr) {
        return false;
      }
    }
    AttrEntry entries[3] = {{names_attr, last ? std::move(names_value) : GeAttrValue(names_value)},
                            {types_attr, last ? std::move(types_value) : GeAttrValue(types_value)},
                            {}};
    size_t count = 2U;
    if (mark_pass_name != nullptr) {
      entries[count++] = {pass_attr, GeAttrValue::Shared(PassNameList(*mark_pass_name))};
    }
    desc.MutableAllAttrs().MergeAbsent(entries, count);
    return true;
  };
  for (size_t b = 0; b < plan.body.size(); ++b) {
    Node *source = plan.body[b];
    const bool last = b + 1U == plan.body.size();
    Node *added = nullptr;
    if (movable != nullptr) {
      if (!add_fresh(source->MutableOpDesc(), last)) {
        inherit(source->MutableOpDesc(), last);
        if (mark_pass_name != nullptr) {
          MarkPassName(source, *mark_pass_name);
        }
      }
      // Moved and renamed in one step (the name is checked once, in the target only, and the
      // string moves into the node). The fresh counter name chosen above is tried without
      // probing the target first: the move changes nothing when the name is taken, and on that
      // rare clash the next number is tried.
      std::string name = std::move(body_names[b]);
      for (;;) {
        added = graph->TransferNodeFrom(*movable, source, &name);
        // On failure `name` is left as it was: taken, or the move failed for another reason
        // (reported below).
        if (added != nullptr || graph->FindNode(name) == nullptr) {
          break;
        }
        name = NextName(source->GetName(), joined);  // taken: the next number
      }
    } else {
      OpDesc desc = source->GetOpDesc();
      desc.SetName(UniqueName(graph, source->GetName(), joined));
      const bool marked = add_fresh(desc, last);
      if (!marked) {
        inherit(desc, last);
      }
      added = graph->AddNode(std::move(desc));
      if (added != nullptr && !marked && mark_pass_name != nullptr) {
        MarkPassName(added, *mark_pass_name);
      }
      copies.Add(source, added);
    }
    if (added == nullptr) {
      return internal_error("cannot add node: " + GetLastError());
    }
    new_body.push_back(added);
  }
  copies.Seal();
  // A replacement node's counterpart in the target (itself once moved).
  auto in_target = [&](Node *source) -> Node * {
    if (movable != nullptr) {
      return source;
    }
    Node *const *copy = copies.Find(source);
    return copy == nullptr ? nullptr : *copy;
  };
  // The matched nodes' data inputs from outside go first: their producers are the ones the body
  // connects to next, and a producer's consumer list keeps one consumer inline. Adding the body's
  // edge while the old one was still there moved the list to the heap for good (~4 allocations
  // per GEMM match). RemoveNode below drops the remaining edges.
  for (Node *node : resolved.nodes) {
    for (size_t i = 0; i < node->GetInputsSize(); ++i) {
      const InDataPeer peer = node->GetInDataPeer(i);
      if (peer.IsConnected() && !inside.Contains(peer.node) &&
          graph->RemoveInDataEdge(node, static_cast<int32_t>(i)) != SUCCESS) {
        return internal_error(GetLastError());
      }
    }
  }
  for (const BodyEdge &edge : plan.edges) {
    OutAnchor from{nullptr, -1};
    if (const int64_t *data = plan.data_index.Find(edge.src)) {
      from = resolved.input_producers[static_cast<size_t>(*data)];
    } else {
      from = {in_target(edge.src), edge.out_index};
    }
    if (graph->AddDataEdge(from.first, from.second, new_body[edge.dst], edge.in_index) != SUCCESS) {
      return internal_error(GetLastError());
    }
  }
  for (const auto &control : plan.control) {
    if (graph->AddControlEdge(in_target(control.first), in_target(control.second)) != SUCCESS) {
      return internal_error(GetLastError());
    }
  }
  // The new producer of each boundary output.
  auto output_source = [&](size_t k) {
    const auto &producer = plan.outputs[k];
    const int64_t *data = plan.data_index.Find(producer.first);
    return data != nullptr ? resolved.input_producers[static_cast<size_t>(*data)]
                           : OutAnchor{in_target(producer.first), producer.second};
  };
  for (const auto &moved : scratch.moved_consumers) {
    const OutAnchor from = output_source(std::get<0>(moved));
    Node *consumer = std::get<1>(moved);
    const int32_t in_index = std::get<2>(moved);
    if (graph->RemoveInDataEdge(consumer, in_index) != SUCCESS ||
        graph->AddDataEdge(from.first, from.second, consumer, in_index) != SUCCESS) {
      return internal_error(GetLastError());
    }
    scratch.consumers.push_back(consumer);
  }
  // Graph output records naming a boundary output follow it (copied only when one does).
  std::vector<std::pair<Node *, int32_t>> graph_outputs;
  for (const auto &graph_output : graph->GetOutputs()) {
    if (std::find(resolved.outputs.begin(), resolved.outputs.end(), graph_output) !=
        resolved.outputs.end()) {
      graph_outputs = graph->GetOutputs();
      break;
    }
  }
  for (auto &graph_output : graph_outputs) {
    for (size_t k = 0; k < resolved.outputs.size(); ++k) {
      if (graph_output == resolved.outputs[k]) {
        graph_output = output_source(k);
        break;
      }
    }
  }
  std::vector<Node *> &new_nodes = scratch.new_nodes;
  if (!new_body.empty()) {
    if (!control_in.empty()) {
      Node *noop = AddNoOp(graph, "noop_in_" + new_body.front()->GetName());
      if (noop == nullptr) {
        return internal_error(GetLastError());
      }
      new_nodes.push_back(noop);
      for (Node *src : control_in) {
        (void)graph->AddControlEdge(src, noop);
      }
      for (Node *node : new_body) {
        (void)graph->AddControlEdge(noop, node);
      }
    }
    new_nodes.insert(new_nodes.end(), new_body.begin(), new_body.end());
    if (!control_out.empty()) {
      Node *noop = AddNoOp(graph, "noop_out_" + new_body.back()->GetName());
      if (noop == nullptr) {
        return internal_error(GetLastError());
      }
      for (Node *node : new_body) {
        (void)graph->AddControlEdge(node, noop);
      }
      for (Node *dst : control_out) {
        (void)graph->AddControlEdge(noop, dst);
      }
      new_nodes.push_back(noop);
    }
  } else {
    // Nothing replaces the nodes: keep their ordering constraints directly.
    for (Node *src : control_in) {
      for (Node *dst : control_out) {
        if (src != dst && !graph->HasControlEdge(src, dst)) {
          (void)graph->AddControlEdge(src, dst);
        }
      }
    }
  }
  if (pass_context != nullptr) {
    previous_passes.push_back(pass_name);
    // One list for all new nodes, shared when there are several (see the provenance above).
    const GeAttrValue passes_value = new_body.size() > 1U
                                         ? GeAttrValue::Shared(std::make_shared<const StringList>(
                                               previous_passes.begin(), previous_passes.end()))
                                         : GeAttrValue(previous_passes);
    for (Node *node : new_body) {
      node->MutableOpDesc().SetAttr(PassNameKey(), passes_value);
    }
    FusionStatistics::Instance().AddMatch(pass_name, 1U, 1U);
  }
  if (record != nullptr) {
    // Assigned, not appended: a caller may reuse one record (and its capacity) for a sweep.
    record->removed.assign(resolved.nodes.begin(), resolved.nodes.end());
    record->new_nodes.assign(new_nodes.begin(), new_nodes.end());
    record->producers.clear();
    for (const OutAnchor &producer : resolved.input_producers) {
      record->producers.push_back(producer.first);
    }
    record->producers.insert(record->producers.end(), control_in.begin(), control_in.end());
    record->consumers.assign(scratch.consumers.begin(), scratch.consumers.end());
    record->consumers.insert(record->consumers.end(), control_out.begin(), control_out.end());
  }
  for (Node *node : resolved.nodes) {
    if (graph->RemoveNode(node) != SUCCESS) {
      return internal_error(GetLastError());
    }
  }
  if (!graph_outputs.empty() && graph->SetOutputs(std::move(graph_outputs)) != SUCCESS) {
    return internal_error(GetLastError());
  }
  return SUCCESS;
}
}  // namespace

Status ReplaceSubgraph(const SubgraphBoundary &boundary, const ComputeGraph &replacement,
                       CustomPassContext *pass_context, RewriteRecord *record) {
  ResolvedBoundary resolved;
  if (ResolveBoundary(boundary, &resolved) != SUCCESS) {
    return FAILED;
  }
  return Rewrite(resolved, replacement, nullptr, pass_context, record, nullptr);
}

Status ReplaceSubgraphMoving(const SubgraphBoundary &boundary, ComputeGraph &replacement,
                             CustomPassContext *pass_context, RewriteRecord *record,
                             const std::string *mark_pass_name) {
  ResolvedBoundary resolved;
  if (ResolveBoundary(boundary, &resolved) != SUCCESS) {
    return FAILED;
  }
  return ReplaceResolvedMoving(resolved, replacement, pass_context, record, mark_pass_name);
}

Status ReplaceResolved(const ResolvedBoundary &resolved, const ComputeGraph &replacement,
                       CustomPassContext *pass_context, RewriteRecord *record) {
  return Rewrite(resolved, replacement, nullptr, pass_context, record, nullptr);
}

Status ReplaceResolvedMoving(const ResolvedBoundary &resolved, ComputeGraph &replacement,
                             CustomPassContext *pass_context, RewriteRecord *record,
                             const std::string *mark_pass_name) {
  // A replacement nested in another graph shares that root's subgraph registry: copy instead of
  // moving (never the case for the builder-made graphs the runners receive).
  ComputeGraph *movable = replacement.GetParentGraph() == nullptr ? &replacement : nullptr;
  return Rewrite(resolved, replacement, movable, pass_context, record, mark_pass_name);
}

Status SubgraphRewriter::Replace(const SubgraphBoundary &subgraph, const Graph &replacement) {
  ComputeGraphPtr graph = GraphUtilsEx::GetComputeGraph(replacement);
  if (graph == nullptr) {
    return Fail("[REPLACE][INVALID] replacement[], Reason: the replacement graph is invalid");
  }
  return ReplaceSubgraph(subgraph, *graph, nullptr, nullptr);
}

Status SubgraphRewriter::Replace(const SubgraphBoundary &subgraph, const Graph &replacement,
                                 CustomPassContext &pass_context) {
  ComputeGraphPtr graph = GraphUtilsEx::GetComputeGraph(replacement);
  if (graph == nullptr) {
    return Fail("[REPLACE][INVALID] replacement[], Reason: the replacement graph is invalid");
  }
  return ReplaceSubgraph(subgraph, *graph, &pass_context, nullptr);
}

}  // namespace fusion
}  // namespace ge
