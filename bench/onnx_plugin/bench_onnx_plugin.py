"""Python ONNX plugin overhead of the importer (docs/onnx_plugins.md).

Three imports of an N-node chain through ge.parser.parse_onnx, alternated, CPU time per import:

- builtin:         N default-domain Neg nodes, no plugin path;
- builtin+plugins: the same model with a plugin file on ASCEND_CUSTOM_OPP_PATH (no node uses it);
- plugin:          N com.example::MyNeg nodes, each mapped to Neg by one Python plugin.

Per-node plugin overhead = (plugin - builtin) / N (target: <= 10 us); builtin+plugins must match
builtin (the plugin table is loaded once per import; no node pays for it).

    PYTHONPATH=src GE_PY_COMPILER_LIB=build/dev/compiler/libge_compiler.so \\
        GE_PY_PASS_ARTIFACT_ROOT=build/dev/python_pass_artifacts \\
        python3 bench/onnx_plugin/bench_onnx_plugin.py --nodes 100000 --repeat 3
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

import onnx
from onnx import TensorProto, helper

PLUGIN = """
from ge.onnx_plugin import onnx_plugin


@onnx_plugin(source="MyNeg", domain="com.example", opsets=(1,), target="Neg").parse_node
def parse_my_neg(node, target):
    pass
"""


def chain(path: str, nodes: int, custom: bool) -> None:
    op_type, domain = ("MyNeg", "com.example") if custom else ("Neg", "")
    graph_nodes = [
        helper.make_node(op_type, [f"v{i}"], [f"v{i + 1}"], name=f"n{i}", domain=domain)
        for i in range(nodes)
    ]
    graph = helper.make_graph(
        graph_nodes,
        "chain",
        [helper.make_tensor_value_info("v0", TensorProto.FLOAT, [4])],
        [helper.make_tensor_value_info(f"v{nodes}", TensorProto.FLOAT, [4])],
    )
    opsets = [helper.make_opsetid("", 17), helper.make_opsetid("com.example", 1)]
    onnx.save(helper.make_model(graph, opset_imports=opsets), path)


def cpu_seconds(parse, path: str) -> float:
    start = time.process_time()
    graph = parse(path)
    elapsed = time.process_time() - start
    del graph
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        builtin = os.path.join(tmp, "builtin.onnx")
        custom = os.path.join(tmp, "custom.onnx")
        plugin_file = os.path.join(tmp, "my_neg_plugin.py")
        chain(builtin, args.nodes, custom=False)
        chain(custom, args.nodes, custom=True)
        with open(plugin_file, "w") as out:
            out.write(PLUGIN)
        from ge.parser import parse_onnx

        times = {"builtin": [], "builtin+plugins": [], "plugin": []}
        os.environ["ASCEND_CUSTOM_OPP_PATH"] = plugin_file
        parse_onnx(custom)  # warm-up: bridge load, plugin import
        for _ in range(args.repeat):
            os.environ.pop("ASCEND_CUSTOM_OPP_PATH")
            times["builtin"].append(cpu_seconds(parse_onnx, builtin))
            os.environ["ASCEND_CUSTOM_OPP_PATH"] = plugin_file
            times["builtin+plugins"].append(cpu_seconds(parse_onnx, builtin))
            times["plugin"].append(cpu_seconds(parse_onnx, custom))
    medians = {name: statistics.median(values) for name, values in times.items()}
    for name, value in medians.items():
        print(f"{name:16s} {value:8.3f} s CPU (median of {args.repeat})")
    overhead = (medians["plugin"] - medians["builtin"]) / args.nodes * 1e6
    print(f"plugin overhead per node: {overhead:.2f} us")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
