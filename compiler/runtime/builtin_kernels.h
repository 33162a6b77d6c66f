// Registration entry points of the built-in kernel families (one per kernels file).
#ifndef GE_RUNTIME_BUILTIN_KERNELS_H_
#define GE_RUNTIME_BUILTIN_KERNELS_H_

namespace ge {
namespace runtime {

class KernelRegistry;

void RegisterElementwiseKernels(KernelRegistry &registry);
void RegisterUnaryKernels(KernelRegistry &registry);
void RegisterMatMulKernels(KernelRegistry &registry);
void RegisterConvKernels(KernelRegistry &registry);
void RegisterPoolKernels(KernelRegistry &registry);
void RegisterNormKernels(KernelRegistry &registry);
void RegisterSoftmaxKernels(KernelRegistry &registry);
void RegisterShapeKernels(KernelRegistry &registry);
void RegisterConcatSplitKernels(KernelRegistry &registry);
void RegisterGatherSliceKernels(KernelRegistry &registry);
void RegisterPadKernels(KernelRegistry &registry);
void RegisterReduceKernels(KernelRegistry &registry);
void RegisterFillKernels(KernelRegistry &registry);
void RegisterSelectionKernels(KernelRegistry &registry);
void RegisterResizeKernels(KernelRegistry &registry);
void RegisterEinsumKernels(KernelRegistry &registry);
void RegisterConv3DKernels(KernelRegistry &registry);

}  // namespace runtime
}  // namespace ge

#endif  // GE_RUNTIME_BUILTIN_KERNELS_H_
