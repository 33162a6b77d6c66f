"""Generated-library registry of ge._capi.pyes_graph_builder_wrapper. Every generated library name
resolves to libge_compiler.so."""

from __future__ import annotations

import pytest

from ge._capi import _lib_loader
from ge._capi import pyes_graph_builder_wrapper as wrapper


@pytest.fixture
def clean_registry(monkeypatch):
    monkeypatch.setattr(wrapper, "_lib_cache", {})
    monkeypatch.setattr(wrapper, "_configured_lib_ids", set())
    monkeypatch.setattr(wrapper, "_default_lib", None)
    monkeypatch.setattr(wrapper, "_default_lib_available", False)


def test_constants():
    assert wrapper.BASE_LIB_NAME == "libeager_style_graph_builder_base.so"
    assert wrapper.DEFAULT_GENERATED_LIB_NAME == "libes_all.so"
    assert wrapper.MATH_LIB_NAME == "libes_math.so"


def test_generated_names_resolve_to_the_compiler_library(clean_registry):
    lib = wrapper.get_generated_lib("libes_math.so")
    assert lib is wrapper.get_esb_lib()
    assert lib is _lib_loader.get_compiler_lib()
    assert wrapper.get_generated_lib("libes_math.so") is lib  # cached
    assert hasattr(lib, "EsAdd")


def test_default_library_is_cached_and_recorded(clean_registry):
    lib = wrapper.get_generated_lib()
    assert wrapper._default_lib is lib
    assert wrapper._default_lib_available is True
    assert wrapper.get_generated_lib(None) is lib
    assert wrapper.is_generated_lib_available() is True
    assert wrapper.get_loaded_lib_names() == ["libes_all.so"]


def test_absolute_path_is_loaded_and_cached_under_the_path(clean_registry):
    path = _lib_loader.get_compiler_lib_path()
    lib = wrapper.get_generated_lib(path)
    assert wrapper.get_generated_lib(path) is lib
    assert path in wrapper.get_loaded_lib_names()


def test_unknown_library_is_not_available(clean_registry):
    with pytest.raises(
        RuntimeError, match="Generated library libno_such_thing.so is not available: "
    ):
        wrapper.get_generated_lib("libno_such_thing.so")
    with pytest.raises(
        RuntimeError, match="Generated library libes_no_such_module.so is not available"
    ):
        wrapper.get_generated_lib("libes_no_such_module.so")


def test_configuration_runs_once_per_library(clean_registry, monkeypatch):
    calls = []

    class Lib:
        EsAdd = EsSub = EsMul = EsDiv = None

    lib = Lib()
    for name in ("EsAdd", "EsSub", "EsMul", "EsDiv"):
        setattr(lib, name, type("F", (), {"__setattr__": lambda s, k, v: calls.append(k)})())
    wrapper._configure_generated_lib(lib)
    wrapper._configure_generated_lib(lib)
    assert calls.count("restype") == 4
    assert id(lib) in wrapper._configured_lib_ids


def test_clear_cache_keeps_the_default_record(clean_registry):
    lib = wrapper.get_generated_lib()
    wrapper.clear_lib_cache()
    assert wrapper.get_loaded_lib_names() == []
    assert wrapper._default_lib is lib
