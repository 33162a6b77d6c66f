"""Generated per-op functions: signatures of the ut_test plugin,
TensorLike conversion, outputs, attributes, ownership transfer, subgraph hoisting, on-demand
functions for ops registered later, and the build-time/import-time generated modules."""

from __future__ import annotations

import importlib
import importlib.metadata
import inspect
import os
import sys

import pytest

import ge.es
from ge._capi import pyes_graph_builder_wrapper as wrapper
from ge.es import _catalog, _codegen, _plugin_loader
from ge.es.graph_builder import GraphBuilder, attr_scope, control_dependency_scope
from ge.es.tensor_holder import TensorHolder
from ge.graph import DataType, Tensor

PLUGINS_DIR = os.path.join(os.path.dirname(__file__), "plugins")
EMPTY = inspect.Parameter.empty


@pytest.fixture(scope="module")
def ut(request):
    """The ut_test plugin, loaded through a real entry point as an installed plugin would be."""
    sys.path.insert(0, PLUGINS_DIR)
    entry = importlib.metadata.EntryPoint(
        name="ut_test", value="es_ut_test:get_module", group="ge.es.plugins"
    )
    original = _plugin_loader._iter_plugin_entry_points
    _plugin_loader._iter_plugin_entry_points = lambda: [entry]
    try:
        plugins = _plugin_loader.load_all_plugins()
    finally:
        _plugin_loader._iter_plugin_entry_points = original
        sys.path.remove(PLUGINS_DIR)
    module = plugins["ut_test"]
    ge.es.ut_test = module
    yield module
    del ge.es.ut_test


def _params(func):
    return [
        (p.name, p.kind.name, None if p.default is EMPTY else p.default)
        for p in inspect.signature(func).parameters.values()
    ]


def _sig(func):
    """Compact signature: names, '*' marker, '=default'."""
    parts, star = [], False
    for p in inspect.signature(func).parameters.values():
        if p.kind is inspect.Parameter.KEYWORD_ONLY and not star:
            parts.append("*")
            star = True
        parts.append(p.name if p.default is EMPTY else f"{p.name}={p.default!r}")
    return ", ".join(parts)


def _node(holder):
    return holder._get_node_snapshot()


# ---- signatures ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("op", "expected"),
    [
        ("Add", "x1, x2"),
        ("phony_1i_1o", "x, *, index=0"),
        ("phony_1i1dyi_1o", "x, dx, *, index=[10, 10, 10]"),
        ("phony_3opi_1o", "x1=None, x2=None, x3=None, owner_builder=None"),
        ("phony_1opi_1o", "x1=None, owner_builder=None, *, flag"),
        ("phony_If", "cond, input, output_num, then_branch, else_branch"),
        ("While", "input, output_num, cond, body, *, parallel_iterations=10"),
        (
            "phony_req_attrs",
            "x, *, req_data_type, req_list_data_type, req_list_list_int, req_tensor, "
            "req_list_string",
        ),
        ("phony_1i_2o", "x"),
        (
            "phony_multi_attr",
            "owner_graph_builder, *, li=[10, 10, 10], f=0.0, s='s', b=True, lf=[0.1, 0.2], "
            "lb=[False, True]",
        ),
    ],
)
def test_signatures_follow_the_prototypes(ut, op, expected):
    assert _sig(getattr(ut, op)) == expected


def test_defaults_are_rendered_as_ge_prints_them(ut):
    source = ut.SOURCE
    assert "f: float = 0.000000" in source
    assert "lf: List[float] = [0.100000, 0.200000]" in source
    assert 's: str = "s"' in source
    assert "lb: List[bool] = [False, True]" in source


def test_return_annotations(ut):
    assert inspect.signature(ut.phony_If).return_annotation == "List[TensorHolder]" or (
        str(inspect.signature(ut.phony_If).return_annotation)
        == "typing.List[ge.es.tensor_holder.TensorHolder]"
    )
    assert ut.phony_1i_2o.__annotations__["return"] is ut.phony_1i_2oOutput


def test_parameter_renaming_rules():
    proto = {
        "type": "Renamed",
        "module": "x",
        "doc": "",
        "inputs": [{"name": "x", "kind": "required"}, {"name": "lambda", "kind": "optional"}],
        "outputs": [{"name": "x", "kind": "required"}, {"name": "class", "kind": "dynamic"}],
        "attrs": [
            {"name": "x", "type": "int", "required": False, "default": 1},
            {"name": "for", "type": "string", "required": True, "default": None},
            {"name": "dt", "type": "data_type", "required": False, "default": 3},
            {"name": "t", "type": "tensor", "required": False, "default": None},
            {"name": "ll", "type": "list_list_int", "required": False,
             "default": [[1, 2], [3]]},
        ],
        "subgraphs": [{"name": "if", "kind": "static"}],
    }  # fmt: skip
    plan = _codegen.plan_function(proto)
    assert plan["in_params"] == ["x", "in_lambda"]
    assert plan["out_fields"] == ["ref_x", "out_class"]
    assert plan["attr_params"] == ["attr_x", "attr_for", "dt", "t", "ll"]
    assert plan["sub_params"] == ["subgraph_if"]
    source = _codegen.generate_function_source(proto)
    # The optional input cannot default: a dynamic output count follows it.
    assert (
        "def Renamed(x: Union[TensorHolder, TensorLike], in_lambda: Optional[Union[TensorHolder, "
        "TensorLike]], out_class_num: int, subgraph_if: Graph, *, attr_for: str, attr_x: int = 1, "
        "dt: DataType = DataType.DT_INT32, t: Tensor = Tensor(), ll: List[List[int]] = [[1, 2], "
        "[3]]) -> RenamedOutput:"
    ) in source


# ---- calls --------------------------------------------------------------------------------------


def test_single_input_op_with_default_attr(ut, builder):
    x = builder.create_input(0)
    y = ut.phony_1i_1o(x)
    assert isinstance(y, TensorHolder)
    node = _node(y)
    assert node.type == "phony_1i_1o"
    assert node.name == "phony_1i_1o_0"
    assert node.get_attr("index") == 0
    assert _node(ut.phony_1i_1o(x, index=5)).get_attr("index") == 5


def test_non_tensor_like_op_rejects_numbers(ut, builder):
    with pytest.raises(TypeError, match="phony_1i_1o: input 'x' must be a TensorHolder"):
        ut.phony_1i_1o(1)


def test_tensor_like_inputs_and_dynamic_lists(ut, builder):
    x = builder.create_input(0)
    y = ut.phony_1i1dyi_1o(x, [1, [2.0, 3.0], x])
    node = _node(y)
    assert node.get_inputs_size() == 4
    peers = [node.get_in_data_nodes_and_port_indexes(i)[0] for i in range(4)]
    assert [p.name for p in peers] == ["input_0", "Const_0", "Const_1", "input_0"]
    assert node.get_attr("index") == [10, 10, 10]
    # The first argument may be TensorLike too: the builder comes from a later input.
    assert _node(ut.phony_1i1dyi_1o(7, [x])).get_inputs_size() == 2


def test_all_optional_inputs(ut, builder):
    with pytest.raises(
        ValueError,
        match="Please ensure at least one input tensor or an explicit owner_builder is provided",
    ):
        ut.phony_3opi_1o()
    empty = _node(ut.phony_3opi_1o(owner_builder=builder))
    assert empty.get_inputs_size() == 3
    with pytest.raises(RuntimeError, match="Failed to get input data node for index 0"):
        empty.get_in_data_nodes_and_port_indexes(0)
    partial = _node(ut.phony_3opi_1o(None, 2, None, owner_builder=builder))
    assert partial.get_in_data_nodes_and_port_indexes(1)[0].type == "Const"
    flagged = _node(ut.phony_1opi_1o(owner_builder=builder, flag=True))
    assert flagged.get_attr("flag") is True
    with pytest.raises(TypeError):
        ut.phony_1opi_1o(owner_builder=builder)  # flag is required


def test_no_input_op_takes_the_builder_and_all_attr_types(ut, builder):
    node = _node(ut.phony_multi_attr(builder))
    assert node.get_attr("li") == [10, 10, 10]
    assert node.get_attr("f") == 0.0
    assert node.get_attr("s") == "s"
    assert node.get_attr("b") is True
    assert node.get_attr("lf") == pytest.approx([0.1, 0.2])
    assert node.get_attr("lb") == [False, True]
    custom = _node(ut.phony_multi_attr(builder, li=[1], f=2.5, s="t", b=False, lf=[1], lb=[True]))
    assert (custom.get_attr("li"), custom.get_attr("f"), custom.get_attr("s")) == ([1], 2.5, "t")
    with pytest.raises(TypeError, match="owner_graph_builder must be a GraphBuilder"):
        ut.phony_multi_attr(None)


def test_required_attrs_of_every_kind_and_tensor_ownership(ut, builder):
    x = builder.create_input(0)
    tensor = Tensor([1, 2], None, DataType.DT_INT32, shape=[2])
    y = ut.phony_req_attrs(
        x,
        req_data_type=DataType.DT_INT8,
        req_list_data_type=[DataType.DT_FLOAT, DataType.DT_INT64],
        req_list_list_int=[[1, 2], [3]],
        req_tensor=tensor,
        req_list_string=["a", "b"],
    )
    node = _node(y)
    assert node.get_attr("req_data_type") == DataType.DT_INT8
    assert node.get_attr("req_list_data_type") == [0, 9]
    assert node.get_attr("req_tensor").get_data() == [1, 2]
    assert node.get_attr("req_list_string") == ["a", "b"]
    assert node.has_attr("req_list_list_int")
    assert tensor._owner is builder
    with pytest.raises(RuntimeError, match="Tensor already has an new owner builder :test_graph"):
        ut.phony_req_attrs(
            x,
            req_data_type=DataType.DT_INT8,
            req_list_data_type=[],
            req_list_list_int=[],
            req_tensor=tensor,
            req_list_string=[],
        )


def test_two_static_outputs_come_back_as_an_output_class(ut, builder):
    out = ut.phony_1i_2o(builder.create_input(0))
    assert type(out).__name__ == "phony_1i_2oOutput"
    assert _node(out.y1).name == _node(out.y2).name
    assert out.y2._handle.value != out.y1._handle.value


def test_scopes_apply_to_generated_ops(ut, builder):
    x = builder.create_input(0)
    dep = builder.create_const_int64(1)
    then_graph, else_graph = _branch("then_s"), _branch("else_s")
    with attr_scope({"_scope": "s"}), control_dependency_scope([dep]):
        outs = ut.phony_If(x, [x], 2, then_graph, else_graph)
    node = _node(outs[0])
    assert node.get_attr("_scope") == "s"
    assert [n.name for n in node.get_in_control_nodes()] == ["Const_0"]


def _branch(name, body=None):
    b = GraphBuilder(name)
    data = b.create_input(0)
    result = body(b, data) if body else data
    return b.build_and_reset([result])


def test_nested_if_and_while_hoist_six_subgraphs(ut):
    def loop(name):
        def body(b, data):
            return ut.While([data], 1, _branch(f"{name}_cond"), _branch(f"{name}_body"))[0]

        return _branch(name, body)

    then_graph, else_graph = loop("then"), loop("else")
    b = GraphBuilder("main")
    cond = b.create_input(0, data_type=DataType.DT_BOOL)
    value = b.create_input(1)
    outs = ut.phony_If(cond, [value], 1, then_graph, else_graph)
    assert isinstance(outs, list) and len(outs) == 1
    assert then_graph._owner is b and then_graph._owns_handle is False
    graph = b.build_and_reset(outs)
    names = sorted(g.name for g in graph.get_all_subgraphs())
    assert names == sorted(["then", "then_cond", "then_body", "else", "else_cond", "else_body"])
    nodes = graph.get_all_nodes()
    assert [n.type for n in nodes].count("While") == 2
    assert graph.get_subgraph("then_body") is not None
    # The Graph objects stay usable views of the hoisted subgraphs.
    assert then_graph.name == "then"
    with pytest.raises(RuntimeError, match="Graph :then already has an new owner builder :main"):
        then_graph._transfer_ownership_when_pass_as_subgraph(b)


def test_subgraph_arguments_are_checked(ut, builder):
    x = builder.create_input(0)
    with pytest.raises(TypeError, match="phony_If: subgraph 'then_branch' must be a Graph"):
        ut.phony_If(x, [x], 1, "then", _branch("e"))
    with pytest.raises(TypeError, match="output_num must be a non-negative integer"):
        ut.phony_If(x, [x], -1, _branch("t2"), _branch("e2"))


def test_wrong_attribute_value_type(ut, builder):
    x = builder.create_input(0)
    with pytest.raises(TypeError, match="phony_1i_1o: attribute 'index' got unsupported value"):
        ut.phony_1i_1o(x, index="3")


def test_generated_library_of_the_plugin_resolves(ut):
    assert wrapper.get_generated_lib("libes_ut_test.so") is wrapper.get_esb_lib()


# ---- modules of the real catalog ----------------------------------------------------------------


def test_all_module_has_a_function_per_catalog_op():
    import ge.es.all as es_all

    types = [p["type"] for p in _catalog.list_prototypes() if _codegen.is_generatable(p)]
    assert len(types) > 20
    for op in types:
        assert callable(getattr(es_all, op)), op
    assert ge.es.all is es_all
    assert ge.es.get_plugin("all") is es_all


def test_math_module_and_imports():
    from ge.es.math import Add

    b = GraphBuilder("m")
    x = b.create_input(0)
    y = Add(x, 1.0)
    assert _node(y).type == "Add"
    assert "Add" in ge.es.math.__all__
    assert "If" not in ge.es.math.__all__


def test_control_module_if_with_real_prototype():
    from ge.es.control import If

    b = GraphBuilder("ctl")
    cond = b.create_input(0, data_type=DataType.DT_BOOL)
    outs = If(cond, [cond], 1, _branch("t_real"), _branch("e_real"))
    graph = b.build_and_reset(outs)
    assert sorted(g.name for g in graph.get_all_subgraphs()) == ["e_real", "t_real"]


def test_ops_registered_later_get_functions_on_demand():
    import ge.es.all as es_all

    _catalog.register_prototype(
        {
            "type": "EsLateCustomOp",
            "module": "custom_late",
            "inputs": [{"name": "x"}],
            "outputs": [{"name": "y"}],
            "attrs": [{"name": "alpha", "type": "float", "required": False, "default": 0.5}],
        }
    )  # fmt: skip
    func = es_all.EsLateCustomOp
    assert _sig(func) == "x, *, alpha=0.5"
    b = GraphBuilder("late")
    node = _node(func(b.create_input(0), alpha=2.0))
    assert (node.type, node.get_attr("alpha")) == ("EsLateCustomOp", 2.0)
    late_module = importlib.import_module("ge.es.custom_late")
    assert late_module.EsLateCustomOp is not None
    with pytest.raises(AttributeError):
        _ = es_all.NoSuchOpAnywhere
    # A single-output op has no Output class; asking for one leaves the function in place.
    with pytest.raises(AttributeError):
        _ = es_all.EsLateCustomOpOutput
    assert es_all.EsLateCustomOp is func


def test_tensor_default_is_fresh_on_every_call(builder):
    import ge.es.all as es_all

    _catalog.register_prototype(
        {
            "type": "EsTensorDefaultOp",
            "module": "custom_late",
            "inputs": [{"name": "x"}],
            "outputs": [{"name": "y"}],
            "attrs": [{"name": "t", "type": "tensor", "required": False, "default": None}],
        }
    )  # fmt: skip
    func = es_all.EsTensorDefaultOp
    x = builder.create_input(0)
    for _ in range(2):
        assert _node(func(x)).has_attr("t")


def test_build_time_generation_writes_loadable_modules(tmp_path):
    assert _codegen.main(["--out", str(tmp_path)]) == 0
    written = sorted(p.name for p in tmp_path.iterdir())
    assert "all.py" in written and "math.py" in written
    namespace = {}
    source = (tmp_path / "math.py").read_text()
    exec(compile(source, "math.py", "exec"), namespace)
    assert callable(namespace["Add"])
