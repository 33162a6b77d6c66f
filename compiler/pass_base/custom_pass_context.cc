// CustomPassContext and stage names.
#include "ge/fusion/pass/custom_pass_context.h"

namespace ge {

const char *CustomPassStageName(CustomPassStage stage) {
  switch (stage) {
    case CustomPassStage::kBeforeInferShape: return "BeforeInferShape";
    case CustomPassStage::kAfterInferShape: return "AfterInferShape";
    case CustomPassStage::kAfterAssignLogicStream: return "AfterAssignLogicStream";
    case CustomPassStage::kAfterBuiltinFusionPass: return "AfterBuiltinFusionPass";
    case CustomPassStage::kAfterOriginGraphOptimize: return "AfterOriginGraphOptimize";
    case CustomPassStage::kCompatibleInherited: return "CompatibleInherited";
    default: return "InvalidStage";
  }
}

graphStatus CustomPassContext::GetOptionValue(const AscendString &option_key,
                                              AscendString &option_value) const {
  auto it = options_.find(option_key.GetString());
  if (it == options_.end()) {
    return GRAPH_FAILED;
  }
  option_value = AscendString(it->second.c_str(), it->second.size());
  return GRAPH_SUCCESS;
}

}  // namespace ge
