"""The protocol the C++ embed bridge drives: descriptors, holders, hook calls.

The bridge creates one holder (one Python pass instance) per ``instance_id`` and calls the
functions below with raw handles; this module turns handles into borrowed Python views, calls the
user's hooks, checks what they return and hands ownership of patterns/graphs back to C++.
``borrow_match_result``, ``borrow_node``, ``clone_pattern_matcher_config`` and ``release_graph`` are
module globals looked up at call time (tests replace them); the native module is reached only
through ``_native_module()``.
"""

from __future__ import annotations

import gc
import threading
from typing import Any, Dict, List

from ge._internal import plugin_loader

from . import _graph_api, bootstrap, registry
from .base import DecomposePass, FusionBasePass, PatternFusionPass, StatusLike
from .pattern import ensure_pattern

__all__ = [
    "call_decompose_meet_requirements",
    "call_decompose_replacement",
    "call_meet_requirements",
    "call_replacement",
    "clear_loaded_pass_modules",
    "clear_pass_holders",
    "create_pass_holder",
    "destroy_pass_holder",
    "get_pass_patterns",
    "get_pattern_matcher_config",
    "load_and_get_pass_descriptors",
    "load_pass_descriptors_with_report",
    "reset_python_state",
    "run_fusion_base_pass",
]


_NATIVE = None


def _native_module():
    """The one accessor of the native module inside the bridge protocol (imported once: it is
    the same module for the life of the process)."""
    global _NATIVE
    if _NATIVE is None:
        from . import _native

        _NATIVE = _native
    return _NATIVE


def borrow_match_result(match_result_handle: int):
    """Borrowed MatchResult view of a C++ ``MatchResult*`` (valid until invalidated)."""
    native_borrow = _native_module().borrow_match_result
    module_globals = globals()
    if module_globals["borrow_match_result"] is _python_borrow_match_result:
        # Twice per match: from now on the hooks call the native function through this module
        # global without a Python frame. A test that replaces the global keeps its replacement;
        # undoing that replacement brings this function back, which rebinds again.
        module_globals["borrow_match_result"] = native_borrow
    return native_borrow(match_result_handle)


_python_borrow_match_result = borrow_match_result


def borrow_node(node_handle: int):
    """ge.graph.Node over a copy of the C++ ``GNode*``."""
    return _native_module().borrow_node(node_handle)


def borrow_pass_context(context_address: int):
    """Borrowed PassContext view of a C++ ``CustomPassContext*`` (valid until invalidated)."""
    return _native_module()._borrow_pass_context(context_address)


def clone_pattern_matcher_config(config) -> int:
    """Heap copy of a PatternMatcherConfig, owned by the caller (C++)."""
    return _native_module().clone_pattern_matcher_config(config)


def release_graph(graph) -> int:
    """Hand the Graph's pointer to C++ and invalidate the Python wrapper."""
    return _native_module().release_graph(graph)


class _PassHolder:
    """One live pass instance; a plain slotted class (no dataclasses import on the cold path)."""

    __slots__ = ("descriptor_key", "instance_id", "instance")

    def __init__(self, descriptor_key: str, instance_id: str, instance: FusionBasePass):
        self.descriptor_key = descriptor_key
        self.instance_id = instance_id
        self.instance = instance

    def __repr__(self):
        return (
            f"_PassHolder(descriptor_key={self.descriptor_key!r}, "
            f"instance_id={self.instance_id!r}, instance={self.instance!r})"
        )


_HOLDERS: Dict[str, _PassHolder] = {}
_HOLDERS_LOCK = threading.RLock()


def _holder(instance_id: str) -> _PassHolder:
    holder = _HOLDERS.get(instance_id)  # one dict read is atomic: no lock on the per-match path
    if holder is None:
        raise KeyError(f"python pass holder is not created: {instance_id}")
    return holder


def _pattern_instance(instance_id: str) -> PatternFusionPass:
    instance = _holder(instance_id).instance
    if not isinstance(instance, PatternFusionPass):
        raise TypeError(f"python pass holder is not PatternFusionPass: {instance_id}")
    return instance


def _decompose_instance(instance_id: str) -> DecomposePass:
    instance = _holder(instance_id).instance
    if not isinstance(instance, DecomposePass):
        raise TypeError(f"python pass holder is not DecomposePass: {instance_id}")
    return instance


def load_and_get_pass_descriptors() -> List[dict]:
    """Import the plugins, then return every registered pass as a bridge dict."""
    bootstrap.load_pass_plugins()
    return registry.get_registered_pass_dicts()


def load_pass_descriptors_with_report(strict: bool = False) -> dict:
    """What the C++ bridge calls at the start of a round (a ge_py extension).

    Not strict (default): each failing plugin is skipped and reported in ``errors``. Strict (the
    compile option ge.pyPassStrict / atc --py_pass_strict=1, or GE_PY_PASS_STRICT=1): the first
    failure propagates and fails the round, like the reference.
    """
    if strict or bootstrap.is_strict_mode():
        return {"strict": True, "descriptors": load_and_get_pass_descriptors(), "errors": []}
    _, errors = bootstrap.load_pass_plugins_isolated()
    return {
        "strict": False,
        "descriptors": registry.get_registered_pass_dicts(),
        "errors": errors,
    }


def create_pass_holder(instance_id: str, descriptor_key: str) -> bool:
    """Create the pass instance for ``instance_id`` (an existing holder is kept)."""
    descriptor = registry.get_registered_pass_by_descriptor_key(descriptor_key)
    if descriptor is None:
        raise KeyError(f"python pass descriptor_key not found: {descriptor_key}")
    with _HOLDERS_LOCK:
        if instance_id in _HOLDERS:
            return True
        _HOLDERS[instance_id] = _PassHolder(descriptor_key, instance_id, descriptor.cls())
    return True


def destroy_pass_holder(instance_id: str) -> bool:
    """Drop the holder; True if one existed."""
    with _HOLDERS_LOCK:
        return _HOLDERS.pop(instance_id, None) is not None


def run_fusion_base_pass(instance_id: str, graph, context=None) -> StatusLike:
    """Call ``run(graph, context)`` of the instance and return its result unchanged."""
    instance = _holder(instance_id).instance
    if context is not None and not isinstance(context, _native_module().PassContext):
        raise TypeError("context type error")
    return instance.run(graph, context)


def get_pass_patterns(instance_id: str) -> List[int]:
    """The instance's patterns as raw ``Pattern*`` values now owned by C++."""
    patterns = _pattern_instance(instance_id).patterns()
    if patterns is None:
        return []
    if isinstance(patterns, (str, bytes)):
        raise TypeError("PatternFusionPass.patterns must return an iterable of Pattern or Graph")
    try:
        items = list(patterns)
    except TypeError:
        raise TypeError(
            "PatternFusionPass.patterns must return an iterable of Pattern or Graph"
        ) from None
    # Convert everything before releasing anything: if one item is bad, nothing has been handed
    # to C++ yet and the converted patterns are freed by Python instead of leaking.
    converted = [ensure_pattern(item) for item in items]
    return [pattern.release() for pattern in converted]


def get_pattern_matcher_config(instance_id: str) -> int | None:
    """A C++-owned copy of the instance's matcher config, or None for the default config."""
    config = _pattern_instance(instance_id).matcher_config
    if config is None:
        return None
    if not isinstance(config, _native_module().PatternMatcherConfig):
        raise TypeError("PatternFusionPass.matcher_config must be PatternMatcherConfig or None")
    return clone_pattern_matcher_config(config)


def _check_owned_graph(result: Any, owner: str) -> None:
    if not _graph_api.is_graph(result):
        raise TypeError(f"{owner}.replacement must return ge.graph.Graph")
    if getattr(result, "_owns_handle", True) is False:
        # Releasing a borrowed graph would give C++ a pointer it does not own (double free).
        raise TypeError(
            f"{owner}.replacement must return a ge.graph.Graph it owns (built with "
            f"GraphBuilder.build_and_reset() or Graph(name)), not a borrowed graph"
        )


def _borrow_context_address(method, address: int):
    """The PassContext for a hook called with a raw ``CustomPassContext*`` address: None when the
    user's hook takes no context (marked ``_ge_ignores_context`` by ge.passes.base), so most
    matches create and expire no context view at all."""
    if getattr(method, "_ge_ignores_context", False):
        return None
    return borrow_pass_context(address)


def call_meet_requirements(instance_id: str, match_result_handle: int, context=None) -> bool:
    """``context`` is a PassContext, None, or (from the C++ bridge) the context's address as an
    int: the view is then created only for a hook that takes it and expired after the call."""
    # _pattern_instance inlined: this runs once per match.
    holder = _HOLDERS.get(instance_id)
    instance = _pattern_instance(instance_id) if holder is None else holder.instance
    if not isinstance(instance, PatternFusionPass):
        _pattern_instance(instance_id)  # raises its TypeError
    method = instance.meet_requirements
    # A hook written as meet_requirements(self, match_result) is called as written, without the
    # normalized wrapper's frame (ge.passes.base marks it with the user's function).
    direct = getattr(method, "_ge_direct", None)
    if direct is not None:
        match_result = borrow_match_result(match_result_handle)
        try:
            return bool(direct(getattr(method, "__self__", instance), match_result))
        finally:
            match_result._invalidate()
    borrowed = None
    if type(context) is int:  # _borrow_context_address inlined (per match)
        if getattr(method, "_ge_ignores_context", False):
            context = None
        else:
            context = borrowed = borrow_pass_context(context)
    match_result = borrow_match_result(match_result_handle)
    try:
        return bool(method(match_result, context))
    finally:
        match_result._invalidate()
        if borrowed is not None:
            borrowed._invalidate()


def call_replacement(instance_id: str, match_result_handle: int, context=None) -> int:
    """``context`` as for call_meet_requirements."""
    holder = _HOLDERS.get(instance_id)
    instance = _pattern_instance(instance_id) if holder is None else holder.instance
    if not isinstance(instance, PatternFusionPass):
        _pattern_instance(instance_id)  # raises its TypeError
    method = instance.replacement
    borrowed = None
    if type(context) is int:  # _borrow_context_address inlined (per match)
        if getattr(method, "_ge_ignores_context", False):
            context = None
        else:
            context = borrowed = borrow_pass_context(context)
    # An expression-style replacement exposes its builder (ge.passes.base): a pass-through result
    # arrives as a C graph handle already, with no Graph object to create and release.
    build = getattr(method, "_ge_build", None)
    # replacement(self, inputs) / (self, inputs, context) never sees the match: no MatchResult
    # view to borrow and expire per match.
    takes_match = build is None or getattr(build, "_ge_takes_match_result", True)
    match_result = borrow_match_result(match_result_handle) if takes_match else None
    try:
        if build is None:
            result = method(match_result, context)
        else:
            result, handle = build(getattr(method, "__self__", instance), match_result, context)
            if handle is not None:
                return handle
    finally:
        if match_result is not None:
            match_result._invalidate()
        if borrowed is not None:
            borrowed._invalidate()
    _check_owned_graph(result, "PatternFusionPass")
    return release_graph(result)


def call_decompose_meet_requirements(instance_id: str, node_handle: int, context=None) -> bool:
    """``context`` as for call_meet_requirements."""
    instance = _decompose_instance(instance_id)
    method = instance.meet_requirements
    borrowed = None
    if type(context) is int:
        context = borrowed = _borrow_context_address(method, context)
    try:
        return bool(method(borrow_node(node_handle), context))
    finally:
        if borrowed is not None:
            borrowed._invalidate()


def call_decompose_replacement(instance_id: str, node_handle: int, context=None) -> int:
    """``context`` as for call_meet_requirements."""
    instance = _decompose_instance(instance_id)
    method = instance.replacement
    borrowed = None
    if type(context) is int:
        context = borrowed = _borrow_context_address(method, context)
    try:
        result = method(borrow_node(node_handle), context)
    finally:
        if borrowed is not None:
            borrowed._invalidate()
    _check_owned_graph(result, "DecomposePass")
    return release_graph(result)


def clear_pass_holders() -> None:
    with _HOLDERS_LOCK:
        _HOLDERS.clear()


def clear_loaded_pass_modules() -> None:
    """Remove the plugin modules loaded by bootstrap, so the next round executes them again.

    Every ``_ge_py_pass_*`` module goes; beyond the reference, package and entry-point plugins that
    bootstrap imported are removed too, so their decorators register again next round instead of
    their passes silently disappearing.
    """
    plugin_loader.purge_loaded_modules(bootstrap.MODULE_PREFIX)


def reset_python_state() -> None:
    """End-of-round reset in one call: holders, plugin modules, registry, then a GC pass."""
    clear_pass_holders()
    clear_loaded_pass_modules()
    registry.clear_registered_passes()
    gc.collect()
