"""Shared fixtures for ge.passes tests: every test starts and ends with empty global state."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest


def _purge_pass_modules():
    from ge.passes import _bridge

    _bridge.clear_loaded_pass_modules()


@pytest.fixture(autouse=True)
def clean_pass_state(monkeypatch):
    """No path variables, no registrations, no holders, no plugin modules."""
    from ge.passes import _bridge, registry

    monkeypatch.delenv("ASCEND_GE_PY_PASS_PATH", raising=False)
    monkeypatch.delenv("GE_PY_PASS_ARTIFACT_ROOT", raising=False)
    registry.clear_registered_passes()
    _bridge.clear_pass_holders()
    _purge_pass_modules()
    yield
    registry.clear_registered_passes()
    _bridge.clear_pass_holders()
    _purge_pass_modules()


@pytest.fixture
def write_plugin(tmp_path):
    """Write a plugin file (dedented) under tmp_path and return its path."""

    def write(relative: str, source: str) -> Path:
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source), encoding="utf-8")
        return path

    return write


@pytest.fixture
def sys_path_snapshot():
    before = list(sys.path)
    yield before
    sys.path[:] = before
