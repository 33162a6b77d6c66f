"""Session and add_graph options the host runtime ignores are logged once per key at WARNING level,
from the same table atc uses (compiler/pipeline/host_inert_options.cc). Checked in a child process:
the warnings are once per process, and the log level is read when the library loads."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

_CHILD = textwrap.dedent(
    """
    import numpy as np
    from ge.es import GraphBuilder
    from ge.ge_global import GeApi
    from ge.graph import Tensor
    from ge.session import Session

    GeApi.ge_initialize({"ge.exec.deviceId": "0"})
    b = GraphBuilder("g")
    x = b.create_input(0, name="x", shape=[2])
    graph = b.build_and_reset([x * 2.0])
    inert = {"ge.exec.precision_mode": "allow_fp32_to_fp16", "ge.deterministic": "0"}
    graph_inert = {"ge.exec.disableReuseMemory": "1", "ge.oo.level": "O1"}
    for k in range(3):
        session = Session(inert)
        session.add_graph(1, graph, graph_inert)
        session.add_graph_with_options(2, graph, graph_inert)
        (y,) = session.run_graph(1, [Tensor.from_numpy(np.ones([2], np.float32))])
        assert y.numpy().tolist() == [2.0, 2.0]
    Session()
    GeApi.ge_finalize()
    print("child ok")
    """
)


def _run_child(log_level: str):
    env = dict(os.environ)
    env["ASCEND_GLOBAL_LOG_LEVEL"] = log_level
    env.pop("ASCEND_SLOG_PRINT_TO_STDOUT", None)
    done = subprocess.run(
        [sys.executable, "-c", _CHILD], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "child ok" in done.stdout
    return done.stderr


def test_ignored_session_and_graph_options_warn_once_each():
    err = _run_child("2")
    session = (
        "session option ge.exec.precision_mode=allow_fp32_to_fp16 has no effect on the host "
        "runtime: operator precision is a choice among NPU kernels"
    )
    graph = (
        "graph option ge.exec.disableReuseMemory=1 has no effect on the host runtime: the host "
        "runtime gives every tensor memory of its own"
    )
    assert err.count(session) == 1, err
    assert err.count(graph) == 1, err
    assert all(line.startswith("[WARNING]") for line in err.splitlines() if "has no effect" in line)
    # GE's default value asks for nothing, and the compiler acts on ge.oo.level.
    assert "ge.deterministic" not in err and "ge.oo.level" not in err, err


def test_nothing_is_logged_at_the_default_log_level():
    assert "has no effect" not in _run_child("3")
