"""Why a pass did not match: the match tracer seen from Python (docs/python_passes.md,
"Debugging a pass").

``trace_pass(name, graph)`` compiles a copy of ``graph`` in this process while the compiler
traces the pass called ``name`` (a Python pass loaded from ``pass_path`` or
``ASCEND_GE_PY_PASS_PATH``, or a C++ pass plugin), and returns a ``PassTrace``: per pattern,
the candidates that came closest to a rewrite, each with the pattern→graph bindings made and the
first check that failed.
"""

from __future__ import annotations

import ctypes
import json
import os
from dataclasses import dataclass, field
from typing import List, Union

__all__ = [
    "PassTrace",
    "PatternTrace",
    "TracedBinding",
    "TracedCandidate",
    "trace_pass",
]

# The names of the checks, as the compiler reports them (pattern/match_trace.h).
CHECKS = (
    "op_type",
    "not_const",
    "dtype",
    "const_value",
    "ir_attr",
    "output_count",
    "input_count",
    "output_index",
    "tensor",
    "already_bound",
    "producer_in_match",
    "new_node",
    "no_candidate",
    "not_self_contained",
    "meet_requirements",
    "would_cycle",
    "boundary",
    "replacement",
)


@dataclass(frozen=True)
class TracedBinding:
    """One pattern node and the graph node it was bound to."""

    pattern_node: str
    pattern_type: str
    target_node: str
    target_type: str


@dataclass(frozen=True)
class TracedCandidate:
    """A graph node tried as the pattern's first output that did not become a rewrite."""

    candidate: str
    matched: bool  # the whole pattern matched; a check after matching refused it
    bound: int  # pattern nodes bound when the failing check ran
    check: str  # one of CHECKS
    detail: str
    pattern_node: str  # the pattern node being bound ("" for checks of a whole match)
    target_node: str
    bindings: List[TracedBinding]
    dot: str  # Graphviz: the bindings, the failing node highlighted, one ring of neighbours

    def __str__(self) -> str:
        # The same lines as the compile's report (compiler/match_trace/trace_report.cc).
        headline = f"candidate {self.candidate}: {self.check}"
        if self.matched:
            headline += f" (after a whole match of {self.bound} nodes)"
        else:
            if self.pattern_node:
                headline += f" at pattern node {self.pattern_node}"
                if self.target_node:
                    headline += f" vs {self.target_node}"
            headline += f" ({self.bound} bound)"
        bound = ", ".join(f"{b.pattern_node} -> {b.target_node}" for b in self.bindings)
        lines = [headline]
        if self.detail:
            lines.append(self.detail)
        lines.append(f"bound: {bound or '(none)'}")
        return "\n".join(lines)


@dataclass(frozen=True)
class PatternTrace:
    """One sweep of one pattern of the traced pass."""

    pattern: str
    invalid: str  # why the matcher rejected the pattern, "" when it is valid
    candidates: int
    matches: int
    rewrites: int
    closest: List[TracedCandidate]

    def __str__(self) -> str:
        if self.invalid:
            return f"pattern {self.pattern}: invalid, {self.invalid}"
        lines = [
            f"pattern {self.pattern}: {self.candidates} candidates, {self.matches} matched, "
            f"{self.rewrites} rewritten"
        ]
        if not self.closest and self.candidates == 0:
            lines.append("  no target node has the type of the pattern's first output")
        for rank, candidate in enumerate(self.closest, 1):
            text = str(candidate).replace("\n", "\n     ")
            lines.append(f"  #{rank} {text}")
        return "\n".join(lines)


@dataclass(frozen=True)
class PassTrace:
    """Every pattern sweep of the traced pass during one compile."""

    pass_name: str
    top_n: int
    patterns: List[PatternTrace] = field(default_factory=list)
    compile_error: str = ""  # the compile's error when it failed (a failing replacement, ...)

    def __str__(self) -> str:
        lines = [f"Match trace of pass {self.pass_name} (closest {self.top_n} per pattern)"]
        if not self.patterns:
            lines.append(
                "  no pattern of this pass was swept: the pass did not run (name, stage, "
                "switch) or is not a pattern fusion pass"
            )
        lines.extend(str(pattern) for pattern in self.patterns)
        if self.compile_error:
            lines.append(f"compile failed: {self.compile_error}")
        return "\n".join(lines)

    def to_dot(self) -> str:
        """Every reported candidate's picture, one digraph each (``dot -Tsvg`` renders all)."""
        return "".join(c.dot for p in self.patterns for c in p.closest)

    @classmethod
    def from_json(cls, text: str, compile_error: str = "") -> PassTrace:
        data = json.loads(text)
        patterns = []
        for pattern in data["patterns"]:
            closest = [
                TracedCandidate(
                    candidate=item["candidate"],
                    matched=bool(item["matched"]),
                    bound=int(item["bound"]),
                    check=item["check"],
                    detail=item["detail"],
                    pattern_node=item["pattern_node"],
                    target_node=item["target_node"],
                    bindings=[TracedBinding(**binding) for binding in item["bindings"]],
                    dot=item["dot"],
                )
                for item in pattern["closest"]
            ]
            patterns.append(
                PatternTrace(
                    pattern=pattern["pattern"],
                    invalid=pattern["invalid"],
                    candidates=int(pattern["candidates"]),
                    matches=int(pattern["matches"]),
                    rewrites=int(pattern["rewrites"]),
                    closest=closest,
                )
            )
        return cls(data["pass"], int(data["top_n"]), patterns, compile_error)


def _finish() -> str:
    from ge._capi.pymatch_trace_wrapper import match_trace_lib
    from ge.error import get_ge_error_msg

    report = ctypes.c_char_p()
    try:
        if match_trace_lib.GeApiWrapper_MatchTrace_Finish(ctypes.byref(report)) != 0:
            raise RuntimeError(f"trace_pass: {get_ge_error_msg()}")
        return report.value.decode("utf-8", errors="replace")
    finally:
        match_trace_lib.GeApiWrapper_MatchTrace_FreeString(report)


def trace_pass(
    pass_name: str,
    graph,
    *,
    pass_path: Union[str, os.PathLike, None] = None,
    top: int = 3,
    soc_version: str = "Ascend910B1",
) -> PassTrace:
    """Compiles a copy of ``graph`` (a ``ge.graph.Graph``) while tracing the pass ``pass_name``
    and returns what each of its patterns came closest to matching (``top`` candidates per
    pattern). ``pass_path``, when given, is the ``ASCEND_GE_PY_PASS_PATH`` of this compile. A
    failing compile (a pass whose replacement fails, say) still returns the trace, with the error
    in ``compile_error``. Raises RuntimeError inside an initialized GE (GeApi.ge_initialize),
    whose loaded passes would be traced instead."""
    from ge._capi.pymatch_trace_wrapper import match_trace_lib
    from ge.error import get_ge_error_msg
    from ge.graph import Graph
    from ge.offline_compile import build_finalize, build_initialize, build_model

    from .testing import _PassPath, _require_plugins_not_loaded

    if not isinstance(graph, Graph):
        raise TypeError("trace_pass: graph must be a ge.graph.Graph")
    if not isinstance(pass_name, str) or not pass_name:
        raise ValueError("trace_pass: pass_name must be a non-empty string")
    if not isinstance(top, int) or top < 1:
        raise ValueError("trace_pass: top must be a positive integer")
    _require_plugins_not_loaded("trace_pass")
    if match_trace_lib.GeApiWrapper_MatchTrace_Start(pass_name.encode("utf-8"), top) != 0:
        raise RuntimeError(f"trace_pass: {get_ge_error_msg()}")
    compile_error = ""
    try:
        pass_env = os.environ.get("ASCEND_GE_PY_PASS_PATH", "")
        with _PassPath(os.fspath(pass_path) if pass_path is not None else pass_env):
            build_initialize({"ge.socVersion": soc_version})
            try:
                build_model(graph)
            except Exception as error:  # noqa: BLE001 - the trace explains what failed
                compile_error = str(error)
            finally:
                build_finalize()
    finally:
        report = _finish()
    return PassTrace.from_json(report, compile_error)
