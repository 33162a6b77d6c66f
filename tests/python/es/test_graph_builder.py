"""GraphBuilder: creation, inputs, constants, variables, outputs, attributes, build."""

from __future__ import annotations

import copy

import pytest

from ge.es.graph_builder import GraphBuilder, InputType
from ge.graph import DataType, Format, Graph

BUILT = "GraphBuilder has already been built. Create a new GraphBuilder to build another graph."


def _node(holder):
    return holder._get_node_snapshot()


def _desc(holder):
    return _node(holder).get_output_desc(0)


def _value(holder):
    return _node(holder).get_attr("value")


# ---- 19: creation and inputs --------------------------------------------------------------------


def test_default_name_is_graph():
    assert GraphBuilder().name == "graph"
    assert GraphBuilder("").name == "graph"
    assert GraphBuilder("mine").name == "mine"


def test_non_string_name_is_rejected():
    with pytest.raises(TypeError, match="Graph name must be a string"):
        GraphBuilder(123)


def test_single_input_defaults_to_float_nd_scalar_data(builder):
    x = builder.create_input(0)
    node = _node(x)
    assert node.name == "input_0"
    assert node.type == "Data"
    assert node.get_attr("index") == 0
    desc = _desc(x)
    assert desc.get_data_type() == DataType.DT_FLOAT
    assert desc.get_format() == Format.FORMAT_ND
    assert desc.get_shape() == []


def test_batch_inputs_are_numbered_from_start_index(builder):
    holders = builder.create_inputs(3, start_index=0)
    assert [h.name for h in holders] == ["input_0", "input_1", "input_2"]
    more = builder.create_inputs(2, 3)
    assert [_node(h).get_attr("index") for h in more] == [3, 4]


def test_detailed_input_sets_name_type_dtype_format_and_shape(builder):
    x = builder.create_input(
        0,
        name="images",
        type_str=InputType.REF_DATA,
        data_type=DataType.DT_INT32,
        format=Format.FORMAT_NCHW,
        shape=[1, 3, -1, 224],
    )
    assert x.name == "images"
    assert _node(x).type == "RefData"
    desc = _desc(x)
    assert desc.get_data_type() == DataType.DT_INT32
    assert desc.get_format() == Format.FORMAT_NCHW
    assert desc.get_shape() == [1, 3, -1, 224]


@pytest.mark.parametrize("input_type", list(InputType))
def test_every_input_type_is_accepted(builder, input_type):
    assert _node(builder.create_input(0, type_str=input_type)).type == input_type.value


def test_empty_name_means_default_name(builder):
    assert builder.create_input(4, name="").name == "input_4"


def test_input_argument_type_errors(builder):
    with pytest.raises(TypeError, match="Input index must be an integer"):
        builder.create_input("0")
    with pytest.raises(TypeError, match="Shape must be a list of integers"):
        builder.create_input(0, shape=(1, 2))
    with pytest.raises(TypeError, match="Shape must be a list of integers"):
        builder.create_input(0, shape=[1.0])
    with pytest.raises(TypeError, match="Number of inputs must be a positive integer"):
        builder.create_inputs(0)
    with pytest.raises(TypeError, match="Number of inputs must be a positive integer"):
        builder.create_inputs("2")
    with pytest.raises(TypeError, match="Start index must be a non-negative integer"):
        builder.create_inputs(2, -1)


def test_duplicate_or_negative_input_index_fails(builder):
    builder.create_input(0)
    with pytest.raises(RuntimeError, match="Failed to create input"):
        builder.create_input(0, name="again")
    with pytest.raises(RuntimeError, match="Failed to create input"):
        builder.create_input(-1)


# ---- 20: constants, vectors, scalars ------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "dtype", "values"),
    [
        ("create_const_int64", DataType.DT_INT64, [1, -2, 3, 4]),
        ("create_const_uint64", DataType.DT_UINT64, [1, 2, 3, 2**64 - 1]),
        ("create_const_int32", DataType.DT_INT32, [1, -2, 3, 4]),
        ("create_const_uint32", DataType.DT_UINT32, [1, 2, 3, 2**32 - 1]),
        ("create_const_float", DataType.DT_FLOAT, [1.5, -2.0, 3.25, 4.0]),
    ],
)
def test_const_creators_store_value_dtype_and_shape(builder, method, dtype, values):
    holder = getattr(builder, method)(values, [2, 2])
    assert _node(holder).type == "Const"
    assert holder.name == "Const_0"
    tensor = _value(holder)
    assert tensor.get_data_type() == dtype
    assert tensor.get_shape() == [2, 2]
    assert _desc(holder).get_shape() == [2, 2]
    assert _desc(holder).get_data_type() == dtype
    if dtype in (DataType.DT_INT64, DataType.DT_INT32, DataType.DT_FLOAT):
        assert tensor.get_data() == [values[:2], values[2:]]


def test_list_without_shape_is_one_dimensional(builder):
    assert _value(builder.create_const_int64([5, 6, 7])).get_shape() == [3]


def test_single_value_without_shape_equals_the_scalar(builder):
    const = builder.create_const_float(1.0)
    scalar = builder.create_scalar_float(1.0)
    for holder in (const, scalar):
        tensor = _value(holder)
        assert tensor.get_shape() == []
        assert tensor.get_data_type() == DataType.DT_FLOAT
        assert tensor.get_data() == 1.0
    # A one-element list with an explicit empty shape is also a scalar.
    assert _value(builder.create_const_int64([10], shape=[])).get_shape() == []
    assert _value(builder.create_const_int64(10, shape=[])).get_data() == 10


def test_const_names_advance_a_shared_counter(builder):
    builder.create_input(0)
    names = [
        builder.create_const_int64(1).name,
        builder.create_scalar_int32(2).name,
        builder.create_vector_int64([1, 2]).name,
        builder.create_const_float([1.0, 2.0]).name,
    ]
    assert names == ["Const_0", "Const_1", "Const_2", "Const_3"]


@pytest.mark.parametrize(
    "method",
    ["create_const_int64", "create_const_uint64", "create_const_int32", "create_const_uint32"],
)
def test_integer_const_type_errors(builder, method):
    for bad in ("1", 1.5, [1, 2.0], None):
        with pytest.raises(TypeError, match="Value must be an integer or list of integers"):
            getattr(builder, method)(bad)


def test_float_const_type_error(builder):
    for bad in ("1", [1.0, "x"], None):
        with pytest.raises(TypeError, match="Value must be a float or list of floats"):
            builder.create_const_float(bad)


def test_value_count_must_match_shape(builder):
    with pytest.raises(
        ValueError, match=r"Value count \(3\) doesn't match shape \[2, 2\] \(expected 4 elements\)"
    ):
        builder.create_const_int64([1, 2, 3], shape=[2, 2])
    with pytest.raises(ValueError, match=r"Value count \(3\) doesn't match shape"):
        builder.create_const_float([1.0, 2.0, 3.0], shape=[2])


def test_vector_int64(builder):
    vector = builder.create_vector_int64([4, 5, 6])
    assert _value(vector).get_shape() == [3]
    assert _value(vector).get_data() == [4, 5, 6]
    with pytest.raises(TypeError, match="Value must be a list of integers"):
        builder.create_vector_int64(4)
    with pytest.raises(TypeError, match="Value must be a list of integers"):
        builder.create_vector_int64([1.0])


@pytest.mark.parametrize(
    ("method", "dtype", "value"),
    [
        ("create_scalar_int64", DataType.DT_INT64, -(2**63)),
        ("create_scalar_int32", DataType.DT_INT32, -7),
        ("create_scalar_float", DataType.DT_FLOAT, 2.5),
        ("create_scalar_uint64", DataType.DT_UINT64, 2**64 - 1),
        ("create_scalar_uint32", DataType.DT_UINT32, 2**32 - 1),
    ],
)
def test_scalars(builder, method, dtype, value):
    tensor = _value(getattr(builder, method)(value))
    assert tensor.get_data_type() == dtype
    assert tensor.get_shape() == []
    if dtype != DataType.DT_UINT64:
        assert tensor.get_data() == value


def test_scalar_type_and_range_errors(builder):
    for method in ("create_scalar_int64", "create_scalar_int32", "create_scalar_uint64"):
        with pytest.raises(TypeError, match="Value must be an integer"):
            getattr(builder, method)(1.5)
    with pytest.raises(TypeError, match="Value must be a number"):
        builder.create_scalar_float("1")
    with pytest.raises(ValueError, match="Value must be non-negative for uint64"):
        builder.create_scalar_uint64(-1)
    with pytest.raises(ValueError, match=r"Value must be in range \[0, 2\^32-1\] for uint32"):
        builder.create_scalar_uint32(2**32)
    with pytest.raises(ValueError, match=r"Value must be in range \[0, 2\^32-1\] for uint32"):
        builder.create_scalar_uint32(-1)
    with pytest.raises(ValueError, match="Value must be non-negative for uint64"):
        builder.create_const_uint64([1, -1])


# ---- 21: variables, outputs, attributes ---------------------------------------------------------


def test_variable(builder):
    var = builder.create_variable(2, "weights")
    assert var.name == "weights"
    assert _node(var).type == "Variable"
    assert _node(var).get_attr("index") == 2
    with pytest.raises(TypeError, match="Index must be an integer"):
        builder.create_variable("2", "w")
    with pytest.raises(TypeError, match="Name must be a string"):
        builder.create_variable(2, None)
    with pytest.raises(RuntimeError, match="Failed to create variable"):
        builder.create_variable(3, "weights")  # the node name is taken


def test_graph_output_errors(builder):
    x = builder.create_input(0)
    with pytest.raises(TypeError, match="Tensor must be a TensorHolder"):
        builder.set_graph_output("x", 0)
    with pytest.raises(TypeError, match="Output index must be an integer"):
        builder.set_graph_output(x, "0")
    builder.set_graph_output(x, 0)
    with pytest.raises(
        RuntimeError, match="Failed to set graph output for graph test_graph output index 0"
    ):
        builder.set_graph_output(x, 0)
    with pytest.raises(
        RuntimeError, match="Failed to set graph output for graph test_graph output index -1"
    ):
        builder.set_graph_output(x, -1)


def test_graph_attrs_are_readable_on_the_built_graph(builder):
    builder.set_graph_attr_int64("i", 7)
    builder.set_graph_attr_string("s", "text")
    builder.set_graph_attr_bool("b", True)
    graph = builder.build_and_reset()
    assert graph.get_attr("i") == 7
    assert graph.get_attr("s") == "text"
    assert graph.get_attr("b") is True


def test_graph_attr_type_errors(builder):
    with pytest.raises(TypeError, match="Attribute name must be a string"):
        builder.set_graph_attr_int64(1, 1)
    with pytest.raises(TypeError, match="Value must be an integer"):
        builder.set_graph_attr_int64("a", "1")
    with pytest.raises(TypeError, match="Value must be a string"):
        builder.set_graph_attr_string("a", 1)
    with pytest.raises(TypeError, match="Value must be a boolean"):
        builder.set_graph_attr_bool("a", 1)


def test_tensor_attrs_land_on_the_producer_output(builder):
    x = builder.create_input(0)
    builder.set_tensor_attr_int64(x, "ti", 3)
    builder.set_tensor_attr_string(x, "ts", "v")
    builder.set_tensor_attr_bool(x, "tb", False)
    producer = _node(x)
    assert producer.get_output_attr("ti", 0) == 3
    assert producer.get_output_attr("ts", 0) == "v"
    assert producer.get_output_attr("tb", 0) is False
    assert not producer.has_attr("ti")


def test_node_attrs_land_on_the_producer(builder):
    x = builder.create_input(0)
    builder.set_node_attr_int64(x, "ni", -4)
    builder.set_node_attr_string(x, "ns", "w")
    builder.set_node_attr_bool(x, "nb", True)
    producer = _node(x)
    assert producer.get_attr("ni") == -4
    assert producer.get_attr("ns") == "w"
    assert producer.get_attr("nb") is True


@pytest.mark.parametrize("target", ["tensor", "node"])
def test_holder_attr_type_errors(builder, target):
    x = builder.create_input(0)
    with pytest.raises(TypeError, match="Tensor must be a TensorHolder"):
        getattr(builder, f"set_{target}_attr_int64")(None, "a", 1)
    with pytest.raises(TypeError, match="Attribute name must be a string"):
        getattr(builder, f"set_{target}_attr_int64")(x, 1, 1)
    with pytest.raises(TypeError, match="Value must be an integer"):
        getattr(builder, f"set_{target}_attr_int64")(x, "a", 1.0)
    with pytest.raises(TypeError, match="Value must be a string"):
        getattr(builder, f"set_{target}_attr_string")(x, "a", None)
    with pytest.raises(TypeError, match="Value must be a boolean"):
        getattr(builder, f"set_{target}_attr_bool")(x, "a", 0)


def test_control_dependency_errors(builder):
    x = builder.create_input(0)
    with pytest.raises(TypeError, match="dst_tensor must be a TensorHolder"):
        builder.add_control_dependency(None, [x])
    with pytest.raises(TypeError, match="src_tensors must be a list"):
        builder.add_control_dependency(x, x)
    with pytest.raises(TypeError, match="src_tensors must be a list of TensorHolder"):
        builder.add_control_dependency(x, [x, 1])
    with pytest.raises(
        RuntimeError, match="Failed to add control dependency for nodes in graph test_graph"
    ):
        builder.add_control_dependency(x, [x])


def test_control_dependency_edges_in_list_order(builder):
    a = builder.create_const_int64(1)
    b = builder.create_const_int64(2)
    c = builder.create_const_int64(3)
    builder.add_control_dependency(c, [b, a])
    assert [n.name for n in _node(c).get_in_control_nodes()] == ["Const_1", "Const_0"]


# ---- 22: build ----------------------------------------------------------------------------------


def test_build_without_outputs(builder):
    builder.create_input(0)
    graph = builder.build_and_reset()
    assert isinstance(graph, Graph)
    assert graph._owns_handle is True
    assert graph._owner is None
    assert [n.type for n in graph.get_all_nodes()] == ["Data"]


def test_build_with_outputs_appends_net_output(three_output_graph):
    nodes = three_output_graph.get_all_nodes()
    assert [n.name for n in nodes] == ["test_input", "Const_0", "Const_1", "NetOutput_graph"]
    net_output = nodes[-1]
    assert net_output.type == "NetOutput"
    assert net_output.get_inputs_size() == 3
    for index, name in enumerate(["test_input", "Const_0", "Const_1"]):
        peer, port = net_output.get_in_data_nodes_and_port_indexes(index)
        assert (peer.name, port) == (name, 0)
    # No shape inference: the NetOutput input descs keep their defaults.
    desc = net_output.get_input_desc(0)
    assert (desc.get_shape(), desc.get_format(), desc.get_data_type()) == (
        [],
        Format.FORMAT_ND,
        DataType.DT_FLOAT,
    )
    data_in = nodes[0].get_input_desc(0)
    assert data_in.get_shape() == [1, 3, 224, 224]


def test_build_outputs_type_errors(builder):
    x = builder.create_input(0)
    with pytest.raises(TypeError, match="Outputs must be a list"):
        builder.build_and_reset(x)
    with pytest.raises(TypeError, match="All outputs must be TensorHolder objects"):
        builder.build_and_reset([x, "y"])
    with pytest.raises(TypeError, match="All outputs must be TensorHolder objects"):
        builder.build_and_reset([None])


def test_build_fails_on_non_contiguous_inputs(builder):
    builder.create_input(1)
    with pytest.raises(RuntimeError, match="Failed to build graph"):
        builder.build_and_reset()
    builder.create_input(0)  # still usable: the failed build changed nothing
    assert len(builder.build_and_reset().get_all_nodes()) == 2


def test_builder_cannot_be_copied(builder):
    with pytest.raises(RuntimeError, match="GraphBuilder does not support copy"):
        copy.copy(builder)
    with pytest.raises(RuntimeError, match="GraphBuilder does not support deepcopy"):
        copy.deepcopy(builder)


@pytest.mark.parametrize(
    ("operation", "call"),
    [
        ("create input", lambda b, x: b.create_input(1)),
        ("create inputs", lambda b, x: b.create_inputs(1)),
        ("create constant", lambda b, x: b.create_const_int64(1)),
        ("create vector", lambda b, x: b.create_vector_int64([1])),
        ("create scalar", lambda b, x: b.create_scalar_float(1.0)),
        ("create variable", lambda b, x: b.create_variable(0, "v")),
        ("set graph output", lambda b, x: b.set_graph_output(x, 1)),
        ("set graph attribute", lambda b, x: b.set_graph_attr_int64("a", 1)),
        ("set tensor attribute", lambda b, x: b.set_tensor_attr_int64(x, "a", 1)),
        ("set node attribute", lambda b, x: b.set_node_attr_bool(x, "a", True)),
        ("add control dependency", lambda b, x: b.add_control_dependency(x, [])),
        ("build_and_reset", lambda b, x: b.build_and_reset()),
    ],
)
def test_every_mutation_fails_after_build(builder, operation, call):
    x = builder.create_input(0)
    builder.build_and_reset([x])
    with pytest.raises(RuntimeError, match=f"Cannot {operation}: {BUILT}"):
        call(builder, x)


def test_complex_graph_builds(builder):
    x = builder.create_input(0, shape=[2, 2])
    y = builder.create_input(1, shape=[2, 2])
    total = (x + y) * 2.0 - [[1.0, 2.0], [3.0, 4.0]]
    ratio = 1 / total
    graph = builder.build_and_reset([total, ratio])
    types = [n.type for n in graph.get_all_nodes()]
    assert types.count("NetOutput") == 1
    assert {"Add", "Mul", "Sub", "Div"} <= set(types)
