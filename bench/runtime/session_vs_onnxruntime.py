"""ge_py Session vs onnxruntime on the same models, side by side in one run (by hand, not CI).

    PYTHONPATH=src GE_PY_COMPILER_LIB=$PWD/build/integ/compiler/libge_compiler.so \
        python3 bench/runtime/session_vs_onnxruntime.py [--repeat 20] [--threads 1]

Models come from tests/models: the ResNet-style CNN at batch 1 and 8, the transformer block
(batch 1; the script has no batch option), the grouped-conv block and MatMul+Add. Both runtimes
are single-threaded by default (our kernels are; onnxruntime gets intra_op_num_threads=1), get
the same inputs, and their outputs are checked to agree before timing. The two runtimes are
timed in alternating rounds so that load changes on a shared machine hit both alike.

Reported per model: median wall milliseconds per run and their ratio, the ratio of the fastest
runs (min x: the least disturbed by other processes), CPU milliseconds per run (user + sys of
this process over all timed runs / runs; both runtimes are single-threaded, so this is the figure
least affected by load) and its ratio ours/onnxruntime (target <= 5x, bench/README.md), the max
abs difference of the outputs, and the load average before and after.
`--options 'ge.optimizationSwitch=ConvBatchNormFoldPass:off;ConvActivationFusionPass:off'`
passes Session options (here: the built-in conv fusions switched off) for comparisons; several
options are separated by '|'.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import tempfile
import time
from functools import partial

import numpy as np

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(_REPO, "tests", "models"))

import _common  # noqa: E402
import grouped_conv  # noqa: E402
import matmul_add  # noqa: E402
import resnet_small  # noqa: E402
import transformer_block  # noqa: E402

# label -> (builder, kwargs)
_MODELS = {
    "resnet_small b1": (resnet_small.build_model, {"batch": 1}),
    "resnet_small b8": (resnet_small.build_model, {"batch": 8}),
    "transformer_block b1": (transformer_block.build_model, {}),
    "grouped_conv b1": (grouped_conv.build_model, {}),
    "matmul_add": (matmul_add.build_model, {}),
}


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _time(runs, repeat: int, rounds: int = 5):
    """Per runner: (median wall ms, fastest wall ms, CPU ms per run), measured in `rounds`
    alternating rounds of repeat/rounds runs each, after two warm-up runs (our first run also
    compiles the graph)."""
    for run in runs:
        run()
        run()
    walls = [[] for _ in runs]
    cpu = [0.0 for _ in runs]
    per_round = max(1, repeat // rounds)
    for _ in range(rounds):
        for index, run in enumerate(runs):
            start_cpu = _cpu_seconds()
            for _ in range(per_round):
                start = time.perf_counter()
                run()
                walls[index].append((time.perf_counter() - start) * 1e3)
            cpu[index] += _cpu_seconds() - start_cpu
    count = per_round * rounds
    return [(statistics.median(w), min(w), c * 1e3 / count) for w, c in zip(walls, cpu)]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--threads", type=int, default=1, help="onnxruntime intra-op threads")
    parser.add_argument("--options", default="", help="Session options 'key=value|key=value'")
    args = parser.parse_args(argv)
    ge_options = dict(item.split("=", 1) for item in args.options.split("|") if item)

    import onnx
    import onnxruntime as ort

    from ge.ge_global import GeApi
    from ge.graph import Tensor
    from ge.parser import parse_onnx
    from ge.session import Session

    GeApi.ge_initialize({"ge.exec.deviceId": "0"})
    session = Session(ge_options)
    load_before = os.getloadavg()
    rows = []
    with tempfile.TemporaryDirectory() as directory:
        for graph_id, (label, (build, kwargs)) in enumerate(_MODELS.items()):
            path = _common.save(build(**kwargs), os.path.join(directory, f"m{graph_id}.onnx"))
            model = onnx.load(path)
            rng = np.random.default_rng(graph_id)
            feeds = {}
            for value in model.graph.input:
                shape = [d.dim_value for d in value.type.tensor_type.shape.dim]
                feeds[value.name] = rng.standard_normal(shape).astype(np.float32)
            options = ort.SessionOptions()
            options.intra_op_num_threads = args.threads
            ort_session = ort.InferenceSession(path, options, providers=["CPUExecutionProvider"])
            session.add_graph(graph_id, parse_onnx(path))
            tensors = [Tensor.from_numpy(a) for a in feeds.values()]

            ours = session.run_graph(graph_id, tensors)[0].numpy()
            theirs = ort_session.run(None, feeds)[0]
            max_err = float(np.max(np.abs(ours - theirs)))

            (ge_ms, ge_min, ge_cpu), (ort_ms, ort_min, ort_cpu) = _time(
                [
                    partial(session.run_graph, graph_id, tensors),
                    partial(ort_session.run, None, feeds),
                ],
                args.repeat,
            )
            rows.append((label, ge_ms, ort_ms, ge_min / ort_min, ge_cpu, ort_cpu, max_err))
    GeApi.ge_finalize()
    load_after = os.getloadavg()

    print(
        f"{'model':<22}{'ge_py ms':>9}{'ort ms':>8}{'wall x':>8}{'min x':>7}"
        f"{'ge_py cpu':>10}{'ort cpu':>9}{'cpu x':>7}{'max|err|':>10}"
    )
    for label, ge_ms, ort_ms, min_ratio, ge_cpu, ort_cpu, err in rows:
        print(
            f"{label:<22}{ge_ms:>9.3f}{ort_ms:>8.3f}{ge_ms / ort_ms:>7.2f}x{min_ratio:>6.2f}x"
            f"{ge_cpu:>10.3f}{ort_cpu:>9.3f}{ge_cpu / ort_cpu:>6.2f}x{err:>10.2e}"
        )
    print(
        "load average before: {:.2f} {:.2f} {:.2f}, after: {:.2f} {:.2f} {:.2f}".format(
            *load_before, *load_after
        )
    )
    if ge_options:
        print(f"Session options: {ge_options}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
