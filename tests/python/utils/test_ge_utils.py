"""ge.utils.GeUtils: argument checks, C-call contract (monkeypatched library) and real inference."""

from __future__ import annotations

import ctypes

import pytest

import ge.utils.ge_utils as ge_utils_module
from ge._capi import pyge_utils_wrapper
from ge.utils import GeUtils


class _Handle:
    """Stands in for a Graph/Node: GeUtils only reads ``_handle``."""

    def __init__(self, value=1):
        self._handle = ctypes.c_void_p(value)


class _MockUtilsLib:
    """Records calls; behaves like the C library for the two entry points."""

    def __init__(self, infer_status=0, supported=False, reason=b"mock unsupported reason"):
        self.infer_status = infer_status
        self.supported = supported
        self.reason = ctypes.c_char_p(reason) if reason is not None else None
        self.infer_calls = []
        self.freed = []

    def GeApiWrapper_GeUtils_InferShape(self, handle, dims, n_dims, ranks, n_shapes):
        flat = [dims[i] for i in range(n_dims)] if dims is not None else []
        rank_list = [ranks[i] for i in range(n_shapes)] if ranks is not None else []
        self.infer_calls.append((flat, rank_list))
        return self.infer_status

    def GeApiWrapper_GeUtils_CheckNodeSupportOnAicore(self, handle, supported_ref, reason_ref):
        supported_ref._obj.value = self.supported
        if self.reason is not None:
            reason_ref._obj.value = self.reason.value
        return 0

    def GeApiWrapper_GeUtils_FreeString(self, text):
        self.freed.append(text)


@pytest.fixture
def mock_lib(monkeypatch):
    lib = _MockUtilsLib()
    monkeypatch.setattr(ge_utils_module, "ge_utils_lib", lib)
    return lib


def test_binding_helpers_report_the_loaded_library():
    assert pyge_utils_wrapper.is_ge_utils_lib_loaded() is True
    assert pyge_utils_wrapper.get_ge_utils_lib() is pyge_utils_wrapper.ge_utils_lib
    assert (
        pyge_utils_wrapper.ge_utils_lib.GeApiWrapper_GeUtils_InferShape.restype is ctypes.c_uint32
    )


@pytest.mark.parametrize("bad", [None, (1, 2), [1, 2], [[1], (2,)], "[[1]]"])
def test_infer_shape_rejects_non_list_of_lists(mock_lib, bad):
    with pytest.raises(TypeError, match="input_shapes must be a list of shape lists"):
        GeUtils.infer_shape(_Handle(), bad)
    assert mock_lib.infer_calls == []


@pytest.mark.parametrize("bad", [[[1, "2"]], [[1.0]], [[1], [None]]])
def test_infer_shape_rejects_non_integer_dims(mock_lib, bad):
    with pytest.raises(TypeError, match="each shape dim must be an integer"):
        GeUtils.infer_shape(_Handle(), bad)


def test_infer_shape_flattens_dims_and_ranks(mock_lib):
    assert GeUtils.infer_shape(_Handle(), [[1, 3, 224, 224], [], [-1, 5]]) is None
    assert mock_lib.infer_calls == [([1, 3, 224, 224, -1, 5], [4, 0, 2])]


def test_infer_shape_failure_raises_runtime_error(mock_lib):
    mock_lib.infer_status = 1
    with pytest.raises(RuntimeError, match="Failed to infer shape"):
        GeUtils.infer_shape(_Handle(), [[1]])


def test_check_node_support_returns_reason_and_frees_it_once(mock_lib):
    assert GeUtils.check_node_support_on_aicore(_Handle()) == (False, "mock unsupported reason")
    assert len(mock_lib.freed) == 1


def test_check_node_support_without_reason_gives_empty_string(mock_lib):
    mock_lib.supported = True
    mock_lib.reason = None
    assert GeUtils.check_node_support_on_aicore(_Handle()) == (True, "")
    assert len(mock_lib.freed) == 1


def test_check_node_support_failure_raises_and_still_frees(monkeypatch):
    lib = _MockUtilsLib()
    lib.GeApiWrapper_GeUtils_CheckNodeSupportOnAicore = lambda *args: 1
    monkeypatch.setattr(pyge_utils_wrapper, "ge_utils_lib", lib)
    with pytest.raises(RuntimeError, match="Failed to check node support on AICore"):
        GeUtils.check_node_support_on_aicore(_Handle())
    assert len(lib.freed) == 1


def test_real_library_rejects_null_graph_and_expired_node():
    with pytest.raises(RuntimeError, match="Failed to infer shape"):
        GeUtils.infer_shape(_Handle(None), [])
    with pytest.raises(RuntimeError, match="Failed to check node support on AICore"):
        GeUtils.check_node_support_on_aicore(_Handle(None))


# ---- end to end on graphs built with ge.es (skipped while ge.es / ge.graph are unavailable) ----


def test_infer_shape_on_empty_graph_with_no_shapes_succeeds():
    graph_module = pytest.importorskip("ge.graph", reason="ge.graph is not available")
    assert GeUtils.infer_shape(graph_module.Graph("empty"), []) is None


def test_infer_shape_with_more_shapes_than_inputs_fails():
    graph_module = pytest.importorskip("ge.graph", reason="ge.graph is not available")
    with pytest.raises(RuntimeError, match="Failed to infer shape"):
        GeUtils.infer_shape(graph_module.Graph("empty"), [[1]])


def test_infer_shape_propagates_new_input_shape(add_graph):
    GeUtils.infer_shape(add_graph, [[2, 3, -1, 8]])
    add = next(node for node in add_graph.get_all_nodes() if node.type == "Add")
    assert list(add.get_output_desc(0).get_shape()) == [2, 3, -1, 8]
    net_output = next(node for node in add_graph.get_all_nodes() if node.type == "NetOutput")
    assert list(net_output.get_input_desc(0).get_shape()) == [2, 3, -1, 8]


def test_check_node_support_on_real_nodes(add_graph):
    nodes = {node.type: node for node in add_graph.get_all_nodes()}
    assert GeUtils.check_node_support_on_aicore(nodes["Add"]) == (True, "")
    supported, reason = GeUtils.check_node_support_on_aicore(nodes["Data"])
    assert supported is False
    assert reason == "op type 'Data' is not supported on AICore of Ascend910B1"
