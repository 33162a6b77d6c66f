"""A Python custom operator: ``ScaledAdd(x, y, *, alpha=1.0) = x + alpha * y``, elementwise on two
tensors of one shape.

``register_op`` declares the prototype (inputs, the attr with its default, one output); the
decorated function is its ``infer_meta``, which the compiler calls during shape inference.
``register_op_impl`` gives the implementation: ``execute`` runs on the host runtime for every run
of a graph that uses the op, reading the inputs as NumPy views and writing the output it allocates.
NumPy is imported where ``execute`` needs it: a compile (atc, pyatc) imports this file but never
runs ``execute``, and would otherwise spend as long importing NumPy as on the rest of its work.
"""

from __future__ import annotations

from ge.custom_op import get_execute_ctx, register_op, register_op_impl
from ge.runtime import Tensor, TensorDesc


@register_op(op_type="ScaledAdd")
def scaled_add(x: TensorDesc, y: TensorDesc, *, alpha: float = 1.0) -> TensorDesc:
    if x.shape.origin_shape.dims != y.shape.origin_shape.dims:
        raise ValueError(
            f"ScaledAdd needs inputs of one shape, got {x.shape.origin_shape.dims} "
            f"and {y.shape.origin_shape.dims}"
        )
    return TensorDesc(x.shape, x.data_type)


@register_op_impl(op_type="ScaledAdd")
class ScaledAddImpl:
    def execute(self, x: Tensor, y: Tensor, *, alpha: float) -> None:
        import numpy as np

        out = get_execute_ctx().malloc_output_tensor(0, x.shape, x.format, x.data_type)
        np.add(x.numpy(), np.asarray(alpha, dtype=x.numpy().dtype) * y.numpy(), out=out.numpy())
