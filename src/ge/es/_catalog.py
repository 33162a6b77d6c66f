"""The live op catalog of libge_compiler.so, as read by the ES generator.

A prototype is the dict its JSON form (docs/op_catalog.md "JSON form",
``compiler/ops/op_prototype_json.h``) parses to::

    {"type": str, "module": str, "doc": str,
     "inputs": [{"name": str, "kind": "required"|"optional"|"dynamic", "dtypes": [...]}],
     "outputs": [{"name": str, "kind": "required"|"dynamic", "dtypes": [...]}],
     "attrs": [{"name": str, "type": "int"|"list_int"|..., "required": bool, "default": value}],
     "subgraphs": [{"name": str, "kind": "static"|"dynamic"}],
     "has_infer_shape": bool}

``register_prototype`` takes the same form (the C++ side fills in what is left out).
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

from ge._capi import pyop_catalog_wrapper as _cw

__all__ = ["list_prototypes", "find_prototype", "list_modules", "register_prototype"]


def list_prototypes() -> List[Dict[str, Any]]:
    """Every prototype of the live catalog, sorted by type."""
    return json.loads(_cw.all_prototypes_json())


def find_prototype(op_type: str) -> Dict[str, Any] | None:
    """The prototype of ``op_type``, or None when the catalog has no such type."""
    text = _cw.prototype_json(op_type)
    return None if text is None else json.loads(text)


def list_modules() -> List[str]:
    """Module names of the catalog ("all" is implicit and not listed unless used)."""
    return _cw.list_modules()


def register_prototype(proto: Dict[str, Any], replace: bool = True) -> None:
    """Registers ``proto`` (the JSON form above; attribute defaults as JSON values, so Tensor
    defaults are null). Raises RuntimeError naming the op on rejection."""
    try:
        _cw.register_prototypes_json(json.dumps(proto), replace)
    except RuntimeError as exc:
        raise RuntimeError(f"Failed to register op prototype {proto.get('type')}: {exc}") from None
