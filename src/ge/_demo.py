"""``ge-demo``: builds a small graph with ge.es, infers shapes, saves it to AIR, loads it back
and prints it. Run ``ge-demo`` (or ``python -m ge._demo``) after installing ge_py."""

from __future__ import annotations

import os
import sys
import tempfile
from typing import List


def build_demo_graph():
    """relu(MatMul(x, w) + b) with x: [2, 4] input, w: [4, 3] and b: [3] float constants."""
    from ge.es import GraphBuilder
    from ge.es.all import MatMul, Relu
    from ge.graph import DataType

    builder = GraphBuilder("demo_graph")
    x = builder.create_input(0, name="x", data_type=DataType.DT_FLOAT, shape=[2, 4])
    w = builder.create_const_float([0.5] * 12, shape=[4, 3])
    b = builder.create_const_float([1.0, 2.0, 3.0], shape=[3])
    y = Relu(MatMul(x, w) + b)
    return builder.build_and_reset([y])


def infer_shapes(graph) -> bool:
    """Whole-graph shape inference through ge.utils when available; False when it is not."""
    try:
        from ge.utils import GeUtils
    except ImportError:
        return False
    GeUtils.infer_shape(graph, [[2, 4]])
    return True


def main(argv: List[str] | None = None) -> int:
    del argv  # no options yet
    try:
        graph = build_demo_graph()
    except ImportError as exc:
        print(f"ge-demo: the graph builder ge.es is not available: {exc}", file=sys.stderr)
        return 1
    inferred = infer_shapes(graph)
    with tempfile.TemporaryDirectory(prefix="ge_demo_") as work_dir:
        path = os.path.join(work_dir, "demo_graph.air")
        graph.save_to_air(path)
        from ge.graph import Graph

        loaded = Graph("loaded")
        loaded.load_from_air(path)
        size = os.path.getsize(path)
    print(loaded)
    nodes = loaded.get_all_nodes()
    output = next(n for n in nodes if n.type == "NetOutput")
    shape = list(output.get_input_desc(0).get_shape())
    print(
        f"graph '{loaded.name}': {len(nodes)} nodes ({', '.join(n.type for n in nodes)}), "
        f"AIR {size} bytes, output shape {shape}"
        + ("" if inferred else " (shape inference unavailable: ge.utils missing)")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
