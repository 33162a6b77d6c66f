// Port dtype checks against the prototype lists (see dtype_check.h).
#include "ops/dtype_check.h"

#include <algorithm>
#include <string>
#include <vector>

#include "ops/op_catalog.h"

namespace ge {
namespace {

// True when port `port` is IR port `name`: the port itself, or `x0`, `x1`, ... of a dynamic `x`.
bool IsPortOf(const std::string &port, const std::string &name, bool dynamic) {
  if (port == name) {
    return true;
  }
  return dynamic && port.size() > name.size() && port.compare(0, name.size(), name) == 0 &&
         port.find_first_not_of("0123456789", name.size()) == std::string::npos;
}

std::string JoinDtypes(const std::vector<DataType> &types) {
  std::string text;
  for (size_t i = 0; i < types.size(); ++i) {
    text += (i == 0 ? "" : ", ") + DataTypeToString(types[i]);
  }
  return text;
}

bool Accepts(const std::vector<DataType> &types, DataType dtype) {
  return types.empty() || std::find(types.begin(), types.end(), dtype) != types.end();
}

}  // namespace

Status CheckInputDtypes(const InferShapeContext &context) {
  const OpDesc &desc = context.GetOpDesc();
  if (desc.GetIrInputs().empty()) {
    return SUCCESS;
  }
  const OpPrototype *prototype = OpCatalog::Instance().Find(context.GetOpType());
  if (prototype == nullptr) {
    return SUCCESS;
  }
  for (size_t i = 0; i < desc.GetInputsSize(); ++i) {
    if (!context.IsInputConnected(i)) {
      continue;
    }
    const std::string &port = desc.GetInputName(i);
    const OpInputDef *def = nullptr;
    for (const OpInputDef &input : prototype->inputs) {
      if (IsPortOf(port, input.name, input.kind == IrInputType::kDynamic)) {
        def = &input;
        break;
      }
    }
    const DataType dtype = desc.GetInputDesc(i)->GetDataType();
    if (def != nullptr && !Accepts(def->dtypes, dtype)) {
      return context.Error("input " + std::to_string(i) + " '" + port + "' has dtype " +
                           DataTypeToString(dtype) + ", which " + context.GetOpType() +
                           " does not take on the host runtime (it takes " +
                           JoinDtypes(def->dtypes) + ")");
    }
  }
  return SUCCESS;
}

Status CheckOutputDtypes(const InferShapeContext &context) {
  const OpDesc &desc = context.GetOpDesc();
  if (desc.GetIrOutputs().empty()) {
    return SUCCESS;
  }
  const OpPrototype *prototype = OpCatalog::Instance().Find(context.GetOpType());
  if (prototype == nullptr) {
    return SUCCESS;
  }
  for (size_t i = 0; i < desc.GetOutputsSize(); ++i) {
    const std::string &port = desc.GetOutputName(i);
    const OpOutputDef *def = nullptr;
    for (const OpOutputDef &output : prototype->outputs) {
      if (IsPortOf(port, output.name, output.kind == IrOutputType::kDynamic)) {
        def = &output;
        break;
      }
    }
    const DataType dtype = desc.GetOutputDesc(i)->GetDataType();
    if (def != nullptr && !Accepts(def->dtypes, dtype)) {
      return context.Error("output " + std::to_string(i) + " '" + port + "' has dtype " +
                           DataTypeToString(dtype) + ", which " + context.GetOpType() +
                           " does not produce on the host runtime (it produces " +
                           JoinDtypes(def->dtypes) + ")");
    }
  }
  return SUCCESS;
}

}  // namespace ge
