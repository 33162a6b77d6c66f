#include "air/model_def_reader.h"

#include <array>
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "air/ge_ir_schema.h"
#include "common/error.h"
#include "common/log.h"
#include "proto/wire_format.h"

namespace ge {
namespace {

using proto::WireField;
using proto::WireReader;
using proto::WireType;

struct PendingOp {
  Node *node = nullptr;
  std::string_view name;  // a view into the model bytes, for OpNameIndex
  // The op's OpDef.input entries are inputs[first_input, first_input + input_count) of its
  // PendingGraph: one flat list per graph instead of a heap block per op.
  uint32_t first_input = 0;
  uint32_t input_count = 0;
};

struct PendingGraph {
  ComputeGraphPtr graph;
  std::vector<PendingOp> ops;
  // Views into the model bytes, which outlive the parse (linking happens inside ParseModel).
  std::vector<std::string_view> op_inputs;
  std::vector<std::string> inputs;
  std::vector<std::string> outputs;
  size_t offset = 0;
};

/// Splits "<node>:<index>" at the LAST ':' (node names may contain ':'); the index is read like
/// strtol, so non-numeric text gives 0. False when there is no ':'.
bool SplitEndpoint(std::string_view entry, std::string_view *node, int64_t *index) {
  const size_t pos = entry.rfind(':');
  if (pos == std::string_view::npos) {
    return false;
  }
  *node = entry.substr(0, pos);
  const std::string_view text = entry.substr(pos + 1);
  // Fast path for what writers produce: "-1" or up to 18 plain digits (no overflow possible).
  const bool negative = !text.empty() && text[0] == '-';
  const std::string_view digits = negative ? text.substr(1) : text;
  if (!digits.empty() && digits.size() <= 18 &&
      digits.find_first_not_of("0123456789") == std::string_view::npos) {
    int64_t value = 0;
    for (char c : digits) {
      value = value * 10 + (c - '0');
    }
    *index = negative ? -value : value;
    return true;
  }
  const std::string terminated(text);  // strtoll needs a terminated string
  errno = 0;
  char *end = nullptr;
  long long value = std::strtoll(terminated.c_str(), &end, 10);
  *index = (errno == ERANGE) ? (value < 0 ? INT64_MIN : INT64_MAX) : static_cast<int64_t>(value);
  return true;
}

bool SplitEndpoint(std::string_view entry, std::string *node, int64_t *index) {
  std::string_view view;
  if (!SplitEndpoint(entry, &view, index)) {
    return false;
  }
  node->assign(view.data(), view.size());
  return true;
}

/// Op name -> op of one graph, for linking edges: open addressing over views of the names in
/// the model bytes, built once with the final size. The graph's own name map is a node-based
/// hash map whose lookups miss the cache several times each; with one lookup per edge, that was
/// the largest single cost of loading a large model.
class OpNameIndex {
 public:
  explicit OpNameIndex(const std::vector<PendingOp> &ops) : ops_(ops) {
    size_t capacity = 16;
    while (capacity < ops.size() * 2) {
      capacity <<= 1;
    }
    slots_.assign(capacity, 0);
    mask_ = capacity - 1;
    for (size_t i = 0; i < ops.size(); ++i) {
      const uint64_t hash = std::hash<std::string_view>()(ops[i].name);
      size_t pos = hash & mask_;
      while (slots_[pos] != 0) {
        pos = (pos + 1) & mask_;
      }
      slots_[pos] = (hash & kHashMask) | (i + 1);  // names are unique: AddNode checked
    }
  }

  Node *Find(std::string_view name) const {
    const uint64_t hash = std::hash<std::string_view>()(name);
    for (size_t pos = hash & mask_; slots_[pos] != 0; pos = (pos + 1) & mask_) {
      if ((slots_[pos] & kHashMask) == (hash & kHashMask)) {
        const PendingOp &op = ops_[(slots_[pos] & ~kHashMask) - 1];
        if (op.name == name) {
          return op.node;
        }
      }
    }
    return nullptr;
  }

 private:
  // A slot holds the high 32 bits of the name's hash and the op index + 1 (0: empty).
  static constexpr uint64_t kHashMask = 0xFFFFFFFF00000000ULL;
  const std::vector<PendingOp> &ops_;
  std::vector<uint64_t> slots_;
  size_t mask_ = 0;
};

bool IsConstType(const std::string &type) { return type == "Const" || type == "Constant"; }

Format ParseLayout(const std::string &layout) {
  const size_t colon = layout.find(':');
  if (colon == std::string::npos) {
    return FormatFromString(layout);
  }
  const int32_t primary = static_cast<int32_t>(FormatFromString(layout.substr(0, colon))) & 0xFF;
  const int64_t sub = std::strtoll(layout.c_str() + colon + 1, nullptr, 10);
  return static_cast<Format>(primary | static_cast<int32_t>((sub & 0xFFFF) << 8));
}

DataType GeDataTypeFromInt(int64_t value) {
  return value >= 0 && value < DT_MAX && IsValidDataType(static_cast<int32_t>(value))
             ? static_cast<DataType>(value)
             : DT_UNDEFINED;
}

/// Reserved attributes of one message (op or desc) are decoded into fixed slots instead of the
/// attribute map: no map entry and no key string per reserved attribute. As in the map, the last
/// entry of a key wins; an empty slot means "absent".
template <size_t N>
struct ReservedSlots {
  // Views, not C strings: comparing against a `const char *` measured one strlen per key per
  // attribute entry, dozens per op.
  const std::array<std::string_view, N> &keys;
  std::array<GeAttrValue, N> values{};

  /// Keeps `value` when `key` is reserved here; false otherwise.
  bool Offer(std::string_view key, GeAttrValue *value) {
    for (size_t i = 0; i < N; ++i) {
      if (key == keys[i]) {
        values[i] = std::move(*value);
        return true;
      }
    }
    return false;
  }

  /// The value of slot `index` when it has type T (TakeAttr semantics: other types are dropped).
  template <typename T>
  std::optional<T> Take(size_t index) {
    std::optional<T> result;
    if (T *value = values[index].template GetMutable<T>()) {
      result = std::move(*value);
    }
    return result;
  }
};

enum DescSlot : size_t {
  kSlotFormatForInt,
  kSlotOriginFormat,
  kSlotOriginFormatForInt,
  kSlotOriginDataType,
  kSlotOriginShapeInitialized,
  kSlotOriginShape,
  kDescSlotCount
};
const std::array<std::string_view, kDescSlotCount> kDescReservedKeys = {
    ir::kFormatForInt,   ir::kOriginFormat,           ir::kOriginFormatForInt,
    ir::kOriginDataType, ir::kOriginShapeInitialized, ir::kOriginShape};

enum OpSlot : size_t {
  kSlotInputNameKey,
  kSlotInputNameValue,
  kSlotOutputNameKey,
  kSlotOutputNameValue,
  kSlotOptInput,
  kSlotTxtPeerIndex,
  kSlotIrInputsKey,
  kSlotIrInputsValue,
  kSlotIrOutputsKey,
  kSlotIrOutputsValue,
  kSlotSubgraphIrNamesKey,
  kSlotSubgraphIrNamesValue,
  kSlotIrAttrNames,
  kOpSlotCount
};
const std::array<std::string_view, kOpSlotCount> kOpReservedKeys = {
    ir::kInputNameKey, ir::kInputNameValue, ir::kOutputNameKey,      ir::kOutputNameValue,
    ir::kOptInput,     ir::kTxtPeerIndex,   ir::kIrInputsKey,        ir::kIrInputsValue,
    ir::kIrOutputsKey, ir::kIrOutputsValue, ir::kSubgraphIrNamesKey, ir::kSubgraphIrNamesValue,
    ir::kIrAttrNames};

using OpReserved = ReservedSlots<kOpSlotCount>;
using DescReserved = ReservedSlots<kDescSlotCount>;

class ModelDefParser {
 public:
  ModelDefParser(const std::string &source, const std::string &weight_dir)
      : source_(source), weight_dir_(weight_dir) {}

  ComputeGraphPtr ParseModel(std::string_view bytes) {
    WireReader reader(bytes, source_);
    std::vector<WireField> graph_fields;
    WireField field;
    while (reader.Next(&field)) {
      if (field.number == ir::kModelGraph) {
        reader.ExpectType(field, WireType::kLen, "ModelDef.graph");
        graph_fields.push_back(field);
      } else if (field.number == ir::kModelAttr) {
        // Model attributes (memory_size, ...) have no home in a ComputeGraph; validate and skip.
        AttrMap ignored;
        ParseAttrEntry(reader, field, "ModelDef.attr", &ignored);
      }
    }
    if (graph_fields.empty()) {
      throw GeException(source_ +
                        ": the model has no graph[0] (root graph) and is not a valid AIR model");
    }
    std::vector<PendingGraph> graphs(graph_fields.size());
    for (size_t i = 0; i < graph_fields.size(); ++i) {
      ParseGraphDef(reader.Nested(graph_fields[i], "ModelDef.graph"), &graphs[i]);
      graphs[i].offset = graph_fields[i].offset;
    }
    for (PendingGraph &graph : graphs) {
      LinkGraph(&graph);
    }
    LinkSubgraphs(graphs);
    return graphs[0].graph;
  }

 private:
  struct ReservedOpEffect;  // what an op's reserved attributes set (defined below)
  using ReservedOpEffectPtr = std::shared_ptr<const ReservedOpEffect>;

  [[noreturn]] void Error(const std::string &message) const {
    throw GeException(source_ + ": " + message);
  }

  static std::string Quote(const std::string &name) { return "'" + name + "'"; }

  // ---- graphs ----
  void ParseGraphDef(WireReader reader, PendingGraph *pending) {
    std::string name;
    std::vector<WireField> ops;
    std::vector<WireField> attrs;
    WireField field;
    while (reader.Next(&field)) {
      switch (field.number) {
        case ir::kGraphName:
          reader.ExpectType(field, WireType::kLen, "GraphDef.name");
          name = field.AsString();
          break;
        case ir::kGraphInput:
          reader.ExpectType(field, WireType::kLen, "GraphDef.input");
          pending->inputs.push_back(field.AsString());
          break;
        case ir::kGraphOutput:
          reader.ExpectType(field, WireType::kLen, "GraphDef.output");
          pending->outputs.push_back(field.AsString());
          break;
        case ir::kGraphOp:
          reader.ExpectType(field, WireType::kLen, "GraphDef.op");
          ops.push_back(field);
          break;
        case ir::kGraphAttr: attrs.push_back(field); break;
        default: break;  // attr_groups and unknown fields
      }
    }
    pending->graph = std::make_shared<ComputeGraph>(name);
    pending->ops.reserve(ops.size());
    pending->op_inputs.reserve(ops.size());  // most ops have one input or more
    for (const WireField &op : ops) {
      ParseOpDef(reader.Nested(op, "GraphDef.op"), op.offset, pending);
    }
    for (const WireField &attr : attrs) {
      ParseAttrEntry(reader, attr, "GraphDef.attr", &pending->graph->MutableAllAttrs());
    }
  }

  void LinkGraph(PendingGraph *pending) {
    ComputeGraph &graph = *pending->graph;
    const std::string where = "graph " + Quote(graph.GetName());
    const OpNameIndex index(pending->ops);
    std::string_view src_name;
    for (PendingOp &op : pending->ops) {
      Node *node = op.node;
      size_t data_index = 0;
      for (uint32_t k = 0; k < op.input_count; ++k) {
        const std::string_view entry_view = pending->op_inputs[op.first_input + k];
        int64_t out_index = 0;
        auto entry = [entry_view]() { return std::string(entry_view); };  // for messages only
        if (!SplitEndpoint(entry_view, &src_name, &out_index)) {
          ++data_index;  // "" keeps the positions of unconnected inputs
          continue;
        }
        Node *src = index.Find(src_name);
        if (src == nullptr) {
          Error(where + ", op " + Quote(node->GetName()) + ": input " + Quote(entry()) +
                " names no node " + Quote(std::string(src_name)) + " of the graph");
        }
        if (out_index == -1) {
          if (graph.AddControlEdge(src, node) != SUCCESS) {
            Error(where + ", op " + Quote(node->GetName()) + ": cannot add control input " +
                  Quote(entry()) + ": " + GetLastError());
          }
          continue;
        }
        if (out_index < 0 || out_index >= static_cast<int64_t>(src->GetOutputsSize())) {
          Error(where + ", op " + Quote(node->GetName()) + ": input " + Quote(entry()) +
                " refers to output " + std::to_string(out_index) + " of " +
                Quote(std::string(src_name)) + ", which has " +
                std::to_string(src->GetOutputsSize()) + " outputs");
        }
        if (data_index >= node->GetInputsSize()) {
          Error(where + ", op " + Quote(node->GetName()) + ": input " + Quote(entry()) +
                " is data input " + std::to_string(data_index) + " but the op has " +
                std::to_string(node->GetInputsSize()) + " input descs");
        }
        if (graph.AddDataEdge(src, static_cast<int32_t>(out_index), node,
                              static_cast<int32_t>(data_index)) != SUCCESS) {
          Error(where + ", op " + Quote(node->GetName()) + ": cannot link input " + Quote(entry()) +
                ": " + GetLastError());
        }
        ++data_index;
      }
    }
    pending->op_inputs.clear();
    pending->op_inputs.shrink_to_fit();
    for (const std::string &entry : pending->inputs) {
      std::string name;
      int64_t index = 0;
      Node *node =
          SplitEndpoint(entry, &name, &index) ? graph.FindNode(name) : graph.FindNode(entry);
      if (node == nullptr) {
        Error(where + ": graph input " + Quote(entry) + " names no node of the graph");
      }
      if (graph.AddInputNode(node) != SUCCESS) {
        Error(where + ": cannot register graph input " + Quote(entry) + ": " + GetLastError());
      }
    }
    std::vector<std::pair<Node *, int32_t>> outputs;
    for (const std::string &entry : pending->outputs) {
      std::string name;
      int64_t index = 0;
      Node *node = SplitEndpoint(entry, &name, &index) ? graph.FindNode(name) : nullptr;
      if (node == nullptr) {
        Error(where + ": graph output " + Quote(entry) + " names no node of the graph");
      }
      if (index < 0 || index >= static_cast<int64_t>(node->GetOutputsSize())) {
        Error(where + ": graph output " + Quote(entry) + " is not an output port of " +
              Quote(name));
      }
      outputs.emplace_back(node, static_cast<int32_t>(index));
    }
    if (!outputs.empty() && graph.SetOutputs(std::move(outputs)) != SUCCESS) {
      Error(where + ": cannot set graph outputs: " + GetLastError());
    }
  }

  void LinkSubgraphs(const std::vector<PendingGraph> &graphs) {
    const ComputeGraphPtr &root = graphs[0].graph;
    std::unordered_map<std::string, size_t> by_name;
    for (size_t i = 0; i < graphs.size(); ++i) {
      if (!by_name.emplace(graphs[i].graph->GetName(), i).second) {
        Error("graph[" + std::to_string(i) + "] at byte offset " +
              std::to_string(graphs[i].offset) + " reuses the graph name " +
              Quote(graphs[i].graph->GetName()) + " (graph names must be unique)");
      }
    }
    std::vector<Node *> owner(graphs.size(), nullptr);
    std::vector<size_t> owner_graph(graphs.size(), 0);
    for (size_t g = 0; g < graphs.size(); ++g) {
      for (const PendingOp &op : graphs[g].ops) {
        for (const std::string &sub_name : op.node->GetOpDesc().GetSubgraphInstanceNames()) {
          auto it = by_name.find(sub_name);
          if (it == by_name.end()) {
            Error("graph " + Quote(graphs[g].graph->GetName()) + ", op " +
                  Quote(op.node->GetName()) + ": subgraph " + Quote(sub_name) +
                  " is not one of the model's graphs");
          }
          if (it->second == 0) {
            Error("graph " + Quote(graphs[g].graph->GetName()) + ", op " +
                  Quote(op.node->GetName()) + ": subgraph " + Quote(sub_name) +
                  " is the root graph");
          }
          if (owner[it->second] != nullptr) {
            Error("subgraph " + Quote(sub_name) + " is owned by both op " +
                  Quote(owner[it->second]->GetName()) + " and op " + Quote(op.node->GetName()));
          }
          owner[it->second] = op.node;
          owner_graph[it->second] = g;
        }
      }
    }
    // Every owned subgraph must reach the root through its owners; a loop would make graph
    // walks (GetAllNodes) run forever.
    for (size_t i = 1; i < graphs.size(); ++i) {
      size_t current = i;
      for (size_t steps = 0; owner[current] != nullptr; ++steps) {
        current = owner_graph[current];
        if (steps > graphs.size()) {
          Error("subgraph " + Quote(graphs[i].graph->GetName()) + " is part of an ownership cycle");
        }
      }
    }
    for (size_t i = 1; i < graphs.size(); ++i) {
      const ComputeGraphPtr &sub = graphs[i].graph;
      if (owner[i] != nullptr) {
        sub->SetParentGraph(graphs[owner_graph[i]].graph);
        sub->SetParentNode(owner[i]);
      } else {
        GELOGW("%s: subgraph '%s' is not owned by any op", source_.c_str(), sub->GetName().c_str());
      }
      if (root->AddSubgraph(sub) != SUCCESS) {
        Error("cannot register subgraph " + Quote(sub->GetName()) + ": " + GetLastError());
      }
    }
  }

  // ---- ops ----
  void ParseOpDef(WireReader reader, size_t offset, PendingGraph *pending) {
    OpDesc desc;
    PendingOp op;
    op.first_input = static_cast<uint32_t>(pending->op_inputs.size());
    std::string_view name;
    // Pass 1: everything but the attributes, whose entries are read in pass 2 from a copy of
    // the reader (no list of attribute records per op). Descs go straight into the OpDesc.
    const WireReader attr_reader = reader;
    // The attribute records as one byte range, while they are contiguous (see ParseOpAttrRun).
    const char *run_begin = nullptr;
    const char *run_end = nullptr;
    bool run_contiguous = true;
    WireField field;
    while (reader.Next(&field)) {
      switch (field.number) {
        case ir::kOpAttr: {
          reader.ExpectType(field, WireType::kLen, "OpDef.attr");
          if (field.type != WireType::kLen) {
            break;  // failed above; a field of another wire type has no bytes to point into
          }
          const char *tag = field.bytes.data() - (field.payload_offset - field.offset);
          if (run_begin == nullptr) {
            run_begin = tag;
          } else if (tag != run_end) {
            run_contiguous = false;
          }
          run_end = field.bytes.data() + field.bytes.size();
          break;
        }
        case ir::kOpName:
          reader.ExpectType(field, WireType::kLen, "OpDef.name");
          name = field.bytes;
          break;
        case ir::kOpType:
          reader.ExpectType(field, WireType::kLen, "OpDef.type");
          desc.SetType(field.AsString());
          break;
        case ir::kOpInput:
          reader.ExpectType(field, WireType::kLen, "OpDef.input");
          pending->op_inputs.push_back(field.bytes);
          break;
        case ir::kOpId:
          reader.ExpectType(field, WireType::kVarint, "OpDef.id");
          desc.SetId(field.AsInt64());
          break;
        case ir::kOpInputDesc:
          desc.AddInputDesc("", ParsePortDesc(reader.Nested(field, "OpDef.input_desc")));
          break;
        case ir::kOpOutputDesc:
          desc.AddOutputDesc("", ParsePortDesc(reader.Nested(field, "OpDef.output_desc")));
          break;
        case ir::kOpSubgraphName:
          reader.ExpectType(field, WireType::kLen, "OpDef.subgraph_name");
          desc.AddSubgraphInstanceName(field.AsString());
          break;
        default: break;  // has_out_attr, stream_id, fields 23-32, unknown fields
      }
    }
    const size_t inputs = pending->op_inputs.size() - op.first_input;
    if (inputs > UINT32_MAX) {
      Error("graph " + Quote(pending->graph->GetName()) + ": op " + Quote(std::string(name)) +
            " (OpDef at byte offset " + std::to_string(offset) + ") has too many inputs");
    }
    op.input_count = static_cast<uint32_t>(inputs);
    desc.SetName(std::string(name));  // the last name record wins, as in protobuf
    if (run_contiguous) {
      ParseOpAttrRun(attr_reader,
                     std::string_view(run_begin, static_cast<size_t>(run_end - run_begin)), &desc);
    } else {
      ParseOpAttrs(attr_reader, &desc);
    }
    LoadExternalWeight(pending->graph->GetName(), &desc);
    op.node = pending->graph->AddNode(std::move(desc));
    if (op.node == nullptr) {
      Error("graph " + Quote(pending->graph->GetName()) + ": cannot add op " +
            Quote(std::string(name)) + " (OpDef at byte offset " + std::to_string(offset) +
            "): " + GetLastError());
    }
    op.name = name;
    pending->ops.push_back(op);
  }

  /// An OpDef.input_desc/output_desc. Most port descs of a model are byte-identical (same
  /// dtype, shape, layout and reserved records), so the decoded desc of a record seen before is
  /// copied instead of decoded again. Only descs without user attributes are cached (an
  /// attribute may hold a graph, which must not be shared), and only at the nesting depth they
  /// were decoded at, so the depth limit applies exactly as without the cache.
  GeTensorDesc ParsePortDesc(const WireReader &reader) {
    const std::string_view record = reader.data();
    auto it = port_descs_.find(record);
    if (it != port_descs_.end() && it->second.depth == reader.depth()) {
      return it->second.desc;
    }
    GeTensorDesc desc = ParseTensorDescriptor(reader);
    if (desc.GetAttrs().empty()) {
      if (port_descs_.size() >= kMaxCachedPortDescs) {
        port_descs_.clear();  // bounded: graphs with many distinct descs just decode again
      }
      port_descs_.insert_or_assign(record, CachedPortDesc{desc, reader.depth()});
    }
    return desc;
  }

  /// The attributes of one OpDef (pass 2 of ParseOpDef). Ordinary entries go to the attribute
  /// map. The reserved entries (port names, IR metadata) are the same bytes on every op of one
  /// type and port layout, so they are not decoded per op: their records are collected, and a set
  /// of records seen before reuses its decoded effect (ReservedOpEffect). An op that repeats a
  /// reserved key takes the entry-by-entry path, which keeps GE's "last non-empty entry wins".
  ReservedOpEffectPtr ParseOpAttrs(const WireReader &attr_reader, OpDesc *desc) {
    std::array<PendingRecord, kOpSlotCount> pending;
    bool repeated = false;
    AttrMap &attrs = desc->MutableAllAttrs();
    WireReader reader = attr_reader;
    WireField field;
    while (reader.Next(&field)) {
      if (field.number == ir::kOpAttr) {
        RouteAttrEntry(reader, field, "OpDef.attr", kOpReservedKeys, &pending, &repeated, &attrs);
      }
    }
    if (repeated) {
      OpReserved reserved{kOpReservedKeys};
      WireReader again = attr_reader;
      while (again.Next(&field)) {
        std::string_view key;
        GeAttrValue value;
        if (field.number == ir::kOpAttr &&
            ReadAttrEntry(again, field, "OpDef.attr", &key, &value)) {
          reserved.Offer(key, &value);  // ordinary entries are already in the map
        }
      }
      auto effect = std::make_shared<const ReservedOpEffect>(ComputeReservedOpEffect(&reserved));
      ApplyReservedOpEffect(*effect, desc);
      return effect;
    }
    std::string &key = reserved_key_;  // the concatenated records identify the effect
    BuildRecordKey(pending.data(), pending.size(), &key);
    auto it = reserved_effects_.find(key);
    if (it == reserved_effects_.end()) {
      // Decoding may recurse (a graph or desc inside an attribute) and reuse the scratch key.
      const std::string owned_key = key;
      OpReserved reserved{kOpReservedKeys};
      for (size_t slot = 0; slot < kOpSlotCount; ++slot) {
        if (pending[slot].entry) {
          reserved.values[slot] =
              ParseAttrDef(pending[slot].entry->Nested(pending[slot].value, "AttrDef"));
        }
      }
      it =
          reserved_effects_
              .emplace(owned_key,
                       std::make_shared<const ReservedOpEffect>(ComputeReservedOpEffect(&reserved)))
              .first;
    }
    ApplyReservedOpEffect(*it->second, desc);
    return it->second;
  }

  /// The attributes of an op whose OpDef.attr records are one contiguous run of bytes (as every
  /// writer in field order produces). Ops of one type and configuration repeat the same run, so
  /// the decoded result of a run seen before is copied. Runs whose ordinary attributes hold a
  /// graph or tensor are not cached (graphs must not be shared; weights differ per op anyway).
  void ParseOpAttrRun(const WireReader &attr_reader, std::string_view run, OpDesc *desc) {
    if (run.empty() || run.size() > kMaxCachedAttrRun) {
      ParseOpAttrs(attr_reader, desc);
      return;
    }
    auto it = attr_runs_.find(run);
    if (it != attr_runs_.end() && it->second.depth == attr_reader.depth()) {
      desc->MutableAllAttrs() = it->second.attrs;
      ApplyReservedOpEffect(*it->second.effect, desc);
      return;
    }
    ReservedOpEffectPtr effect = ParseOpAttrs(attr_reader, desc);
    for (const auto &item : desc->GetAllAttrs()) {
      if (!IsShareableAttr(item.second)) {
        return;
      }
    }
    if (attr_runs_.size() >= kMaxCachedAttrRuns) {
      attr_runs_.clear();
    }
    attr_runs_.insert_or_assign(
        run, CachedAttrRun{desc->GetAllAttrs(), std::move(effect), attr_reader.depth()});
  }

  static bool IsShareableAttr(const GeAttrValue &value) {
    switch (value.GetValueType()) {
      case AttrValueType::kTensor:
      case AttrValueType::kGraph:
      case AttrValueType::kNamedAttrs:
      case AttrValueType::kListTensor:
      case AttrValueType::kListGraph:
      case AttrValueType::kListNamedAttrs: return false;
      default: return true;
    }
  }

  /// A reserved attribute's undecoded record: the reader of its map entry (for nesting depth and
  /// offsets) and the entry's AttrDef field.
  struct PendingRecord {
    std::optional<WireReader> entry;
    WireField value;
  };

  /// Routes one entry of OpDef.attr or TensorDescriptor.attr: a reserved key (one of `keys`)
  /// keeps its record undecoded in `pending` and sets `repeated` when the key was seen before;
  /// any other key is decoded into `attrs` (last entry wins). An entry without a value, or with
  /// an AttrDef that has no kept member, is dropped, as GE drops it.
  template <size_t N>
  void RouteAttrEntry(const WireReader &parent, const WireField &field, const char *what,
                      const std::array<std::string_view, N> &keys,
                      std::array<PendingRecord, N> *pending, bool *repeated, AttrMap *attrs) {
    WireReader entry = parent.Nested(field, what);
    std::string_view key;
    WireField value_field;
    if (!ReadAttrKey(&entry, &key, &value_field)) {
      return;
    }
    const int slot = ReservedSlotOf(keys, key);
    if (slot >= 0) {
      PendingRecord &target = (*pending)[static_cast<size_t>(slot)];
      *repeated = *repeated || target.entry.has_value();
      target.entry = entry;
      target.value = value_field;
      return;
    }
    GeAttrValue value = ParseAttrDef(entry.Nested(value_field, "AttrDef"));
    if (!value.IsEmpty()) {
      attrs->insert_or_assign(key, std::move(value));
    }
  }

  template <size_t N>
  static int ReservedSlotOf(const std::array<std::string_view, N> &keys, std::string_view key) {
    for (size_t i = 0; i < N; ++i) {
      if (key == keys[i]) {
        return static_cast<int>(i);
      }
    }
    return -1;
  }

  /// Slot number, length and bytes of every present record: equal keys mean equal records.
  static void BuildRecordKey(const PendingRecord *records, size_t count, std::string *key) {
    key->clear();
    for (size_t slot = 0; slot < count; ++slot) {
      if (!records[slot].entry) {
        continue;
      }
      const std::string_view bytes = records[slot].value.bytes;
      const uint64_t size = bytes.size();
      *key += static_cast<char>(slot);
      key->append(reinterpret_cast<const char *>(&size), sizeof(size));
      key->append(bytes.data(), bytes.size());
    }
  }

  /// What the reserved attributes of an op do to its OpDesc: port names by index (in entry
  /// order, applied when the index is a port of the op) and the shared IR metadata.
  struct ReservedOpEffect {
    std::vector<std::pair<int64_t, std::string>> input_names;
    std::vector<std::pair<int64_t, std::string>> output_names;
    IrMetadataPtr metadata;  // null: no IR metadata
  };
  struct CachedAttrRun {
    AttrMap attrs;  // the ordinary attributes
    ReservedOpEffectPtr effect;
    int depth;
  };

  static void TakeNameIndexPair(OpReserved *reserved, size_t key_slot, size_t value_slot,
                                std::vector<std::pair<int64_t, std::string>> *names) {
    auto keys = reserved->Take<std::vector<std::string>>(key_slot);
    auto values = reserved->Take<std::vector<int64_t>>(value_slot);
    if (!keys || !values || keys->size() != values->size()) {
      return;  // mismatched pairs are ignored, as GE does
    }
    for (size_t i = 0; i < keys->size(); ++i) {
      names->emplace_back((*values)[i], std::move((*keys)[i]));
    }
  }

  static void ApplyReservedOpEffect(const ReservedOpEffect &effect, OpDesc *desc) {
    for (const auto &item : effect.input_names) {
      if (item.first >= 0 && static_cast<size_t>(item.first) < desc->GetInputsSize()) {
        desc->SetInputName(static_cast<size_t>(item.first), item.second);
      }
    }
    for (const auto &item : effect.output_names) {
      if (item.first >= 0 && static_cast<size_t>(item.first) < desc->GetOutputsSize()) {
        desc->SetOutputName(static_cast<size_t>(item.first), item.second);
      }
    }
    if (effect.metadata != nullptr) {
      desc->SetIrMetadata(effect.metadata);
    }
  }

  ReservedOpEffect ComputeReservedOpEffect(OpReserved *reserved) {
    ReservedOpEffect effect;
    TakeNameIndexPair(reserved, kSlotInputNameKey, kSlotInputNameValue, &effect.input_names);
    TakeNameIndexPair(reserved, kSlotOutputNameKey, kSlotOutputNameValue, &effect.output_names);
    // _opt_input is derived from _ir_inputs on save; the txt-load peer index is dropped.
    IrMetadata metadata;
    // Identical metadata is shared between nodes, as the op catalog does; the cache key is built
    // in a reused buffer (this runs for every op).
    std::string &key = metadata_key_;
    key.clear();
    auto take_pairs = [reserved, &key](size_t names_slot, size_t values_slot, auto *out) {
      auto names = reserved->Take<std::vector<std::string>>(names_slot);
      auto values = reserved->Take<std::vector<int64_t>>(values_slot);
      if (!names || !values || names->size() != values->size()) {
        key += '\x01';
        return;
      }
      using Kind = typename std::decay_t<decltype(*out)>::value_type::second_type;
      for (size_t i = 0; i < names->size(); ++i) {
        key += (*names)[i];
        key += '\x02';
        key += std::to_string((*values)[i]);
        key += '\x03';
        out->emplace_back(std::move((*names)[i]), static_cast<Kind>((*values)[i]));
      }
      key += '\x01';
    };
    take_pairs(kSlotIrInputsKey, kSlotIrInputsValue, &metadata.inputs);
    take_pairs(kSlotIrOutputsKey, kSlotIrOutputsValue, &metadata.outputs);
    take_pairs(kSlotSubgraphIrNamesKey, kSlotSubgraphIrNamesValue, &metadata.subgraphs);
    if (auto names = reserved->Take<std::vector<std::string>>(kSlotIrAttrNames)) {
      metadata.attr_names = std::move(*names);
      for (const std::string &name : metadata.attr_names) {
        key += name;
        key += '\x02';
      }
    }
    if (metadata.inputs.empty() && metadata.outputs.empty() && metadata.subgraphs.empty() &&
        metadata.attr_names.empty()) {
      return effect;
    }
    auto it = metadata_cache_.find(key);
    if (it == metadata_cache_.end()) {
      it = metadata_cache_.emplace(key, std::make_shared<const IrMetadata>(std::move(metadata)))
               .first;
    }
    effect.metadata = it->second;
    return effect;
  }

  void LoadExternalWeight(const std::string &graph_name, OpDesc *desc) {
    if (!IsConstType(desc->GetType())) {
      return;
    }
    AttrMap &attrs = desc->MutableAllAttrs();
    auto location_it = attrs.find(ir::kExternalLocation);
    if (location_it == attrs.end()) {
      return;
    }
    const std::string where = "graph " + Quote(graph_name) + ", op " + Quote(desc->GetName());
    const std::string *location = location_it->second.Get<std::string>();
    const GeAttrValue *length_value = desc->GetAttr(ir::kExternalLength);
    const int64_t *length = length_value == nullptr ? nullptr : length_value->Get<int64_t>();
    auto value_it = attrs.find("value");
    GeTensor *tensor = value_it == attrs.end() ? nullptr : value_it->second.GetMutable<GeTensor>();
    if (location == nullptr || length == nullptr || *length < 0 || tensor == nullptr) {
      Error(where +
            ": external weight needs a string 'location', a non-negative int 'length' and a tensor "
            "'value'");
    }
    if (location->empty() || (*location)[0] == '/' || location->find("..") != std::string::npos) {
      Error(where + ": external weight location " + Quote(*location) +
            " must be a relative path inside the model's directory");
    }
    if (weight_dir_.empty()) {
      Error(where + ": external weight " + Quote(*location) +
            " cannot be resolved for an in-memory model");
    }
    const std::string path = weight_dir_ + "/" + *location;
    std::ifstream file(path, std::ios::binary | std::ios::ate);
    if (!file) {
      Error(where + ": cannot open external weight file " + Quote(path));
    }
    const std::streamoff file_size = file.tellg();
    if (file_size < *length) {
      Error(where + ": external weight file " + Quote(path) + " has " + std::to_string(file_size) +
            " bytes, expected " + std::to_string(*length));
    }
    file.seekg(0);
    std::vector<uint8_t> data(static_cast<size_t>(*length));
    file.read(reinterpret_cast<char *>(data.data()), static_cast<std::streamsize>(data.size()));
    if (static_cast<size_t>(file.gcount()) != data.size()) {
      Error(where + ": external weight file " + Quote(path) + " has " +
            std::to_string(file.gcount()) + " bytes, expected " + std::to_string(*length));
    }
    tensor->SetData(std::move(data));
    attrs.erase(ir::kExternalLocation);
    attrs.erase(ir::kExternalLength);
  }

  // ---- descriptors and tensors ----
  /// What the reserved attributes of a desc set; absent members leave the desc alone.
  struct DescEffect {
    std::optional<Format> format;
    std::optional<Format> origin_format;
    std::optional<DataType> origin_dtype;
    std::optional<bool> origin_initialized;
    std::optional<std::vector<int64_t>> origin_shape;
  };
  static constexpr size_t kMaxCachedDescEffects = 4096;

  static DescEffect ComputeDescEffect(DescReserved *reserved) {
    DescEffect effect;
    if (auto format = reserved->Take<int64_t>(kSlotFormatForInt)) {
      effect.format = static_cast<Format>(*format);
    }
    auto origin_format = reserved->Take<std::string>(kSlotOriginFormat);
    auto origin_format_int = reserved->Take<int64_t>(kSlotOriginFormatForInt);
    if (origin_format_int) {
      effect.origin_format = static_cast<Format>(*origin_format_int);
    } else if (origin_format) {
      effect.origin_format = ParseLayout(*origin_format);
    }
    if (auto origin_dtype = reserved->Take<std::string>(kSlotOriginDataType)) {
      effect.origin_dtype = DataTypeFromString(*origin_dtype);
    }
    effect.origin_initialized = reserved->Take<bool>(kSlotOriginShapeInitialized);
    effect.origin_shape = reserved->Take<std::vector<int64_t>>(kSlotOriginShape);
    return effect;
  }

  static void ApplyDescEffect(const DescEffect &effect, GeTensorDesc *desc) {
    if (effect.format) {
      desc->SetFormat(*effect.format);
    }
    if (effect.origin_format) {
      desc->SetOriginFormat(*effect.origin_format);
    }
    if (effect.origin_dtype) {
      desc->SetOriginDataType(*effect.origin_dtype);
    }
    if (effect.origin_shape) {
      desc->SetOriginShape(GeShape(*effect.origin_shape));
    }
    if (effect.origin_initialized) {
      desc->SetOriginShapeInitialized(*effect.origin_initialized);
    }
  }

  GeTensorDesc ParseTensorDescriptor(WireReader reader) {
    GeTensorDesc desc;
    desc.SetDataType(DT_UNDEFINED);  // an absent dtype is proto DT_UNDEFINED (0)
    std::string_view layout;
    bool has_layout = false;
    WireField field;
    // User attributes go to the desc only when there are any (most descs have none).
    AttrMap attrs;
    // Reserved entries are collected undecoded, as for ops (ParseOpAttrs).
    std::array<PendingRecord, kDescSlotCount> pending;
    bool repeated = false;
    const WireReader start = reader;
    while (reader.Next(&field)) {
      switch (field.number) {
        case ir::kDescName:
          reader.ExpectType(field, WireType::kLen, "TensorDescriptor.name");
          desc.SetName(field.AsString());
          break;
        case ir::kDescDtype:
          reader.ExpectType(field, WireType::kVarint, "TensorDescriptor.dtype");
          desc.SetDataType(ir::FromProtoDataType(field.AsInt32()));
          break;
        case ir::kDescShape: {
          WireReader shape = reader.Nested(field, "TensorDescriptor.shape");
          std::vector<int64_t> dims = desc.GetShape().GetDims();  // a repeated message merges
          WireField dim;
          while (shape.Next(&dim)) {
            if (dim.number == ir::kShapeDim) {
              shape.AppendVarints(dim, "ShapeDef.dim", &dims);
            }
          }
          desc.SetShape(GeShape(std::move(dims)));
          break;
        }
        case ir::kDescLayout:
          reader.ExpectType(field, WireType::kLen, "TensorDescriptor.layout");
          layout = field.bytes;
          has_layout = true;
          break;
        case ir::kDescAttr:
          RouteAttrEntry(reader, field, "TensorDescriptor.attr", kDescReservedKeys, &pending,
                         &repeated, &attrs);
          break;
        default: break;
      }
    }
    if (has_layout) {
      desc.SetFormat(ParseLayout(std::string(layout)));
    }
    if (repeated) {
      DescReserved reserved{kDescReservedKeys};
      WireReader again = start;
      while (again.Next(&field)) {
        std::string_view key;
        GeAttrValue value;
        if (field.number == ir::kDescAttr &&
            ReadAttrEntry(again, field, "TensorDescriptor.attr", &key, &value)) {
          reserved.Offer(key, &value);  // ordinary entries are already in the map
        }
      }
      ApplyDescEffect(ComputeDescEffect(&reserved), &desc);
    } else {
      std::string &cache_key = reserved_key_;
      BuildRecordKey(pending.data(), pending.size(), &cache_key);
      auto it = desc_effects_.find(cache_key);
      if (it == desc_effects_.end()) {
        const std::string owned_key = cache_key;  // decoding may recurse and reuse the scratch
        DescReserved reserved{kDescReservedKeys};
        for (size_t slot = 0; slot < kDescSlotCount; ++slot) {
          if (pending[slot].entry) {
            reserved.values[slot] =
                ParseAttrDef(pending[slot].entry->Nested(pending[slot].value, "AttrDef"));
          }
        }
        if (desc_effects_.size() >= kMaxCachedDescEffects) {
          desc_effects_.clear();  // bounded: many distinct origin shapes just decode again
        }
        it = desc_effects_.emplace(owned_key, ComputeDescEffect(&reserved)).first;
      }
      ApplyDescEffect(it->second, &desc);
    }
    if (!attrs.empty()) {
      desc.MutableAttrs() = std::move(attrs);
    }
    return desc;
  }

  GeTensor ParseTensorDef(WireReader reader) {
    GeTensorDesc desc;
    std::string_view data;
    WireField field;
    while (reader.Next(&field)) {
      if (field.number == ir::kTensorDesc) {
        desc = ParseTensorDescriptor(reader.Nested(field, "TensorDef.desc"));
      } else if (field.number == ir::kTensorData) {
        reader.ExpectType(field, WireType::kLen, "TensorDef.data");
        data = field.bytes;
      }
    }
    GeTensor tensor(std::move(desc));
    if (!data.empty()) {
      tensor.SetData(data.data(), data.size());
    }
    return tensor;
  }

  NamedAttrs ParseNamedAttrs(WireReader reader) {
    NamedAttrs named;
    WireField field;
    while (reader.Next(&field)) {
      if (field.number == ir::kNamedAttrsName) {
        reader.ExpectType(field, WireType::kLen, "NamedAttrs.name");
        named.name = field.AsString();
      } else if (field.number == ir::kNamedAttrsAttr) {
        ParseAttrEntry(reader, field, "NamedAttrs.attr", &named.attrs);
      }
    }
    return named;
  }

  ComputeGraphPtr ParseGraphAttr(const WireReader &reader, const WireField &field,
                                 const char *what) {
    PendingGraph pending;
    ParseGraphDef(reader.Nested(field, what), &pending);
    LinkGraph(&pending);
    return pending.graph;
  }

  // ---- attributes ----
  /// One map<string, AttrDef> entry; the last entry of a key wins, dropped values erase nothing.
  void ParseAttrEntry(const WireReader &parent, const WireField &entry, const char *what,
                      AttrMap *attrs) {
    std::string_view key;
    GeAttrValue value;
    if (ReadAttrEntry(parent, entry, what, &key, &value)) {
      attrs->insert_or_assign(key, std::move(value));
    }
  }

  /// Reads one entry into `key` (a view into the model bytes) and `value`. False when the entry
  /// has no value or an AttrDef with no kept member: GE drops such an entry.
  bool ReadAttrEntry(const WireReader &parent, const WireField &entry, const char *what,
                     std::string_view *key, GeAttrValue *value) {
    WireReader reader = parent.Nested(entry, what);
    WireField value_field;
    if (!ReadAttrKey(&reader, key, &value_field)) {
      return false;  // a missing value is an AttrDef with no member, which GE drops
    }
    *value = ParseAttrDef(reader.Nested(value_field, "AttrDef"));
    return !value->IsEmpty();
  }

  /// Scans one map entry (the reader of its payload) for its key and its AttrDef record
  /// without decoding the AttrDef. False when the entry has no value.
  static bool ReadAttrKey(WireReader *reader, std::string_view *key, WireField *value_field) {
    *key = std::string_view();
    bool has_value = false;
    WireField field;
    while (reader->Next(&field)) {
      if (field.number == ir::kMapKey) {
        reader->ExpectType(field, WireType::kLen, "attr key");
        *key = field.bytes;
      } else if (field.number == ir::kMapValue) {
        reader->ExpectType(field, WireType::kLen, "attr value");
        *value_field = field;
        has_value = true;
      }
    }
    return has_value;
  }

  GeAttrValue ParseAttrDef(WireReader reader) {
    GeAttrValue value;  // oneof: the last member present wins
    WireField field;
    while (reader.Next(&field)) {
      switch (field.number) {
        case ir::kAttrList: value = ParseListValue(reader.Nested(field, "AttrDef.list")); break;
        case ir::kAttrS:
          reader.ExpectType(field, WireType::kLen, "AttrDef.s");
          value = GeAttrValue(field.AsString());
          break;
        case ir::kAttrI:
          reader.ExpectType(field, WireType::kVarint, "AttrDef.i");
          value = GeAttrValue(field.AsInt64());
          break;
        case ir::kAttrF:
          reader.ExpectType(field, WireType::kI32, "AttrDef.f");
          value = GeAttrValue(field.AsFloat());
          break;
        case ir::kAttrB:
          reader.ExpectType(field, WireType::kVarint, "AttrDef.b");
          value = GeAttrValue(field.AsBool());
          break;
        case ir::kAttrBt: {
          reader.ExpectType(field, WireType::kLen, "AttrDef.bt");
          Bytes bytes;
          bytes.data.assign(field.bytes.begin(), field.bytes.end());
          value = GeAttrValue(std::move(bytes));
          break;
        }
        case ir::kAttrFunc:
          value = GeAttrValue(ParseNamedAttrs(reader.Nested(field, "AttrDef.func")));
          break;
        case ir::kAttrTd:
          value = GeAttrValue(ParseTensorDescriptor(reader.Nested(field, "AttrDef.td")));
          break;
        case ir::kAttrT:
          value = GeAttrValue(ParseTensorDef(reader.Nested(field, "AttrDef.t")));
          break;
        case ir::kAttrG: value = GeAttrValue(ParseGraphAttr(reader, field, "AttrDef.g")); break;
        case ir::kAttrListListInt: {
          std::vector<std::vector<int64_t>> lists;
          WireReader outer = reader.Nested(field, "AttrDef.list_list_int");
          WireField item;
          while (outer.Next(&item)) {
            if (item.number != ir::kListListItem) {
              continue;
            }
            WireReader inner = outer.Nested(item, "ListListInt.list_list_i");
            std::vector<int64_t> values;
            WireField element;
            while (inner.Next(&element)) {
              if (element.number == ir::kListListItem) {
                inner.AppendVarints(element, "ListInt.list_i", &values);
              }
            }
            lists.push_back(std::move(values));
          }
          value = GeAttrValue(std::move(lists));
          break;
        }
        case ir::kAttrDt:
          reader.ExpectType(field, WireType::kVarint, "AttrDef.dt");
          value = GeAttrValue(GeDataTypeFromInt(field.AsInt64()));
          break;
        case ir::kAttrListListFloat: {
          std::vector<std::vector<float>> lists;
          WireReader outer = reader.Nested(field, "AttrDef.list_list_float");
          WireField item;
          while (outer.Next(&item)) {
            if (item.number != ir::kListListItem) {
              continue;
            }
            WireReader inner = outer.Nested(item, "ListListFloat.list_list_f");
            std::vector<float> values;
            WireField element;
            while (inner.Next(&element)) {
              if (element.number == ir::kListListItem) {
                inner.AppendFloats(element, "ListFloat.list_f", &values);
              }
            }
            lists.push_back(std::move(values));
          }
          value = GeAttrValue(std::move(lists));
          break;
        }
        case ir::kAttrExpression:
          // Symbolic expressions have no GeAttrValue kind; such an attribute is not kept.
          reader.ExpectType(field, WireType::kLen, "AttrDef.expression");
          value = GeAttrValue();
          break;
        default: break;
      }
    }
    return value;
  }

  GeAttrValue ParseListValue(WireReader reader) {
    std::vector<std::string> s;
    std::vector<int64_t> i;
    std::vector<float> f;
    std::vector<bool> b;
    std::vector<Bytes> bt;
    std::vector<GeTensorDesc> td;
    std::vector<GeTensor> t;
    std::vector<ComputeGraphPtr> g;
    std::vector<NamedAttrs> na;
    std::vector<int64_t> dt;
    int32_t val_type = ir::VT_LIST_NONE;
    WireField field;
    while (reader.Next(&field)) {
      switch (field.number) {
        case ir::kListS:
          reader.ExpectType(field, WireType::kLen, "ListValue.s");
          s.push_back(field.AsString());
          break;
        case ir::kListI: reader.AppendVarints(field, "ListValue.i", &i); break;
        case ir::kListF: reader.AppendFloats(field, "ListValue.f", &f); break;
        case ir::kListB: reader.AppendBools(field, "ListValue.b", &b); break;
        case ir::kListBt: {
          reader.ExpectType(field, WireType::kLen, "ListValue.bt");
          Bytes bytes;
          bytes.data.assign(field.bytes.begin(), field.bytes.end());
          bt.push_back(std::move(bytes));
          break;
        }
        case ir::kListTd:
          td.push_back(ParseTensorDescriptor(reader.Nested(field, "ListValue.td")));
          break;
        case ir::kListT: t.push_back(ParseTensorDef(reader.Nested(field, "ListValue.t"))); break;
        case ir::kListG: g.push_back(ParseGraphAttr(reader, field, "ListValue.g")); break;
        case ir::kListNa:
          na.push_back(ParseNamedAttrs(reader.Nested(field, "ListValue.na")));
          break;
        case ir::kListDt: reader.AppendVarints(field, "ListValue.dt", &dt); break;
        case ir::kListValType:
          reader.ExpectType(field, WireType::kVarint, "ListValue.val_type");
          val_type = field.AsInt32();
          break;
        default: break;
      }
    }
    switch (val_type) {
      case ir::VT_LIST_STRING: return GeAttrValue(std::move(s));
      case ir::VT_LIST_INT: return GeAttrValue(std::move(i));
      case ir::VT_LIST_FLOAT: return GeAttrValue(std::move(f));
      case ir::VT_LIST_BOOL: return GeAttrValue(std::move(b));
      case ir::VT_LIST_BYTES: return GeAttrValue(std::move(bt));
      case ir::VT_LIST_TENSOR_DESC: return GeAttrValue(std::move(td));
      case ir::VT_LIST_TENSOR: return GeAttrValue(std::move(t));
      case ir::VT_LIST_GRAPH: return GeAttrValue(std::move(g));
      case ir::VT_LIST_NAMED_ATTRS: return GeAttrValue(std::move(na));
      case ir::VT_LIST_DATA_TYPE: {
        std::vector<DataType> types;
        types.reserve(dt.size());
        for (int64_t value : dt) {
          types.push_back(GeDataTypeFromInt(value));
        }
        return GeAttrValue(std::move(types));
      }
      default: return GeAttrValue();  // VT_LIST_NONE (and unknown kinds) are dropped, as GE does
    }
  }

  const std::string &source_;
  const std::string &weight_dir_;
  std::unordered_map<std::string, IrMetadataPtr> metadata_cache_;
  std::string metadata_key_;  // scratch of ComputeReservedOpEffect
  std::string reserved_key_;  // scratch of ParseOpAttrs
  std::unordered_map<std::string, ReservedOpEffectPtr> reserved_effects_;
  static constexpr size_t kMaxCachedAttrRun = 4096;
  static constexpr size_t kMaxCachedAttrRuns = 1024;
  // Keys view the model bytes, which outlive the parser.
  std::unordered_map<std::string_view, CachedAttrRun> attr_runs_;
  std::unordered_map<std::string, DescEffect> desc_effects_;
  struct CachedPortDesc {
    GeTensorDesc desc;
    int depth;
  };
  static constexpr size_t kMaxCachedPortDescs = 1024;
  // Keys view the model bytes, which outlive the parser.
  std::unordered_map<std::string_view, CachedPortDesc> port_descs_;
};

}  // namespace

Status ParseModelDefBytes(std::string_view bytes, const std::string &source,
                          const std::string &weight_dir, ComputeGraphPtr *graph) {
  if (graph == nullptr) {
    return Fail(source + ": output graph pointer is null");
  }
  try {
    ModelDefParser parser(source, weight_dir);
    *graph = parser.ParseModel(bytes);
    return SUCCESS;
  } catch (const GeException &e) {
    return Fail(e.what());
  } catch (const std::bad_alloc &) {
    return Fail(source + ": out of memory while parsing the model");
  }
}

}  // namespace ge
