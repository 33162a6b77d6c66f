"""ScaledAdd (``x + alpha * y``) with all three capabilities of GE's custom-op API, written only
against ``ge.custom_op`` / ``ge.runtime`` as a GE plugin is, loaded through ASCEND_CUSTOM_OPP_PATH
(docs/custom_ops.md shows the atc commands that compile it and print the recorded task plan):

- ``execute`` computes the output with NumPy on the host runtime, on every run;
- ``compile`` runs once per node and graph compile and refuses inputs of other data types;
- ``declare_launch_args`` declares the op's device task: one launch of ``scaled_add_kernel`` over
  both inputs, the output, a 64-byte tiling workspace and the element count. The kernel image is
  a fixed byte string: the host runtime never launches it, the compiled model records it.
"""

from __future__ import annotations

import math

from ge.custom_op import (
    AnnotatedKernelLaunchInfo,
    get_declare_launch_args_ctx,
    get_execute_ctx,
    register_op,
    register_op_impl,
)
from ge.graph import DataType
from ge.runtime import Tensor, TensorDesc

KERNEL_NAME = "scaled_add_kernel"
KERNEL_IMAGE = b"\x7fELF scaled_add_kernel"
TILING_BYTES = 64


@register_op(op_type="ScaledAdd")
def scaled_add(x: TensorDesc, y: TensorDesc, *, alpha: float = 1.0) -> TensorDesc:
    if x.shape.origin_shape.dims != y.shape.origin_shape.dims:
        raise ValueError("ScaledAdd needs inputs of one shape")
    return TensorDesc(x.shape, x.data_type)


@register_op_impl(op_type="ScaledAdd")
class ScaledAddImpl:
    def execute(self, x: Tensor, y: Tensor, *, alpha: float) -> None:
        import numpy as np  # only where execute runs: a compile needs no NumPy

        out = get_execute_ctx().malloc_output_tensor(0, x.shape, x.format, x.data_type)
        np.add(x.numpy(), np.asarray(alpha, dtype=x.numpy().dtype) * y.numpy(), out=out.numpy())

    def compile(self, x: Tensor, y: Tensor, out: Tensor, *, alpha: float) -> None:
        for tensor in (x, y, out):
            if tensor.data_type != DataType.DT_FLOAT:
                raise TypeError(f"ScaledAdd compiles float32 only, got {tensor.data_type}")

    def declare_launch_args(self, x: Tensor, y: Tensor, out: Tensor, *, alpha: float) -> None:
        ctx = get_declare_launch_args_ctx()
        tiling = ctx.malloc_workspace(TILING_BYTES)
        args = ctx.create_kernel_args()
        args.append_input(0, x)
        args.append_input(1, y)
        args.append_output(0, out)
        args.append_workspace(tiling)
        args.append_scalar(math.prod(x.origin_shape.dims))
        launch = AnnotatedKernelLaunchInfo(
            kernel_name=KERNEL_NAME,
            kernel_bin=KERNEL_IMAGE,
            block_dim=2,
            stream_id=ctx.get_stream_id(),
        )
        ctx.add_launch(launch, args)
