"""Artifact-set manifests and native-module selection (docs/packaging.md, "Runtime selection").

The decisions (tags, validation, search order, cache keys) are the compiler's, reached through
the C API (ge._capi.pypass_artifacts_wrapper); compiler/python_pass/python_pass_artifacts_test.cc
checks the same cases from the C++ side.
"""

from __future__ import annotations

import json
import platform
import sys
import types
from pathlib import Path

import pytest

from ge._internal import artifact_utils
from ge._internal.artifact_utils import (
    ArtifactManifestError,
    current_platform_tag,
    current_python_tag,
    find_compatible_artifact,
    load_bridge_artifact_manifest,
    load_module_from_path,
    load_native_artifact_manifest,
    read_artifact_manifest,
)
from ge.passes import _artifact_utils, _fallback_build, runtime

TAG = current_python_tag()
PLATFORM = current_platform_tag()


def write_set(directory, *, files=("libge_python_pass_bridge.so", "_ge_pass_native.so"), **over):
    """An artifact set dir with a manifest (fields overridable, None = omitted) and files."""
    directory.mkdir(parents=True, exist_ok=True)
    manifest = {
        "python_tag": TAG,
        "platform": PLATFORM,
        "bridge_abi": 1,
        "artifacts": {"bridge": "libge_python_pass_bridge.so", "native": "_ge_pass_native.so"},
        "python_version": "3.x.y",
        "unknown_key": {"ignored": True},
    }
    for key, value in over.items():
        if value is None:
            manifest.pop(key, None)
        else:
            manifest[key] = value
    (directory / "manifest.json").write_text(json.dumps(manifest, indent=2))
    for name in files:
        (directory / name).write_bytes(b"\x7fELF")
    return directory


@pytest.mark.skipif(
    sys.implementation.name != "cpython",
    reason="not on this machine: the CPython tag format needs CPython",
)
def test_python_tag_is_cp_major_minor_on_cpython():
    assert TAG == f"cp{sys.version_info.major}{sys.version_info.minor}"


def test_platform_tag_is_system_dash_machine():
    assert PLATFORM == f"{platform.system().lower()}-{platform.machine() or 'unknown'}"


def test_valid_manifest_parses_to_resolved_paths(tmp_path):
    root = write_set(tmp_path / "set")
    artifact = read_artifact_manifest(
        root / "manifest.json", abi_key="bridge_abi", require_bridge=True
    )
    assert (artifact.python_tag, artifact.platform_tag, artifact.abi) == (TAG, PLATFORM, 1)
    assert artifact.root == root.resolve()
    assert artifact.native_path == (root / "_ge_pass_native.so").resolve()
    assert artifact.bridge_path == (root / "libge_python_pass_bridge.so").resolve()
    assert artifact.key == f"{TAG}-{PLATFORM}-abi1"


@pytest.mark.parametrize(
    ("overrides", "reason"),
    [
        ({"python_tag": None}, "'python_tag' must be a non-empty string"),
        ({"python_tag": ""}, "'python_tag' must be a non-empty string"),
        ({"platform": 3}, "'platform' must be a non-empty string"),
        ({"bridge_abi": None}, "'bridge_abi' must be a non-negative integer"),
        ({"bridge_abi": "1"}, "'bridge_abi' must be a non-negative integer"),
        ({"bridge_abi": 1.0}, "'bridge_abi' must be a non-negative integer"),
        ({"bridge_abi": -1}, "'bridge_abi' must be a non-negative integer"),
        ({"bridge_abi": True}, "'bridge_abi' must be a non-negative integer"),
        ({"artifacts": ["x"]}, "'artifacts' must be an object"),
        ({"artifacts": {"bridge": "libge_python_pass_bridge.so"}}, "artifacts.'native'"),
        ({"artifacts": {"native": "_ge_pass_native.so", "bridge": ""}}, "artifacts.'bridge'"),
    ],
)
def test_invalid_manifest_fields_are_rejected_with_a_reason(tmp_path, overrides, reason):
    root = write_set(tmp_path / "set", **overrides)
    with pytest.raises(ArtifactManifestError) as info:
        read_artifact_manifest(root / "manifest.json", abi_key="bridge_abi", require_bridge=True)
    assert reason in str(info.value)
    assert str(root / "manifest.json") in str(info.value)
    assert load_bridge_artifact_manifest(root / "manifest.json") is None


def test_invalid_json_and_missing_manifest_are_rejected(tmp_path):
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "manifest.json").write_text("{not json")
    with pytest.raises(ArtifactManifestError, match="invalid JSON"):
        read_artifact_manifest(broken / "manifest.json", abi_key="bridge_abi", require_bridge=True)
    with pytest.raises(ArtifactManifestError, match="cannot read manifest"):
        read_artifact_manifest(tmp_path / "none.json", abi_key="bridge_abi", require_bridge=True)
    (broken / "manifest.json").write_text("[1, 2]")
    with pytest.raises(ArtifactManifestError, match="top level must be a JSON object"):
        read_artifact_manifest(broken / "manifest.json", abi_key="bridge_abi", require_bridge=True)


def test_missing_artifact_files_are_rejected(tmp_path):
    no_bridge = write_set(tmp_path / "no_bridge", files=("_ge_pass_native.so",))
    assert load_bridge_artifact_manifest(no_bridge / "manifest.json") is None
    with pytest.raises(ArtifactManifestError, match=r"artifacts\.bridge file not found"):
        read_artifact_manifest(
            no_bridge / "manifest.json", abi_key="bridge_abi", require_bridge=True
        )
    no_native = write_set(tmp_path / "no_native", files=("libge_python_pass_bridge.so",))
    assert load_bridge_artifact_manifest(no_native / "manifest.json") is None


def test_runtime_sets_use_native_abi_and_need_no_bridge(tmp_path):
    root = write_set(
        tmp_path / "rt",
        files=("_ge_runtime_native.so",),
        bridge_abi=None,
        native_abi=1,
        artifacts={"native": "_ge_runtime_native.so"},
    )
    artifact = load_native_artifact_manifest(root / "manifest.json")
    assert artifact is not None and artifact.bridge_path is None and artifact.abi == 1


def test_iter_artifacts_reads_the_root_then_children_by_name_and_reports_rejections(tmp_path):
    root = write_set(tmp_path / "root")
    write_set(root / "b_set", python_tag="cp000")
    write_set(root / "a_set", platform="other-arch")
    write_set(root / "c_bad", bridge_abi="x")
    write_set(root / "deeper" / "nested")  # only immediate children are looked at
    valid, rejected = _artifact_utils.scan_artifacts(root)
    assert [a.root.name for a in valid] == ["root", "a_set", "b_set"]
    assert len(rejected) == 1 and "c_bad" in rejected[0]
    assert _artifact_utils.iter_artifacts(root) == valid


def test_only_a_set_matching_tag_platform_and_abi_is_compatible(tmp_path):
    write_set(tmp_path / "wrong_tag", python_tag="cp000")
    write_set(tmp_path / "wrong_abi", bridge_abi=2)
    write_set(tmp_path / "wrong_platform", platform="plan9-mips")
    good = write_set(tmp_path / "z_good")
    artifacts = _artifact_utils.iter_artifacts(tmp_path)
    assert find_compatible_artifact(artifacts, 1).root == good.resolve()
    assert find_compatible_artifact(artifacts, 3) is None


def test_artifacts_root_is_next_to_the_package():
    assert _artifact_utils.artifacts_root().parent.name == "passes"
    assert _artifact_utils.artifacts_root().name == "python_pass_artifacts"


def test_load_module_from_path_registers_and_cleans_up(tmp_path):
    good = tmp_path / "good_mod.py"
    good.write_text("VALUE = 3\n")
    bad = tmp_path / "bad_mod.py"
    bad.write_text("raise RuntimeError('bad native')\n")
    try:
        module = load_module_from_path("gepy_test_loaded_module", good)
        assert module.VALUE == 3
        assert load_module_from_path("gepy_test_loaded_module", bad) is module  # existing wins
    finally:
        sys.modules.pop("gepy_test_loaded_module", None)
    with pytest.raises(RuntimeError, match="bad native"):
        load_module_from_path("gepy_test_bad_module", bad)
    assert "gepy_test_bad_module" not in sys.modules
    with pytest.raises(ImportError, match=r"^Cannot create import spec for "):
        load_module_from_path("gepy_test_no_spec", tmp_path / "data.bin")


def test_ensure_native_module_prefers_an_already_imported_module(monkeypatch):
    preloaded = types.ModuleType(runtime.NATIVE_MODULE_NAME)
    monkeypatch.setitem(sys.modules, runtime.NATIVE_MODULE_NAME, preloaded)
    monkeypatch.setattr(runtime, "find_prebuilt_artifact", lambda: pytest.fail("searched"))
    assert runtime.ensure_native_module() is preloaded


def test_ensure_native_module_loads_the_matching_prebuilt_set(monkeypatch, tmp_path):
    root = write_set(tmp_path / "set")
    (root / "_ge_pass_native.so").unlink()
    monkeypatch.delitem(sys.modules, runtime.NATIVE_MODULE_NAME, raising=False)
    loaded = types.ModuleType(runtime.NATIVE_MODULE_NAME)
    requested = []
    monkeypatch.setattr(runtime, "find_prebuilt_artifact", lambda: _fake_artifact(root))
    monkeypatch.setattr(runtime, "load_native_module", lambda p: requested.append(p) or loaded)
    assert runtime.ensure_native_module() is loaded
    assert requested == [root / "_ge_pass_native.so"]


def _fake_artifact(root):
    return artifact_utils.PythonArtifact(
        root=root,
        manifest_path=root / "manifest.json",
        python_tag=TAG,
        platform_tag=PLATFORM,
        abi=1,
        native_path=root / "_ge_pass_native.so",
        bridge_path=root / "libge_python_pass_bridge.so",
    )


def _isolate_search(monkeypatch, tmp_path, package_root):
    """Only the override (if set later) and ``package_root`` besides the build tree next to
    libge_compiler.so: no PYTHONPATH sets, an empty fallback cache."""
    monkeypatch.setattr(_artifact_utils, "artifacts_root", lambda: package_root)
    monkeypatch.setattr(runtime, "artifacts_root", lambda: package_root)
    monkeypatch.delenv("PYTHONPATH", raising=False)
    monkeypatch.delenv(_artifact_utils.ARTIFACT_ROOT_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg_cache"))


def test_ensure_native_module_error_lists_what_was_searched_and_why_it_failed(
    monkeypatch, tmp_path
):
    root = tmp_path / "artifacts"
    write_set(root / "other", python_tag="cp000")
    write_set(root / "broken", bridge_abi="1")
    monkeypatch.delitem(sys.modules, runtime.NATIVE_MODULE_NAME, raising=False)
    _isolate_search(monkeypatch, tmp_path, root)
    monkeypatch.setattr(runtime, "find_prebuilt_artifact", lambda: _fake_artifact(root / "other"))

    def failing_load(path):
        raise OSError("not an ELF file")

    monkeypatch.setattr(runtime, "load_native_module", failing_load)
    with pytest.raises(ImportError) as info:
        runtime.ensure_native_module()
    message = str(info.value)
    assert message.startswith(
        f"Failed to load GE Python pass native artifact for runtime python tag '{TAG}', "
        f"platform '{PLATFORM}', bridge ABI 1. Searched artifact root: "
    )
    searched = message.split("Searched artifact root: ", 1)[1].split(". Discovered", 1)[0]
    assert str(root.resolve()) in searched.split(", ")
    assert f"cp000-{PLATFORM}-abi1" in message.split("Discovered valid artifacts: ", 1)[1]
    assert "Load errors: load native artifact '" in message
    assert "not an ELF file; fallback codegen failed: Fallback codegen unavailable" in message
    assert f"'ge_py_pass_bridge-*-{TAG}-{TAG}-*.whl'" in message
    assert "Rejected artifact sets:" in message and "'bridge_abi' must be" in message


def test_fallback_codegen_reports_missing_resources(monkeypatch, tmp_path):
    monkeypatch.setattr(
        _fallback_build, "embedded_sources_dir", lambda: tmp_path / "fallback_codegen"
    )
    with pytest.raises(RuntimeError) as info:
        runtime.run_fallback_codegen()
    assert str(info.value).startswith(
        "Fallback codegen unavailable: codegen resources are invalid or unavailable."
    )
    assert str(tmp_path / "fallback_codegen") in str(info.value)


def test_python_build_info_describes_this_interpreter():
    info = _fallback_build.interpreter_build_info()
    assert info.tag == TAG
    assert info.executable == sys.executable
    assert info.version.startswith(f"{sys.version_info.major}.{sys.version_info.minor}.")
    assert info.include_dir.is_dir()


def test_artifact_root_override_is_searched_first(monkeypatch, tmp_path):
    override = write_set(tmp_path / "override" / f"{TAG}-{PLATFORM}")
    package_root = write_set(tmp_path / "package" / f"{TAG}-{PLATFORM}").parent
    _isolate_search(monkeypatch, tmp_path, package_root)
    monkeypatch.setenv(_artifact_utils.ARTIFACT_ROOT_ENV, str(override.parent))
    roots = _artifact_utils.search_roots()
    assert roots[0] == override.parent.resolve()
    assert roots[-1] == package_root.resolve()  # the package's own root after the compiler's
    assert _artifact_utils.find_prebuilt_artifact().root == override.resolve()


def test_missing_artifact_root_override_is_reported(monkeypatch, tmp_path):
    missing = tmp_path / "no_such_root"
    empty_root = tmp_path / "package_root"
    empty_root.mkdir()
    _isolate_search(monkeypatch, tmp_path, empty_root)
    monkeypatch.setenv(_artifact_utils.ARTIFACT_ROOT_ENV, str(missing))
    monkeypatch.delitem(sys.modules, runtime.NATIVE_MODULE_NAME, raising=False)
    monkeypatch.setattr(runtime, "find_prebuilt_artifact", lambda: None)

    def no_fallback():
        raise RuntimeError("fallback disabled in this test")

    monkeypatch.setattr(runtime, "run_fallback_codegen", no_fallback)
    with pytest.raises(ImportError) as info:
        runtime.ensure_native_module()
    message = str(info.value)
    searched = message.split("Searched artifact root: ", 1)[1].split(". Discovered", 1)[0]
    assert str(empty_root.resolve()) in searched.split(", ")
    assert str(missing) not in searched.split(", ")
    assert f"GE_PY_PASS_ARTIFACT_ROOT={missing}: not a directory" in message
    assert "fallback codegen failed: fallback disabled in this test" in message


def test_a_published_fallback_set_is_found_by_the_compilers_search(monkeypatch, tmp_path):
    # The writer (run_fallback_codegen's plan and manifest) and the reader (the loader's scan of
    # the cache, which only takes sets built against this very libge_compiler.so) agree.
    sources = tmp_path / "sources"
    for relative in ("native", "compiler/include", "cmake"):
        (sources / relative).mkdir(parents=True)
    (sources / "CMakeLists.txt").write_text("project(x)\n")
    (sources / "native" / "CMakeLists.txt").write_text("\n")
    _isolate_search(monkeypatch, tmp_path, tmp_path / "no_package_root")
    monkeypatch.setattr(_fallback_build, "embedded_sources_dir", lambda: sources)
    plan = _fallback_build._plan()
    assert plan.set_dir == str(_artifact_utils.fallback_cache_root() / plan.key)
    assert plan.key.startswith(f"{TAG}-{PLATFORM}-") and len(plan.key.rsplit("-", 1)[1]) == 16
    assert _fallback_build._plan() == plan  # the same inputs give the same entry
    set_dir = write_set(Path(plan.set_dir))
    manifest = json.loads((set_dir / "manifest.json").read_text())
    python = _fallback_build.interpreter_build_info()
    manifest["fallback"] = _fallback_build._manifest(python, plan, manifest["artifacts"])[
        "fallback"
    ]
    (set_dir / "manifest.json").write_text(json.dumps(manifest))
    assert _artifact_utils.search_roots()[-1] == set_dir.resolve()  # the cache comes last
    candidates = _artifact_utils.search_prebuilt_artifacts().candidates
    assert candidates[-1]["root"] == str(set_dir.resolve())
    # Built against another library (a stale stamp): skipped by the search.
    manifest["fallback"]["ge_compiler_lib_stamp"] = "0:0"
    (set_dir / "manifest.json").write_text(json.dumps(manifest))
    assert set_dir.resolve() not in _artifact_utils.search_roots()
    # The plan changes with the sources.
    (sources / "native" / "CMakeLists.txt").write_text("# edited\n")
    assert _fallback_build._plan().key != plan.key
