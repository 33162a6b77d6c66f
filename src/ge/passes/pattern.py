"""Expression patterns: ``@pattern``, the ``inputs`` object and pattern helpers.

ge.es / ge.graph are imported when a pattern is built, not when this module is imported, so pass
classes can be defined (and checked) without them. ``Pattern`` itself is native and supplied lazily
by the module ``__getattr__``.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Mapping

from . import _graph_api

if TYPE_CHECKING:  # the graph core and the native module load only when a pattern is built
    from ge.graph import Graph, Node

    from ._ge_pass_native import Pattern

__all__ = ["NodeIo", "PatternInputs", "create_pattern", "ensure_pattern", "pattern"]

_PATTERN_MARK = "__ge_expression_pattern_method__"


@dataclass(frozen=True)
class NodeIo:
    """One output (or input port) of a node: ``node`` and ``index``."""

    node: Node
    index: int = 0


def pattern(method: Callable) -> Callable:
    """Mark a PatternFusionPass method as one expression pattern; the method is returned as is."""
    setattr(method, _PATTERN_MARK, True)
    return method


class PatternInputs:
    """The ``inputs`` argument of @pattern methods and expression replacements.

    Inputs are created on demand and contiguously (``inputs[2]`` creates 0, 1 and 2), because the
    pattern's external inputs must be numbered without gaps. Iteration is refused: the number of
    inputs is not known until the method says which ones it uses.
    """

    __slots__ = ("_builder", "_holders")

    def __init__(self, builder: Any):
        self._builder = builder
        self._holders: Dict[int, Any] = {}

    def _get(self, index: int):
        for k in range(len(self._holders), index + 1):
            self._holders[k] = self._builder.create_input(k)
        return self._holders[index]

    @staticmethod
    def _bound(value: Any) -> int:
        try:
            return operator.index(value)
        except TypeError:
            raise TypeError("PatternInputs index must be an integer or slice") from None

    def __getitem__(self, key: Any):
        if isinstance(key, slice):
            if key.step is not None and key.step != 1:
                raise ValueError("PatternInputs slice step must be 1")
            if key.stop is None:
                raise ValueError(
                    "PatternInputs slice must provide a stop index, for example inputs[:3]"
                )
            start = 0 if key.start is None else self._bound(key.start)
            stop = self._bound(key.stop)
            if start < 0 or stop < 0:
                raise ValueError("PatternInputs slice indices must be non-negative")
            if stop < start:
                raise ValueError("PatternInputs slice stop must be greater than or equal to start")
            return [self._get(k) for k in range(start, stop)]
        index = self._bound(key)
        if index < 0:
            raise ValueError("PatternInputs index must be non-negative")
        return self._get(index)

    def __iter__(self):
        raise TypeError(
            "PatternInputs cannot be iterated because the input count is unknown; use inputs[:N]"
        )

    def __contains__(self, item: Any):
        return self.__iter__()

    def created(self) -> List[Any]:
        """The holders created so far, in index order."""
        return [self._holders[k] for k in sorted(self._holders)]


def create_pattern(graph: Graph) -> Pattern:
    """Wrap ``graph`` as a Pattern; the graph is consumed (moved into the pattern)."""
    from . import _native

    return _native.Pattern(graph)


def ensure_pattern(pattern_or_graph: Any) -> Pattern:
    """A Pattern for ``pattern_or_graph``: a Graph is converted, a Pattern returned as is."""
    if _graph_api.is_graph(pattern_or_graph):
        return create_pattern(pattern_or_graph)
    from . import _native

    if isinstance(pattern_or_graph, _native.Pattern):
        return pattern_or_graph
    raise TypeError("PatternFusionPass.patterns must return Pattern or Graph objects")


def _collect_pattern_methods(namespace: Mapping[str, Any]) -> List[Callable]:
    """@pattern-marked functions of a class body, in definition order."""
    return [
        value
        for value in namespace.values()
        if callable(value) and getattr(value, _PATTERN_MARK, False) is True
    ]


def _is_pattern_or_graph(obj: Any) -> bool:
    if _graph_api.is_graph(obj):
        return True
    from . import _native

    return isinstance(obj, _native.Pattern)


def _holder_outputs(result: Any):
    """The outputs of an expression result, or None if it is not holder(s)."""
    if _graph_api.is_tensor_holder(result):
        return [result]
    if (
        isinstance(result, (list, tuple))
        and result
        and all(_graph_api.is_tensor_holder(item) for item in result)
    ):
        return list(result)
    return None


def _pattern_from_expression(builder: Any, inputs: PatternInputs, result: Any) -> Pattern:
    if _holder_outputs(result) is None and _is_pattern_or_graph(result):
        return ensure_pattern(result)  # user-built pattern: no automatic captures
    if (
        isinstance(result, (list, tuple))
        and result
        and all(_is_pattern_or_graph(item) for item in result)
    ):
        raise TypeError(
            "A @pattern method supports a single pattern only. For multiple patterns, declare "
            "several @pattern methods or use legacy patterns(self)."
        )
    outputs = _holder_outputs(result)
    if outputs is None:
        raise TypeError(
            "Expression-style patterns must return a TensorHolder or a non-empty list/tuple of "
            "TensorHolder"
        )
    created_inputs = inputs.created()
    pat = create_pattern(builder.build_and_reset(outputs))
    # Fixed capture order, as GE's: inputs by index, then outputs in return order.
    for holder in created_inputs + outputs:
        pat.capture_tensor(holder)
    return pat


def _generated_patterns(methods: List[Callable]) -> Callable:
    """The ``patterns(self)`` generated for a class with @pattern methods."""

    def patterns(self):
        result = []
        for method in methods:
            builder = _graph_api.graph_builder_class()(
                f"{type(self).__name__}_{method.__name__}_pattern"
            )
            inputs = PatternInputs(builder)
            result.append(_pattern_from_expression(builder, inputs, method(self, inputs)))
        return result

    patterns.__qualname__ = "patterns"
    patterns.__doc__ = "Patterns built from the class's @pattern methods, in declaration order."
    return patterns


def _expression_replacement_result(get_builder: Callable[[], Any], result: Any):
    """The Graph of an expression-style replacement's return value; the builder is
    asked for only when there are holders to build from."""
    if _graph_api.is_graph(result):
        return result
    outputs = _holder_outputs(result)
    if outputs is None:
        raise TypeError(
            "Expression-style replacement must return a TensorHolder or a non-empty list/tuple "
            "of TensorHolder"
        )
    return get_builder().build_and_reset(outputs)


def __getattr__(name: str):
    if name == "Pattern":
        from . import _native

        value = _native.Pattern
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value
