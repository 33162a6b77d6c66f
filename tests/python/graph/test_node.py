"""ge.graph.Node: descs, topology, attributes."""

from __future__ import annotations

import copy

import pytest

from ge.graph import DataType, Format, Node, Tensor, TensorDesc


@pytest.fixture
def nodes(add_graph, find):
    found = find(add_graph)
    found["Add"] = next(n for n in found.values() if n.type == "Add")
    found["NetOutput"] = next(n for n in found.values() if n.type == "NetOutput")
    return found


def test_net_output_input_desc_defaults_then_updates(nodes):
    net_output = nodes["NetOutput"]
    desc = net_output.get_input_desc(0)
    assert desc.get_shape() == []
    assert desc.get_format() == Format.FORMAT_ND
    assert desc.get_data_type() == DataType.DT_FLOAT

    new_desc = TensorDesc([1, 3, 224, 224], Format.FORMAT_NCHW, DataType.DT_INT32)
    net_output.update_input_desc(0, new_desc)
    read = net_output.get_input_desc(0)
    assert read.get_shape() == [1, 3, 224, 224]
    assert read.get_shape().get_shape_size() == 150528
    assert read.get_format() == Format.FORMAT_NCHW
    assert read.get_data_type() == DataType.DT_INT32


def test_data_output_desc_with_unknown_dim(nodes):
    data = nodes["test_input"]
    data.update_output_desc(0, TensorDesc([1, 3, -1, 224]))
    shape = data.get_output_desc(0).get_shape()
    assert shape.get_shape_size() == -1
    assert shape.is_unknown_shape()


def test_desc_index_and_type_errors(nodes):
    add = nodes["Add"]
    with pytest.raises(TypeError, match="Input index must be an integer"):
        add.get_input_desc("0")
    with pytest.raises(TypeError, match="Output index must be an integer"):
        add.get_output_desc(None)
    with pytest.raises(TypeError, match="Input index must be an integer"):
        add.update_input_desc(1.0, TensorDesc())
    with pytest.raises(TypeError, match="tensor_desc must be a TensorDesc"):
        add.update_output_desc(0, [1, 2])
    with pytest.raises(RuntimeError, match="^Failed to get input desc for index 9$"):
        add.get_input_desc(9)
    with pytest.raises(RuntimeError, match="^Failed to get output desc for index -1$"):
        add.get_output_desc(-1)
    with pytest.raises(RuntimeError, match="^Failed to update input desc for index 5$"):
        add.update_input_desc(5, TensorDesc())
    with pytest.raises(RuntimeError, match="^Failed to update output desc for index 5$"):
        add.update_output_desc(5, TensorDesc())


def test_names_and_types_are_non_empty(add_graph):
    for node in add_graph.get_all_nodes():
        assert node.name and node.type


def test_add_topology(nodes):
    add, data = nodes["Add"], nodes["test_input"]
    assert add.get_in_control_nodes() == []
    assert add.get_out_control_nodes() == []
    peer, port = add.get_in_data_nodes_and_port_indexes(0)
    assert (peer.name, port) == ("test_input", 0)
    peer, port = add.get_in_data_nodes_and_port_indexes(1)
    assert (peer.name, port) == ("Const_0", 0)
    consumers = data.get_out_data_nodes_and_port_indexes(0)
    assert [(n.name, p) for n, p in consumers] == [(add.name, 0)]
    # NetOutput consumes Add; Const_0 feeds both Add and NetOutput.
    assert len(nodes["Const_0"].get_out_data_nodes_and_port_indexes(0)) == 2


def test_index_type_errors_and_bad_indexes(nodes):
    add = nodes["Add"]
    with pytest.raises(TypeError, match="Input index must be an integer"):
        add.get_in_data_nodes_and_port_indexes("0")
    with pytest.raises(TypeError, match="Output index must be an integer"):
        add.get_out_data_nodes_and_port_indexes(0.0)
    with pytest.raises(RuntimeError, match="^Failed to get input data node for index 7$"):
        add.get_in_data_nodes_and_port_indexes(7)
    with pytest.raises(RuntimeError, match="^Failed to get output data node for index 3$"):
        add.get_out_data_nodes_and_port_indexes(3)


def test_null_node_handle_fails_cleanly(nodes, null_handle):
    add = nodes["Add"]
    add._handle = null_handle
    with pytest.raises(RuntimeError, match="^Failed to get output data node for index 0$"):
        add.get_out_data_nodes_and_port_indexes(0)
    with pytest.raises(RuntimeError, match="^Failed to get input data node for index 0$"):
        add.get_in_data_nodes_and_port_indexes(0)
    with pytest.raises(RuntimeError, match="^Failed to get Node name$"):
        _ = add.name
    with pytest.raises(RuntimeError, match="^Failed to get Node type$"):
        _ = add.type
    assert add.get_inputs_size() == 0 and add.get_outputs_size() == 0
    assert add.has_attr("x") is False
    assert add.get_in_control_nodes() == [] and add.get_out_control_nodes() == []
    with pytest.raises(RuntimeError, match="^Failed to get attribute 'x' from Node$"):
        add.get_attr("x")
    with pytest.raises(RuntimeError, match="^Failed to get input desc for index 0$"):
        add.get_input_desc(0)


@pytest.mark.parametrize("value", ["s", 3, 1.5, True, [1, 2], [0.5], [True, False], ["a", "b"]])
def test_node_attr_round_trip(nodes, value):
    add = nodes["Add"]
    add.set_attr("my_attr", value)
    assert add.has_attr("my_attr")
    assert add.get_attr("my_attr") == value


def test_node_attr_errors(nodes):
    add = nodes["Add"]
    assert add.has_attr("never_set") is False
    with pytest.raises(TypeError, match="attr_name must be a string"):
        add.has_attr(1)
    with pytest.raises(TypeError, match="Attribute key must be a string"):
        add.get_attr(1)
    with pytest.raises(TypeError, match="Attribute key must be a string"):
        add.set_attr(None, 1)
    # GE's message names no node here.
    with pytest.raises(RuntimeError, match="^Failed to get attribute 'never_set' from Node$"):
        add.get_attr("never_set")


def test_input_and_output_attrs_round_trip(nodes):
    add = nodes["Add"]
    add.set_input_attr("in_attr", 1, "left")
    add.set_output_attr("out_attr", 0, [1, 2, 3])
    assert add.get_input_attr("in_attr", 1) == "left"
    assert add.get_output_attr("out_attr", 0) == [1, 2, 3]
    name = add.name
    with pytest.raises(
        RuntimeError, match=f"^Failed to get Node {name} input attribute 'in_attr' for index 0$"
    ):
        add.get_input_attr("in_attr", 0)
    with pytest.raises(
        RuntimeError, match=f"^Failed to set Node {name} output attribute 'a' for index 4$"
    ):
        add.set_output_attr("a", 4, 1)
    with pytest.raises(
        RuntimeError, match=f"^Failed to get Node {name} output attribute 'a' for index 0$"
    ):
        add.get_output_attr("a", 0)
    with pytest.raises(
        RuntimeError, match=f"^Failed to set Node {name} input attribute 'a' for index 9$"
    ):
        add.set_input_attr("a", 9, 1)


def test_port_attr_type_errors(nodes):
    add = nodes["Add"]
    with pytest.raises(TypeError, match="Attribute name must be a string"):
        add.get_input_attr(1, 0)
    with pytest.raises(TypeError, match="Input index must be an integer"):
        add.set_input_attr("a", "0", 1)
    with pytest.raises(TypeError, match="Output index must be an integer"):
        add.get_output_attr("a", None)
    with pytest.raises(TypeError, match="Attribute name must be a string"):
        add.set_output_attr(None, 0, 1)


def test_sizes_are_positive(nodes):
    assert nodes["Add"].get_inputs_size() == 2
    assert nodes["Add"].get_outputs_size() == 1
    assert nodes["test_input"].get_outputs_size() > 0


def test_const_value_attr_is_a_float_scalar_tensor(nodes):
    value = nodes["Const_0"].get_attr("value")
    assert isinstance(value, Tensor)
    assert value.get_data_type() == DataType.DT_FLOAT
    assert value.get_shape() == []
    assert value.get_data() == 1.0


def test_node_of_removed_graph_fails_cleanly(es):
    builder = es.GraphBuilder("temp")
    builder.create_input(0)
    graph = builder.build_and_reset()
    node = graph.get_all_nodes()[0]
    del graph  # the node handle is weak: it expires with the graph
    with pytest.raises(RuntimeError, match="^Failed to get Node name$"):
        _ = node.name


def test_node_cannot_be_copied(nodes):
    with pytest.raises(RuntimeError, match="Node does not support copy"):
        copy.copy(nodes["Add"])
    with pytest.raises(RuntimeError, match="Node does not support deepcopy"):
        copy.deepcopy(nodes["Add"])


def test_create_from_null_is_rejected():
    with pytest.raises(ValueError, match="Node handle cannot be None"):
        Node._create_from(None)
