"""Runs the matcher benchmark end to end and prints the figures of its targets (bench/README.md).

One run measures, side by side on the same machine state:
  * the C++ passes (matcher_bench.cc: Add-zero + MatMul+Add->GEMM plugins) on graphs of 1k, 10k,
    100k and 1M IR nodes;
  * onnxscript's pattern rewriter with the same two rules on the 10k and 100k graphs
    (onnxscript_bench.py), in a private venv this script creates (onnx + onnxscript).

Both sides report wall and CPU (user + sys) time: the machine is shared, so wall time mostly
measures waiting for a core; CPU time is the fair comparison. The load average is printed
before and after.

Each C++ size runs in a process of its own, as a compile does (one graph per atc process): timed
one after another in one process, the 1M graph was built on a heap the smaller runs had left
fragmented. Every size runs --repeat times, the sizes taking turns, and the tables give medians.
The C++ rows also split CPU into user and system time and count minor page faults: on a large
graph the system time is the kernel handing out fresh pages for the memory the rewrite adds.

Usage (from the repository root, after building ge_compiler and the sample plugins):
  python3 bench/matcher/run_bench.py [--build build/integ] [--venv DIR] [--sizes ...]
      [--repeat N] [--baseline-build DIR | --baseline-lib DIR]

A baseline is an older version timed in the same run, its processes taking turns with this
version's (size by size, round by round), so both see the same machine state:
  --baseline-build DIR  the CMake build dir of an older checkout (ge_compiler and the sample
                        plugins built): its bench is compiled from that checkout's sources and
                        headers and uses its plugins, so any change of layout is fine;
  --baseline-lib DIR    only an older libge_compiler.so, loaded by this version's bench: valid
                        only while the graph-core headers the bench inlines keep their layout.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
IR_NODES_PER_BLOCK = 6


def log(message: str) -> None:
    print(message, flush=True)


def ensure_venv(venv: Path) -> Path:
    python = venv / "bin" / "python"
    probe = [str(python), "-c", "import onnx, onnxscript, onnx_ir"]
    if python.exists() and subprocess.run(probe, capture_output=True).returncode == 0:
        return python
    log(f"creating venv {venv} (onnx, onnxscript)")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(python), "-m", "pip", "install", "-q", "onnx", "onnxscript", "numpy"]
    subprocess.run(pip, check=True)
    return python


def build_cpp(build: Path, out: Path, root: Path = ROOT) -> None:
    """Compiles `root`'s matcher_bench.cc against `root`'s headers and `build`'s library."""
    lib_dir = build / "compiler"
    if not (lib_dir / "libge_compiler.so").exists():
        raise SystemExit(f"{lib_dir}/libge_compiler.so not found: build ge_compiler first")
    bench = root / "bench" / "matcher"
    command = [
        "g++", "-O2", "-std=c++17",
        f"-I{root / 'compiler' / 'include'}", f"-I{root / 'compiler'}", f"-I{bench}",
        str(bench / "matcher_bench.cc"),
        f"-L{lib_dir}", "-lge_compiler", f"-Wl,-rpath,{lib_dir}", "-o", str(out),
    ]  # fmt: skip
    subprocess.run(command, check=True)


def source_root_of(build: Path) -> Path:
    """The source tree a CMake build dir was configured from (CMakeCache.txt)."""
    cache = build / "CMakeCache.txt"
    if not cache.is_file():
        raise SystemExit(f"{cache} not found: --baseline-build must be a CMake build dir")
    for line in cache.read_text().splitlines():
        if line.startswith("CMAKE_HOME_DIRECTORY:"):
            return Path(line.split("=", 1)[1])
    raise SystemExit(f"{cache} names no CMAKE_HOME_DIRECTORY")


def run_timed(command: list[str], env: dict[str, str] | None = None) -> tuple[str, float, float]:
    """Runs `command`; returns its stdout, wall seconds and CPU seconds (user + sys)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise SystemExit(f"{command[0]} failed ({result.returncode}):\n{result.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return result.stdout, wall, cpu


CPP_COLUMNS = (
    ("after", int), ("wall_ms", float), ("cpu_ms", float), ("ns_wall", float), ("ns_cpu", float),
    ("gemm", int), ("add", int), ("user_ms", float), ("sys_ms", float), ("faults", int),
)  # fmt: skip


def parse_cpp(output: str) -> dict[int, dict[str, float]]:
    """matcher_bench's rows by node count: the columns after `nodes`, as CPP_COLUMNS names them."""
    rows = {}
    for line in output.splitlines():
        fields = line.split()
        if len(fields) == len(CPP_COLUMNS) + 1 and fields[0].isdigit():
            rows[int(fields[0])] = {
                name: kind(text) for (name, kind), text in zip(CPP_COLUMNS, fields[1:])
            }
    return rows


class Variant:
    """One version of the C++ side: its bench binary, environment and sizes."""

    def __init__(self, label: str, binary: Path, env: dict[str, str], sizes: list[int]):
        self.label = label
        self.binary = binary
        self.env = env
        self.sizes = sizes
        self.samples: dict[int, list[dict[str, float]]] = {}

    def medians(self) -> dict[int, dict[str, float]]:
        return {
            nodes: {key: statistics.median(row[key] for row in rows) for key in rows[0]}
            for nodes, rows in self.samples.items()
        }


def run_cpp_variants(variants: list[Variant], repeat: int) -> None:
    """Each size in a fresh process, `repeat` rounds; within a round the sizes take turns, and
    for each size the variants take turns, so a baseline sees the same machine state. The turn
    order flips every round: whoever runs second runs on warmer caches and page pools."""
    sizes = sorted({size for variant in variants for size in variant.sizes})
    for round_index in range(repeat):
        turn = variants if round_index % 2 == 0 else variants[::-1]
        for size in sizes:
            for variant in turn:
                if size not in variant.sizes:
                    continue
                output, _, _ = run_timed([str(variant.binary), str(size)], variant.env)
                for nodes, row in parse_cpp(output).items():
                    variant.samples.setdefault(nodes, []).append(row)
                    log(
                        f"{variant.label} round {round_index + 1}: {nodes} nodes, "
                        f"{row['ns_cpu']:.0f} ns/node CPU (user {row['user_ms']:.1f} ms, "
                        f"sys {row['sys_ms']:.1f} ms, {row['faults']} faults)"
                    )


def parse_onnxscript(output: str) -> dict[str, float]:
    values = {}
    for token in output.split():
        if "=" in token:
            key, value = token.split("=", 1)
            try:
                values[key] = float(value)
            except ValueError:
                pass
    return values


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build/integ", help="CMake build dir (tests on)")
    parser.add_argument(
        "--venv", default=os.path.join(tempfile.gettempdir(), "ge_py_matcher_bench_venv")
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 100000, 1000000])
    parser.add_argument(
        "--repeat", type=int, default=5, help="C++ runs per size (fresh process each; medians)"
    )
    parser.add_argument(
        "--onnxscript-sizes", type=int, nargs="+", default=[10000, 100000], help="IR nodes"
    )
    baseline_source = parser.add_mutually_exclusive_group()
    baseline_source.add_argument(
        "--baseline-build",
        help="CMake build dir of an older checkout to time side by side (before/after)",
    )
    baseline_source.add_argument(
        "--baseline-lib",
        help="dir with an older libge_compiler.so of the same header layout (before/after)",
    )
    parser.add_argument(
        "--baseline-sizes", type=int, nargs="+", default=[10000, 100000], help="IR nodes"
    )
    args = parser.parse_args()
    build = (ROOT / args.build).resolve()
    opp = build / "test_opp"
    if not opp.is_dir():
        raise SystemExit(f"{opp} not found: build the sample plugins (loader_test) first")

    python = ensure_venv(Path(args.venv))
    binary = build / "matcher_bench"
    build_cpp(build, binary)
    log(f"load average before: {os.getloadavg()}")

    env = dict(os.environ, ASCEND_OPP_PATH=str(opp))
    repeat = max(1, args.repeat)
    variants = [Variant("C++", binary, env, args.sizes)]
    if args.baseline_build:
        base_build = Path(args.baseline_build).resolve()
        base_binary = Path(tempfile.gettempdir()) / "ge_py_matcher_bench_baseline"
        build_cpp(base_build, base_binary, source_root_of(base_build))
        base_env = dict(os.environ, ASCEND_OPP_PATH=str(base_build / "test_opp"))
        variants.append(Variant("baseline", base_binary, base_env, args.baseline_sizes))
    elif args.baseline_lib:
        lib_dir = str(Path(args.baseline_lib).resolve())
        # The bench's RUNPATH names the build dir; LD_LIBRARY_PATH takes precedence over it, and
        # the plugins bind to the library already loaded (same soname).
        base_env = dict(env, LD_LIBRARY_PATH=lib_dir)
        variants.append(Variant("baseline", binary, base_env, args.baseline_sizes))
    run_cpp_variants(variants, repeat)
    cpp = variants[0].medians()
    baseline = variants[1].medians() if len(variants) > 1 else {}

    onnx_rows = {}
    for nodes in args.onnxscript_sizes:
        blocks = nodes // IR_NODES_PER_BLOCK
        out, wall, cpu = run_timed([str(python), str(HERE / "onnxscript_bench.py"), str(blocks)])
        log(out.rstrip())
        log(f"onnxscript process: wall {wall:.1f} s, CPU {cpu:.1f} s (incl. model building)")
        onnx_rows[nodes] = parse_onnxscript(out)
    log(f"load average after: {os.getloadavg()}")

    log(
        "\n| IR nodes | C++ ns/node wall | C++ ns/node CPU | onnxscript ns/node wall "
        "| onnxscript ns/node CPU | speed-up wall | speed-up CPU |"
    )
    log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for nodes, row in sorted(cpp.items()):
        ref = next((v for k, v in onnx_rows.items() if abs(k - nodes) <= IR_NODES_PER_BLOCK), None)
        cells = [f"{nodes}", f"{row['ns_wall']:.0f}", f"{row['ns_cpu']:.0f}"]
        if ref:
            ref_wall = ref["ns_per_ir_node_wall"]
            ref_cpu = ref["ns_per_ir_node_cpu"]
            cells += [
                f"{ref_wall:.0f}", f"{ref_cpu:.0f}",
                f"{ref_wall / row['ns_wall']:.1f}x", f"{ref_cpu / row['ns_cpu']:.1f}x",
            ]  # fmt: skip
        else:
            cells += ["-", "-", "-", "-"]
        log("| " + " | ".join(cells) + " |")
    if baseline:
        log("\n| IR nodes | baseline ns/node CPU | this ns/node CPU | CPU ratio | wall ratio |")
        log("| ---: | ---: | ---: | ---: | ---: |")
        for nodes, row in sorted(baseline.items()):
            now = cpp.get(nodes)
            if now:
                cpu_ratio = row["ns_cpu"] / now["ns_cpu"]
                wall_ratio = row["ns_wall"] / now["ns_wall"]
                log(
                    f"| {nodes} | {row['ns_cpu']:.0f} | {now['ns_cpu']:.0f} "
                    f"| {cpu_ratio:.2f}x | {wall_ratio:.2f}x |"
                )
    log(
        "\n| IR nodes | C++ ns/node user | C++ ns/node sys | minor faults | faults per node "
        "| heap pages faulted in (MB) |"
    )
    log("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for nodes, row in sorted(cpp.items()):
        log(
            f"| {nodes} | {row['user_ms'] * 1e6 / nodes:.0f} | {row['sys_ms'] * 1e6 / nodes:.0f} "
            f"| {row['faults']:.0f} | {row['faults'] / nodes:.3f} "
            f"| {row['faults'] * resource.getpagesize() / 2**20:.0f} |"
        )
    small_nodes = next((nodes for nodes in cpp if abs(nodes - 10000) <= 6), None)
    small = cpp.get(small_nodes) if small_nodes else None
    large = cpp.get(max(cpp)) if cpp else None
    if small and large and large is not small:
        user_ratio = (large["user_ms"] / max(cpp)) / (small["user_ms"] / small_nodes)
        log(
            f"\nper-node ratio {max(cpp)}/10k (medians of {repeat}): "
            f"CPU {large['ns_cpu'] / small['ns_cpu']:.2f} (target <= 1.5), "
            f"wall {large['ns_wall'] / small['ns_wall']:.2f}, "
            f"user time only {user_ratio:.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
