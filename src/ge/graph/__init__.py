"""The Python graph API (docs/graph_api.md): graphs, nodes, tensors and their descriptions
over the compiler core's C API.

The public names are loaded on first access (module ``__getattr__``, PEP 562): a Python fusion
pass that only looks at its ``Graph`` view then never imports the tensor, operator and
runtime-library modules. ``from ge.graph import Tensor`` and
``ge.graph.Tensor`` work as before; each name is bound in the package once loaded.
"""

from __future__ import annotations

import importlib

__all__ = [
    "Graph",
    "Node",
    "Operator",
    "DataType",
    "Format",
    "Placement",
    "Shape",
    "Tensor",
    "TensorDesc",
    "DumpFormat",
]

# public name -> submodule defining it
_SUBMODULE_OF = {
    "Graph": "graph",
    "DumpFormat": "graph",
    "Node": "node",
    "Operator": "operator",
    "Tensor": "tensor",
    "Shape": "tensor_desc",
    "TensorDesc": "tensor_desc",
    "DataType": "types",
    "Format": "types",
    "Placement": "types",
}


# Submodules: ``import ge.graph`` used to import them all, so ``ge.graph.tensor`` stays reachable
# as an attribute.
_SUBMODULES = ("graph", "node", "operator", "tensor", "tensor_desc", "types", "_attr", "_numeric")


def _import_submodule(name: str):
    return importlib.import_module(f"{__name__}.{name}")


def __getattr__(name: str):
    submodule = _SUBMODULE_OF.get(name)
    if submodule is not None:
        value = getattr(_import_submodule(submodule), name)
    elif name in _SUBMODULES:
        value = _import_submodule(name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
