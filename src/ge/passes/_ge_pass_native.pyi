# Type stub of the pybind11 extension ge.passes._ge_pass_native (native/pass_native). The
# extension ships per CPython minor version in an artifact set; this stub stays with the pure
# package, where type checkers look for the module name. Every name, parameter and overload here
# is checked against the built module by tests/python/passes/test_passes_native_stub.py.

from __future__ import annotations

from typing import Iterable, overload

from ge.es.tensor_holder import TensorHolder
from ge.graph import Graph, Node
from ge.passes.pattern import NodeIo

class PassContext:
    """The running pass's view of the compiler's ``CustomPassContext``. Made by GE only; it
    expires when the hook it was given to returns."""

    def get_pass_name(self) -> str:
        """Name of the running pass."""

    def set_pass_name(self, name: str, /) -> None: ...
    def get_error_message(self) -> str:
        """The error message reported so far (empty if none)."""

    def set_error_message(self, message: str, /) -> None: ...
    def get_option_value(self, key: str, /) -> str:
        """Value of a compile option; ``RuntimeError`` when the option is not set."""

    def _invalidate(self) -> None:
        """Bridge only: end the borrow; every later call raises ``RuntimeError``."""

class MatchResult:
    """One match of a pattern in the target graph, borrowed for one hook call (owned when it
    comes from ``find_matches``)."""

    def get_matched_nodes(self) -> list[Node]:
        """Target-graph nodes bound to the pattern's compute nodes, in pattern order."""

    def get_captured_tensor(self, capture_index: int) -> NodeIo:
        """The target tensor bound to capture ``capture_index`` (capture order)."""

    def get_pattern_graph_name(self) -> str: ...
    def __str__(self) -> str: ...
    def _invalidate(self) -> None:
        """Bridge only: end the borrow; every later call raises ``RuntimeError``."""

class Pattern:
    """A pattern graph and the tensors to capture from its matches."""

    def __init__(self, graph: Graph) -> None:
        """Moves ``graph`` into the pattern; the ``Graph`` object is invalidated."""

    def capture_tensor(
        self, source: NodeIo | TensorHolder | Node, index: int | None = None
    ) -> Pattern:
        """Append a capture (a ``NodeIo``, or a ``TensorHolder`` / ``Node`` with an output
        index, default 0); returns ``self``."""

    def get_captured_tensors(self) -> list[NodeIo]:
        """The captures as ``NodeIo`` values of pattern-graph nodes, in capture order."""

    def release(self) -> int:
        """Hand the C++ ``Pattern*`` to the caller; afterwards only ``is_valid`` works."""

    def is_valid(self) -> bool: ...

class PatternMatcherConfig:
    """Stricter matching switches (all off by default); made by the builder."""

    def is_enable_const_value_match(self) -> bool: ...
    def is_enable_ir_attr_match(self) -> bool: ...
    def is_enable_commutative_match(self) -> bool: ...

class PatternMatcherConfigBuilder:
    def __init__(self) -> None: ...
    def enable_const_value_match(self) -> PatternMatcherConfigBuilder:
        """Compare Const values bit for bit; returns ``self``."""

    def enable_ir_attr_match(self) -> PatternMatcherConfigBuilder:
        """Compare the IR attributes set on pattern nodes; returns ``self``."""

    def enable_commutative_match(self) -> PatternMatcherConfigBuilder:
        """Let commutative ops' two inputs match in either order; returns ``self``."""

    def build(self) -> PatternMatcherConfig:
        """A new ``PatternMatcherConfig`` (the builder can build again)."""

class SubgraphInput:
    """Consumers (node, input port) of one tensor entering the subgraph."""

    @overload
    def __init__(self) -> None: ...
    @overload
    def __init__(self, node_inputs: Iterable[tuple[Node, int]]) -> None: ...
    def add_input(self, node: Node, out_index: int) -> int:
        """Add a consumer port (the input port of an inner node); returns a status int."""

class SubgraphOutput:
    """One output port of the subgraph."""

    @overload
    def __init__(self) -> None: ...
    @overload
    def __init__(self, node: Node, out_index: int) -> None: ...
    def set_output(self, node: Node, out_index: int) -> int:
        """Returns a status int."""

class SubgraphBoundary:
    """Numbered inputs and outputs of the subgraph to replace."""

    def __init__(self) -> None: ...
    def add_input(self, index: int, input: SubgraphInput) -> int:
        """Returns a status int (a duplicate index fails)."""

    def add_output(self, index: int, output: SubgraphOutput) -> int:
        """Returns a status int (a duplicate index fails)."""

class SubgraphRewriter:
    """Replaces the inside of a boundary by a replacement graph."""

    @overload
    @staticmethod
    def replace(boundary: SubgraphBoundary, replacement: Graph) -> int:
        """Replace; returns a status int. The replacement is copied, not consumed."""

    @overload
    @staticmethod
    def replace(boundary: SubgraphBoundary, replacement: Graph, *, context: PassContext) -> None:
        """Replace with the fusibility check and the fusion report; ``RuntimeError`` on
        failure."""

def can_fuse(nodes: Iterable[Node]) -> tuple[bool, str]:
    """``(ok, reason)``: may these nodes be fused into one?"""

def report_fuse(
    nodes_before: Iterable[Node], nodes_after: Iterable[Node], context: PassContext
) -> None:
    """Record a hand-written fusion (call after rewiring, before deleting the old nodes)."""

def infer_shape(replacement: Graph, source: MatchResult | Node | SubgraphBoundary) -> None:
    """Infer the replacement graph's shapes from the boundary of ``source`` (in place)."""

def find_matches(
    pattern: Pattern, graph: Graph, matcher_config: PatternMatcherConfig | None = None
) -> list[MatchResult]:
    """Every match of ``pattern`` in ``graph``, as a pattern fusion pass's sweep finds them,
    without rewriting; the results stay valid while referenced."""

def borrow_match_result(match_result_handle: int) -> MatchResult:
    """Bridge only: a ``MatchResult`` view of a C++ ``const MatchResult*``."""

def borrow_node(node_handle: int) -> Node:
    """Bridge only: a ``ge.graph.Node`` for a C++ ``const GNode*``."""

def _borrow_pass_context(address: int) -> PassContext:
    """Bridge only: a ``PassContext`` view of a C++ ``CustomPassContext*``."""

def clone_pattern_matcher_config(config: PatternMatcherConfig) -> int:
    """Bridge only: a heap copy (``PatternMatcherConfig*``) owned by the caller."""

def release_graph(graph: Graph) -> int:
    """Bridge only: the graph's C API handle, now owned by the caller; the ``Graph`` object is
    invalidated."""
