"""Pass base classes users inherit from, with their class-definition-time contract.

The classes are pure Python and do not need the native module (docs/python_passes.md): mistakes in a
pass class surface as TypeError when the plugin file is imported, and hooks are normalized once to
``hook(self, value, context=None)`` so that dispatch never inspects signatures again.
Native names (PassContext, MatchResult, ...) are resolved lazily by the module ``__getattr__``.
"""

from __future__ import annotations

import inspect
from enum import Enum
from functools import wraps
from types import FunctionType
from typing import TYPE_CHECKING, Any, Callable, List, Optional, Tuple, Union

from . import _graph_api

if TYPE_CHECKING:  # the graph core and the native module load only when a graph is built
    from ge.graph import Graph

    from ._ge_pass_native import MatchResult, PassContext, PatternMatcherConfig

StatusLike = Optional[Union[bool, int]]

__all__ = [
    "DecomposePass",
    "FusionBasePass",
    "PassStage",
    "PatternFusionPass",
    "StatusLike",
    "infer_shape",
]

# Names re-bound from the native module on first access (GE exports them through base).
_NATIVE_NAMES = (
    "MatchResult",
    "PassContext",
    "PatternMatcherConfig",
    "PatternMatcherConfigBuilder",
    "SubgraphBoundary",
    "SubgraphInput",
    "SubgraphOutput",
    "SubgraphRewriter",
)


class PassStage(str, Enum):
    """Compile stage a pass runs in; the value is the string the C++ bridge maps to its enum."""

    BEFORE_INFER_SHAPE = "BeforeInferShape"
    AFTER_INFER_SHAPE = "AfterInferShape"
    AFTER_BUILTIN_FUSION_PASS = "AfterBuiltinFusionPass"
    AFTER_ORIGIN_GRAPH_OPTIMIZE = "AfterOriginGraphOptimize"


def _signature_shape(cls: type, hook: str, func: Any) -> Tuple[List[str], bool]:
    """Names of the positional parameters (self and defaulted ones included) and whether a
    keyword-only parameter without default exists. Called only at class definition."""
    if not isinstance(func, FunctionType):
        raise TypeError(
            f"{cls.__name__}.{hook} must be a plain method defined with def, "
            f"got {type(func).__name__}"
        )
    parameters = inspect.signature(func).parameters.values()
    positional = [
        p.name
        for p in parameters
        if p.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    ]
    required_kwonly = any(
        p.kind is inspect.Parameter.KEYWORD_ONLY and p.default is inspect.Parameter.empty
        for p in parameters
    )
    return positional, required_kwonly


def _normalize_value_hook(cls: type, hook: str, value_name: str, func: Callable) -> Callable:
    """Wrap a graph-building hook as hook(self, value, context=None)."""
    positional, required_kwonly = _signature_shape(cls, hook, func)
    if required_kwonly or len(positional) not in (2, 3):
        raise TypeError(
            f"{hook} only supports {hook}(self, {value_name}) or "
            f"{hook}(self, {value_name}, context)"
        )
    if len(positional) == 2:

        @wraps(func)
        def normalized(self, value, context=None):
            return func(self, value)

        # The bridge need not create (and expire) a PassContext view for this hook, and may call
        # the user's function itself (one Python frame less per match).
        normalized._ge_ignores_context = True
        normalized._ge_direct = func

    else:  # the third parameter receives the context whatever its name

        @wraps(func)
        def normalized(self, value, context=None):
            return func(self, value, context)

    return normalized


_EXPRESSION_SIGNATURES_MESSAGE = (
    "Expression-style replacement only supports replacement(self, inputs), "
    "replacement(self, inputs, match_result), replacement(self, inputs, context), "
    "or replacement(self, inputs, match_result, context)"
)


_REPLACEMENT_INPUTS = None
_NEW_REPLACEMENT_INPUTS = None


def _replacement_inputs_class():
    """ge.passes._replacement_inputs.ReplacementInputs (imports ge.es: first replacement only)."""
    global _REPLACEMENT_INPUTS, _NEW_REPLACEMENT_INPUTS
    if _REPLACEMENT_INPUTS is None:
        from ._replacement_inputs import ReplacementInputs, new_replacement_inputs

        _REPLACEMENT_INPUTS = ReplacementInputs
        _NEW_REPLACEMENT_INPUTS = new_replacement_inputs
    return _REPLACEMENT_INPUTS


def _new_replacement_inputs(name: str):
    """A fresh ReplacementInputs (the constructor without its __init__ frames)."""
    if _NEW_REPLACEMENT_INPUTS is None:
        _replacement_inputs_class()
    return _NEW_REPLACEMENT_INPUTS(name)


def _normalize_expression_replacement(cls: type, func: Callable, positional: List[str]) -> Callable:
    """Wrap ``replacement(self, inputs, ...)`` so it receives fresh PatternInputs.

    ``normalized._ge_build`` is what the bridge calls instead: it returns ``(graph, None)`` or,
    when the user only passed inputs through, ``(None, handle)`` with the C graph handle made in
    one call (no Python Graph to create and release per match).
    """
    from .pattern import _expression_replacement_result

    count = len(positional)
    if count == 2:

        def call(self, inputs, match_result, context):
            return func(self, inputs)

    elif count == 3 and positional[2] == "context":

        def call(self, inputs, match_result, context):
            return func(self, inputs, context)

    elif count == 3:

        def call(self, inputs, match_result, context):
            return func(self, inputs, match_result)

    else:

        def call(self, inputs, match_result, context):
            return func(self, inputs, match_result, context)

    def build(self, match_result, context=None):
        name = f"{type(self).__name__}_replacement"
        inputs = (_NEW_REPLACEMENT_INPUTS or _new_replacement_inputs)(name)
        # replacement(self, inputs) is called as written (no adapter frame per match).
        if count == 2:
            result = func(self, inputs)
        else:
            result = call(self, inputs, match_result, context)
        handle = inputs.pass_through_handle(result)
        if handle is not None:
            return None, handle
        return _expression_replacement_result(inputs.builder, result), None

    @wraps(func)
    def normalized(self, match_result, context=None):
        graph, handle = build(self, match_result, context)
        if handle is not None:
            return _graph_api.graph_class()._create_from(handle)
        return graph

    normalized._ge_build = build
    # The bridge borrows a MatchResult view only for a replacement that receives it.
    build._ge_takes_match_result = count == 4 or (count == 3 and positional[2] != "context")
    if count == 2 or (count == 3 and positional[2] != "context"):
        normalized._ge_ignores_context = True
    return normalized


def _normalize_pattern_replacement(cls: type, func: Callable) -> Callable:
    positional, required_kwonly = _signature_shape(cls, "replacement", func)
    if len(positional) < 2 or positional[1] != "inputs":
        return _normalize_value_hook(cls, "replacement", "match_result", func)
    if required_kwonly or not 2 <= len(positional) <= 4:
        raise TypeError(_EXPRESSION_SIGNATURES_MESSAGE)
    if len(positional) == 4 and positional[3] != "context":
        raise TypeError(
            "Expression-style replacement with four arguments must use "
            "replacement(self, inputs, match_result, context)"
        )
    return _normalize_expression_replacement(cls, func, positional)


class FusionBasePass:
    """A pass that rewrites the whole graph itself in ``run``.

    Subclasses must be constructible without arguments: the bridge creates one instance per run.
    """

    def run(self, graph: Graph, context: PassContext) -> StatusLike:
        """Rewrite ``graph``; return None/True (success), False (failure) or a GE status int."""
        raise NotImplementedError("FusionBasePass.run must be implemented")


class PatternFusionPass(FusionBasePass):
    """A pass described by patterns, an optional filter and a replacement; GE does the matching."""

    # Class-level default: a subclass __init__ that forgets super().__init__() still gets the
    # default matcher instead of a pass the bridge cannot create (a GE quirk fixed).
    _matcher_config: PatternMatcherConfig | None = None

    def __init__(self, matcher_config: PatternMatcherConfig | None = None):
        self._matcher_config = matcher_config

    @property
    def matcher_config(self) -> PatternMatcherConfig | None:
        return self._matcher_config

    def patterns(self):
        raise NotImplementedError("PatternFusionPass.patterns must be implemented")

    def meet_requirements(self, match_result: MatchResult, context: PassContext | None = None):
        return True

    def replacement(self, match_result: MatchResult, context: PassContext | None = None):
        raise NotImplementedError("PatternFusionPass.replacement must be implemented")

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        namespace = cls.__dict__
        if "run" in namespace:
            raise TypeError(
                f"{cls.__name__} overrides run(), which is never invoked by the PatternFusionPass "
                "execution path. Implement patterns()/replacement() instead."
            )
        from .pattern import _collect_pattern_methods, _generated_patterns

        pattern_methods = _collect_pattern_methods(namespace)
        if pattern_methods:
            if "patterns" in namespace:
                raise TypeError(
                    f"{cls.__name__} cannot combine @pattern methods with patterns(). "
                    "Use one style for declaring patterns."
                )
            for method in pattern_methods:
                positional, required_kwonly = _signature_shape(cls, method.__name__, method)
                if len(positional) != 2 or required_kwonly:
                    raise TypeError("@pattern methods only support method(self, inputs)")
            cls.patterns = _generated_patterns(pattern_methods)
        if "meet_requirements" in namespace:
            cls.meet_requirements = _normalize_value_hook(
                cls, "meet_requirements", "match_result", namespace["meet_requirements"]
            )
        if "replacement" in namespace:
            cls.replacement = _normalize_pattern_replacement(cls, namespace["replacement"])


class DecomposePass(FusionBasePass):
    """A pass that replaces single nodes of the registered ``op_types`` with a subgraph."""

    op_types: List[str] | None = None

    def meet_requirements(self, node, context: PassContext | None = None):
        return True

    def replacement(self, node, context: PassContext | None = None):
        raise NotImplementedError("DecomposePass.replacement must be implemented")

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        namespace = cls.__dict__
        if "run" in namespace:
            raise TypeError(
                f"{cls.__name__} overrides run(), which is never invoked by the DecomposePass "
                "execution path. Implement meet_requirements()/replacement() instead."
            )
        for hook in ("meet_requirements", "replacement"):
            if hook in namespace:
                setattr(cls, hook, _normalize_value_hook(cls, hook, "node", namespace[hook]))


def infer_shape(replacement: Graph, source: Any) -> None:
    """Infer the replacement graph's shapes from the boundary of ``source``.

    Every argument check happens before anything is mutated.
    """
    if not _graph_api.is_graph(replacement):
        raise TypeError("replacement must be a ge.graph.Graph")
    from . import _native

    source_types = (_native.MatchResult, _graph_api.node_class(), _native.SubgraphBoundary)
    if not isinstance(source, source_types):
        raise TypeError("source must be MatchResult, Node, or SubgraphBoundary")
    if not replacement.get_all_nodes():
        raise RuntimeError("replacement graph is empty")
    _native.infer_shape(replacement, source)


def __getattr__(name: str):
    if name in _NATIVE_NAMES:
        from . import _native

        value = getattr(_native, name)
    elif name == "PatternOrGraph":
        from . import _native

        value = Union[_native.Pattern, _graph_api.graph_class()]
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value
