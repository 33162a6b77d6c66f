"""Cost of running passes through the Python bridge, measured side by side in one run.

1. Python Add-zero pass vs the C++ one (tests/cpp/plugins/add_zero_fusion_pass.cc) on a chain of
   Add(x, 0) -> Relu blocks (~100k IR nodes by default): pass time from atc's FusionStatistics
   (Run of the pass only, no import or model parsing), ratio Python / C++.
2. Round trip of one meet_requirements call (--callgrind; valgrind needed): atc under callgrind
   with a Python pass whose meet_requirements returns False on a chain with non-zero constants
   (every Add matches, nothing is rewritten): instructions of the bridge's meet_requirements
   callback (GIL, borrowed context and MatchResult views, the Python protocol and the pass's
   method, invalidation) per call, and that converted to time with the instructions per CPU
   second this machine executes for Python code (measured on a pure-Python loop). Wall or CPU
   differences of whole atc runs are too noisy for a few microseconds per call on a shared machine.
3. Cold start in atc: wall and CPU time of atc with one trivial Python pass minus atc without any
   (median of several runs on a tiny model; includes probing python3 and starting the
   interpreter). Measured with this interpreter's bin directory first on PATH (what a venv
   gives), and once more with PATH as given when that finds another python3 (e.g. a pyenv shim).
4. Extra time in pyatc: the in-process compile call with vs without the trivial pass, in fresh
   processes (the interpreter already runs; bridge load + plugin import are what is left).
5. The cold start split, from atc's own "Cold start:" log lines (medians): interpreter probe
   (disk-cache hit; once more with an empty cache), libpython preload + bridge dlopen,
   Py_InitializeFromConfig, native module + ge.passes._bridge imports, the rest of the bridge
   round (plugin file import, registration), then the FusionBasePass's first graph view (ge.graph
   import), the end-of-round reset_python_state and Py_FinalizeEx; the same lines of pyatc.

Every configuration runs once before it is timed (warm page cache, .pyc files, probe cache), and
children run without PYTHONDONTWRITEBYTECODE unless --no-bytecode: installed packages have .pyc
files, so a run that compiles every module from source measures something no user sees.

Wall times on a shared machine are noisy: CPU times (user+sys of the child) and the load average
are printed next to them.

Usage (after building): python bench/bridge/bench_bridge.py --build build/integ [--blocks 33333]
[--cold-start-only]. Run it with the interpreter atc should embed (a venv's python: atc gets
its bin directory first on PATH). Needs numpy + onnx (test extras) to write the models.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
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

    @pattern
    def any_add(self, inputs):
        return 0 + inputs[0]

    def meet_requirements(self, match_result):
        return False

    def replacement(self, inputs):
        return inputs[0]
"""


def chain_model(path: str, blocks: int, constant: float = 0.0) -> None:
    nodes, inits = [], []
    x = "x"
    for i in range(blocks):
        inits.append(numpy_helper.from_array(np.full((1,), constant, np.float32), f"zero{i}"))
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


CPU_SECONDS = {}


def atc_command(build: str, model: str, out: str) -> list:
    """The atc command line every bench run uses (ONNX model, Ascend910B1)."""
    return [
        os.path.join(build, "compiler", "tools", "atc"),
        f"--model={model}",
        "--framework=5",
        "--soc_version=Ascend910B1",
        f"--output={out}",
    ]


def atc(build: str, model: str, out: str, env: dict) -> subprocess.CompletedProcess:
    """Runs atc; the child's CPU time (user+sys) is left in CPU_SECONDS["last"]."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        atc_command(build, model, out),
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        check=False,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU_SECONDS["last"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return done


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


COLD_START_LINES = {
    "probe": r"Cold start: probe of .* took (\d+) us",
    "bridge dlopen": r"Cold start: libpython preload and bridge dlopen took (\d+) us",
    "Py_Initialize": r"Cold start: Py_InitializeFromConfig took (\d+) us",
    "imports": r"Cold start: importing the native module and ge\.passes\._bridge took (\d+) us",
    "register": r"Cold start: bridge register_passes took (\d+) us",
    # After registration: the FusionBasePass's first graph view, the end-of-round reset and (atc
    # only) finalizing the interpreter the bridge started.
    "graph view": r"Cold start: importing ge\.graph for the graph view took (\d+) us",
    "reset": r"End of round: reset_python_state took (\d+) us",
    "Py_FinalizeEx": r"Shutdown: Py_FinalizeEx took (\d+) us",
}


# Steps inside register_passes, listed before its remainder ("plugins + rest").
COLD_START_ORDER = ("probe", "bridge dlopen", "Py_Initialize", "imports")


def cold_start_split(run: subprocess.CompletedProcess) -> dict:
    """Microseconds per cold start step found in an atc/pyatc log (INFO level)."""
    text = run.stdout + run.stderr
    split = {}
    for name, pattern in COLD_START_LINES.items():
        found = re.findall(pattern, text)
        if found:
            split[name] = int(found[-1])
    if "register" in split:  # what register_passes did besides starting Python and importing
        rest = split.pop("register") - split.get("Py_Initialize", 0) - split.get("imports", 0)
        ordered = {name: split.pop(name) for name in list(split) if name in COLD_START_ORDER}
        split = {**ordered, "plugins + rest": rest, **split}
    return split


def median_split(runs: list) -> str:
    splits = [cold_start_split(run) for run in runs]
    names = [name for name in splits[0]] if splits else []
    return ", ".join(
        f"{name} {statistics.median(s.get(name, 0) for s in splits) / 1e3:.1f}" for name in names
    )


def median_wall_cpu(fn, repeat: int) -> tuple:
    """Median wall seconds and median child CPU seconds of ``fn`` (one child per call), after
    one untimed warm-up call."""
    fn()
    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        fn()
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    return statistics.median(walls), statistics.median(cpus)


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


PYATC_RUNS = {}


def pyatc_seconds(model: str, out: str, env: dict) -> tuple:
    """(seconds of the in-process compile call, CPU seconds of the whole child); the child's
    output is left in PYATC_RUNS["last"]."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(PYATC_TIMING), model, out],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        check=False,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    PYATC_RUNS["last"] = done
    line = next((x for x in done.stdout.splitlines() if x.startswith("SECONDS")), None)
    if line is None or not line.endswith(" 0"):
        raise RuntimeError(done.stdout + done.stderr)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return float(line.split()[1]), cpu


def _callgrind_instructions(command: list, env: dict, out_file: str) -> str:
    subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}", *command],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        check=True,
    )
    return subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", "--threshold=100", out_file],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def _count(text: str, symbol: str) -> int:
    """Largest inclusive count of a line naming ``symbol`` in callgrind_annotate output."""
    counts = [
        int(line.split()[0].replace(",", ""))
        for line in text.splitlines()
        if symbol in line and line.strip() and line.split()[0].replace(",", "").isdigit()
    ]
    if not counts:
        raise RuntimeError(f"{symbol} not found in the callgrind profile")
    return max(counts)


# Inclusive callgrind lines of the bridge callbacks and of the pattern-fusion run.
MEET_REQUIREMENTS_SYMBOL = "bridge::(anonymous namespace)::MeetRequirements("
REPLACEMENT_SYMBOL = "bridge::(anonymous namespace)::Replacement("
PATTERN_FUSION_SYMBOL = "RunPatternFusion"


def callgrind_atc_counts(
    build: str, model: str, out: str, env: dict, out_file: str, symbols: dict
) -> dict:
    """atc under callgrind; {name: largest inclusive count of a line naming symbols[name]}."""
    profile = _callgrind_instructions(atc_command(build, model, out), env, out_file)
    return {name: _count(profile, symbol) for name, symbol in symbols.items()}


def callgrind_round_trip(build: str, model: str, out: str, env: dict, work: str) -> tuple:
    """(instructions in the bridge's meet_requirements callback, calls, instructions per us)."""
    run = atc(build, model, out, env)
    calls = pass_time_us(run, "RejectAllPass")[1]
    instructions = callgrind_atc_counts(
        build, model, out, env, os.path.join(work, "cg.atc"), {"meet": MEET_REQUIREMENTS_SYMBOL}
    )["meet"]
    # Instructions per CPU microsecond of interpreter code on this machine.
    loop = [sys.executable, "-S", "-c", "x = 0\nfor i in range(300000):\n    x += i"]
    calibration = _callgrind_instructions(loop, {}, os.path.join(work, "cg.loop"))
    total = int(
        re.search(r"([\d,]+) \(100\.0+%\)\s+PROGRAM TOTALS", calibration).group(1).replace(",", "")
    )
    cpu = min(median_wall_cpu(lambda: subprocess.run(loop, check=True), 3)[1], 1e9)
    return instructions, calls, total / (cpu * 1e6)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build/integ", help="CMake build dir (atc, test_opp)")
    parser.add_argument("--blocks", type=int, default=33333, help="Add+Relu blocks (3 IR nodes)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--callgrind", action="store_true", help="measure the callback round trip with callgrind"
    )
    parser.add_argument(
        "--cold-start-only",
        action="store_true",
        help="skip the Python vs C++ pass ratio on the big graph (minutes per run)",
    )
    parser.add_argument(
        "--no-bytecode",
        action="store_true",
        help="keep PYTHONDONTWRITEBYTECODE as set (default: unset it for the children)",
    )
    args = parser.parse_args()
    if not args.no_bytecode:
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    build = os.path.abspath(args.build)
    info = {"ASCEND_GLOBAL_LOG_LEVEL": "1"}
    no_opp = {"ASCEND_OPP_PATH": "/nonexistent"}
    load_before = os.getloadavg()
    # The interpreter atc starts is the python3 first on PATH: make it this one (as a venv would).
    own_path = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
    found = shutil.which("python3")
    other_python3 = found and os.path.realpath(found) != os.path.realpath(sys.executable)
    with tempfile.TemporaryDirectory(prefix="bench_bridge_") as work:
        big = os.path.join(work, "chain.onnx")
        nonzero = os.path.join(work, "chain_nonzero.onnx")
        tiny = os.path.join(work, "tiny.onnx")
        chain_model(big, args.blocks)
        chain_model(nonzero, args.blocks, constant=1.0)
        chain_model(tiny, 1)
        trivial = os.path.join(work, "trivial_pass.py")
        rejecting = os.path.join(work, "reject_all_pass.py")
        with open(trivial, "w") as f:
            f.write(TRIVIAL_PASS)
        with open(rejecting, "w") as f:
            f.write(REJECTING_PASS)
        out = os.path.join(work, "out")

        py = {"PATH": own_path}
        if not args.cold_start_only:
            cpp_env = {**info, "ASCEND_OPP_PATH": os.path.join(build, "test_opp")}
            cpp_us, cpp_matches = pass_time_us(atc(build, big, out, cpp_env), "AddZeroFusionPass")
            cpp_cpu = CPU_SECONDS["last"]
            py_env = {**info, **no_opp, **py, "ASCEND_GE_PY_PASS_PATH": ADD_ZERO_PY}
            py_us, py_matches = pass_time_us(atc(build, big, out, py_env), "PythonAddZeroPass")
            py_cpu = CPU_SECONDS["last"]
        round_trip = None
        if args.callgrind:
            small = os.path.join(work, "chain_nonzero_small.onnx")
            chain_model(small, 300, constant=1.0)
            reject_env = {**info, **no_opp, **py, "ASCEND_GE_PY_PASS_PATH": rejecting}
            round_trip = callgrind_round_trip(build, small, out, reject_env, work)

        plain_env = {**no_opp, **py, "ASCEND_GE_PY_PASS_PATH": ""}
        trivial_env = {**no_opp, **py, "ASCEND_GE_PY_PASS_PATH": trivial}
        atc_plain = median_wall_cpu(lambda: atc(build, tiny, out, plain_env), args.repeat)
        atc_trivial = median_wall_cpu(lambda: atc(build, tiny, out, trivial_env), args.repeat)
        # The split comes from separate INFO-level runs: logging is not part of the timings.
        split_env = {**trivial_env, **info}
        atc_split = median_split([atc(build, tiny, out, split_env) for _ in range(args.repeat)])
        empty_cache = {**split_env, "XDG_CACHE_HOME": os.path.join(work, "empty_cache")}
        uncached = cold_start_split(atc(build, tiny, out, empty_cache)).get("probe", 0)
        atc_shim = None
        if other_python3:
            shim_env = {**no_opp, "ASCEND_GE_PY_PASS_PATH": trivial}
            atc_shim = median_wall_cpu(lambda: atc(build, tiny, out, shim_env), args.repeat)
        pyatc_seconds(tiny, out, plain_env)  # warm-up runs, untimed
        pyatc_seconds(tiny, out, trivial_env)
        pyatc_plain = [pyatc_seconds(tiny, out, plain_env) for _ in range(args.repeat)]
        pyatc_trivial = [pyatc_seconds(tiny, out, trivial_env) for _ in range(args.repeat)]
        pyatc_split_runs = []
        for _ in range(args.repeat):
            pyatc_seconds(tiny, out, split_env)
            pyatc_split_runs.append(PYATC_RUNS["last"])
        pyatc_split = median_split(pyatc_split_runs)
    load_after = os.getloadavg()

    def med(samples, index):
        return statistics.median(sample[index] for sample in samples)

    ir_nodes = 3 * args.blocks + 2
    rows = [("python", f"{sys.executable} (bytecode {'off' if args.no_bytecode else 'on'})")]
    if not args.cold_start_only:
        rows += [
            ("graph", f"{ir_nodes} IR nodes, {args.blocks} Add(x, 0) matches"),
            (
                "C++ AddZeroFusionPass",
                f"{cpp_us / 1e3:.1f} ms ({cpp_matches} matched; atc CPU {cpp_cpu:.2f} s)",
            ),
            (
                "Python PythonAddZeroPass",
                f"{py_us / 1e3:.1f} ms ({py_matches} matched; atc CPU {py_cpu:.2f} s)",
            ),
            ("ratio Python / C++", f"{py_us / max(cpp_us, 1):.2f}x   (target <= 3x)"),
        ]
    rows += [
        (
            "atc cold start, trivial pass",
            f"+{(atc_trivial[0] - atc_plain[0]) * 1e3:.0f} ms wall ({atc_plain[0] * 1e3:.0f} -> "
            f"{atc_trivial[0] * 1e3:.0f} ms), +{(atc_trivial[1] - atc_plain[1]) * 1e3:.0f} ms CPU"
            f"   (budget <= 200 ms)",
        ),
        ("  split (ms, median, wall)", atc_split),
        ("  probe with an empty cache", f"{uncached / 1e3:.1f} ms"),
    ]
    if round_trip is not None:
        instructions, calls, per_us = round_trip
        rows.append(
            (
                "meet_requirements round trip",
                f"{instructions / calls:.0f} instructions/call over {calls} calls = "
                f"{instructions / calls / per_us:.2f} us at {per_us:.0f} instr/us (callgrind)"
                f"   (target <= 5 us)",
            )
        )
    if atc_shim is not None:
        rows.append(
            (
                f"  same, python3 = {found}",
                f"+{(atc_shim[0] - atc_plain[0]) * 1e3:.0f} ms wall, "
                f"+{(atc_shim[1] - atc_plain[1]) * 1e3:.0f} ms CPU",
            )
        )
    rows += [
        (
            "pyatc extra, trivial pass",
            f"+{(med(pyatc_trivial, 0) - med(pyatc_plain, 0)) * 1e3:.0f} ms wall "
            f"({med(pyatc_plain, 0) * 1e3:.0f} -> {med(pyatc_trivial, 0) * 1e3:.0f} ms), "
            f"+{(med(pyatc_trivial, 1) - med(pyatc_plain, 1)) * 1e3:.0f} ms CPU of the process"
            f"   (budget <= 100 ms)",
        ),
        ("  split (ms, median, wall)", pyatc_split),
        ("load average", f"{load_before[0]:.2f} before, {load_after[0]:.2f} after"),
    ]
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name.ljust(width)}  {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
