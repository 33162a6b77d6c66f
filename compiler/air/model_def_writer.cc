#include "air/model_def_writer.h"

#include <algorithm>
#include <map>
#include <string_view>
#include <utility>
#include <vector>

#include "air/ge_ir_schema.h"
#include "common/error.h"
#include "proto/wire_format.h"

namespace ge {
namespace {

using proto::WireWriter;

// An attribute entry to write: key plus a value that lives either in the IR or in `scratch`.
using AttrEntry = std::pair<std::string_view, const GeAttrValue *>;

bool IsConstType(const std::string &type) { return type == "Const" || type == "Constant"; }

std::string FormatString(int32_t format) {
  // A sub-format lives above the low byte; GE prints it as "<PRIMARY>:<sub>".
  const int32_t primary = format & 0xFF;
  const int32_t sub = (format >> 8) & 0xFFFF;
  std::string text = FormatToString(static_cast<Format>(primary));
  if (sub != 0) {
    text += ":" + std::to_string(sub);
  }
  return text;
}

class ModelDefWriter {
 public:
  ModelDefWriter(const ModelDefWriteOptions &options, std::string *out)
      : options_(options), w_(out) {}

  void WriteModel(const ComputeGraph &root) {
    size_t token = w_.BeginMessage(ir::kModelGraph);
    WriteGraphDef(root);
    w_.EndMessage(token);
    for (const ComputeGraphPtr &sub : root.GetAllSubgraphs()) {
      token = w_.BeginMessage(ir::kModelGraph);
      WriteGraphDef(*sub);
      w_.EndMessage(token);
    }
    // The seven attributes every ge::Model starts with (§3.6), already in key order.
    static const std::pair<const char *, const char *> kModelAttrs[] = {
        {"event_num", nullptr},       {"label_num", nullptr},  {"memory_size", nullptr},
        {"p2p_memory_size", nullptr}, {"stream_num", nullptr}, {"target_type", "MINI"},
        {"weight_size", nullptr}};
    for (const auto &attr : kModelAttrs) {
      const size_t entry = w_.BeginMessage(ir::kModelAttr);
      w_.WriteBytes(ir::kMapKey, attr.first);
      const size_t value = w_.BeginMessage(ir::kMapValue);
      if (attr.second != nullptr) {
        w_.WriteBytes(ir::kAttrS, attr.second);
      } else {
        w_.WriteInt64(ir::kAttrI, 0);
      }
      w_.EndMessage(value);
      w_.EndMessage(entry);
    }
  }

  void WriteGraphDef(const ComputeGraph &graph) {
    if (!graph.GetName().empty()) {
      w_.WriteBytes(ir::kGraphName, graph.GetName());
    }
    for (const Node *input : graph.GetInputNodes()) {
      w_.WriteBytes(ir::kGraphInput, input->GetName() + ":0");
    }
    for (const auto &output : graph.GetOutputs()) {
      w_.WriteBytes(ir::kGraphOutput,
                    output.first->GetName() + ":" + std::to_string(output.second));
    }
    for (const Node *node : graph.GetDirectNodes()) {
      const size_t token = w_.BeginMessage(ir::kGraphOp);
      WriteOpDef(*node);
      w_.EndMessage(token);
    }
    WriteAttrMap(ir::kGraphAttr, graph.GetAllAttrs(), {});
  }

  void WriteOpDef(const Node &node) {
    const OpDesc &desc = node.GetOpDesc();
    if (!desc.GetName().empty()) {
      w_.WriteBytes(ir::kOpName, desc.GetName());
    }
    if (!desc.GetType().empty()) {
      w_.WriteBytes(ir::kOpType, desc.GetType());
    }
    std::vector<int64_t> peer_index;
    for (size_t i = 0; i < desc.GetInputsSize(); ++i) {
      const InDataPeer peer = node.GetInDataPeer(i);
      if (!peer.IsConnected()) {
        w_.WriteBytes(ir::kOpInput, std::string_view());
        if (options_.txt_peer_index) {
          peer_index.push_back(-1);
        }
        continue;
      }
      w_.WriteBytes(ir::kOpInput, peer.node->GetName() + ":" + std::to_string(peer.out_index));
      if (options_.txt_peer_index) {
        const auto &peers = peer.node->GetOutDataPeers(static_cast<size_t>(peer.out_index));
        int64_t position = -1;
        for (size_t k = 0; k < peers.size(); ++k) {
          if (peers[k].node == &node && peers[k].in_index == static_cast<int32_t>(i)) {
            position = static_cast<int64_t>(k);
            break;
          }
        }
        peer_index.push_back(position);
      }
    }
    for (const Node *src : node.GetInControlNodes()) {
      w_.WriteBytes(ir::kOpInput, src->GetName() + ":-1");
      if (options_.txt_peer_index) {
        const auto &peers = src->GetOutControlNodes();
        auto it = std::find(peers.begin(), peers.end(), &node);
        peer_index.push_back(it == peers.end() ? -1 : static_cast<int64_t>(it - peers.begin()));
      }
    }
    WriteOpAttrs(desc, std::move(peer_index));
    w_.WriteBool(ir::kOpHasOutAttr, true);
    if (desc.GetId() != 0) {
      w_.WriteInt64(ir::kOpId, desc.GetId());
    }
    for (const GeTensorDesc &input : desc.GetAllInputDescs()) {
      const size_t token = w_.BeginMessage(ir::kOpInputDesc);
      WriteTensorDescriptor(input);
      w_.EndMessage(token);
    }
    for (const GeTensorDesc &output : desc.GetAllOutputDescs()) {
      const size_t token = w_.BeginMessage(ir::kOpOutputDesc);
      WriteTensorDescriptor(output);
      w_.EndMessage(token);
    }
    for (const std::string &name : desc.GetSubgraphInstanceNames()) {
      w_.WriteBytes(ir::kOpSubgraphName, name);
    }
  }

  void WriteOpAttrs(const OpDesc &desc, std::vector<int64_t> peer_index) {
    // Reserved keys carry the port names and IR metadata (§3.3); they replace same-named attrs.
    std::vector<std::pair<std::string, GeAttrValue>> reserved;
    std::map<std::string, int64_t> input_names;
    for (size_t i = 0; i < desc.GetInputsSize(); ++i) {
      if (!desc.GetInputName(i).empty()) {
        input_names.emplace(desc.GetInputName(i), static_cast<int64_t>(i));
      }
    }
    AddNameIndexPair(ir::kInputNameKey, ir::kInputNameValue, input_names, &reserved);
    std::map<std::string, int64_t> output_names;
    for (size_t i = 0; i < desc.GetOutputsSize(); ++i) {
      if (!desc.GetOutputName(i).empty()) {
        output_names.emplace(desc.GetOutputName(i), static_cast<int64_t>(i));
      }
    }
    AddNameIndexPair(ir::kOutputNameKey, ir::kOutputNameValue, output_names, &reserved);

    std::vector<std::string> keys;
    std::vector<int64_t> values;
    std::vector<std::string> optional;
    for (const auto &input : desc.GetIrInputs()) {
      keys.push_back(input.first);
      values.push_back(static_cast<int64_t>(input.second));
      if (input.second == IrInputType::kOptional) {
        optional.push_back(input.first);
      }
    }
    AddKeyValueLists(ir::kIrInputsKey, ir::kIrInputsValue, std::move(keys), std::move(values),
                     &reserved);
    if (!optional.empty()) {
      std::sort(optional.begin(), optional.end());
      reserved.emplace_back(ir::kOptInput, GeAttrValue(std::move(optional)));
    }
    keys.clear();
    values.clear();
    for (const auto &output : desc.GetIrOutputs()) {
      keys.push_back(output.first);
      values.push_back(static_cast<int64_t>(output.second));
    }
    AddKeyValueLists(ir::kIrOutputsKey, ir::kIrOutputsValue, std::move(keys), std::move(values),
                     &reserved);
    keys.clear();
    values.clear();
    for (const auto &subgraph : desc.GetSubgraphIrNames()) {
      keys.push_back(subgraph.first);
      values.push_back(static_cast<int64_t>(subgraph.second));
    }
    AddKeyValueLists(ir::kSubgraphIrNamesKey, ir::kSubgraphIrNamesValue, std::move(keys),
                     std::move(values), &reserved);
    if (!desc.GetIrAttrNames().empty()) {
      reserved.emplace_back(ir::kIrAttrNames, GeAttrValue(desc.GetIrAttrNames()));
    }
    bool has_peer_index = false;
    if (options_.txt_peer_index) {
      reserved.emplace_back(ir::kTxtPeerIndex, GeAttrValue(std::move(peer_index)));
      has_peer_index = true;
    }

    std::vector<AttrEntry> entries;
    entries.reserve(desc.GetAllAttrs().size() + reserved.size());
    for (const auto &item : reserved) {
      entries.emplace_back(item.first, &item.second);
    }
    const bool strip = options_.strip_weights;
    for (const auto &item : desc.GetAllAttrs()) {
      if (strip &&
          ((IsConstType(desc.GetType()) && item.first == "value") || item.first == "node_def" ||
           item.first == "op_def" || item.first == "func_def")) {
        continue;
      }
      entries.emplace_back(item.first, &item.second);
    }
    WriteSortedEntries(ir::kOpAttr, &entries, has_peer_index ? &reserved.back().second : nullptr);
  }

  static void AddNameIndexPair(const char *key, const char *value,
                               const std::map<std::string, int64_t> &names,
                               std::vector<std::pair<std::string, GeAttrValue>> *reserved) {
    if (names.empty()) {
      return;
    }
    std::vector<std::string> keys;
    std::vector<int64_t> values;
    for (const auto &item : names) {
      keys.push_back(item.first);
      values.push_back(item.second);
    }
    reserved->emplace_back(key, GeAttrValue(std::move(keys)));
    reserved->emplace_back(value, GeAttrValue(std::move(values)));
  }

  static void AddKeyValueLists(const char *key, const char *value, std::vector<std::string> keys,
                               std::vector<int64_t> values,
                               std::vector<std::pair<std::string, GeAttrValue>> *reserved) {
    if (keys.empty()) {
      return;
    }
    reserved->emplace_back(key, GeAttrValue(std::move(keys)));
    reserved->emplace_back(value, GeAttrValue(std::move(values)));
  }

  void WriteTensorDescriptor(const GeTensorDesc &desc) {
    if (!desc.GetName().empty()) {
      w_.WriteBytes(ir::kDescName, desc.GetName());
    }
    const int32_t proto_dtype = ir::ToProtoDataType(desc.GetDataType());
    if (proto_dtype != 0) {
      w_.WriteInt64(ir::kDescDtype, proto_dtype);
    }
    const size_t shape = w_.BeginMessage(ir::kDescShape);
    w_.WritePackedInt64(ir::kShapeDim, desc.GetShape().GetDims());
    w_.EndMessage(shape);
    w_.WriteBytes(ir::kDescLayout, FormatString(desc.GetFormat()));

    std::vector<std::pair<std::string, GeAttrValue>> reserved;
    reserved.reserve(6);
    reserved.emplace_back(ir::kFormatForInt, GeAttrValue(static_cast<int64_t>(desc.GetFormat())));
    reserved.emplace_back(ir::kOriginFormat, GeAttrValue(FormatString(desc.GetOriginFormat())));
    reserved.emplace_back(ir::kOriginFormatForInt,
                          GeAttrValue(static_cast<int64_t>(desc.GetOriginFormat())));
    if (desc.GetOriginDataType() != DT_UNDEFINED) {
      reserved.emplace_back(ir::kOriginDataType,
                            GeAttrValue(DataTypeToString(desc.GetOriginDataType())));
    }
    reserved.emplace_back(ir::kOriginShapeInitialized,
                          GeAttrValue(desc.IsOriginShapeInitialized()));
    if (desc.IsOriginShapeInitialized()) {
      reserved.emplace_back(ir::kOriginShape, GeAttrValue(desc.GetOriginShape().GetDims()));
    }
    std::vector<AttrEntry> entries;
    entries.reserve(desc.GetAttrs().size() + reserved.size());
    for (const auto &item : reserved) {
      entries.emplace_back(item.first, &item.second);
    }
    for (const auto &item : desc.GetAttrs()) {
      entries.emplace_back(item.first, &item.second);
    }
    WriteSortedEntries(ir::kDescAttr, &entries, nullptr);
    w_.WriteBytes(ir::kDescDeviceType, "NPU");
  }

  // Reserved entries come first in `entries`; a later entry with the same key is dropped.
  void WriteSortedEntries(uint32_t field, std::vector<AttrEntry> *entries,
                          const GeAttrValue *untyped_list) {
    std::stable_sort(entries->begin(), entries->end(),
                     [](const AttrEntry &a, const AttrEntry &b) { return a.first < b.first; });
    std::string_view previous;
    bool first = true;
    for (const AttrEntry &entry : *entries) {
      if (!first && entry.first == previous) {
        continue;
      }
      first = false;
      previous = entry.first;
      if (entry.second->IsEmpty()) {
        continue;  // GE drops an AttrDef without a value on load; not writing it keeps re-saves
                   // exact
      }
      const size_t token = w_.BeginMessage(field);
      w_.WriteBytes(ir::kMapKey, entry.first);
      const size_t value = w_.BeginMessage(ir::kMapValue);
      WriteAttrDef(*entry.second, entry.second == untyped_list);
      w_.EndMessage(value);
      w_.EndMessage(token);
    }
  }

  void WriteAttrMap(uint32_t field, const AttrMap &attrs, std::vector<AttrEntry> extra) {
    extra.reserve(extra.size() + attrs.size());
    for (const auto &item : attrs) {
      extra.emplace_back(item.first, &item.second);
    }
    WriteSortedEntries(field, &extra, nullptr);
  }

  void WriteNamedAttrs(const NamedAttrs &named) {
    if (!named.name.empty()) {
      w_.WriteBytes(ir::kNamedAttrsName, named.name);
    }
    WriteAttrMap(ir::kNamedAttrsAttr, named.attrs, {});
  }

  void WriteTensorDef(const GeTensor &tensor) {
    const size_t token = w_.BeginMessage(ir::kTensorDesc);
    WriteTensorDescriptor(tensor.GetTensorDesc());
    w_.EndMessage(token);
    if (tensor.GetSize() != 0) {
      w_.WriteBytes(ir::kTensorData, tensor.GetData(), tensor.GetSize());
    }
  }

  void WriteGraphAttr(uint32_t field, const ComputeGraphPtr &graph) {
    // A graph attribute may (wrongly) reach itself; bound the recursion as GE bounds its own.
    if (++graph_attr_depth_ > kMaxGraphAttrDepth) {
      throw GeException("graph attributes nested deeper than " +
                        std::to_string(kMaxGraphAttrDepth) +
                        " (a graph attribute that contains itself?)");
    }
    const size_t token = w_.BeginMessage(field);
    if (graph != nullptr) {
      WriteGraphDef(*graph);
    }
    w_.EndMessage(token);
    --graph_attr_depth_;
  }

  template <typename Fn>
  void WriteList(int32_t val_type, Fn &&write_items) {
    const size_t token = w_.BeginMessage(ir::kAttrList);
    write_items();
    if (val_type != 0) {
      w_.WriteInt64(ir::kListValType, val_type);
    }
    w_.EndMessage(token);
  }

  void WriteAttrDef(const GeAttrValue &value, bool untyped_list) {
    const auto &storage = value.GetStorage();
    switch (value.GetValueType()) {
      case AttrValueType::kNone: return;
      case AttrValueType::kString: w_.WriteBytes(ir::kAttrS, *value.Get<std::string>()); return;
      case AttrValueType::kFloat: w_.WriteFloat(ir::kAttrF, *value.Get<float>()); return;
      case AttrValueType::kBool: w_.WriteBool(ir::kAttrB, *value.Get<bool>()); return;
      case AttrValueType::kInt: w_.WriteInt64(ir::kAttrI, *value.Get<int64_t>()); return;
      case AttrValueType::kTensorDesc: {
        const size_t token = w_.BeginMessage(ir::kAttrTd);
        WriteTensorDescriptor(*value.Get<GeTensorDesc>());
        w_.EndMessage(token);
        return;
      }
      case AttrValueType::kTensor: {
        const size_t token = w_.BeginMessage(ir::kAttrT);
        WriteTensorDef(*value.Get<GeTensor>());
        w_.EndMessage(token);
        return;
      }
      case AttrValueType::kBytes: {
        const auto &bytes = value.Get<Bytes>()->data;
        w_.WriteBytes(ir::kAttrBt, bytes.data(), bytes.size());
        return;
      }
      case AttrValueType::kGraph: WriteGraphAttr(ir::kAttrG, *value.Get<ComputeGraphPtr>()); return;
      case AttrValueType::kNamedAttrs: {
        const size_t token = w_.BeginMessage(ir::kAttrFunc);
        WriteNamedAttrs(*value.Get<NamedAttrs>());
        w_.EndMessage(token);
        return;
      }
      case AttrValueType::kListListInt: {
        const size_t token = w_.BeginMessage(ir::kAttrListListInt);
        for (const auto &inner : *value.Get<std::vector<std::vector<int64_t>>>()) {
          const size_t item = w_.BeginMessage(ir::kListListItem);
          w_.WritePackedInt64(ir::kListListItem, inner);
          w_.EndMessage(item);
        }
        w_.EndMessage(token);
        return;
      }
      case AttrValueType::kDataType:
        w_.WriteInt64(ir::kAttrDt, static_cast<int64_t>(*value.Get<DataType>()));
        return;
      case AttrValueType::kListListFloat: {
        const size_t token = w_.BeginMessage(ir::kAttrListListFloat);
        for (const auto &inner : *value.Get<std::vector<std::vector<float>>>()) {
          const size_t item = w_.BeginMessage(ir::kListListItem);
          w_.WritePackedFloat(ir::kListListItem, inner);
          w_.EndMessage(item);
        }
        w_.EndMessage(token);
        return;
      }
      case AttrValueType::kListString:
        WriteList(ir::VT_LIST_STRING, [&] {
          for (const auto &item : *value.Get<std::vector<std::string>>()) {
            w_.WriteBytes(ir::kListS, item);
          }
        });
        return;
      case AttrValueType::kListFloat:
        WriteList(ir::VT_LIST_FLOAT,
                  [&] { w_.WritePackedFloat(ir::kListF, *value.Get<std::vector<float>>()); });
        return;
      case AttrValueType::kListBool:
        WriteList(ir::VT_LIST_BOOL,
                  [&] { w_.WritePackedBool(ir::kListB, *value.Get<std::vector<bool>>()); });
        return;
      case AttrValueType::kListInt:
        // The txt-load peer index is the one list GE writes without a val_type (§3.1).
        WriteList(untyped_list ? ir::VT_LIST_NONE : ir::VT_LIST_INT,
                  [&] { w_.WritePackedInt64(ir::kListI, *value.Get<std::vector<int64_t>>()); });
        return;
      case AttrValueType::kListTensorDesc:
        WriteList(ir::VT_LIST_TENSOR_DESC, [&] {
          for (const auto &item : *value.Get<std::vector<GeTensorDesc>>()) {
            const size_t token = w_.BeginMessage(ir::kListTd);
            WriteTensorDescriptor(item);
            w_.EndMessage(token);
          }
        });
        return;
      case AttrValueType::kListTensor:
        WriteList(ir::VT_LIST_TENSOR, [&] {
          for (const auto &item : *value.Get<std::vector<GeTensor>>()) {
            const size_t token = w_.BeginMessage(ir::kListT);
            WriteTensorDef(item);
            w_.EndMessage(token);
          }
        });
        return;
      case AttrValueType::kListBytes:
        WriteList(ir::VT_LIST_BYTES, [&] {
          for (const auto &item : *value.Get<std::vector<Bytes>>()) {
            w_.WriteBytes(ir::kListBt, item.data.data(), item.data.size());
          }
        });
        return;
      case AttrValueType::kListGraph:
        WriteList(ir::VT_LIST_GRAPH, [&] {
          for (const auto &item : *value.Get<std::vector<ComputeGraphPtr>>()) {
            WriteGraphAttr(ir::kListG, item);
          }
        });
        return;
      case AttrValueType::kListNamedAttrs:
        WriteList(ir::VT_LIST_NAMED_ATTRS, [&] {
          for (const auto &item : *value.Get<std::vector<NamedAttrs>>()) {
            const size_t token = w_.BeginMessage(ir::kListNa);
            WriteNamedAttrs(item);
            w_.EndMessage(token);
          }
        });
        return;
      case AttrValueType::kListDataType:
        WriteList(ir::VT_LIST_DATA_TYPE, [&] {
          std::vector<int64_t> values;
          for (DataType item : *value.Get<std::vector<DataType>>()) {
            values.push_back(static_cast<int64_t>(item));
          }
          w_.WritePackedInt64(ir::kListDt, values);
        });
        return;
      case AttrValueType::kListBase: break;
    }
    (void)storage;
    throw GeException("attribute value of unsupported type " +
                      std::to_string(static_cast<int>(value.GetValueType())));
  }

 private:
  static constexpr int kMaxGraphAttrDepth = 10;
  const ModelDefWriteOptions &options_;
  WireWriter w_;
  int graph_attr_depth_ = 0;
};

}  // namespace

Status SerializeModelDef(const ComputeGraph &graph, const ModelDefWriteOptions &options,
                         std::string *bytes) {
  if (bytes == nullptr) {
    return Fail("SerializeModelDef: output buffer is null");
  }
  try {
    std::string out;
    ModelDefWriter writer(options, &out);
    writer.WriteModel(graph);
    *bytes = std::move(out);
    return SUCCESS;
  } catch (const GeException &e) {
    return Fail("failed to serialize graph '" + graph.GetName() + "': " + e.what());
  } catch (const std::bad_alloc &) {
    return Fail("failed to serialize graph '" + graph.GetName() + "': out of memory");
  }
}

}  // namespace ge
