"""Tools for testing Python passes (ge_py addition, beyond the reference).

``find_matches`` lists a pattern's matches in a graph without a pass (``ge.passes.matches``).

``trace_pass`` tells why a pass did not match: per pattern, the candidates that came closest, with
the bindings made and the first check that failed (``ge.passes.match_trace``).

``check_pass_numerics`` compiles a model twice in this process, once without and once with the
given Python passes, runs both compiled models on the host-CPU runtime with the same inputs and
reports, per output, the largest absolute and relative error, plus the nodes the passes removed
and added. ``pyatc ... --verify_py_passes=1`` uses it on the model it has just compiled.

The numerical checks need numpy (a test extra of ge_py).
"""

from __future__ import annotations

import ctypes
import json
import os
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Sequence, Union

from .match_trace import PassTrace, trace_pass
from .matches import find_matches

__all__ = [
    "NumericsReport",
    "OutputError",
    "PassTrace",
    "check_pass_numerics",
    "compile_model_to_om",
    "find_matches",
    "trace_pass",
]

_PASS_ENV = "ASCEND_GE_PY_PASS_PATH"
_NUMPY_DTYPES = {
    "DT_FLOAT": "float32",
    "DT_FLOAT16": "float16",
    "DT_DOUBLE": "float64",
    "DT_INT8": "int8",
    "DT_INT16": "int16",
    "DT_INT32": "int32",
    "DT_INT64": "int64",
    "DT_UINT8": "uint8",
    "DT_BOOL": "bool",
}


@dataclass(frozen=True)
class OutputError:
    """Difference of one model output between the compile without and with the passes."""

    index: int
    max_abs_error: float
    max_rel_error: float
    within_tolerance: bool


@dataclass
class NumericsReport:
    outputs: List[OutputError]
    removed_nodes: List[str] = field(default_factory=list)
    added_nodes: List[str] = field(default_factory=list)
    rtol: float = 1e-4
    atol: float = 1e-5

    @property
    def ok(self) -> bool:
        return all(output.within_tolerance for output in self.outputs)

    @property
    def first_divergence(self) -> OutputError | None:
        return next((output for output in self.outputs if not output.within_tolerance), None)

    def format(self) -> str:
        lines = [
            f"verify_py_passes: {len(self.removed_nodes)} node(s) removed, "
            f"{len(self.added_nodes)} added by the Python passes"
        ]
        if self.removed_nodes:
            lines.append("  removed: " + ", ".join(self.removed_nodes))
        if self.added_nodes:
            lines.append("  added:   " + ", ".join(self.added_nodes))
        for output in self.outputs:
            verdict = "ok" if output.within_tolerance else "DIVERGED"
            lines.append(
                f"  output {output.index}: max abs error {output.max_abs_error:.3e}, "
                f"max rel error {output.max_rel_error:.3e} ({verdict})"
            )
        divergence = self.first_divergence
        lines.append(
            f"verify_py_passes: passed (rtol={self.rtol}, atol={self.atol})"
            if divergence is None
            else f"verify_py_passes: output {divergence.index} diverged beyond rtol={self.rtol}, "
            f"atol={self.atol}"
        )
        return "\n".join(lines)


def _run_atc(args: Sequence[str]) -> int:
    from ge._capi.pypyatc_wrapper import pyatc_lib

    encoded = [arg.encode("utf-8", "surrogateescape") for arg in ["pyatc", *args]]
    c_argv = (ctypes.c_char_p * (len(encoded) + 1))(*encoded, None)
    sys.stdout.flush()
    status = int(pyatc_lib.GeApiWrapper_Atc_Main(len(encoded), c_argv))
    ctypes.CDLL(None).fflush(None)
    return status


def _require_plugins_not_loaded(caller: str) -> None:
    """GE loads the plugins of ASCEND_GE_PY_PASS_PATH when the first of GeApi.ge_initialize,
    build_initialize or an ATC run starts, and keeps them until the last one finishes: a compile
    inside an initialized GE would silently use those instead of the path asked for."""
    from ge.ge_global import GeApi

    if GeApi.is_initialized():
        raise RuntimeError(
            f"{caller}: GE is initialized in this process (GeApi.ge_initialize), and the Python "
            "passes it loaded stay until GeApi.ge_finalize(); finalize it first, or call "
            f"{caller} in a process of its own"
        )


class _PassPath:
    """Sets ASCEND_GE_PY_PASS_PATH for one compile and restores it afterwards."""

    def __init__(self, value: str):
        self._value = value
        self._saved: str | None = None

    def __enter__(self):
        self._saved = os.environ.get(_PASS_ENV)
        os.environ[_PASS_ENV] = self._value
        return self

    def __exit__(self, *exc):
        if self._saved is None:
            os.environ.pop(_PASS_ENV, None)
        else:
            os.environ[_PASS_ENV] = self._saved
        return False


def compile_model_to_om(
    model: Union[str, os.PathLike, object],
    output: str,
    pass_path: str,
    soc_version: str = "Ascend910B1",
    atc_args: Sequence[str] = (),
) -> str:
    """Compiles an ONNX file (through ATC in this process) or a ge.graph.Graph (through
    ge.offline_compile) to ``output``.om with ``pass_path`` as ASCEND_GE_PY_PASS_PATH. Raises
    RuntimeError inside an initialized GE, whose loaded passes would be used instead."""
    _require_plugins_not_loaded("compile_model_to_om")
    with _PassPath(pass_path):
        if isinstance(model, (str, os.PathLike)):
            args = [
                f"--model={os.fspath(model)}",
                "--framework=5",
                f"--soc_version={soc_version}",
                f"--output={output}",
                *atc_args,
            ]
            if _run_atc(args) != 0:
                raise RuntimeError(f"compiling {os.fspath(model)} failed (pass path {pass_path!r})")
        else:
            from ge.offline_compile import build_finalize, build_initialize, build_model, save_model

            build_initialize({"ge.socVersion": soc_version})
            try:
                save_model(output, build_model(model))
            finally:
                build_finalize()
    return output + ".om"


def _describe(om_path: str) -> dict:
    with tempfile.TemporaryDirectory(prefix="ge_verify_json_") as work:
        json_path = os.path.join(work, "model.json")
        if _run_atc(["--mode=1", f"--om={om_path}", f"--json={json_path}"]) != 0:
            raise RuntimeError(f"cannot describe {om_path}")
        with open(json_path, encoding="utf-8") as handle:
            return json.load(handle)["graph"][0]


def _random_inputs(graph: dict, seed: int):
    import numpy as np

    rng = np.random.default_rng(seed)
    data_ops = sorted(
        (op for op in graph["op"] if op["type"] == "Data"),
        key=lambda op: int(op.get("attr", {}).get("index", 0)),
    )
    arrays = []
    for op in data_ops:
        desc = op["output_desc"][0]
        shape = [max(int(dim), 1) for dim in desc["shape"]]
        dtype = _NUMPY_DTYPES.get(desc["dtype"])
        if dtype is None:
            raise ValueError(f"input {op['name']}: no random data for dtype {desc['dtype']}")
        if dtype == "bool":
            arrays.append(rng.random(shape) < 0.5)
        elif dtype.startswith(("int", "uint")):
            arrays.append(rng.integers(0, 8, size=shape).astype(dtype))
        else:
            arrays.append(rng.standard_normal(shape).astype(dtype))
    return arrays


def _run_om(om_path: str, arrays) -> list:
    from ge.graph import Tensor
    from ge.session import load_om

    model = load_om(om_path)
    try:
        return [out.numpy() for out in model.run([Tensor.from_numpy(a) for a in arrays])]
    finally:
        model.close()


def _node_diff(before: dict, after: dict):
    names_before = Counter(f"{op['name']}({op['type']})" for op in before["op"])
    names_after = Counter(f"{op['name']}({op['type']})" for op in after["op"])
    return sorted((names_before - names_after).elements()), sorted(
        (names_after - names_before).elements()
    )


def compare_oms(
    reference_om: str,
    candidate_om: str,
    inputs: list | None = None,
    rtol: float = 1e-4,
    atol: float = 1e-5,
    seed: int = 0,
) -> NumericsReport:
    """Runs both .om files on the same inputs (seeded random ones by default) and compares."""
    import numpy as np

    reference_graph = _describe(reference_om)
    candidate_graph = _describe(candidate_om)
    arrays = list(inputs) if inputs is not None else _random_inputs(reference_graph, seed)
    expected = _run_om(reference_om, arrays)
    actual = _run_om(candidate_om, arrays)
    if len(expected) != len(actual):
        raise RuntimeError(
            f"the passes changed the number of outputs: {len(expected)} -> {len(actual)}"
        )
    outputs = []
    for index, (want, got) in enumerate(zip(expected, actual)):
        want = np.asarray(want, dtype=np.float64)
        got = np.asarray(got, dtype=np.float64)
        if want.shape != got.shape:
            outputs.append(OutputError(index, float("inf"), float("inf"), False))
            continue
        abs_error = np.abs(want - got)
        rel_error = abs_error / np.maximum(np.abs(want), 1e-12)
        max_abs = float(abs_error.max()) if abs_error.size else 0.0
        max_rel = float(rel_error.max()) if rel_error.size else 0.0
        within = bool(np.all(abs_error <= atol + rtol * np.abs(want)))
        outputs.append(OutputError(index, max_abs, max_rel, within))
    removed, added = _node_diff(reference_graph, candidate_graph)
    return NumericsReport(outputs, removed, added, rtol, atol)


def check_pass_numerics(
    model_or_graph: Union[str, os.PathLike, object],
    pass_path: Union[str, os.PathLike],
    inputs: list | None = None,
    rtol: float = 1e-4,
    atol: float = 1e-5,
    soc_version: str = "Ascend910B1",
    seed: int = 0,
) -> NumericsReport:
    """Compiles ``model_or_graph`` (ONNX path or ge.graph.Graph) without and with the Python
    passes of ``pass_path`` and compares both on the host runtime (see module docstring)."""
    pass_value = os.fspath(pass_path)
    if not pass_value:
        raise ValueError("pass_path must name a .py file or a directory of passes")
    with tempfile.TemporaryDirectory(prefix="ge_verify_") as work:
        plain = compile_model_to_om(model_or_graph, str(Path(work) / "plain"), "", soc_version)
        fused = compile_model_to_om(
            model_or_graph, str(Path(work) / "passes"), pass_value, soc_version
        )
        return compare_oms(plain, fused, inputs, rtol, atol, seed)


def _flag_value(args: List[str], name: str) -> str | None:
    prefix = f"--{name}="
    for arg in args:
        if arg.startswith(prefix):
            return arg[len(prefix) :]
    return None


def verify_after_atc(atc_args: List[str]) -> int:
    """``pyatc --verify_py_passes=1``: recompile the model of ``atc_args`` without Python passes
    and compare it with the ``--output`` .om just written. Returns 0 or 1 (diverged)."""
    model = _flag_value(atc_args, "model")
    output = _flag_value(atc_args, "output")
    pass_path = os.environ.get(_PASS_ENV, "")
    if not model or not output:
        print("verify_py_passes: needs --model and --output", file=sys.stderr)
        return 1
    if not pass_path:
        print(f"verify_py_passes: {_PASS_ENV} is not set: nothing to verify", file=sys.stderr)
        return 1
    rest = [a for a in atc_args if not a.startswith(("--model=", "--output=", "--soc_version="))]
    soc = _flag_value(atc_args, "soc_version") or "Ascend910B1"
    with tempfile.TemporaryDirectory(prefix="ge_verify_") as work:
        plain = compile_model_to_om(model, str(Path(work) / "plain"), "", soc, rest)
        report = compare_oms(plain, output + ".om")
    print(report.format())
    return 0 if report.ok else 1


def _split_verify_flag(args: Sequence[str]) -> tuple[List[str], bool]:
    """Removes ``--verify_py_passes[=0|1]`` from atc arguments; True when verification is on."""
    kept, verify = [], False
    for arg in args:
        if arg == "--verify_py_passes" or arg.startswith("--verify_py_passes="):
            value = arg.partition("=")[2] or "1"
            if value not in ("0", "1"):
                raise ValueError(f"--verify_py_passes must be 0 or 1, got {value!r}")
            verify = value == "1"
            continue
        kept.append(arg)
    return kept, verify
