// Decoding of onnx.proto messages with the shared wire reader.
#include "parser/onnx_proto.h"

#include "proto/wire_format.h"

namespace ge {
namespace onnx {
namespace {

using proto::WireField;
using proto::WireReader;
using proto::WireType;

std::string_view ReadString(const WireReader &reader, const WireField &field, const char *what) {
  reader.ExpectType(field, WireType::kLen, what);
  return field.bytes;
}

int64_t ReadVarint(const WireReader &reader, const WireField &field, const char *what) {
  reader.ExpectType(field, WireType::kVarint, what);
  return field.AsInt64();
}

void DecodeTensor(WireReader reader, TensorProto *tensor) {
  WireField field;
  while (reader.Next(&field)) {
    switch (field.number) {
      case 1: reader.AppendVarints(field, "TensorProto.dims", &tensor->dims); break;
      case 2:
        tensor->data_type =
            static_cast<int32_t>(ReadVarint(reader, field, "TensorProto.data_type"));
        break;
      case 3: tensor->has_segment = true; break;
      case 4: reader.AppendFloats(field, "TensorProto.float_data", &tensor->float_data); break;
      case 5: reader.AppendVarints(field, "TensorProto.int32_data", &tensor->int32_data); break;
      case 6:
        tensor->string_data.push_back(ReadString(reader, field, "TensorProto.string_data"));
        break;
      case 7: reader.AppendVarints(field, "TensorProto.int64_data", &tensor->int64_data); break;
      case 8: tensor->name = ReadString(reader, field, "TensorProto.name"); break;
      case 9:
        tensor->raw_data = ReadString(reader, field, "TensorProto.raw_data");
        tensor->has_raw_data = true;
        break;
      case 10: reader.AppendDoubles(field, "TensorProto.double_data", &tensor->double_data); break;
      case 11: {
        std::vector<int64_t> values;
        reader.AppendVarints(field, "TensorProto.uint64_data", &values);
        for (int64_t value : values) {
          tensor->uint64_data.push_back(static_cast<uint64_t>(value));
        }
        break;
      }
      case 13: {
        reader.ExpectType(field, WireType::kLen, "TensorProto.external_data");
        WireReader entry = reader.Nested(field, "StringStringEntryProto");
        std::pair<std::string_view, std::string_view> kv;
        WireField ef;
        while (entry.Next(&ef)) {
          if (ef.number == 1) {
            kv.first = ReadString(entry, ef, "StringStringEntryProto.key");
          } else if (ef.number == 2) {
            kv.second = ReadString(entry, ef, "StringStringEntryProto.value");
          }
        }
        tensor->external_data.push_back(std::move(kv));
        break;
      }
      case 14:
        tensor->data_location =
            static_cast<int32_t>(ReadVarint(reader, field, "TensorProto.data_location"));
        break;
      default: break;  // doc_string, metadata_props and future fields
    }
  }
}

void DecodeAttribute(WireReader reader, AttributeProto *attr) {
  WireField field;
  int32_t inferred = kAttrUndefined;
  while (reader.Next(&field)) {
    switch (field.number) {
      case 1: attr->name = ReadString(reader, field, "AttributeProto.name"); break;
      case 2:
        reader.ExpectType(field, WireType::kI32, "AttributeProto.f");
        attr->f = field.AsFloat();
        inferred = kAttrFloat;
        break;
      case 3:
        attr->i = ReadVarint(reader, field, "AttributeProto.i");
        inferred = kAttrInt;
        break;
      case 4:
        attr->s = ReadString(reader, field, "AttributeProto.s");
        inferred = kAttrString;
        break;
      case 5: {
        reader.ExpectType(field, WireType::kLen, "AttributeProto.t");
        attr->t.assign(1, TensorProto());
        attr->t[0].offset = field.offset;
        DecodeTensor(reader.Nested(field, "TensorProto"), &attr->t[0]);
        attr->has_t = true;
        inferred = kAttrTensor;
        break;
      }
      case 6:
        ++attr->graph_count;
        inferred = kAttrGraph;
        break;
      case 7:
        reader.AppendFloats(field, "AttributeProto.floats", &attr->floats);
        inferred = kAttrFloats;
        break;
      case 8:
        reader.AppendVarints(field, "AttributeProto.ints", &attr->ints);
        inferred = kAttrInts;
        break;
      case 9:
        attr->strings.push_back(ReadString(reader, field, "AttributeProto.strings"));
        inferred = kAttrStrings;
        break;
      case 10: {
        reader.ExpectType(field, WireType::kLen, "AttributeProto.tensors");
        attr->tensors.emplace_back();
        attr->tensors.back().offset = field.offset;
        DecodeTensor(reader.Nested(field, "TensorProto"), &attr->tensors.back());
        inferred = kAttrTensors;
        break;
      }
      case 11:
        ++attr->graph_count;
        inferred = kAttrGraphs;
        break;
      case 20:
        attr->type = static_cast<int32_t>(ReadVarint(reader, field, "AttributeProto.type"));
        break;
      default: break;
    }
  }
  // Very old files omit `type`; the value field present tells it.
  if (attr->type == kAttrUndefined) {
    attr->type = inferred;
  }
}

/// Where a node's names start in the graph's name array: the lists point there once the array no
/// longer grows.
struct NameRanges {
  size_t inputs = 0;
  size_t input_count = 0;
  size_t outputs = 0;
  size_t output_count = 0;
};

/// Appends the node's input names, then its output names, to `names` (the wire format may mix
/// the two fields; `outputs` holds the outputs meanwhile).
void DecodeNode(WireReader reader, NodeProto *node, std::vector<std::string_view> *names,
                std::vector<std::string_view> *outputs, NameRanges *ranges) {
  ranges->inputs = names->size();
  outputs->clear();
  WireField field;
  while (reader.Next(&field)) {
    switch (field.number) {
      case 1: names->push_back(ReadString(reader, field, "NodeProto.input")); break;
      case 2: outputs->push_back(ReadString(reader, field, "NodeProto.output")); break;
      case 3: node->name = ReadString(reader, field, "NodeProto.name"); break;
      case 4: node->op_type = ReadString(reader, field, "NodeProto.op_type"); break;
      case 5:
        reader.ExpectType(field, WireType::kLen, "NodeProto.attribute");
        node->attribute.emplace_back();
        node->attribute.back().offset = field.offset;
        DecodeAttribute(reader.Nested(field, "AttributeProto"), &node->attribute.back());
        break;
      case 7: node->domain = ReadString(reader, field, "NodeProto.domain"); break;
      default: break;
    }
  }
  ranges->input_count = names->size() - ranges->inputs;
  ranges->outputs = names->size();
  ranges->output_count = outputs->size();
  names->insert(names->end(), outputs->begin(), outputs->end());
}

void DecodeShape(WireReader reader, ValueInfoProto *info) {
  WireField field;
  while (reader.Next(&field)) {
    if (field.number != 1) {
      continue;
    }
    reader.ExpectType(field, WireType::kLen, "TensorShapeProto.dim");
    WireReader dim_reader = reader.Nested(field, "TensorShapeProto.Dimension");
    int64_t dim = -1;  // dim_param or nothing: unknown
    WireField df;
    while (dim_reader.Next(&df)) {
      if (df.number == 1) {
        dim = ReadVarint(dim_reader, df, "Dimension.dim_value");
      }
    }
    info->dims.push_back(dim);
  }
}

void DecodeValueInfo(WireReader reader, ValueInfoProto *info) {
  WireField field;
  while (reader.Next(&field)) {
    if (field.number == 1) {
      info->name = ReadString(reader, field, "ValueInfoProto.name");
    } else if (field.number == 2) {
      reader.ExpectType(field, WireType::kLen, "ValueInfoProto.type");
      WireReader type_reader = reader.Nested(field, "TypeProto");
      WireField tf;
      while (type_reader.Next(&tf)) {
        if (tf.number != 1) {
          continue;  // sequence/map/optional types: left undefined, rejected by the importer
        }
        type_reader.ExpectType(tf, WireType::kLen, "TypeProto.tensor_type");
        WireReader tensor_reader = type_reader.Nested(tf, "TypeProto.Tensor");
        WireField ttf;
        while (tensor_reader.Next(&ttf)) {
          if (ttf.number == 1) {
            info->elem_type =
                static_cast<int32_t>(ReadVarint(tensor_reader, ttf, "TypeProto.Tensor.elem_type"));
          } else if (ttf.number == 2) {
            tensor_reader.ExpectType(ttf, WireType::kLen, "TypeProto.Tensor.shape");
            info->has_shape = true;
            info->dims.clear();
            DecodeShape(tensor_reader.Nested(ttf, "TensorShapeProto"), info);
          }
        }
      }
    }
  }
}

void DecodeGraph(WireReader reader, GraphProto *graph) {
  // A graph field that appears twice is merged: the nodes decoded before keep their ranges.
  std::vector<NameRanges> ranges;
  for (const NodeProto &node : graph->node) {
    const auto offset = [graph](const NameList &list) {
      return list.empty() ? size_t{0} : static_cast<size_t>(list.begin() - graph->names.data());
    };
    ranges.push_back(
        NameRanges{offset(node.input), node.input.size(), offset(node.output), node.output.size()});
  }
  std::vector<std::string_view> outputs;
  // Counting the nodes first (a skim over the records) sizes the arrays once: growing them
  // node by node copied a large model's node array a dozen times through fresh memory.
  size_t node_count = 0;
  WireField field;
  for (WireReader skim = reader; skim.Next(&field);) {
    node_count += field.number == 1 ? 1 : 0;
  }
  graph->node.reserve(graph->node.size() + node_count);
  ranges.reserve(ranges.size() + node_count);
  graph->names.reserve(graph->names.size() + 3 * node_count);
  while (reader.Next(&field)) {
    switch (field.number) {
      case 1:
        reader.ExpectType(field, WireType::kLen, "GraphProto.node");
        graph->node.emplace_back();
        graph->node.back().offset = field.offset;
        ranges.emplace_back();
        DecodeNode(reader.Nested(field, "NodeProto"), &graph->node.back(), &graph->names, &outputs,
                   &ranges.back());
        break;
      case 2: graph->name = ReadString(reader, field, "GraphProto.name"); break;
      case 5:
        reader.ExpectType(field, WireType::kLen, "GraphProto.initializer");
        graph->initializer.emplace_back();
        graph->initializer.back().offset = field.offset;
        DecodeTensor(reader.Nested(field, "TensorProto"), &graph->initializer.back());
        break;
      case 11:
      case 12: {
        reader.ExpectType(field, WireType::kLen, "GraphProto.input/output");
        auto &list = field.number == 11 ? graph->input : graph->output;
        list.emplace_back();
        list.back().offset = field.offset;
        DecodeValueInfo(reader.Nested(field, "ValueInfoProto"), &list.back());
        break;
      }
      case 15: ++graph->sparse_initializer_count; break;
      default: break;  // value_info, doc_string, quantization annotations, metadata
    }
  }
  for (size_t i = 0; i < graph->node.size(); ++i) {
    const NameRanges &range = ranges[i];
    graph->node[i].input.Assign(graph->names.data() + range.inputs, range.input_count);
    graph->node[i].output.Assign(graph->names.data() + range.outputs, range.output_count);
  }
}

}  // namespace

const AttributeProto *NodeProto::FindAttr(std::string_view attr_name) const {
  for (const AttributeProto &attr : attribute) {
    if (attr.name == attr_name) {
      return &attr;
    }
  }
  return nullptr;
}

void DecodeModel(std::string_view bytes, const std::string &source, ModelProto *model) {
  WireReader reader(bytes, source);
  WireField field;
  while (reader.Next(&field)) {
    switch (field.number) {
      case 1: model->ir_version = ReadVarint(reader, field, "ModelProto.ir_version"); break;
      case 2: model->producer_name = ReadString(reader, field, "ModelProto.producer_name"); break;
      case 3:
        model->producer_version = ReadString(reader, field, "ModelProto.producer_version");
        break;
      case 7:
        reader.ExpectType(field, WireType::kLen, "ModelProto.graph");
        // A singular message that appears twice is merged (protobuf's wire rule).
        model->has_graph = true;
        DecodeGraph(reader.Nested(field, "GraphProto"), &model->graph);
        break;
      case 8: {
        reader.ExpectType(field, WireType::kLen, "ModelProto.opset_import");
        WireReader opset = reader.Nested(field, "OperatorSetIdProto");
        std::string_view domain;
        int64_t version = 0;
        WireField of;
        while (opset.Next(&of)) {
          if (of.number == 1) {
            domain = ReadString(opset, of, "OperatorSetIdProto.domain");
          } else if (of.number == 2) {
            version = ReadVarint(opset, of, "OperatorSetIdProto.version");
          }
        }
        model->opset_import[domain == "ai.onnx" ? std::string() : std::string(domain)] = version;
        break;
      }
      case 25: {
        reader.ExpectType(field, WireType::kLen, "ModelProto.functions");
        WireReader function = reader.Nested(field, "FunctionProto");
        std::string_view name;
        std::string_view domain;
        WireField ff;
        while (function.Next(&ff)) {
          if (ff.number == 1) {
            name = ReadString(function, ff, "FunctionProto.name");
          } else if (ff.number == 10) {
            domain = ReadString(function, ff, "FunctionProto.domain");
          }
        }
        model->functions.push_back(std::string(domain) + "::" + std::string(name));
        break;
      }
      default: break;
    }
  }
}

std::string DataTypeName(int32_t data_type) {
  static const char *const kNames[] = {
      "UNDEFINED",      "FLOAT",      "UINT8",          "INT8",       "UINT16",    "INT16",
      "INT32",          "INT64",      "STRING",         "BOOL",       "FLOAT16",   "DOUBLE",
      "UINT32",         "UINT64",     "COMPLEX64",      "COMPLEX128", "BFLOAT16",  "FLOAT8E4M3FN",
      "FLOAT8E4M3FNUZ", "FLOAT8E5M2", "FLOAT8E5M2FNUZ", "UINT4",      "INT4",      "FLOAT4E2M1",
      "FLOAT8E8M0",     "UINT2",      "INT2",           "FLOAT6E2M3", "FLOAT6E3M2"};
  if (data_type >= 0 && data_type < static_cast<int32_t>(sizeof(kNames) / sizeof(kNames[0]))) {
    return kNames[data_type];
  }
  return "data type " + std::to_string(data_type);
}

}  // namespace onnx
}  // namespace ge
