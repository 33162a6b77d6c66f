// Step 3 of a rewrite (rewrite_steps.h): the edit of the target. Everything was validated and
// read before; a failure here is an internal error.
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "common/log.h"
#include "pattern/fusion_utils.h"
#include "rewrite/rewrite_steps.h"

namespace ge {
namespace fusion {
namespace {

thread_local uint64_t g_rename_counter = 0;

Status InternalError(const std::string &what) {
  GELOGE("[REPLACE] internal error after validation: %s", what.c_str());
  return Fail("[REPLACE] internal error after validation: " + what);
}

// NextName until one is free in `graph`.
std::string UniqueName(const ComputeGraph &graph, const std::string &stem,
                       const std::string &suffix) {
  std::string name = NextName(stem, suffix);
  while (graph.FindNode(name) != nullptr) {
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

// Moves `source` into `graph` and renames it in one step (the name is checked once, in the
// target only, and the string moves into the node). The planned name is tried without probing
// the target first: the move changes nothing when the name is taken, and on that rare clash the
// next number is tried.
Node *MoveBodyNode(ComputeGraph *graph, ComputeGraph *movable, Node *source, std::string name,
                   const std::string &joined) {
  for (;;) {
    Node *added = graph->TransferNodeFrom(*movable, source, &name);
    // On failure `name` is left as it was: taken, or the move failed for another reason
    // (reported by the caller).
    if (added != nullptr || graph->FindNode(name) == nullptr) {
      return added;
    }
    name = NextName(source->GetName(), joined);  // taken: the next number
  }
}

Node *CopyBodyNode(ComputeGraph *graph, const Node &source, std::string name) {
  OpDesc desc = source.GetOpDesc();
  desc.SetName(std::move(name));
  return graph->AddNode(std::move(desc));
}

// The name body node `b` enters the target with. A kept name still held by a matched node is
// taken over after that node's removal (edit->renames); until then a numbered one stands in.
std::string EntryName(const ComputeGraph &graph, const RewriteOptions &options, const Node &source,
                      size_t b, const std::string &joined, bool *rename_later, RewriteEdit *edit) {
  *rename_later = false;
  if (options.keep_names) {
    if (graph.FindNode(source.GetName()) == nullptr) {
      return source.GetName();
    }
    *rename_later = true;
    return UniqueName(graph, source.GetName(), joined);
  }
  return options.movable != nullptr ? std::move(edit->body_names[b])
                                    : UniqueName(graph, source.GetName(), joined);
}

// The body in the target: the replacement's nodes themselves when they may be moved (no OpDesc
// copy, no node construction or destruction), copies otherwise.
Status InsertBody(ComputeGraph *graph, const ReplacementPlan &plan, const RewriteOptions &options,
                  const std::string &joined, RewriteEdit *edit) {
  for (size_t b = 0; b < plan.body.size(); ++b) {
    Node *source = plan.body[b];
    bool rename_later = false;
    std::string name = EntryName(*graph, options, *source, b, joined, &rename_later, edit);
    Node *added = nullptr;
    if (options.movable != nullptr) {
      std::string kept = rename_later ? source->GetName() : std::string();
      added = MoveBodyNode(graph, options.movable, source, std::move(name), joined);
      if (added != nullptr && rename_later) {
        edit->renames.emplace_back(added, std::move(kept));
      }
    } else {
      added = CopyBodyNode(graph, *source, std::move(name));
      edit->copies.Add(source, added);
      if (added != nullptr && rename_later) {
        edit->renames.emplace_back(added, source->GetName());
      }
    }
    if (added == nullptr) {
      return InternalError("cannot add node: " + GetLastError());
    }
    edit->new_body.push_back(added);
  }
  edit->copies.Seal();
  return SUCCESS;
}

// A replacement node's counterpart in the target (itself once moved).
Node *InTarget(const RewriteOptions &options, const RewriteEdit &edit, Node *source) {
  if (options.movable != nullptr) {
    return source;
  }
  Node *const *copy = edit.copies.Find(source);
  return copy == nullptr ? nullptr : *copy;
}

// The new producer of boundary output `k`: a body node, or a boundary input passed through.
OutAnchor OutputSource(const ResolvedBoundary &resolved, const ReplacementPlan &plan,
                       const RewriteOptions &options, const RewriteEdit &edit, size_t k) {
  const auto &producer = plan.outputs[k];
  const int64_t *data = plan.data_index.Find(producer.first);
  return data != nullptr ? resolved.input_producers[static_cast<size_t>(*data)]
                         : OutAnchor{InTarget(options, edit, producer.first), producer.second};
}

// The matched nodes' data inputs from outside go first: their producers are the ones the body
// connects to next, and a producer's consumer list keeps one consumer inline. Adding the body's
// edge while the old one was still there moved the list to the heap for good (~4 allocations
// per GEMM match). RemoveReplaced drops the remaining edges.
Status DetachOutsideInputs(const ResolvedBoundary &resolved) {
  const NodeLookup inside(resolved.nodes);
  for (Node *node : resolved.nodes) {
    for (size_t i = 0; i < node->GetInputsSize(); ++i) {
      const InDataPeer peer = node->GetInDataPeer(i);
      if (peer.IsConnected() && !inside.Contains(peer.node) &&
          resolved.graph->RemoveInDataEdge(node, static_cast<int32_t>(i)) != SUCCESS) {
        return InternalError(GetLastError());
      }
    }
  }
  return SUCCESS;
}

// The body's data inputs (from body nodes or the boundary producers) and its control edges.
Status ConnectBody(const ResolvedBoundary &resolved, const ReplacementPlan &plan,
                   const RewriteOptions &options, const RewriteEdit &edit) {
  ComputeGraph *graph = resolved.graph;
  for (const BodyEdge &edge : plan.edges) {
    OutAnchor from{nullptr, -1};
    if (const int64_t *data = plan.data_index.Find(edge.src)) {
      from = resolved.input_producers[static_cast<size_t>(*data)];
    } else {
      from = {InTarget(options, edit, edge.src), edge.out_index};
    }
    if (graph->AddDataEdge(from.first, from.second, edit.new_body[edge.dst], edge.in_index) !=
        SUCCESS) {
      return InternalError(GetLastError());
    }
  }
  for (const auto &control : plan.control) {
    if (graph->AddControlEdge(InTarget(options, edit, control.first),
                              InTarget(options, edit, control.second)) != SUCCESS) {
      return InternalError(GetLastError());
    }
  }
  return SUCCESS;
}

// The outside consumers of each boundary output read its new producer. Graph output records
// naming a boundary output follow it: `graph_outputs` receives the updated list (left empty,
// and not copied, when none does), set once the matched nodes are gone.
Status MoveOutsideConsumers(const ResolvedBoundary &resolved, const ReplacementPlan &plan,
                            const RewriteOptions &options, RewriteEdit *edit,
                            std::vector<OutAnchor> *graph_outputs) {
  ComputeGraph *graph = resolved.graph;
  for (const auto &moved : edit->moved_consumers) {
    const OutAnchor from = OutputSource(resolved, plan, options, *edit, std::get<0>(moved));
    Node *consumer = std::get<1>(moved);
    const int32_t in_index = std::get<2>(moved);
    if (graph->RemoveInDataEdge(consumer, in_index) != SUCCESS ||
        graph->AddDataEdge(from.first, from.second, consumer, in_index) != SUCCESS) {
      return InternalError(GetLastError());
    }
    edit->consumers.push_back(consumer);
  }
  for (const auto &graph_output : graph->GetOutputs()) {
    if (std::find(resolved.outputs.begin(), resolved.outputs.end(), graph_output) !=
        resolved.outputs.end()) {
      *graph_outputs = graph->GetOutputs();
      break;
    }
  }
  for (auto &graph_output : *graph_outputs) {
    for (size_t k = 0; k < resolved.outputs.size(); ++k) {
      if (graph_output == resolved.outputs[k]) {
        graph_output = OutputSource(resolved, plan, options, *edit, k);
        break;
      }
    }
  }
  return SUCCESS;
}

// External control edges of the matched nodes: carried by `noop_in_<first>` / `noop_out_<last>`
// NoOps around the new body, or relinked directly when nothing replaces the nodes.
Status CarryControlEdges(ComputeGraph *graph, RewriteEdit *edit) {
  const std::vector<Node *> &new_body = edit->new_body;
  if (new_body.empty()) {
    for (Node *src : edit->control_in) {
      for (Node *dst : edit->control_out) {
        if (src != dst && !graph->HasControlEdge(src, dst)) {
          (void)graph->AddControlEdge(src, dst);
        }
      }
    }
    return SUCCESS;
  }
  if (!edit->control_in.empty()) {
    Node *noop = AddNoOp(graph, "noop_in_" + new_body.front()->GetName());
    if (noop == nullptr) {
      return InternalError(GetLastError());
    }
    edit->new_nodes.push_back(noop);
    for (Node *src : edit->control_in) {
      (void)graph->AddControlEdge(src, noop);
    }
    for (Node *node : new_body) {
      (void)graph->AddControlEdge(noop, node);
    }
  }
  edit->new_nodes.insert(edit->new_nodes.end(), new_body.begin(), new_body.end());
  if (!edit->control_out.empty()) {
    Node *noop = AddNoOp(graph, "noop_out_" + new_body.back()->GetName());
    if (noop == nullptr) {
      return InternalError(GetLastError());
    }
    for (Node *node : new_body) {
      (void)graph->AddControlEdge(node, noop);
    }
    for (Node *dst : edit->control_out) {
      (void)graph->AddControlEdge(noop, dst);
    }
    edit->new_nodes.push_back(noop);
  }
  return SUCCESS;
}

// Every matched node goes; then the graph outputs and the kept names of the new nodes.
Status RemoveReplaced(const ResolvedBoundary &resolved, std::vector<OutAnchor> graph_outputs,
                      const RewriteEdit &edit) {
  ComputeGraph *graph = resolved.graph;
  for (Node *node : resolved.nodes) {
    if (graph->RemoveNode(node) != SUCCESS) {
      return InternalError(GetLastError());
    }
  }
  if (!graph_outputs.empty() && graph->SetOutputs(std::move(graph_outputs)) != SUCCESS) {
    return InternalError(GetLastError());
  }
  for (const auto &rename : edit.renames) {
    if (graph->RenameNode(rename.first, rename.second) != SUCCESS) {
      return InternalError(GetLastError());
    }
  }
  return SUCCESS;
}

}  // namespace

std::string NextName(const std::string &stem, const std::string &suffix) {
  return NumberedName(stem, suffix, g_rename_counter++);
}

Status ApplyRewrite(const ResolvedBoundary &resolved, const ReplacementPlan &plan,
                    const RewriteOptions &options, const std::string &joined, RewriteEdit *edit) {
  std::vector<OutAnchor> graph_outputs;
  if (InsertBody(resolved.graph, plan, options, joined, edit) != SUCCESS ||
      DetachOutsideInputs(resolved) != SUCCESS ||
      ConnectBody(resolved, plan, options, *edit) != SUCCESS ||
      MoveOutsideConsumers(resolved, plan, options, edit, &graph_outputs) != SUCCESS ||
      CarryControlEdges(resolved.graph, edit) != SUCCESS) {
    return FAILED;
  }
  return RemoveReplaced(resolved, std::move(graph_outputs), *edit);
}

}  // namespace fusion
}  // namespace ge
