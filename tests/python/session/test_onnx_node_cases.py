"""ONNX's own backend node cases through ``parse_onnx`` + ``Session`` on the host runtime.

The ``onnx`` package generates its node test cases in memory (``onnx.backend.test.loader``: a
model, input tensors and expected outputs per case). Every case whose nodes all have op types the
importer maps (:data:`MAPPED_OPS`) is imported, compiled and run, and its outputs are compared with
the expected ones the way ONNX's backend runner compares them: same dtype and shape, and
``assert_allclose`` at the case's tolerances (rtol 1e-3, atol 1e-7 unless the case sets others).

Each such case either passes or matches a row of the exclusion table in ``docs/onnx_import.md``
("ONNX backend node cases"), and the table is checked both ways: a listed case that passes, and a
row that matches no case, fail the test too, so the table always says exactly what does not work.
The pass rate (passing cases / cases of mapped ops) is printed. The cases of the other op types
must fail to import, which keeps :data:`MAPPED_OPS` in step with the importer.
"""

from __future__ import annotations

import fnmatch
import os
import re
import warnings

import pytest

from ge.ge_global import GeApi
from ge.graph import Tensor
from ge.parser import parse_onnx
from ge.session import Session

np = pytest.importorskip("numpy")
onnx = pytest.importorskip("onnx")

_REPO = os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
)
_DOC = os.path.join(_REPO, "docs", "onnx_import.md")
_TABLE_HEADING = "### Excluded cases"

# The ONNX op types of the default domain the importer maps (docs/onnx_import.md, "Op mapping").
MAPPED_OPS = frozenset(
    """
    Abs Acos Acosh Add And ArgMax ArgMin Asin Asinh Atan Atanh AveragePool BatchNormalization Cast
    CastLike Ceil Clip Concat Constant ConstantOfShape Conv ConvTranspose Cos Cosh CumSum Div
    Dropout Einsum Elu Equal Erf Exp Expand Flatten Floor Gather Gelu Gemm GlobalAveragePool
    GlobalMaxPool Greater GreaterOrEqual HardSigmoid HardSwish Identity LRN LayerNormalization
    LeakyRelu Less LessOrEqual Log LogSoftmax MatMul Max MaxPool Min Mish Mod Mul Neg Not Or Pad
    Pow Range Reciprocal ReduceL1 ReduceL2 ReduceLogSum ReduceLogSumExp ReduceMax ReduceMean
    ReduceMin ReduceProd ReduceSum ReduceSumSquare Relu Reshape Resize Round Selu Shape Sigmoid
    Sign Sin Sinh Size Slice Softmax Softplus Softsign Split Sqrt Squeeze Sub Sum Tan Tanh
    ThresholdedRelu Tile TopK Transpose Trilu Unsqueeze Where Xor
    """.split()
)


def _load_cases():
    from onnx.backend.test import loader

    # Generating some cases overflows float casts on purpose; their warnings are noise here.
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return loader.load_model_tests(kind="node")


def _in_scope(model) -> bool:
    return all(
        node.domain in ("", "ai.onnx") and node.op_type in MAPPED_OPS for node in model.graph.node
    )


def _exclusion_table() -> dict:
    """Pattern (fnmatch over case names) -> reason, from the table under _TABLE_HEADING."""
    with open(_DOC, encoding="utf-8") as doc:
        text = doc.read()
    start = text.index(_TABLE_HEADING)
    rows = {}
    for line in text[start:].splitlines()[1:]:
        if line.startswith("#"):
            break
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 2 or not cells[0].startswith("`"):
            continue
        for pattern in re.findall(r"`([^`]+)`", cells[0]):
            assert pattern not in rows, f"{pattern} is listed twice"
            rows[pattern] = cells[1]
    assert rows, f"no rows under {_TABLE_HEADING!r} in {_DOC}"
    return rows


def _as_array(value):
    """A case's tensor as numpy: some cases hold TensorProtos (e.g. Cast's, for the types numpy
    lacks), which ONNX's runner converts the same way."""
    if isinstance(value, onnx.TensorProto):
        return onnx.numpy_helper.to_array(value)
    if isinstance(value, np.generic):
        return np.asarray(value)
    if not isinstance(value, np.ndarray):
        raise TypeError(f"a value of type {type(value).__name__} is not a tensor")
    return value


def _run_case(case, path: str, session: Session, graph_id: int) -> str:
    """'' when every data set of `case` matches, else the first mismatch or error."""
    try:
        graph = parse_onnx(path)
    except Exception as exc:  # noqa: BLE001 - the message is the result
        return f"import: {str(exc).rsplit(path + ': ', 1)[-1]}"
    added = False
    try:
        session.add_graph(graph_id, graph)
        added = True
        for inputs, expected in case.data_sets:
            outputs = [
                t.numpy()
                for t in session.run_graph(
                    graph_id, [Tensor.from_numpy(_as_array(v)) for v in inputs]
                )
            ]
            if len(outputs) != len(expected):
                return f"{len(outputs)} outputs, expected {len(expected)}"
            for index, (ours, ref) in enumerate(zip(outputs, expected)):
                ref = _as_array(ref)
                if ours.dtype != ref.dtype or ours.shape != ref.shape:
                    return (
                        f"output {index}: {ours.dtype}{list(ours.shape)}, "
                        f"expected {ref.dtype}{list(ref.shape)}"
                    )
                np.testing.assert_allclose(ours, ref, rtol=case.rtol, atol=case.atol)
    except Exception as exc:  # noqa: BLE001 - the message is the result
        return f"{type(exc).__name__}: {' '.join(str(exc).split())[:400]}"
    finally:
        if added:
            session.remove_graph(graph_id)
    return ""


def test_onnx_node_cases(tmp_path, capsys):
    cases = _load_cases()
    table = _exclusion_table()
    GeApi.ge_finalize()
    GeApi.ge_initialize({"ge.exec.deviceId": "0"})
    try:
        session = Session()
        failures, passed, imported_unmapped = {}, [], []
        for graph_id, case in enumerate(cases, start=1):
            path = str(tmp_path / f"{case.name}.onnx")
            onnx.save(case.model, path)
            if not _in_scope(case.model):
                try:
                    parse_onnx(path)
                except Exception:  # noqa: BLE001 - any refusal is what is expected
                    continue
                imported_unmapped.append(case.name)
                continue
            problem = _run_case(case, path, session, graph_id)
            if problem:
                failures[case.name] = problem
            else:
                passed.append(case.name)
    finally:
        GeApi.ge_finalize()

    total = len(passed) + len(failures)
    with capsys.disabled():
        print(
            f"\nONNX backend node cases of mapped ops: {len(passed)}/{total} pass "
            f"({100.0 * len(passed) / total:.1f} %), onnx {onnx.__version__}"
        )

    def listed(name: str) -> bool:
        return any(fnmatch.fnmatchcase(name, pattern) for pattern in table)

    unlisted = {name: why for name, why in failures.items() if not listed(name)}
    listed_but_passing = sorted(name for name in passed if listed(name))
    in_scope = passed + list(failures)
    stale = sorted(p for p in table if not any(fnmatch.fnmatchcase(n, p) for n in in_scope))
    report = []
    if unlisted:
        report.append("failing cases missing from the exclusion table:")
        report += [f"  {name}: {why}" for name, why in sorted(unlisted.items())]
    if listed_but_passing:
        report.append("listed in the exclusion table but passing: " + ", ".join(listed_but_passing))
    if stale:
        report.append("table rows matching no case of a mapped op: " + ", ".join(stale))
    if imported_unmapped:
        report.append(
            "cases with op types outside MAPPED_OPS import (update MAPPED_OPS): "
            + ", ".join(imported_unmapped)
        )
    assert not report, "\n".join(report)
