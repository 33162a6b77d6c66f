"""GeUtils.infer_shape on a graph with a Python custom op calls the prototype's infer_meta (in a
fresh process: GEInitialize loads the plugins of ASCEND_CUSTOM_OPP_PATH)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from child_process import ge_pythonpath

_PLUGIN = """
from ge.custom_op import register_op
from ge.runtime import TensorDesc


@register_op(op_type="PyReverseDims")
def reverse_dims(x: TensorDesc) -> TensorDesc:
    return RESULT
"""

_RUNNER = """
from ge.ge_global import GeApi
from ge.graph.types import DataType

GeApi.ge_initialize({"ge.exec.deviceId": "0"})
try:
    import ge.es.custom as custom
    from ge.es.graph_builder import GraphBuilder
    from ge.utils import GeUtils

    builder = GraphBuilder("g")
    x = builder.create_input(index=0, name="x", data_type=DataType.DT_FLOAT, shape=[2, 3])
    builder.set_graph_output(custom.PyReverseDims(x), 0)
    graph = builder.build_and_reset()
    try:
        GeUtils.infer_shape(graph, [[2, 5, 7]])
    except RuntimeError as exc:
        print("FAILED", exc)
    node = next(n for n in graph.get_all_nodes() if n.type == "PyReverseDims")
    print("SHAPE", list(node.get_output_desc(0).get_shape()))
finally:
    GeApi.ge_finalize()
"""


def _run(tmp_path, result: str) -> str:
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    (plugins / "ops.py").write_text(textwrap.dedent(_PLUGIN).replace("RESULT", result))
    runner = tmp_path / "runner.py"
    runner.write_text(textwrap.dedent(_RUNNER))
    env = dict(os.environ)
    env["PYTHONPATH"] = ge_pythonpath()
    env["ASCEND_CUSTOM_OPP_PATH"] = str(plugins)
    done = subprocess.run(
        [sys.executable, str(runner)], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


def test_infer_shape_takes_the_output_shape_from_infer_meta(tmp_path):
    output = _run(tmp_path, "TensorDesc(list(reversed(x.shape.origin_shape.dims)), x.data_type)")
    assert "SHAPE [7, 5, 2]" in output, output
    assert "FAILED" not in output


def test_an_infer_meta_returning_no_tensor_desc_fails_with_its_reason(tmp_path):
    output = _run(tmp_path, "[1, 2]")
    assert "FAILED Failed to infer shape: " in output, output
    assert "node 'PyReverseDims_0' (PyReverseDims)" in output
    assert "infer_meta output[0] must be TensorDesc, got list" in output
