"""Reference timing: onnxscript's pattern rewriter on the same synthetic graph as matcher_bench.

The graph has the same blocks as bench/matcher/matcher_bench.cc (MatMul(X, W_i) + B_i followed by
Add(x, 0)); weights are initializers, so a block is 3 ONNX nodes instead of 6 IR nodes. The
rules do the same work as the C++ sample plugins: Add(x, 0) -> x (checked const) and
MatMul + Add -> Gemm. Only the rewrite is timed (IR conversion excluded).

Usage: python bench/matcher/onnxscript_bench.py [blocks ...]   (default: 16666 = ~100k IR nodes)
"""

from __future__ import annotations

import sys
import time

import numpy as np
import onnx
import onnx_ir as ir
from onnx import TensorProto, helper, numpy_helper
from onnxscript.rewriter import pattern


def build_model(blocks: int) -> onnx.ModelProto:
    nodes = []
    inits = []
    x = "x"
    for i in range(blocks):
        inits.append(numpy_helper.from_array(np.ones((4, 4), np.float32), f"w{i}"))
        inits.append(numpy_helper.from_array(np.full((4,), 2.0, np.float32), f"b{i}"))
        inits.append(numpy_helper.from_array(np.zeros((), np.float32), f"zero{i}"))
        nodes.append(helper.make_node("MatMul", [x, f"w{i}"], [f"mm{i}"]))
        nodes.append(helper.make_node("Add", [f"mm{i}", f"b{i}"], [f"add{i}"]))
        nodes.append(helper.make_node("Add", [f"add{i}", f"zero{i}"], [f"y{i}"]))
        x = f"y{i}"
    graph = helper.make_graph(
        nodes,
        "bench",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [4, 4])],
        [helper.make_tensor_value_info(x, TensorProto.FLOAT, [4, 4])],
        inits,
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def add_zero(op, x, zero):
    return op.Add(x, zero)


def is_zero(context, x, zero, **_):
    value = zero.const_value
    return (
        value is not None and value.numpy().size == 1 and float(value.numpy().reshape(-1)[0]) == 0.0
    )


def identity(op, x, zero):
    return op.Identity(x)


def matmul_add(op, a, b, c):
    return op.Add(op.MatMul(a, b), c)


def gemm(op, a, b, c):
    return op.Gemm(a, b, c)


def main() -> None:
    blocks_list = [int(arg) for arg in sys.argv[1:]] or [16666]
    rules = pattern.RewriteRuleSet(
        [
            pattern.RewriteRule(add_zero, identity, is_zero),
            pattern.RewriteRule(matmul_add, gemm),
        ]
    )
    for blocks in blocks_list:
        model = ir.serde.deserialize_model(build_model(blocks))
        start = time.perf_counter()
        cpu_start = time.process_time()
        count = rules.apply_to_model(model)
        cpu = time.process_time() - cpu_start
        elapsed = time.perf_counter() - start
        ir_nodes = blocks * 6
        print(
            f"blocks={blocks} onnx_nodes={blocks * 3} (~{ir_nodes} IR nodes) rewrites={count} "
            f"wall_ms={elapsed * 1e3:.1f} cpu_ms={cpu * 1e3:.1f} "
            f"ns_per_ir_node_wall={elapsed * 1e9 / ir_nodes:.1f} "
            f"ns_per_ir_node_cpu={cpu * 1e9 / ir_nodes:.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
