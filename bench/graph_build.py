"""Graph-construction benchmark (run by hand, not in CI).

  (a) C++: a 1M-node chain built in the IR and through EsGraphBuilder, then topologically
      sorted (the ge_graph_build_bench binary; built here on demand)   target < 1 s
  (b) Python: a 100k-node chain built through ge.es                    target < 3 s
      and the same number of nodes of a mix of ops: attributes, TensorLike constants, optional
      inputs, two outputs (no target; compares ge.es versions)
  (c) AIR: save + load of a 100k-node graph through ge.graph           target < 1 s

Usage: python bench/graph_build.py [--build-dir build/integ] [--nodes-cpp N] [--nodes-py N]
Needs PYTHONPATH=src (or an installed ge_py) and GE_PY_COMPILER_LIB for a development build.
Every figure is "wall / CPU" seconds: on a machine shared with other jobs, compare CPU time.
Results: bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def bench_cpp(build_dir: str, nodes: int) -> None:
    subprocess.run(
        ["cmake", "--build", build_dir, "--target", "ge_graph_build_bench"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    binary = os.path.join(build_dir, "compiler", "es", "ge_graph_build_bench")
    out = subprocess.run([binary, str(nodes)], check=True, capture_output=True, text=True).stdout
    # "<label> <wall s> <cpu s>" per line
    figures = {
        parts[0]: (float(parts[1]), float(parts[2]))
        for parts in (line.split() for line in out.splitlines())
        if len(parts) == 3
    }
    # "<label> <value>" per line: fresh bytes per node and the machine's fresh-memory floor
    values = {
        parts[0]: float(parts[1])
        for parts in (line.split() for line in out.splitlines())
        if len(parts) == 2
    }
    for label, (wall, cpu) in figures.items():
        print(f"(a) C++ {nodes} nodes  {label:<16} {wall:7.3f} / {cpu:7.3f} s")

    def total(*labels):
        return tuple(sum(figures[label][i] for label in labels) for i in (0, 1))

    wall, cpu = total("ir_build", "ir_topo_sort")
    print(f"(a) C++ IR build + topological sort: {wall:.3f} / {cpu:.3f} s (target < 1 s)")
    if "ir_bytes_per_node" in values and "ir_fresh_memory_floor" in values:
        floor, per_node = values["ir_fresh_memory_floor"], values["ir_bytes_per_node"]
        print(
            f"(a) of which first touch of fresh memory: {floor:.3f} s wall "
            f"({per_node:.0f} B per node, touched without any graph work)"
        )
    if "es_build" in figures:
        wall, cpu = total("es_build", "es_topo_sort")
        print(f"(a) C++ EsGraphBuilder build + sort:  {wall:.3f} / {cpu:.3f} s")


def bench_python(nodes: int):
    from ge.es.all import Identity

    from ge.es.graph_builder import GraphBuilder

    start = time.perf_counter()
    cpu = time.process_time()
    builder = GraphBuilder("chain")
    x = builder.create_input(0, shape=[1])
    for _ in range(nodes - 1):
        x = Identity(x)
    graph = builder.build_and_reset([x])
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    print(f"(b) Python ge.es {nodes} nodes: {elapsed:.3f} / {cpu:.3f} s (target < 3 s)")
    return graph


def bench_python_mixed(nodes: int) -> None:
    from ge.es.all import Add, BatchMatMulV2, Conv2D, Dropout, Mul, Relu

    from ge.es.graph_builder import GraphBuilder

    start = time.perf_counter()
    cpu = time.process_time()
    builder = GraphBuilder("mixed")
    x = builder.create_input(0, shape=[1, 4, 8, 8])
    w = builder.create_input(1, shape=[4, 4, 3, 3])
    # Each round adds 7 nodes: Conv2D (attributes, absent optional inputs), Relu, a float
    # constant and the Add using it, Mul of two holders, BatchMatMulV2 (attribute), Dropout
    # (two outputs).
    for _ in range(max(nodes // 7, 1)):
        y = Conv2D(x, w, strides=[1, 1, 1, 1], pads=[1, 1, 1, 1])
        y = Add(Relu(y), 1.0)
        y = BatchMatMulV2(Mul(y, x), y, adj_x2=True)
        x = Dropout(y).y
    builder.build_and_reset([x])
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    print(f"(b) Python ge.es {nodes} nodes of mixed ops: {elapsed:.3f} / {cpu:.3f} s")


def bench_air(graph) -> None:
    from ge.graph import Graph

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "chain.air")
        start = time.perf_counter()
        cpu = time.process_time()  # user + sys of this process
        try:
            graph.save_to_air(path)
            saved = time.perf_counter() - start
            saved_cpu = time.process_time() - cpu
            loaded = Graph("loaded")
            loaded.load_from_air(path)
        except RuntimeError as exc:
            print(f"(c) AIR save/load not available: {exc}")
            return
        total = time.perf_counter() - start
        total_cpu = time.process_time() - cpu
        size = os.path.getsize(path)
        nodes = len(loaded.get_all_nodes())
        print(
            f"(c) AIR {nodes} nodes, {size} bytes ({size / max(nodes, 1):.0f} per node): "
            f"save {saved:.3f} / {saved_cpu:.3f} s, "
            f"load {total - saved:.3f} / {total_cpu - saved_cpu:.3f} s, "
            f"save + load {total:.3f} / {total_cpu:.3f} s (target < 1 s); "
            f"load average {os.getloadavg()[0]:.1f}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--build-dir", default=os.path.join(ROOT, "build", "integ"))
    parser.add_argument("--nodes-cpp", type=int, default=1_000_000)
    parser.add_argument("--nodes-py", type=int, default=100_000)
    parser.add_argument("--skip-cpp", action="store_true")
    args = parser.parse_args()
    if not args.skip_cpp:
        bench_cpp(args.build_dir, args.nodes_cpp)
    graph = bench_python(args.nodes_py)
    bench_python_mixed(args.nodes_py)
    bench_air(graph)
    return 0


if __name__ == "__main__":
    sys.exit(main())
