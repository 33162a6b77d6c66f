"""Seeded random models for the fusion passes: chains of Add/Mul/Relu over one [4, 4] input with
MatMul + Add blocks (GEMM fusion) and Add(x, 0) (Add-zero removal) mixed in.

Some cases must stay unfused, and the model records how many of each op type the sample passes
must leave:
- a MatMul whose product is also a graph output: the match is not self-contained;
- a MatMul whose operand's rank is unknown before shape inference: the passes refuse it;
- Adds of one zero initializer shared by two or more Adds: the pattern's Const has an outside
  consumer;
- Adds of a non-zero constant: the requirement check refuses them.

Usage: python tests/models/random_fusion.py [OUTPUT] [--seed N]
"""

from __future__ import annotations

import numpy as np
from onnx import TensorProto, helper

try:
    from . import _common
except ImportError:  # run as a script
    import _common

SHAPE = [4, 4]


def build_model(seed: int = 0, ops: int = 16):
    """Returns (model, expected op type counts after the sample Add-zero and GEMM passes)."""
    r = np.random.default_rng(seed)
    initializers = []
    nodes = []
    values = ["x"]  # [4, 4] tensors an op may read
    outputs = []  # extra graph outputs (products exposed on purpose)
    expected = {"Add": 0, "Mul": 0, "Relu": 0, "GEMM": 0, "BatchMatMulV2": 0}
    shared_zero_uses = 0
    alias = {}  # output of a removable Add(v, 0) -> the value it stands for

    def const(name, array):
        initializers.append(_common.initializer(name, array.astype(np.float32)))
        return name

    def pick():
        recent = values[-4:]
        return (
            recent[r.integers(len(recent))]
            if r.random() < 0.75
            else values[r.integers(len(values))]
        )

    for i in range(ops):
        kind = r.choice(
            ["matmul_add", "add_zero", "shared_zero", "add_const", "add", "mul", "relu"]
        )
        out = f"v{i}"
        if kind == "matmul_add":
            weight = const(f"w{i}", r.standard_normal(SHAPE) * 0.5)
            bias = const(f"b{i}", r.standard_normal([4]))
            product = f"p{i}"
            # The GEMM passes need the operand's rank before shape inference: known for the
            # graph input x only (the importer, like GE's parser, takes shapes from value_info
            # for graph inputs only; the rest come from InferShape). An operand that is
            # x behind removable Add(x, 0)s is avoided, so the outcome does not depend on which
            # of the two passes runs first.
            a = "x" if r.random() < 0.5 else pick()
            if a != "x" and alias.get(a) == "x":
                a = "x"
            nodes.append(helper.make_node("MatMul", [a, weight], [product], name=f"matmul{i}"))
            nodes.append(helper.make_node("Add", [product, bias], [out], name=f"bias_add{i}"))
            if a == "x" and r.random() < 0.7:
                expected["GEMM"] += 1
            else:
                if a == "x":
                    outputs.append(product)  # read outside the match: no fusion
                expected["BatchMatMulV2"] += 1
                expected["Add"] += 1
        elif kind == "add_zero":
            zero = const(f"zero{i}", np.zeros([], np.float32))
            source = pick()
            nodes.append(helper.make_node("Add", [source, zero], [out], name=f"add_zero{i}"))
            alias[out] = alias.get(source, source)
        elif kind == "shared_zero":
            if shared_zero_uses == 0:
                const("zero_shared", np.zeros([], np.float32))
            shared_zero_uses += 1
            nodes.append(helper.make_node("Add", [pick(), "zero_shared"], [out], name=f"add_sz{i}"))
        elif kind == "add_const":
            c = const(f"c{i}", np.full([], 0.5, np.float32))
            nodes.append(helper.make_node("Add", [pick(), c], [out], name=f"add_c{i}"))
            expected["Add"] += 1
        elif kind in ("add", "mul"):
            op = "Add" if kind == "add" else "Mul"
            nodes.append(helper.make_node(op, [pick(), pick()], [out], name=f"{kind}{i}"))
            expected[op] += 1
        else:
            nodes.append(helper.make_node("Relu", [pick()], [out], name=f"relu{i}"))
            expected["Relu"] += 1
        values.append(out)
    # A shared zero read once would be an ordinary, removable Add(x, 0): give it a second use.
    if shared_zero_uses == 1:
        shared_zero_uses += 1
        out = f"v{ops}"
        nodes.append(
            helper.make_node("Add", [values[-1], "zero_shared"], [out], name="add_sz_last")
        )
        values.append(out)
    expected["Add"] += shared_zero_uses  # a zero with an outside consumer: none is removed
    result = [values[-1]] + outputs
    earlier = values[r.integers(1, len(values))]
    if earlier not in result:
        result.append(earlier)
    graph = helper.make_graph(
        nodes,
        f"random_fusion_{seed}",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, SHAPE)],
        [helper.make_tensor_value_info(name, TensorProto.FLOAT, SHAPE) for name in result],
        initializer=initializers,
    )
    return _common.finish(graph, 13, "ge_py.tests.models.random_fusion"), expected


def model_only(seed: int = 0):
    """A seeded random model for the sample fusion passes (see the module docstring)."""
    return build_model(seed)[0]


def main(argv=None) -> int:
    return _common.run_cli(
        model_only,
        "random_fusion.onnx",
        argv,
        lambda p: p.add_argument("--seed", type=int, default=0),
    )


if __name__ == "__main__":
    _common.exit_with(main())
