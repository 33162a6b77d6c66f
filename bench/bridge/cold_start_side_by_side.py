"""Cold start of a trivial Python pass, two Python trees side by side.

On a shared machine the speed changes from one minute to the next, so blocks of runs per tree
(bench_bridge.py --cold-start-only, once per tree) can differ by 2x for unchanged code. Here the
trees alternate inside every round: atc and pyatc run without a pass and with the trivial pass,
for tree A and for tree B (order reversed every other round, one untimed warm-up round); medians
of wall and CPU (user+sys). The extra of a tree is its run with the pass minus its own run
without one. ``--callgrind`` counts instructions instead (one run per case after a warm-up).

    PYTHONPATH=src python3 bench/bridge/cold_start_side_by_side.py --build build/integ \\
        --tree old:/tmp/old/src:/tmp/old/python_pass_artifacts \\
        --tree new:src:build/integ/python_pass_artifacts --rounds 15

A tree is NAME:SRC[:ARTIFACT_ROOT[:BUILD]] (the ge package dir and, optionally, the bridge/native
artifact set built from that tree and the build dir whose atc and libge_compiler.so it runs
instead of --build's, so that two checkouts of the compiler can be compared). The pyatc figure is
a whole ``python -c`` process calling the in-process compile, so "plain" (no pass) includes the
Python start and the ge imports.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_bridge import TRIVIAL_PASS, chain_model  # noqa: E402

PYATC = """
import ctypes, sys
from ge._capi.pypyatc_wrapper import pyatc_lib
args = [b"pyatc", b"--model=" + sys.argv[1].encode(), b"--framework=5",
        b"--soc_version=Ascend910B1", b"--output=" + sys.argv[2].encode()]
argv = (ctypes.c_char_p * (len(args) + 1))(*args, None)
sys.exit(pyatc_lib.GeApiWrapper_Atc_Main(len(args), argv))
"""


def _run(command, env):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{command[0]} failed:\n{done.stdout}\n{done.stderr}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _instructions(command, env, out_file):
    _run(command, env)  # warm: bytecode written, page cache filled
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}", *command],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return int(re.search(r"refs:\s+([\d,]+)", done.stderr).group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default="build/integ")
    parser.add_argument(
        "--tree", action="append", required=True, help="NAME:SRC[:ARTIFACT_ROOT[:BUILD]]"
    )
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--callgrind", action="store_true")
    args = parser.parse_args()
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # children run with bytecode, as installed
    build = os.path.abspath(args.build)
    trees = {}
    for spec in args.tree:
        name, src, *rest = spec.split(":")
        artifacts = os.path.abspath(rest[0]) if rest and rest[0] else ""
        tree_build = os.path.abspath(rest[1]) if len(rest) > 1 else build
        trees[name] = (os.path.abspath(src), artifacts, tree_build)
    base = {
        **os.environ,
        # atc starts the python3 first on PATH: make it this interpreter.
        "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""),
        "ASCEND_OPP_PATH": "/nonexistent",
    }
    print("load average", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    with tempfile.TemporaryDirectory(prefix="cold_side_") as work:
        model, out = os.path.join(work, "tiny.onnx"), os.path.join(work, "out")
        chain_model(model, 1)
        plugin = os.path.join(work, "trivial_pass.py")
        with open(plugin, "w") as f:
            f.write(TRIVIAL_PASS)

        def commands_of(tree):
            tree_build = trees[tree][2]
            return {
                "atc": [
                    os.path.join(tree_build, "compiler", "tools", "atc"),
                    f"--model={model}",
                    "--framework=5",
                    "--soc_version=Ascend910B1",
                    f"--output={out}",
                ],
                "pyatc": [sys.executable, "-c", PYATC, model, out],
            }

        commands = ("atc", "pyatc")
        cases = [(f"{name} plain", name, "") for name in trees]
        cases += [(name, name, plugin) for name in trees]

        def env_of(tree, pass_path):
            src, artifacts, tree_build = trees[tree]
            env = {
                **base,
                "PYTHONPATH": src,
                "ASCEND_GE_PY_PASS_PATH": pass_path,
                "GE_PY_COMPILER_LIB": os.path.join(tree_build, "compiler", "libge_compiler.so"),
            }
            if artifacts:
                env["GE_PY_PASS_ARTIFACT_ROOT"] = artifacts
            return env

        if args.callgrind:
            for what in commands:
                counts = {
                    tag: _instructions(
                        commands_of(tree)[what],
                        env_of(tree, pp),
                        os.path.join(work, f"cg.{what}.{tag}"),
                    )
                    for tag, tree, pp in cases
                }
                for name in trees:
                    plain, with_pass = counts[f"{name} plain"], counts[name]
                    print(
                        f"{what} {name}: plain {plain / 1e6:.2f} M instructions, "
                        f"with the pass {with_pass / 1e6:.2f} M, "
                        f"extra +{(with_pass - plain) / 1e6:.2f} M"
                    )
            return
        results = {}
        for round_index in range(args.rounds + 1):
            for what in commands:
                order = cases if round_index % 2 == 0 else cases[::-1]
                for tag, tree, pp in order:
                    measured = _run(commands_of(tree)[what], env_of(tree, pp))
                    if round_index:  # round 0 warms up
                        results.setdefault((what, tag), []).append(measured)
    print("load average", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    for what in commands:
        median = {
            tag: tuple(statistics.median(m[i] for m in results[(what, tag)]) for i in (0, 1))
            for tag, _, _ in cases
        }
        for name in trees:
            plain, with_pass = median[f"{name} plain"], median[name]
            print(
                f"{what} {name} (medians of {args.rounds}): "
                f"plain {plain[0] * 1e3:.0f} ms wall, {plain[1] * 1e3:.0f} ms CPU; "
                f"with the pass {with_pass[0] * 1e3:.0f} ms wall, {with_pass[1] * 1e3:.0f} ms CPU; "
                f"extra +{(with_pass[0] - plain[0]) * 1e3:.0f} ms wall, "
                f"+{(with_pass[1] - plain[1]) * 1e3:.0f} ms CPU"
            )


if __name__ == "__main__":
    main()
