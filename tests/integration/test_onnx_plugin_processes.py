"""End-to-end: a custom-domain ONNX model (tests/models/custom_domain.py) compiled by native atc
(which embeds the interpreter for the Python ONNX plugins) and by pyatc (which runs in one), with
the plugins of examples/onnx_plugins; errors name the plugin file and the node."""

from __future__ import annotations

import os

import pytest
from child_process import child_env, onnx_compile_args, run_python

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_PLUGINS = os.path.join(_REPO, "examples", "onnx_plugins")


@pytest.fixture(scope="module")
def custom_domain_model(models) -> str:
    return os.path.join(models, "custom_domain.onnx")


def test_native_atc_and_pyatc_compile_through_python_plugins(
    run_atc, custom_domain_model, tmp_path
):
    env = child_env(ASCEND_CUSTOM_OPP_PATH=_PLUGINS)
    native = run_atc(*onnx_compile_args(custom_domain_model, tmp_path / "native"), env=env)
    assert native.returncode == 0, native.output
    in_python = run_python(
        "-m", "ge.pyatc", *onnx_compile_args(custom_domain_model, tmp_path / "pyatc"), env=env
    )
    assert in_python.returncode == 0, in_python.stdout + in_python.stderr
    for name in ("native", "pyatc"):
        info = run_atc("--mode=6", f"--om={tmp_path / name}.om")
        assert info.returncode == 0, info.output
        assert "AccumulateNV2[1]" in info.stdout and "MatMul[1]" in info.stdout


def test_without_a_plugin_the_error_says_how_to_add_one(run_atc, custom_domain_model, tmp_path):
    run = run_atc(*onnx_compile_args(custom_domain_model, tmp_path / "out"), env=child_env())
    assert run.returncode != 0
    assert "ONNX node 'scaled_sum' (op type 'ScaledSum', domain 'com.example', opset 2)" in (
        run.output
    )
    assert "write a Python ONNX plugin (ge.onnx_plugin)" in run.output


def test_a_raising_plugin_fails_atc_and_pyatc_naming_file_and_node(
    run_atc, custom_domain_model, tmp_path
):
    plugin = tmp_path / "raising.py"
    plugin.write_text(
        "from ge.onnx_plugin import onnx_plugin\n"
        "@onnx_plugin(source='ScaledSum', domain='com.example', opsets=(2,),"
        " target='AccumulateNV2').parse_node\n"
        "def parse_scaled_sum(node, target):\n"
        "    raise NotImplementedError('scale ' + str(node.attrs['scale']))\n"
    )
    env = child_env(ASCEND_CUSTOM_OPP_PATH=str(plugin))
    expected = (
        f"python ONNX Plugin 'com.example::2::ScaledSum' ({plugin}, parse_scaled_sum) failed: "
        "NotImplementedError: scale 1.0 (E11010)"
    )
    native = run_atc(*onnx_compile_args(custom_domain_model, tmp_path / "native"), env=env)
    assert native.returncode == 255
    assert expected in native.output
    assert "ONNX node 'scaled_sum'" in native.output
    in_python = run_python(
        "-m", "ge.pyatc", *onnx_compile_args(custom_domain_model, tmp_path / "pyatc"), env=env
    )
    assert in_python.returncode == 255
    assert expected in in_python.stdout + in_python.stderr
    assert not os.path.exists(tmp_path / "native.om") and not os.path.exists(tmp_path / "pyatc.om")


def test_atc_starts_no_python_without_a_python_entry(run_atc, models, tmp_path):
    opp_root = tmp_path / "opp"
    (opp_root / "vendors").mkdir(parents=True)
    run = run_atc(
        *onnx_compile_args(os.path.join(models, "add_zero.onnx"), tmp_path / "out"),
        "--log=info",
        env=child_env(ASCEND_CUSTOM_OPP_PATH=str(opp_root)),
    )
    assert run.returncode == 0, run.output
    assert "Py_InitializeFromConfig" not in run.output
    assert "[PythonBridge]" not in run.output


def test_an_unused_default_domain_plugin_is_warned_about(run_atc, models, tmp_path):
    plugin = tmp_path / "relu_plugin.py"
    plugin.write_text(
        "from ge.onnx_plugin import onnx_plugin\n"
        "@onnx_plugin(source='Relu', domain='ai.onnx', opsets=(11,), target='Abs').parse_node\n"
        "def parse_relu(node, target):\n    pass\n"
    )
    model = os.path.join(models, "resnet_small.onnx")
    run = run_atc(
        *onnx_compile_args(model, tmp_path / "out"),
        "--log=warning",
        env=child_env(ASCEND_CUSTOM_OPP_PATH=str(plugin)),
    )
    assert run.returncode == 0, run.output
    assert (
        f"python ONNX Plugin for 'ai.onnx::13::Relu' ({plugin}) is not used: ge_py maps this op "
        "itself; set override_builtin=True or GE_PY_ONNX_PLUGIN_OVERRIDE=1 to use it"
    ) in run.output
    assert run.output.count("is not used: ge_py maps this op itself") == 1
