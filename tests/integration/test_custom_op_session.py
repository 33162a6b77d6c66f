"""Python custom operators in a Session, each case in a fresh process: GEInitialize loads the
plugins of ASCEND_CUSTOM_OPP_PATH (prototypes into the op catalog, execute as host kernel), the
graph is built with ge.es and run; errors name the op type, the node and the Python cause, and
GEFinalize takes everything out again."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest
from child_process import ge_pythonpath

pytest.importorskip("numpy", reason="the custom ops of these tests compute with NumPy")

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# A graph y = Op(a, b) (or Op(a) for one input) of two float [2, 3] inputs, run once; prints the
# output as a list, or the GeError of the step that failed.
_RUNNER = textwrap.dedent(
    """
    import sys
    import numpy as np
    from ge.error import GeError
    from ge.ge_global import GeApi
    from ge.graph import Tensor
    from ge.graph.types import DataType, Format
    from ge.session import Session

    op_type, arity = sys.argv[1], int(sys.argv[2])
    try:
        GeApi.ge_initialize({"ge.exec.deviceId": "0"})
    except GeError as exc:
        print("INIT FAILED:", exc)
        sys.exit(3)
    try:
        import ge.es.custom as custom
        from ge.es.graph_builder import GraphBuilder

        builder = GraphBuilder("g")
        inputs = [
            builder.create_input(index=i, name=f"in{i}", data_type=DataType.DT_FLOAT,
                                 shape=[2, 3])
            for i in range(arity)
        ]
        builder.set_graph_output(getattr(custom, op_type)(*inputs), 0)
        session = Session()
        session.add_graph(1, builder.build_and_reset())
        data = [np.arange(6, dtype=np.float32) + 10 * i for i in range(arity)]
        tensors = [Tensor(d.tolist(), None, DataType.DT_FLOAT, Format.FORMAT_ND, [2, 3])
                   for d in data]
        try:
            (out,) = session.run_graph(1, tensors)
            print("OUT", out.numpy().reshape(-1).tolist())
        except GeError as exc:
            print("RUN FAILED:", exc)
        (out,) = session.run_graph(1, tensors) if "--twice" in sys.argv else (None,)
        if out is not None:
            print("OUT2", out.numpy().reshape(-1).tolist())
    finally:
        GeApi.ge_finalize()
    from ge.es import _catalog
    print("AFTER FINALIZE", _catalog.find_prototype(op_type))
    """
)


def _run(tmp_path, plugin_source: str, op_type: str, arity: int = 2, *extra, **env):
    plugins = tmp_path / "plugins"
    plugins.mkdir(exist_ok=True)
    (plugins / "ops.py").write_text(textwrap.dedent(plugin_source))
    runner = tmp_path / "runner.py"
    runner.write_text(_RUNNER)
    full = dict(os.environ)
    full["PYTHONPATH"] = ge_pythonpath()
    full["ASCEND_CUSTOM_OPP_PATH"] = str(plugins)
    full.update(env)
    done = subprocess.run(
        [sys.executable, str(runner), op_type, str(arity), *extra],
        capture_output=True,
        text=True,
        env=full,
        timeout=300,
    )
    return done.returncode, done.stdout + done.stderr


_ADD = """
import numpy as np
from ge.custom_op import get_execute_ctx, register_op, register_op_impl
from ge.runtime import Tensor, TensorDesc


@register_op(op_type="PyAdd")
def py_add(x: TensorDesc, y: TensorDesc, *, alpha: float = 2.0) -> TensorDesc:
    return TensorDesc(x.shape, x.data_type)


@register_op_impl(op_type="PyAdd")
class PyAdd:
    def execute(self, x: Tensor, y: Tensor, *, alpha: float) -> None:
        out = get_execute_ctx().malloc_output_tensor(0, x.shape, x.format, x.data_type)
        out.numpy()[...] = x.numpy() + alpha * y.numpy()
"""


def test_the_example_runs_end_to_end():
    script = os.path.join(_REPO, "examples", "custom_op", "run_scaled_add.py")
    env = dict(os.environ)
    env["PYTHONPATH"] = ge_pythonpath()
    done = subprocess.run(
        [sys.executable, script], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "run with scale 2.0: [[0.0, 8.0, 24.0], [48.0, 80.0, 120.0]]" in done.stdout


def test_the_onnx_example_imports_and_runs_the_custom_domain_node():
    pytest.importorskip("onnx", reason="the example writes its model with onnx")
    script = os.path.join(_REPO, "examples", "custom_op", "run_scaled_add_onnx.py")
    env = dict(os.environ)
    env["PYTHONPATH"] = ge_pythonpath()
    done = subprocess.run(
        [sys.executable, script], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "y = [[0.0, 1.0, 0.0], [1.0, 0.0, 4.0]] (matches NumPy)" in done.stdout


def test_execute_runs_on_every_run_with_the_attr_default(tmp_path):
    code, output = _run(tmp_path, _ADD, "PyAdd", 2, "--twice")
    assert code == 0, output
    expected = [float(i + 2 * (i + 10)) for i in range(6)]
    assert f"OUT {expected}" in output
    assert f"OUT2 {expected}" in output
    assert "AFTER FINALIZE None" in output


def test_in_place_output_refers_to_its_input(tmp_path):
    source = """
    from ge.custom_op import get_execute_ctx, register_op, register_op_impl
    from ge.runtime import Tensor, TensorDesc


    @register_op(op_type="PyNegInPlace", mutates_args=("x",))
    def neg(x: TensorDesc) -> TensorDesc:
        return TensorDesc(x.shape, x.data_type)


    @register_op_impl(op_type="PyNegInPlace")
    class Neg:
        def execute(self, x: Tensor) -> None:
            x.numpy()[...] *= -1
            get_execute_ctx().make_output_ref_input(0, 0)
    """
    code, output = _run(tmp_path, source, "PyNegInPlace", 1, "--twice")
    assert code == 0, output
    expected = [-float(i) for i in range(6)]
    # The second run sees the caller's input again: execute worked on a private copy.
    assert f"OUT {expected}" in output and f"OUT2 {expected}" in output


def test_a_raising_execute_fails_the_run_with_traceback_op_and_node(tmp_path):
    source = _ADD.replace(
        "        out = get_execute_ctx()",
        "        raise ValueError('bad input')\n        out = get_execute_ctx()",
    )
    code, output = _run(tmp_path, source, "PyAdd")
    assert code == 0, output
    assert "RUN FAILED:" in output
    assert "(PyAdd)" in output and "PyAdd_0" in output
    assert "Traceback" in output and "ValueError: bad input" in output


def test_a_raising_infer_meta_fails_the_compile_naming_op_and_node(tmp_path):
    source = _ADD.replace(
        "    return TensorDesc(x.shape, x.data_type)", "    raise TypeError('no shapes today')"
    )
    code, output = _run(tmp_path, source, "PyAdd")
    assert code == 0, output
    assert "infer shape failed for node 'PyAdd_0' (PyAdd)" in output
    assert "TypeError: no shapes today" in output


def test_a_prototype_without_execute_cannot_run_on_the_host(tmp_path):
    source = """
    from ge.custom_op import register_op
    from ge.runtime import TensorDesc


    @register_op(op_type="PyOnlyProto")
    def only(x: TensorDesc) -> TensorDesc:
        return TensorDesc(x.shape, x.data_type)
    """
    code, output = _run(tmp_path, source, "PyOnlyProto", 1)
    assert code == 0, output
    assert "custom op 'PyOnlyProto' (node 'PyOnlyProto_0') cannot run on the host runtime" in (
        output
    )
    assert "no implementation with execute (eager_execute capability)" in output


def test_an_implementation_without_execute_names_the_missing_capability(tmp_path):
    source = """
    from ge.custom_op import register_op, register_op_impl
    from ge.runtime import Tensor, TensorDesc


    @register_op(op_type="PyAdd")
    def py_add(x: TensorDesc, y: TensorDesc, *, alpha: float = 2.0) -> TensorDesc:
        return TensorDesc(x.shape, x.data_type)


    @register_op_impl(op_type="PyAdd")
    class CompileOnly:
        def compile(self, x: Tensor, y: Tensor, out: Tensor, *, alpha: float) -> None:
            pass
    """
    code, output = _run(tmp_path, source, "PyAdd")
    assert code == 0, output
    assert "custom op 'PyAdd' (node 'PyAdd_0') cannot run on the host runtime" in output
    assert "its Python implementation" in output
    assert "has no execute (eager_execute capability)" in output


def test_an_implementation_without_a_prototype_fails_the_load(tmp_path):
    source = """
    from ge.custom_op import register_op_impl
    from ge.runtime import Tensor


    @register_op_impl(op_type="NoSuchOpAnywhere")
    class Orphan:
        def execute(self, x: Tensor) -> None:
            pass
    """
    code, output = _run(tmp_path, source, "NoSuchOpAnywhere", 1)
    assert code == 3, output
    assert "INIT FAILED:" in output and "loading the custom ops failed" in output
    assert "NoSuchOpAnywhere" in output


def test_a_broken_plugin_is_skipped_unless_strict(tmp_path):
    (tmp_path / "plugins").mkdir()
    (tmp_path / "plugins" / "broken.py").write_text("raise RuntimeError('broken plugin')\n")
    code, output = _run(tmp_path, _ADD, "PyAdd")
    assert code == 0, output
    assert "python custom op plugin skipped" in output and "broken plugin" in output
    assert "OUT " in output
    code, output = _run(tmp_path, _ADD, "PyAdd", 2, GE_PY_CUSTOM_OP_STRICT="1")
    assert code == 3, output
    assert "RuntimeError: broken plugin" in output and "Traceback" in output


def test_a_prototype_overriding_a_builtin_is_undone_at_finalize(tmp_path):
    source = """
    import numpy as np
    from ge.custom_op import get_execute_ctx, register_op, register_op_impl
    from ge.runtime import Tensor, TensorDesc


    @register_op(op_type="Relu")
    def relu(x: TensorDesc) -> TensorDesc:
        return TensorDesc(x.shape, x.data_type)


    @register_op_impl(op_type="Relu")
    class PlusOne:
        def execute(self, x: Tensor) -> None:
            out = get_execute_ctx().malloc_output_tensor(0, x.shape, x.format, x.data_type)
            out.numpy()[...] = x.numpy() + 1
    """
    code, output = _run(tmp_path, source, "Relu", 1)
    assert code == 0, output
    assert f"OUT {[float(i + 1) for i in range(6)]}" in output
    after = output.split("AFTER FINALIZE", 1)[1]
    assert "'type': 'Relu'" in after and "'module': 'nn'" in after
