// Whole-graph inference checks every port's dtype against its prototype's list (OpInputDef /
// OpOutputDef `dtypes`), which for the built-in ops says what the host runtime runs
// (docs/op_catalog.md, "Dtypes"): a graph that compiles does not fail at run time for a dtype.
#ifndef GE_OPS_DTYPE_CHECK_H_
#define GE_OPS_DTYPE_CHECK_H_

#include "ge/ge_error_codes.h"
#include "ops/infer_shape_context.h"

namespace ge {

/// Fails (context error) naming the first connected input whose dtype the prototype's list for
/// that port leaves out, with the dtype and the accepted ones. Ports with an empty list, ops
/// without a prototype and detached descs without IR facts pass.
Status CheckInputDtypes(const InferShapeContext &context);

/// The same for every output, after the rule has set the output descs.
Status CheckOutputDtypes(const InferShapeContext &context);

}  // namespace ge

#endif  // GE_OPS_DTYPE_CHECK_H_
