// PythonPassInfo conversions and callback completeness.
#include "python_pass/python_pass_descriptor.h"

namespace ge {
namespace python_pass {
namespace {

std::string Text(const char *value) { return value == nullptr ? "" : value; }

}  // namespace

const char *PythonPassKindName(PythonPassKind kind) {
  switch (kind) {
    case PythonPassKind::kFusionBase: return "fusion_base";
    case PythonPassKind::kPatternFusion: return "pattern_fusion";
    case PythonPassKind::kDecompose: return "decompose";
  }
  return "unknown";
}

bool PythonPassInfo::FromAbi(const PythonPassDescriptor *abi, PythonPassInfo &info,
                             std::string &reason) {
  if (abi == nullptr) {
    reason = "Python pass descriptor is null.";
    return false;
  }
  PythonPassInfo result;
  result.descriptor_key = Text(abi->descriptor_key);
  result.pass_name = Text(abi->pass_name);
  result.module_name = Text(abi->module_name);
  result.class_name = Text(abi->class_name);
  if (!result.IsValid()) {
    reason = "Python pass descriptor is invalid: descriptor_key and pass_name must be set.";
    return false;
  }
  if (abi->stage >= static_cast<uint32_t>(CustomPassStage::kInvalid)) {
    reason = "Unsupported python pass stage for pass[" + result.pass_name + "].";
    return false;
  }
  result.stage = static_cast<CustomPassStage>(abi->stage);
  if (abi->kind > GE_PY_PASS_KIND_DECOMPOSE) {
    reason = "Unsupported python pass kind for pass[" + result.pass_name + "].";
    return false;
  }
  result.kind = static_cast<PythonPassKind>(abi->kind);
  for (size_t i = 0; i < abi->op_type_count; ++i) {
    if (abi->op_types == nullptr || abi->op_types[i] == nullptr) {
      reason = "Python pass[" + result.pass_name + "] has a null op type.";
      return false;
    }
    result.op_types.emplace_back(abi->op_types[i]);
  }
  result.max_runs = abi->max_runs < 2U ? 1U : abi->max_runs;
  info = std::move(result);
  return true;
}

PythonPassDescriptorView::PythonPassDescriptorView(const PythonPassInfo &info) {
  for (const std::string &op_type : info.op_types) {
    op_types_.push_back(op_type.c_str());
  }
  descriptor_.descriptor_key = info.descriptor_key.c_str();
  descriptor_.pass_name = info.pass_name.c_str();
  descriptor_.module_name = info.module_name.c_str();
  descriptor_.class_name = info.class_name.c_str();
  descriptor_.stage = static_cast<uint32_t>(info.stage);
  descriptor_.kind = static_cast<uint32_t>(info.kind);
  descriptor_.op_types = op_types_.empty() ? nullptr : op_types_.data();
  descriptor_.op_type_count = op_types_.size();
  descriptor_.max_runs = info.max_runs;
}

bool AreCallbacksComplete(const PythonFusionPassCallbacks &callbacks, PythonPassKind kind) {
  if (callbacks.create == nullptr || callbacks.destroy == nullptr) {
    return false;
  }
  switch (kind) {
    case PythonPassKind::kFusionBase: return callbacks.run != nullptr;
    case PythonPassKind::kPatternFusion:
      return callbacks.patterns != nullptr && callbacks.replacement != nullptr;
    case PythonPassKind::kDecompose: return callbacks.decompose_replacement != nullptr;
  }
  return false;
}

}  // namespace python_pass
}  // namespace ge
