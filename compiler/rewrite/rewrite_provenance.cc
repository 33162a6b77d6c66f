// Step 4 of a rewrite (rewrite_steps.h): what the new nodes record about the nodes they replace
// (`_datadump_original_op_names/_types`, the fusion-scoped attrs, `pass_name`), the fusion
// statistics and the RewriteRecord; and MarkPassName, which the pass runners also call.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "pattern/fusion_utils.h"
#include "rewrite/fusion_statistics.h"
#include "rewrite/rewrite_steps.h"

namespace ge {
namespace fusion {
namespace {

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

// The provenance values every body node gets. A body of one node takes the lists themselves; a
// larger body shares one immutable copy of each (a reference count per node instead of two
// vectors and their strings).
struct ProvenanceValues {
  GeAttrValue names;
  GeAttrValue types;
  // The value for one node; `last`: no body node follows, so it is moved instead of copied.
  GeAttrValue Names(bool last) { return last ? std::move(names) : GeAttrValue(names); }
  GeAttrValue Types(bool last) { return last ? std::move(types) : GeAttrValue(types); }
};

ProvenanceValues MakeProvenanceValues(size_t body_size, Provenance *provenance) {
  ProvenanceValues values;
  if (body_size == 1U) {
    values.names = GeAttrValue(std::move(provenance->original_names));
    values.types = GeAttrValue(std::move(provenance->original_types));
  } else if (body_size > 1U) {
    values.names = GeAttrValue::Shared(
        std::make_shared<const StringList>(std::move(provenance->original_names)));
    values.types = GeAttrValue::Shared(
        std::make_shared<const StringList>(std::move(provenance->original_types)));
  }
  return values;
}

// The usual body node carries none of the provenance and pass-name attrs and no scoped attrs
// are inherited: it gets all of them in one merge into its attr array, allocated once at its
// final size (the general path below would reserve and then insert up to three entries at the
// front of the array, where these names sort, each insertion moving every entry after it).
// False, with nothing changed, when the node does not qualify.
bool AddFresh(OpDesc &desc, const Provenance &provenance, const std::string *mark_pass_name,
              ProvenanceValues *values, bool last) {
  if (!provenance.scoped.empty()) {
    return false;
  }
  const AttrName &names_attr = OriginalNamesAttr();
  const AttrName &types_attr = OriginalTypesAttr();
  const AttrName &pass_attr = PassNameAttr();
  // A body node has a few attrs: comparing interned names (pointers) beats three searches.
  for (const AttrEntry &entry : desc.GetAllAttrs()) {
    if (entry.first == names_attr || entry.first == types_attr || entry.first == pass_attr) {
      return false;
    }
  }
  AttrEntry entries[3] = {{names_attr, values->Names(last)}, {types_attr, values->Types(last)}, {}};
  size_t count = 2U;
  if (mark_pass_name != nullptr) {
    entries[count++] = {pass_attr, GeAttrValue::Shared(PassNameList(*mark_pass_name))};
  }
  desc.MutableAllAttrs().MergeAbsent(entries, count);
  return true;
}

// The general path: names and types go together (a node that carries its own provenance keeps
// both), scoped attrs only where absent.
void Inherit(OpDesc &desc, const Provenance &provenance, const std::string *mark_pass_name,
             ProvenanceValues *values, bool last) {
  const std::string &names_key = OriginalNamesAttr().str();
  AttrMap &attrs = desc.MutableAllAttrs();
  // Room for everything this node may get here and from MarkPassName, so the attr array is
  // allocated once at its final size instead of growing 1 -> 2 -> 4.
  attrs.reserve(attrs.size() + 2U + provenance.scoped.size() +
                (mark_pass_name != nullptr ? 1U : 0U));
  auto it = attrs.lower_bound(names_key);
  if (it == attrs.end() || it->first != names_key) {
    it = attrs.emplace_hint(it, names_key, values->Names(last));
    PutAttrAfter(desc, it, OriginalTypesAttr().str(), values->Types(last));
  }
  for (const auto &entry : provenance.scoped) {
    SetAttrIfAbsent(desc, entry.first, [&entry]() { return entry.second; });
  }
}

// The context overload's `pass_name` list: the matched nodes' earlier passes and this one, one
// list shared by all new nodes when there are several (see ProvenanceValues).
void SetContextPassNames(const std::string &pass_name, RewriteEdit *edit) {
  StringList &passes = edit->previous_passes;
  passes.push_back(pass_name);
  const GeAttrValue value =
      edit->new_body.size() > 1U
          ? GeAttrValue::Shared(std::make_shared<const StringList>(passes.begin(), passes.end()))
          : GeAttrValue(passes);
  for (Node *node : edit->new_body) {
    node->MutableOpDesc().SetAttr(PassNameAttr().str(), value);
  }
}

}  // namespace

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

void StampProvenance(const RewriteOptions &options, Provenance *provenance, RewriteEdit *edit) {
  const std::vector<Node *> &body = edit->new_body;
  ProvenanceValues values = MakeProvenanceValues(body.size(), provenance);
  for (size_t b = 0; b < body.size(); ++b) {
    const bool last = b + 1U == body.size();
    OpDesc &desc = body[b]->MutableOpDesc();
    if (!AddFresh(desc, *provenance, options.mark_pass_name, &values, last)) {
      Inherit(desc, *provenance, options.mark_pass_name, &values, last);
      if (options.mark_pass_name != nullptr) {
        MarkPassName(body[b], *options.mark_pass_name);
      }
    }
  }
  if (options.pass_context != nullptr) {
    SetContextPassNames(provenance->pass_name, edit);
  }
}

void ReportRewrite(const ResolvedBoundary &resolved, const RewriteOptions &options,
                   const std::string &pass_name, const RewriteEdit &edit) {
  if (options.pass_context != nullptr) {
    FusionStatistics::Instance().AddMatch(pass_name, 1U, 1U);
  }
  RewriteRecord *record = options.record;
  if (record == nullptr) {
    return;
  }
  // Assigned, not appended: a caller may reuse one record (and its capacity) for a sweep.
  record->removed.assign(resolved.nodes.begin(), resolved.nodes.end());
  record->new_nodes.assign(edit.new_nodes.begin(), edit.new_nodes.end());
  record->producers.clear();
  for (const OutAnchor &producer : resolved.input_producers) {
    record->producers.push_back(producer.first);
  }
  record->producers.insert(record->producers.end(), edit.control_in.begin(), edit.control_in.end());
  record->consumers.assign(edit.consumers.begin(), edit.consumers.end());
  record->consumers.insert(record->consumers.end(), edit.control_out.begin(),
                           edit.control_out.end());
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
  AttrMap &attrs = node->MutableOpDesc().MutableAllAttrs();
  const std::string &key = PassNameAttr().str();
  // One lookup: a fresh node (the usual case) shares the thread's list {pass_name}; a node that
  // already carries a list keeps it (an owned copy) and gets the name appended (an attr of
  // another type is replaced, as SetAttr would).
  auto it = attrs.lower_bound(key);
  if (it == attrs.end() || it->first != key) {
    attrs.emplace_hint(it, key, GeAttrValue::Shared(PassNameList(pass_name)));
    return;
  }
  if (StringList *previous = it->second.GetMutable<StringList>()) {
    previous->push_back(pass_name);
    return;
  }
  it->second = GeAttrValue(StringList{pass_name});
}

}  // namespace fusion
}  // namespace ge
