"""Parity of parse_onnx + Session with onnxruntime on every model of tests/models.

For each model written by ``tests/models/generate_all.py`` both runtimes get the same seeded
random inputs and their outputs are compared. Tolerances (float32):

- add_zero, matmul_add: rtol 1e-6, atol 1e-6 (one or two float ops per output; only the
  summation order differs);
- grouped_conv, resnet_small*: rtol 1e-5, atol 1e-4 (convolutions sum 72..576 products in
  another order, im2col + blocked GEMM);
- transformer_block*: rtol 1e-5, atol 1e-4 (softmax, LayerNorm and Erf/Tanh Gelu use other
  exp/erf implementations).

The absolute bound 1e-4 is the project's parity requirement (max abs error <= 1e-4). Every model
runs three times: without pass plugins; with the sample C++ plugins of tests/cpp/plugins (Add-zero
removal, MatMul+Add -> GEMM, grouped-conv decomposition; built into <build>/test_opp by the
loader tests, skipped when absent) loaded through ASCEND_OPP_PATH; and with the sample Python
passes of examples/fusion_pass that apply to these models (add_zero, matmul_add_gemm,
grouped_conv_decompose) on ASCEND_GE_PY_PASS_PATH, compiled in this process by the Session
(skipped when the native pass module is not built). With the Python passes a recorder pass at
AFTER_ORIGIN_GRAPH_OPTIMIZE writes the node types each compile ends up with, and the test checks
the sample passes really rewrote the models they target. The tests skip (with the reason) when
onnxruntime is not installed.
"""

from __future__ import annotations

import importlib.util
import json
import os

import pytest

from ge._capi._lib_loader import get_compiler_lib_path
from ge.ge_global import GeApi
from ge.graph import Tensor
from ge.parser import parse_onnx
from ge.session import Session

np = pytest.importorskip("numpy")
onnx = pytest.importorskip("onnx")
ort = pytest.importorskip(
    "onnxruntime", reason="onnxruntime is not installed (pip install onnxruntime)"
)

_REPO = os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
)
_MODELS_DIR = os.path.join(_REPO, "tests", "models")
_EXAMPLES_DIR = os.path.join(_REPO, "examples", "fusion_pass")
# The sample Python passes whose patterns occur in the generated models.
_PY_PASSES = ("add_zero_pass.py", "matmul_add_gemm_pass.py", "grouped_conv_decompose_pass.py")
_RECORD_ENV = "GE_PY_PARITY_RECORD"
# Runs after every sample pass and writes the sorted node types of each compiled graph.
_RECORDER_PASS = f"""
import json
import os

from ge.passes import FusionBasePass, PassStage, register_fusion_pass


@register_fusion_pass(name="ZzParityRecordTypesPass", stage=PassStage.AFTER_ORIGIN_GRAPH_OPTIMIZE)
class ZzParityRecordTypesPass(FusionBasePass):
    def run(self, graph, context):
        with open(os.environ["{_RECORD_ENV}"], "a", encoding="utf-8") as out:
            out.write(json.dumps(sorted(node.type for node in graph.get_direct_nodes())) + "\\n")
        return True
"""


def _load_models_script(stem: str):
    """The module of tests/models/<stem>.py (the scripts import their siblings)."""
    spec = importlib.util.spec_from_file_location(
        f"ge_test_models_{stem}", os.path.join(_MODELS_DIR, f"{stem}.py")
    )
    module = importlib.util.module_from_spec(spec)
    import sys

    sys.path.insert(0, _MODELS_DIR)
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(_MODELS_DIR)
    return module


def _load_generator():
    return _load_models_script("generate_all")


# model file -> (rtol, atol); negative models (an op the importer does not map) are excluded.
_TOLERANCES = {
    "add_zero.onnx": (1e-6, 1e-6),
    "matmul_add.onnx": (1e-6, 1e-6),
    "grouped_conv.onnx": (1e-5, 1e-4),
    "conv_transpose_pair.onnx": (1e-5, 1e-5),
    "conv_transpose_pair_relu_tail.onnx": (1e-5, 1e-5),
    "conv_transpose_pair_input_as_output.onnx": (1e-5, 1e-5),
    "resnet_small.onnx": (1e-5, 1e-4),
    "resnet_small_opset11.onnx": (1e-5, 1e-4),
    "resnet_small_external.onnx": (1e-5, 1e-4),
    "transformer_block.onnx": (1e-5, 1e-4),
    "transformer_block_tanh_decomposed.onnx": (1e-5, 1e-4),
    "transformer_block_opset18.onnx": (1e-5, 1e-4),
    "transformer_block_gelu20.onnx": (1e-5, 1e-4),
}
_NEGATIVE_MODELS = {"unmapped_op.onnx"}
# Custom-domain models import only through Python ONNX plugins (and custom ops), and onnxruntime
# cannot run their ops: tests/python/onnx_plugin and tests/integration/test_custom_op_ge_api.py
# compare them with NumPy and a standard-op reference instead.
_PLUGIN_MODELS = {"custom_domain.onnx", "scaled_add_custom_op.onnx"}


def test_every_generated_model_has_a_tolerance():
    names = set(_load_generator().MODELS)
    assert names - _NEGATIVE_MODELS - _PLUGIN_MODELS == set(_TOLERANCES), (
        "add new models to _TOLERANCES"
    )


def _random_inputs(model_path: str, seed: int):
    """Seeded random inputs for every graph input (int64 token ids below the vocabulary)."""
    model = onnx.load(model_path, load_external_data=False)
    initializers = {t.name for t in model.graph.initializer}
    rng = np.random.default_rng(seed)
    inputs = {}
    for value in model.graph.input:
        if value.name in initializers:
            continue
        tensor_type = value.type.tensor_type
        shape = [d.dim_value for d in tensor_type.shape.dim]
        np_type = onnx.helper.tensor_dtype_to_np_dtype(tensor_type.elem_type)
        if np.issubdtype(np_type, np.integer):
            vocab = _load_generator().transformer_block.VOCAB
            inputs[value.name] = rng.integers(0, vocab, size=shape).astype(np_type)
        else:
            inputs[value.name] = rng.standard_normal(shape).astype(np_type)
    return inputs


def _run_onnxruntime(model_path: str, inputs: dict):
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    session = ort.InferenceSession(model_path, options, providers=["CPUExecutionProvider"])
    return session.run(None, inputs)


def _run_ge(model_path: str, inputs: dict, session: Session, graph_id: int):
    session.add_graph(graph_id, parse_onnx(model_path))
    tensors = [Tensor.from_numpy(array) for array in inputs.values()]
    return [t.numpy() for t in session.run_graph(graph_id, tensors)]


def _python_pass_path(tmp_path) -> str:
    try:
        from ge.passes.runtime import ensure_native_module

        ensure_native_module()
    except Exception as exc:  # noqa: BLE001 - the reason is the skip message
        pytest.skip(f"Python passes need the native module ge.passes._ge_pass_native: {exc}")
    recorder = tmp_path / "zz_parity_record_types_pass.py"
    recorder.write_text(_RECORDER_PASS)
    items = [os.path.join(_EXAMPLES_DIR, name) for name in _PY_PASSES]
    return os.pathsep.join(items + [str(recorder)])


@pytest.fixture(params=["no_passes", "sample_passes", "python_passes"])
def initialized_ge(request, monkeypatch, tmp_path):
    """GE initialised without pass plugins, with the sample C++ plugins loaded, or with the
    sample Python passes (and the type recorder) on ASCEND_GE_PY_PASS_PATH."""
    GeApi.ge_finalize()
    monkeypatch.delenv("ASCEND_GE_PY_PASS_PATH", raising=False)
    if request.param == "python_passes":
        monkeypatch.setenv("ASCEND_OPP_PATH", os.path.join(os.sep, "nonexistent", "opp"))
        monkeypatch.setenv("ASCEND_GE_PY_PASS_PATH", _python_pass_path(tmp_path))
        monkeypatch.setenv(_RECORD_ENV, str(tmp_path / "types.jsonl"))
    elif request.param == "sample_passes":
        opp = os.environ.get("GE_PY_TEST_OPP_DIR") or os.path.join(
            os.path.dirname(os.path.dirname(get_compiler_lib_path())), "test_opp"
        )
        if not os.path.isdir(os.path.join(opp, "vendors")):
            pytest.skip(f"sample pass plugins not built under {opp} (build loader_test)")
        monkeypatch.setenv("ASCEND_OPP_PATH", opp)
    else:
        monkeypatch.setenv("ASCEND_OPP_PATH", os.path.join(os.sep, "nonexistent", "opp"))
    GeApi.ge_initialize({"ge.exec.deviceId": "0"})
    yield request.param
    GeApi.ge_finalize()


def _check_python_pass_effects(name: str, compiled_types: list) -> None:
    """What the sample Python passes must have done to model `name` (one list per compile)."""
    assert len(compiled_types) == 2, "the recorder pass did not run once per compile"
    for types in compiled_types:
        if name == "add_zero.onnx":
            assert "Add" not in types, types  # Add(x, 0) removed
        elif name == "matmul_add.onnx":
            assert "GEMM" in types and "BatchMatMulV2" not in types, types
        elif name == "grouped_conv.onnx":
            # The grouped conv (groups=2) becomes two convs + Split/ConcatV2; the depthwise conv
            # (a Conv2D with groups == C, which the pass skips) and the pointwise conv stay.
            assert types.count("Conv2D") == 4 and "ConcatV2" in types and "Split" in types, types
        elif name.startswith("transformer_block"):
            # Its MatMul+Add pairs are 3-D: GEMM is 2-D only, so the pass must leave them.
            assert "GEMM" not in types and "BatchMatMulV2" in types, types


@pytest.mark.parametrize("name", sorted(_TOLERANCES))
def test_session_matches_onnxruntime(initialized_ge, models, name):
    rtol, atol = _TOLERANCES[name]
    path = os.path.join(models, name)
    session = Session()
    for graph_id, seed in enumerate((0, 1)):
        inputs = _random_inputs(path, seed)
        expected = _run_onnxruntime(path, inputs)
        got = _run_ge(path, inputs, session, graph_id)
        assert len(got) == len(expected)
        for index, (ours, theirs) in enumerate(zip(got, expected)):
            assert ours.shape == theirs.shape, f"output {index}"
            assert ours.dtype == theirs.dtype, f"output {index}"
            np.testing.assert_allclose(
                ours, theirs, rtol=rtol, atol=atol, err_msg=f"{name} output {index} seed {seed}"
            )
            assert float(np.max(np.abs(ours - theirs), initial=0.0)) <= 1e-4
    if initialized_ge == "python_passes":
        with open(os.environ[_RECORD_ENV], encoding="utf-8") as record:
            _check_python_pass_effects(name, [json.loads(line) for line in record])


_RANDOM_SEEDS = range(12)


def test_random_fusion_models_match_onnxruntime(initialized_ge, tmp_path):
    """Seeded random models (tests/models/random_fusion.py) where some MatMul + Add and Add(x, 0)
    must fuse and others must not. Each gives onnxruntime's numbers without passes, with the C++
    plugins and with the Python passes. With the Python passes each compile also leaves exactly
    the op types the model predicts: every fusion that may happen did, and none that must not."""
    generator = _load_models_script("random_fusion")
    session = Session()
    expected_types = []
    for graph_id, seed in enumerate(_RANDOM_SEEDS):
        model, expected = generator.build_model(seed)
        path = str(tmp_path / f"random_fusion_{seed}.onnx")
        onnx.save(model, path)
        inputs = _random_inputs(path, seed)
        theirs_all = _run_onnxruntime(path, inputs)
        ours_all = _run_ge(path, inputs, session, graph_id)
        assert len(ours_all) == len(theirs_all)
        for index, (ours, theirs) in enumerate(zip(ours_all, theirs_all)):
            np.testing.assert_allclose(
                ours, theirs, rtol=1e-5, atol=1e-5, err_msg=f"seed {seed} output {index}"
            )
        expected_types.append(expected)
    if initialized_ge != "python_passes":
        return
    with open(os.environ[_RECORD_ENV], encoding="utf-8") as record:
        compiled = [json.loads(line) for line in record]
    assert len(compiled) == len(expected_types), "the recorder pass did not run once per compile"
    for seed, (types, expected) in enumerate(zip(compiled, expected_types)):
        counts = {op: types.count(op) for op in expected}
        assert counts == expected, f"seed {seed}: {types}"
