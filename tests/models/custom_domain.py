"""A model with custom-domain nodes, as torch.onnx.export writes for ops it has no ONNX
definition of: y = com.example::Project(com.example::ScaledSum(Relu(x), b), w, "") with the
optional third input of Project omitted. Mapped by Python ONNX plugins (examples/onnx_plugins)."""

from __future__ import annotations

import onnx
from onnx import TensorProto, helper

try:
    from . import _common
except ImportError:  # run as a script
    import _common

DOMAIN = "com.example"


def build_model(domain_opset: int = 2, opset: int = 17):
    """x, b float32 [2, 3] -> Relu -> com.example::ScaledSum(r, b; scale=1.0, tag="sum",
    axes=[0, 1]) -> com.example::Project(s, w[3, 4], "") -> y float32 [2, 4]."""
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])
    b = helper.make_tensor_value_info("b", TensorProto.FLOAT, [2, 3])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 4])
    w = _common.initializer("w", _common.rng().standard_normal([3, 4]).astype("float32"))
    nodes = [
        helper.make_node("Relu", ["x"], ["r"], name="relu"),
        helper.make_node(
            "ScaledSum",
            ["r", "b"],
            ["s"],
            name="scaled_sum",
            domain=DOMAIN,
            scale=1.0,
            tag="sum",
            axes=[0, 1],
        ),
        helper.make_node("Project", ["s", "w", ""], ["y"], name="project", domain=DOMAIN),
    ]
    graph = helper.make_graph(nodes, "custom_domain", [x, b], [y], initializer=[w])
    model = helper.make_model(
        graph,
        opset_imports=[helper.make_opsetid("", opset), helper.make_opsetid(DOMAIN, domain_opset)],
        producer_name="ge_py.tests.models.custom_domain",
    )
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


def main(argv=None) -> int:
    return _common.run_cli(
        build_model,
        "custom_domain.onnx",
        argv,
        lambda p: p.add_argument("--domain-opset", dest="domain_opset", type=int, default=2),
    )


if __name__ == "__main__":
    _common.exit_with(main())
