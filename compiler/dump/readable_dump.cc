#include "dump/readable_dump.h"

#include <vector>

#include "dump/proto_text.h"

namespace ge {
namespace {

std::string DescText(const GeTensorDesc &desc) {
  std::string text = DataTypeToString(desc.GetDataType()) + desc.GetShape().ToString();
  text += " " + FormatToString(desc.GetFormat());
  return text;
}

template <typename T, typename Fn>
std::string JoinList(const std::vector<T> &items, Fn &&format) {
  std::string text = "[";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i != 0) {
      text += ", ";
    }
    text += format(items[i]);
  }
  return text + "]";
}

std::string Join(const std::vector<std::string> &items) {
  std::string text;
  for (size_t i = 0; i < items.size(); ++i) {
    text += (i == 0 ? "" : ", ") + items[i];
  }
  return text;
}

std::string AttrsText(const AttrMap &attrs) {
  std::string text;
  for (const auto &item : attrs) {
    text += text.empty() ? "{" : ", ";
    text += item.first.str() + ": " + FormatAttrValueReadable(item.second);
  }
  return text.empty() ? text : text + "}";
}

std::string TensorText(const GeTensor &tensor) {
  return "tensor<" + DescText(tensor.GetTensorDesc()) + ", " + std::to_string(tensor.GetSize()) +
         " bytes>";
}

std::string NamedText(const NamedAttrs &named) {
  std::string body = AttrsText(named.attrs);
  return named.name + (body.empty() ? "{}" : body);
}

std::string GraphRef(const ComputeGraphPtr &graph) {
  return graph == nullptr ? "graph<null>" : "graph<" + graph->GetName() + ">";
}

void PrintGraph(const ComputeGraph &graph, const ComputeGraph &root, int indent, std::string *out) {
  const std::string pad(static_cast<size_t>(indent) * 2, ' ');
  std::vector<std::string> inputs;
  for (const Node *input : graph.GetInputNodes()) {
    inputs.push_back(input->GetName());
  }
  *out += pad + "graph " + graph.GetName() + "(" + Join(inputs) + ") {\n";
  std::vector<Node *> order;
  if (graph.GetTopologicalOrder(&order) != SUCCESS) {
    order = graph.GetDirectNodes();  // a cyclic graph is still listed, in node order
  }
  for (const Node *node : order) {
    std::string line = pad + "  " + node->GetName() + " = " + node->GetType() + "(";
    for (size_t i = 0; i < node->GetInputsSize(); ++i) {
      const InDataPeer peer = node->GetInDataPeer(i);
      line += i == 0 ? "" : ", ";
      line +=
          peer.IsConnected() ? peer.node->GetName() + ":" + std::to_string(peer.out_index) : "_";
    }
    line += ")";
    for (const Node *src : node->GetInControlNodes()) {
      line += " ^" + src->GetName();
    }
    const auto &outputs = node->GetOpDesc().GetAllOutputDescs();
    if (!outputs.empty()) {
      line += " -> " + (outputs.size() == 1 ? DescText(outputs[0]) : JoinList(outputs, DescText));
    }
    const std::string attrs = AttrsText(node->GetOpDesc().GetAllAttrs());
    if (!attrs.empty()) {
      line += " " + attrs;
    }
    *out += line + "\n";
    for (const std::string &name : node->GetOpDesc().GetSubgraphInstanceNames()) {
      ComputeGraphPtr sub = const_cast<ComputeGraph &>(root).GetSubgraph(name);
      if (sub == nullptr || sub.get() == &graph || indent > 16) {
        *out += pad + "    graph " + name + " <missing>\n";
        continue;
      }
      PrintGraph(*sub, root, indent + 2, out);
    }
  }
  std::vector<std::string> results;
  for (const auto &output : graph.GetOutputs()) {
    results.push_back(output.first->GetName() + ":" + std::to_string(output.second));
  }
  if (!results.empty()) {
    *out += pad + "  return " + Join(results) + "\n";
  }
  *out += pad + "}\n";
}

}  // namespace

std::string FormatAttrValueReadable(const GeAttrValue &value) {
  switch (value.GetValueType()) {
    case AttrValueType::kNone: return "none";
    case AttrValueType::kString: return text::Quote(*value.Get<std::string>());
    case AttrValueType::kFloat: return text::FormatFloat(*value.Get<float>());
    case AttrValueType::kBool: return *value.Get<bool>() ? "true" : "false";
    case AttrValueType::kInt: return std::to_string(*value.Get<int64_t>());
    case AttrValueType::kTensorDesc: return "desc<" + DescText(*value.Get<GeTensorDesc>()) + ">";
    case AttrValueType::kTensor: return TensorText(*value.Get<GeTensor>());
    case AttrValueType::kBytes:
      return "bytes<" + std::to_string(value.Get<Bytes>()->data.size()) + ">";
    case AttrValueType::kGraph: return GraphRef(*value.Get<ComputeGraphPtr>());
    case AttrValueType::kNamedAttrs: return NamedText(*value.Get<NamedAttrs>());
    case AttrValueType::kListListInt:
      return JoinList(*value.Get<std::vector<std::vector<int64_t>>>(),
                      [](const std::vector<int64_t> &inner) {
                        return JoinList(inner, [](int64_t v) { return std::to_string(v); });
                      });
    case AttrValueType::kDataType: return DataTypeToString(*value.Get<DataType>());
    case AttrValueType::kListListFloat:
      return JoinList(*value.Get<std::vector<std::vector<float>>>(),
                      [](const std::vector<float> &inner) {
                        return JoinList(inner, [](float v) { return text::FormatFloat(v); });
                      });
    case AttrValueType::kListString:
      return JoinList(*value.Get<std::vector<std::string>>(),
                      [](const std::string &s) { return text::Quote(s); });
    case AttrValueType::kListFloat:
      return JoinList(*value.Get<std::vector<float>>(),
                      [](float v) { return text::FormatFloat(v); });
    case AttrValueType::kListBool: {
      std::vector<std::string> items;
      for (bool b : *value.Get<std::vector<bool>>()) {
        items.push_back(b ? "true" : "false");
      }
      return "[" + Join(items) + "]";
    }
    case AttrValueType::kListInt:
      return JoinList(*value.Get<std::vector<int64_t>>(),
                      [](int64_t v) { return std::to_string(v); });
    case AttrValueType::kListTensorDesc:
      return JoinList(*value.Get<std::vector<GeTensorDesc>>(),
                      [](const GeTensorDesc &d) { return "desc<" + DescText(d) + ">"; });
    case AttrValueType::kListTensor:
      return JoinList(*value.Get<std::vector<GeTensor>>(), TensorText);
    case AttrValueType::kListBytes:
      return JoinList(*value.Get<std::vector<Bytes>>(), [](const Bytes &b) {
        return "bytes<" + std::to_string(b.data.size()) + ">";
      });
    case AttrValueType::kListGraph:
      return JoinList(*value.Get<std::vector<ComputeGraphPtr>>(), GraphRef);
    case AttrValueType::kListNamedAttrs:
      return JoinList(*value.Get<std::vector<NamedAttrs>>(), NamedText);
    case AttrValueType::kListDataType:
      return JoinList(*value.Get<std::vector<DataType>>(),
                      [](DataType t) { return DataTypeToString(t); });
    case AttrValueType::kListBase: break;
  }
  return "?";
}

std::string GraphToReadableText(const ComputeGraph &graph) {
  std::string out;
  ComputeGraph *root = const_cast<ComputeGraph &>(graph).GetRootGraph();
  PrintGraph(graph, root == nullptr ? graph : *root, 0, &out);
  return out;
}

}  // namespace ge
