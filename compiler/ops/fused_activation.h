// The attribute that carries an activation fused into a convolution: written by the compile
// pipeline (ConvActivationFusionPass, pipeline/conv_activation_fusion.h), read by the host
// runtime's conv kernels. Part of the op's definition, so both sides take it from here.
#ifndef GE_OPS_FUSED_ACTIVATION_H_
#define GE_OPS_FUSED_ACTIVATION_H_

namespace ge {

/// Conv attribute (string) naming the activation applied to the conv output: "" or absent = none,
/// "Relu" = max(y, 0). Honoured by the runtime's Conv2D, Conv2DV2 and DepthwiseConv2D kernels,
/// which reject any other value.
constexpr const char *kAttrFusedActivation = "_fused_activation";

}  // namespace ge

#endif  // GE_OPS_FUSED_ACTIVATION_H_
