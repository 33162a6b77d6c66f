// ConvActivationFusionPass: a built-in fusion of the compile pipeline's Build step
// (docs/runtime.md, "Built-in graph fusion"). A Relu that is the only reader of a convolution's
// output is folded into the convolution as the attribute `_fused_activation = "Relu"`
// (kAttrFusedActivation, ops/fused_activation.h), which the host runtime's conv kernels apply while
// the output block is still in cache.
#ifndef GE_PIPELINE_CONV_ACTIVATION_FUSION_H_
#define GE_PIPELINE_CONV_ACTIVATION_FUSION_H_

#include <cstddef>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"

namespace ge {

constexpr const char *kConvActivationFusionPassName = "ConvActivationFusionPass";

/// Fuses every Relu of `graph` (not its subgraphs) whose input is output 0 of a Conv2D, Conv2DV2
/// or DepthwiseConv2D with a float32/float64 output, when that output has no other consumer and
/// is not a graph output, the conv has no fused activation yet, neither node has control edges
/// and their fusion-scoped attrs agree. One rewrite (fusion::NodeRewrite) replaces the pair by a
/// copy of the conv, same name and inputs, carrying the attribute; the Relu's consumers read it.
/// `fused` (optional) receives the number of fusions.
Status FuseConvActivation(ComputeGraph &graph, size_t *fused);

}  // namespace ge

#endif  // GE_PIPELINE_CONV_ACTIVATION_FUSION_H_
