// GraphFuseInspector::CanFuse / ReportFuse.
#include "ge/fusion/graph_fuse_inspector.h"

#include "common/error.h"
#include "common/log.h"
#include "graph_api/node_adapter.h"
#include "pattern/fusion_utils.h"
#include "rewrite/fusion_statistics.h"

namespace ge {
namespace fusion {
namespace {

// Resolves handles that must all be live nodes of one graph; `reason` says which check failed.
bool ResolveNodes(const std::vector<GNode> &gnodes, std::vector<Node *> *nodes,
                  std::vector<NodePtr> *keep_alive, std::string *reason) {
  ComputeGraph *graph = nullptr;
  for (const GNode &gnode : gnodes) {
    NodePtr node = NodeAdapter::GNode2Node(gnode);
    if (node == nullptr) {
      *reason = "failed to convert GNode to NodePtr";
      return false;
    }
    if (node->GetOwnerGraph() == nullptr) {
      *reason = "owner graph is null";
      return false;
    }
    if (graph == nullptr) {
      graph = node->GetOwnerGraph();
    } else if (node->GetOwnerGraph() != graph) {
      *reason = "nodes belong to different graphs, node: " + node->GetName();
      return false;
    }
    nodes->push_back(node.get());
    keep_alive->push_back(node);
  }
  return true;
}

std::vector<std::string> StringList(const Node &node, const char *name) {
  const auto *value = node.GetOpDesc().GetAttrAs<std::vector<std::string>>(name);
  return value == nullptr ? std::vector<std::string>{} : *value;
}

}  // namespace

bool GraphFuseInspector::CanFuse(const std::vector<GNode> &nodes, AscendString &reason) {
  if (nodes.empty()) {
    reason = AscendString("nodes_before_fuse is empty");
    return false;
  }
  std::vector<Node *> resolved;
  std::vector<NodePtr> keep_alive;
  std::string text;
  if (!ResolveNodes(nodes, &resolved, &keep_alive, &text)) {
    reason = AscendString(text.c_str());
    return false;
  }
  if (!IsSupportFuse(resolved, &text)) {
    reason = AscendString(text.c_str());
    return false;
  }
  if (WillCauseCycleIfFuse(resolved)) {
    reason = AscendString("it will create cycle after fuse");
    return false;
  }
  return true;
}

Status GraphFuseInspector::ReportFuse(const std::vector<GNode> &nodes_before,
                                      const std::vector<GNode> &nodes_after,
                                      CustomPassContext &pass_context) {
  const std::string pass_name = pass_context.GetPassName().GetString();
  if (pass_name.empty()) {
    return Fail("ReportFuse: the pass context has no pass name");
  }
  if (nodes_before.empty()) {
    return Fail("ReportFuse: nodes_before is empty");
  }
  std::vector<Node *> before;
  std::vector<NodePtr> keep_alive;
  std::string reason;
  if (!ResolveNodes(nodes_before, &before, &keep_alive, &reason)) {
    return Fail("ReportFuse: nodes_before: " + reason);
  }
  std::vector<Node *> after;
  if (!ResolveNodes(nodes_after, &after, &keep_alive, &reason)) {
    return Fail("ReportFuse: nodes_after: " + reason);
  }
  if (!after.empty() && after.front()->GetOwnerGraph() != before.front()->GetOwnerGraph()) {
    return Fail("ReportFuse: nodes_after are not in the graph of nodes_before");
  }
  std::vector<std::string> names;
  std::vector<std::string> types;
  std::vector<std::string> passes;
  for (Node *node : before) {
    std::vector<std::string> node_names = StringList(*node, kAttrOriginalOpNames);
    std::vector<std::string> node_types = StringList(*node, kAttrOriginalOpTypes);
    if (node_names.empty()) {
      node_names.assign(1U, node->GetName());
      node_types.assign(1U, node->GetType());
    }
    names.insert(names.end(), node_names.begin(), node_names.end());
    types.insert(types.end(), node_types.begin(), node_types.end());
    for (const std::string &pass : StringList(*node, kAttrPassName)) {
      passes.push_back(pass);
    }
  }
  passes.push_back(pass_name);
  for (Node *node : after) {
    node->MutableOpDesc().SetAttr(kAttrPassName, GeAttrValue(passes));
    node->MutableOpDesc().SetAttr(kAttrOriginalOpNames, GeAttrValue(names));
    node->MutableOpDesc().SetAttr(kAttrOriginalOpTypes, GeAttrValue(types));
  }
  FusionStatistics::Instance().AddMatch(pass_name, 1U, 1U);
  return SUCCESS;
}

}  // namespace fusion
}  // namespace ge
