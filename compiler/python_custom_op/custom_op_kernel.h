// The host kernel of Python custom ops: the node's input tensors (private copies, so an in-place
// execute never writes into a producer's or a Const's bytes), attributes and output slots become
// an EagerOpExecutionContext, the bridge runs the implementation's execute, and the outputs it
// allocated (or aliased to an input) become the node's outputs for the next kernel.
#ifndef GE_PYTHON_CUSTOM_OP_CUSTOM_OP_KERNEL_H_
#define GE_PYTHON_CUSTOM_OP_CUSTOM_OP_KERNEL_H_

#include "ge/ge_error_codes.h"
#include "python_custom_op/python_custom_ops.h"
#include "runtime/kernel_context.h"
#include "runtime/kernel_registry.h"

namespace ge {
namespace python_custom_op {

/// The KernelDef registered for every op type with a Python execute.
runtime::KernelDef PythonCustomOpKernel();

/// One execute of `entry` (its holder created) on the node of `ctx`. A failure (Python exception
/// with its traceback, an output left unset) fails the run naming node and op type.
Status RunExecute(const ImplEntry &entry, runtime::KernelContext &ctx);

}  // namespace python_custom_op
}  // namespace ge

#endif  // GE_PYTHON_CUSTOM_OP_CUSTOM_OP_KERNEL_H_
