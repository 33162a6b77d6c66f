// The compiler's own copy of a Python pass descriptor (C++ strings, owned), converted from the C
// ABI struct the bridge hands over for the duration of one registration call.
#ifndef GE_PYTHON_PASS_PYTHON_PASS_DESCRIPTOR_H_
#define GE_PYTHON_PASS_PYTHON_PASS_DESCRIPTOR_H_

#include <cstdint>
#include <string>
#include <vector>

#include "ge/fusion/pass/custom_pass_context.h"
#include "ge/python_pass/python_pass_bridge_abi.h"
#include "python_bridge/bridge_library.h"

namespace ge {
namespace python_pass {

enum class PythonPassKind : uint32_t {
  kFusionBase = GE_PY_PASS_KIND_FUSION_BASE,
  kPatternFusion = GE_PY_PASS_KIND_PATTERN_FUSION,
  kDecompose = GE_PY_PASS_KIND_DECOMPOSE,
};

/// "fusion_base" / "pattern_fusion" / "decompose"; "unknown" otherwise.
const char *PythonPassKindName(PythonPassKind kind);

struct PythonPassInfo {
  std::string descriptor_key;
  std::string pass_name;
  std::string module_name;
  std::string class_name;
  CustomPassStage stage = CustomPassStage::kInvalid;
  PythonPassKind kind = PythonPassKind::kFusionBase;
  std::vector<std::string> op_types;
  uint32_t max_runs = 1;  // > 1: repeat until unchanged, at most this many runs

  bool IsValid() const { return !descriptor_key.empty() && !pass_name.empty(); }
  /// Copies an ABI descriptor; false with `reason` for null fields or unknown stage/kind values.
  static bool FromAbi(const PythonPassDescriptor *abi, PythonPassInfo &info, std::string &reason);
};

/// An ABI view of a PythonPassInfo (valid while the info lives and is not modified).
class PythonPassDescriptorView {
 public:
  explicit PythonPassDescriptorView(const PythonPassInfo &info);
  const PythonPassDescriptor *Get() const { return &descriptor_; }

 private:
  std::vector<const char *> op_types_;
  PythonPassDescriptor descriptor_{};
};

/// create + destroy, plus what the kind cannot run without.
bool AreCallbacksComplete(const PythonFusionPassCallbacks &callbacks, PythonPassKind kind);

using python_bridge::TakeBridgeString;

}  // namespace python_pass
}  // namespace ge

#endif  // GE_PYTHON_PASS_PYTHON_PASS_DESCRIPTOR_H_
