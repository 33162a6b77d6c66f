// Step 2 of a rewrite (rewrite_steps.h): what the edit needs, read from the target while it is
// still as validated.
#include <string>
#include <vector>

#include "pattern/fusion_utils.h"
#include "rewrite/rewrite_steps.h"

namespace ge {
namespace fusion {
namespace {

void AppendUnique(std::vector<Node *> *nodes, Node *node) {
  if (std::find(nodes->begin(), nodes->end(), node) == nodes->end()) {
    nodes->push_back(node);
  }
}

// Sizes the provenance lists and the name suffix up front (one allocation each).
void ReserveProvenance(const std::vector<Node *> &nodes, Provenance *provenance) {
  size_t provenance_size = 0;
  size_t joined_size = 0;
  for (Node *node : nodes) {
    const StringList *names = node->GetOpDesc().GetAttrAs<StringList>(OriginalNamesAttr().str());
    provenance_size += names == nullptr || names->empty() ? 1U : names->size();
    joined_size += node->GetName().size() + 1U;
  }
  provenance->original_names.reserve(provenance_size);
  provenance->original_types.reserve(provenance_size);
  provenance->joined.reserve(joined_size);
}

// A matched node's contribution: its own provenance lists when it carries them (it is itself
// the result of a fusion), else its name and type. Read in place: copying the lists per node
// showed up in profiles of large sweeps.
void AppendOriginals(const Node &node, Provenance *provenance) {
  const OpDesc &desc = node.GetOpDesc();
  const StringList *names = desc.GetAttrAs<StringList>(OriginalNamesAttr().str());
  if (names == nullptr || names->empty()) {
    provenance->original_names.push_back(node.GetName());
    provenance->original_types.push_back(node.GetType());
  } else {
    provenance->original_names.insert(provenance->original_names.end(), names->begin(),
                                      names->end());
    if (const StringList *types = desc.GetAttrAs<StringList>(OriginalTypesAttr().str())) {
      provenance->original_types.insert(provenance->original_types.end(), types->begin(),
                                        types->end());
    }
  }
  provenance->joined += '_';
  provenance->joined += node.GetName();
}

// The fusion-scoped attrs the new nodes inherit: each from the first matched node carrying it
// (IsSupportFuse made sure they agree).
void CollectScopedAttrs(const std::vector<Node *> &nodes,
                        std::map<std::string, GeAttrValue> *scoped) {
  for (const std::string &name : FusionScopedAttrNames()) {
    for (Node *node : nodes) {
      if (const GeAttrValue *value = node->GetOpDesc().GetAttr(name)) {
        scoped->emplace(name, *value);
        break;
      }
    }
  }
}

}  // namespace

void PlanProvenance(const ResolvedBoundary &resolved, const ReplacementPlan &plan,
                    const RewriteOptions &options, Provenance *provenance, RewriteEdit *edit) {
  // Built only when some body node will take them (a pass-through replacement has no body).
  const bool has_body = !plan.body.empty();
  if (has_body) {
    ReserveProvenance(resolved.nodes, provenance);
  }
  for (Node *node : resolved.nodes) {
    if (has_body) {
      AppendOriginals(*node, provenance);
    }
    if (options.pass_context != nullptr) {
      if (const StringList *passes =
              node->GetOpDesc().GetAttrAs<StringList>(PassNameAttr().str())) {
        edit->previous_passes.insert(edit->previous_passes.end(), passes->begin(), passes->end());
      }
    }
  }
  if (has_body && plan.has_scoped) {
    CollectScopedAttrs(resolved.nodes, &provenance->scoped);
  }
}

void PlanBodyNames(const ReplacementPlan &plan, const RewriteOptions &options,
                   const std::string &joined, RewriteEdit *edit) {
  if (options.movable == nullptr || options.keep_names) {
    return;  // copies are named as they are added; kept names are the replacement's
  }
  for (Node *source : plan.body) {
    edit->body_names.push_back(NextName(source->GetName(), joined));
  }
}

void PlanOutsideLinks(const ResolvedBoundary &resolved, RewriteEdit *edit) {
  const NodeLookup inside(resolved.nodes);
  for (size_t k = 0; k < resolved.outputs.size(); ++k) {
    const OutAnchor &out = resolved.outputs[k];
    for (const OutDataPeer &peer : out.first->GetOutDataPeers(static_cast<size_t>(out.second))) {
      if (!inside.Contains(peer.node)) {
        edit->moved_consumers.emplace_back(k, peer.node, peer.in_index);
      }
    }
  }
  for (Node *node : resolved.nodes) {
    for (Node *src : node->GetInControlNodes()) {
      if (!inside.Contains(src)) {
        AppendUnique(&edit->control_in, src);
      }
    }
    for (Node *dst : node->GetOutControlNodes()) {
      if (!inside.Contains(dst)) {
        AppendUnique(&edit->control_out, dst);
      }
    }
  }
}

}  // namespace fusion
}  // namespace ge
