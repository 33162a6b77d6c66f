// The ONNX importer: graph inputs -> Data, initializers / Constant -> Const, mapped nodes,
// graph outputs -> NetOutput, as GE's ONNX parser.
#include "parser/onnx_importer.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "common/error.h"
#include "common/log.h"
#include "parser/onnx_import_context.h"
#include "parser/onnx_node_plugins.h"
#include "parser/onnx_op_mapper.h"
#include "parser/onnx_proto.h"
#include "parser/onnx_tensor.h"
#include "parser/string_view_map.h"

namespace ge {
namespace {

constexpr const char *kDefaultDomain = "ai.onnx";
constexpr const char *kAddPluginHint =
    "; to map it, write a Python ONNX plugin (ge.onnx_plugin) in a .py file listed in "
    "ASCEND_CUSTOM_OPP_PATH (docs/onnx_plugins.md)";

std::string DirectoryOf(const std::string &path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) {
    return ".";
  }
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string StemOf(const std::string &path) {
  const size_t slash = path.find_last_of('/');
  std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  const size_t dot = base.rfind('.');
  return dot == std::string::npos || dot == 0 ? base : base.substr(0, dot);
}

Format DefaultFormat(const std::string &option, size_t rank) {
  if (!option.empty()) {
    return FormatFromString(option);
  }
  if (rank == 4) {
    return FORMAT_NCHW;
  }
  return rank == 5 ? FORMAT_NCDHW : FORMAT_ND;
}

class OnnxGraphBuilder {
 public:
  OnnxGraphBuilder(const onnx::ModelProto &model, std::shared_ptr<const void> model_bytes,
                   std::string source, std::string model_dir, const ModelImportOptions &options,
                   ComputeGraph *graph)
      : model_(model),
        source_(std::move(source)),
        options_(options),
        graph_(graph),
        ctx_(graph, source_, std::move(model_dir), std::move(model_bytes)) {}

  Status Build() {
    default_opset_ = OpsetOf("");
    size_t outputs = 0;
    for (const onnx::NodeProto &node : model_.graph.node) {
      outputs += node.output.size();
    }
    ctx_.ReserveValues(model_.graph.input.size() + model_.graph.initializer.size() + outputs);
    ctx_.SetInitializers(&model_.graph.initializer);
    if (OnnxNodePluginsFactory factory = GetOnnxNodePluginsFactory()) {
      if (factory(source_, &plugins_) != SUCCESS) {
        return FAILED;
      }
    }
    if (AddInputs() != SUCCESS) {
      return FAILED;
    }
    // File order while it is topological (what exporters write); from the first node with an
    // input produced later on (exporters slip), dependency order for the rest.
    const auto &nodes = model_.graph.node;
    size_t next = 0;
    for (; next < nodes.size() && InputsAvailable(nodes[next]); ++next) {
      if (ImportNodeAt(next) != SUCCESS) {
        return FAILED;
      }
    }
    if (next < nodes.size()) {
      std::vector<size_t> order;
      if (DependencyOrder(next, &order) != SUCCESS) {
        return FAILED;
      }
      for (size_t index : order) {
        if (ImportNodeAt(index) != SUCCESS) {
          return FAILED;
        }
      }
    }
    return AddOutputs();
  }

 private:
  Status AddInputs() {
    std::unordered_set<std::string_view> initializers;
    for (const onnx::TensorProto &tensor : model_.graph.initializer) {
      initializers.insert(tensor.name);
    }
    std::map<std::string, std::vector<int64_t>, std::less<>> overrides(
        options_.input_shapes.begin(), options_.input_shapes.end());
    std::vector<std::string> input_names;
    int64_t index = 0;
    for (const onnx::ValueInfoProto &input : model_.graph.input) {
      // IR < 4 lists initializers as inputs too; those are weights, not graph inputs.
      if (initializers.count(input.name) != 0) {
        continue;
      }
      const std::string name(input.name);
      input_names.push_back(name);
      DataType dtype = DT_UNDEFINED;
      if (!OnnxToGeDataType(input.elem_type, &dtype)) {
        return Fail(source_ + ": graph input '" + name + "' (ValueInfoProto at byte offset " +
                    std::to_string(input.offset) + ") has unsupported type " +
                    (input.elem_type == 0 ? std::string("(not a tensor)")
                                          : onnx::DataTypeName(input.elem_type)));
      }
      std::vector<int64_t> dims = input.has_shape ? input.dims : std::vector<int64_t>{-2};
      auto it = overrides.find(input.name);
      if (it != overrides.end()) {
        dims = it->second;
        overrides.erase(it);
      }
      Node *node = ctx_.AddOp("graph input '" + name + "'", ctx_.UniqueName(name), "Data");
      if (node == nullptr) {
        return FAILED;
      }
      const Format format = DefaultFormat(options_.input_format, dims.size());
      GeTensorDesc td(GeShape(dims), format, dtype);
      td.SetOriginShape(GeShape(dims));
      td.SetOriginFormat(format);
      td.SetOriginDataType(dtype);
      node->MutableOpDesc().UpdateInputDesc(0, td);
      node->MutableOpDesc().UpdateOutputDesc(0, td);
      node->MutableOpDesc().SetAttr("index", index++);
      if (graph_->AddInputNode(node) != SUCCESS || ctx_.Bind(input.name, {node, 0}) != SUCCESS) {
        return FAILED;
      }
    }
    if (!overrides.empty()) {
      std::string known;
      for (const std::string &name : input_names) {
        known += (known.empty() ? "" : ", ") + name;
      }
      return Fail("--input_shape names '" + overrides.begin()->first +
                  "', which is not an input "
                  "of " +
                  source_ + " (inputs: " + (known.empty() ? "none" : known) + ")");
    }
    return SUCCESS;
  }

  /// Whether every input of `node` is a graph input, an initializer or an output imported
  /// already.
  bool InputsAvailable(const onnx::NodeProto &node) const {
    for (std::string_view in : node.input) {
      if (!in.empty() && !ctx_.IsAvailable(in)) {
        return false;
      }
    }
    return true;
  }

  /// Kahn order of the nodes from `first` on (the ones before are imported): a node waits for the
  /// producers among them of its inputs. A cycle fails naming a node on it.
  Status DependencyOrder(size_t first, std::vector<size_t> *order) {
    const auto &nodes = model_.graph.node;
    StringViewMap<size_t> producer;
    producer.Reserve(nodes.size() - first);
    for (size_t i = first; i < nodes.size(); ++i) {
      for (std::string_view out : nodes[i].output) {
        if (!out.empty()) {
          bool inserted = false;
          producer.FindOrInsert(out, &inserted) = i;
        }
      }
    }
    std::vector<size_t> pending(nodes.size(), 0);
    std::vector<std::vector<size_t>> users(nodes.size());
    for (size_t i = first; i < nodes.size(); ++i) {
      std::set<size_t> deps;
      for (std::string_view in : nodes[i].input) {
        const size_t *found = in.empty() ? nullptr : producer.Find(in);
        if (found != nullptr && *found != i) {
          deps.insert(*found);
        }
      }
      pending[i] = deps.size();
      for (size_t dep : deps) {
        users[dep].push_back(i);
      }
    }
    std::vector<size_t> ready;
    for (size_t i = nodes.size(); i-- > first;) {
      if (pending[i] == 0) {
        ready.push_back(i);  // reversed so that the file order is kept where it is valid
      }
    }
    while (!ready.empty()) {
      const size_t current = ready.back();
      ready.pop_back();
      order->push_back(current);
      for (auto it = users[current].rbegin(); it != users[current].rend(); ++it) {
        if (--pending[*it] == 0) {
          ready.push_back(*it);
        }
      }
    }
    for (size_t i = first; i < nodes.size(); ++i) {
      if (pending[i] != 0) {
        return Fail(source_ + ": the graph has a cycle through node '" +
                    std::string(nodes[i].name) + "' (op type '" + std::string(nodes[i].op_type) +
                    "')");
      }
    }
    return SUCCESS;
  }

  /// Imports node `index` of the graph under a unique GE name: its ONNX name, or "<op_type>_<k>"
  /// as GE's parser names nodes without one.
  Status ImportNodeAt(size_t index) {
    const onnx::NodeProto &proto = model_.graph.node[index];
    std::string name(proto.name);
    if (name.empty()) {
      bool inserted = false;
      int64_t &count = unnamed_counts_.FindOrInsert(proto.op_type, &inserted);
      name = std::string(proto.op_type) + "_" + std::to_string(count++);
    }
    return ImportNode(proto, ctx_.UniqueName(std::move(name)));
  }

  Status ImportConstant(const OnnxNodeView &view) {
    const onnx::NodeProto &proto = view.Proto();
    GeTensor tensor;
    const onnx::AttributeProto *attr = nullptr;
    if ((attr = proto.FindAttr("value")) != nullptr && attr->has_t) {
      if (ctx_.ConvertTensor(attr->t[0], &tensor) != SUCCESS) {
        return FAILED;
      }
    } else if ((attr = proto.FindAttr("value_float")) != nullptr) {
      tensor = MakeFloatTensor({attr->f}, true);
    } else if ((attr = proto.FindAttr("value_floats")) != nullptr) {
      tensor = MakeFloatTensor(attr->floats);
    } else if ((attr = proto.FindAttr("value_int")) != nullptr) {
      tensor = MakeInt64Tensor({attr->i}, true);
    } else if ((attr = proto.FindAttr("value_ints")) != nullptr) {
      tensor = MakeInt64Tensor(attr->ints);
    } else {
      return Fail(source_ + ": " + view.Describe() +
                  ": only 'value', 'value_float(s)' and 'value_int(s)' constants are supported");
    }
    OutAnchor anchor;
    if (ctx_.AddConst(view, view.Name(), std::move(tensor), &anchor) != SUCCESS) {
      return FAILED;
    }
    return ctx_.Bind(view.OutputName(0), anchor);
  }

  /// The mapping of a default-domain op type at the model's opset (nullptr: none), looked up once
  /// per op type.
  const OnnxOpMapping *DefaultDomainMapping(std::string_view op_type, int64_t opset) {
    bool inserted = false;
    const OnnxOpMapping *&mapping = default_domain_mappings_.FindOrInsert(op_type, &inserted);
    if (inserted) {
      mapping = opset <= kMaxOnnxOpset ? FindOnnxOpMapping(op_type, opset) : nullptr;
    }
    return mapping;
  }

  /// "<file> (NodeProto at byte offset N)", the prefix of a node's import errors.
  std::string Where(const onnx::NodeProto &proto) const {
    return source_ + " (NodeProto at byte offset " + std::to_string(proto.offset) + ")";
  }

  /// The opset the model imports for `domain` ("" = ai.onnx), -1 when none.
  int64_t OpsetOf(const std::string &domain) const {
    auto it = model_.opset_import.find(domain);
    return it == model_.opset_import.end() ? -1 : it->second;
  }

  Status ImportNode(const onnx::NodeProto &proto, std::string name) {
    const bool default_domain = proto.domain.empty() || proto.domain == kDefaultDomain;
    const std::string_view domain = default_domain ? kDefaultDomain : proto.domain;
    const int64_t opset = default_domain ? default_opset_ : OpsetOf(std::string(proto.domain));
    OnnxNodeView view(proto, std::move(name), domain, opset);
    if (opset < 0) {
      return Fail(Where(proto) + ": " + view.Describe() +
                  ": the model imports no opset for domain '" + std::string(domain) + "'");
    }
    for (const onnx::AttributeProto &attr : proto.attribute) {
      if (attr.graph_count > 0) {
        return Fail(Where(proto) + ": " + view.Describe() + ": subgraph attribute '" +
                    std::string(attr.name) + "' (control flow) is not supported");
      }
    }
    const bool constant = default_domain && proto.op_type == "Constant";
    const OnnxOpMapping *mapping =
        default_domain ? DefaultDomainMapping(proto.op_type, opset) : nullptr;
    // Plugins first (a built-in mapping wins unless the plugin overrides it); Constant stays ours.
    if (plugins_ != nullptr && !constant && plugins_->Handles(view, mapping != nullptr)) {
      return plugins_->Import(view, Where(proto), ctx_);
    }
    if (mapping == nullptr || constant) {
      return ImportUnmapped(view);
    }
    if (mapping->mapper(view, ctx_) != SUCCESS) {
      return FAILED;
    }
    // A mapping may make no node of the ONNX node's name (Dropout passes its input through):
    // the name is free again, and the reservations stay a handful however many such nodes.
    ctx_.ReleaseName(view.Name());
    for (size_t i = 0; i < proto.output.size(); ++i) {
      if (!proto.output[i].empty() && !ctx_.IsBound(proto.output[i])) {
        return Fail(source_ + ": " + view.Describe() + ": output #" + std::to_string(i) + " ('" +
                    std::string(proto.output[i]) + "') is not produced by its mapping");
      }
    }
    return SUCCESS;
  }

  /// A node without a built-in mapping: a Constant, or the error saying why it cannot be mapped.
  Status ImportUnmapped(const OnnxNodeView &view) {
    const onnx::NodeProto &proto = view.Proto();
    const std::string where = Where(proto);
    const std::string domain(view.Domain());
    const std::string op_type(proto.op_type);
    const int64_t opset = view.Opset();
    const bool default_domain = domain == kDefaultDomain;
    const bool known_opset = opset >= 1 && opset <= kMaxOnnxOpset;
    const std::string hint =
        (plugins_ == nullptr ? std::string() : plugins_->UnsupportedHint(view)) + kAddPluginHint;
    for (const std::string &function : model_.functions) {
      if (function == std::string(proto.domain) + "::" + op_type) {
        return Fail(where + ": " + view.Describe() +
                    " calls a model-local function, which is not supported");
      }
    }
    if (!default_domain) {
      return Fail(where + ": " + view.Describe() + " is not supported: no Ascend IR mapping for '" +
                  domain + "::" + std::to_string(opset) + "::" + op_type +
                  "' (E16002; only the default domain ai.onnx is mapped)" + hint);
    }
    if (!known_opset) {
      return Fail(where + ": " + view.Describe() + ": opset " + std::to_string(opset) +
                  " of domain 'ai.onnx' is not supported (supported: 1 to " +
                  std::to_string(kMaxOnnxOpset) + "; most ops from " +
                  std::to_string(kMinOnnxOpset) + ")");
    }
    if (op_type == "Constant") {
      return ImportConstant(view);
    }
    const std::string ranges = MappedOpsetRanges(op_type);
    if (!ranges.empty()) {
      return Fail(where + ": " + view.Describe() + ": " + op_type + " at opset " +
                  std::to_string(opset) + " is not supported (mapped at opsets " + ranges + ")" +
                  hint);
    }
    return Fail(where + ": " + view.Describe() + " is not supported: no Ascend IR mapping for '" +
                domain + "::" + std::to_string(opset) + "::" + op_type + "' (E16002)" + hint);
  }

  Status AddOutputs() {
    std::vector<std::pair<std::string_view, OutAnchor>> outputs;
    if (!options_.out_nodes.empty()) {
      for (const auto &out : options_.out_nodes) {
        const onnx::NodeProto *found = nullptr;
        for (const onnx::NodeProto &proto : model_.graph.node) {
          if (proto.name == std::string_view(out.first)) {
            found = &proto;
            break;
          }
        }
        if (found == nullptr) {
          return Fail("--out_nodes: " + source_ + " has no node named '" + out.first + "'");
        }
        if (static_cast<size_t>(out.second) >= found->output.size() ||
            found->output[out.second].empty()) {
          return Fail("--out_nodes: node '" + out.first + "' has no output " +
                      std::to_string(out.second));
        }
        OutAnchor anchor;
        if (ctx_.Resolve(found->output[out.second], "--out_nodes", &anchor) != SUCCESS) {
          return FAILED;
        }
        outputs.emplace_back(found->output[out.second], anchor);
      }
    } else {
      for (const onnx::ValueInfoProto &output : model_.graph.output) {
        OutAnchor anchor;
        if (ctx_.Resolve(output.name, "graph output '" + std::string(output.name) + "'", &anchor) !=
            SUCCESS) {
          return FAILED;
        }
        outputs.emplace_back(output.name, anchor);
      }
    }
    if (outputs.empty()) {
      return Fail(source_ + ": the graph has no outputs");
    }
    const int64_t count = static_cast<int64_t>(outputs.size());
    Node *net_output =
        ctx_.AddOp("graph outputs", ctx_.UniqueName("NetOutput"), "NetOutput", {{"x", count}});
    if (net_output == nullptr) {
      return FAILED;
    }
    std::vector<std::pair<Node *, int32_t>> graph_outputs;
    for (int64_t i = 0; i < count; ++i) {
      const OutAnchor &anchor = outputs[static_cast<size_t>(i)].second;
      if (ctx_.Connect(anchor, net_output, "x" + std::to_string(i)) != SUCCESS) {
        return FAILED;
      }
      graph_outputs.emplace_back(anchor.node, anchor.index);
    }
    return graph_->SetOutputs(std::move(graph_outputs));
  }

  const onnx::ModelProto &model_;
  std::string source_;
  const ModelImportOptions &options_;
  ComputeGraph *graph_;
  OnnxImportContext ctx_;
  std::unique_ptr<OnnxNodePlugins> plugins_;
  StringViewMap<const OnnxOpMapping *> default_domain_mappings_;
  StringViewMap<int64_t> unnamed_counts_;  // by op type
  int64_t default_opset_ = -1;
};

}  // namespace

Status ImportOnnxBytes(std::string_view bytes, std::shared_ptr<const void> owner,
                       const std::string &source, const std::string &model_dir,
                       const ModelImportOptions &options, ComputeGraphPtr *graph) {
  if (graph == nullptr) {
    return Fail("ImportOnnxBytes: output graph is null");
  }
  try {
    onnx::ModelProto model;
    onnx::DecodeModel(bytes, source, &model);
    if (!model.has_graph) {
      return Fail(source + ": not an ONNX model: it has no graph (ModelProto field 7)" +
                  (bytes.empty() ? std::string(" - the file is empty") : std::string()));
    }
    if (model.ir_version < 3) {
      return Fail(source + ": ONNX IR version " + std::to_string(model.ir_version) +
                  " is not supported (need >= 3)");
    }
    if (model.graph.sparse_initializer_count > 0) {
      return Fail(source + ": sparse initializers are not supported");
    }
    if (!options.input_format.empty() && options.input_format != "NCHW" &&
        options.input_format != "ND" && options.input_format != "NCDHW") {
      return Fail("--input_format=" + options.input_format +
                  " is not valid for ONNX models (expected NCHW, ND or NCDHW)");
    }
    std::string name = model.graph.name.empty() ? StemOf(source) : std::string(model.graph.name);
    auto built = std::make_shared<ComputeGraph>(name);
    OnnxGraphBuilder builder(model, std::move(owner), source, model_dir, options, built.get());
    if (builder.Build() != SUCCESS) {
      return FAILED;
    }
    GELOGI("%s: imported %zu nodes", source.c_str(), built->GetDirectNodesSize());
    *graph = std::move(built);
    return SUCCESS;
  } catch (const std::exception &e) {
    return Fail(e.what());
  }
}

Status ImportOnnxFile(const std::string &path, const ModelImportOptions &options,
                      ComputeGraphPtr *graph) {
  std::ifstream file(path, std::ios::binary | std::ios::ate);
  if (!file) {
    return Fail("cannot open ONNX model file '" + path + "': " + std::strerror(errno));
  }
  const std::streamoff size = file.tellg();
  if (size < 0) {
    return Fail("cannot read the size of ONNX model file '" + path + "'");
  }
  // One read into an uninitialised buffer: the decoded names and the shared weights point into
  // it, and a large model is not copied (or zero-filled) once more on the way.
  std::shared_ptr<char[]> buffer(new char[static_cast<size_t>(size)]);
  file.seekg(0);
  if (size > 0 && !file.read(buffer.get(), size)) {
    return Fail("reading ONNX model file '" + path + "' failed");
  }
  const std::string_view bytes(buffer.get(), static_cast<size_t>(size));
  return ImportOnnxBytes(bytes, std::move(buffer), path, DirectoryOf(path), options, graph);
}

}  // namespace ge
