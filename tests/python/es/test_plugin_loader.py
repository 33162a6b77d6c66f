"""ES plugin discovery."""

from __future__ import annotations

import sys
import types

import pytest

import ge.es
from ge.es import _plugin_loader


class _EntryPoint:
    def __init__(self, name, target):
        self.name = name
        self._target = target

    def load(self):
        if isinstance(self._target, BaseException):
            raise self._target
        return self._target


@pytest.fixture
def printed(monkeypatch):
    calls = []
    monkeypatch.setattr(_plugin_loader, "debug_print", lambda *args: calls.append(args))
    return calls


def _use_entry_points(monkeypatch, eps):
    monkeypatch.setattr(_plugin_loader, "_iter_plugin_entry_points", lambda: list(eps))


def test_list_and_get_plugins():
    assert isinstance(ge.es.list_plugins(), list)
    for name in ge.es.list_plugins():
        assert ge.es.get_plugin(name) is getattr(ge.es, name)
    assert ge.es.get_plugin(None) is None
    assert ge.es.get_plugin("no_such_plugin_here") is None


def test_get_plugin_takes_plugin_name_by_keyword():
    # GE's parameter name; keyword calls written for GE must work.
    assert ge.es.get_plugin(plugin_name="all") is ge.es.get_plugin("all") is not None


def test_coerce_to_module_accepts_module_str_and_callable():
    module = types.ModuleType("demo_plugin")
    assert _plugin_loader._coerce_to_module(module, "demo") is module
    assert _plugin_loader._coerce_to_module("json", "demo") is sys.modules["json"]
    assert _plugin_loader._coerce_to_module(lambda: module, "demo") is module
    assert _plugin_loader._coerce_to_module(lambda: "json", "demo") is sys.modules["json"]


def test_coerce_to_module_rejects_other_types():
    with pytest.raises(
        TypeError,
        match=r"Plugin 'demo' returned unexpected type: int. Expected ModuleType, str, or "
        r"callable returning module.",
    ):
        _plugin_loader._coerce_to_module(42, "demo")


def test_entry_points_with_group_keyword(monkeypatch):
    seen = {}

    def fake_entry_points(**kwargs):
        seen.update(kwargs)
        return ["ep"]

    monkeypatch.setattr(_plugin_loader, "group_may_be_declared", lambda group: True)
    monkeypatch.setattr(_plugin_loader, "entry_points", fake_entry_points)
    assert _plugin_loader._iter_plugin_entry_points() == ["ep"]
    assert seen == {"group": "ge.es.plugins"}


def test_entry_points_dict_result(monkeypatch):
    monkeypatch.setattr(_plugin_loader, "group_may_be_declared", lambda group: True)
    monkeypatch.setattr(
        _plugin_loader, "entry_points", lambda **kw: {"ge.es.plugins": ["a"], "other": ["b"]}
    )
    assert _plugin_loader._iter_plugin_entry_points() == ["a"]


def test_entry_points_old_api_with_select(monkeypatch):
    class Selectable:
        def select(self, group):
            return [f"selected:{group}"]

    def old_api(*args, **kwargs):
        if kwargs:
            raise TypeError("no keywords")
        return Selectable()

    monkeypatch.setattr(_plugin_loader, "group_may_be_declared", lambda group: True)
    monkeypatch.setattr(_plugin_loader, "entry_points", old_api)
    assert _plugin_loader._iter_plugin_entry_points() == ["selected:ge.es.plugins"]


def test_entry_points_old_api_with_dict(monkeypatch):
    def old_api(*args, **kwargs):
        if kwargs:
            raise TypeError("no keywords")
        return {"ge.es.plugins": ["legacy"]}

    monkeypatch.setattr(_plugin_loader, "group_may_be_declared", lambda group: True)
    monkeypatch.setattr(_plugin_loader, "entry_points", old_api)
    assert _plugin_loader._iter_plugin_entry_points() == ["legacy"]


def test_loaded_plugin_is_registered_and_reported(monkeypatch, printed):
    module = types.ModuleType("es_demo_pkg")
    _use_entry_points(monkeypatch, [_EntryPoint("demo_loaded", lambda: module)])
    monkeypatch.delitem(sys.modules, "ge.es.demo_loaded", raising=False)
    plugins = _plugin_loader.load_all_plugins()
    assert plugins == {"demo_loaded": module}
    assert sys.modules["ge.es.demo_loaded"] is module
    assert printed[-1][0] == "INFO"
    assert printed[-1][1:] == ("ES plugin '%s' loaded: %s", "demo_loaded", "es_demo_pkg")
    monkeypatch.delitem(sys.modules, "ge.es.demo_loaded")


def test_nameless_entry_point_is_skipped_with_a_warning(monkeypatch, printed):
    _use_entry_points(monkeypatch, [_EntryPoint("", types.ModuleType("x"))])
    assert _plugin_loader.load_all_plugins() == {}
    assert [call[0] for call in printed] == ["WARNING"]


@pytest.mark.parametrize(
    ("error", "fragment"),
    [
        (AttributeError("module has no attribute 'get_module'"), "get_module()"),
        (ImportError("no module named es_missing"), "es_missing"),
        (ValueError("boom"), "boom"),
    ],
)
def test_failing_plugins_are_reported_as_errors(monkeypatch, printed, error, fragment):
    _use_entry_points(monkeypatch, [_EntryPoint("broken", error)])
    assert _plugin_loader.load_all_plugins() == {}
    assert printed[-1][0] == "ERROR"
    text = printed[-1][1] % printed[-1][2:]
    assert "broken" in text and fragment in text


def test_debug_print_goes_to_stdout(capsys):
    _plugin_loader.debug_print("INFO", "ES plugin '%s' loaded: %s", "x", "mod")
    captured = capsys.readouterr()
    assert captured.out == "[INFO] [ge.es._plugin_loader] ES plugin 'x' loaded: mod\n"
    assert captured.err == ""


def test_undeclared_group_skips_importlib_metadata(monkeypatch):
    def must_not_run(**kwargs):
        raise AssertionError("importlib.metadata consulted although no distribution declares it")

    monkeypatch.setattr(_plugin_loader, "group_may_be_declared", lambda group: False)
    monkeypatch.setattr(_plugin_loader, "entry_points", must_not_run)
    assert _plugin_loader._iter_plugin_entry_points() == []
    assert _plugin_loader.load_all_plugins() == {}
