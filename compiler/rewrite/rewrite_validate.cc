// Step 1 of a rewrite (rewrite_steps.h): everything that can make it fail, checked before the
// target is touched.
#include <string>
#include <vector>

#include "common/error.h"
#include "common/log.h"
#include "pattern/fusion_utils.h"
#include "rewrite/rewrite_steps.h"

namespace ge {
namespace fusion {
namespace {

const std::string &IndexKey() {
  static const std::string kKey = kAttrIndex;
  return kKey;
}

Status Invalid(const ComputeGraph &replacement, const std::string &reason) {
  GELOGE("[REPLACE][INVALID] replacement[%s], Reason: %s", replacement.GetName().c_str(),
         reason.c_str());
  return Fail("[REPLACE][INVALID] replacement[" + replacement.GetName() + "], Reason: " + reason);
}

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

// The replacement's nodes in topological order, into plan->order. Builders add a node after its
// producers, so a short node list is usually a topological order already: checking that
// allocates nothing. The sort is the fallback (and the cycle check) for long replacements and
// for graphs built in any other order.
Status SortReplacement(const ComputeGraph &replacement, ReplacementPlan *plan) {
  if (!replacement.GetAllSubgraphs().empty()) {
    return Invalid(replacement, "replacement graphs with subgraphs are not supported");
  }
  std::vector<Node *> &order = plan->order;
  order.clear();  // filled in place: GetDirectNodes would allocate a new vector per rewrite
  replacement.ForEachDirectNode([&order](Node *node) { order.push_back(node); });
  if (!IsShortListTopological(order) && replacement.GetTopologicalOrder(&order) != SUCCESS) {
    return Invalid(replacement, "it is not a DAG: " + GetLastError());
  }
  return SUCCESS;
}

// Sorts plan->order into the NetOutput, the Data nodes (by boundary input) and the body.
Status ClassifyReplacementNodes(const ComputeGraph &replacement, size_t input_count,
                                ReplacementPlan *plan, Node **net_output) {
  std::vector<bool> &seen = plan->seen_inputs;
  seen.assign(input_count, false);
  size_t seen_count = 0;
  for (Node *node : plan->order) {
    if (TypeIs(node->GetType(), kNetOutput)) {
      if (*net_output != nullptr) {
        return Invalid(replacement, "more than one NetOutput");
      }
      *net_output = node;
    } else if (TypeIs(node->GetType(), kData)) {
      const int64_t *index = node->GetOpDesc().GetAttrAs<int64_t>(IndexKey());
      if (index == nullptr) {
        return Invalid(replacement, "Data node[" + node->GetName() + "] has no int attr index");
      }
      if (*index < 0 || static_cast<size_t>(*index) >= input_count ||
          seen[static_cast<size_t>(*index)]) {
        return Invalid(replacement, "Data node[" + node->GetName() + "] index " +
                                        std::to_string(*index) + " is out of range [0, " +
                                        std::to_string(input_count) + ") or duplicated");
      }
      seen[static_cast<size_t>(*index)] = true;
      ++seen_count;
      plan->data_index.Add(node, *index);
    } else if (IsDataLikeType(node->GetType())) {
      return Invalid(replacement, "input node[" + node->GetName() + "] must be of type Data, not " +
                                      node->GetType());
    } else {
      plan->body.push_back(node);
    }
  }
  plan->data_index.Seal();
  if (seen_count != input_count) {
    return Invalid(replacement, "it has " + std::to_string(seen_count) +
                                    " Data nodes but the boundary has " +
                                    std::to_string(input_count) + " inputs");
  }
  return SUCCESS;
}

// The NetOutput's producers (one per boundary output) and the body's own edges.
Status RecordReplacementEdges(const ComputeGraph &replacement, const Node *net_output,
                              size_t output_count, ReplacementPlan *plan) {
  const size_t produced = net_output == nullptr ? 0U : net_output->GetInputsSize();
  if (produced != output_count) {
    return Invalid(replacement, "it has " + std::to_string(produced) +
                                    " NetOutput inputs but the boundary has " +
                                    std::to_string(output_count) + " outputs");
  }
  for (size_t k = 0; k < produced; ++k) {
    const InDataPeer peer = net_output->GetInDataPeer(k);
    if (!peer.IsConnected()) {
      return Invalid(replacement, "NetOutput input " + std::to_string(k) + " is not connected");
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

// The replacement's shape against the boundary: a DAG without subgraphs, one Data per input,
// one NetOutput with one input per output.
Status ValidateReplacement(const ComputeGraph &replacement, const ResolvedBoundary &boundary,
                           ReplacementPlan *plan) {
  Node *net_output = nullptr;
  if (SortReplacement(replacement, plan) != SUCCESS ||
      ClassifyReplacementNodes(replacement, boundary.input_producers.size(), plan, &net_output) !=
          SUCCESS) {
    return FAILED;
  }
  return RecordReplacementEdges(replacement, net_output, boundary.outputs.size(), plan);
}

// With kept names: each new name is free in the target, or that of a matched node (the new
// node takes it over once that node is gone).
Status ValidateKeptNames(const ResolvedBoundary &resolved, const ComputeGraph &replacement,
                         const ReplacementPlan &plan) {
  const NodeLookup inside(resolved.nodes);
  for (const Node *node : plan.body) {
    const Node *holder = resolved.graph->FindNode(node->GetName());
    if (holder != nullptr && !inside.Contains(holder)) {
      return Invalid(replacement, "node name " + node->GetName() +
                                      " is taken by a node of the target graph that stays");
    }
  }
  return SUCCESS;
}

}  // namespace

Status ValidateRewrite(const ResolvedBoundary &resolved, const ComputeGraph &replacement,
                       const RewriteOptions &options, const std::string &pass_name,
                       ReplacementPlan *plan) {
  if (ValidateReplacement(replacement, resolved, plan) != SUCCESS) {
    return FAILED;
  }
  // One walk over the nodes' attrs answers both the fusability check (nothing to compare
  // without scoped attrs) and whether the new nodes inherit any.
  plan->has_scoped = HasFusionScopedAttr(resolved.nodes);
  std::string reason;
  if (plan->has_scoped && !IsSupportFuse(resolved.nodes, &reason)) {
    GELOGE("[REPLACE] %s", reason.c_str());
    return Fail(reason);
  }
  if (options.pass_context != nullptr) {
    if (pass_name.empty()) {
      return Fail("[REPLACE] the pass context has no pass name");
    }
    if (!plan->body.empty() && WillCauseCycleIfFuse(resolved.nodes)) {
      GELOGW("[REPLACE]CanFuse failed, reason: it will create cycle after fuse");
      return Fail("[REPLACE]CanFuse failed, reason: it will create cycle after fuse");
    }
  }
  if (options.keep_names) {
    return ValidateKeptNames(resolved, replacement, *plan);
  }
  return SUCCESS;
}

}  // namespace fusion
}  // namespace ge
