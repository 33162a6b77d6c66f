"""The per-thread attr and control-dependency scopes of graph construction.

``ge.es.graph_builder`` exports the scope managers under GE's names; every op creation applies
the active scopes to the producer of its first output. Kept apart from the builder and the
holder so both can use it without importing each other.
"""

from __future__ import annotations

import contextlib
import threading
from typing import TYPE_CHECKING, Any, Dict, Iterator, List

if TYPE_CHECKING:
    from ge.es.tensor_holder import TensorHolder

__all__ = [
    "apply_scopes",
    "attr_scope",
    "control_dependency_scope",
    "scope_state",
    "slot_name_control_dependency_nodes",
    "slot_name_custom_node_attrs",
]

# Names of the per-thread scope slots, as GE's module names them (GE code imports them).
slot_name_control_dependency_nodes = "control_dependency_nodes"
slot_name_custom_node_attrs = "custom_node_attrs"


class _ScopeState(threading.local):
    # Class-level defaults (never mutated: scopes assign new objects) so that reading an unset
    # scope is a plain attribute lookup; getattr with a default raises and catches an
    # AttributeError internally, which every op creation paid before.
    custom_node_attrs: Dict[str, Any] = {}
    control_dependency_nodes: List[TensorHolder] = []


scope_state = _ScopeState()


@contextlib.contextmanager
def attr_scope(attr_maps: Dict[str, Any]) -> Iterator[None]:
    """Nodes created inside get these attributes (inner scopes override outer values)."""
    previous = scope_state.custom_node_attrs
    merged = dict(previous)
    merged.update(attr_maps)
    setattr(scope_state, slot_name_custom_node_attrs, merged)
    try:
        yield
    finally:
        setattr(scope_state, slot_name_custom_node_attrs, previous)


@contextlib.contextmanager
def control_dependency_scope(tensors: List[TensorHolder]) -> Iterator[None]:
    """Nodes created inside get control inputs from these tensors' producers (outer first)."""
    previous = scope_state.control_dependency_nodes
    setattr(scope_state, slot_name_control_dependency_nodes, list(previous) + list(tensors))
    try:
        yield
    finally:
        setattr(scope_state, slot_name_control_dependency_nodes, previous)


def apply_scopes(holder: TensorHolder | None) -> TensorHolder | None:
    """Applies the active attr and control-dependency scopes to a new holder's producer."""
    if holder is None:
        return holder
    attrs = scope_state.custom_node_attrs
    if attrs:
        node = holder._get_node_snapshot()
        for key, value in attrs.items():
            node.set_attr(key, value)
    deps = scope_state.control_dependency_nodes
    if deps:
        holder.get_owner_builder().add_control_dependency(holder, list(deps))
    return holder
