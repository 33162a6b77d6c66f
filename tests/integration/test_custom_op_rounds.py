"""200 GEInitialize / run / GEFinalize rounds with a Python custom op in one process: every round
loads the plugin again (prototype into the op catalog, execute as host kernel), runs a graph that
uses it, and unloads everything; the process does not grow once warmed up."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest
from child_process import ge_pythonpath

pytest.importorskip("numpy", reason="the custom op of this test computes with NumPy")

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_PLUGINS = os.path.join(_REPO, "examples", "custom_op", "plugins")

_ROUNDS = textwrap.dedent(
    """
    import os

    from ge.es import _catalog
    from ge.ge_global import GeApi
    from ge.graph import Tensor
    from ge.graph.types import DataType, Format
    from ge.session import Session


    def resident_bytes():
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


    def one_round(value):
        GeApi.ge_initialize({"ge.exec.deviceId": "0"})
        try:
            import ge.es.custom as custom
            from ge.es.graph_builder import GraphBuilder

            builder = GraphBuilder("g")
            a = builder.create_input(index=0, name="a", data_type=DataType.DT_FLOAT, shape=[4])
            b = builder.create_input(index=1, name="b", data_type=DataType.DT_FLOAT, shape=[4])
            builder.set_graph_output(custom.ScaledAdd(a, b, alpha=2.0), 0)
            session = Session()
            session.add_graph(1, builder.build_and_reset())
            tensor = Tensor([value] * 4, None, DataType.DT_FLOAT, Format.FORMAT_ND, [4])
            (out,) = session.run_graph(1, [tensor, tensor])
            assert out.numpy().tolist() == [3 * value] * 4, out.numpy()
        finally:
            GeApi.ge_finalize()
        assert _catalog.find_prototype("ScaledAdd") is None


    for index in range(200):
        one_round(float(index))
        if index == 49:
            warmed_up = resident_bytes()
    print("GROWTH", resident_bytes() - warmed_up)
    """
)


def test_two_hundred_load_run_unload_rounds_do_not_grow(tmp_path):
    script = tmp_path / "rounds.py"
    script.write_text(_ROUNDS)
    env = dict(os.environ)
    env["PYTHONPATH"] = ge_pythonpath()
    env["ASCEND_CUSTOM_OPP_PATH"] = _PLUGINS
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=600
    )
    assert done.returncode == 0, done.stdout + done.stderr
    growth = int(done.stdout.split("GROWTH", 1)[1].split()[0])
    # 150 rounds after warm-up: allocator noise stays far below what a leaked plugin module,
    # prototype or Python instance per round would add.
    assert growth < 1024 * 1024, f"resident set grew by {growth} bytes over 150 rounds"
