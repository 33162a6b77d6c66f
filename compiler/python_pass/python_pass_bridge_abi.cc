// Small helpers of the bridge ABI types (kind wire names, callback completeness).
#include "ge/python_pass/python_pass_bridge_abi.h"

namespace ge {
namespace python_pass {

const char *PythonPassKindName(PythonPassKind kind) {
  switch (kind) {
    case PythonPassKind::kFusionBase: return "fusion_base";
    case PythonPassKind::kPatternFusion: return "pattern_fusion";
    case PythonPassKind::kDecompose: return "decompose";
  }
  return nullptr;
}

bool ParsePythonPassKind(const std::string &name, PythonPassKind &kind) {
  for (PythonPassKind candidate :
       {PythonPassKind::kFusionBase, PythonPassKind::kPatternFusion, PythonPassKind::kDecompose}) {
    if (name == PythonPassKindName(candidate)) {
      kind = candidate;
      return true;
    }
  }
  return false;
}

bool PythonFusionPassCallbacks::IsValid(PythonPassKind kind) const {
  if (create == nullptr || destroy == nullptr) {
    return false;
  }
  switch (kind) {
    case PythonPassKind::kFusionBase: return run != nullptr;
    case PythonPassKind::kPatternFusion: return patterns != nullptr && replacement != nullptr;
    case PythonPassKind::kDecompose: return decompose_replacement != nullptr;
  }
  return false;
}

}  // namespace python_pass
}  // namespace ge
