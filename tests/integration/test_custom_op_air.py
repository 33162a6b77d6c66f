"""A Python custom op is an operator like the built-ins: ge.es.custom and ge.es.all both have a
function for it, and a graph using it saved as AIR compiles with native atc (--framework=1) when
ASCEND_CUSTOM_OPP_PATH names its plugin, and fails naming the op type when it does not."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from child_process import ge_pythonpath

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_PLUGINS = os.path.join(_REPO, "examples", "custom_op", "plugins")

_BUILD_AIR = textwrap.dedent(
    """
    import sys
    from ge.ge_global import GeApi
    from ge.graph.types import DataType

    GeApi.ge_initialize({"ge.exec.deviceId": "0"})
    try:
        import ge.es.all as all_ops
        import ge.es.custom as custom
        from ge.es.graph_builder import GraphBuilder

        builder = GraphBuilder("air_custom_op")
        x = builder.create_input(index=0, name="x", data_type=DataType.DT_FLOAT, shape=[2, 3])
        y = builder.create_input(index=1, name="y", data_type=DataType.DT_FLOAT, shape=[2, 3])
        z = custom.ScaledAdd(x, y, alpha=0.5)
        builder.set_graph_output(all_ops.ScaledAdd(z, y), 0)
        builder.build_and_reset().save_to_air(sys.argv[1])
        print("saved")
    finally:
        GeApi.ge_finalize()
    """
)


def test_a_graph_with_a_custom_op_goes_through_air_and_atc(run_atc, atc_path, tmp_path):
    script = tmp_path / "build_air.py"
    script.write_text(_BUILD_AIR)
    air = tmp_path / "custom_op.air"
    env = dict(os.environ, PYTHONPATH=ge_pythonpath(), ASCEND_CUSTOM_OPP_PATH=_PLUGINS)
    built = subprocess.run(
        [sys.executable, str(script), str(air)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert built.returncode == 0 and "saved" in built.stdout, built.stdout + built.stderr

    args = ["--framework=1", f"--model={air}", "--soc_version=Ascend910B1"]
    compiled = run_atc(
        *args, f"--output={tmp_path / 'with'}", env={"ASCEND_CUSTOM_OPP_PATH": _PLUGINS}
    )
    assert compiled.returncode == 0, compiled.output
    assert (tmp_path / "with.om").is_file()

    without = dict(os.environ)
    without.pop("ASCEND_CUSTOM_OPP_PATH", None)
    refused = subprocess.run(
        [atc_path, *args, f"--output={tmp_path / 'without'}"],
        capture_output=True,
        text=True,
        env=without,
        timeout=300,
    )
    assert refused.returncode != 0, refused.stdout + refused.stderr
    assert (
        "op type 'ScaledAdd' is not registered in the op catalog" in refused.stdout + refused.stderr
    )
