// SubgraphRewriter with all-or-nothing semantics: the boundary and
// the replacement are fully validated before the first edit, and every matched node is removed.
// This file resolves boundaries and runs the steps of a rewrite (rewrite_steps.h) in order.
#include "ge/fusion/graph_rewriter.h"

#include <algorithm>
#include <limits>
#include <utility>

#include "common/error.h"
#include "common/log.h"
#include "graph_api/node_adapter.h"
#include "rewrite/rewrite_steps.h"
#include "rewrite/subgraph_rewriter_impl.h"

namespace ge {
namespace fusion {
namespace {

Status Malformed(const std::string &reason) {
  GELOGE("[REPLACE][BOUNDARY] %s", reason.c_str());
  return Fail(reason);
}

// Marks an output the SubgraphBoundary left unset, so that CompleteBoundary reports it in order.
constexpr int32_t kUnsetPort = std::numeric_limits<int32_t>::min();

// A port index of the public API (int64) as stored in ResolvedBoundary: anything outside
// [0, INT32_MAX] becomes -1, which the checks reject like the original value.
int32_t PortIndex(int64_t index) {
  return index < 0 || index > std::numeric_limits<int32_t>::max() ? -1
                                                                  : static_cast<int32_t>(index);
}

// Every output names a valid port, all in one graph, which becomes resolved->graph.
Status ResolveOutputs(ResolvedBoundary *resolved) {
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
  return SUCCESS;
}

// The producer port of each input: its consumer ports are valid, connected, in the graph and
// read one tensor. `declared_count` receives the number of consumer ports.
Status ResolveInputProducers(ResolvedBoundary *resolved, size_t *declared_count) {
  resolved->input_producers.clear();
  *declared_count = 0;
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
    *declared_count += ports.size();
    resolved->input_producers.push_back(producer);
  }
  return SUCCESS;
}

// The declared consumer ports of a boundary: a handful, scanned in place; a sorted copy only for
// unusually many (no allocation per boundary in the common case).
class DeclaredPorts {
 public:
  DeclaredPorts(const ResolvedBoundary &resolved, size_t count) : resolved_(resolved) {
    if (count > NodeLookup::kLinearLimit) {
      sorted_.reserve(count);
      for (const auto &ports : resolved.input_consumers) {
        sorted_.insert(sorted_.end(), ports.begin(), ports.end());
      }
      std::sort(sorted_.begin(), sorted_.end());
    }
  }
  bool Contains(Node *node, int32_t index) const {
    const std::pair<Node *, int32_t> port{node, index};
    if (!sorted_.empty()) {
      return std::binary_search(sorted_.begin(), sorted_.end(), port);
    }
    for (const auto &ports : resolved_.input_consumers) {
      if (std::find(ports.begin(), ports.end(), port) != ports.end()) {
        return true;
      }
    }
    return false;
  }

 private:
  const ResolvedBoundary &resolved_;
  std::vector<std::pair<Node *, int32_t>> sorted_;
};

// The nodes to replace, collected backwards from the outputs and stopping at declared input
// ports. `resolved->nodes` doubles as the BFS queue (it is filled in visiting order) and, while
// it is short, as the set of visited nodes (a linear scan); beyond NodeLookup::kLinearLimit
// nodes a sorted set takes over.
Status CollectInside(const DeclaredPorts &declared, ResolvedBoundary *resolved) {
  std::vector<Node *> &nodes = resolved->nodes;
  NodeSet inside_sorted;
  auto insert_inside = [&nodes, &inside_sorted](Node *node) {
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
  nodes.clear();
  for (const OutAnchor &output : resolved->outputs) {
    insert_inside(output.first);
  }
  for (size_t head = 0; head < nodes.size(); ++head) {
    Node *node = nodes[head];
    if (IsDataLikeType(node->GetType()) || TypeIs(node->GetType(), kNetOutput)) {
      return Malformed("Node[" + node->GetName() + "] of type " + node->GetType() +
                       " would be replaced: a boundary input is missing");
    }
    for (size_t i = 0; i < node->GetInputsSize(); ++i) {
      const InDataPeer peer = node->GetInDataPeer(i);
      if (peer.IsConnected() && !declared.Contains(node, static_cast<int32_t>(i))) {
        insert_inside(peer.node);
      }
    }
  }
  return SUCCESS;
}

// Each input's producer is outside the collected nodes and each of its consumers inside.
Status CheckInputsAtTheEdge(const ResolvedBoundary &resolved) {
  const NodeLookup inside(resolved.nodes);
  for (size_t i = 0; i < resolved.input_producers.size(); ++i) {
    if (inside.Contains(resolved.input_producers[i].first)) {
      return Malformed("the producer [" + resolved.input_producers[i].first->GetName() +
                       "] of boundary input " + std::to_string(i) + " is inside the boundary");
    }
    for (const auto &port : resolved.input_consumers[i]) {
      if (!inside.Contains(port.first)) {
        return Malformed("Node[" + port.first->GetName() + "] consumes boundary input " +
                         std::to_string(i) + " but no boundary output depends on it");
      }
    }
  }
  return SUCCESS;
}

// The scratch of one rewrite, reused by every rewrite of the thread (a sweep rewrites thousands
// of matches; allocating these per rewrite was a good part of its cost). Rewrite never re-enters
// itself (it calls no plugin code), so one instance per thread is safe.
struct RewriteScratch {
  ReplacementPlan plan;
  Provenance provenance;
  RewriteEdit edit;

  void Clear() {
    plan.Clear();
    provenance.Clear();
    edit.Clear();
  }
};

// The calling thread's scratch. Not inlined on purpose: callers then hold a plain reference,
// while a thread_local used directly made the compiler recompute its address (a call into the
// dynamic linker) at nearly every access, also in helpers it specialised for that address.
__attribute__((noinline)) RewriteScratch &ThreadScratch() {
  thread_local RewriteScratch scratch;
  return scratch;
}

// The name-index slots a rewrite is about to touch: the matched nodes' (they leave the index at
// the end) and the moved body nodes' new names. On a large graph each is a miss at a random
// place in the index; loading them early lets the misses overlap each other and the work before
// the edit.
void PrefetchNameSlots(const ComputeGraph &graph, const std::vector<Node *> &nodes) {
  for (const Node *node : nodes) {
    graph.PrefetchNameSlot(node->GetName());
  }
}
void PrefetchNameSlots(const ComputeGraph &graph, const std::vector<std::string> &names) {
  for (const std::string &name : names) {
    graph.PrefetchNameSlot(name);
  }
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
  size_t declared_count = 0;
  if (ResolveOutputs(resolved) != SUCCESS ||
      ResolveInputProducers(resolved, &declared_count) != SUCCESS ||
      CollectInside(DeclaredPorts(*resolved, declared_count), resolved) != SUCCESS ||
      CheckInputsAtTheEdge(*resolved) != SUCCESS) {
    return FAILED;
  }
  std::string reason;
  if (!IsSelfContained(resolved->nodes, resolved->outputs, &reason)) {
    return Malformed(reason);
  }
  return SUCCESS;
}

Status Rewrite(const ResolvedBoundary &resolved, const ComputeGraph &replacement,
               const RewriteOptions &options) {
  RewriteScratch &scratch = ThreadScratch();
  scratch.Clear();
  ReplacementPlan &plan = scratch.plan;
  Provenance &provenance = scratch.provenance;
  RewriteEdit &edit = scratch.edit;
  if (options.pass_context != nullptr) {
    provenance.pass_name = options.pass_context->GetPassName().GetString();
  }
  if (ValidateRewrite(resolved, replacement, options, provenance.pass_name, &plan) != SUCCESS) {
    return FAILED;
  }
  const ComputeGraph &graph = *resolved.graph;
  PrefetchNameSlots(graph, resolved.nodes);
  PlanProvenance(resolved, plan, options, &provenance, &edit);
  PlanBodyNames(plan, options, provenance.joined, &edit);
  PrefetchNameSlots(graph, edit.body_names);
  PlanOutsideLinks(resolved, &edit);
  if (ApplyRewrite(resolved, plan, options, provenance.joined, &edit) != SUCCESS) {
    return FAILED;
  }
  StampProvenance(options, &provenance, &edit);
  ReportRewrite(resolved, options, provenance.pass_name, edit);
  return SUCCESS;
}

Status ReplaceSubgraph(const SubgraphBoundary &boundary, const ComputeGraph &replacement,
                       CustomPassContext *pass_context, RewriteRecord *record) {
  ResolvedBoundary resolved;
  if (ResolveBoundary(boundary, &resolved) != SUCCESS) {
    return FAILED;
  }
  RewriteOptions options;
  options.pass_context = pass_context;
  options.record = record;
  return Rewrite(resolved, replacement, options);
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
  RewriteOptions options;
  options.pass_context = pass_context;
  options.record = record;
  return Rewrite(resolved, replacement, options);
}

Status ReplaceResolvedMoving(const ResolvedBoundary &resolved, ComputeGraph &replacement,
                             CustomPassContext *pass_context, RewriteRecord *record,
                             const std::string *mark_pass_name) {
  // A replacement nested in another graph shares that root's subgraph registry: copy instead of
  // moving (never the case for the builder-made graphs the runners receive).
  RewriteOptions options;
  options.movable = replacement.GetParentGraph() == nullptr ? &replacement : nullptr;
  options.pass_context = pass_context;
  options.record = record;
  options.mark_pass_name = mark_pass_name;
  return Rewrite(resolved, replacement, options);
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
