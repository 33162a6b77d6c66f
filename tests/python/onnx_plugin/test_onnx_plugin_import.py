"""The importer consults Python ONNX plugins (ge.parser.parse_onnx; the same importer serves atc
and pyatc): lookup order, opset selection, the override rule, port wiring, errors."""

from __future__ import annotations

import importlib.util
import os
import sys
import textwrap

import pytest

from ge.error import GeError
from ge.parser import parse_onnx

onnx = pytest.importorskip("onnx", reason="the test models are written with onnx")
np = pytest.importorskip("numpy")
from onnx import TensorProto, helper, numpy_helper  # noqa: E402

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
_MODELS = os.path.join(_REPO, "tests", "models")
_EXAMPLE_PLUGINS = os.path.join(_REPO, "examples", "onnx_plugins")


def _model_script(name):
    if _MODELS not in sys.path:
        sys.path.insert(0, _MODELS)
    spec = importlib.util.spec_from_file_location(name, os.path.join(_MODELS, f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _save(tmp_path, nodes, inputs, outputs, opsets, initializers=(), name="m.onnx"):
    graph = helper.make_graph(nodes, "g", inputs, outputs, initializer=list(initializers))
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid(d, v) for d, v in opsets.items()]
    )
    model.ir_version = 8
    path = tmp_path / name
    onnx.save(model, str(path))
    return str(path)


def _tensor(name, shape):
    return helper.make_tensor_value_info(name, TensorProto.FLOAT, shape)


def _unary_model(tmp_path, op_type, domain, domain_opset, default_opset=17, **attrs):
    node = helper.make_node(op_type, ["x"], ["y"], name="the_node", domain=domain, **attrs)
    opsets = {"": default_opset}
    if domain:
        opsets[domain] = domain_opset
    return _save(tmp_path, [node], [_tensor("x", [2, 3])], [_tensor("y", [2, 3])], opsets)


def _plugins(tmp_path, monkeypatch, code, name="plugins.py"):
    path = tmp_path / "plugins" / name
    path.parent.mkdir(exist_ok=True)
    path.write_text("from ge.onnx_plugin import onnx_plugin\n" + textwrap.dedent(code))
    monkeypatch.setenv("ASCEND_CUSTOM_OPP_PATH", str(path.parent))
    return str(path)


def _node(graph, name):
    (node,) = [n for n in graph.get_all_nodes() if n.name == name]
    return node


def _type_of(model, name="the_node"):
    graph = parse_onnx(model)
    return _node(graph, name).type


def test_custom_domain_model_runs_on_the_host_runtime_like_numpy(tmp_path, monkeypatch):
    from ge.ge_global import GeApi
    from ge.graph import Tensor
    from ge.session import Session

    custom_domain = _model_script("custom_domain")
    model = custom_domain.build_model()
    path = str(tmp_path / "custom_domain.onnx")
    onnx.save(model, path)
    monkeypatch.setenv("ASCEND_CUSTOM_OPP_PATH", f"{tmp_path / 'cpp_opp_root'}:{_EXAMPLE_PLUGINS}")
    graph = parse_onnx(path)
    assert _node(graph, "scaled_sum").type == "AccumulateNV2"
    assert _node(graph, "scaled_sum").get_attr("original_type") == "com.example::2::ScaledSum"
    assert _node(graph, "project").type == "MatMul"
    w = numpy_helper.to_array(model.graph.initializer[0])
    rng = np.random.default_rng(3)
    x = rng.standard_normal([2, 3]).astype(np.float32)
    b = rng.standard_normal([2, 3]).astype(np.float32)
    GeApi.ge_initialize({"ge.exec.deviceId": "0"})
    try:
        session = Session()
        assert session.add_graph(1, graph) == 0
        (y,) = session.run_graph(1, [Tensor.from_numpy(x), Tensor.from_numpy(b)])
    finally:
        GeApi.ge_finalize()
    np.testing.assert_allclose(y.numpy(), (np.maximum(x, 0) + b) @ w, rtol=1e-5, atol=1e-6)


def test_exact_opset_beats_the_fallback_and_the_node_shows_the_model_opset(tmp_path, monkeypatch):
    _plugins(
        tmp_path,
        monkeypatch,
        """
        for opset, target in ((11, "Abs"), (13, "Neg"), (20, "Exp")):
            def parse(node, target, opset=opset):
                target.set_attr("seen_origin", node.origin_type)
            onnx_plugin(source="Op", domain="my.dom", opsets=(opset,), target=target).parse_node(
                parse
            )
        """,
    )
    for model_opset, target, origin in ((13, "Neg", 13), (12, "Abs", 12), (19, "Neg", 19)):
        graph = parse_onnx(_unary_model(tmp_path, "Op", "my.dom", model_opset))
        node = _node(graph, "the_node")
        assert node.type == target
        assert node.get_attr("seen_origin") == f"my.dom::{origin}::Op"
        assert node.get_attr("original_type") == f"my.dom::{origin}::Op"
    with pytest.raises(GeError) as error:
        parse_onnx(_unary_model(tmp_path, "Op", "my.dom", 10))
    message = str(error.value)
    assert "no Ascend IR mapping for 'my.dom::10::Op' (E16002" in message
    assert "(python ONNX Plugins exist for opsets 11, 13, 20)" in message
    assert "ASCEND_CUSTOM_OPP_PATH" in message


def test_builtin_default_domain_mapping_wins_unless_overridden(tmp_path, monkeypatch):
    code = """
    @onnx_plugin(source="Relu", domain="ai.onnx", opsets=(13,), target="Abs"{extra}).parse_node
    def parse_relu(node, target):
        pass
    """
    _plugins(tmp_path, monkeypatch, code.format(extra=""), name="plain.py")
    model = _unary_model(tmp_path, "Relu", "", 0, default_opset=17)
    assert _type_of(model) == "Relu"
    monkeypatch.setenv("GE_PY_ONNX_PLUGIN_OVERRIDE", "1")
    assert _type_of(model) == "Abs"
    monkeypatch.delenv("GE_PY_ONNX_PLUGIN_OVERRIDE")
    from ge.onnx_plugin.registry import clear_registered_onnx_plugins

    clear_registered_onnx_plugins()
    _plugins(tmp_path, monkeypatch, code.format(extra=", override_builtin=True"), "override.py")
    assert _type_of(model) == "Abs"


def test_a_default_domain_op_without_builtin_mapping_uses_the_plugin(tmp_path, monkeypatch):
    _plugins(
        tmp_path,
        monkeypatch,
        """
        random_like = onnx_plugin(
            source="RandomUniformLike", domain="ai.onnx", opsets=(12,), target="Neg"
        )

        @random_like.parse_node
        def parse(node, target):
            assert node.attrs["high"] == 2.0
        """,
    )
    model = _unary_model(tmp_path, "RandomUniformLike", "", 0, default_opset=13, high=2.0)
    assert _type_of(model) == "Neg"


def test_a_plugin_the_application_defined_applies_without_a_path(tmp_path):
    from ge.onnx_plugin import onnx_plugin

    @onnx_plugin(source="InProcess", domain="app.dom", opsets=(1,), target="Square").parse_node
    def parse(node, target):
        pass

    graph = parse_onnx(_unary_model(tmp_path, "InProcess", "app.dom", 1))
    assert _node(graph, "the_node").type == "Square"


def test_dynamic_inputs_and_an_omitted_middle_optional_input(tmp_path, monkeypatch):
    _plugins(
        tmp_path,
        monkeypatch,
        """
        @onnx_plugin(source="Sum3", domain="my.dom", opsets=(1,), target="AccumulateNV2").parse_node
        def parse_sum(node, target):
            target.register_dynamic_input("x", len(node.inputs))
            target.set_attr("N", len(node.inputs))

        slice5 = onnx_plugin(source="Slice5", domain="my.dom", opsets=(1,), target="StridedSliceV2")

        @slice5.parse_node
        def parse_slice(node, target):
            target.register_optional_input("axes")
        """,
    )
    ints = [
        numpy_helper.from_array(np.array(v, dtype=np.int64), name=n)
        for n, v in (("begin", [0, 0]), ("end", [2, 3]), ("strides", [1, 2]))
    ]
    nodes = [
        helper.make_node("Sum3", ["x", "x", "x"], ["s"], name="sum", domain="my.dom"),
        helper.make_node(
            "Slice5", ["s", "begin", "end", "", "strides"], ["y"], name="slice", domain="my.dom"
        ),
    ]
    path = _save(
        tmp_path,
        nodes,
        [_tensor("x", [2, 3])],
        [_tensor("y", [2, 2])],
        {"": 17, "my.dom": 1},
        ints,
    )
    graph = parse_onnx(path)
    text = str(graph)
    assert "sum = AccumulateNV2(x:0, x:0, x:0)" in text
    assert "N: 3" in text
    slice_line = [line for line in text.splitlines() if line.strip().startswith("slice =")][0]
    assert "StridedSliceV2(sum:0, " in slice_line and ", _, " in slice_line


def _failing_import(tmp_path, monkeypatch, code, target_model=None, name="plugins.py"):
    # A known file is not executed again (edits need a new process): each variant is a new file.
    plugin_file = _plugins(tmp_path, monkeypatch, code, name)
    model = target_model or _unary_model(tmp_path, "Op", "my.dom", 1)
    with pytest.raises(GeError) as error:
        parse_onnx(model)
    message = str(error.value)
    assert "ONNX node 'the_node' (op type 'Op', domain 'my.dom', opset 1)" in message
    assert plugin_file in message
    return message


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            "raise ValueError('bad alpha')",
            "python ONNX Plugin 'my.dom::1::Op' ({file}, parse) failed: ValueError: bad alpha "
            "(E11010)",
        ),
        (
            "return 1",
            "failed: TypeError: ONNX Plugin parse_node callback must return None (E11010)",
        ),
        (
            "target.register_input('extra')",
            "after python ONNX Plugin 'my.dom::1::Op' ({file}): required input 'extra' (port 1) "
            "of 'Abs' is not connected",
        ),
    ],
)
def test_a_failing_callback_fails_the_import_naming_plugin_and_node(
    tmp_path, monkeypatch, body, expected
):
    code = f"""
    @onnx_plugin(source="Op", domain="my.dom", opsets=(1,), target="Abs").parse_node
    def parse(node, target):
        {body}
    """
    message = _failing_import(tmp_path, monkeypatch, code)
    assert expected.format(file=str(tmp_path / "plugins" / "plugins.py")) in message


def test_unknown_target_port_overflow_and_required_attributes(tmp_path, monkeypatch):
    message = _failing_import(
        tmp_path,
        monkeypatch,
        """
        @onnx_plugin(source="Op", domain="my.dom", opsets=(1,), target="NoSuchGeOp").parse_node
        def parse(node, target):
            pass
        """,
    )
    assert "maps to 'NoSuchGeOp', which is not a registered operator (E10501)" in message

    from ge.onnx_plugin.registry import clear_registered_onnx_plugins

    clear_registered_onnx_plugins()
    two_inputs = helper.make_node("Op", ["x", "x"], ["y"], name="the_node", domain="my.dom")
    model = _save(
        tmp_path,
        [two_inputs],
        [_tensor("x", [2, 3])],
        [_tensor("y", [2, 3])],
        {"": 17, "my.dom": 1},
        name="two.onnx",
    )
    message = _failing_import(
        tmp_path,
        monkeypatch,
        """
        @onnx_plugin(source="Op", domain="my.dom", opsets=(1,), target="Abs").parse_node
        def parse(node, target):
            pass
        """,
        model,
        "overflow.py",
    )
    assert (
        "input #1 ('x') has no input port at index 1 on 'Abs' (the operator has 1 input ports)"
        in message
    )
    clear_registered_onnx_plugins()
    message = _failing_import(
        tmp_path,
        monkeypatch,
        """
        @onnx_plugin(source="Op", domain="my.dom", opsets=(1,), target="ConcatD").parse_node
        def parse(node, target):
            target.register_dynamic_input("x", 1)
        """,
        name="concat.py",
    )
    assert "required attribute 'concat_dim' of 'ConcatD' is not set" in message


def test_loading_failures_are_reported_and_strict_mode_fails(tmp_path, monkeypatch):
    broken = tmp_path / "plugins" / "broken.py"
    broken.parent.mkdir()
    broken.write_text("raise ImportError('no module named torch_ext')\n")
    monkeypatch.setenv("ASCEND_CUSTOM_OPP_PATH", str(broken))
    model = _unary_model(tmp_path, "Op", "my.dom", 1)
    with pytest.raises(GeError) as error:
        parse_onnx(model)
    assert "(python ONNX Plugin files failed to load: " in str(error.value)
    assert "broken.py" in str(error.value) and "E16002" in str(error.value)
    monkeypatch.setenv("GE_PY_ONNX_PLUGIN_STRICT", "1")
    with pytest.raises(GeError, match="no module named torch_ext"):
        parse_onnx(_unary_model(tmp_path, "Relu", "", 0))
    monkeypatch.delenv("GE_PY_ONNX_PLUGIN_STRICT")
    monkeypatch.setenv("ASCEND_CUSTOM_OPP_PATH", str(tmp_path / "missing.py"))
    assert _type_of(_unary_model(tmp_path, "Relu", "", 0)) == "Relu"


def test_float_attributes_round_trip_through_float32(tmp_path, monkeypatch):
    _plugins(
        tmp_path,
        monkeypatch,
        """
        @onnx_plugin(source="Op", domain="my.dom", opsets=(1,), target="Abs").parse_node
        def parse(node, target):
            target.set_attr("alpha", node.attrs["alpha"])
            target.set_attr("axes", node.attrs["axes"])
            target.set_attr("mode", node.attrs["mode"])
        """,
    )
    model = _unary_model(tmp_path, "Op", "my.dom", 1, alpha=0.1, axes=[1, -1], mode="nearest")
    graph = parse_onnx(model)
    node = _node(graph, "the_node")
    assert node.get_attr("alpha") == pytest.approx(0.1, rel=1e-7)
    assert node.get_attr("axes") == [1, -1]
    assert node.get_attr("mode") == "nearest"
