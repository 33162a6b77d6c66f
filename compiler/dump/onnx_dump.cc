#include "dump/onnx_dump.h"

#include <map>
#include <vector>

#include "air/ge_ir_schema.h"
#include "dump/proto_text.h"

namespace ge {
namespace {

// A node attribute in ONNX AttributeProto form; printed in field-number order with proto3
// presence (zero scalars omitted), as GE's ge_onnx.proto (proto3) prints.
struct OnnxAttr {
  enum Type { kFloat = 1, kInt = 2, kString = 3, kGraph = 5, kFloats = 6, kInts = 7, kStrings = 8 };
  Type type = kInt;
  float f = 0;
  int64_t i = 0;
  std::string s;
  std::vector<float> floats;
  std::vector<int64_t> ints;
  std::vector<std::string> strings;
};

const char *AttrTypeName(OnnxAttr::Type type) {
  switch (type) {
    case OnnxAttr::kFloat: return "FLOAT";
    case OnnxAttr::kInt: return "INT";
    case OnnxAttr::kString: return "STRING";
    case OnnxAttr::kGraph: return "GRAPH";
    case OnnxAttr::kFloats: return "FLOATS";
    case OnnxAttr::kInts: return "INTS";
    case OnnxAttr::kStrings: return "STRINGS";
  }
  return "UNDEFINED";
}

class Printer {
 public:
  explicit Printer(std::string *out) : out_(out) {}
  void Line(const std::string &text) {
    out_->append(static_cast<size_t>(indent_) * 2, ' ');
    *out_ += text;
    *out_ += '\n';
  }
  void Open(const std::string &name) {
    Line(name + " {");
    ++indent_;
  }
  void Close() {
    --indent_;
    Line("}");
  }

 private:
  std::string *out_;
  int indent_ = 0;
};

OnnxAttr Ints(std::vector<int64_t> values) {
  OnnxAttr attr;
  attr.type = OnnxAttr::kInts;
  attr.ints = std::move(values);
  return attr;
}

OnnxAttr Int(int64_t value) {
  OnnxAttr attr;
  attr.type = OnnxAttr::kInt;
  attr.i = value;
  return attr;
}

OnnxAttr String(std::string value) {
  OnnxAttr attr;
  attr.type = OnnxAttr::kString;
  attr.s = std::move(value);
  return attr;
}

std::string ProtoDtypeName(DataType type) {
  return ir::ProtoDataTypeName(ir::ToProtoDataType(type));
}

/// Converts one GE attribute value into `attrs` under `key` (possibly several entries), as GE does.
void ConvertAttr(const std::string &key, const GeAttrValue &value, int level,
                 std::map<std::string, OnnxAttr> *attrs) {
  switch (value.GetValueType()) {
    case AttrValueType::kInt: (*attrs)[key] = Int(*value.Get<int64_t>()); break;
    case AttrValueType::kBool: (*attrs)[key] = Int(*value.Get<bool>() ? 1 : 0); break;
    case AttrValueType::kFloat: {
      OnnxAttr attr;
      attr.type = OnnxAttr::kFloat;
      attr.f = *value.Get<float>();
      (*attrs)[key] = attr;
      break;
    }
    case AttrValueType::kString:
      if (level == 1) {
        (*attrs)[key] = String(*value.Get<std::string>());
      }
      break;
    case AttrValueType::kListInt: (*attrs)[key] = Ints(*value.Get<std::vector<int64_t>>()); break;
    case AttrValueType::kListBool: {
      std::vector<int64_t> ints;
      for (bool item : *value.Get<std::vector<bool>>()) {
        ints.push_back(item ? 1 : 0);
      }
      (*attrs)[key] = Ints(std::move(ints));
      break;
    }
    case AttrValueType::kListFloat: {
      OnnxAttr attr;
      attr.type = OnnxAttr::kFloats;
      attr.floats = *value.Get<std::vector<float>>();
      (*attrs)[key] = attr;
      break;
    }
    case AttrValueType::kListString:
      if (level == 1) {
        OnnxAttr attr;
        attr.type = OnnxAttr::kStrings;
        attr.strings = *value.Get<std::vector<std::string>>();
        (*attrs)[key] = attr;
      }
      break;
    case AttrValueType::kListListInt: {
      const auto &lists = *value.Get<std::vector<std::vector<int64_t>>>();
      for (size_t k = 0; k < lists.size(); ++k) {
        (*attrs)[key + "_" + std::to_string(k)] = Ints(lists[k]);
      }
      break;
    }
    case AttrValueType::kTensor: {
      const GeTensor &tensor = *value.Get<GeTensor>();
      const GeTensorDesc &desc = tensor.GetTensorDesc();
      (*attrs)[key + "_desc_dtype"] = String(ProtoDtypeName(desc.GetDataType()));
      (*attrs)[key + "_desc_shape"] = Ints(desc.GetShape().GetDims());
      (*attrs)[key + "_desc_layout"] = String(FormatToString(desc.GetFormat()));
      (*attrs)[key + "_desc_device_type"] = String("NPU");
      if (level == 1) {
        (*attrs)[key + "_data"] = String(
            std::string(reinterpret_cast<const char *>(tensor.GetStoredBytes()), tensor.GetSize()));
      }
      break;
    }
    default: break;  // other kinds have no ONNX attribute form in GE's dump
  }
}

void AddDescAttrs(const char *prefix, const std::vector<GeTensorDesc> &descs, int level,
                  std::map<std::string, OnnxAttr> *attrs) {
  const std::string p = prefix;
  for (size_t i = 0; i < descs.size(); ++i) {
    const GeTensorDesc &desc = descs[i];
    const std::string suffix = ":" + std::to_string(i);
    if (descs.size() >= 20) {
      // Wide nodes get one compact JSON string per descriptor instead of many attributes.
      std::string json = "{\"dtype\":\"" + ProtoDtypeName(desc.GetDataType()) + "\",\"shape\":[";
      for (size_t d = 0; d < desc.GetShape().GetDims().size(); ++d) {
        json += (d == 0 ? "" : ",") + std::to_string(desc.GetShape().GetDims()[d]);
      }
      json += "],\"layout\":\"" + FormatToString(desc.GetFormat()) + "\"}";
      (*attrs)[p + "_" + std::to_string(i)] = String(json);
      continue;
    }
    (*attrs)[p + "_dtype" + suffix] = String(ProtoDtypeName(desc.GetDataType()));
    (*attrs)[p + "_origin_dtype" + suffix] = String(ProtoDtypeName(desc.GetOriginDataType()));
    (*attrs)[p + "_shape" + suffix] = Ints(desc.GetShape().GetDims());
    (*attrs)[p + "_origin_shape" + suffix] = Ints(desc.GetOriginShape().GetDims());
    (*attrs)[p + "_layout" + suffix] = String(FormatToString(desc.GetFormat()));
    (*attrs)[p + "_origin_layout" + suffix] = String(FormatToString(desc.GetOriginFormat()));
    std::map<std::string, OnnxAttr> desc_attrs;
    for (const auto &item : desc.GetAttrs()) {
      ConvertAttr(p + "_attr_" + item.first.str(), item.second, level, &desc_attrs);
    }
    for (auto &item : desc_attrs) {
      (*attrs)[item.first + suffix] = std::move(item.second);
    }
  }
}

void PrintAttr(const std::string &name, const OnnxAttr &attr, Printer *p) {
  p->Open("attribute");
  p->Line("name: " + text::Quote(name));
  if (attr.type == OnnxAttr::kFloat && attr.f != 0) {
    p->Line("f: " + text::FormatFloat(attr.f));
  }
  if (attr.type == OnnxAttr::kInt && attr.i != 0) {
    p->Line("i: " + std::to_string(attr.i));
  }
  if (attr.type == OnnxAttr::kString && !attr.s.empty()) {
    p->Line("s: " + text::Quote(attr.s));
  }
  for (float value : attr.floats) {
    p->Line("floats: " + text::FormatFloat(value));
  }
  for (int64_t value : attr.ints) {
    p->Line("ints: " + std::to_string(value));
  }
  for (const std::string &value : attr.strings) {
    p->Line("strings: " + text::Quote(value));
  }
  p->Line(std::string("type: ") + AttrTypeName(attr.type));
  p->Close();
}

std::string Endpoint(const Node *node, int64_t index) {
  return node->GetName() + ":" + std::to_string(index);
}

void PrintNode(const Node &node, int level, Printer *p) {
  const OpDesc &desc = node.GetOpDesc();
  p->Open("node");
  for (size_t i = 0; i < node.GetInputsSize(); ++i) {
    const InDataPeer peer = node.GetInDataPeer(i);
    p->Line("input: " + text::Quote(peer.IsConnected() ? Endpoint(peer.node, peer.out_index) : ""));
  }
  for (const Node *src : node.GetInControlNodes()) {
    p->Line("input: " + text::Quote(Endpoint(src, -1)));
  }
  for (size_t j = 0; j < node.GetOutputsSize(); ++j) {
    if (!node.GetOutDataPeers(j).empty()) {
      p->Line("output: " + text::Quote(Endpoint(&node, static_cast<int64_t>(j))));
    }
  }
  if (!node.GetOutControlNodes().empty()) {
    p->Line("output: " + text::Quote(Endpoint(&node, -1)));
  }
  p->Line("name: " + text::Quote(node.GetName()));
  p->Line("op_type: " + text::Quote("ge:" + node.GetType()));
  if (level != 3) {
    std::map<std::string, OnnxAttr> attrs;
    attrs["id"] = Int(desc.GetId());
    attrs["stream_id"] = Int(0);
    std::vector<std::string> name_keys;
    std::vector<int64_t> name_values;
    std::map<std::string, int64_t> names;
    for (size_t i = 0; i < desc.GetInputsSize(); ++i) {
      if (!desc.GetInputName(i).empty()) {
        names.emplace(desc.GetInputName(i), static_cast<int64_t>(i));
      }
    }
    for (const auto &item : names) {
      name_keys.push_back(item.first);
      name_values.push_back(item.second);
    }
    if (!name_keys.empty()) {
      OnnxAttr keys;
      keys.type = OnnxAttr::kStrings;
      keys.strings = name_keys;
      attrs["_input_name_key"] = keys;
      attrs["_input_name_value"] = Ints(name_values);
    }
    attrs["input_desc_nums"] = Int(static_cast<int64_t>(desc.GetInputsSize()));
    attrs["output_desc_nums"] = Int(static_cast<int64_t>(desc.GetOutputsSize()));
    AddDescAttrs("input_desc", desc.GetAllInputDescs(), level, &attrs);
    AddDescAttrs("output_desc", desc.GetAllOutputDescs(), level, &attrs);
    for (const auto &item : desc.GetAllAttrs()) {
      ConvertAttr(item.first, item.second, level, &attrs);
    }
    for (const auto &item : attrs) {
      PrintAttr(item.first, item.second, p);
    }
  }
  p->Close();
}

void PrintGraphBody(const ComputeGraph &graph, int level, bool with_subgraphs, Printer *p) {
  for (const Node *node : graph.GetDirectNodes()) {
    PrintNode(*node, level, p);
  }
  if (with_subgraphs) {
    for (const ComputeGraphPtr &sub : graph.GetAllSubgraphs()) {
      p->Open("node");
      p->Line("name: " + text::Quote(sub->GetName()));
      p->Line("op_type: \"subgraph\"");
      p->Open("attribute");
      p->Line("name: \"graph\"");
      p->Open("g");
      PrintGraphBody(*sub, level, false, p);
      p->Close();
      p->Line("type: GRAPH");
      p->Close();
      p->Close();
    }
  }
  p->Line("name: " + text::Quote(graph.GetName()));
  for (const auto &output : graph.GetOutputs()) {
    const GeTensorDesc *desc =
        output.first->GetOpDesc().GetOutputDesc(static_cast<size_t>(output.second));
    p->Open("output");
    p->Line("name: " + text::Quote(output.first->GetName()));
    p->Open("type");
    p->Open("tensor_type");
    if (desc != nullptr && ToOnnxDataType(desc->GetDataType()) != 0) {
      p->Line("elem_type: " + std::to_string(ToOnnxDataType(desc->GetDataType())));
    }
    p->Open("shape");
    if (desc != nullptr) {
      for (int64_t dim : desc->GetShape().GetDims()) {
        p->Open("dim");
        if (dim != 0) {
          p->Line("dim_value: " + std::to_string(dim));
        }
        p->Close();
      }
    }
    p->Close();
    p->Close();
    p->Close();
    p->Close();
  }
}

}  // namespace

int32_t ToOnnxDataType(DataType type) {
  switch (type) {
    case DT_FLOAT: return 1;
    case DT_UINT8: return 2;
    case DT_INT8: return 3;
    case DT_UINT16: return 4;
    case DT_INT16: return 5;
    case DT_INT32: return 6;
    case DT_INT64: return 7;
    case DT_STRING: return 8;
    case DT_BOOL: return 9;
    case DT_FLOAT16: return 10;
    case DT_DOUBLE: return 11;
    case DT_UINT32: return 12;
    case DT_UINT64: return 13;
    case DT_COMPLEX64: return 14;
    case DT_COMPLEX128: return 15;
    case DT_BF16: return 16;
    case DT_FLOAT8_E4M3FN: return 17;
    case DT_FLOAT8_E5M2: return 19;
    case DT_INT4: return 22;
    default: return 0;
  }
}

std::string GraphToOnnxText(const ComputeGraph &graph, int level) {
  std::string out;
  Printer p(&out);
  p.Line("ir_version: 6");
  p.Line("producer_name: \"GE\"");
  p.Open("graph");
  PrintGraphBody(graph, level, true, &p);
  p.Close();
  return out;
}

}  // namespace ge
