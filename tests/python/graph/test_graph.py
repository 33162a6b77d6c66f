"""ge.graph.Graph: creation, attributes, nodes, edges, subgraphs, AIR."""

from __future__ import annotations

import copy
import ctypes

import pytest

from ge.graph import DumpFormat, Graph, Node


def test_graph_is_created_with_given_or_default_name():
    assert Graph("my_graph").name == "my_graph"
    graph = Graph()
    assert graph.name == "graph"
    assert graph._owns_handle is True and graph._owner is None and graph._handle


@pytest.mark.parametrize("bad_name", [None, 1, 2.5, ["g"]])
def test_graph_name_must_be_a_string(bad_name):
    with pytest.raises(TypeError, match="^Graph name must be a string$"):
        Graph(bad_name)


def test_create_from_null_handle_is_rejected():
    with pytest.raises(ValueError, match="Graph pointer cannot be None"):
        Graph._create_from(None)
    with pytest.raises(ValueError, match="Graph pointer cannot be None"):
        Graph._create_from(ctypes.c_void_p(None))


def test_borrowed_view_shares_the_graph_and_keeps_its_owner():
    owner = Graph("owner_graph")
    view = Graph._create_from(owner._handle, owns_handle=False, owner=owner)
    assert view.name == "owner_graph"
    assert view._owns_handle is False
    assert view._owner is owner
    del view  # never frees the owner's handle
    assert owner.name == "owner_graph"


def test_new_graph_has_no_nodes():
    graph = Graph("empty")
    assert graph.get_all_nodes() == []
    assert graph.get_direct_nodes() == []


@pytest.mark.parametrize(
    "key, value",
    [
        ("str_attr", "hello"),
        ("int_attr", 42),
        ("float_attr", 0.5),
        ("bool_attr", True),
        ("list_int_attr", [1, 2, 3]),
        ("list_float_attr", [1.5, 2.5]),
        ("list_str_attr", ["a", "b"]),
    ],
)
def test_graph_attrs_round_trip(key, value):
    graph = Graph("attrs")
    graph.set_attr(key, value)
    assert graph.get_attr(key) == value


def test_graph_attr_errors():
    graph = Graph("attrs")
    with pytest.raises(TypeError, match="Attribute key must be a string"):
        graph.set_attr(1, 1)
    with pytest.raises(TypeError, match="Attribute key must be a string"):
        graph.get_attr(None)
    with pytest.raises(RuntimeError, match="^Failed to get attribute 'missing' from Graph attrs$"):
        graph.get_attr("missing")
    with pytest.raises(ValueError, match="Unsupported attribute type"):
        graph.set_attr("bad", {"a": 1})


def test_graph_cannot_be_copied():
    graph = Graph()
    with pytest.raises(RuntimeError, match="Graph does not support copy"):
        copy.copy(graph)
    with pytest.raises(RuntimeError, match="Graph does not support deepcopy"):
        copy.deepcopy(graph)


def test_built_graph_owns_its_handle(add_graph):
    assert add_graph._owns_handle is True
    assert add_graph._owner is None
    assert add_graph._handle


def test_manual_graph_has_a_handle():
    assert Graph("manual")._handle


def test_subgraph_ownership_transfers_only_once(es):
    graph = Graph()
    first = es.GraphBuilder()
    graph._transfer_ownership_when_pass_as_subgraph(first)
    assert graph._owns_handle is False and graph._owner is first
    with pytest.raises(
        RuntimeError,
        match=(
            "^Graph :graph already has an new owner builder :graph, "
            "cannot transfer ownership again$"
        ),
    ):
        graph._transfer_ownership_when_pass_as_subgraph(es.GraphBuilder())


def test_built_graph_lists_nodes_in_creation_order(add_graph):
    names = [n.name for n in add_graph.get_all_nodes()]
    assert names[:3] == ["test_input", "Const_0", "Const_1"]
    assert add_graph.get_all_nodes()[-1].type == "NetOutput"
    assert len(add_graph.get_direct_nodes()) == len(names)


def test_removing_a_node_lowers_the_count_by_one(add_graph):
    before = add_graph.get_all_nodes()
    add_graph.remove_node(before[-1])
    assert len(add_graph.get_all_nodes()) == len(before) - 1


def test_removed_node_cannot_be_removed_again(add_graph):
    last = add_graph.get_all_nodes()[-1]
    name = last.name
    add_graph.remove_node(last)
    with pytest.raises(RuntimeError, match="Failed to get Node name"):
        add_graph.remove_node(last)
    with pytest.raises(RuntimeError, match=f"Failed to find Node name {name}"):
        add_graph.find_node_by_name(name)


def test_control_edge_is_added_and_removed_with_minus_one_ports(add_graph):
    nodes = add_graph.get_all_nodes()
    first, last = nodes[0], nodes[-1]
    add_graph.add_control_edge(first, last)
    assert [n.name for n in last.get_in_control_nodes()] == [first.name]
    assert [n.name for n in first.get_out_control_nodes()] == [last.name]
    add_graph.remove_edge(first, -1, last, -1)
    assert last.get_in_control_nodes() == []


def test_data_edge_into_a_const_fails_with_exact_message(add_graph):
    nodes = add_graph.get_all_nodes()
    with pytest.raises(
        RuntimeError,
        match=(
            r"^Failed to add DataEdge from Node test_input, Port Index 0 "
            r"to Node Const_0, Port Index 0$"
        ),
    ):
        add_graph.add_data_edge(nodes[0], 0, nodes[1], 0)


def test_data_edge_can_be_removed_and_added_back(add_graph, find):
    nodes = find(add_graph)
    add = next(n for n in nodes.values() if n.type == "Add")
    data = nodes["test_input"]
    add_graph.remove_edge(data, 0, add, 0)
    with pytest.raises(RuntimeError, match="Failed to get input data node for index 0"):
        add.get_in_data_nodes_and_port_indexes(0)
    with pytest.raises(RuntimeError, match="^Failed to remove Edge from Node test_input, Port"):
        add_graph.remove_edge(data, 0, add, 0)
    add_graph.add_data_edge(data, 0, add, 0)
    peer, port = add.get_in_data_nodes_and_port_indexes(0)
    assert (peer.name, port) == ("test_input", 0)


def test_find_node_by_name(add_graph):
    assert add_graph.find_node_by_name("Const_1").type == "Const"
    with pytest.raises(RuntimeError, match="^Failed to find Node name invalid$"):
        add_graph.find_node_by_name("invalid")
    with pytest.raises(TypeError, match="name must be a string"):
        add_graph.find_node_by_name(1)


def test_air_path_must_be_a_string():
    graph = Graph()
    with pytest.raises(TypeError, match="file_path must be a string"):
        graph.save_to_air(1)
    with pytest.raises(TypeError, match="file_path must be a string"):
        graph.load_from_air(None)


def test_air_save_and_load_fail_on_null_handle(tmp_path, null_handle):
    graph = Graph()
    graph._handle = null_handle
    with pytest.raises(RuntimeError, match="^Failed to save graph to AIR format$"):
        graph.save_to_air(str(tmp_path / "g.air"))
    with pytest.raises(RuntimeError, match="^Failed to load graph from AIR format$"):
        graph.load_from_air(str(tmp_path / "g.air"))


def test_load_from_missing_air_file_fails(tmp_path):
    with pytest.raises(RuntimeError, match="^Failed to load graph from AIR format$"):
        Graph().load_from_air(str(tmp_path / "missing.air"))


def test_air_round_trip_replaces_graph_content(add_graph, tmp_path):
    path = str(tmp_path / "add.air")
    add_graph.set_attr("note", "kept")
    add_graph.save_to_air(path)
    loaded = Graph("placeholder")
    loaded.load_from_air(path)
    assert loaded.name == "test_graph"
    assert [n.name for n in loaded.get_all_nodes()] == [n.name for n in add_graph.get_all_nodes()]
    assert loaded.get_attr("note") == "kept"


@pytest.mark.parametrize(
    "args, message",
    [
        (("x", 0, None, 0), "src_node must be a Node"),
        ((None, "0", None, 0), "src_node must be a Node"),
        (("node", "0", "node", 0), "src_port_index must be an integer"),
        (("node", 0, "x", 0), "dst_node must be a Node"),
        (("node", 0, "node", 0.0), "dst_port_index must be an integer"),
    ],
)
def test_edge_argument_type_errors(add_graph, args, message):
    node = add_graph.get_all_nodes()[0]
    args = tuple(node if a == "node" else a for a in args)
    for method in (add_graph.add_data_edge, add_graph.remove_edge):
        with pytest.raises(TypeError, match=message):
            method(*args)


def test_control_edge_argument_type_errors(add_graph):
    node = add_graph.get_all_nodes()[0]
    with pytest.raises(TypeError, match="src_node must be a Node"):
        add_graph.add_control_edge("a", node)
    with pytest.raises(TypeError, match="dst_node must be a Node"):
        add_graph.add_control_edge(node, "b")
    with pytest.raises(TypeError, match="node must be a Node"):
        add_graph.remove_node("a")


def test_duplicate_control_edge_fails(add_graph):
    nodes = add_graph.get_all_nodes()
    add_graph.add_control_edge(nodes[0], nodes[1])
    with pytest.raises(
        RuntimeError, match="^Failed to add Control from Node test_input to Node Const_0$"
    ):
        add_graph.add_control_edge(nodes[0], nodes[1])


def test_subgraphs_are_added_listed_found_and_removed():
    root = Graph("test_graph")
    assert root.get_all_subgraphs() == []
    assert root.get_subgraph("then_graph") is None
    root.add_subgraph(Graph("then_graph"))
    root.add_subgraph(Graph("else_graph"))
    assert [g.name for g in root.get_all_subgraphs()] == ["then_graph", "else_graph"]
    then_graph = root.get_subgraph("then_graph")
    then_graph.set_attr("seen", 1)  # a view shares the registered body
    assert root.get_subgraph("then_graph").get_attr("seen") == 1

    with pytest.raises(
        RuntimeError, match="^Failed to add subgraph 'then_graph' to graph 'test_graph'$"
    ):
        root.add_subgraph(Graph("then_graph"))
    assert len(root.get_all_subgraphs()) == 2

    root.remove_subgraph("then_graph")
    assert [g.name for g in root.get_all_subgraphs()] == ["else_graph"]
    root.remove_subgraph("else_graph")
    assert root.get_all_subgraphs() == []
    with pytest.raises(
        RuntimeError, match="^Failed to remove subgraph 'else_graph' from graph 'test_graph'$"
    ):
        root.remove_subgraph("else_graph")


def test_subgraph_argument_type_errors():
    root = Graph()
    with pytest.raises(TypeError, match="subgraph must be a Graph"):
        root.add_subgraph("then_graph")
    with pytest.raises(TypeError, match="name must be a string"):
        root.get_subgraph(1)
    with pytest.raises(TypeError, match="name must be a string"):
        root.remove_subgraph(None)


def test_dump_to_stream_is_the_readable_str(add_graph):
    text = add_graph.dump_to_stream()
    assert text == str(add_graph)
    assert "test_input" in text and "Const_0" in text
    for fmt in DumpFormat:
        assert add_graph.dump_to_stream(fmt)


def test_dump_argument_errors(add_graph):
    message = r"Format must be in \[DumpFormat.kOnnx, DumpFormat.kTxt, DumpFormat.kReadable\]"
    with pytest.raises(TypeError, match=message):
        add_graph.dump_to_stream(2)
    with pytest.raises(TypeError, match=message):
        add_graph.dump_to_file(0)
    with pytest.raises(TypeError, match="Suffix must be a string"):
        add_graph.dump_to_file(1, 5)  # the suffix is checked first


def test_dump_to_file_writes_into_dump_graph_path(add_graph, tmp_path, monkeypatch):
    monkeypatch.setenv("DUMP_GRAPH_PATH", str(tmp_path))
    add_graph.dump_to_file(DumpFormat.kTxt, "_mine")
    assert any("_mine" in p.name for p in tmp_path.rglob("*")), list(tmp_path.rglob("*"))


def test_dump_on_null_handle_fails_with_graph_error(null_handle):
    graph = Graph("g")
    graph._handle = null_handle
    with pytest.raises(RuntimeError, match="Failed to get Graph name"):
        graph.dump_to_stream()


def test_node_objects_cannot_be_created_directly():
    with pytest.raises(RuntimeError, match=r"^Node objects should not be created directly\.$"):
        Node()
