// RegisterBuiltinOps: the one explicit list of op families (no static registrars, so the
// catalog never depends on link order).
#include "ops/builtin_ops.h"

#include "common/error.h"
#include "common/log.h"

namespace ge {

void RegisterBuiltin(OpCatalog &catalog, const OpDefBuilder &builder) {
  OpPrototype prototype = builder.Build();
  std::string type = prototype.type;
  if (catalog.Register(std::move(prototype)) != SUCCESS) {
    GELOGE("built-in op %s was not registered: %s", type.c_str(), GetLastError().c_str());
  }
}

void RegisterBuiltinOps(OpCatalog &catalog) {
  RegisterBoundaryOps(catalog);
  RegisterControlOps(catalog);
  RegisterElementwiseOps(catalog);
  RegisterMatmulOps(catalog);
  RegisterNnOps(catalog);
  RegisterPoolingOps(catalog);
  RegisterShapeOps(catalog);
  RegisterConcatSplitOps(catalog);
  RegisterGatherSliceOps(catalog);
  RegisterPadOps(catalog);
  RegisterReduceOps(catalog);
  RegisterBroadcastFillOps(catalog);
  RegisterSelectionOps(catalog);
}

}  // namespace ge
