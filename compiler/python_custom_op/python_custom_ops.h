// PythonCustomOps: the Python custom operators of the process, loaded as one transaction and
// unloaded in reverse order (docs/custom_ops.md §6):
//   load   — bridge table, plugin import, prototypes registered into the op catalog at once
//            (overriding a built-in of the same type), implementations validated and staged,
//            then committed in sorted type order (their host kernels registered, and the
//            compile and task-plan steps as whole-graph optimizers of the pipeline); any failure
//            unloads what the load did;
//   unload — compile and task-plan steps removed, adapters (holders) destroyed, host kernels
//   removed (a
//            replaced kernel restored), prototypes unregistered (an overridden built-in
//            restored), bridge state reset.
// LoadCustomOps / UnloadCustomOps count users: the first load loads, the last unload unloads.
#ifndef GE_PYTHON_CUSTOM_OP_PYTHON_CUSTOM_OPS_H_
#define GE_PYTHON_CUSTOM_OP_PYTHON_CUSTOM_OPS_H_

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "ge/custom_op/custom_op_bridge_abi.h"
#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"
#include "graph/node.h"
#include "ops/op_catalog.h"
#include "python_custom_op/ir_view.h"
#include "runtime/kernel_context.h"
#include "runtime/kernel_registry.h"

namespace ge {
namespace python_custom_op {

/// 1/true/yes/on: a plugin file that fails to import, or a bridge that cannot load, fails the
/// load instead of being reported and skipped (read by the compiler and by ge.custom_op).
constexpr const char *kCustomOpStrictEnv = "GE_PY_CUSTOM_OP_STRICT";

/// One implementation: GE's runtime-registry entry and the op type's one adapter.
struct ImplEntry {
  std::string op_type;
  std::string descriptor_key;
  uint32_t mask = 0;
  GeCustomOpCallbacks callbacks{};
  std::shared_ptr<const IrViewStorage> ir;
  void *holder = nullptr;  // the op type's Python instance, created at the first call
  bool replaced_kernel = false;
  runtime::KernelDef previous_kernel;
};

class PythonCustomOps {
 public:
  static PythonCustomOps &Instance();

  /// Adds a user; the first one loads the Python custom ops when ASCEND_CUSTOM_OPP_PATH has a
  /// Python entry. FAILED (last error set) when the load fails: strict, or a failure that is not
  /// an import failure isolated by the Python side; nothing stays loaded then.
  Status Load();
  /// Removes a user; the last one unloads. An extra call only warns.
  Status Unload();
  int GetActiveUsers() const;
  /// Op types this loader registered, sorted.
  std::vector<std::string> ListPrototypeTypes() const;
  std::vector<std::string> ListImplTypes() const;
  /// Plugin imports the last load reported and skipped (first lines).
  std::vector<std::string> GetLoadFailures() const;

  /// Fails naming op type and node for a node of `graph` (subgraphs included) whose type is a
  /// Python custom op without execute, which the host runtime cannot run.
  Status CheckHostExecutable(const ComputeGraph &graph) const;
  /// The host kernel of an implementation with execute.
  Status Execute(runtime::KernelContext &ctx);
  /// The compile step: runs compile on every node of `graph` whose implementation has it.
  Status Compile(ComputeGraph &graph, const std::map<std::string, std::string> &options);
  /// The task-plan step: runs declare_launch_args on every node of `graph` whose implementation
  /// has it and that has no plan yet.
  Status DeclareLaunchArgs(ComputeGraph &graph);

  // The registrar of a load in progress (called back by the bridge).
  bool RegisterProto(const GeCustomOpProtoView &view, std::string &error);
  bool StageImpl(const GeCustomOpAdapterView &view, const GeCustomOpCallbacks &callbacks,
                 std::string &error);
  bool LookupIr(const char *op_type, GeCustomOpIrView &ir);
  void AddLoadFailure(const std::string &text);

 private:
  PythonCustomOps() = default;
  Status LoadPython(bool strict);
  void Commit();
  void UnloadPython();
  /// The op type's Python instance, created at its first use; nullptr with `error` set.
  void *EnsureHolder(ImplEntry &entry, std::string &error);
  /// Runs `run` on every node of `graph` (subgraphs included) whose implementation has
  /// `capability`, its holder created; the first failure stops.
  Status ForEachNodeWith(ComputeGraph &graph, uint32_t capability,
                         const std::function<Status(ImplEntry &entry, Node &node)> &run);

  mutable std::mutex mutex_;
  int active_users_ = 0;
  bool python_loaded_ = false;
  // Prototypes this loader registered: op type -> descriptor key, and the built-in it replaced.
  std::map<std::string, std::string> proto_keys_;
  std::map<std::string, const OpPrototype *> overridden_;
  std::map<std::string, ImplEntry> staged_;
  std::map<std::string, ImplEntry> impls_;
  std::unique_ptr<IrViewStorage> lookup_;  // the IR of the last LookupIr
  std::vector<std::string> load_failures_;
};

Status LoadCustomOps();
Status UnloadCustomOps();

}  // namespace python_custom_op
}  // namespace ge

#endif  // GE_PYTHON_CUSTOM_OP_PYTHON_CUSTOM_OPS_H_
