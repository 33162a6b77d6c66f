"""ge.offline_compile on the real compiler: build -> save -> read back through pyatc --mode=6/1,
option merging, bundles, the atc equivalence, and pass plugins held by the builder session."""

from __future__ import annotations

import ctypes
import json
import os
import subprocess
import sys

import pytest

import ge
from ge.error import GeError
from ge.offline_compile import (
    GraphWithOptions,
    build_finalize,
    build_initialize,
    build_model,
    bundle_build_model,
    bundle_save_model,
    save_model,
)

SOC = {"ge.socVersion": "Ascend910B1"}
_GE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(ge.__file__)))


def pyatc(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """A real ``python -m ge.pyatc`` process on the library under test."""
    full_env = dict(os.environ)
    full_env["PYTHONPATH"] = os.pathsep.join(filter(None, [_GE_ROOT, full_env.get("PYTHONPATH")]))
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "ge.pyatc", *args],
        capture_output=True,
        text=True,
        env=full_env,
        timeout=300,
    )


def to_json(om_path, tmp_path) -> dict:
    out = tmp_path / (os.path.basename(str(om_path)) + ".json")
    run = pyatc("--mode=1", f"--om={om_path}", f"--json={out}")
    assert run.returncode == 0, run.stdout + run.stderr
    return json.loads(out.read_text())


def op_types(document: dict) -> list:
    return [op["type"] for op in document["graph"][0]["op"]]


@pytest.fixture
def session():
    """A builder session for Ascend910B1, always finalized."""
    build_initialize(dict(SOC))
    yield
    build_finalize()


@pytest.fixture
def other_graph(es):
    builder = es.GraphBuilder("other_graph")
    x = builder.create_input(0, name="x", shape=[2, 2])
    return builder.build_and_reset([x * x])


def test_build_save_and_describe(session, add_graph, tmp_path):
    before = add_graph.dump_to_stream()
    model = build_model(add_graph)
    assert model.length > 0
    assert add_graph.dump_to_stream() == before  # a copy was compiled, not the graph
    base = tmp_path / "out" / "model"
    save_model(str(base), model)
    om = tmp_path / "out" / "model.om"
    assert om.stat().st_size == model.get_length()

    info = pyatc("--mode=6", f"--om={om}")
    assert info.returncode == 0, info.stdout + info.stderr
    assert "producer[ge_py offline_compile 0.1.0]" in info.stdout
    assert "soc_version[Ascend910B1]" in info.stdout
    assert "graph_name[test_graph]" in info.stdout
    assert "input  [0]: test_input DT_FLOAT [1, 3, 224, 224]" in info.stdout


def test_graph_options_override_global_options(add_graph, tmp_path):
    build_initialize({**SOC, "ge.oo.level": "O3", "ge.exec.precision_mode": "force_fp32"})
    try:
        model = build_model(add_graph, {"ge.oo.level": "O1"})
    finally:
        build_finalize()
    save_model(str(tmp_path / "m"), model)
    options = to_json(tmp_path / "m.om", tmp_path)["om"]["compile_options"]
    assert options == {
        "ge.exec.precision_mode": "force_fp32",
        "ge.oo.level": "O1",
        "ge.socVersion": "Ascend910B1",
    }


def test_build_model_without_a_session_fails(add_graph):
    build_finalize()  # harmless without a session
    with pytest.raises(
        GeError,
        match=r"^BuildModel failed; BuildModel: the offline builder is not initialized; "
        r"call build_initialize first$",
    ):
        build_model(add_graph)


def test_unknown_soc_version_is_named(add_graph):
    with pytest.raises(GeError, match=r"^BuildInitialize failed; .*ge\.socVersion=Ascend000X"):
        build_initialize({"ge.socVersion": "Ascend000X"})
    build_initialize({})
    try:
        with pytest.raises(GeError, match=r"^BuildModel failed; .*'ge\.socVersion'.* is required"):
            build_model(add_graph)
        with pytest.raises(GeError, match=r"^BuildModel failed; .*ge\.socVersion=Ascend000X"):
            build_model(add_graph, {"ge.socVersion": "Ascend000X"})
    finally:
        build_finalize()


def test_save_model_reports_an_unwritable_path(session, add_graph, tmp_path):
    model = build_model(add_graph)
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(GeError, match=r"^SaveModel failed; output_file=.*file/m; .*cannot"):
        save_model(str(blocker / "m"), model)


def test_offline_compile_gives_the_model_atc_builds(session, add_graph, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    air = tmp_path / "graph.air"
    add_graph.save_to_air(str(air))
    run = pyatc(
        f"--model={air}",
        "--framework=1",
        "--soc_version=Ascend910B1",
        f"--output={tmp_path / 'atc'}",
    )
    assert run.returncode == 0, run.stdout + run.stderr
    from_atc = to_json(tmp_path / "atc.om", tmp_path)

    # The same graph with the options atc recorded (its flag defaults included).
    model = build_model(add_graph, from_atc["om"]["compile_options"])
    save_model(str(tmp_path / "api"), model)
    from_api = to_json(tmp_path / "api.om", tmp_path)
    assert from_api["graph"] == from_atc["graph"]
    assert from_api["om"]["compile_options"] == from_atc["om"]["compile_options"]
    assert from_api["om"]["platform"] == from_atc["om"]["platform"]
    times = {doc["om"]["build_info"]["build_time"] for doc in (from_api, from_atc)}
    assert times == {"2023-11-14T22:13:20Z"}


def test_bundle_build_save_and_describe(session, add_graph, other_graph, tmp_path):
    bundle = bundle_build_model(
        [GraphWithOptions(add_graph), GraphWithOptions(other_graph, {"ge.oo.level": "O1"})]
    )
    with pytest.raises(GeError, match="use bundle_save_model"):
        save_model(str(tmp_path / "wrong"), bundle)
    bundle_save_model(str(tmp_path / "bundle"), bundle)
    om = tmp_path / "bundle.om"
    assert om.stat().st_size == bundle.length

    info = pyatc("--mode=6", f"--om={om}")
    assert info.returncode == 0, info.stdout + info.stderr
    assert "model_num[2]" in info.stdout
    assert "graph_name[test_graph]" in info.stdout
    assert "graph_name[other_graph]" in info.stdout

    models = to_json(om, tmp_path)["bundle"]["models"]
    assert [m["name"] for m in models] == ["test_graph", "other_graph"]
    assert "ge.oo.level" not in models[0]["om"]["compile_options"]
    assert models[1]["om"]["compile_options"]["ge.oo.level"] == "O1"
    assert "Mul" in op_types(models[1])

    single = build_model(add_graph)
    with pytest.raises(GeError, match="use save_model"):
        bundle_save_model(str(tmp_path / "wrong"), single)


def test_bundle_failure_names_the_graph(session, add_graph, other_graph):
    other_graph._handle = ctypes.c_void_p(None)
    other_graph._owns_handle = False
    with pytest.raises(
        GeError,
        match=r"^BundleBuildModel failed; graph_count=2; BundleBuildModel: graph 1: graph "
        r"handle is null$",
    ):
        bundle_build_model([GraphWithOptions(add_graph), GraphWithOptions(other_graph)])


def _test_opp_dir() -> str:
    if os.environ.get("GE_PY_TEST_OPP_DIR"):
        return os.environ["GE_PY_TEST_OPP_DIR"]
    lib = os.environ.get("GE_PY_COMPILER_LIB", "")
    return os.path.join(os.path.dirname(os.path.dirname(lib)), "test_opp") if lib else ""


def test_session_runs_the_cpp_sample_plugins(es, tmp_path, monkeypatch):
    opp = _test_opp_dir()
    plugin = os.path.join(
        opp, "vendors", "alpha", "custom_fusion_passes", "libadd_zero_fusion_pass.so"
    )
    if not os.path.isfile(plugin):
        pytest.skip("the sample C++ plugins are not built (target add_zero_fusion_pass)")
    builder = es.GraphBuilder("add_zero")
    x = builder.create_input(0, name="x", shape=[1, 3, 4, 4])
    graph = builder.build_and_reset([x + builder.create_const_float(0.0)])

    monkeypatch.setenv("ASCEND_OPP_PATH", opp)
    build_initialize(dict(SOC))
    try:
        save_model(str(tmp_path / "rewritten"), build_model(graph))
    finally:
        build_finalize()
    assert "Add" not in op_types(to_json(tmp_path / "rewritten.om", tmp_path))

    monkeypatch.setenv("ASCEND_OPP_PATH", str(tmp_path / "no_opp"))
    build_initialize(dict(SOC))
    try:
        save_model(str(tmp_path / "plain"), build_model(graph))
    finally:
        build_finalize()
    assert "Add" in op_types(to_json(tmp_path / "plain.om", tmp_path))
