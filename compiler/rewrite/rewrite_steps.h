// The steps of one rewrite, in the order Rewrite (graph_rewriter.cc) runs them:
//   1. validate  the replacement against the boundary, fusability and the pass context;
//   2. plan      read from the target, as it still is, everything the edit needs;
//   3. apply     insert the body, wire it, move the outside consumers, remove the matched nodes;
//   4. provenance  stamp the new nodes (original names/types, scoped attrs, pass names) and
//                  report what was done.
// Only step 1 fails for a reason of the caller's, and nothing is edited before it passed: a
// failing rewrite leaves the target exactly as it was. Steps 2-4 cannot fail on a validated
// rewrite (an error there is reported as an internal error).
#ifndef GE_REWRITE_REWRITE_STEPS_H_
#define GE_REWRITE_REWRITE_STEPS_H_

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "ge/fusion/pass/custom_pass_context.h"
#include "graph/compute_graph.h"
#include "rewrite/subgraph_rewriter_impl.h"

namespace ge {
namespace fusion {

using StringList = std::vector<std::string>;

/// How one rewrite runs (the entry points of subgraph_rewriter_impl.h and NodeRewrite set it).
struct RewriteOptions {
  /// Null: the body of the replacement is copied. Otherwise the replacement itself, owned by the
  /// caller and discarded afterwards: its body nodes are moved into the target.
  ComputeGraph *movable = nullptr;
  /// The context overload: a pass name is required, a fusion closing a cycle is refused, the
  /// new nodes get the `pass_name` list and the fusion is counted.
  CustomPassContext *pass_context = nullptr;
  RewriteRecord *record = nullptr;
  /// Appended to the `pass_name` list of every new node (what the pass runners do).
  const std::string *mark_pass_name = nullptr;
  /// The new nodes keep the replacement's names (a replaced node's name included) instead of
  /// `<name>_<matched names>_<n>`: names that do not depend on earlier rewrites (NodeRewrite).
  bool keep_names = false;
};

/// A map keyed by node address as a sorted vector: replacement graphs are small, and this runs
/// once per rewrite (hash maps cost an allocation per entry there). Call Seal() after the last
/// Add and before the first Find.
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

/// One data edge into a body node of the replacement: `src` is a body node or a Data node.
struct BodyEdge {
  size_t dst;  // index into ReplacementPlan::body
  int32_t in_index;
  Node *src;
  int32_t out_index;
};

/// The replacement as validated against the boundary (step 1). The edges are recorded here
/// because moving a body node out of the replacement graph removes its edges there.
struct ReplacementPlan {
  std::vector<Node *> body;  // non-IO nodes, topological order
  NodeMap<int64_t> data_index;
  std::vector<std::pair<Node *, int32_t>> outputs;  // NetOutput input k -> producer port
  std::vector<BodyEdge> edges;                      // by destination, then input index
  std::vector<std::pair<Node *, Node *>> control;   // body -> body control edges
  bool has_scoped = false;  // some matched node carries a fusion-scoped attr
  // Working storage of the validation, kept for its capacity.
  std::vector<Node *> order;
  std::vector<bool> seen_inputs;

  void Clear() {
    body.clear();
    data_index.Clear();
    outputs.clear();
    edges.clear();
    control.clear();
    has_scoped = false;
  }
};

/// What the new nodes inherit from the matched ones (step 2), stamped on them in step 4. The
/// lists are moved into the new nodes' attrs; the strings keep their capacity for the next
/// rewrite of the thread.
struct Provenance {
  StringList original_names;
  StringList original_types;
  std::string joined;  // `_<name>` per matched node: the suffix of the new nodes' names
  std::map<std::string, GeAttrValue> scoped;
  std::string pass_name;  // the pass context's (context overload only)

  void Clear() {
    original_names.clear();
    original_types.clear();
    joined.clear();
    scoped.clear();
    pass_name.clear();
  }
};

/// The edit: the target's outside links read in step 2, and what step 3 made.
struct RewriteEdit {
  // (boundary output k, consumer node, consumer input) of each outside consumer to move.
  std::vector<std::tuple<size_t, Node *, int32_t>> moved_consumers;
  std::vector<Node *> control_in;       // outside control sources of the matched nodes
  std::vector<Node *> control_out;      // outside control destinations of the matched nodes
  StringList previous_passes;           // the matched nodes' `pass_name` lists (context overload)
  std::vector<std::string> body_names;  // numbered names of moved body nodes, in body order
  NodeMap<Node *> copies;               // replacement body node -> its copy in the target
  std::vector<Node *> new_body;         // the body in the target, in body order
  std::vector<Node *> new_nodes;        // new_body with the control NoOps, topological order
  std::vector<Node *> consumers;        // the moved consumers, one entry per moved edge
  std::vector<std::pair<Node *, std::string>> renames;  // kept names taken after the removal

  void Clear() {
    moved_consumers.clear();
    control_in.clear();
    control_out.clear();
    previous_passes.clear();
    body_names.clear();
    copies.Clear();
    new_body.clear();
    new_nodes.clear();
    consumers.clear();
    renames.clear();
  }
};

/// The rewrite itself (graph_rewriter.cc): runs the steps below.
Status Rewrite(const ResolvedBoundary &resolved, const ComputeGraph &replacement,
               const RewriteOptions &options);

// ---- 1. validate (rewrite_validate.cc) ----
/// Fills `plan` and checks the replacement, fusability, the pass context (`pass_name` is its
/// name) and, with keep_names, the new names. FAILED with the reason as last error.
Status ValidateRewrite(const ResolvedBoundary &resolved, const ComputeGraph &replacement,
                       const RewriteOptions &options, const std::string &pass_name,
                       ReplacementPlan *plan);

// ---- 2. plan (rewrite_plan.cc) ----
/// The provenance lists, the name suffix, the scoped attrs and the earlier passes.
void PlanProvenance(const ResolvedBoundary &resolved, const ReplacementPlan &plan,
                    const RewriteOptions &options, Provenance *provenance, RewriteEdit *edit);
/// The numbered names moved body nodes take (none when names are kept or the body is copied).
void PlanBodyNames(const ReplacementPlan &plan, const RewriteOptions &options,
                   const std::string &joined, RewriteEdit *edit);
/// Outside consumers of the boundary outputs and outside control peers of the matched nodes.
void PlanOutsideLinks(const ResolvedBoundary &resolved, RewriteEdit *edit);

// ---- 3. apply (rewrite_apply.cc) ----
Status ApplyRewrite(const ResolvedBoundary &resolved, const ReplacementPlan &plan,
                    const RewriteOptions &options, const std::string &joined, RewriteEdit *edit);

// ---- 4. provenance (rewrite_provenance.cc) ----
/// Stamps the new body nodes: original names/types, scoped attrs and pass names.
void StampProvenance(const RewriteOptions &options, Provenance *provenance, RewriteEdit *edit);
/// Counts the fusion (context overload) and fills options.record when given.
void ReportRewrite(const ResolvedBoundary &resolved, const RewriteOptions &options,
                   const std::string &pass_name, const RewriteEdit &edit);

/// The provenance and pass-name attr names, interned once (rewrite_provenance.cc). In this sort
/// order: `_datadump_original_op_names` < `_datadump_original_op_types` < `pass_name`. Their
/// str() is the key to look them up by: these names are longer than the small-string buffer,
/// so the char constants would make a key string per lookup.
const AttrName &OriginalNamesAttr();
const AttrName &OriginalTypesAttr();
const AttrName &PassNameAttr();

/// The one-element list {pass_name} as a shared value, the calling thread's last one reused.
const SharedStringList &PassNameList(const std::string &pass_name);

/// `<stem><suffix>_<n>` with the next number of the thread's counter. The counter never repeats
/// a value, so such a name is nearly always free; callers that cannot let an insertion fail
/// check it.
std::string NextName(const std::string &stem, const std::string &suffix);

}  // namespace fusion
}  // namespace ge

#endif  // GE_REWRITE_REWRITE_STEPS_H_
