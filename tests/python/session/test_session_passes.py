"""Pass plugins run during a session's compile (process scenario 3 of docs/architecture.md), in
a child process so the plugin loader and dump counters start fresh: the sample C++ plugin
MatMul+Add -> GEMM (built into <build>/test_opp by the loader tests) rewrites the parsed ONNX
model on the first run_graph, the Build-stage dump shows the GEMM node, and the numbers stay those
of numpy."""

from __future__ import annotations

import glob
import os
import subprocess
import sys
import textwrap

import pytest

from ge._capi._lib_loader import get_compiler_lib_path

_CHILD = textwrap.dedent(
    """
    import sys
    import numpy as np
    import onnx
    from onnx import numpy_helper
    from ge.ge_global import GeApi
    from ge.graph import Tensor
    from ge.parser import parse_onnx
    from ge.session import Session

    path = sys.argv[1]
    weights = {t.name: numpy_helper.to_array(t) for t in onnx.load(path).graph.initializer}
    GeApi.ge_initialize({"ge.exec.deviceId": "0"})
    session = Session()
    session.add_graph(1, parse_onnx(path))
    x = np.random.default_rng(0).standard_normal([2, 8]).astype(np.float32)
    for _ in range(2):
        (y,) = session.run_graph(1, [Tensor.from_numpy(x)])
        np.testing.assert_allclose(y.numpy(), x @ weights["W"] + weights["b"], rtol=1e-5, atol=1e-5)
    GeApi.ge_finalize()
    print("child ok")
    """
)


def _test_opp() -> str:
    opp = os.environ.get("GE_PY_TEST_OPP_DIR") or os.path.join(
        os.path.dirname(os.path.dirname(get_compiler_lib_path())), "test_opp"
    )
    plugin = os.path.join(opp, "vendors", "beta", "custom_fusion_passes")
    if not glob.glob(os.path.join(plugin, "libmatmul_add_to_gemm_pass.so")):
        pytest.skip(f"sample pass plugins not built under {plugin} (build the loader_test target)")
    return opp


def test_cpp_pass_plugin_runs_during_session_compile(models, tmp_path):
    pytest.importorskip("numpy")
    env = dict(os.environ)
    env.update(
        {
            "ASCEND_OPP_PATH": _test_opp(),
            "DUMP_GE_GRAPH": "3",
            "DUMP_GRAPH_LEVEL": "3",  # only the Build stage
            "DUMP_GRAPH_FORMAT": "readable",
            "DUMP_GRAPH_PATH": str(tmp_path),
        }
    )
    env.pop("ASCEND_GE_PY_PASS_PATH", None)
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, os.path.join(models, "matmul_add.onnx")],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "child ok" in done.stdout
    dumps = glob.glob(os.path.join(str(tmp_path), "**", "*Build*"), recursive=True)
    assert len(dumps) == 1, dumps  # compiled once although run twice
    with open(dumps[0], encoding="utf-8") as dump:
        text = dump.read()
    # Node lines read "<name> = <Type>(inputs) ..."; the original types survive only as attrs.
    assert " = GEMM(" in text
    assert " = BatchMatMulV2(" not in text and " = Add(" not in text
