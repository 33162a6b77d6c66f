// The custom-op entry table of the bridge library: import the plugins, report prototypes and
// validated implementations to the compiler's registrar, and serve the callbacks (holders,
// execute, declare_launch_args, compile, infer_meta). Shares the interpreter and its lifecycle
// with the pass table.
#include <pybind11/stl.h>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "bridge_runtime.h"
#include "ge/custom_op/custom_op_bridge_abi.h"

namespace ge {
namespace bridge {
namespace {

// The "VT_*" names of the twelve attr kinds, in kind order (ge::custom_op::AttrKind).
constexpr const char *kAttrTypeNames[] = {
    "VT_INT",       "VT_FLOAT",       "VT_BOOL",           "VT_STRING",
    "VT_DATA_TYPE", "VT_TENSOR",      "VT_LIST_INT",       "VT_LIST_FLOAT",
    "VT_LIST_BOOL", "VT_LIST_STRING", "VT_LIST_DATA_TYPE", "VT_LIST_LIST_INT"};
constexpr int32_t kAttrKindCount = 12;
constexpr int32_t kKindInt = 0;
constexpr int32_t kKindFloat = 1;
constexpr int32_t kKindBool = 2;
constexpr int32_t kKindString = 3;
constexpr int32_t kKindDataType = 4;
constexpr int32_t kKindTensor = 5;
constexpr int32_t kKindListInt = 6;
constexpr int32_t kKindListFloat = 7;
constexpr int32_t kKindListBool = 8;
constexpr int32_t kKindListString = 9;
constexpr int32_t kKindListDataType = 10;
constexpr int32_t kKindListListInt = 11;

// Process-wide instance counter of holder ids ("<descriptor_key>#<n>", n from 1).
std::atomic<uint64_t> g_holder_counter{0};

struct Holder {
  std::string instance_id;
  std::string descriptor_key;
  // The two as Python strings, made once: every callback passes them.
  py::object py_instance_id;
  py::object py_descriptor_key;
  py::object ir_meta;  // the IR snapshot taken at creation (None without a prototype)
};

// A parse failure of a descriptor dict: the message says which field of which descriptor.
struct ParseError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// --- IR view -> ir_meta dict ------------------------------------------------------------------

py::list PortList(const GeCustomOpPort *ports, size_t count) {
  py::list items;
  for (size_t i = 0; i < count; ++i) {
    py::dict item;
    item["name"] = ports[i].name;
    item["kind"] = ports[i].kind;
    items.append(item);
  }
  return items;
}

py::object IrMeta(const GeCustomOpIrView *ir) {
  if (ir == nullptr) {
    return py::none();
  }
  py::list attrs;
  for (size_t i = 0; i < ir->attr_count; ++i) {
    const int32_t kind = ir->attrs[i].kind;
    if (kind < 0 || kind >= kAttrKindCount) {
      throw ParseError("custom op '" + std::string(ir->op_type) + "' attr '" + ir->attrs[i].name +
                       "' has an unknown IR attr kind " + std::to_string(kind));
    }
    py::dict item;
    item["name"] = ir->attrs[i].name;
    item["type"] = kAttrTypeNames[kind];
    attrs.append(item);
  }
  py::dict meta;
  meta["op_type"] = ir->op_type;
  meta["inputs"] = PortList(ir->inputs, ir->input_count);
  meta["attrs"] = attrs;
  meta["outputs"] = PortList(ir->outputs, ir->output_count);
  return meta;
}

// --- Python results and errors --------------------------------------------------------------

// None -> success; a bool -> success or failure; an int -> that status; anything else fails.
uint32_t StatusOf(const py::handle &result) {
  if (result.is_none()) {
    return GE_CUSTOM_OP_SUCCESS;
  }
  if (py::isinstance<py::bool_>(result)) {
    return result.cast<bool>() ? GE_CUSTOM_OP_SUCCESS : GE_CUSTOM_OP_FAILED;
  }
  if (py::isinstance<py::int_>(result)) {
    return result.cast<uint32_t>();
  }
  return GE_CUSTOM_OP_FAILED;
}

uint32_t Failed(char **error, const std::string &message) {
  SetError(error, message);
  return GE_CUSTOM_OP_FAILED;
}

// --- descriptor dicts -> views ----------------------------------------------------------------

std::string Text(const py::handle &value, const std::string &what) {
  if (!py::isinstance<py::str>(value)) {
    throw ParseError(what + " must be a string");
  }
  const std::string text = value.cast<std::string>();
  if (text.empty()) {
    throw ParseError(what + " must not be empty");
  }
  if (text.find('\0') != std::string::npos) {
    throw ParseError(what + " contains a NUL character");
  }
  return text;
}

// Owns the strings and arrays a GeCustomOpProtoView points into.
struct ParsedProto {
  std::string key;
  std::string op_type;
  // Deques: appending never moves the elements the views already point at.
  std::deque<std::string> names;
  std::vector<GeCustomOpPort> inputs;
  std::vector<GeCustomOpPort> outputs;
  std::vector<GeCustomOpProtoAttr> attrs;
  std::deque<std::vector<int64_t>> int_lists;
  std::deque<std::vector<double>> float_lists;
  std::deque<std::vector<std::string>> string_lists;
  std::deque<std::vector<const char *>> string_pointers;
  std::deque<std::vector<const int64_t *>> row_pointers;
  std::deque<std::vector<size_t>> row_lengths;

  const char *Keep(std::string text) {
    names.push_back(std::move(text));
    return names.back().c_str();
  }
};

std::string TypeName(const py::handle &value) {
  return py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>();
}

int64_t IntValue(const py::handle &value, const std::string &what) {
  // A bool is not an int here, and a DataType (an IntEnum) travels as its int.
  if (py::isinstance<py::bool_>(value) || !py::isinstance<py::int_>(value)) {
    throw ParseError(what + " must be int, got " + TypeName(value));
  }
  return value.cast<int64_t>();
}

double FloatValue(const py::handle &value, const std::string &what) {
  if (!PyFloat_CheckExact(value.ptr())) {
    throw ParseError(what + " must be float, got " + TypeName(value));
  }
  return value.cast<double>();
}

bool BoolValue(const py::handle &value, const std::string &what) {
  if (!py::isinstance<py::bool_>(value)) {
    throw ParseError(what + " must be bool, got " + TypeName(value));
  }
  return value.cast<bool>();
}

py::list ListValue(const py::handle &value, const std::string &what) {
  if (!py::isinstance<py::list>(value)) {
    throw ParseError(what + " must be a list");
  }
  return py::reinterpret_borrow<py::list>(value);
}

void ParseDefault(const py::handle &value, int32_t kind, const std::string &what,
                  ParsedProto &proto, GeCustomOpAttrDefault &out) {
  out.has_value = 1;
  switch (kind) {
    case kKindInt:
    case kKindDataType: out.int_value = IntValue(value, what); return;
    case kKindFloat: out.float_value = FloatValue(value, what); return;
    case kKindBool: out.int_value = BoolValue(value, what) ? 1 : 0; return;
    case kKindString: out.string_value = proto.Keep(Text(value, what)); return;
    case kKindTensor: throw ParseError(what + ": a Tensor attr takes no default");
    case kKindListInt:
    case kKindListBool:
    case kKindListDataType: {
      std::vector<int64_t> items;
      for (const py::handle item : ListValue(value, what)) {
        items.push_back(kind == kKindListBool ? (BoolValue(item, what) ? 1 : 0)
                                              : IntValue(item, what));
      }
      proto.int_lists.push_back(std::move(items));
      out.ints = proto.int_lists.back().data();
      out.count = proto.int_lists.back().size();
      return;
    }
    case kKindListFloat: {
      std::vector<double> items;
      for (const py::handle item : ListValue(value, what)) {
        items.push_back(FloatValue(item, what));
      }
      proto.float_lists.push_back(std::move(items));
      out.floats = proto.float_lists.back().data();
      out.count = proto.float_lists.back().size();
      return;
    }
    case kKindListString: {
      std::vector<std::string> items;
      for (const py::handle item : ListValue(value, what)) {
        if (!py::isinstance<py::str>(item)) {
          throw ParseError(what + " must contain str");
        }
        items.push_back(item.cast<std::string>());
      }
      proto.string_lists.push_back(std::move(items));
      std::vector<const char *> pointers;
      for (const std::string &item : proto.string_lists.back()) {
        pointers.push_back(item.c_str());
      }
      proto.string_pointers.push_back(std::move(pointers));
      out.strings = proto.string_pointers.back().data();
      out.count = proto.string_pointers.back().size();
      return;
    }
    case kKindListListInt: {
      std::vector<const int64_t *> rows;
      std::vector<size_t> lengths;
      for (const py::handle row : ListValue(value, what)) {
        std::vector<int64_t> items;
        for (const py::handle item : ListValue(row, what)) {
          items.push_back(IntValue(item, what));
        }
        proto.int_lists.push_back(std::move(items));
        rows.push_back(proto.int_lists.back().data());
        lengths.push_back(proto.int_lists.back().size());
      }
      proto.row_pointers.push_back(std::move(rows));
      proto.row_lengths.push_back(std::move(lengths));
      out.rows = proto.row_pointers.back().data();
      out.row_lengths = proto.row_lengths.back().data();
      out.count = proto.row_pointers.back().size();
      return;
    }
    default: throw ParseError(what + ": unknown attr kind " + std::to_string(kind));
  }
}

int32_t AttrKindOf(const std::string &name, const std::string &what) {
  for (int32_t kind = 0; kind < kAttrKindCount; ++kind) {
    if (name == kAttrTypeNames[kind]) {
      return kind;
    }
  }
  throw ParseError(what + " has an unknown type '" + name + "'");
}

void ParsePorts(const py::handle &items, const std::string &what, int32_t max_kind,
                ParsedProto &proto, std::vector<GeCustomOpPort> &ports) {
  std::set<std::string> seen;
  for (const py::handle raw : items) {
    const py::dict item = py::reinterpret_borrow<py::dict>(raw);
    const std::string name = Text(item["name"], what + " name");
    if (!seen.insert(name).second) {
      throw ParseError(what + " name '" + name + "' is duplicated");
    }
    const int64_t kind = IntValue(item["kind"], what + " '" + name + "' kind");
    if (kind < 0 || kind > max_kind) {
      throw ParseError(what + " '" + name + "' has an invalid kind " + std::to_string(kind));
    }
    ports.push_back({proto.Keep(name), static_cast<int32_t>(kind)});
  }
}

// The proto dict of §2.7 as a view; `proto` owns everything the view points at.
GeCustomOpProtoView ParseProto(const py::dict &item, ParsedProto &proto) {
  proto.key = Text(item["descriptor_key"], "python op proto descriptor_key");
  proto.op_type = Text(item["op_type"], "python op proto op_type");
  const std::string where = "python op proto '" + proto.op_type + "'";
  ParsePorts(item["inputs"], where + " input", 2, proto, proto.inputs);
  ParsePorts(item["outputs"], where + " output", 1, proto, proto.outputs);
  std::set<std::string> seen;
  for (const py::handle raw : item["attrs"]) {
    const py::dict attr = py::reinterpret_borrow<py::dict>(raw);
    const std::string name = Text(attr["name"], where + " attr name");
    const std::string what = where + " attr '" + name + "'";
    if (!seen.insert(name).second) {
      throw ParseError(what + " is duplicated");
    }
    GeCustomOpProtoAttr view{};
    view.name = proto.Keep(name);
    view.kind = AttrKindOf(Text(attr["type"], what + " type"), what);
    view.is_required = BoolValue(attr["is_required"], what + " is_required") ? 1 : 0;
    const py::object value = attr["default"];
    if (!value.is_none()) {
      if (view.is_required != 0) {
        throw ParseError(what + " is required but has a default");
      }
      ParseDefault(value, view.kind, "default value of " + what, proto, view.default_value);
    } else if (view.is_required == 0) {
      throw ParseError(what + " is optional but has no default");
    }
    proto.attrs.push_back(view);
  }
  GeCustomOpProtoView view{};
  view.descriptor_key = proto.key.c_str();
  view.op_type = proto.op_type.c_str();
  view.inputs = proto.inputs.data();
  view.input_count = proto.inputs.size();
  view.outputs = proto.outputs.data();
  view.output_count = proto.outputs.size();
  view.attrs = proto.attrs.data();
  view.attr_count = proto.attrs.size();
  return view;
}

uint32_t MaskOf(const py::handle &interfaces, const std::string &what) {
  uint32_t mask = 0;
  for (const py::handle item : interfaces) {
    const std::string name = py::isinstance<py::str>(item) ? item.cast<std::string>() : "";
    if (name == "eager_execute") {
      mask |= GE_CUSTOM_OP_CAP_EAGER_EXECUTE;
    } else if (name == "compilable") {
      mask |= GE_CUSTOM_OP_CAP_COMPILABLE;
    } else if (name == "annotated_args") {
      mask |= GE_CUSTOM_OP_CAP_ANNOTATED_ARGS;
    } else {
      throw ParseError(what + " has an unknown interface '" + name + "'");
    }
  }
  if (mask == 0) {
    throw ParseError(what + " declares no interface");
  }
  return mask;
}

// --- callbacks --------------------------------------------------------------------------------

CustomOpProtocol &Protocol() {
  CustomOpProtocol *protocol = BridgeRuntime::Instance().CustomOp();
  if (protocol == nullptr) {
    throw std::runtime_error("the python custom op bridge has no active load round");
  }
  return *protocol;
}

uint32_t InferMeta(const GeCustomOpIrView *ir, void *ctx, const GeCustomOpInferResult *result,
                   char **error) {
  if (ir == nullptr || ctx == nullptr || result == nullptr || result->add_output == nullptr) {
    return Failed(error, "python infer_meta got a null argument");
  }
  GilGuard gil;
  try {
    CustomOpProtocol &protocol = Protocol();
    py::object view = protocol.borrow_infer_meta(reinterpret_cast<uintptr_t>(ctx));
    py::list outputs = protocol.call_infer_meta(ir->op_type, IrMeta(ir), view);
    for (const py::handle raw : outputs) {
      const py::tuple item = py::reinterpret_borrow<py::tuple>(raw);
      const auto origin = item[0].cast<std::vector<int64_t>>();
      const auto storage = item[1].cast<std::vector<int64_t>>();
      if (result->add_output(result->receiver, origin.data(), origin.size(), storage.data(),
                             storage.size(), item[2].cast<int32_t>()) == 0) {
        return Failed(error, "the compiler refused an infer_meta output");
      }
    }
  } catch (py::error_already_set &exc) {
    return Failed(error, FormatPythonError(exc));
  } catch (const std::exception &exc) {
    return Failed(error, exc.what());
  }
  return GE_CUSTOM_OP_SUCCESS;
}

void *CreateImplHolder(const GeCustomOpHolderView *view, char **error) {
  if (view == nullptr || view->impl_descriptor_key == nullptr) {
    SetError(error, "python op impl holder view is null");
    return nullptr;
  }
  GilGuard gil;
  try {
    auto holder = std::make_unique<Holder>();
    holder->descriptor_key = view->impl_descriptor_key;
    holder->instance_id = holder->descriptor_key + "#" + std::to_string(++g_holder_counter);
    holder->py_instance_id = py::str(holder->instance_id);
    holder->py_descriptor_key = py::str(holder->descriptor_key);
    holder->ir_meta = IrMeta(view->ir);
    if (StatusOf(Protocol().create_holder(holder->instance_id, holder->descriptor_key)) !=
        GE_CUSTOM_OP_SUCCESS) {
      SetError(error, "create_op_impl_holder failed for " + holder->instance_id);
      return nullptr;
    }
    return holder.release();
  } catch (py::error_already_set &exc) {
    SetError(error, FormatPythonError(exc));
  } catch (const std::exception &exc) {
    SetError(error, exc.what());
  }
  return nullptr;
}

void DestroyImplHolder(void *raw) {
  auto *holder = static_cast<Holder *>(raw);
  if (holder == nullptr) {
    return;
  }
  if (!Py_IsInitialized()) {
    // The interpreter is gone with every Python object: only the C++ part is left to free.
    holder->py_instance_id.release();
    holder->py_descriptor_key.release();
    holder->ir_meta.release();
    delete holder;
    return;
  }
  GilGuard gil;
  CustomOpProtocol *protocol = BridgeRuntime::Instance().CustomOp();
  if (protocol != nullptr) {
    try {
      (void)protocol->destroy_holder(holder->instance_id);
    } catch (py::error_already_set &exc) {
      Log(GE_PY_PASS_LOG_WARNING,
          "destroy_op_impl_holder(" + holder->instance_id + ") failed: " + FormatPythonError(exc));
    }
  }
  delete holder;
}

// One callback: the holder re-created if needed (GE re-calls create before every call), the
// context borrowed, the `_bridge` function called.
uint32_t CallImpl(void *raw, void *ctx, py::object CustomOpProtocol::*borrow,
                  py::object CustomOpProtocol::*call, char **error) {
  auto *holder = static_cast<Holder *>(raw);
  if (holder == nullptr || ctx == nullptr) {
    return Failed(error, "python op impl callback got a null holder or context");
  }
  GilGuard gil;
  try {
    CustomOpProtocol &protocol = Protocol();
    (void)protocol.create_holder(holder->py_instance_id, holder->py_descriptor_key);
    py::object view = (protocol.*borrow)(reinterpret_cast<uintptr_t>(ctx));
    const uint32_t status =
        StatusOf((protocol.*call)(holder->py_instance_id, holder->ir_meta, view));
    if (status != GE_CUSTOM_OP_SUCCESS) {
      return Failed(error, "python op impl " + holder->instance_id + " returned status " +
                               std::to_string(status));
    }
  } catch (py::error_already_set &exc) {
    return Failed(error, FormatPythonError(exc));
  } catch (const std::exception &exc) {
    return Failed(error, exc.what());
  }
  return GE_CUSTOM_OP_SUCCESS;
}

uint32_t Execute(void *holder, void *ctx, char **error) {
  return CallImpl(holder, ctx, &CustomOpProtocol::borrow_eager, &CustomOpProtocol::call_execute,
                  error);
}

uint32_t DeclareLaunchArgs(void *holder, void *ctx, char **error) {
  return CallImpl(holder, ctx, &CustomOpProtocol::borrow_annotated_args,
                  &CustomOpProtocol::call_declare_launch_args, error);
}

uint32_t CompileImpl(void *holder, void *ctx, char **error) {
  return CallImpl(holder, ctx, &CustomOpProtocol::borrow_compile, &CustomOpProtocol::call_compile,
                  error);
}

const GeCustomOpCallbacks &Callbacks() {
  static const GeCustomOpCallbacks callbacks = [] {
    GeCustomOpCallbacks value{};
    value.create_impl_holder = &CreateImplHolder;
    value.destroy_impl_holder = &DestroyImplHolder;
    value.execute = &Execute;
    value.declare_launch_args = &DeclareLaunchArgs;
    value.compile_impl = &CompileImpl;
    value.infer_meta = &InferMeta;
    return value;
  }();
  return callbacks;
}

// --- the table --------------------------------------------------------------------------------

std::string TakeText(char *text, const std::string &fallback) {
  if (text == nullptr) {
    return fallback;
  }
  std::string value = text;
  std::free(text);
  return value;
}

void ReportImportFailures(const GeCustomOpRegistrar *registrar, const py::handle &errors) {
  for (const py::handle item : errors) {
    const std::string text = py::str(item).cast<std::string>();
    Log(GE_PY_PASS_LOG_ERROR, "python custom op plugin skipped: " + text);
    if (registrar->add_load_failure != nullptr) {
      registrar->add_load_failure(text.c_str());
    }
  }
}

void RegisterProtos(const GeCustomOpRegistrar *registrar, const py::handle &protos) {
  for (const py::handle raw : protos) {
    ParsedProto proto;
    GeCustomOpProtoView view = ParseProto(py::reinterpret_borrow<py::dict>(raw), proto);
    view.infer_meta = &InferMeta;
    char *reason = nullptr;
    if (registrar->register_op_proto(&view, &reason) == 0) {
      throw ParseError(
          TakeText(reason, "the compiler refused python op proto '" + proto.op_type + "'"));
    }
  }
}

void RegisterImpls(const GeCustomOpRegistrar *registrar, CustomOpProtocol &protocol,
                   const py::handle &impls) {
  for (const py::handle raw : impls) {
    const py::dict item = py::reinterpret_borrow<py::dict>(raw);
    const std::string key = Text(item["descriptor_key"], "python op impl descriptor_key");
    const std::string op_type = Text(item["op_type"], "python op impl op_type");
    const uint32_t mask = MaskOf(item["interfaces"], "python op impl '" + key + "'");
    GeCustomOpIrView ir{};
    const py::object ir_meta =
        registrar->lookup_ir(op_type.c_str(), &ir) != 0 ? IrMeta(&ir) : py::none();
    (void)protocol.validate(key, ir_meta);
    const GeCustomOpAdapterView view{op_type.c_str(), key.c_str(), mask};
    char *reason = nullptr;
    if (registrar->register_op_impl(&view, &Callbacks(), &reason) == 0) {
      throw ParseError(TakeText(reason, "the compiler refused python op impl '" + key + "'"));
    }
  }
}

uint32_t SetArtifactConfig(const PythonFusionPassBridgeArtifactConfig *config, char **error) {
  std::string reason;
  if (BridgeRuntime::Instance().SetArtifactConfig(config, reason) != GE_PY_PASS_SUCCESS) {
    return Failed(error, reason);
  }
  return GE_CUSTOM_OP_SUCCESS;
}

uint32_t RegisterCustomOps(const GeCustomOpRegistrar *registrar, char **error) {
  if (registrar == nullptr || registrar->register_op_proto == nullptr ||
      registrar->register_op_impl == nullptr || registrar->lookup_ir == nullptr) {
    return Failed(error, "python custom op registrar is null or incomplete");
  }
  if (registrar->log != nullptr) {
    SetLogFunction(registrar->log);
  }
  std::string reason;
  if (BridgeRuntime::Instance().EnsureCustomOpReady(reason) != GE_PY_PASS_SUCCESS) {
    Log(GE_PY_PASS_LOG_ERROR, reason);
    return Failed(error, reason);
  }
  GilGuard gil;
  try {
    CustomOpProtocol &protocol = Protocol();
    py::dict snapshot = protocol.load_snapshot(py::bool_(registrar->strict != 0));
    ReportImportFailures(registrar, snapshot["errors"]);
    RegisterProtos(registrar, snapshot["protos"]);
    RegisterImpls(registrar, protocol, snapshot["impls"]);
  } catch (py::error_already_set &exc) {
    const std::string text = "Load python custom ops failed: " + FormatPythonError(exc);
    Log(GE_PY_PASS_LOG_ERROR, text);
    return Failed(error, text);
  } catch (const std::exception &exc) {
    return Failed(error, std::string("Load python custom ops failed: ") + exc.what());
  }
  return GE_CUSTOM_OP_SUCCESS;
}

void ResetBridgeState() { BridgeRuntime::Instance().ResetCustomOp(); }

void ShutdownBridge() { BridgeRuntime::Instance().Shutdown(); }

}  // namespace
}  // namespace bridge
}  // namespace ge

extern "C" __attribute__((visibility("default"))) const PythonCustomOpBridgeApi *
GeGetPythonCustomOpBridgeApi() {
  static const PythonCustomOpBridgeApi api = [] {
    PythonCustomOpBridgeApi value{};
    value.abi_version = GE_CUSTOM_OP_BRIDGE_ABI_VERSION;
    value.set_artifact_config = &ge::bridge::SetArtifactConfig;
    value.register_custom_ops = &ge::bridge::RegisterCustomOps;
    value.reset_bridge_state = &ge::bridge::ResetBridgeState;
    value.shutdown_bridge = &ge::bridge::ShutdownBridge;
    return value;
  }();
  return &api;
}
