"""ge._internal.plugin_loader as other plugin families (custom ops) use it: names and messages
follow the prefix and kind they pass in."""

from __future__ import annotations

import os
import sys

import pytest

from ge._internal import plugin_loader

PREFIX = "_ge_py_custom_op_"
KIND = "python custom op"


@pytest.fixture(autouse=True)
def purge_custom_prefix():
    yield
    plugin_loader.purge_loaded_modules(PREFIX)


def test_split_plugin_paths_strips_and_drops_empty_items():
    raw = os.pathsep.join([" a.py ", "", "  ", "dir/"])
    assert plugin_loader.split_plugin_paths(raw) == ["a.py", "dir/"]
    assert plugin_loader.split_plugin_paths(None) == []


def test_messages_name_the_plugin_kind(tmp_path):
    missing = tmp_path / "missing"
    with pytest.raises(FileNotFoundError) as info:
        plugin_loader.load_plugins_from_paths(str(missing), module_prefix=PREFIX, plugin_kind=KIND)
    assert str(info.value) == f"python custom op path does not exist: {missing.resolve()}"
    text = tmp_path / "op.txt"
    text.write_text("")
    with pytest.raises(ValueError) as info:
        plugin_loader.load_plugins_from_paths(str(text), module_prefix=PREFIX, plugin_kind=KIND)
    assert str(info.value) == f"python custom op file must end with .py: {text.resolve()}"


def test_modules_use_the_given_prefix_and_purge_only_touches_that_prefix(tmp_path):
    plugin = tmp_path / "my_op.py"
    plugin.write_text("VALUE = 1\n")
    (module,) = plugin_loader.load_plugins_from_paths(
        str(plugin), module_prefix=PREFIX, plugin_kind=KIND
    )
    assert module.__name__.startswith("_ge_py_custom_op_my_op_")
    assert plugin_loader.purge_loaded_modules("_ge_py_pass_") == []
    assert module.__name__ in sys.modules
    assert plugin_loader.purge_loaded_modules(PREFIX) == [module.__name__]
    assert module.__name__ not in sys.modules


def test_env_variable_is_read_at_call_time(monkeypatch, tmp_path):
    plugin = tmp_path / "env_op.py"
    plugin.write_text("VALUE = 2\n")
    monkeypatch.delenv("GE_PY_TEST_PLUGIN_PATH", raising=False)
    assert (
        plugin_loader.load_plugins_from_env(
            "GE_PY_TEST_PLUGIN_PATH", module_prefix=PREFIX, plugin_kind=KIND
        )
        == []
    )
    monkeypatch.setenv("GE_PY_TEST_PLUGIN_PATH", str(plugin))
    (module,) = plugin_loader.load_plugins_from_env(
        "GE_PY_TEST_PLUGIN_PATH", module_prefix=PREFIX, plugin_kind=KIND
    )
    assert module.VALUE == 2


def test_a_plugin_can_import_itself_while_it_executes(tmp_path):
    plugin = tmp_path / "self_import.py"
    plugin.write_text(
        "import sys\nSELF = sys.modules[__name__]\n"
        "from dataclasses import dataclass\n\n@dataclass\nclass Item:\n    value: int = 0\n"
    )
    (module,) = plugin_loader.load_plugins_from_paths(
        str(plugin), module_prefix=PREFIX, plugin_kind=KIND
    )
    assert module.SELF is module
    assert module.Item(3).value == 3
