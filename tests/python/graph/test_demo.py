"""The ge-demo console script (src/ge/_demo.py)."""

from __future__ import annotations

import pytest


def test_demo_builds_saves_loads_and_prints(es, capsys):
    pytest.importorskip("ge.es.all", reason="generated ES op functions are not available")
    from ge import _demo

    assert _demo.main([]) == 0
    out = capsys.readouterr().out
    summary = out.strip().splitlines()[-1]
    assert summary.startswith("graph 'demo_graph': ")
    for op_type in ("Data", "Const", "MatMul", "Add", "Relu", "NetOutput"):
        assert op_type in summary
    assert "MatMul" in out.split(summary)[0]  # the readable dump precedes the summary
