"""Runtime tensor types shared by custom-op callbacks (docs/custom_ops.md, "ge.runtime").

All classes are native (``_ge_runtime_native``, part of the per-CPython artifact set next to
``_ge_pass_native``). ``TensorDesc``, ``StorageShape``, ``StorageFormat`` and ``ExpandDimsType``
can be created in Python; ``Shape`` and ``Tensor`` are only handed out, as views that expire with
what they were read from.
"""

from __future__ import annotations

from ._native import (
    ExpandDimsType,
    Shape,
    StorageFormat,
    StorageShape,
    Tensor,
    TensorDesc,
    TensorPlacement,
)

__all__ = [
    "ExpandDimsType",
    "Shape",
    "StorageFormat",
    "StorageShape",
    "Tensor",
    "TensorDesc",
    "TensorPlacement",
]
