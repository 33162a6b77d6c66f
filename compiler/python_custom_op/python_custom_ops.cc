// PythonCustomOps implementation: the load transaction, unload, and the registrar callbacks.
#include "python_custom_op/python_custom_ops.h"

#include <cstdlib>
#include <cstring>

#include "common/error.h"
#include "common/log.h"
#include "onnx_plugin/onnx_plugin_bridge.h"
#include "pipeline/whole_graph_optimizers.h"
#include "python_bridge/bridge_library.h"
#include "python_custom_op/custom_op_bridge.h"
#include "python_custom_op/custom_op_compile.h"
#include "python_custom_op/custom_op_kernel.h"
#include "python_custom_op/custom_op_launch_args.h"
#include "python_custom_op/python_prototype.h"

namespace ge {
namespace python_custom_op {
namespace {

constexpr uint32_t kImplBits =
    GE_CUSTOM_OP_CAP_EAGER_EXECUTE | GE_CUSTOM_OP_CAP_COMPILABLE | GE_CUSTOM_OP_CAP_ANNOTATED_ARGS;

// The loader of the load in progress: the registrar's functions are plain C callbacks without a
// context argument; loads are serialised by PythonCustomOps::mutex_.
PythonCustomOps *g_loading = nullptr;

int RegisterProtoCallback(const GeCustomOpProtoView *view, char **error) {
  std::string reason;
  if (g_loading == nullptr || view == nullptr) {
    reason = "no python custom op load is in progress";
  } else if (g_loading->RegisterProto(*view, reason)) {
    return 1;
  }
  if (error != nullptr) {
    *error = strdup(reason.c_str());
  }
  return 0;
}

int RegisterImplCallback(const GeCustomOpAdapterView *view, const GeCustomOpCallbacks *callbacks,
                         char **error) {
  std::string reason;
  if (g_loading == nullptr || view == nullptr || callbacks == nullptr) {
    reason = "no python custom op load is in progress";
  } else if (g_loading->StageImpl(*view, *callbacks, reason)) {
    return 1;
  }
  if (error != nullptr) {
    *error = strdup(reason.c_str());
  }
  return 0;
}

int LookupIrCallback(const char *op_type, GeCustomOpIrView *ir) {
  return g_loading != nullptr && op_type != nullptr && ir != nullptr &&
                 g_loading->LookupIr(op_type, *ir)
             ? 1
             : 0;
}

void AddLoadFailureCallback(const char *text) {
  if (g_loading != nullptr && text != nullptr) {
    g_loading->AddLoadFailure(text);
  }
}

void LogCallback(int level, const char *message) {
  if (message == nullptr) {
    return;
  }
  switch (level) {
    case 0: GELOGD("[PythonCustomOp] %s", message); break;
    case 1: GELOGI("[PythonCustomOp] %s", message); break;
    case 2: GELOGW("[PythonCustomOp] %s", message); break;
    default: GELOGE("[PythonCustomOp] %s", message); break;
  }
}

bool IsValidCallbackSet(uint32_t mask, const GeCustomOpCallbacks &callbacks) {
  if (mask == 0 || (mask & ~kImplBits) != 0 || callbacks.create_impl_holder == nullptr ||
      callbacks.destroy_impl_holder == nullptr) {
    return false;
  }
  return ((mask & GE_CUSTOM_OP_CAP_EAGER_EXECUTE) == 0 || callbacks.execute != nullptr) &&
         ((mask & GE_CUSTOM_OP_CAP_COMPILABLE) == 0 || callbacks.compile_impl != nullptr) &&
         ((mask & GE_CUSTOM_OP_CAP_ANNOTATED_ARGS) == 0 ||
          callbacks.declare_launch_args != nullptr);
}

}  // namespace

PythonCustomOps &PythonCustomOps::Instance() {
  // Never destroyed: unloading at static destruction would call into a finalised interpreter.
  static PythonCustomOps *instance = new PythonCustomOps();
  return *instance;
}

int PythonCustomOps::GetActiveUsers() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return active_users_;
}

std::vector<std::string> PythonCustomOps::ListPrototypeTypes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> types;
  for (const auto &entry : proto_keys_) {
    types.push_back(entry.first);
  }
  return types;
}

std::vector<std::string> PythonCustomOps::ListImplTypes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> types;
  for (const auto &entry : impls_) {
    types.push_back(entry.first);
  }
  return types;
}

std::vector<std::string> PythonCustomOps::GetLoadFailures() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return load_failures_;
}

Status PythonCustomOps::Load() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (active_users_++ > 0 || python_loaded_) {
    return SUCCESS;
  }
  std::string error;
  const bool has_entry = onnx_plugin::HasPythonPluginEntry(
      std::getenv(onnx_plugin::kCustomOppPathEnv), error, "python custom op");
  if (!error.empty()) {
    --active_users_;
    return Fail("Load python custom ops failed: " + error);
  }
  if (!has_entry) {
    return SUCCESS;
  }
  if (LoadPython(onnx_plugin::IsEnvFlagOn(kCustomOpStrictEnv)) != SUCCESS) {
    --active_users_;
    return FAILED;
  }
  return SUCCESS;
}

Status PythonCustomOps::LoadPython(bool strict) {
  load_failures_.clear();
  GeCustomOpRegistrar registrar{};
  registrar.register_op_proto = &RegisterProtoCallback;
  registrar.register_op_impl = &RegisterImplCallback;
  registrar.lookup_ir = &LookupIrCallback;
  registrar.add_load_failure = &AddLoadFailureCallback;
  registrar.log = &LogCallback;
  registrar.strict = strict ? 1 : 0;
  g_loading = this;
  const Status status = CustomOpBridge::Instance().RegisterCustomOps(registrar);
  g_loading = nullptr;
  lookup_.reset();
  python_loaded_ = true;  // whatever was registered before a failure is unloaded below
  if (status != SUCCESS) {
    const std::string reason = GetLastError();
    UnloadPython();
    return Fail("Load python custom ops failed: " + reason);
  }
  Commit();
  GELOGI("[PythonCustomOp] loaded %zu prototypes and %zu implementations (%zu plugins skipped)",
         proto_keys_.size(), impls_.size(), load_failures_.size());
  return SUCCESS;
}

bool PythonCustomOps::RegisterProto(const GeCustomOpProtoView &view, std::string &error) {
  const std::string op_type = view.op_type == nullptr ? "" : view.op_type;
  const std::string key = view.descriptor_key == nullptr ? "" : view.descriptor_key;
  auto known = proto_keys_.find(op_type);
  if (known != proto_keys_.end()) {
    if (known->second == key) {
      return true;  // the same prototype again
    }
    error = "python op proto '" + op_type + "' conflicts: registered by '" + known->second +
            "', again by '" + key + "'";
    return false;
  }
  if (impls_.count(op_type) != 0) {
    error = "python op proto '" + op_type + "' conflicts with a loaded custom op of that type";
    return false;
  }
  OpPrototype prototype;
  if (!MaterialisePrototype(view, prototype, error)) {
    return false;
  }
  OpCatalog &catalog = OpCatalog::Instance();
  const OpPrototype *previous = catalog.Find(op_type);
  if (catalog.Register(std::move(prototype), /*replace=*/true) != SUCCESS) {
    error = "python op proto '" + op_type + "' was refused by the op catalog: " + GetLastError();
    return false;
  }
  if (previous != nullptr) {
    overridden_[op_type] = previous;
    GELOGI("[PythonCustomOp] python op proto '%s' overrides the op catalog's prototype",
           op_type.c_str());
  }
  proto_keys_[op_type] = key;
  return true;
}

bool PythonCustomOps::LookupIr(const char *op_type, GeCustomOpIrView &ir) {
  const OpPrototype *prototype = OpCatalog::Instance().Find(op_type);
  lookup_ = prototype == nullptr ? nullptr : IrViewStorage::FromPrototype(*prototype);
  if (lookup_ == nullptr) {
    return false;
  }
  ir = lookup_->View();
  return true;
}

bool PythonCustomOps::StageImpl(const GeCustomOpAdapterView &view,
                                const GeCustomOpCallbacks &callbacks, std::string &error) {
  const std::string op_type = view.op_type == nullptr ? "" : view.op_type;
  const std::string key = view.impl_descriptor_key == nullptr ? "" : view.impl_descriptor_key;
  if (op_type.empty() || key.empty()) {
    error = "python op impl has an empty op type or descriptor key";
    return false;
  }
  for (const auto *registry : {&staged_, &impls_}) {
    auto known = registry->find(op_type);
    if (known != registry->end()) {
      if (known->second.descriptor_key == key) {
        return true;
      }
      error = "python op impl for '" + op_type + "' conflicts: registered by '" +
              known->second.descriptor_key + "', again by '" + key + "'";
      return false;
    }
  }
  if (!IsValidCallbackSet(view.mask, callbacks)) {
    error = "python op impl '" + key + "' has an invalid capability mask or callback set";
    return false;
  }
  const OpPrototype *prototype = OpCatalog::Instance().Find(op_type);
  std::unique_ptr<IrViewStorage> ir =
      prototype == nullptr ? nullptr : IrViewStorage::FromPrototype(*prototype);
  if (ir == nullptr) {
    error = "python op impl '" + key + "': op type '" + op_type +
            "' has no prototype (register it with ge.custom_op.register_op or use an op of the "
            "op catalog)";
    return false;
  }
  ImplEntry entry;
  entry.op_type = op_type;
  entry.descriptor_key = key;
  entry.mask = view.mask;
  entry.callbacks = callbacks;
  entry.ir = std::move(ir);
  staged_[op_type] = std::move(entry);
  return true;
}

void PythonCustomOps::AddLoadFailure(const std::string &text) {
  load_failures_.push_back(text.substr(0, text.find('\n')));
}

void PythonCustomOps::Commit() {
  runtime::KernelRegistry &kernels = runtime::KernelRegistry::Instance();
  for (auto &staged : staged_) {  // std::map: sorted type order
    ImplEntry &entry = staged.second;
    if ((entry.mask & GE_CUSTOM_OP_CAP_EAGER_EXECUTE) != 0) {
      const runtime::KernelDef *previous = kernels.Find(entry.op_type);
      entry.replaced_kernel = previous != nullptr;
      if (previous != nullptr) {
        entry.previous_kernel = *previous;
      }
      kernels.Register(entry.op_type, PythonCustomOpKernel());
    }
    impls_[staged.first] = std::move(entry);
  }
  staged_.clear();
  RegisterWholeGraphOptimizer(kCompileOptimizerName, &CompileCustomOps);
  RegisterWholeGraphOptimizer(kLaunchArgsOptimizerName, &DeclareCustomOpLaunchArgs);
}

void PythonCustomOps::UnloadPython() {
  UnregisterWholeGraphOptimizer(kCompileOptimizerName);
  UnregisterWholeGraphOptimizer(kLaunchArgsOptimizerName);
  runtime::KernelRegistry &kernels = runtime::KernelRegistry::Instance();
  for (auto &item : impls_) {
    ImplEntry &entry = item.second;
    if (entry.holder != nullptr) {
      entry.callbacks.destroy_impl_holder(entry.holder);
      entry.holder = nullptr;
    }
    if ((entry.mask & GE_CUSTOM_OP_CAP_EAGER_EXECUTE) != 0) {
      if (entry.replaced_kernel) {
        kernels.Register(entry.op_type, entry.previous_kernel);
      } else {
        kernels.Unregister(entry.op_type);
      }
    }
  }
  impls_.clear();
  staged_.clear();
  OpCatalog &catalog = OpCatalog::Instance();
  for (const auto &proto : proto_keys_) {
    auto overridden = overridden_.find(proto.first);
    const Status status = overridden != overridden_.end()
                              ? catalog.Register(*overridden->second, /*replace=*/true)
                              : catalog.Unregister(proto.first);
    if (status != SUCCESS) {
      GELOGW("[PythonCustomOp] removing python op proto '%s' failed: %s", proto.first.c_str(),
             GetLastError().c_str());
    }
  }
  proto_keys_.clear();
  overridden_.clear();
  CustomOpBridge::Instance().ResetBridgeState();
  python_loaded_ = false;
}

Status PythonCustomOps::Unload() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (active_users_ == 0) {
    GELOGW("[PythonCustomOp] UnloadCustomOps called without a matching load");
    return SUCCESS;
  }
  if (--active_users_ == 0 && python_loaded_) {
    UnloadPython();
  }
  return SUCCESS;
}

Status PythonCustomOps::CheckHostExecutable(const ComputeGraph &graph) const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (proto_keys_.empty() && impls_.empty()) {
    return SUCCESS;
  }
  for (const Node *node : graph.GetAllNodes()) {
    const std::string &type = node->GetType();
    auto impl = impls_.find(type);
    if (impl != impls_.end()) {
      if ((impl->second.mask & GE_CUSTOM_OP_CAP_EAGER_EXECUTE) == 0) {
        return Fail("custom op '" + type + "' (node '" + node->GetName() +
                    "') cannot run on the host runtime: its Python implementation '" +
                    impl->second.descriptor_key + "' has no execute (eager_execute capability)");
      }
    } else if (proto_keys_.count(type) != 0) {
      return Fail("custom op '" + type + "' (node '" + node->GetName() +
                  "') cannot run on the host runtime: it has a Python prototype but no "
                  "implementation with execute (eager_execute capability)");
    }
  }
  return SUCCESS;
}

Status PythonCustomOps::Execute(runtime::KernelContext &ctx) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto found = impls_.find(ctx.GetNodeType());
  if (found == impls_.end() || (found->second.mask & GE_CUSTOM_OP_CAP_EAGER_EXECUTE) == 0) {
    return ctx.Error("no python custom op implementation with execute is loaded for this type");
  }
  ImplEntry &entry = found->second;
  std::string error;
  if (EnsureHolder(entry, error) == nullptr) {
    return ctx.Error(error);
  }
  return RunExecute(entry, ctx);
}

Status PythonCustomOps::Compile(ComputeGraph &graph,
                                const std::map<std::string, std::string> &options) {
  return ForEachNodeWith(
      graph, GE_CUSTOM_OP_CAP_COMPILABLE,
      [&options](ImplEntry &entry, Node &node) { return RunCompile(entry, node, options); });
}

Status PythonCustomOps::DeclareLaunchArgs(ComputeGraph &graph) {
  LogicalMemory memory(graph);
  return ForEachNodeWith(graph, GE_CUSTOM_OP_CAP_ANNOTATED_ARGS,
                         [&memory](ImplEntry &entry, Node &node) {
                           return RunDeclareLaunchArgs(entry, node, memory);
                         });
}

Status PythonCustomOps::ForEachNodeWith(
    ComputeGraph &graph, uint32_t capability,
    const std::function<Status(ImplEntry &entry, Node &node)> &run) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (Node *node : graph.GetAllNodes()) {
    auto found = impls_.find(node->GetType());
    if (found == impls_.end() || (found->second.mask & capability) == 0) {
      continue;
    }
    std::string error;
    if (EnsureHolder(found->second, error) == nullptr) {
      return Fail("custom op '" + node->GetType() + "' (node '" + node->GetName() + "'): " + error);
    }
    if (run(found->second, *node) != SUCCESS) {
      return FAILED;
    }
  }
  return SUCCESS;
}

void *PythonCustomOps::EnsureHolder(ImplEntry &entry, std::string &error) {
  if (entry.holder == nullptr) {
    const GeCustomOpHolderView view{entry.op_type.c_str(), entry.descriptor_key.c_str(),
                                    &entry.ir->View()};
    char *message = nullptr;
    entry.holder = entry.callbacks.create_impl_holder(&view, &message);
    if (entry.holder == nullptr) {
      error = "creating the python op impl '" + entry.descriptor_key + "' failed:\n" +
              python_bridge::TakeBridgeString(message);
    }
  }
  return entry.holder;
}

Status LoadCustomOps() { return PythonCustomOps::Instance().Load(); }
Status UnloadCustomOps() { return PythonCustomOps::Instance().Unload(); }

}  // namespace python_custom_op
}  // namespace ge
