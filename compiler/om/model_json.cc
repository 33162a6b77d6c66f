// JSON rendering for atc --mode=1.
#include "om/model_json.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace ge {
namespace {

std::string Quote(const std::string &text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof(buffer), "\\u%04x", c);
          out += buffer;
        } else {
          out += static_cast<char>(c);  // UTF-8 passes through
        }
    }
  }
  return out + "\"";
}

std::string Number(float value) {
  if (!std::isfinite(value)) {
    return Quote(std::isnan(value) ? "nan" : (value > 0 ? "inf" : "-inf"));
  }
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.9g", static_cast<double>(value));
  return buffer;
}

template <typename T, typename F>
std::string List(const std::vector<T> &items, F render) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) {
    out += (i == 0 ? "" : ", ") + render(items[i]);
  }
  return out + "]";
}

std::string Dims(const GeShape &shape) {
  return List(shape.GetDims(), [](int64_t d) { return std::to_string(d); });
}

std::string Desc(const GeTensorDesc &desc) {
  return "{\"dtype\": " + Quote(DataTypeToString(desc.GetDataType())) +
         ", \"shape\": " + Dims(desc.GetShape()) +
         ", \"layout\": " + Quote(FormatToString(desc.GetFormat())) + "}";
}

std::string Value(const GeAttrValue &value) {
  struct Visitor {
    std::string operator()(const std::monostate &) const { return "null"; }
    std::string operator()(const std::string &v) const { return Quote(v); }
    std::string operator()(float v) const { return Number(v); }
    std::string operator()(bool v) const { return v ? "true" : "false"; }
    std::string operator()(int64_t v) const { return std::to_string(v); }
    std::string operator()(const GeTensorDesc &v) const { return Desc(v); }
    std::string operator()(const GeTensor &v) const {
      const GeTensorDesc &d = v.GetTensorDesc();
      return "{\"dtype\": " + Quote(DataTypeToString(d.GetDataType())) +
             ", \"shape\": " + Dims(d.GetShape()) + ", \"bytes\": " + std::to_string(v.GetSize()) +
             "}";
    }
    std::string operator()(const Bytes &v) const {
      return "{\"bytes\": " + std::to_string(v.data.size()) + "}";
    }
    std::string operator()(const ComputeGraphPtr &v) const {
      return Quote(v == nullptr ? "" : v->GetName());
    }
    std::string operator()(const NamedAttrs &v) const { return Quote(v.name); }
    std::string operator()(const std::vector<std::vector<int64_t>> &v) const {
      return List(v, [](const std::vector<int64_t> &row) {
        return List(row, [](int64_t x) { return std::to_string(x); });
      });
    }
    std::string operator()(DataType v) const { return Quote(DataTypeToString(v)); }
    std::string operator()(const std::vector<std::vector<float>> &v) const {
      return List(v, [](const std::vector<float> &row) { return List(row, Number); });
    }
    std::string operator()(const std::vector<std::string> &v) const { return List(v, Quote); }
    std::string operator()(const std::vector<float> &v) const { return List(v, Number); }
    std::string operator()(const std::vector<bool> &v) const {
      std::string out = "[";
      for (size_t i = 0; i < v.size(); ++i) {
        out += std::string(i == 0 ? "" : ", ") + (v[i] ? "true" : "false");
      }
      return out + "]";
    }
    std::string operator()(const std::vector<int64_t> &v) const {
      return List(v, [](int64_t x) { return std::to_string(x); });
    }
    std::string operator()(const std::vector<GeTensorDesc> &v) const { return List(v, Desc); }
    std::string operator()(const std::vector<GeTensor> &v) const {
      return List(v, [this](const GeTensor &t) { return (*this)(t); });
    }
    std::string operator()(const std::vector<Bytes> &v) const {
      return List(v, [this](const Bytes &b) { return (*this)(b); });
    }
    std::string operator()(const std::vector<ComputeGraphPtr> &v) const {
      return List(v, [this](const ComputeGraphPtr &g) { return (*this)(g); });
    }
    std::string operator()(const std::vector<NamedAttrs> &v) const {
      return List(v, [](const NamedAttrs &n) { return Quote(n.name); });
    }
    std::string operator()(const std::vector<DataType> &v) const {
      return List(v, [](DataType t) { return Quote(DataTypeToString(t)); });
    }
  };
  return std::visit(Visitor{}, value.GetStorage());
}

std::string Attrs(const AttrMap &attrs, const std::string &indent) {
  if (attrs.empty()) {
    return "{}";
  }
  std::string out = "{";
  bool first = true;
  for (const auto &kv : attrs) {  // AttrMap is a std::map: sorted keys
    out += std::string(first ? "" : ",") + "\n" + indent + "  " + Quote(kv.first) + ": " +
           Value(kv.second);
    first = false;
  }
  return out + "\n" + indent + "}";
}

std::string KeyValues(const std::map<std::string, std::string> &values, const std::string &indent) {
  if (values.empty()) {
    return "{}";
  }
  std::string out = "{";
  bool first = true;
  for (const auto &kv : values) {
    out += std::string(first ? "" : ",") + "\n" + indent + "  " + Quote(kv.first) + ": " +
           Quote(kv.second);
    first = false;
  }
  return out + "\n" + indent + "}";
}

void AppendGraph(const ComputeGraph &graph, std::ostringstream &out) {
  out << "    {\n      \"name\": " << Quote(graph.GetName()) << ",\n      \"input\": [";
  bool first = true;
  for (Node *input : graph.GetInputNodes()) {
    out << (first ? "" : ", ") << Quote(input->GetName() + ":0");
    first = false;
  }
  out << "],\n      \"output\": [";
  first = true;
  for (const auto &output : graph.GetOutputs()) {
    out << (first ? "" : ", ")
        << Quote(output.first->GetName() + ":" + std::to_string(output.second));
    first = false;
  }
  out << "],\n      \"attr\": " << Attrs(graph.GetAllAttrs(), "      ") << ",\n      \"op\": [";
  first = true;
  for (Node *node : graph.GetDirectNodes()) {
    const OpDesc &desc = node->GetOpDesc();
    std::vector<std::string> inputs;
    for (size_t i = 0; i < node->GetInputsSize(); ++i) {
      InDataPeer peer = node->GetInDataPeer(i);
      inputs.push_back(
          peer.IsConnected() ? peer.node->GetName() + ":" + std::to_string(peer.out_index) : "");
    }
    for (Node *ctrl : node->GetInControlNodes()) {
      inputs.push_back(ctrl->GetName() + ":-1");
    }
    out << (first ? "\n" : ",\n") << "        {\"name\": " << Quote(node->GetName())
        << ", \"type\": " << Quote(node->GetType())
        << ",\n         \"input\": " << List(inputs, Quote)
        << ",\n         \"attr\": " << Attrs(desc.GetAllAttrs(), "         ")
        << ",\n         \"input_desc\": " << List(desc.GetAllInputDescs(), Desc)
        << ",\n         \"output_desc\": " << List(desc.GetAllOutputDescs(), Desc) << "}";
    first = false;
  }
  out << "\n      ]\n    }";
}

std::string Render(const ComputeGraph &graph, const std::string &extra) {
  std::ostringstream out;
  out << "{\n  \"name\": " << Quote(graph.GetName()) << ",\n  \"graph\": [\n";
  AppendGraph(graph, out);
  for (const ComputeGraphPtr &sub : graph.GetAllSubgraphs()) {
    out << ",\n";
    AppendGraph(*sub, out);
  }
  out << "\n  ]" << extra << "\n}\n";
  return out.str();
}

}  // namespace

std::string GraphToJson(const ComputeGraph &graph) { return Render(graph, ""); }

std::string OmModelToJson(const OmModel &model) {
  std::string extra =
      ",\n  \"om\": {\n    \"format_version\": " + std::to_string(model.format_version) +
      ",\n    \"build_info\": " + KeyValues(model.build_info, "    ") +
      ",\n    \"compile_options\": " + KeyValues(model.compile_options, "    ") +
      ",\n    \"platform\": " + KeyValues(model.platform, "    ") + "\n  }";
  return Render(*model.graph, extra);
}

}  // namespace ge
