// The C entry point between the compiler (loader side) and libge_python_pass_bridge.so (one build
// per CPython minor version). The compiler dlopens the bridge, looks up
// kPythonFusionPassBridgeGetApiSymbol and talks to it only through the structures below
// (spec compiler.md §6.2–6.3). Both sides are built from this header by the same C++ toolchain:
// the payloads are C++ objects, only the entry symbol has C linkage.
#ifndef GE_PYTHON_PASS_PYTHON_PASS_BRIDGE_ABI_H_
#define GE_PYTHON_PASS_PYTHON_PASS_BRIDGE_ABI_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ge/fusion/match_result.h"
#include "ge/fusion/pass/custom_pass_context.h"
#include "ge/fusion/pass/fusion_base_pass.h"
#include "ge/fusion/pattern.h"
#include "ge/fusion/pattern_matcher_config.h"
#include "ge/ge_error_codes.h"
#include "graph/gnode.h"
#include "graph/graph.h"

namespace ge {
namespace python_pass {

constexpr uint32_t kPythonFusionPassBridgeAbiVersion = 1U;
constexpr const char *kPythonFusionPassBridgeGetApiSymbol = "GeGetPythonFusionPassBridgeApi";

enum class PythonPassKind : uint32_t { kFusionBase = 0, kPatternFusion = 1, kDecompose = 2 };

/// "fusion_base" / "pattern_fusion" / "decompose" (nullptr for an unknown value).
const char *PythonPassKindName(PythonPassKind kind);
/// The kind of a wire name; false when the name is unknown.
bool ParsePythonPassKind(const std::string &name, PythonPassKind &kind);

/// The static identity of one registered Python pass class.
struct PythonPassDescriptor {
  std::string descriptor_key;  // "<module>:<class>:<pass_name>"
  std::string pass_name;
  std::string module_name;
  std::string class_name;
  CustomPassStage stage = CustomPassStage::kInvalid;
  PythonPassKind kind = PythonPassKind::kFusionBase;
  std::vector<std::string> op_types;  // decompose passes only

  bool IsValid() const { return !descriptor_key.empty() && !pass_name.empty(); }
};

/// Calls into Python for one descriptor. `holder` is the bridge's per-instance object returned by
/// `create` (one Python pass instance); every callback takes the GIL only for its own duration.
/// Callbacks never throw; failures are reported through the status / context error message.
struct PythonFusionPassCallbacks {
  void *(*create)(const PythonPassDescriptor *descriptor) = nullptr;
  void (*destroy)(void *holder) = nullptr;
  Status (*run)(void *holder, GraphPtr &graph, CustomPassContext &context) = nullptr;
  Status (*get_matcher_config)(void *holder,
                               std::unique_ptr<fusion::PatternMatcherConfig> &config) = nullptr;
  Status (*patterns)(void *holder, std::vector<fusion::PatternUniqPtr> &patterns) = nullptr;
  bool (*meet_requirements)(void *holder, const fusion::MatchResult &match,
                            CustomPassContext &context) = nullptr;
  Status (*replacement)(void *holder, const fusion::MatchResult &match,
                        fusion::GraphUniqPtr &replacement, CustomPassContext &context) = nullptr;
  bool (*decompose_meet_requirements)(void *holder, const GNode &node,
                                      CustomPassContext &context) = nullptr;
  Status (*decompose_replacement)(void *holder, const GNode &node,
                                  fusion::GraphUniqPtr &replacement,
                                  CustomPassContext &context) = nullptr;

  /// create + destroy, plus what the kind cannot run without.
  bool IsValid(PythonPassKind kind) const;
};

struct PythonFusionPassRegistrar {
  bool (*register_pass)(const PythonPassDescriptor *descriptor,
                        const PythonFusionPassCallbacks *callbacks) = nullptr;
};

/// Where the bridge's companion module lives, and which interpreter to start when the process has
/// none (the probed `python3`, so that its venv and site-packages are used). Null = empty.
struct PythonFusionPassBridgeArtifactConfig {
  const char *artifact_root = nullptr;
  const char *native_module_path = nullptr;
  const char *python_executable = nullptr;
};

struct PythonFusionPassBridgeApi {
  uint32_t abi_version = 0;
  Status (*set_artifact_config)(const PythonFusionPassBridgeArtifactConfig *config) = nullptr;
  Status (*register_passes)(const PythonFusionPassRegistrar *registrar) = nullptr;
  void (*reset_bridge_state)() = nullptr;
  void (*shutdown_bridge)() = nullptr;

  bool IsValid() const {
    return abi_version == kPythonFusionPassBridgeAbiVersion && set_artifact_config != nullptr &&
           register_passes != nullptr && reset_bridge_state != nullptr &&
           shutdown_bridge != nullptr;
  }
};

using GetPythonFusionPassBridgeApiFn = const PythonFusionPassBridgeApi *(*)();

}  // namespace python_pass
}  // namespace ge

#endif  // GE_PYTHON_PASS_PYTHON_PASS_BRIDGE_ABI_H_
