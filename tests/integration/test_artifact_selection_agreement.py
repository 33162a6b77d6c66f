"""Both entry points of artifact selection choose the same set for the same inputs: Python's
``ensure_native_module()`` (ctypes over the C API) and the compiler's bridge loader in atc (no
Python in the process) and in pyatc (inside a Python process). One root holds decoys (another
tag, a broken manifest, another bridge ABI) and two valid copies of this interpreter's set; the
first valid copy by name must win everywhere.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest
from child_process import ge_pythonpath

from ge.passes import _artifact_utils

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ADD_ZERO_PASS = os.path.join(_REPO, "examples", "fusion_pass", "add_zero_pass.py")
NATIVE_NAME = "_ge_pass_native.so"

# A plugin that records which native module the bridge imported in this compile.
REPORT_PLUGIN = """
import os, sys
with open(os.environ["GE_PY_TEST_NATIVE_REPORT"], "a") as out:
    out.write(os.path.realpath(sys.modules["ge.passes._ge_pass_native"].__file__) + "\\n")
"""


def _copy_set(source, target, **manifest_changes):
    shutil.copytree(source, target)
    manifest_path = target / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    manifest.update(manifest_changes)
    manifest_path.write_text(json.dumps(manifest))
    return target


@pytest.fixture
def sets(tmp_path):
    real = _artifact_utils.find_prebuilt_artifact()
    if real is None:
        pytest.skip("no artifact set for this interpreter (set GE_PY_PASS_ARTIFACT_ROOT)")
    root = tmp_path / "sets"
    _copy_set(real.root, root / "a_other_tag", python_tag="cp000")
    (root / "b_broken").mkdir()
    (root / "b_broken" / "manifest.json").write_text("{")
    _copy_set(real.root, root / "c_other_abi", bridge_abi=2)
    first = _copy_set(real.root, root / "d_first")
    _copy_set(real.root, root / "e_second")
    return root, str((first / NATIVE_NAME).resolve())


def _env(tmp_path, root, report):
    plugin = tmp_path / "report_native.py"
    plugin.write_text(REPORT_PLUGIN)
    env = dict(os.environ)
    env.update(
        {
            "GE_PY_PASS_ARTIFACT_ROOT": str(root),
            "XDG_CACHE_HOME": str(tmp_path / "xdg_cache"),
            "PYTHONPATH": ge_pythonpath(),
            # atc probes the python3 on PATH: this interpreter.
            "PATH": os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", ""),
            "ASCEND_GE_PY_PASS_PATH": os.pathsep.join([ADD_ZERO_PASS, str(plugin)]),
            "ASCEND_GLOBAL_LOG_LEVEL": "1",
            "GE_PY_PASS_STRICT": "1",
            "GE_PY_TEST_NATIVE_REPORT": str(report),
        }
    )
    return env


def test_python_atc_and_pyatc_load_the_same_set(sets, models, atc_path, tmp_path):
    root, expected_native = sets
    report = tmp_path / "native_report.txt"
    env = _env(tmp_path, root, report)
    model = os.path.join(models, "add_zero.onnx")

    python = subprocess.run(
        [
            sys.executable,
            "-c",
            "import os; from ge.passes.runtime import ensure_native_module; "
            "print(os.path.realpath(ensure_native_module().__file__))",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert python.returncode == 0, python.stderr
    assert python.stdout.strip().splitlines()[-1] == expected_native

    compile_args = [f"--model={model}", "--framework=5", "--soc_version=Ascend910B1"]
    atc = subprocess.run(
        [atc_path, *compile_args, f"--output={tmp_path / 'atc_out'}"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert atc.returncode == 0, atc.stdout + atc.stderr
    bridge = os.path.join(os.path.dirname(expected_native), "libge_python_pass_bridge.so")
    assert f"Loaded python pass bridge[{bridge}]" in atc.stdout + atc.stderr

    pyatc = subprocess.run(
        [sys.executable, "-m", "ge.pyatc", *compile_args, f"--output={tmp_path / 'pyatc_out'}"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert pyatc.returncode == 0, pyatc.stdout + pyatc.stderr
    assert report.read_text().splitlines() == [expected_native, expected_native]
