"""Python custom operators in the offline compilers: native atc (which embeds the interpreter),
pyatc (which runs in one) and ge.offline_compile load the custom ops of ASCEND_CUSTOM_OPP_PATH
before the model is read, so an ONNX node mapped onto a Python custom op (the model of
tests/models/scaled_add_custom_op.py, the plugins of examples/custom_op/plugins) gets the shapes
of its Python infer_meta."""

from __future__ import annotations

import os
import shutil
import textwrap

import pytest
from child_process import child_env, onnx_compile_args, run_python

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_PLUGINS = os.path.join(_REPO, "examples", "custom_op", "plugins")


@pytest.fixture(scope="module")
def scaled_add_model(models) -> str:
    return os.path.join(models, "scaled_add_custom_op.onnx")


def test_native_atc_and_pyatc_compile_a_model_with_a_python_custom_op(
    run_atc, scaled_add_model, tmp_path
):
    env = child_env(ASCEND_CUSTOM_OPP_PATH=_PLUGINS)
    native = run_atc(*onnx_compile_args(scaled_add_model, tmp_path / "native"), env=env)
    assert native.returncode == 0, native.output
    in_python = run_python(
        "-m", "ge.pyatc", *onnx_compile_args(scaled_add_model, tmp_path / "pyatc"), env=env
    )
    assert in_python.returncode == 0, in_python.stdout + in_python.stderr
    for name in ("native", "pyatc"):
        info = run_atc("--mode=6", f"--om={tmp_path / name}.om")
        assert info.returncode == 0, info.output
        assert "ScaledAdd[1]" in info.stdout and "output [0]: relu:0 DT_FLOAT [2, 3]" in info.stdout


def test_a_raising_infer_meta_fails_atc_naming_node_op_and_cause(
    run_atc, scaled_add_model, tmp_path
):
    plugins = tmp_path / "plugins"
    shutil.copytree(_PLUGINS, plugins)
    source = (plugins / "scaled_add.py").read_text()
    (plugins / "scaled_add.py").write_text(
        source.replace(
            "    return TensorDesc(x.shape, x.data_type)",
            "    raise ValueError('ScaledAdd refuses these shapes')",
        )
    )
    run = run_atc(
        *onnx_compile_args(scaled_add_model, tmp_path / "out"),
        env=child_env(ASCEND_CUSTOM_OPP_PATH=str(plugins)),
    )
    assert run.returncode != 0
    assert "infer shape failed for node 'scaled_add' (ScaledAdd)" in run.output
    assert "ValueError: ScaledAdd refuses these shapes" in run.output


def test_a_missing_python_entry_fails_atc(run_atc, scaled_add_model, tmp_path):
    missing = str(tmp_path / "no_such_plugin.py")
    run = run_atc(
        *onnx_compile_args(scaled_add_model, tmp_path / "out"),
        env=child_env(ASCEND_CUSTOM_OPP_PATH=missing),
    )
    assert run.returncode != 0
    assert (
        "python custom op path does not exist:" in run.output and "no_such_plugin.py" in run.output
    )


def test_offline_compile_builds_an_es_graph_with_a_python_custom_op(tmp_path):
    script = tmp_path / "build.py"
    script.write_text(
        textwrap.dedent(
            f"""
            from ge import offline_compile
            from ge.graph.types import DataType

            offline_compile.build_initialize({{"ge.socVersion": "Ascend910B1"}})
            try:
                from ge.es.custom import ScaledAdd
                from ge.es.graph_builder import GraphBuilder

                builder = GraphBuilder("offline")
                a = builder.create_input(index=0, name="a", data_type=DataType.DT_FLOAT, shape=[4])
                b = builder.create_input(index=1, name="b", data_type=DataType.DT_FLOAT, shape=[4])
                builder.set_graph_output(ScaledAdd(a, b, alpha=3.0), 0)
                model = offline_compile.build_model(builder.build_and_reset())
                offline_compile.save_model({str(tmp_path / "offline")!r}, model)
            finally:
                offline_compile.build_finalize()
            print("BUILT")
            """
        )
    )
    done = run_python(str(script), env=child_env(ASCEND_CUSTOM_OPP_PATH=_PLUGINS))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "BUILT" in done.stdout
    assert (tmp_path / "offline.om").is_file()


_COMPILE = """
    def compile(self, x: Tensor, y: Tensor, out: Tensor, *, alpha: float) -> None:
        from ge.custom_op import get_compile_ctx, get_compile_platform_info

        ctx = get_compile_ctx()
        platform = get_compile_platform_info()
        if MARKER.endswith("raise"):
            raise RuntimeError("compile refuses ScaledAdd")
        with open(MARKER, "a", encoding="utf-8") as marker:
            marker.write(
                f"{ctx.get_option('ge.socVersion')} {platform.get_soc_version()} "
                f"{platform.get_core_num()} {x.origin_shape.dims} {out.storage_shape.dims} "
                f"{x.addr} {alpha}\\n"
            )
"""


def _compile_plugins(tmp_path, marker: str):
    plugins = tmp_path / "plugins"
    shutil.copytree(_PLUGINS, plugins)
    source = (plugins / "scaled_add.py").read_text()
    decorator = '@register_op_impl(op_type="ScaledAdd")\n'
    source = source.replace(decorator, f"MARKER = {marker!r}\n\n\n{decorator}")
    (plugins / "scaled_add.py").write_text(source + _COMPILE)
    return plugins


def test_compile_runs_at_compile_time_with_options_platform_and_descs(
    run_atc, scaled_add_model, tmp_path
):
    marker = tmp_path / "compile.txt"
    plugins = _compile_plugins(tmp_path, str(marker))
    run = run_atc(
        *onnx_compile_args(scaled_add_model, tmp_path / "out"),
        env=child_env(ASCEND_CUSTOM_OPP_PATH=str(plugins)),
    )
    assert run.returncode == 0, run.output
    # One node, one compile; tensors carry no memory at compile time.
    assert marker.read_text() == "Ascend910B1 Ascend910B1 24 [2, 3] [2, 3] 0 0.5\n"


def test_a_raising_compile_fails_atc_naming_node_op_and_cause(run_atc, scaled_add_model, tmp_path):
    plugins = _compile_plugins(tmp_path, str(tmp_path / "raise"))
    run = run_atc(
        *onnx_compile_args(scaled_add_model, tmp_path / "out"),
        env=child_env(ASCEND_CUSTOM_OPP_PATH=str(plugins)),
    )
    assert run.returncode != 0
    assert "custom op 'ScaledAdd' (node 'scaled_add'): python compile failed" in run.output
    assert "RuntimeError: compile refuses ScaledAdd" in run.output


def test_a_broken_plugin_file_is_reported_and_skipped_unless_strict(
    run_atc, scaled_add_model, tmp_path
):
    plugins = tmp_path / "plugins"
    shutil.copytree(_PLUGINS, plugins)
    (plugins / "broken.py").write_text("raise RuntimeError('broken plugin')\n")
    env = child_env(ASCEND_CUSTOM_OPP_PATH=str(plugins))
    run = run_atc(*onnx_compile_args(scaled_add_model, tmp_path / "lenient"), env=env)
    assert run.returncode == 0, run.output
    assert "python custom op plugin skipped" in run.output and "broken plugin" in run.output
    strict = run_atc(
        *onnx_compile_args(scaled_add_model, tmp_path / "strict"),
        env=dict(env, GE_PY_CUSTOM_OP_STRICT="1"),
    )
    assert strict.returncode != 0
    assert "RuntimeError: broken plugin" in strict.output
    assert not (tmp_path / "strict.om").exists()
