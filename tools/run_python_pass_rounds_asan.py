"""Load/compile/unload rounds of a Python pass under AddressSanitizer + LeakSanitizer.

Builds the bridge, the native module (unless ``--bridge-only``) and ``python_pass_rounds``
(compiler/tools/python_pass_rounds.cc) with ``-fsanitize=address`` in a separate tree (default
``build/asan``) against the libge_compiler.so of a normal build (default ``build/integ``: ASan
intercepts its malloc/free, so LeakSanitizer sees its allocations too, but its code is not
instrumented), then runs the driver:
every round is one in-process atc compile of a small Add(x, 0) -> Relu model with
``examples/fusion_pass/add_zero_pass.py`` (bridge + interpreter started in round 1, pass state
reset after every round, interpreter finalised at exit, exactly like native atc).

It runs the driver twice, with ``--short`` rounds and with ``--rounds`` rounds, and fails unless:
- both runs succeed with no AddressSanitizer error;
- LeakSanitizer reports no leak outside the documented suppressions
  (tools/lsan_python_pass.supp: allocations CPython itself never frees at finalisation);
- the suppressed (interpreter) bytes do not grow with the number of rounds, i.e. nothing leaks
  per round even inside the suppressed stacks;
- with the normal build's driver (``python_pass_rounds`` next to ``--compiler-lib``), RSS after
  round 50 and after the last round differ by less than ``--max-rss-growth-kb`` (RSS under ASan
  keeps growing with its stack depot, so it is printed for information only).

CPython is not ASan-built either: its allocations are only intercepted. Not part of CI (it needs
its own build tree). Usage:

    python3 tools/run_python_pass_rounds_asan.py [--build build/asan] [--rounds 200] [--no-build]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

_REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUPPRESSIONS = os.path.join(_REPO, "tools", "lsan_python_pass.supp")
PASS_FILE = os.path.join(_REPO, "examples", "fusion_pass", "add_zero_pass.py")
DRIVER_SOURCE = os.path.join(_REPO, "compiler", "tools", "python_pass_rounds.cc")
# -O1: ASan's recommended level (usable stacks); also far quicker to compile than -O2 on pybind11.
ASAN_FLAGS = "-fsanitize=address -fno-omit-frame-pointer -O1 -g"
SET_NAME = f"cp{sys.version_info[0]}{sys.version_info[1]}-linux-x86_64"


def configure_and_build(build: str, compiler_lib: str, with_native: bool) -> None:
    """The bridge (and the native module when ``with_native``) and the driver with ASan, against
    ``compiler_lib``; then the artifact set ``<build>/sets/<tag>`` the driver loads."""
    if not os.path.isfile(os.path.join(build, "build.ninja")):
        subprocess.run(
            [
                "cmake",
                "-S",
                _REPO,
                "-B",
                build,
                "-G",
                "Ninja",
                "-DCMAKE_BUILD_TYPE=None",
                "-DGE_BUILD_COMPILER=OFF",
                f"-DGE_COMPILER_LIBRARY={compiler_lib}",
                f"-DGE_COMPILER_INCLUDE_DIR={os.path.join(_REPO, 'compiler', 'include')}",
                "-DGE_BUILD_TESTS=OFF",
                f"-DCMAKE_CXX_FLAGS={ASAN_FLAGS}",
                "-DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=address",
                "-DCMAKE_MODULE_LINKER_FLAGS=-fsanitize=address",
            ],
            check=True,
        )
    targets = ["ge_python_pass_bridge"] + (["_ge_pass_native"] if with_native else [])
    subprocess.run(
        ["nice", "-n", "10", "cmake", "--build", build, "-j2", "--target", *targets], check=True
    )
    lib_dir = os.path.dirname(compiler_lib)
    subprocess.run(
        [
            "nice",
            "-n",
            "10",
            "c++",
            "-std=c++17",
            *ASAN_FLAGS.split(),
            "-I",
            os.path.join(_REPO, "compiler"),
            "-I",
            os.path.join(_REPO, "compiler", "include"),
            DRIVER_SOURCE,
            "-o",
            os.path.join(build, "python_pass_rounds"),
            f"-L{lib_dir}",
            "-lge_compiler",
            f"-Wl,-rpath,{lib_dir}",
        ],
        check=True,
    )
    # The set: ASan bridge, native module (ASan or the normal build's), the normal manifest.
    normal = os.path.join(os.path.dirname(lib_dir), "python_pass_artifacts", SET_NAME)
    built = os.path.join(build, "python_pass_artifacts", SET_NAME)
    target = os.path.join(build, "sets", SET_NAME)
    os.makedirs(target, exist_ok=True)
    for name, source in (
        ("manifest.json", normal),
        ("libge_python_pass_bridge.so", built),
        ("_ge_pass_native.so", built if with_native else normal),
    ):
        shutil.copy2(os.path.join(source, name), os.path.join(target, name))


def write_model(path: str) -> None:
    import numpy as np
    from onnx import TensorProto, helper, numpy_helper, save

    graph = helper.make_graph(
        [
            helper.make_node("Add", ["x", "zero"], ["a"], name="add"),
            helper.make_node("Relu", ["a"], ["y"], name="relu"),
        ],
        "add_zero",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4])],
        initializer=[numpy_helper.from_array(np.zeros((1,), np.float32), "zero")],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    save(model, path)


def run_rounds(
    build: str,
    compiler_lib: str,
    rounds: int,
    model: str,
    out: str,
    full_stacks: bool = False,
    driver: str | None = None,
    artifact_root: str | None = None,
) -> dict:
    """Runs the driver; returns rss samples, leak summary and the raw output."""
    env = dict(os.environ)
    env.update(
        {
            "ASCEND_GE_PY_PASS_PATH": PASS_FILE,
            "ASCEND_OPP_PATH": "/nonexistent",  # only the Python pass
            "GE_PY_PASS_STRICT": "1",  # a bridge or plugin failure must fail the round
            "GE_PY_PASS_ARTIFACT_ROOT": artifact_root or os.path.join(build, "sets"),
            "GE_PY_COMPILER_LIB": compiler_lib,
            "PYTHONPATH": os.path.join(_REPO, "src"),
            # Every Python object through malloc: LeakSanitizer then sees all of them (pymalloc
            # arenas are mmap-ed and invisible to it), so the 10-vs-200 comparison covers them.
            "PYTHONMALLOC": "malloc",
            # The interpreter must run on the python3 the sets were built for.
            "PATH": os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", ""),
            # quarantine_size_mb: freed blocks are held back (use-after-free detection) up to this
            # size (8 MB); a small quarantine fills within the first rounds, so RSS at round 50 vs
            # the last round shows real growth instead of the quarantine filling up.
            "ASAN_OPTIONS": "detect_leaks=1:halt_on_error=1:abort_on_error=0:"
            "detect_odr_violation=0:alloc_dealloc_mismatch=0:quarantine_size_mb=8",
            "LSAN_OPTIONS": f"suppressions={SUPPRESSIONS}:print_suppressions=1:"
            "report_objects=0:max_leaks=50"
            + ("" if not full_stacks else ":fast_unwind_on_malloc=0"),
        }
    )
    driver = driver or os.path.join(build, "python_pass_rounds")
    done = subprocess.run(
        [driver, str(rounds), model, out], capture_output=True, text=True, env=env, check=False
    )
    text = done.stdout + done.stderr
    rss = {int(r): int(kb) for r, kb in re.findall(r"^RSS (\d+) (\d+)$", done.stdout, re.M)}
    leaked = re.search(r"SUMMARY: AddressSanitizer: (\d+) byte\(s\) leaked in (\d+)", text)
    suppressed = 0
    # print_suppressions lists "<hits> <bytes> <pattern>" per suppression that matched.
    block = text.split("Suppressions used:", 1)
    if len(block) == 2:
        for _hits, size, _pattern in re.findall(r"^\s*(\d+)\s+(\d+)\s+(\S+)\s*$", block[1], re.M):
            suppressed += int(size)
    return {
        "returncode": done.returncode,
        "ok": f"ROUNDS OK {rounds}" in done.stdout,
        "asan_error": "ERROR: AddressSanitizer" in text,
        "leaked_bytes": int(leaked.group(1)) if leaked else 0,
        "leaked_allocations": int(leaked.group(2)) if leaked else 0,
        "suppressed_bytes": suppressed,
        "rss": rss,
        "output": text,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(_REPO, "build", "asan"))
    parser.add_argument(
        "--compiler-lib",
        default=os.path.join(_REPO, "build", "integ", "compiler", "libge_compiler.so"),
        help="the libge_compiler.so of a normal build to link and run against",
    )
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--short", type=int, default=10, help="rounds of the comparison run")
    parser.add_argument("--no-build", action="store_true", help="use an existing build")
    parser.add_argument(
        "--bridge-only",
        action="store_true",
        help="instrument the bridge and the driver only; the native module of the normal build "
        "is used (still intercepted, not instrumented): much quicker to build",
    )
    parser.add_argument("--max-rss-growth-kb", type=int, default=1024)
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    compiler_lib = os.path.abspath(args.compiler_lib)
    if not args.no_build:
        configure_and_build(build, compiler_lib, with_native=not args.bridge_only)
    failures = []
    with tempfile.TemporaryDirectory(prefix="py_pass_rounds_") as work:
        model = os.path.join(work, "add_zero.onnx")
        write_model(model)
        results = {}
        for rounds in (args.short, args.rounds):
            result = run_rounds(build, compiler_lib, rounds, model, os.path.join(work, "out"))
            results[rounds] = result
            print(
                f"rounds={rounds} exit={result['returncode']} ok={result['ok']} "
                f"asan_errors={int(result['asan_error'])} leaked_bytes={result['leaked_bytes']} "
                f"leaked_allocations={result['leaked_allocations']} "
                f"suppressed_interpreter_bytes={result['suppressed_bytes']} rss_kb={result['rss']}"
            )
            if not result["ok"] or result["asan_error"] or result["leaked_bytes"]:
                failures.append(f"{rounds} rounds:\n{result['output'][-6000:]}")
    short, full = results[args.short], results[args.rounds]
    if full["suppressed_bytes"] > short["suppressed_bytes"]:
        failures.append(
            f"suppressed interpreter bytes grow with rounds: {short['suppressed_bytes']} "
            f"({args.short} rounds) -> {full['suppressed_bytes']} ({args.rounds} rounds)"
        )
    # RSS under ASan is not a leak measure (quarantine, and a stack depot that keeps every distinct
    # allocation stack): RSS growth is judged on the normal build's driver, same rounds.
    plain_driver = os.path.join(os.path.dirname(compiler_lib), "tools", "python_pass_rounds")
    if os.path.isfile(plain_driver):
        with tempfile.TemporaryDirectory(prefix="py_pass_rounds_") as work:
            model = os.path.join(work, "add_zero.onnx")
            write_model(model)
            plain = run_rounds(
                build,
                compiler_lib,
                args.rounds,
                model,
                os.path.join(work, "out"),
                driver=plain_driver,
                artifact_root=os.path.join(
                    os.path.dirname(os.path.dirname(compiler_lib)), "python_pass_artifacts"
                ),
            )
        rss = plain["rss"]
        print(f"without ASan: rounds={args.rounds} ok={plain['ok']} rss_kb={rss}")
        if not plain["ok"]:
            failures.append(f"normal driver:\n{plain['output'][-6000:]}")
        elif rss[args.rounds] - rss.get(50, rss[1]) > args.max_rss_growth_kb:
            failures.append(f"RSS grew from {rss.get(50)} kB (round 50) to {rss[args.rounds]} kB")
    else:
        print(f"no {plain_driver}: build the python_pass_rounds target of the normal build")
    for failure in failures:
        print("FAILED:", failure, file=sys.stderr)
    print("PASSED" if not failures else "FAILED")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
