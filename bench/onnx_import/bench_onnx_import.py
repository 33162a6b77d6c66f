"""ONNX import time per node: ge.parser.parse_onnx against onnx.load and onnx_ir.load.

Two models, written into a temporary directory first:

- densenet121: tests/models/densenet121.py at full depth and width (431 nodes, 606 initializers,
  8.1M float32 weights, 32 MB);
- chain: N nodes (default 100 000) cycling through Add, Relu, Mul and Tanh on a [1, 16] tensor, the
  Add/Mul constants drawn from 64 shared initializers.

For each model the three loaders run alternately, `--repeat` rounds, CPU time (process_time) and
wall time per call; the figure is the median. Before each call the garbage collector runs, and it
is off during the call (timeit's convention). What each one produces differs:

- parse_onnx: a GE ComputeGraph (op descs, Const tensors whose weights stay in the file buffer,
  edges) behind a ge.graph.Graph handle, as atc --framework=5 imports it;
- onnx.load: the protobuf ModelProto (C++ upb parse, no graph structure);
- onnx_ir.load: onnx.load, then onnx_ir's in-memory IR built from the ModelProto (Python
  objects per node and value; tensors wrap the decoded TensorProtos, their bytes not copied).
  Optional: skipped when onnx_ir is not installed (bench-only dependency, docs/dependencies.md).

    PYTHONPATH=src GE_PY_COMPILER_LIB=build/dev/compiler/libge_compiler.so \\
        python3 bench/onnx_import/bench_onnx_import.py [--nodes 100000] [--repeat 5]

`--models DIR` writes the models there (and reuses them on the next run) instead of a temporary
directory. `--profile MODEL` only runs parse_onnx on that model `--repeat` times, for a profiler
around the process once the models exist:

    python3 bench/onnx_import/bench_onnx_import.py --models /tmp/m --repeat 1
    perf record -g python3 bench/onnx_import/bench_onnx_import.py --models /tmp/m --profile chain
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import os
import statistics
import sys
import tempfile
import time

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_MODELS = os.path.join(_REPO, "tests", "models")


def densenet121(path: str) -> None:
    sys.path.insert(0, _MODELS)
    try:
        spec = importlib.util.spec_from_file_location(
            "densenet121", os.path.join(_MODELS, "densenet121.py")
        )
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(_MODELS)
    onnx.save(module.build_model(), path)


def chain(path: str, nodes: int) -> None:
    rng = np.random.default_rng(0)
    constants = [
        numpy_helper.from_array(rng.standard_normal([1, 16]).astype(np.float32), name=f"c{k}")
        for k in range(64)
    ]
    ops = ("Add", "Relu", "Mul", "Tanh")
    graph_nodes = []
    for i in range(nodes):
        op = ops[i % 4]
        inputs = [f"v{i}"] + ([f"c{i % 64}"] if op in ("Add", "Mul") else [])
        graph_nodes.append(helper.make_node(op, inputs, [f"v{i + 1}"], name=f"n{i}"))
    graph = helper.make_graph(
        graph_nodes,
        "chain",
        [helper.make_tensor_value_info("v0", TensorProto.FLOAT, [1, 16])],
        [helper.make_tensor_value_info(f"v{nodes}", TensorProto.FLOAT, [1, 16])],
        initializer=constants,
    )
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]), path)


def loaders() -> dict:
    from ge.parser import parse_onnx

    found = {"parse_onnx": parse_onnx, "onnx.load": onnx.load}
    try:
        import onnx_ir

        found["onnx_ir.load"] = onnx_ir.load
    except ImportError:
        print("onnx_ir not installed: its column is skipped (pip install onnx-ir)")
    return found


def measure(load, path: str) -> tuple:
    # As timeit does: the garbage of the previous loader is collected first and the collector
    # is off while timing, so that no loader pays for a collection of another one's objects
    # (onnx_ir leaves millions of them behind).
    gc.collect()
    gc.disable()
    try:
        wall, cpu = time.perf_counter(), time.process_time()
        result = load(path)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    finally:
        gc.enable()
    del result
    return wall, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--profile", choices=("densenet121", "chain"))
    parser.add_argument("--models", help="directory to keep (and reuse) the models in")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        directory = args.models or tmp
        os.makedirs(directory, exist_ok=True)
        paths = {"densenet121": os.path.join(directory, "densenet121.onnx")}
        paths["chain"] = os.path.join(directory, f"chain{args.nodes}.onnx")
        if not os.path.exists(paths["densenet121"]):
            densenet121(paths["densenet121"])
        if not os.path.exists(paths["chain"]):
            chain(paths["chain"], args.nodes)
        if args.profile:
            from ge.parser import parse_onnx

            for _ in range(args.repeat):
                measure(parse_onnx, paths[args.profile])
            return 0
        found = loaders()
        for name, path in paths.items():
            model = onnx.load(path, load_external_data=False)
            nodes = len(model.graph.node)
            del model
            for load in found.values():  # warm-up: library loads, file in the page cache
                measure(load, path)
            times = {label: [] for label in found}
            for _ in range(args.repeat):
                for label, load in found.items():
                    times[label].append(measure(load, path))
            size = os.path.getsize(path) / 1e6
            print(f"\n{name}: {nodes} nodes, {size:.1f} MB, median of {args.repeat}")
            print(f"{'loader':<14} {'wall s':>8} {'CPU s':>8} {'CPU us/node':>12}")
            for label, runs in times.items():
                wall = statistics.median(r[0] for r in runs)
                cpu = statistics.median(r[1] for r in runs)
                print(f"{label:<14} {wall:8.3f} {cpu:8.3f} {cpu / nodes * 1e6:12.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
