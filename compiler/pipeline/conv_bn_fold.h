// ConvBatchNormFoldPass: a built-in graph fusion of the compile pipeline (docs/runtime.md,
// "Built-in graph fusion"). An inference batch norm right after a convolution is a per-channel
// affine map y = a[c]·conv(x) + b[c], so it can be folded into the convolution's constant
// weights: filter'[c] = a[c]·filter[c], bias'[c] = a[c]·bias[c] + b[c].
#ifndef GE_PIPELINE_CONV_BN_FOLD_H_
#define GE_PIPELINE_CONV_BN_FOLD_H_

#include <cstddef>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"

namespace ge {

constexpr const char *kConvBatchNormFoldPassName = "ConvBatchNormFoldPass";

/// Folds every BatchNorm (is_training = false) or BNInference fed by a Conv2D, Conv2DV2 or
/// DepthwiseConv2D of `graph` (not its subgraphs) when: the conv output has no other consumer
/// and is not a graph output; the batch norm's other outputs are unused; neither node has
/// control edges and their fusion-scoped attrs agree; filter, conv bias and every batch-norm
/// parameter are float32 constants with one value per output channel; the batch norm normalises
/// the conv's channel axis (NCHW or NHWC). One rewrite (fusion::NodeRewrite) replaces the conv,
/// the batch norm and the constants only they read (a constant with control edges or named as a
/// graph output stays) by new Const nodes for the folded filter and bias and a copy of the conv,
/// same name, reading them; the batch norm's consumers read the copy. `folded` (optional)
/// receives the number of folds.
Status FoldConvBatchNorm(ComputeGraph &graph, size_t *folded);

}  // namespace ge

#endif  // GE_PIPELINE_CONV_BN_FOLD_H_
