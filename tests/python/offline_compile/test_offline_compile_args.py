"""ge.offline_compile: helpers, GraphWithOptions, ModelBuffer rules and every argument error of
the build functions. Argument errors are raised before
the C library is reached, which the recording library below checks."""

from __future__ import annotations

import copy
import ctypes

import pytest

import ge.offline_compile.offline_compile as oc_module
from ge._capi import pyoffline_compile_wrapper
from ge.error import GeError
from ge.graph import Graph
from ge.offline_compile import (
    GraphWithOptions,
    ModelBuffer,
    build_finalize,
    build_initialize,
    build_model,
    bundle_build_model,
    bundle_save_model,
    save_model,
)


class _RecordingLib:
    """Fails every call (status 1) and records it; tests assert it was or was not reached."""

    def __init__(self):
        self.calls = []

    def __getattr__(self, name):
        if not name.startswith("GeApiWrapper_"):
            raise AttributeError(name)

        def call(*args):
            self.calls.append((name, args))
            return 1

        return call


@pytest.fixture
def recording_lib(monkeypatch):
    lib = _RecordingLib()
    monkeypatch.setattr(oc_module, "offline_compile_lib", lib)
    return lib


@pytest.fixture
def graph():
    return Graph("offline_args")


def test_binding_helpers_report_the_loaded_library():
    assert pyoffline_compile_wrapper.is_offline_compile_lib_loaded() is True
    lib = pyoffline_compile_wrapper.get_offline_compile_lib()
    assert lib is pyoffline_compile_wrapper.offline_compile_lib
    assert lib.GeApiWrapper_ModelBuffer_GetLength(None) == 0


def test_graph_with_options_validates_and_defaults(graph):
    item = GraphWithOptions(graph)
    assert item.graph is graph
    assert item.build_options == {}
    assert GraphWithOptions(graph, None).build_options == {}
    assert GraphWithOptions(graph, {"ge.oo.level": "O1"}).build_options == {"ge.oo.level": "O1"}
    with pytest.raises(TypeError, match="^graph must be a Graph$"):
        GraphWithOptions("graph")
    with pytest.raises(TypeError, match="^build_options must be a dictionary$"):
        GraphWithOptions(graph, [("a", "b")])
    with pytest.raises(TypeError, match="^build_options keys and values must be strings$"):
        GraphWithOptions(graph, {"a": 1})
    with pytest.raises(TypeError, match="^build_options keys and values must be strings$"):
        GraphWithOptions(graph, {1: "a"})


def test_default_options_are_not_shared_between_instances(graph):
    first = GraphWithOptions(graph)
    first.build_options["k"] = "v"
    assert GraphWithOptions(graph).build_options == {}


def test_model_buffer_factory_and_copy_rules():
    with pytest.raises(RuntimeError, match="^ModelBuffer objects should not be created directly$"):
        ModelBuffer()
    with pytest.raises(ValueError, match="^Failed to create ModelBuffer$"):
        ModelBuffer._create_from(None)
    with pytest.raises(ValueError, match="^Failed to create ModelBuffer$"):
        ModelBuffer._create_from(ctypes.c_void_p(None))


def test_model_buffer_refuses_copy(monkeypatch):
    destroyed = []

    class _Lib:
        def GeApiWrapper_ModelBuffer_Destroy(self, handle):
            destroyed.append(handle.value)

        def GeApiWrapper_ModelBuffer_GetLength(self, handle):
            return 1234

    monkeypatch.setattr(pyoffline_compile_wrapper, "offline_compile_lib", _Lib())
    buffer = ModelBuffer._create_from(0x1234)
    try:
        assert buffer.length == 1234
        assert buffer.get_length() == 1234
        assert repr(buffer) == "ModelBuffer(length=1234)"
        with pytest.raises(RuntimeError, match="^ModelBuffer does not support copy$"):
            copy.copy(buffer)
        with pytest.raises(RuntimeError, match="^ModelBuffer does not support deepcopy$"):
            copy.deepcopy(buffer)
    finally:
        buffer.__del__()  # frees through the fake library while it is installed
    buffer.__del__()
    assert destroyed == [0x1234]  # owned: freed exactly once


def test_build_initialize_argument_errors(recording_lib):
    with pytest.raises(TypeError, match="^global_options must be a dictionary$"):
        build_initialize("ge.socVersion=Ascend910B1")
    with pytest.raises(TypeError, match="^global_options keys and values must be strings$"):
        build_initialize({"ge.socVersion": 910})
    assert recording_lib.calls == []


def test_build_initialize_passes_null_arrays_for_no_options(recording_lib):
    with pytest.raises(GeError, match="^BuildInitialize failed"):
        build_initialize()
    with pytest.raises(GeError, match="^BuildInitialize failed"):
        build_initialize({})
    assert [call[1] for call in recording_lib.calls] == [(None, None, 0), (None, None, 0)]


def test_build_initialize_encodes_options(recording_lib):
    with pytest.raises(GeError):
        build_initialize({"ge.socVersion": "Ascend910B1", "ge.oo.level": "O1"})
    name, (keys, values, count) = recording_lib.calls[0]
    assert name == "GeApiWrapper_OfflineCompile_BuildInitialize"
    assert count == 2
    assert [keys[i] for i in range(count)] == [b"ge.socVersion", b"ge.oo.level"]
    assert [values[i] for i in range(count)] == [b"Ascend910B1", b"O1"]


def test_build_finalize_failure_raises_ge_error(recording_lib):
    with pytest.raises(GeError, match="^BuildFinalize failed"):
        build_finalize()


def test_build_model_argument_errors(recording_lib, graph):
    with pytest.raises(TypeError, match="^graph must be a Graph$"):
        build_model(None, "not options")  # the graph is checked first
    with pytest.raises(TypeError, match="^build_options must be a dictionary$"):
        build_model(graph, "ge.oo.level=O1")
    with pytest.raises(TypeError, match="^build_options keys and values must be strings$"):
        build_model(graph, {"ge.oo.level": None})
    assert recording_lib.calls == []
    with pytest.raises(GeError, match="^BuildModel failed") as info:
        build_model(graph)
    assert info.value.api_name == "BuildModel"
    assert info.value.context == {}


@pytest.mark.parametrize(
    ("func", "api"), [(save_model, "SaveModel"), (bundle_save_model, "BundleSaveModel")]
)
def test_save_argument_errors(recording_lib, func, api):
    model = ModelBuffer.__new__(ModelBuffer)  # a buffer without a core object: nothing to free
    model._handle = None
    with pytest.raises(TypeError, match="^output_file must be a string$"):
        func(b"out/model", model)
    with pytest.raises(TypeError, match="^model must be a ModelBuffer$"):
        func("out/model", object())
    assert recording_lib.calls == []
    with pytest.raises(GeError, match=f"^{api} failed; output_file=out/model") as info:
        func("out/model", model)
    assert info.value.context == {"output_file": "out/model"}
    assert recording_lib.calls[0][1] == (b"out/model", None)


def test_bundle_build_model_argument_errors(recording_lib, graph):
    item = GraphWithOptions(graph)
    with pytest.raises(TypeError, match="^graph_with_options must be a list$"):
        bundle_build_model((item, item))
    # The size is checked before the items.
    with pytest.raises(ValueError, match="^graph_with_options size must be larger than 1$"):
        bundle_build_model(["not an item"])
    with pytest.raises(ValueError, match="^graph_with_options size must be larger than 1$"):
        bundle_build_model([])
    with pytest.raises(
        TypeError, match="^Each item in graph_with_options must be a GraphWithOptions$"
    ):
        bundle_build_model([item, graph])
    item.build_options = {"k": 1}  # reassigned after construction
    with pytest.raises(TypeError, match="^build_options keys and values must be strings$"):
        bundle_build_model([GraphWithOptions(graph), item])
    assert recording_lib.calls == []


def test_bundle_build_model_passes_per_graph_options(recording_lib, graph):
    other = Graph("other")
    items = [GraphWithOptions(graph), GraphWithOptions(other, {"ge.oo.level": "O1"})]
    with pytest.raises(GeError, match="^BundleBuildModel failed; graph_count=2") as info:
        bundle_build_model(items)
    assert info.value.context == {"graph_count": 2}
    name, (graphs, keys, values, sizes, count, _out) = recording_lib.calls[0]
    assert name == "GeApiWrapper_OfflineCompile_BundleBuildModel"
    assert count == 2
    assert [sizes[0], sizes[1]] == [0, 1]
    assert graphs[0] == graph._handle.value
    assert graphs[1] == other._handle.value
    assert not keys[0]
    assert keys[1][0] == b"ge.oo.level"
    assert values[1][0] == b"O1"
