"""Cost of running passes through the Python bridge, measured side by side in one run.

1. Python Add-zero pass vs the C++ one (tests/cpp/plugins/add_zero_fusion_pass.cc) on a chain of
   Add(x, 0) -> Relu blocks (~100k IR nodes by default): pass time from atc's FusionStatistics
   (Run of the pass only, no import or model parsing), ratio Python / C++.
2. Round trip of one meet_requirements call: a Python pattern pass whose meet_requirements
   returns False on every match, minus the same C++ match loop, divided by the match count.
3. Cold start in atc: wall time of atc with one trivial Python pass minus atc without any
   (median of several runs on a tiny model; includes starting the interpreter).
4. Extra time in pyatc: the in-process compile call with vs without the trivial pass, in fresh
   processes (the interpreter already runs; bridge load + plugin import are what is left).

Usage (after building): python bench/bridge/bench_bridge.py --build build/integ [--blocks 33333]
Needs numpy + onnx (test extras) to write the models.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time

import numpy as np
from onnx import TensorProto, helper, numpy_helper, save

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ADD_ZERO_PY = os.path.join(_REPO, "examples", "fusion_pass", "add_zero_pass.py")

TRIVIAL_PASS = """
from ge.passes import FusionBasePass, PassStage, register_fusion_pass

@register_fusion_pass(name="TrivialPass", stage=PassStage.BEFORE_INFER_SHAPE)
class TrivialPass(FusionBasePass):
    def run(self, graph, context):
        return True
"""

REJECTING_PASS = """
from ge.passes import PassStage, PatternFusionPass, pattern, register_fusion_pass

@register_fusion_pass(name="RejectAllPass", stage=PassStage.BEFORE_INFER_SHAPE)
class RejectAllPass(PatternFusionPass):
    @pattern
    def add_any(self, inputs):
        return inputs[0] + 0

    def meet_requirements(self, match_result):
        return False

    def replacement(self, inputs):
        return inputs[0]
"""


def chain_model(path: str, blocks: int) -> None:
    nodes, inits = [], []
    x = "x"
    for i in range(blocks):
        inits.append(numpy_helper.from_array(np.zeros((1,), np.float32), f"zero{i}"))
        nodes.append(helper.make_node("Add", [x, f"zero{i}"], [f"a{i}"], name=f"add{i}"))
        nodes.append(helper.make_node("Relu", [f"a{i}"], [f"r{i}"], name=f"relu{i}"))
        x = f"r{i}"
    graph = helper.make_graph(
        nodes,
        "chain",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4])],
        [helper.make_tensor_value_info(x, TensorProto.FLOAT, [1, 4])],
        initializer=inits,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    save(model, path)


def atc(build: str, model: str, out: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            os.path.join(build, "compiler", "tools", "atc"),
            f"--model={model}",
            "--framework=5",
            "--soc_version=Ascend910B1",
            f"--output={out}",
        ],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        check=False,
    )


def pass_time_us(run: subprocess.CompletedProcess, pass_name: str) -> tuple[int, int]:
    """(time_us, matched) of the pass from the FusionStatistics log line."""
    text = run.stdout + run.stderr
    found = re.findall(
        rf"\[FusionStatistics\] Pass\[{pass_name}\] matched=(\d+) effected=\d+ "
        rf"cycle_skipped=\d+ runs=\d+ time_us=(\d+)",
        text,
    )
    if run.returncode != 0 or not found:
        raise RuntimeError(f"atc run for {pass_name} failed:\n{text[-3000:]}")
    matched, time_us = found[-1]
    return int(time_us), int(matched)


def median_wall(fn, repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


PYATC_TIMING = """
import ctypes, os, sys, time
from ge._capi.pypyatc_wrapper import pyatc_lib
args = [b"pyatc", b"--model=" + sys.argv[1].encode(), b"--framework=5",
        b"--soc_version=Ascend910B1", b"--output=" + sys.argv[2].encode()]
argv = (ctypes.c_char_p * (len(args) + 1))(*args, None)
start = time.perf_counter()
ret = pyatc_lib.GeApiWrapper_Atc_Main(len(args), argv)
print("SECONDS", time.perf_counter() - start, ret)
"""


def pyatc_seconds(model: str, out: str, env: dict) -> float:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(PYATC_TIMING), model, out],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        check=False,
    )
    line = next((x for x in done.stdout.splitlines() if x.startswith("SECONDS")), None)
    if line is None or not line.endswith(" 0"):
        raise RuntimeError(done.stdout + done.stderr)
    return float(line.split()[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build/integ", help="CMake build dir (atc, test_opp)")
    parser.add_argument("--blocks", type=int, default=33333, help="Add+Relu blocks (3 IR nodes)")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    info = {"ASCEND_GLOBAL_LOG_LEVEL": "1"}
    no_opp = {"ASCEND_OPP_PATH": "/nonexistent"}
    with tempfile.TemporaryDirectory(prefix="bench_bridge_") as work:
        big = os.path.join(work, "chain.onnx")
        tiny = os.path.join(work, "tiny.onnx")
        chain_model(big, args.blocks)
        chain_model(tiny, 1)
        trivial = os.path.join(work, "trivial_pass.py")
        rejecting = os.path.join(work, "reject_all_pass.py")
        with open(trivial, "w") as f:
            f.write(TRIVIAL_PASS)
        with open(rejecting, "w") as f:
            f.write(REJECTING_PASS)
        out = os.path.join(work, "out")

        cpp_env = {**info, "ASCEND_OPP_PATH": os.path.join(build, "test_opp")}
        cpp_us, cpp_matches = pass_time_us(atc(build, big, out, cpp_env), "AddZeroFusionPass")
        py_env = {**info, **no_opp, "ASCEND_GE_PY_PASS_PATH": ADD_ZERO_PY}
        py_us, py_matches = pass_time_us(atc(build, big, out, py_env), "PythonAddZeroPass")
        reject_env = {**info, **no_opp, "ASCEND_GE_PY_PASS_PATH": rejecting}
        reject_us, reject_matches = pass_time_us(atc(build, big, out, reject_env), "RejectAllPass")

        plain_env = {**no_opp, "ASCEND_GE_PY_PASS_PATH": ""}
        trivial_env = {**no_opp, "ASCEND_GE_PY_PASS_PATH": trivial}
        atc_plain = median_wall(lambda: atc(build, tiny, out, plain_env), args.repeat)
        atc_trivial = median_wall(lambda: atc(build, tiny, out, trivial_env), args.repeat)
        pyatc_plain = statistics.median(
            pyatc_seconds(tiny, out, plain_env) for _ in range(args.repeat)
        )
        pyatc_trivial = statistics.median(
            pyatc_seconds(tiny, out, trivial_env) for _ in range(args.repeat)
        )

    ir_nodes = 3 * args.blocks + 2
    # The rejecting pass does the C++ match loop of the C++ pass plus one Python call per match.
    per_call_us = max(reject_us - cpp_us, 0) / max(reject_matches, 1)
    rows = [
        ("graph", f"{ir_nodes} IR nodes, {args.blocks} Add(x, 0) matches"),
        ("C++ AddZeroFusionPass", f"{cpp_us / 1e3:.1f} ms ({cpp_matches} matched)"),
        ("Python PythonAddZeroPass", f"{py_us / 1e3:.1f} ms ({py_matches} matched)"),
        ("ratio Python / C++", f"{py_us / max(cpp_us, 1):.2f}x   (target <= 3x)"),
        ("meet_requirements round trip", f"{per_call_us:.2f} us/call   (target <= 5 us)"),
        (
            "atc cold start, trivial pass",
            f"+{(atc_trivial - atc_plain) * 1e3:.0f} ms ({atc_plain * 1e3:.0f} -> "
            f"{atc_trivial * 1e3:.0f} ms)   (target <= 150 ms)",
        ),
        (
            "pyatc extra, trivial pass",
            f"+{(pyatc_trivial - pyatc_plain) * 1e3:.0f} ms ({pyatc_plain * 1e3:.0f} -> "
            f"{pyatc_trivial * 1e3:.0f} ms)   (target <= 20 ms)",
        ),
    ]
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name.ljust(width)}  {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
