// Test-only helpers for the fusion framework tests: hand-built target graphs and a canonical
// text form of a graph to compare "before" and "after" exactly.
#ifndef GE_PATTERN_FUSION_TEST_UTIL_H_
#define GE_PATTERN_FUSION_TEST_UTIL_H_

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "graph/compute_graph.h"
#include "graph/graph.h"
#include "graph_api/node_adapter.h"

namespace ge {
namespace fusion {
namespace test {

using Port = std::pair<Node *, int32_t>;

class TestGraph {
 public:
  explicit TestGraph(const std::string &name = "target")
      : graph_(std::make_shared<ComputeGraph>(name)) {}

  Node *Data(const std::string &name, int64_t index) {
    OpDesc desc(name, "Data");
    desc.AddInputDesc("x", GeTensorDesc(GeShape({2, 2})));
    desc.AddOutputDesc("y", GeTensorDesc(GeShape({2, 2})));
    desc.SetAttr("index", GeAttrValue(index));
    Node *node = graph_->AddNode(std::move(desc));
    (void)graph_->AddInputNode(node);
    return node;
  }
  Node *Const(const std::string &name, float value, bool with_value = true) {
    OpDesc desc(name, "Const");
    GeTensorDesc tensor_desc(GeShape(std::vector<int64_t>{}), FORMAT_ND, DT_FLOAT);
    desc.AddOutputDesc("y", tensor_desc);
    if (with_value) {
      desc.SetAttr("value", GeAttrValue(GeTensor(tensor_desc, &value, sizeof(value))));
    }
    return graph_->AddNode(std::move(desc));
  }
  Node *ConstInt32(const std::string &name, std::vector<int32_t> values) {
    OpDesc desc(name, "Const");
    GeTensorDesc tensor_desc(GeShape({static_cast<int64_t>(values.size())}), FORMAT_ND, DT_INT32);
    desc.AddOutputDesc("y", tensor_desc);
    desc.SetAttr("value", GeAttrValue(GeTensor(tensor_desc, values.data(),
                                               values.size() * sizeof(int32_t))));
    return graph_->AddNode(std::move(desc));
  }
  /// A node whose input i is fed by inputs[i] (nullptr port = left unconnected).
  Node *Op(const std::string &name, const std::string &type, const std::vector<Port> &inputs,
           size_t outputs = 1U) {
    OpDesc desc(name, type);
    for (size_t i = 0; i < inputs.size(); ++i) {
      desc.AddInputDesc("x" + std::to_string(i), GeTensorDesc(GeShape({2, 2})));
    }
    for (size_t i = 0; i < outputs; ++i) {
      desc.AddOutputDesc("y" + std::to_string(i), GeTensorDesc(GeShape({2, 2})));
    }
    Node *node = graph_->AddNode(std::move(desc));
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (inputs[i].first != nullptr) {
        (void)graph_->AddDataEdge(inputs[i].first, inputs[i].second, node, static_cast<int32_t>(i));
      }
    }
    return node;
  }
  Node *NetOutput(const std::vector<Port> &inputs) {
    return Op("NetOutput", "NetOutput", inputs, 0);
  }

  const ComputeGraphPtr &Get() const { return graph_; }
  GraphPtr Handle() const { return GraphUtilsEx::CreateGraphPtrFromComputeGraph(graph_); }

 private:
  ComputeGraphPtr graph_;
};

inline Port P(Node *node, int32_t index = 0) { return {node, index}; }

/// "name:type(in0<-prod:idx,in1<-..)[ctrl<-a,b]" for every node, sorted by name.
inline std::string Signature(const ComputeGraph &graph) {
  std::vector<std::string> lines;
  for (Node *node : graph.GetDirectNodes()) {
    std::string line = node->GetName() + ":" + node->GetType() + "(";
    for (size_t i = 0; i < node->GetInputsSize(); ++i) {
      const InDataPeer peer = node->GetInDataPeer(i);
      line +=
          std::to_string(i) + "<-" +
          (peer.IsConnected() ? peer.node->GetName() + ":" + std::to_string(peer.out_index) : "-") +
          ",";
    }
    line += ")[";
    std::vector<std::string> controls;
    for (Node *src : node->GetInControlNodes()) {
      controls.push_back(src->GetName());
    }
    std::sort(controls.begin(), controls.end());
    for (const std::string &c : controls) {
      line += c + ",";
    }
    line += "]";
    lines.push_back(line);
  }
  std::sort(lines.begin(), lines.end());
  std::string text;
  for (const std::string &line : lines) {
    text += line + "\n";
  }
  return text;
}

/// Types of the direct nodes, sorted (to check "what is left" after a pass).
inline std::vector<std::string> SortedTypes(const ComputeGraph &graph) {
  std::vector<std::string> types;
  for (Node *node : graph.GetDirectNodes()) {
    types.push_back(node->GetType());
  }
  std::sort(types.begin(), types.end());
  return types;
}

}  // namespace test
}  // namespace fusion
}  // namespace ge

#endif  // GE_PATTERN_FUSION_TEST_UTIL_H_
