// PythonOnnxPlugins: dispatch, node building, wiring and the factory installed in the parser.
#include "onnx_plugin/python_onnx_plugins.h"

#include <cstdlib>
#include <mutex>
#include <set>
#include <utility>

#include "c_handles/c_handles.h"
#include "common/error.h"
#include "common/log.h"
#include "ops/op_catalog.h"
#include "python_bridge/python_runtime_key.h"

namespace ge {
namespace onnx_plugin {
namespace {

constexpr const char *kDefaultDomain = "ai.onnx";

std::string OriginType(std::string_view domain, int64_t opset, std::string_view op_type) {
  return std::string(domain) + "::" + std::to_string(opset) + "::" + std::string(op_type);
}

/// The C view of an ONNX node. Names are copied (the C side wants NUL-terminated strings, the
/// proto holds views of the model's bytes); byte strings and arrays point into `proto`.
class NodeViewStorage {
 public:
  NodeViewStorage(const OnnxNodeView &node, const std::string &origin_type)
      : origin_type_(origin_type) {
    const onnx::NodeProto &proto = node.Proto();
    names_.reserve(proto.input.size() + proto.output.size() + proto.attribute.size());
    for (std::string_view input : proto.input) {
      inputs_.push_back(names_.emplace_back(input).c_str());
    }
    for (std::string_view output : proto.output) {
      outputs_.push_back(names_.emplace_back(output).c_str());
    }
    string_pointers_.resize(proto.attribute.size());
    string_lengths_.resize(proto.attribute.size());
    for (size_t k = 0; k < proto.attribute.size(); ++k) {
      const onnx::AttributeProto &source = proto.attribute[k];
      OnnxPluginAttr attr{};
      attr.name = names_.emplace_back(source.name).c_str();
      attr.onnx_type = source.type;
      attr.f = source.f;
      attr.i = source.i;
      attr.bytes = source.s.data();
      attr.bytes_length = source.s.size();
      attr.floats = source.floats.data();
      attr.float_count = source.floats.size();
      attr.ints = source.ints.data();
      attr.int_count = source.ints.size();
      for (std::string_view text : source.strings) {
        string_pointers_[k].push_back(text.data());
        string_lengths_[k].push_back(text.size());
      }
      attr.strings = string_pointers_[k].data();
      attr.string_lengths = string_lengths_[k].data();
      attr.string_count = source.strings.size();
      attrs_.push_back(attr);
    }
    view_.name = node.Name().c_str();
    view_.origin_type = origin_type_.c_str();
    view_.inputs = inputs_.data();
    view_.input_count = inputs_.size();
    view_.outputs = outputs_.data();
    view_.output_count = outputs_.size();
    view_.attrs = attrs_.data();
    view_.attr_count = attrs_.size();
  }
  const OnnxPluginNodeView &View() const { return view_; }

 private:
  std::string origin_type_;
  std::vector<std::string> names_;  // reserved up front: the pointers below stay valid
  std::vector<const char *> inputs_;
  std::vector<const char *> outputs_;
  std::vector<OnnxPluginAttr> attrs_;
  std::vector<std::vector<const char *>> string_pointers_;
  std::vector<std::vector<size_t>> string_lengths_;
  OnnxPluginNodeView view_{};
};

/// Checks the filled OpDesc against its prototype and the ONNX node: every used ONNX input and
/// output has a port at its index, every required input is fed, every required attribute set.
/// "" when it is valid, else the problem.
std::string ValidateNode(const OnnxNodeView &node, const OpDesc &desc, const OpPrototype &proto) {
  const size_t input_ports = desc.GetInputsSize();
  for (size_t i = 0; i < node.Proto().input.size(); ++i) {
    if (node.HasInput(i) && i >= input_ports) {
      return "input #" + std::to_string(i) + " ('" + std::string(node.InputName(i)) +
             "') has no input port at index " + std::to_string(i) + " on '" + desc.GetType() +
             "' (the operator has " + std::to_string(input_ports) + " input ports)";
    }
  }
  for (size_t j = 0; j < node.OutputCount(); ++j) {
    if (node.HasOutput(j) && j >= desc.GetOutputsSize()) {
      return "output #" + std::to_string(j) + " ('" + std::string(node.OutputName(j)) +
             "') has no output port at index " + std::to_string(j) + " on '" + desc.GetType() + "'";
    }
  }
  for (const auto &ir_input : desc.GetIrInputs()) {
    if (ir_input.second != IrInputType::kRequired) {
      continue;
    }
    const int32_t index = desc.GetInputIndexByName(ir_input.first);
    if (index >= 0 && !node.HasInput(static_cast<size_t>(index))) {
      return "required input '" + ir_input.first + "' (port " + std::to_string(index) + ") of '" +
             desc.GetType() + "' is not connected";
    }
  }
  for (const OpAttrDef &attr : proto.attrs) {
    if (attr.required && !desc.HasAttr(attr.name)) {
      return "required attribute '" + attr.name + "' of '" + desc.GetType() + "' is not set";
    }
  }
  return "";
}

}  // namespace

PythonOnnxPlugins::PythonOnnxPlugins(bool loaded, OnnxPluginLoad load, std::string disabled)
    : loaded_(loaded),
      load_(std::move(load)),
      disabled_(std::move(disabled)),
      override_all_(IsEnvFlagOn(kOnnxPluginOverrideEnv)) {}

void PythonOnnxPlugins::EnsureLoaded() {
  if (loaded_) {
    return;
  }
  loaded_ = true;
  if (OnnxPluginBridge::Instance().Load(false, load_) != SUCCESS) {
    disabled_ = GetLastError();
  }
}

bool PythonOnnxPlugins::Handles(const OnnxNodeView &node, bool has_builtin) {
  if (!has_builtin) {
    EnsureLoaded();
  }
  const OnnxPluginRowInfo *row =
      load_.table.Match(std::string(node.Domain()), std::string(node.OpType()), node.Opset());
  if (row == nullptr) {
    return false;
  }
  if (!has_builtin || row->override_builtin || override_all_) {
    return true;
  }
  const std::string key = OriginType(node.Domain(), node.Opset(), node.OpType());
  static std::mutex warned_mutex;
  static std::set<std::string> warned;  // once per origin type and process
  std::lock_guard<std::mutex> lock(warned_mutex);
  if (warned.insert(key).second) {
    GELOGW(
        "python ONNX Plugin for '%s' (%s) is not used: ge_py maps this op itself; set "
        "override_builtin=True or %s=1 to use it",
        key.c_str(), row->plugin_file.c_str(), kOnnxPluginOverrideEnv);
  }
  return false;
}

std::string PythonOnnxPlugins::UnsupportedHint(const OnnxNodeView &node) {
  std::string hint;
  if (!disabled_.empty()) {
    hint += " (python ONNX Plugins are disabled: " + disabled_ + ")";
  }
  const std::vector<int64_t> opsets =
      load_.table.Opsets(std::string(node.Domain()), std::string(node.OpType()));
  if (!opsets.empty()) {
    std::string list;
    for (int64_t opset : opsets) {
      list += (list.empty() ? "" : ", ") + std::to_string(opset);
    }
    hint += " (python ONNX Plugins exist for opsets " + list + ")";
  }
  if (!load_.failures.empty()) {
    std::string list;
    for (const std::string &failure : load_.failures) {
      list += (list.empty() ? "" : "; ") + failure;
    }
    hint += " (python ONNX Plugin files failed to load: " + list + ")";
  }
  return hint;
}

Status PythonOnnxPlugins::Import(const OnnxNodeView &node, const std::string &where,
                                 OnnxImportContext &ctx) {
  const OnnxPluginRowInfo *row =
      load_.table.Match(std::string(node.Domain()), std::string(node.OpType()), node.Opset());
  if (row == nullptr) {
    return Fail(where + ": " + node.Describe() + ": no python ONNX Plugin matches");
  }
  const std::string prefix = where + ": " + node.Describe();
  const std::string model_origin = OriginType(node.Domain(), node.Opset(), node.OpType());
  if (row->opset != node.Opset()) {
    GELOGI("python ONNX Plugin '%s' used for model opset %lld", row->origin_type.c_str(),
           static_cast<long long>(node.Opset()));
  }
  const OpPrototype *proto = OpCatalog::Instance().Find(row->target);
  OpDesc desc;
  if (proto == nullptr || CreateOpDesc(node.Name(), row->target, {}, {}, &desc) != SUCCESS) {
    return Fail(prefix + ": python ONNX Plugin '" + row->origin_type + "' (" + row->plugin_file +
                ") maps to '" + row->target + "', which is not a registered operator (E10501)");
  }
  NodeViewStorage view(node, model_origin);
  GeOperatorHandle handle;
  handle.op = &desc;
  handle.prototype_backed = true;
  std::string error;
  if (OnnxPluginBridge::Instance().ParseNode(row->origin_type, view.View(), &handle, error) !=
      SUCCESS) {
    return Fail(prefix + ": python ONNX Plugin '" + row->origin_type + "' (" + row->plugin_file +
                ", " + row->qualname + ") failed: " + error + " (E11010)");
  }
  const std::string after =
      prefix + ": after python ONNX Plugin '" + row->origin_type + "' (" + row->plugin_file + "): ";
  const std::string problem = ValidateNode(node, desc, *proto);
  if (!problem.empty()) {
    return Fail(after + problem);
  }
  desc.SetAttr("original_type", model_origin);
  Node *added = ctx.AddNode(node, std::move(desc));
  if (added == nullptr) {
    return FAILED;  // the error names the file, the node and why
  }
  for (size_t i = 0; i < node.Proto().input.size(); ++i) {
    if (!node.HasInput(i)) {
      continue;
    }
    OutAnchor anchor;
    if (ctx.Input(node, i, &anchor) != SUCCESS ||
        ctx.ConnectIndex(anchor, added, static_cast<int32_t>(i)) != SUCCESS) {
      return Fail(after + GetLastError());
    }
  }
  for (size_t j = 0; j < node.OutputCount(); ++j) {
    if (node.HasOutput(j) &&
        ctx.Bind(node.OutputName(j), {added, static_cast<int32_t>(j)}) != SUCCESS) {
      return Fail(after + GetLastError());
    }
  }
  return SUCCESS;
}

Status CreatePythonOnnxPlugins(const std::string &source,
                               std::unique_ptr<OnnxNodePlugins> *plugins) {
  const bool strict = IsEnvFlagOn(kOnnxPluginStrictEnv);
  std::string precheck_error;
  const bool has_entry = HasPythonPluginEntry(std::getenv(kCustomOppPathEnv), precheck_error);
  if (!precheck_error.empty()) {
    if (strict) {
      return Fail(source + ": " + precheck_error);
    }
    GELOGE("[PythonOnnxPlugin] %s", precheck_error.c_str());
  }
  const bool python_running = python_bridge::GetLoadedPythonRuntimeKey().is_initialized;
  if (!has_entry && precheck_error.empty() && !python_running) {
    return SUCCESS;  // no Python at all: the import runs exactly as without plugins
  }
  OnnxPluginLoad load;
  if (!has_entry && precheck_error.empty() && !IsEnvFlagOn(kOnnxPluginOverrideEnv)) {
    // Python runs (parse_onnx, pyatc) but no plugin path: plugins the application registered
    // itself are looked up only for the nodes ge_py cannot map, so a plain model never waits
    // for the bridge.
    *plugins = std::make_unique<PythonOnnxPlugins>(false, std::move(load), "");
    return SUCCESS;
  }
  std::string disabled = precheck_error;
  if (OnnxPluginBridge::Instance().Load(strict, load) != SUCCESS) {
    const std::string reason = GetLastError();
    if (strict) {
      return Fail(source + ": python ONNX Plugins failed to load: " + reason);
    }
    GELOGE(
        "[PythonOnnxPlugin] python ONNX Plugins are disabled for %s (set %s=1 to make this an "
        "error): %s",
        source.c_str(), kOnnxPluginStrictEnv, reason.c_str());
    disabled = reason;
  }
  *plugins = std::make_unique<PythonOnnxPlugins>(true, std::move(load), disabled);
  return SUCCESS;
}

namespace {
// The parser declares the extension point; this component fills it when the library loads.
[[maybe_unused]] const bool kInstalled = [] {
  SetOnnxNodePluginsFactory(&CreatePythonOnnxPlugins);
  return true;
}();
}  // namespace

}  // namespace onnx_plugin
}  // namespace ge
