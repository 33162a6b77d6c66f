"""Python Add-zero pass vs the C++ one, for two trees side by side in one run.

Each tree is a (label, build dir, Python src dir) triple; runs alternate between the trees so
that load changes hit both alike. Per tree and graph size it prints the C++ and Python pass
times (atc's FusionStatistics time_us), the ratio, and the CPU (user+sys) and wall time of the
whole atc process; the load average is printed before and after. With --callgrind it also runs
atc under callgrind on a 300-block chain and prints the instructions per match of the Python
pattern-fusion run (match, both hooks, rewrite) and of each hook.

Usage (nice it on a shared machine):
  nice -n 10 python3 bench/bridge/ratio_side_by_side.py \\
      --tree old:/path/old/build:/path/old/src --tree new:build/integ:src \\
      --blocks 3333 --blocks 33333 --rounds 2 [--callgrind]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bench_bridge as bb  # noqa: E402  (the models and the atc runner of the main bench)


def run_pair(build: str, src: str, model: str, out: str) -> dict:
    """C++ and Python pass on ``model`` with ``src`` as the Python tree."""
    own_path = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
    info = {"ASCEND_GLOBAL_LOG_LEVEL": "1", "PYTHONPATH": src}
    cpp_env = {**info, "ASCEND_OPP_PATH": os.path.join(build, "test_opp")}
    py_env = {
        **info,
        "ASCEND_OPP_PATH": "/nonexistent",
        "PATH": own_path,
        "ASCEND_GE_PY_PASS_PATH": bb.ADD_ZERO_PY,
    }
    row = {}
    start = time.perf_counter()
    row["cpp_us"], row["matches"] = bb.pass_time_us(
        bb.atc(build, model, out, cpp_env), "AddZeroFusionPass"
    )
    row["cpp_wall"], row["cpp_cpu"] = time.perf_counter() - start, bb.CPU_SECONDS["last"]
    start = time.perf_counter()
    row["py_us"], py_matches = bb.pass_time_us(
        bb.atc(build, model, out, py_env), "PythonAddZeroPass"
    )
    row["py_wall"], row["py_cpu"] = time.perf_counter() - start, bb.CPU_SECONDS["last"]
    if py_matches != row["matches"]:
        raise RuntimeError(f"match counts differ: C++ {row['matches']}, Python {py_matches}")
    return row


def callgrind_per_match(build: str, src: str, model: str, out: str, work: str) -> dict:
    """Instructions per match (inclusive) of the Python pass's run and hooks under callgrind."""
    own_path = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
    env = {
        "PYTHONPATH": src,
        "ASCEND_OPP_PATH": "/nonexistent",
        "PATH": own_path,
        "ASCEND_GE_PY_PASS_PATH": bb.ADD_ZERO_PY,
    }
    matches = bb.pass_time_us(
        bb.atc(build, model, out, {**env, "ASCEND_GLOBAL_LOG_LEVEL": "1"}), "PythonAddZeroPass"
    )[1]
    counts = bb.callgrind_atc_counts(
        build,
        model,
        out,
        env,
        os.path.join(work, "cg.ratio"),
        {
            "run": bb.PATTERN_FUSION_SYMBOL,
            "meet_requirements": bb.MEET_REQUIREMENTS_SYMBOL,
            "replacement": bb.REPLACEMENT_SYMBOL,
            "atc": "PROGRAM TOTALS",
        },
    )
    per = {name: value / matches for name, value in counts.items()}
    cpp_env = {"PYTHONPATH": src, "ASCEND_OPP_PATH": os.path.join(build, "test_opp")}
    cpp_matches = bb.pass_time_us(
        bb.atc(build, model, out, {**cpp_env, "ASCEND_GLOBAL_LOG_LEVEL": "1"}), "AddZeroFusionPass"
    )[1]
    cpp_run = bb.callgrind_atc_counts(
        build, model, out, cpp_env, os.path.join(work, "cg.cpp"), {"run": bb.PATTERN_FUSION_SYMBOL}
    )["run"]
    per["cpp_run"] = cpp_run / cpp_matches
    per["matches"] = matches
    return per


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tree", action="append", required=True, help="label:build_dir:src_dir (repeatable)"
    )
    parser.add_argument("--blocks", type=int, action="append", help="Add+Relu blocks per chain")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--callgrind", action="store_true")
    args = parser.parse_args()
    trees = []
    for spec in args.tree:
        label, build, src = spec.split(":")
        trees.append((label, os.path.abspath(build), os.path.abspath(src)))
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    print(f"load average before: {os.getloadavg()[0]:.2f}", flush=True)
    with tempfile.TemporaryDirectory(prefix="ratio_sbs_") as work:
        out = os.path.join(work, "out")
        for blocks in args.blocks or [33333]:
            model = os.path.join(work, f"chain_{blocks}.onnx")
            bb.chain_model(model, blocks)
            for round_index in range(args.rounds):
                for label, build, src in trees:
                    load = os.getloadavg()[0]
                    row = run_pair(build, src, model, out)
                    print(
                        f"blocks={blocks} round={round_index + 1} {label:>4}: "
                        f"C++ {row['cpp_us'] / 1e3:8.1f} ms  Python {row['py_us'] / 1e3:8.1f} ms"
                        f"  ratio {row['py_us'] / max(row['cpp_us'], 1):5.2f}x  "
                        f"({row['matches']} matches; atc CPU {row['cpp_cpu']:.2f} / "
                        f"{row['py_cpu']:.2f} s, wall {row['cpp_wall']:.2f} / "
                        f"{row['py_wall']:.2f} s; load {load:.2f})",
                        flush=True,
                    )
        if args.callgrind:
            small = os.path.join(work, "chain_300.onnx")
            bb.chain_model(small, 300)
            for label, build, src in trees:
                per = callgrind_per_match(build, src, small, out, work)
                print(
                    f"callgrind {label:>4}: per match ({per['matches']:.0f} matches) "
                    f"RunPatternFusion {per['run'] / 1e3:.1f}k, meet_requirements "
                    f"{per['meet_requirements'] / 1e3:.1f}k, replacement "
                    f"{per['replacement'] / 1e3:.1f}k; whole atc "
                    f"{per['atc'] * per['matches'] / 1e6:.1f}M; C++ pass RunPatternFusion "
                    f"{per['cpp_run'] / 1e3:.1f}k",
                    flush=True,
                )
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
