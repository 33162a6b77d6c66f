"""Process scenarios of Python passes (docs/architecture.md), each in a real child process:

- pyatc inside a Python program: the bridge attaches to the running interpreter;
- ge.offline_compile and ge.session in a user's program: passes run during build/add_graph;
- hot reload: an edited pass file takes effect in the next compile of the same process;
- repeated load/unload rounds: no growth of Python pass state or memory;
- atc without a Python pass: no interpreter is ever loaded.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(_REPO, "examples", "fusion_pass")


def run_python(script: str, env: dict | None = None, timeout: int = 600):
    full_env = dict(os.environ)
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        capture_output=True,
        text=True,
        env=full_env,
        timeout=timeout,
    )


def om_types(run_atc, om, tmp_path):
    json_path = tmp_path / "om.json"
    run = run_atc("--mode=1", f"--om={om}", f"--json={json_path}")
    assert run.returncode == 0, run.output
    return sorted(op["type"] for op in json.loads(json_path.read_text())["graph"][0]["op"])


def test_pyatc_runs_the_python_pass_in_the_calling_interpreter(run_atc, models, tmp_path):
    out = tmp_path / "gemm"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "ge.pyatc",
            f"--model={os.path.join(models, 'matmul_add.onnx')}",
            "--framework=5",
            "--soc_version=Ascend910B1",
            f"--output={out}",
        ],
        capture_output=True,
        text=True,
        env={
            **os.environ,
            "ASCEND_GE_PY_PASS_PATH": os.path.join(EXAMPLES, "matmul_add_gemm_pass.py"),
        },
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    types = om_types(run_atc, f"{out}.om", tmp_path)
    assert "GEMM" in types and "BatchMatMulV2" not in types


HOT_RELOAD = """
import os, sys
from ge.es import GraphBuilder
from ge.offline_compile import build_initialize, build_model, build_finalize, save_model

pass_file = sys.argv[1] if len(sys.argv) > 1 else os.environ["PASS_FILE"]
template = '''
from ge.passes import DecomposePass, PassStage, register_decompose_pass
from ge.es.all import {op}

@register_decompose_pass(name="SwapRelu", stage=PassStage.BEFORE_INFER_SHAPE, op_types=["Relu"])
class SwapRelu(DecomposePass):
    def replacement(self, node):
        from ge.es import GraphBuilder
        builder = GraphBuilder("swap")
        x = builder.create_input(0)
        return builder.build_and_reset([{op}(x)])
'''

def graph():
    from ge.es.all import Relu
    builder = GraphBuilder("g")
    x = builder.create_input(0, shape=[2, 2])
    return builder.build_and_reset([Relu(x)])

def types_after(op):
    with open(pass_file, "w") as f:
        f.write(template.format(op=op))
    build_initialize({"ge.socVersion": "Ascend910B1"})
    try:
        model = build_model(graph())
        save_model(os.environ["OUT"] + "_" + op, model)
    finally:
        build_finalize()

types_after("Sigmoid")
types_after("Tanh")
print("OK")
"""


def test_edited_pass_file_takes_effect_in_the_next_compile(run_atc, tmp_path):
    pass_file = tmp_path / "swap_relu.py"
    out = tmp_path / "model"
    done = run_python(
        HOT_RELOAD,
        env={
            "ASCEND_GE_PY_PASS_PATH": str(pass_file),
            "PASS_FILE": str(pass_file),
            "OUT": str(out),
        },
    )
    assert done.returncode == 0 and "OK" in done.stdout, done.stdout + done.stderr
    assert "Sigmoid" in om_types(run_atc, f"{out}_Sigmoid.om", tmp_path)
    second = om_types(run_atc, f"{out}_Tanh.om", tmp_path)
    assert "Tanh" in second and "Sigmoid" not in second and "Relu" not in second


SESSION = """
import numpy as np
from ge.es import GraphBuilder
from ge.es.all import Relu
from ge.ge_global import GeApi
from ge.graph import Tensor
from ge.session import Session

GeApi.ge_initialize({"ge.socVersion": "Ascend910B1"})
builder = GraphBuilder("g")
x = builder.create_input(0, shape=[4])
graph = builder.build_and_reset([Relu(x) + 0])
session = Session()
session.add_graph(1, graph)
data = np.array([-1.0, 2.0, -3.0, 4.0], dtype=np.float32)
out = session.run_graph(1, [Tensor.from_numpy(data)])[0].numpy()
assert np.array_equal(out, np.maximum(data, 0)), out
import ge.passes._bridge as bridge
print("HOLDERS", len(bridge._HOLDERS))
del session
GeApi.ge_finalize()
print("OK")
"""


def test_session_compile_runs_python_passes_in_the_user_process(tmp_path):
    done = run_python(
        SESSION,
        env={
            "ASCEND_GE_PY_PASS_PATH": os.path.join(EXAMPLES, "add_zero_pass.py"),
            "ASCEND_GLOBAL_LOG_LEVEL": "1",
        },
    )
    assert done.returncode == 0 and "OK" in done.stdout, done.stdout + done.stderr
    assert "HOLDERS 0" in done.stdout  # the per-Run instance is gone after the compile
    assert "Registered pass[PythonAddZeroPass]" in done.stdout + done.stderr
    assert "Replace [" in done.stdout + done.stderr  # the Add(x, 0) was removed by the pass


ROUNDS = """
import gc, os, resource
from ge.es import GraphBuilder
from ge.offline_compile import build_initialize, build_model, build_finalize
import ge.passes._bridge as bridge
from ge.passes import registry

def graph():
    builder = GraphBuilder("g")
    x = builder.create_input(0, shape=[2, 2])
    return builder.build_and_reset([x + 0])

def rss_kb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() // 1024

samples = {}
for round_index in range(1, int(os.environ["ROUNDS"]) + 1):
    build_initialize({"ge.socVersion": "Ascend910B1"})
    build_model(graph())
    build_finalize()
    assert not bridge._HOLDERS, "holders left after a round"
    assert not registry.get_registered_passes(), "registrations left after a round"
    if round_index in (50, int(os.environ["ROUNDS"])):
        gc.collect()
        samples[round_index] = rss_kb()
print("RSS", samples)
"""


@pytest.mark.slow
def test_200_load_unload_rounds_leave_no_state_and_no_memory_growth():
    done = run_python(
        ROUNDS,
        env={"ASCEND_GE_PY_PASS_PATH": os.path.join(EXAMPLES, "add_zero_pass.py"), "ROUNDS": "200"},
        timeout=900,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    line = next(line for line in done.stdout.splitlines() if line.startswith("RSS"))
    samples = eval(line[4:])  # {50: kb, 200: kb}, written by the child above
    growth_kb = samples[200] - samples[50]
    # 150 rounds, each importing the plugin, compiling with it and resetting: allow allocator
    # noise, not a per-round leak (a 1 KB/round leak would already show as 150 KB).
    assert growth_kb < 1024, f"RSS grew by {growth_kb} KB over 150 rounds: {samples}"


def test_atc_without_python_passes_never_loads_an_interpreter(atc_path, models, tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "ASCEND_GE_PY_PASS_PATH"}
    env["LD_DEBUG"] = "files"
    done = subprocess.run(
        [
            atc_path,
            f"--model={os.path.join(models, 'add_zero.onnx')}",
            "--framework=5",
            "--soc_version=Ascend910B1",
            f"--output={tmp_path / 'plain'}",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr[-2000:]
    loaded = [line for line in done.stderr.splitlines() if "file=" in line]
    assert loaded, "LD_DEBUG output missing"
    assert not [line for line in loaded if "libpython" in line or "python_pass_bridge" in line]


def _ge_only_path(tmp_path) -> str:
    """A directory holding only links to this interpreter's ``ge`` (and ``ge_compiler``) packages:
    both are Python-version neutral, so another CPython can import them from there without seeing
    this environment's version-specific packages (an installed ge lives in a venv of its own)."""
    import importlib.util

    links = tmp_path / "ge_only_path"
    links.mkdir(exist_ok=True)
    for package in ("ge", "ge_compiler"):
        spec = importlib.util.find_spec(package)
        if spec is not None and spec.submodule_search_locations:
            target = list(spec.submodule_search_locations)[0]
            if not (links / package).exists():
                (links / package).symlink_to(target, target_is_directory=True)
    return str(links)


def _other_python(tmp_path):
    """(an installed CPython 3.9+ of another minor version than this one that can import ge,
    the environment to run it with), else ("", {}). pyenv keeps several here."""
    import glob
    import shutil

    mine = f"{sys.version_info[0]}.{sys.version_info[1]}"
    candidates = []
    for minor in ("3.12", "3.13", "3.10", "3.9"):
        if minor == mine:
            continue
        found = shutil.which(f"python{minor}")
        if found:
            candidates.append(found)
        pyenv_root = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
        candidates += sorted(
            glob.glob(os.path.join(pyenv_root, "versions", f"{minor}*", "bin", f"python{minor}"))
        )
    environments = [dict(os.environ), {**os.environ, "PYTHONPATH": _ge_only_path(tmp_path)}]
    for candidate in candidates:
        for env in environments:
            probe = subprocess.run(
                [candidate, "-c", "import sys, ge.pyatc; print(sys.executable)"],
                capture_output=True,
                text=True,
                env=env,
                check=False,
            )
            if probe.returncode == 0 and probe.stdout.strip():
                return probe.stdout.strip(), env
    return "", {}


def test_fallback_codegen_under_another_python_uses_that_interpreter(models, tmp_path):
    other, other_env = _other_python(tmp_path)
    if not other:
        pytest.skip("not on this machine: no second CPython minor version that can import ge")
    empty_root = tmp_path / "no_artifacts"
    empty_root.mkdir()
    done = subprocess.run(
        [
            other,
            "-m",
            "ge.pyatc",
            f"--model={os.path.join(models, 'add_zero.onnx')}",
            "--framework=5",
            "--soc_version=Ascend910B1",
            f"--output={tmp_path / 'out'}",
        ],
        capture_output=True,
        text=True,
        env={
            **other_env,
            "ASCEND_GE_PY_PASS_PATH": os.path.join(EXAMPLES, "add_zero_pass.py"),
            "GE_PY_PASS_ARTIFACT_ROOT": str(empty_root),
            "XDG_CACHE_HOME": str(tmp_path / "cache"),
            # Fail the fallback build fast: the test is about which interpreter runs it.
            "CXX": "/nonexistent/c++",
            "ASCEND_GLOBAL_LOG_LEVEL": "1",
        },
        timeout=300,
    )
    output = done.stdout + done.stderr
    # No set for that python anywhere: the fallback child must be that python, not python3.
    assert f"Running fallback codegen with '{other}'" in output, output[-4000:]
    assert f"`'{other}'` fallback codegen failed" in output, output[-4000:]
    assert "Python passes are disabled" in output and done.returncode == 0, output[-4000:]


CHANGED_PATH = """
import os
import numpy as np
from ge.es import GraphBuilder
from ge.ge_global import GeApi
from ge.graph import Tensor
from ge.session import Session

def graph(name):
    builder = GraphBuilder(name)
    x = builder.create_input(0, shape=[4])
    return builder.build_and_reset([x + 0])

def compile_and_run(session, graph_id, name):
    session.add_graph(graph_id, graph(name))
    session.run_graph(graph_id, [Tensor.from_numpy(np.ones([4], dtype=np.float32))])

GeApi.ge_initialize({"ge.socVersion": "Ascend910B1"})
session = Session()
compile_and_run(session, 1, "first")
os.environ["ASCEND_GE_PY_PASS_PATH"] = os.environ["OTHER_PASS"]
compile_and_run(session, 2, "second")
compile_and_run(session, 3, "third")
del session
GeApi.ge_finalize()
print("OK")
"""


def test_a_pass_path_changed_inside_an_initialized_ge_is_reported_once(tmp_path):
    first = os.path.join(EXAMPLES, "add_zero_pass.py")
    other = str(tmp_path / "other_pass.py")
    done = run_python(
        CHANGED_PATH,
        env={
            "ASCEND_GE_PY_PASS_PATH": first,
            "OTHER_PASS": other,
            "ASCEND_GLOBAL_LOG_LEVEL": "2",
        },
    )
    assert done.returncode == 0 and "OK" in done.stdout, done.stdout + done.stderr
    warning = (
        f"ASCEND_GE_PY_PASS_PATH is now '{other}', but the Python passes of this GE "
        f"initialization were loaded from '{first}'"
    )
    assert (done.stdout + done.stderr).count(warning) == 1, done.stdout + done.stderr
