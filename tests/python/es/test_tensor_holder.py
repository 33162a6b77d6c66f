"""TensorHolder: setters, arithmetic, ownership and the built-builder errors."""

from __future__ import annotations

import ctypes

import pytest

from ge.es.graph_builder import GraphBuilder
from ge.es.tensor_holder import TensorHolder
from ge.graph import DataType, Format

BUILT = "GraphBuilder has already been built. Create a new GraphBuilder to build another graph."


def _node(holder):
    return holder._get_node_snapshot()


def _inputs(holder):
    node = _node(holder)
    return [node.get_in_data_nodes_and_port_indexes(i)[0].name for i in range(2)]


def test_direct_construction_is_forbidden():
    with pytest.raises(RuntimeError, match="TensorHolder objects should not be created directly"):
        TensorHolder()


def test_create_from_validates_arguments(builder):
    with pytest.raises(ValueError, match="Tensor handle cannot be None"):
        TensorHolder._create_from(None, builder)
    with pytest.raises(ValueError, match="Owner builder cannot be None"):
        TensorHolder._create_from(ctypes.c_void_p(1), None)


def test_setters_chain_and_update_the_output_desc(builder):
    x = builder.create_input(0)
    assert x.set_data_type(DataType.DT_INT8).set_format(Format.FORMAT_NHWC).set_shape([2, 3]) is x
    desc = _node(x).get_output_desc(0)
    assert desc.get_data_type() == DataType.DT_INT8
    assert desc.get_format() == Format.FORMAT_NHWC
    assert desc.get_shape() == [2, 3]
    assert desc.get_origin_shape() == [2, 3]
    assert x.set_shape([]) is x
    assert _node(x).get_output_desc(0).get_shape() == []


def test_setter_type_errors(builder):
    x = builder.create_input(0)
    with pytest.raises(TypeError, match="Data type must be a DataType enum"):
        x.set_data_type(0)
    with pytest.raises(TypeError, match="Format must be a Format enum"):
        x.set_format(2)
    with pytest.raises(TypeError, match="Shape must be a list of integers"):
        x.set_shape((1, 2))
    with pytest.raises(TypeError, match="All shape dimensions must be integers"):
        x.set_shape([1, "2"])


def test_snapshot_is_a_non_owning_node_view(builder):
    x = builder.create_input(0, name="feature")
    snapshot = x._get_node_snapshot()
    assert snapshot.name == "feature"
    assert snapshot._owns_handle is False


def test_holder_keeps_its_builder_alive():
    def make():
        return GraphBuilder("scoped").create_const_int64(5)

    holder = make()
    assert holder.name == "Const_0"
    assert holder.get_owner_builder().name == "scoped"


@pytest.mark.parametrize(
    ("operation", "call"),
    [
        ("set data type", lambda x: x.set_data_type(DataType.DT_INT8)),
        ("set format", lambda x: x.set_format(Format.FORMAT_NCHW)),
        ("set shape", lambda x: x.set_shape([1])),
        ("add", lambda x: x.add(x)),
        ("sub", lambda x: x - x),
        ("mul", lambda x: x.mul(x)),
        ("div", lambda x: x / x),
    ],
)
def test_holder_mutations_fail_after_build(builder, operation, call):
    x = builder.create_input(0)
    graph = builder.build_and_reset([x])
    assert x.name == "input_0"  # reading works while the graph lives
    with pytest.raises(RuntimeError, match=f"Cannot {operation}: {BUILT}"):
        call(x)
    del graph
    with pytest.raises(RuntimeError, match="Failed to get Node name"):
        _ = x.name  # the node went away with the graph: a clean failure, no crash


def test_operands_from_different_builders_are_rejected():
    a = GraphBuilder("left").create_input(0)
    b = GraphBuilder("right").create_input(0)
    with pytest.raises(
        ValueError,
        match=r"Cannot perform add: tensors from different GraphBuilders \('left' vs 'right'\)",
    ):
        a + b


def test_arithmetic_with_the_real_library(builder):
    x = builder.create_input(0)
    y = builder.create_input(1)
    assert _node(x + y).type == "Add"
    assert _node(x - y).type == "Sub"
    assert _node(x * y).type == "Mul"
    assert _node(x / y).type == "Div"
    assert _inputs(x - y) == ["input_0", "input_1"]


def test_operand_order_quirks(builder):
    x = builder.create_input(0)
    # x + 2 and 2 + x both wire x first (GE swaps the reflected operands of + and *). Ops and
    # consts share one name counter: Const_0, Add_1, Const_2, Add_3, ...
    assert _inputs(x + 2) == ["input_0", "Const_0"]
    assert _inputs(2 + x) == ["input_0", "Const_2"]
    assert _inputs(3 * x) == ["input_0", "Const_4"]
    # - and / keep the written order.
    assert _inputs(4 - x) == ["Const_6", "input_0"]
    assert _inputs(5 / x) == ["Const_8", "input_0"]


def test_math_library_missing(monkeypatch, builder):
    from ge._capi import pyes_graph_builder_wrapper as wrapper

    def unavailable(lib_name=None):
        raise RuntimeError(f"Generated library {lib_name} is not available: gone")

    monkeypatch.setattr(wrapper, "get_generated_lib", unavailable)
    x = builder.create_input(0)
    with pytest.raises(
        RuntimeError,
        match=r"Math operators \(Add/Sub/Mul/Div\) not available: neither libes_math.so nor "
        r"libes_all.so could be loaded. Please ensure at least one is accessible.",
    ):
        x + x


class _FakeMathLib:
    """Stands in for libes_math.so: each call returns a holder made by the real builder."""

    def __init__(self, builder):
        self.builder = builder
        self.calls = []

    def _make(self, name):
        def call(lhs, rhs):
            self.calls.append((name, lhs.value, rhs.value))
            return self.builder.create_const_int64(len(self.calls))._handle.value

        return call

    def __getattr__(self, name):
        return self._make(name)


@pytest.fixture
def fake_math(monkeypatch, builder):
    fake = _FakeMathLib(builder)
    monkeypatch.setattr(TensorHolder, "_get_math_operator_lib", lambda self: fake)
    return fake


def test_methods_and_operators_use_the_math_library(builder, fake_math):
    x = builder.create_input(0)
    results = [x.add(1), x.sub(2.0), x.mul([1, 2]), x.div(x), x + x, x - 1, x * 2, x / 3]
    assert [call[0] for call in fake_math.calls] == [
        "EsAdd", "EsSub", "EsMul", "EsDiv", "EsAdd", "EsSub", "EsMul", "EsDiv",
    ]  # fmt: skip
    assert all(r._builder is builder for r in results)


def test_scalars_on_both_sides_and_nested_list_on_the_left(builder, fake_math):
    x = builder.create_input(0)
    for result in (1 + x, 2.0 * x, 3 - x, 4.0 / x, [[1, 2], [3, 4]] + x):
        assert result._builder is builder
    names = [call[0] for call in fake_math.calls]
    assert names == ["EsAdd", "EsMul", "EsSub", "EsDiv", "EsAdd"]
    # The nested list became a [2, 2] int64 constant.
    assert builder.create_const_int64(0).name == "Const_10"


def test_ragged_operand_is_rejected(builder, fake_math):
    x = builder.create_input(0)
    with pytest.raises(ValueError, match="Irregular nested list"):
        x + [[1, 2], [3]]
