// GE's dtype promotion for binary elementwise ops (docs/op_catalog.md, "Dtype promotion"): one
// fixed pairwise table, folded left to right over an op's inputs. The promoted dtype is the
// output dtype (bool for comparisons); the compile pipeline makes every input reach it through
// an inserted Cast (pipeline/promotion_casts.h), so kernels only ever see one input dtype.
#ifndef GE_OPS_DTYPE_PROMOTION_H_
#define GE_OPS_DTYPE_PROMOTION_H_

#include <string>

#include "ge/ge_error_codes.h"
#include "graph/types.h"
#include "ops/infer_shape_context.h"

namespace ge {

/// The dtype GE's table gives `a` combined with `b` (symmetric; a with a is a), DT_UNDEFINED
/// where the table leaves the pair undefined.
DataType PromoteDtypes(DataType a, DataType b);

/// True for the op types whose inputs are promoted: Add, AddV2, Sub, Mul, Div, RealDiv, Maximum,
/// Minimum, Pow, FloorDiv, FloorMod, Mod and the comparisons.
bool IsPromotingOpType(const std::string &type);
/// True for the promoting comparisons (Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual),
/// whose output is bool whatever the promoted input dtype.
bool IsPromotingComparison(const std::string &type);

/// The promoted dtype of inputs [first, first + count) of the node under `context`, folded left
/// to right. An undefined pair fails (context error) naming the two dtypes and the input index.
Status PromoteInputDtypes(const InferShapeContext &context, size_t first, size_t count,
                          DataType *promoted);

}  // namespace ge

#endif  // GE_OPS_DTYPE_PROMOTION_H_
