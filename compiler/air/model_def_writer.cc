#include "air/model_def_writer.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <map>
#include <memory>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "air/ge_ir_schema.h"
#include "common/error.h"
#include "proto/wire_format.h"

namespace ge {
namespace {

using proto::WireWriter;

// A reserved attribute to write: key plus a value owned by the caller and, when
// known, the finished record bytes of the entry (shared reserved attributes are encoded once).
struct AttrEntry {
  std::string_view first;
  const GeAttrValue *second = nullptr;
  const std::string *encoded = nullptr;
};

// At most 13 reserved op attributes plus the text-dump peer index.
constexpr size_t kMaxReservedEntries = 16;

/// Sorts the few reserved entries of one message by key (insertion sort: at most 16 entries, and
/// std::sort on a small fixed array trips GCC's -Warray-bounds at -O2).
void SortEntries(AttrEntry *entries, size_t count) {
  for (size_t i = 1; i < count; ++i) {
    AttrEntry entry = entries[i];
    size_t j = i;
    for (; j > 0 && entry.first < entries[j - 1].first; --j) {
      entries[j] = entries[j - 1];
    }
    entries[j] = entry;
  }
}

/// The reserved attributes that follow from an op's IR metadata and port names, built
/// once per distinct (metadata, port names) and shared by all nodes with them: the nodes of one
/// op type usually are. Saves building a dozen attribute values per node.
struct OpReservedAttrs {
  IrMetadataPtr metadata;
  std::vector<std::string> input_names;
  std::vector<std::string> output_names;
  std::vector<std::pair<std::string, GeAttrValue>> values;  // sorted by key
  std::vector<std::string> encoded;  // values[i] as one finished OpDef.attr record
  std::string joined;                // all of `encoded`, for ops without other attributes

  bool Matches(const OpDesc &desc) const {
    if (desc.GetInputsSize() != input_names.size() ||
        desc.GetOutputsSize() != output_names.size()) {
      return false;
    }
    for (size_t i = 0; i < input_names.size(); ++i) {
      if (desc.GetInputName(i) != input_names[i]) return false;
    }
    for (size_t i = 0; i < output_names.size(); ++i) {
      if (desc.GetOutputName(i) != output_names[i]) return false;
    }
    return true;
  }
};

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
    WriteModelTail(root);
  }

  /// WriteModel straight into `fd` through a small reused buffer: the root graph's ops are
  /// flushed as they are written, so no buffer of the file's size is ever touched (fresh memory
  /// is what a 50 MB save spent most time on). graph[0]'s length prefix comes before its ops,
  /// so its varint width is predicted from the first ops and the value is written with pwrite at
  /// the end. False when the prediction was wrong (the file is then incomplete and the caller
  /// writes it again from memory); bytes are identical to WriteModel's either way.
  bool StreamModel(const ComputeGraph &root, int fd, const std::string &path) {
    stream_fd_ = fd;
    stream_path_ = &path;
    std::string &out = *w_.out();
    w_.WriteTag(ir::kModelGraph, proto::WireType::kLen);
    header_at_ = out.size();
    out.append(kMaxLengthWidth, '\0');  // room for the length; narrowed at the probe
    body_at_ = out.size();
    streaming_root_ = true;
    WriteGraphDef(root);
    streaming_root_ = false;
    const uint64_t length = flushed_ + out.size() - body_at_;
    const size_t width = proto::VarintSize(length);
    char varint[kMaxLengthWidth];
    size_t used = 0;
    for (uint64_t value = length; value >= 0x80U; value >>= 7) {
      varint[used++] = static_cast<char>((value & 0x7FU) | 0x80U);
    }
    varint[used++] = static_cast<char>(length >> (7 * (width - 1)));
    if (!width_fixed_) {
      // Nothing flushed yet: close the gap to the exact width in memory.
      out.erase(header_at_ + width, kMaxLengthWidth - width);
      out.replace(header_at_, width, varint, width);
    } else if (width != fixed_width_) {
      return false;
    } else if (header_at_ >= flushed_) {
      out.replace(header_at_ - flushed_, width, varint, width);
    } else if (pwrite(fd, varint, width, static_cast<off_t>(header_at_)) !=
               static_cast<ssize_t>(width)) {
      throw GeException("cannot write '" + path + "': " + std::strerror(errno));
    }
    WriteModelTail(root);
    Flush();
    return true;
  }

 private:
  static constexpr size_t kMaxLengthWidth = 5;     // varint of a length below 2^35
  static constexpr size_t kFlushBytes = 1U << 20;  // stream in 1 MB writes
  static constexpr uint64_t kMaxFileBytes = (1ULL << 31) - 1;

  void Flush() {
    std::string &out = *w_.out();
    size_t done = 0;
    while (done < out.size()) {
      const ssize_t n = write(stream_fd_, out.data() + done, out.size() - done);
      if (n < 0 && errno == EINTR) {
        continue;
      }
      if (n < 0) {
        throw GeException("cannot write '" + *stream_path_ + "': " + std::strerror(errno));
      }
      done += static_cast<size_t>(n);
    }
    flushed_ += out.size();
    out.clear();  // keeps the capacity: the same hot pages take the next megabyte
    if (flushed_ > kMaxFileBytes) {
      throw GeException("the model is over the 2 GB limit of an AIR file");
    }
  }

  /// At the probe point of the streamed root graph: fix the width of graph[0]'s length from the
  /// bytes per op so far (nothing has been flushed yet, so the first ops move a few bytes).
  void FixLengthWidth(size_t done, size_t total) {
    std::string &out = *w_.out();
    const uint64_t per_op = (out.size() - body_at_) / done + 1;
    fixed_width_ = proto::VarintSize((out.size() - body_at_) + per_op * (total - done));
    out.erase(header_at_ + fixed_width_, kMaxLengthWidth - fixed_width_);
    body_at_ = header_at_ + fixed_width_;
    width_fixed_ = true;
  }

 public:
  void WriteModelTail(const ComputeGraph &root) {
    size_t token = 0;
    for (const ComputeGraphPtr &sub : root.GetAllSubgraphs()) {
      token = w_.BeginMessage(ir::kModelGraph);
      WriteGraphDef(*sub);
      w_.EndMessage(token);
    }
    // The seven attributes every GE ge::Model starts with, already in key order.
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
    const std::vector<Node *> nodes = graph.GetDirectNodes();
    const size_t start = w_.out()->size();
    // Only the streamed root graph flushes (nested graph attributes write into their parent).
    const bool streaming = streaming_root_;
    streaming_root_ = false;
    for (size_t i = 0; i < nodes.size(); ++i) {
      if (i == kSizeProbeOps) {
        if (streaming) {
          FixLengthWidth(i, nodes.size());
        } else {
          ReserveForRemainingOps(start, i, nodes.size());
        }
      }
      if (streaming && width_fixed_ && w_.out()->size() >= kFlushBytes) {
        Flush();
      }
      const size_t token = w_.BeginMessage(ir::kGraphOp);
      WriteOpDef(*nodes[i]);
      w_.EndMessage(token);
    }
    WriteAttrMap(ir::kGraphAttr, graph.GetAllAttrs());
  }

  /// Pre-sizes the output once from the bytes of the first ops: growing a 50 MB string by
  /// doubling copies it a dozen times and first-touches twice the memory, which is slow here.
  /// Over-reserving is cheap, as pages that are never written are never touched.
  void ReserveForRemainingOps(size_t start, size_t done, size_t total) {
    std::string &out = *w_.out();
    const size_t per_op = (out.size() - start) / done + 1;
    const size_t wanted = out.size() + per_op * (total - done) * 5 / 4 + 4096;
    if (wanted > out.capacity()) {
      out.reserve(wanted);
    }
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
      w_.WriteBytes(ir::kOpInput, Endpoint(peer.node->GetName(), peer.out_index));
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
      w_.WriteBytes(ir::kOpInput, Endpoint(src->GetName(), -1));
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
      WritePortDesc(ir::kOpInputDesc, input);
    }
    for (const GeTensorDesc &output : desc.GetAllOutputDescs()) {
      WritePortDesc(ir::kOpOutputDesc, output);
    }
    for (const std::string &name : desc.GetSubgraphInstanceNames()) {
      w_.WriteBytes(ir::kOpSubgraphName, name);
    }
  }

  /// "<name>:<index>" in a reused buffer (one edge string per input of every op). The digits
  /// are formatted by hand: snprintf was a fifth of the writer's instructions.
  std::string_view Endpoint(const std::string &name, int64_t index) {
    endpoint_.assign(name);
    endpoint_ += ':';
    AppendDecimal(index, &endpoint_);
    return endpoint_;
  }

  static void AppendDecimal(int64_t value, std::string *out) {
    char digits[24];
    size_t pos = sizeof(digits);
    // Work on the magnitude as unsigned, so INT64_MIN needs no special case.
    uint64_t magnitude =
        value < 0 ? ~static_cast<uint64_t>(value) + 1U : static_cast<uint64_t>(value);
    do {
      digits[--pos] = static_cast<char>('0' + magnitude % 10U);
      magnitude /= 10U;
    } while (magnitude != 0);
    if (value < 0) {
      digits[--pos] = '-';
    }
    out->append(digits + pos, sizeof(digits) - pos);
  }

  void WriteOpAttrs(const OpDesc &desc, std::vector<int64_t> peer_index) {
    // Reserved keys carry the port names and IR metadata; they replace same-named attrs.
    const OpReservedAttrs &reserved = ReservedAttrsOf(desc);
    if (!options_.txt_peer_index && desc.GetAllAttrs().empty()) {
      w_.out()->append(reserved.joined);  // nothing to merge in: one append for all records
      return;
    }
    std::array<AttrEntry, kMaxReservedEntries> entries;
    size_t count = 0;
    for (size_t i = 0; i < reserved.values.size(); ++i) {
      entries[count++] = {reserved.values[i].first, &reserved.values[i].second,
                          &reserved.encoded[i]};
    }
    GeAttrValue peer_index_value;
    if (options_.txt_peer_index) {
      peer_index_value = GeAttrValue(std::move(peer_index));
      entries[count++] = {ir::kTxtPeerIndex, &peer_index_value};
      SortEntries(entries.data(), count);
    }
    const bool strip = options_.strip_weights;
    const bool is_const = IsConstType(desc.GetType());
    auto skip = [strip, is_const](const std::string &key) {
      return strip && ((is_const && key == "value") || key == "node_def" || key == "op_def" ||
                       key == "func_def");
    };
    WriteMergedEntries(ir::kOpAttr, entries.data(), count, desc.GetAllAttrs(), skip,
                       options_.txt_peer_index ? &peer_index_value : nullptr);
  }

  const OpReservedAttrs &ReservedAttrsOf(const OpDesc &desc) {
    auto &candidates = op_reserved_[desc.GetIrMetadata().get()];
    for (const auto &candidate : candidates) {
      if (candidate->Matches(desc)) {
        return *candidate;
      }
    }
    auto built = std::make_unique<OpReservedAttrs>();
    built->metadata = desc.GetIrMetadata();
    for (size_t i = 0; i < desc.GetInputsSize(); ++i) {
      built->input_names.push_back(desc.GetInputName(i));
    }
    for (size_t i = 0; i < desc.GetOutputsSize(); ++i) {
      built->output_names.push_back(desc.GetOutputName(i));
    }
    BuildOpReserved(desc, &built->values);
    std::stable_sort(built->values.begin(), built->values.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    for (const auto &item : built->values) {
      built->encoded.push_back(EncodeEntry(ir::kOpAttr, item.first, item.second));
      built->joined += built->encoded.back();
    }
    candidates.push_back(std::move(built));
    return *candidates.back();
  }

  static void BuildOpReserved(const OpDesc &desc,
                              std::vector<std::pair<std::string, GeAttrValue>> *reserved) {
    std::map<std::string, int64_t> input_names;
    for (size_t i = 0; i < desc.GetInputsSize(); ++i) {
      if (!desc.GetInputName(i).empty()) {
        input_names.emplace(desc.GetInputName(i), static_cast<int64_t>(i));
      }
    }
    AddNameIndexPair(ir::kInputNameKey, ir::kInputNameValue, input_names, reserved);
    std::map<std::string, int64_t> output_names;
    for (size_t i = 0; i < desc.GetOutputsSize(); ++i) {
      if (!desc.GetOutputName(i).empty()) {
        output_names.emplace(desc.GetOutputName(i), static_cast<int64_t>(i));
      }
    }
    AddNameIndexPair(ir::kOutputNameKey, ir::kOutputNameValue, output_names, reserved);

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
                     reserved);
    if (!optional.empty()) {
      std::sort(optional.begin(), optional.end());
      reserved->emplace_back(ir::kOptInput, GeAttrValue(std::move(optional)));
    }
    keys.clear();
    values.clear();
    for (const auto &output : desc.GetIrOutputs()) {
      keys.push_back(output.first);
      values.push_back(static_cast<int64_t>(output.second));
    }
    AddKeyValueLists(ir::kIrOutputsKey, ir::kIrOutputsValue, std::move(keys), std::move(values),
                     reserved);
    keys.clear();
    values.clear();
    for (const auto &subgraph : desc.GetSubgraphIrNames()) {
      keys.push_back(subgraph.first);
      values.push_back(static_cast<int64_t>(subgraph.second));
    }
    AddKeyValueLists(ir::kSubgraphIrNamesKey, ir::kSubgraphIrNamesValue, std::move(keys),
                     std::move(values), reserved);
    if (!desc.GetIrAttrNames().empty()) {
      reserved->emplace_back(ir::kIrAttrNames, GeAttrValue(desc.GetIrAttrNames()));
    }
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

  /// One OpDef.input_desc/output_desc record. Most port descs of a graph are equal (same dtype,
  /// shape and formats), so the finished payload of recently written descs is kept and appended
  /// again. Only descs without attributes are cached: GeTensorDesc equality compares attribute
  /// values by value (0.0 == -0.0), which would not guarantee identical bytes.
  void WritePortDesc(uint32_t field, const GeTensorDesc &desc) {
    if (!desc.GetAttrs().empty()) {
      const size_t token = w_.BeginMessage(field);
      WriteTensorDescriptor(desc);
      w_.EndMessage(token);
      return;
    }
    for (size_t i = 0; i < port_descs_.size(); ++i) {
      if (port_descs_[i].desc == desc) {
        if (i != 0) {
          std::swap(port_descs_[i], port_descs_[0]);
        }
        w_.WriteBytes(field, port_descs_[0].payload);
        return;
      }
    }
    CachedDesc cached{desc, std::string()};
    const WireWriter saved = w_;
    w_ = WireWriter(&cached.payload);
    WriteTensorDescriptor(desc);
    w_ = saved;
    w_.WriteBytes(field, cached.payload);
    constexpr size_t kMaxCachedDescs = 8;
    if (port_descs_.size() == kMaxCachedDescs) {
      port_descs_.pop_back();
    }
    port_descs_.insert(port_descs_.begin(), std::move(cached));
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

    // The reserved desc attributes depend only on the formats, origin dtype and origin
    // shape, which most descs of a graph share: their records are encoded once per distinct
    // combination (see DescReservedOf).
    const DescReserved &reserved = DescReservedOf(desc);
    std::array<AttrEntry, kDescReservedCount> entries;
    for (size_t i = 0; i < reserved.count; ++i) {
      entries[i] = {reserved.keys[i], nullptr, &reserved.encoded[i]};
    }
    WriteMergedEntries(ir::kDescAttr, entries.data(), reserved.count, desc.GetAttrs(), NoSkip,
                       nullptr);
    w_.WriteBytes(ir::kDescDeviceType, "NPU");
  }

  static bool NoSkip(const std::string &) { return false; }

  static constexpr size_t kDescReservedCount = 6;
  /// The reserved attribute records of descs with one combination of the values they encode.
  struct DescReserved {
    Format format;
    Format origin_format;
    DataType origin_dtype;
    bool origin_initialized;
    std::vector<int64_t> origin_dims;  // only when origin_initialized
    size_t count = 0;
    std::array<std::string_view, kDescReservedCount> keys;  // sorted
    std::array<std::string, kDescReservedCount> encoded;

    bool Matches(const GeTensorDesc &desc) const {
      return desc.GetFormat() == format && desc.GetOriginFormat() == origin_format &&
             desc.GetOriginDataType() == origin_dtype &&
             desc.IsOriginShapeInitialized() == origin_initialized &&
             (!origin_initialized || desc.GetOriginShape().GetDims() == origin_dims);
    }
  };

  const DescReserved &DescReservedOf(const GeTensorDesc &desc) {
    // Most recently used first; a small bounded cache (graphs with many distinct origin shapes
    // just re-encode).
    for (size_t i = 0; i < desc_reserved_.size(); ++i) {
      if (desc_reserved_[i]->Matches(desc)) {
        if (i != 0) {
          std::swap(desc_reserved_[i], desc_reserved_[0]);
        }
        return *desc_reserved_[0];
      }
    }
    auto built = std::make_unique<DescReserved>();
    built->format = desc.GetFormat();
    built->origin_format = desc.GetOriginFormat();
    built->origin_dtype = desc.GetOriginDataType();
    built->origin_initialized = desc.IsOriginShapeInitialized();
    if (built->origin_initialized) {
      built->origin_dims = desc.GetOriginShape().GetDims();
    }
    std::array<GeAttrValue, kDescReservedCount> values;
    std::array<AttrEntry, kDescReservedCount> entries;
    size_t count = 0;
    auto add = [&values, &entries, &count](const char *key, GeAttrValue value) {
      values[count] = std::move(value);
      entries[count] = {key, &values[count]};
      ++count;
    };
    add(ir::kFormatForInt, GeAttrValue(static_cast<int64_t>(desc.GetFormat())));
    add(ir::kOriginFormat, GeAttrValue(FormatString(desc.GetOriginFormat())));
    add(ir::kOriginFormatForInt, GeAttrValue(static_cast<int64_t>(desc.GetOriginFormat())));
    if (desc.GetOriginDataType() != DT_UNDEFINED) {
      add(ir::kOriginDataType, GeAttrValue(DataTypeToString(desc.GetOriginDataType())));
    }
    add(ir::kOriginShapeInitialized, GeAttrValue(desc.IsOriginShapeInitialized()));
    if (desc.IsOriginShapeInitialized()) {
      add(ir::kOriginShape, GeAttrValue(desc.GetOriginShape().GetDims()));
    }
    SortEntries(entries.data(), count);
    built->count = count;
    for (size_t i = 0; i < count; ++i) {
      built->keys[i] = entries[i].first;
      built->encoded[i] = EncodeEntry(ir::kDescAttr, entries[i].first, *entries[i].second);
    }
    constexpr size_t kMaxCached = 16;
    if (desc_reserved_.size() == kMaxCached) {
      desc_reserved_.pop_back();
    }
    desc_reserved_.insert(desc_reserved_.begin(), std::move(built));
    return *desc_reserved_[0];
  }

  /// One map entry record (`field` tag included) as WriteEntry writes it, into a new string.
  std::string EncodeEntry(uint32_t field, std::string_view key, const GeAttrValue &value) {
    std::string bytes;
    const WireWriter saved = w_;
    w_ = WireWriter(&bytes);
    WriteEntry(field, key, value, nullptr);
    w_ = saved;
    return bytes;
  }

  void WriteReserved(uint32_t field, const AttrEntry &entry, const GeAttrValue *untyped_list) {
    if (entry.encoded != nullptr) {
      w_.out()->append(*entry.encoded);
    } else {
      WriteEntry(field, entry.first, *entry.second, untyped_list);
    }
  }

  /// Writes map entries in key order: `reserved` (sorted, unique keys) merged with `attrs`
  /// (kept in name order as well). A user attribute whose key is reserved is dropped, as is
  /// one for which `skip` says so. No entry list is built: this runs for every op and desc.
  template <typename Skip>
  void WriteMergedEntries(uint32_t field, const AttrEntry *reserved, size_t count,
                          const AttrMap &attrs, Skip &&skip, const GeAttrValue *untyped_list) {
    size_t next = 0;
    for (const auto &item : attrs) {
      const std::string_view key = item.first;
      while (next < count && reserved[next].first < key) {
        WriteReserved(field, reserved[next], untyped_list);
        ++next;
      }
      if ((next < count && reserved[next].first == key) || skip(item.first)) {
        continue;
      }
      WriteEntry(field, key, item.second, untyped_list);
    }
    for (; next < count; ++next) {
      WriteReserved(field, reserved[next], untyped_list);
    }
  }

  void WriteEntry(uint32_t field, std::string_view key, const GeAttrValue &value,
                  const GeAttrValue *untyped_list) {
    if (value.IsEmpty()) {
      return;  // GE drops an AttrDef without a value on load; not writing it keeps re-saves exact
    }
    const size_t token = w_.BeginMessage(field);
    w_.WriteBytes(ir::kMapKey, key);
    const size_t value_token = w_.BeginMessage(ir::kMapValue);
    WriteAttrDef(value, &value == untyped_list);
    w_.EndMessage(value_token);
    w_.EndMessage(token);
  }

  void WriteAttrMap(uint32_t field, const AttrMap &attrs) {
    WriteMergedEntries(field, nullptr, 0, attrs, NoSkip, nullptr);
  }

  void WriteNamedAttrs(const NamedAttrs &named) {
    if (!named.name.empty()) {
      w_.WriteBytes(ir::kNamedAttrsName, named.name);
    }
    WriteAttrMap(ir::kNamedAttrsAttr, named.attrs);
  }

  void WriteTensorDef(const GeTensor &tensor) {
    const size_t token = w_.BeginMessage(ir::kTensorDesc);
    WriteTensorDescriptor(tensor.GetTensorDesc());
    w_.EndMessage(token);
    if (tensor.GetSize() != 0) {
      w_.WriteBytes(ir::kTensorData, tensor.GetStoredBytes(), tensor.GetSize());
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
        // The txt-load peer index is the one list GE writes without a val_type.
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
  static constexpr size_t kSizeProbeOps = 64;
  const ModelDefWriteOptions &options_;
  WireWriter w_;
  int graph_attr_depth_ = 0;
  std::string endpoint_;
  std::unordered_map<const IrMetadata *, std::vector<std::unique_ptr<OpReservedAttrs>>>
      op_reserved_;
  std::vector<std::unique_ptr<DescReserved>> desc_reserved_;  // most recently used first
  struct CachedDesc {
    GeTensorDesc desc;
    std::string payload;  // the TensorDescriptor message without tag and length
  };
  std::vector<CachedDesc> port_descs_;  // most recently used first
  // Streaming (StreamModel) state; offsets of the header are file offsets.
  int stream_fd_ = -1;
  const std::string *stream_path_ = nullptr;
  bool streaming_root_ = false;
  bool width_fixed_ = false;
  size_t fixed_width_ = 0;
  size_t header_at_ = 0;  // where graph[0]'s length varint starts
  size_t body_at_ = 0;    // where graph[0]'s GraphDef starts (buffer offset before any flush)
  uint64_t flushed_ = 0;  // bytes already written to the file
};

}  // namespace

Status StreamModelDefToFile(const ComputeGraph &graph, int fd, const std::string &path,
                            bool *retry_in_memory) {
  if (retry_in_memory == nullptr) {
    return Fail("StreamModelDefToFile: retry flag is null");
  }
  *retry_in_memory = false;
  try {
    std::string buffer;
    buffer.reserve(2U << 20);
    const ModelDefWriteOptions options;  // the writer keeps a reference
    ModelDefWriter writer(options, &buffer);
    *retry_in_memory = !writer.StreamModel(graph, fd, path);
    return SUCCESS;
  } catch (const GeException &e) {
    return Fail("failed to serialize graph '" + graph.GetName() + "': " + e.what());
  } catch (const std::bad_alloc &) {
    return Fail("failed to serialize graph '" + graph.GetName() + "': out of memory");
  }
}

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
