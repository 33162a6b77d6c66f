#include "dump/dot_dump.h"

#include <unordered_map>

#include "dump/proto_text.h"

namespace ge {
namespace {

class DotWriter {
 public:
  explicit DotWriter(std::string *out) : out_(out) {}

  void WriteGraph(const ComputeGraph &graph, int depth) {
    const std::string pad(static_cast<size_t>(depth + 1) * 2, ' ');
    for (const Node *node : graph.GetDirectNodes()) {
      *out_ += pad + Id(node) +
               " [label=" + text::Quote(node->GetName() + "\\n" + node->GetType()) + "];\n";
    }
    for (const Node *node : graph.GetDirectNodes()) {
      for (size_t i = 0; i < node->GetInputsSize(); ++i) {
        const InDataPeer peer = node->GetInDataPeer(i);
        if (peer.IsConnected()) {
          *out_ += pad + Id(peer.node) + " -> " + Id(node) + " [label=\"" +
                   std::to_string(peer.out_index) + " -> " + std::to_string(i) + "\"];\n";
        }
      }
      for (const Node *src : node->GetInControlNodes()) {
        *out_ += pad + Id(src) + " -> " + Id(node) + " [style=dashed];\n";
      }
    }
  }

  void WriteCluster(const ComputeGraph &graph) {
    *out_ += "  subgraph cluster_" + std::to_string(clusters_++) + " {\n";
    *out_ += "    label=" + text::Quote(graph.GetName()) + ";\n";
    WriteGraph(graph, 1);
    *out_ += "  }\n";
    if (graph.GetParentNode() != nullptr && !graph.GetDirectNodes().empty()) {
      *out_ += "  " + Id(graph.GetParentNode()) + " -> " + Id(graph.GetDirectNodes().front()) +
               " [style=dotted, lhead=cluster_" + std::to_string(clusters_ - 1) + "];\n";
    }
  }

 private:
  std::string Id(const Node *node) {
    auto it = ids_.find(node);
    if (it == ids_.end()) {
      it = ids_.emplace(node, "n" + std::to_string(ids_.size())).first;
    }
    return it->second;
  }

  std::string *out_;
  std::unordered_map<const Node *, std::string> ids_;
  int clusters_ = 0;
};

}  // namespace

std::string GraphToDot(const ComputeGraph &graph) {
  std::string out =
      "digraph " + text::Quote(graph.GetName()) + " {\n  compound=true;\n  node [shape=box];\n";
  DotWriter writer(&out);
  writer.WriteGraph(graph, 0);
  for (const ComputeGraphPtr &sub : graph.GetAllSubgraphs()) {
    writer.WriteCluster(*sub);
  }
  out += "}\n";
  return out;
}

}  // namespace ge
