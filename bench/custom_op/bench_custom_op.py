"""Cost of Python custom operators (docs/custom_ops.md).

1. Execute overhead: a Session runs an N-node chain (float32 [4]) of
   - builtin: Identity nodes;
   - python:  nodes of a Python custom op whose execute only aliases its output to its input
     (make_output_ref_input, no computation);
   alternated, wall time per run. Extra cost of one Python execute = (python - builtin) / N
   (target: <= 5 us). Wall time and the process's CPU time.
2. atc: native atc (embedded interpreter) compiling tests/models/scaled_add_custom_op.py with the
   plugins of examples/custom_op, against the same compile of a model without custom op and no
   plugin path; wall time per process (target: <= 100 ms extra). Also timed: a plugin file that
   registers nothing (what starting Python costs atc) and the example importing NumPy at module
   level. Wall time and the atc process's CPU time (user + system).

    PYTHONPATH=src GE_PY_COMPILER_LIB=build/dev/compiler/libge_compiler.so \\
        GE_PY_PASS_ARTIFACT_ROOT=build/dev/python_pass_artifacts \\
        GE_PY_ATC=build/dev/compiler/tools/atc \\
        python3 bench/custom_op/bench_custom_op.py --nodes 1000 --runs 50 --repeat 3
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_PLUGINS = os.path.join(_REPO, "examples", "custom_op", "plugins")

PLUGIN = """
from ge.custom_op import get_execute_ctx, register_op, register_op_impl
from ge.runtime import Tensor, TensorDesc


@register_op(op_type="BenchNoOp")
def bench_no_op(x: TensorDesc) -> TensorDesc:
    return TensorDesc(x.shape, x.data_type)


@register_op_impl(op_type="BenchNoOp")
class BenchNoOp:
    def execute(self, x: Tensor) -> None:
        get_execute_ctx().make_output_ref_input(0, 0)
"""


def execute_overhead(nodes: int, runs: int, repeat: int) -> None:
    plugins = tempfile.mkdtemp()
    with open(os.path.join(plugins, "bench_no_op.py"), "w", encoding="utf-8") as handle:
        handle.write(PLUGIN)
    os.environ["ASCEND_CUSTOM_OPP_PATH"] = plugins

    from ge.ge_global import GeApi
    from ge.graph import Tensor
    from ge.graph.types import DataType, Format
    from ge.session import Session

    GeApi.ge_initialize({"ge.exec.deviceId": "0"})
    try:
        import ge.es.all as ops
        import ge.es.custom as custom

        from ge.es.graph_builder import GraphBuilder

        session = Session()
        for graph_id, op in ((1, ops.Identity), (2, custom.BenchNoOp)):
            builder = GraphBuilder(f"chain{graph_id}")
            value = builder.create_input(index=0, name="x", data_type=DataType.DT_FLOAT, shape=[4])
            for _ in range(nodes):
                value = op(value)
            builder.set_graph_output(value, 0)
            session.add_graph(graph_id, builder.build_and_reset())
        tensor = Tensor([1.0] * 4, None, DataType.DT_FLOAT, Format.FORMAT_ND, [4])
        for graph_id in (1, 2):  # compile and warm up
            session.run_graph(graph_id, [tensor])
        # Wall time, and the CPU time of this process (the host runtime runs on the calling
        # thread), which other processes on a shared machine do not inflate.
        for kind, clock in (("wall", time.perf_counter), ("CPU", time.process_time)):
            times = {1: [], 2: []}
            for _ in range(repeat):
                for graph_id in (1, 2):
                    start = clock()
                    for _ in range(runs):
                        session.run_graph(graph_id, [tensor])
                    times[graph_id].append((clock() - start) / runs)
            builtin, python = statistics.median(times[1]), statistics.median(times[2])
            print(
                f"execute ({kind}): {nodes}-node chain, per run: builtin Identity "
                f"{builtin * 1e3:.3f} ms, Python no-op execute {python * 1e3:.3f} ms; extra cost "
                f"of one Python execute: {(python - builtin) / nodes * 1e6:.2f} us"
            )
    finally:
        GeApi.ge_finalize()


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def atc_seconds(atc: str, args: list, env: dict) -> tuple:
    """Wall time and CPU time (user + system) of one atc process."""
    cpu = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run([atc, *args], capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(done.stdout + done.stderr)
    return elapsed, _children_cpu() - cpu


def atc_overhead(repeat: int) -> None:
    atc = os.environ.get("GE_PY_ATC")
    if not atc:
        print("atc: skipped (set GE_PY_ATC)")
        return
    work = tempfile.mkdtemp()
    sys.path.insert(0, os.path.join(_REPO, "tests", "models"))
    import onnx
    import scaled_add_custom_op
    from onnx import helper

    custom_model = os.path.join(work, "custom.onnx")
    onnx.save(scaled_add_custom_op.build_model(), custom_model)
    plain = scaled_add_custom_op.build_model()
    plain.graph.node[0].CopyFrom(helper.make_node("Add", ["x", "b"], ["s"], name="add"))
    plain_model = os.path.join(work, "plain.onnx")
    onnx.save(plain, plain_model)

    # The fixed cost of Python in atc (interpreter, bridge, ge.custom_op) with a plugin file that
    # registers nothing, and the example plugin rewritten to import NumPy at module level.
    empty = os.path.join(work, "empty")
    eager_numpy = os.path.join(work, "eager_numpy")
    os.makedirs(empty)
    shutil.copytree(_PLUGINS, eager_numpy)
    with open(os.path.join(empty, "nothing.py"), "w", encoding="utf-8") as handle:
        handle.write("")
    with open(os.path.join(eager_numpy, "scaled_add.py"), "a", encoding="utf-8") as handle:
        handle.write("\nimport numpy  # noqa: E402,F401\n")

    base_env = {k: v for k, v in os.environ.items() if k != "ASCEND_CUSTOM_OPP_PATH"}

    def args(model):
        return [
            f"--model={model}",
            "--framework=5",
            "--soc_version=Ascend910B1",
            f"--output={os.path.join(work, 'out')}",
        ]

    cases = {
        "plain": (plain_model, None),
        "empty plugin": (plain_model, empty),
        "custom": (custom_model, _PLUGINS),
        "custom, NumPy at import": (custom_model, eager_numpy),
    }
    times = {name: [] for name in cases}
    for _ in range(repeat):
        for name, (model, plugins) in cases.items():
            env = dict(base_env, ASCEND_CUSTOM_OPP_PATH=plugins) if plugins else base_env
            times[name].append(atc_seconds(atc, args(model), env))
    for index, kind in enumerate(("wall", "CPU")):
        ms = {name: statistics.median(v[index] for v in runs) * 1e3 for name, runs in times.items()}
        print(
            f"atc ({kind}): without custom ops {ms['plain']:.0f} ms, with the Python custom op "
            f"{ms['custom']:.0f} ms, extra {ms['custom'] - ms['plain']:.0f} ms; a plugin file "
            f"registering nothing {ms['empty plugin']:.0f} ms; the custom op with NumPy imported "
            f"at module level {ms['custom, NumPy at import']:.0f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    atc_overhead(max(options.repeat, 5))
    execute_overhead(options.nodes, options.runs, options.repeat)


if __name__ == "__main__":
    main()
