"""Discovery under ASCEND_CUSTOM_OPP_PATH through the loader shared by every plugin kind."""

from __future__ import annotations

import os

import pytest

from ge._internal import plugin_loader
from ge.onnx_plugin import bootstrap, registry

_PLUGIN = """
import os
from ge.onnx_plugin import onnx_plugin
with open(os.environ["ONNX_PLUGIN_TEST_LOG"], "a") as log:
    log.write(__name__ + "\\n")

@onnx_plugin(source={source!r}, domain="test.domain", opsets=(1,), target="T").parse_node
def parse(node, target):
    pass
"""


@pytest.fixture
def executions(tmp_path, monkeypatch):
    log = tmp_path / "executions.log"
    monkeypatch.setenv("ONNX_PLUGIN_TEST_LOG", str(log))
    return lambda: log.read_text().split() if log.exists() else []


def _write(path, source):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_PLUGIN.format(source=source))
    return path


def _sources():
    return sorted(d.source for d in registry.get_registered_onnx_plugins())


def test_variable_names_one_file(tmp_path, monkeypatch, executions):
    monkeypatch.setenv("ASCEND_CUSTOM_OPP_PATH", str(_write(tmp_path / "file.py", "FileSource")))
    (module,) = bootstrap.load_onnx_plugins()
    assert module.__name__.startswith("_ge_py_onnx_plugin_file_")
    assert _sources() == ["FileSource"]
    assert bootstrap.load_onnx_plugins() == [module]
    assert len(executions()) == 1


def test_directory_files_and_packages(tmp_path, monkeypatch, executions):
    _write(tmp_path / "plugins" / "a.py", "SourceA")
    _write(tmp_path / "plugins" / "b.py", "SourceB")
    _write(tmp_path / "plugins" / "_private.py", "Private")
    _write(tmp_path / "plugins" / "onnx_pkg_probe" / "__init__.py", "PackageSource")
    monkeypatch.setenv("ASCEND_CUSTOM_OPP_PATH", f" {tmp_path / 'plugins'} : ")
    try:
        modules = bootstrap.load_onnx_plugins()
        assert len(modules) == 3
        assert _sources() == ["PackageSource", "SourceA", "SourceB"]
    finally:
        plugin_loader.purge_loaded_modules(bootstrap.MODULE_PREFIX)


def test_aliases_are_imported_once(tmp_path, monkeypatch, executions):
    real = _write(tmp_path / "real" / "aliased.py", "Aliased")
    (tmp_path / "link.py").symlink_to(real)
    _write(tmp_path / "pkgs" / "onnx_alias_probe" / "__init__.py", "CanonicalPackageSource")
    (tmp_path / "pkg_alias").mkdir()
    (tmp_path / "pkg_alias" / "onnx_alias_probe").symlink_to(tmp_path / "pkgs" / "onnx_alias_probe")
    relative = os.path.relpath(real)
    monkeypatch.setenv(
        "ASCEND_CUSTOM_OPP_PATH",
        ":".join(
            [
                str(real),
                str(tmp_path / "link.py"),
                relative,
                str(tmp_path / "pkgs"),
                str(tmp_path / "pkg_alias"),
            ]
        ),
    )
    try:
        modules = bootstrap.load_onnx_plugins()
        assert len(modules) == 2
        assert _sources() == ["Aliased", "CanonicalPackageSource"]
        assert len(executions()) == 2
    finally:
        plugin_loader.purge_loaded_modules(bootstrap.MODULE_PREFIX)


def test_one_file_is_executed_once_across_plugin_kinds(tmp_path, monkeypatch, executions):
    from ge.passes import bootstrap as pass_bootstrap

    shared = _write(tmp_path / "shared.py", "SharedSource")
    monkeypatch.setenv("ASCEND_GE_PY_PASS_PATH", str(shared))
    monkeypatch.setenv("ASCEND_CUSTOM_OPP_PATH", str(tmp_path))
    try:
        pass_modules = pass_bootstrap.load_pass_plugins()
        onnx_modules = bootstrap.load_onnx_plugins()
        assert [id(m) for m in onnx_modules] == [id(m) for m in pass_modules]
        assert executions() == [pass_modules[0].__name__]
        assert pass_modules[0].__name__.startswith("_ge_py_pass_shared_")
        (descriptor,) = registry.get_registered_onnx_plugins()
        assert descriptor.module_name.startswith("_ge_py_pass_")
        # The pass round ends: its modules are purged. The ONNX loader executes the file again and
        # the stale descriptor of the purged module is replaced, not reported as a duplicate.
        plugin_loader.purge_loaded_modules(pass_bootstrap.MODULE_PREFIX)
        (again,) = bootstrap.load_onnx_plugins()
        assert again.__name__.startswith("_ge_py_onnx_plugin_shared_")
        (descriptor,) = registry.get_registered_onnx_plugins()
        assert descriptor.module_name == again.__name__
        assert len(executions()) == 2
    finally:
        plugin_loader.purge_loaded_modules(bootstrap.MODULE_PREFIX)


def test_missing_and_wrong_paths(tmp_path, monkeypatch):
    monkeypatch.setenv("ASCEND_CUSTOM_OPP_PATH", str(tmp_path / "missing.py"))
    with pytest.raises(FileNotFoundError, match="python ONNX Plugin path does not exist"):
        bootstrap.load_onnx_plugins()
    (tmp_path / "notes.txt").write_text("")
    monkeypatch.setenv("ASCEND_CUSTOM_OPP_PATH", str(tmp_path / "notes.txt"))
    with pytest.raises(ValueError, match=r"python ONNX Plugin file must end with \.py"):
        bootstrap.load_onnx_plugins()
    monkeypatch.delenv("ASCEND_CUSTOM_OPP_PATH")
    assert bootstrap.load_onnx_plugins() == []


def test_isolated_loading_skips_failures_and_cpp_opp_roots(tmp_path, monkeypatch, executions):
    good = _write(tmp_path / "good.py", "Good")
    bad = tmp_path / "bad.py"
    bad.write_text(_PLUGIN.format(source="Half") + "raise ImportError('missing dependency')\n")
    monkeypatch.setenv(
        "ASCEND_CUSTOM_OPP_PATH", f"{tmp_path / 'vendors'}:{bad}:{good}:{tmp_path / 'gone.py'}"
    )
    modules, errors = bootstrap.load_onnx_plugins_isolated()
    assert len(modules) == 1 and _sources() == ["Good"]
    assert len(errors) == 2
    assert str(bad) in errors[0] and "ImportError: missing dependency" in errors[0]
    assert "gone.py" in errors[1] and "FileNotFoundError" in errors[1]


def test_strict_mode_variable(monkeypatch):
    assert not bootstrap.is_strict_mode()
    for value in ("1", "TRUE", " yes ", "on"):
        monkeypatch.setenv("GE_PY_ONNX_PLUGIN_STRICT", value)
        assert bootstrap.is_strict_mode()
    monkeypatch.setenv("GE_PY_ONNX_PLUGIN_STRICT", "0")
    assert not bootstrap.is_strict_mode()
