"""Plugin discovery: ASCEND_GE_PY_PASS_PATH scanning rules and entry points."""

from __future__ import annotations

import os
import re
import sys
import textwrap

import pytest

from ge._internal import plugin_loader
from ge.passes import _bridge, get_registered_passes
from ge.passes.bootstrap import ENV_PY_PASS_PATH, load_pass_plugins

ENV = "ASCEND_GE_PY_PASS_PATH"


def pass_source(*names: str, extra: str = "") -> str:
    """Plugin source registering one FusionBasePass per name."""
    body = ["from ge.passes import FusionBasePass, PassStage, register_fusion_pass", extra]
    for name in names:
        body.append(
            textwrap.dedent(
                f"""
                @register_fusion_pass(name="{name}", stage=PassStage.BEFORE_INFER_SHAPE)
                class {name}(FusionBasePass):
                    def run(self, graph, context):
                        return 0
                """
            )
        )
    return "\n".join(body)


def counting_source(name: str, counter) -> str:
    """A plugin that appends a line to ``counter`` each time it is executed."""
    return pass_source(name, extra=f"open({str(counter)!r}, 'a').write('x')")


def registered_names():
    return [descriptor.pass_name for descriptor in get_registered_passes()]


def test_env_variable_name():
    assert ENV_PY_PASS_PATH == ENV


@pytest.mark.parametrize("value", [None, "", "   ", os.pathsep, f" {os.pathsep} "])
def test_unset_or_empty_variable_loads_nothing(monkeypatch, value):
    if value is not None:
        monkeypatch.setenv(ENV, value)
    assert load_pass_plugins() == []


def test_single_file_is_loaded_under_a_synthetic_name(monkeypatch, write_plugin):
    path = write_plugin("env_file.py", pass_source("EnvFilePass"))
    monkeypatch.setenv(ENV, str(path))
    (module,) = load_pass_plugins()
    assert registered_names() == ["EnvFilePass"]
    assert re.fullmatch(r"_ge_py_pass_env_file_[0-9a-f]{16}", module.__name__)
    assert module.__name__ == plugin_loader.file_module_name(path.resolve(), "_ge_py_pass_")
    assert sys.modules[module.__name__] is module
    assert get_registered_passes()[0].module_name == module.__name__


def test_file_module_name_is_stable_per_path_and_distinct_across_paths(tmp_path):
    a = plugin_loader.file_module_name(tmp_path / "a" / "p.py", "_ge_py_pass_")
    b = plugin_loader.file_module_name(tmp_path / "b" / "p.py", "_ge_py_pass_")
    assert a == plugin_loader.file_module_name(tmp_path / "a" / "p.py", "_ge_py_pass_")
    assert a != b and a.startswith("_ge_py_pass_p_") and b.startswith("_ge_py_pass_p_")


def test_file_item_leaves_sys_path_untouched(monkeypatch, write_plugin, sys_path_snapshot):
    path = write_plugin(
        "probe.py", pass_source("Probe", extra="import sys\nSEEN_PATH = list(sys.path)")
    )
    monkeypatch.setenv(ENV, str(path))
    (module,) = load_pass_plugins()
    assert module.SEEN_PATH == sys_path_snapshot
    assert sys.path == sys_path_snapshot


def test_directory_loads_every_plugin_file_in_name_order(monkeypatch, write_plugin, tmp_path):
    write_plugin("plugins/b_pass.py", pass_source("SecondPass"))
    write_plugin("plugins/a_pass.py", pass_source("FirstPass"))
    monkeypatch.setenv(ENV, str(tmp_path / "plugins"))
    modules = load_pass_plugins()
    assert len(modules) == 2
    assert registered_names() == ["FirstPass", "SecondPass"]


def test_directory_scan_skips_underscore_names_non_python_files_and_plain_dirs(
    monkeypatch, write_plugin, tmp_path
):
    write_plugin("plugins/keep.py", pass_source("Kept"))
    write_plugin("plugins/_private.py", "raise RuntimeError('must not be imported')")
    write_plugin("plugins/_hidden_pkg/__init__.py", "raise RuntimeError('must not be imported')")
    write_plugin("plugins/notes.txt", "not python")
    write_plugin("plugins/plain_dir/inner.py", "raise RuntimeError('no recursion')")
    write_plugin("plugins/data.py.bak", "raise RuntimeError('not a .py file')")
    monkeypatch.setenv(ENV, str(tmp_path / "plugins"))
    assert len(load_pass_plugins()) == 1
    assert registered_names() == ["Kept"]


def test_package_plugin_is_imported_under_its_real_name_with_the_dir_on_sys_path(
    monkeypatch, write_plugin, tmp_path, sys_path_snapshot
):
    write_plugin(
        "plugins/gepy_pkg_plugin/__init__.py",
        pass_source(
            "PackagePass", extra="import sys\nSEEN_FIRST = sys.path[0]\nfrom . import helper"
        ),
    )
    write_plugin("plugins/gepy_pkg_plugin/helper.py", "VALUE = 1\n")
    monkeypatch.setenv(ENV, str(tmp_path / "plugins"))
    try:
        (module,) = load_pass_plugins()
        assert module.__name__ == "gepy_pkg_plugin"
        assert module.SEEN_FIRST == str((tmp_path / "plugins").resolve())
        assert registered_names() == ["PackagePass"]
        assert sys.path == sys_path_snapshot  # the directory was removed again
    finally:
        _bridge.clear_loaded_pass_modules()
    assert "gepy_pkg_plugin" not in sys.modules
    assert "gepy_pkg_plugin.helper" not in sys.modules


def test_directory_already_on_sys_path_stays_there(monkeypatch, write_plugin, tmp_path):
    plugins = write_plugin("plugins/one.py", pass_source("One")).parent.resolve()
    monkeypatch.syspath_prepend(str(plugins))
    monkeypatch.setenv(ENV, str(plugins))
    load_pass_plugins()
    assert sys.path.count(str(plugins)) == 1


def test_package_plugin_reregisters_after_a_bridge_reset(monkeypatch, write_plugin, tmp_path):
    write_plugin("plugins/gepy_pkg_reload/__init__.py", pass_source("ReloadedPackagePass"))
    monkeypatch.setenv(ENV, str(tmp_path / "plugins"))
    load_pass_plugins()
    _bridge.reset_python_state()
    assert get_registered_passes() == []
    load_pass_plugins()
    assert registered_names() == ["ReloadedPackagePass"]


def test_package_shadowed_by_an_imported_module_is_an_error(monkeypatch, write_plugin, tmp_path):
    write_plugin("plugins/json/__init__.py", pass_source("Shadowed"))
    monkeypatch.setenv(ENV, str(tmp_path / "plugins"))
    with pytest.raises(ImportError, match=r"python pass package 'json' .* is shadowed"):
        load_pass_plugins()
    assert registered_names() == []


def test_missing_path_raises_file_not_found_with_the_resolved_path(monkeypatch, tmp_path):
    missing = tmp_path / "nowhere" / "p.py"
    monkeypatch.setenv(ENV, str(missing))
    with pytest.raises(FileNotFoundError) as info:
        load_pass_plugins()
    assert str(info.value) == f"python pass path does not exist: {missing.resolve()}"


def test_file_without_py_suffix_raises_value_error(monkeypatch, write_plugin):
    path = write_plugin("plugin.txt", pass_source("Never"))
    monkeypatch.setenv(ENV, str(path))
    with pytest.raises(ValueError) as info:
        load_pass_plugins()
    assert str(info.value) == f"python pass file must end with .py: {path.resolve()}"
    assert registered_names() == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="not on this machine: needs os.mkfifo")
def test_special_file_named_py_is_rejected_instead_of_blocking(monkeypatch, tmp_path):
    fifo = tmp_path / "pipe.py"
    os.mkfifo(fifo)
    monkeypatch.setenv(ENV, str(fifo))
    with pytest.raises(ValueError, match=r"is not a regular file or directory"):
        load_pass_plugins()


def test_relative_items_resolve_against_the_current_directory(monkeypatch, write_plugin, tmp_path):
    write_plugin("rel/rel_pass.py", pass_source("RelativePass"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(ENV, f" rel/rel_pass.py {os.pathsep}")
    assert len(load_pass_plugins()) == 1
    assert registered_names() == ["RelativePass"]


def test_items_load_in_order_and_a_file_listed_twice_executes_once(
    monkeypatch, write_plugin, tmp_path
):
    counter = tmp_path / "count.txt"
    first = write_plugin("plugins/first.py", counting_source("CountedPass", counter))
    second = write_plugin("solo/second.py", pass_source("SoloPass"))
    monkeypatch.setenv(ENV, os.pathsep.join([str(second), str(first), str(first.parent)]))
    modules = load_pass_plugins()
    assert len(modules) == 2
    assert registered_names() == ["SoloPass", "CountedPass"]
    assert counter.read_text() == "x"


def test_a_loaded_file_is_not_executed_again_while_its_module_exists(
    monkeypatch, write_plugin, tmp_path
):
    counter = tmp_path / "count.txt"
    path = write_plugin("once.py", counting_source("OncePass", counter))
    monkeypatch.setenv(ENV, str(path))
    (first,) = load_pass_plugins()
    (again,) = load_pass_plugins()
    assert first is again
    assert counter.read_text() == "x"


def test_a_purged_file_executes_again_and_reregisters(monkeypatch, write_plugin, tmp_path):
    counter = tmp_path / "count.txt"
    path = write_plugin("again.py", counting_source("AgainPass", counter))
    monkeypatch.setenv(ENV, str(path))
    (first,) = load_pass_plugins()
    _bridge.reset_python_state()
    assert first.__name__ not in sys.modules
    (second,) = load_pass_plugins()
    assert second is not first and second.__name__ == first.__name__
    assert counter.read_text() == "xx"
    assert registered_names() == ["AgainPass"]


def test_a_raising_plugin_propagates_and_stops_the_scan(monkeypatch, write_plugin, tmp_path):
    bad = write_plugin("plugins/a_bad.py", "raise RuntimeError('broken plugin')\n")
    write_plugin("plugins/b_good.py", pass_source("NeverReached"))
    monkeypatch.setenv(ENV, str(tmp_path / "plugins"))
    with pytest.raises(RuntimeError, match="broken plugin"):
        load_pass_plugins()
    assert plugin_loader.file_module_name(bad.resolve(), "_ge_py_pass_") not in sys.modules
    assert registered_names() == []


def test_duplicate_pass_names_across_plugins_fail_the_load(monkeypatch, write_plugin, tmp_path):
    write_plugin("plugins/a.py", pass_source("SameName"))
    write_plugin("plugins/b.py", pass_source("SameName"))
    monkeypatch.setenv(ENV, str(tmp_path / "plugins"))
    with pytest.raises(ValueError, match=r"^python pass name already exists: SameName$"):
        load_pass_plugins()


def test_variable_is_read_at_call_time(monkeypatch, write_plugin):
    first = write_plugin("first_call.py", pass_source("FirstCall"))
    second = write_plugin("second_call.py", pass_source("SecondCall"))
    monkeypatch.setenv(ENV, str(first))
    load_pass_plugins()
    monkeypatch.setenv(ENV, str(second))
    load_pass_plugins()
    assert registered_names() == ["FirstCall", "SecondCall"]


# --- entry points (group ge.passes.plugins) -------------------------------------------------


@pytest.fixture
def site_dir(tmp_path, monkeypatch):
    """A directory on sys.path holding fake installed distributions; their modules are removed."""
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    before = set(sys.modules)
    yield site
    for name in set(sys.modules) - before:
        if name.startswith("gepy_ep_"):
            del sys.modules[name]


def install_distribution(site, dist: str, entry_points: dict, modules: dict):
    """Write ``<dist>-1.0.dist-info`` with the given ge.passes.plugins entry points."""
    info = site / f"{dist}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
    lines = ["[ge.passes.plugins]"] + [f"{k} = {v}" for k, v in entry_points.items()]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n")
    for relative, source in modules.items():
        path = site / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source))


def test_entry_point_modules_are_loaded_after_the_env_path(monkeypatch, site_dir, write_plugin):
    install_distribution(
        site_dir,
        "gepy_ep_dist",
        {"by_module": "gepy_ep_module", "by_callable": "gepy_ep_factory:get_module"},
        {
            "gepy_ep_module.py": pass_source("EntryPointModulePass"),
            "gepy_ep_factory.py": "def get_module():\n    return 'gepy_ep_target'\n",
            "gepy_ep_target.py": pass_source("EntryPointCallablePass"),
        },
    )
    monkeypatch.setenv(ENV, str(write_plugin("env_first.py", pass_source("EnvPass"))))
    modules = load_pass_plugins()
    names = [module.__name__ for module in modules]
    assert names[1:] == ["gepy_ep_target", "gepy_ep_module"]  # sorted by entry-point name
    assert registered_names() == ["EnvPass", "EntryPointCallablePass", "EntryPointModulePass"]


def test_entry_points_load_without_the_env_variable(site_dir):
    install_distribution(
        site_dir,
        "gepy_ep_only",
        {"only": "gepy_ep_only_plugin"},
        {"gepy_ep_only_plugin.py": pass_source("OnlyEntryPointPass")},
    )
    assert [m.__name__ for m in load_pass_plugins()] == ["gepy_ep_only_plugin"]
    assert registered_names() == ["OnlyEntryPointPass"]


def test_failing_entry_point_is_reported_by_name(site_dir):
    install_distribution(
        site_dir,
        "gepy_ep_broken",
        {"broken": "gepy_ep_broken_plugin"},
        {"gepy_ep_broken_plugin.py": "raise RuntimeError('cannot start')\n"},
    )
    with pytest.raises(ImportError) as info:
        load_pass_plugins()
    message = str(info.value)
    assert "python pass entry point 'broken'" in message
    assert "gepy_ep_broken_plugin" in message and "cannot start" in message
    assert isinstance(info.value.__cause__, RuntimeError)


def test_entry_point_of_an_unexpected_type_is_rejected(site_dir):
    install_distribution(
        site_dir,
        "gepy_ep_wrong",
        {"wrong": "gepy_ep_wrong_plugin:VALUE"},
        {"gepy_ep_wrong_plugin.py": "VALUE = 42\n"},
    )
    with pytest.raises(ImportError, match=r"provided int; expected a module"):
        load_pass_plugins()


def test_entry_point_plugin_reregisters_after_a_bridge_reset(site_dir):
    install_distribution(
        site_dir,
        "gepy_ep_reload",
        {"reload": "gepy_ep_reload_plugin"},
        {"gepy_ep_reload_plugin.py": pass_source("ReloadedEntryPointPass")},
    )
    load_pass_plugins()
    _bridge.reset_python_state()
    assert "gepy_ep_reload_plugin" not in sys.modules
    load_pass_plugins()
    assert registered_names() == ["ReloadedEntryPointPass"]


def test_entry_point_module_imported_by_the_application_is_not_purged(site_dir):
    install_distribution(
        site_dir,
        "gepy_ep_app",
        {"app": "gepy_ep_app_plugin"},
        {"gepy_ep_app_plugin.py": pass_source("AppImportedPass")},
    )
    import gepy_ep_app_plugin  # noqa: F401  - the application imported it first

    load_pass_plugins()
    _bridge.reset_python_state()
    assert "gepy_ep_app_plugin" in sys.modules
