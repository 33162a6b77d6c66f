// Operator section of the C API: names, attributes and IR port registration on a borrowed OpDesc
// (GeOperatorHandle in c_handles/c_handles.h gives the lifetime contract).
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "c_handles/c_handles.h"
#include "ge/c_api/operator.h"

using ge::capi::Guard;

namespace {

ge::OpDesc *GetOp(const GeOperatorHandle *op) {
  if (op == nullptr || op->op == nullptr) {
    ge::SetLastError("operator handle is null");
    return nullptr;
  }
  return op->op;
}

bool CheckPortName(const ge::OpDesc &op, const char *name) {
  if (name == nullptr || *name == '\0') {
    ge::SetLastError("port name of operator '" + op.GetName() + "' is null or empty");
    return false;
  }
  return true;
}

/// Appends input port `port` (an IR input named `ir_name`) unless the name is taken.
uint32_t AddInput(ge::OpDesc *op, const std::string &ir_name, const std::string &port,
                  ge::IrInputType type, bool record_ir) {
  if (op->GetInputIndexByName(port) >= 0) {
    return ge::Fail("operator '" + op->GetName() + "' already has an input named '" + port + "'");
  }
  op->AddInputDesc(port, ge::GeTensorDesc());
  if (record_ir) {
    op->AppendIrInput(ir_name, type);
  }
  return ge::SUCCESS;
}

uint32_t AddOutput(ge::OpDesc *op, const std::string &ir_name, const std::string &port,
                   ge::IrOutputType type, bool record_ir) {
  if (op->GetOutputIndexByName(port) >= 0) {
    return ge::Fail("operator '" + op->GetName() + "' already has an output named '" + port + "'");
  }
  op->AddOutputDesc(port, ge::GeTensorDesc());
  if (record_ir) {
    op->AppendIrOutput(ir_name, type);
  }
  return ge::SUCCESS;
}

/// On a prototype-backed handle: 1 when the prototype declares `name` with `kind` (registering it
/// again is a no-op), -1 (failed, with the reason) when it declares it with another kind, 0 when
/// it does not declare it.
template <typename Kind>
int DeclaredPort(const GeOperatorHandle *op, const std::vector<std::pair<std::string, Kind>> &ir,
                 const char *name, Kind kind, const char *what) {
  if (!op->prototype_backed) {
    return 0;
  }
  for (const auto &entry : ir) {
    if (entry.first == name) {
      if (entry.second == kind) {
        return 1;
      }
      ge::Fail("operator '" + op->op->GetName() + "' (" + op->op->GetType() + ") declares " + what +
               " '" + name + "' with another kind");
      return -1;
    }
  }
  return 0;
}

/// The declared dynamic port `name` of a prototype-backed handle: appends the instances
/// name<k> (k < count) not yet present, after the existing ports.
template <bool kInput>
uint32_t AddMissingInstances(ge::OpDesc *desc, const char *name, uint32_t count) {
  for (uint32_t i = 0; i < count; ++i) {
    const std::string port = name + std::to_string(i);
    if ((kInput ? desc->GetInputIndexByName(port) : desc->GetOutputIndexByName(port)) >= 0) {
      continue;
    }
    if constexpr (kInput) {
      desc->AddInputDesc(port, ge::GeTensorDesc());
    } else {
      desc->AddOutputDesc(port, ge::GeTensorDesc());
    }
  }
  return ge::SUCCESS;
}

/// Registers the dynamic IR input (kInput) or output `name` as `count` ports
/// name0..name{count-1}. Every port name is checked before the first is added, so a clash leaves
/// the operator unchanged.
template <bool kInput>
uint32_t RegisterDynamicPorts(ge::OpDesc *desc, const char *name, uint32_t count) {
  for (uint32_t i = 0; i < count; ++i) {
    const std::string port = name + std::to_string(i);
    const int32_t taken =
        kInput ? desc->GetInputIndexByName(port) : desc->GetOutputIndexByName(port);
    if (taken >= 0) {
      return ge::Fail("operator '" + desc->GetName() + "' already has " +
                      (kInput ? "an input" : "an output") + " named '" + port + "'");
    }
  }
  for (uint32_t i = 0; i < count; ++i) {
    if constexpr (kInput) {
      AddInput(desc, name, name + std::to_string(i), ge::IrInputType::kDynamic, false);
    } else {
      AddOutput(desc, name, name + std::to_string(i), ge::IrOutputType::kDynamic, false);
    }
  }
  if constexpr (kInput) {
    desc->AppendIrInput(name, ge::IrInputType::kDynamic);
  } else {
    desc->AppendIrOutput(name, ge::IrOutputType::kDynamic);
  }
  return ge::SUCCESS;
}

/// The IR inputs (Kind IrInputType) or outputs (IrOutputType) of `desc`.
template <typename Kind>
constexpr bool kIsInput = std::is_same_v<Kind, ge::IrInputType>;

template <typename Kind>
const std::vector<std::pair<std::string, Kind>> &IrPorts(const ge::OpDesc &desc) {
  if constexpr (kIsInput<Kind>) {
    return desc.GetIrInputs();
  } else {
    return desc.GetIrOutputs();
  }
}

/// Registers the one-port IR input or output `name` of `kind` (a no-op when a prototype-backed
/// handle already declares it so).
template <typename Kind>
uint32_t RegisterPort(const GeOperatorHandle *op, const char *name, Kind kind) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    ge::OpDesc *desc = GetOp(op);
    if (desc == nullptr || !CheckPortName(*desc, name)) {
      return ge::FAILED;
    }
    const char *what = kIsInput<Kind> ? "an input" : "an output";
    const int declared = DeclaredPort(op, IrPorts<Kind>(*desc), name, kind, what);
    if (declared != 0) {
      return declared > 0 ? ge::SUCCESS : ge::FAILED;
    }
    if constexpr (kIsInput<Kind>) {
      return AddInput(desc, name, name, kind, true);
    } else {
      return AddOutput(desc, name, name, kind, true);
    }
  });
}

/// Registers the dynamic IR input or output `name` with `count` ports name0..name{count-1} (on a
/// prototype-backed handle that declares it: only the missing instances).
template <typename Kind>
uint32_t RegisterDynamic(const GeOperatorHandle *op, const char *name, uint32_t count) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    ge::OpDesc *desc = GetOp(op);
    if (desc == nullptr || !CheckPortName(*desc, name)) {
      return ge::FAILED;
    }
    constexpr bool kInput = kIsInput<Kind>;
    const char *what = kInput ? "an input" : "an output";
    const int declared = DeclaredPort(op, IrPorts<Kind>(*desc), name, Kind::kDynamic, what);
    if (declared != 0) {
      return declared > 0 ? AddMissingInstances<kInput>(desc, name, count) : ge::FAILED;
    }
    return RegisterDynamicPorts<kInput>(desc, name, count);
  });
}

}  // namespace

extern "C" {

char *GeApiWrapper_Operator_GetName(const GeOperatorHandle *op) {
  return Guard<char *>(nullptr, [op]() -> char * {
    ge::OpDesc *desc = GetOp(op);
    return desc == nullptr ? nullptr : ge::capi::DupString(desc->GetName());
  });
}

char *GeApiWrapper_Operator_GetType(const GeOperatorHandle *op) {
  return Guard<char *>(nullptr, [op]() -> char * {
    ge::OpDesc *desc = GetOp(op);
    return desc == nullptr ? nullptr : ge::capi::DupString(desc->GetType());
  });
}

/// Moves the value out of `av` (GE's wrapper does the same); `av` is left empty but valid.
uint32_t GeApiWrapper_Operator_SetAttr(const GeOperatorHandle *op, const char *key,
                                       GeAttrValueHandle *av) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    ge::OpDesc *desc = GetOp(op);
    if (desc == nullptr) {
      return ge::FAILED;
    }
    if (key == nullptr || *key == '\0') {
      return ge::Fail("attribute name for operator '" + desc->GetName() + "' is null or empty");
    }
    if (av == nullptr) {
      return ge::Fail("attr value handle is null");
    }
    desc->SetAttr(key, std::move(av->value));
    av->value = ge::GeAttrValue();
    return ge::SUCCESS;
  });
}

uint32_t GeApiWrapper_Operator_InputRegister(const GeOperatorHandle *op, const char *name) {
  return RegisterPort(op, name, ge::IrInputType::kRequired);
}

uint32_t GeApiWrapper_Operator_OptionalInputRegister(const GeOperatorHandle *op, const char *name) {
  return RegisterPort(op, name, ge::IrInputType::kOptional);
}

uint32_t GeApiWrapper_Operator_OutputRegister(const GeOperatorHandle *op, const char *name) {
  return RegisterPort(op, name, ge::IrOutputType::kRequired);
}

uint32_t GeApiWrapper_Operator_DynamicInputRegister(const GeOperatorHandle *op, const char *name,
                                                    uint32_t count) {
  return RegisterDynamic<ge::IrInputType>(op, name, count);
}

uint32_t GeApiWrapper_Operator_DynamicOutputRegister(const GeOperatorHandle *op, const char *name,
                                                     uint32_t count) {
  return RegisterDynamic<ge::IrOutputType>(op, name, count);
}

}  // extern "C"
