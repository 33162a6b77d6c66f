"""End-to-end: which interpreter native atc embeds, and the on-disk cache of its probe.

atc has no Python of its own: it asks the target interpreter (``GE_PY_PASS_PYTHON``, else
``python3`` on PATH) for its version and libpython with a ``python -S`` child, and keeps that
answer in the per-user cache dir so later compiles skip the child. These tests run the real atc
with a private cache dir and check the compiled graph plus the loader's INFO lines.
"""

from __future__ import annotations

import os
import sys

from test_atc_python_passes import EXAMPLES, SUCCESS, compile_with_passes, om_ops, types_of

ADD_ZERO_PASS = os.path.join(EXAMPLES, "add_zero_pass.py")
RAN_PROBE = "(ran the interpreter, answer cached on disk)"
CACHE_HIT = "(disk cache hit)"


def _compile(run_atc, models, tmp_path, cache_dir, name):
    env = {
        "XDG_CACHE_HOME": str(cache_dir),
        "GE_PY_PASS_PYTHON": sys.executable,  # as is: a venv's python must stay the venv's
        "PATH": "/nonexistent",  # the explicit interpreter needs no PATH lookup
        "ASCEND_GLOBAL_LOG_LEVEL": "1",
    }
    out_dir = tmp_path / name
    out_dir.mkdir()
    run, om = compile_with_passes(run_atc, models, "add_zero.onnx", out_dir, ADD_ZERO_PASS, env=env)
    assert run.returncode == 0 and SUCCESS in run.output, run.output
    assert types_of(om_ops(run_atc, om, tmp_path)) == ["Data", "NetOutput"]
    return run.output


def _cache_files(cache_dir):
    probe_dir = cache_dir / "ge_py" / "python_probe"
    return sorted(probe_dir.iterdir()) if probe_dir.is_dir() else []


def test_probe_runs_once_then_comes_from_the_disk_cache(run_atc, models, tmp_path):
    cache_dir = tmp_path / "cache"
    first = _compile(run_atc, models, tmp_path, cache_dir, "first")
    assert RAN_PROBE in first, first
    assert f"probe of {sys.executable} (GE_PY_PASS_PYTHON={sys.executable})" in first, first
    (entry,) = _cache_files(cache_dir)
    stored = entry.read_text()
    assert f"command={sys.executable}\n" in stored

    second = _compile(run_atc, models, tmp_path, cache_dir, "second")
    assert CACHE_HIT in second and RAN_PROBE not in second, second


def test_damaged_cache_file_is_reported_and_probed_again(run_atc, models, tmp_path):
    cache_dir = tmp_path / "cache"
    _compile(run_atc, models, tmp_path, cache_dir, "first")
    (entry,) = _cache_files(cache_dir)
    good = entry.read_text()
    entry.write_text(good[: len(good) // 2])  # truncated mid-way

    output = _compile(run_atc, models, tmp_path, cache_dir, "after_damage")
    assert f"Python probe cache file {entry} is damaged" in output, output
    assert RAN_PROBE in output, output
    assert entry.read_text() == good  # rewritten


def test_unusable_ge_py_pass_python_is_named(run_atc, models, tmp_path):
    missing = str(tmp_path / "no_python_here")
    env = {"GE_PY_PASS_PYTHON": missing, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    run, om = compile_with_passes(
        run_atc, models, "add_zero.onnx", tmp_path, ADD_ZERO_PASS, env=env
    )
    assert run.returncode == 0, run.output  # Python passes off, C++ passes still run
    assert "Python passes are disabled" in run.output
    assert f"GE_PY_PASS_PYTHON={missing} is not an executable file" in run.output, run.output
    assert "Add" in types_of(om_ops(run_atc, om, tmp_path))
