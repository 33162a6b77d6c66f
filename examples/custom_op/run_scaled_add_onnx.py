"""Imports an ONNX model with a custom-domain node and runs it in a Session.

The model is ``y = Relu(com.example::ScaledAdd(x, b; alpha=0.5))``. With the plugin directory in
ASCEND_CUSTOM_OPP_PATH, GEInitialize loads both plugins there: the ONNX plugin
(``scaled_add_onnx.py``) maps the com.example node onto the GE op ScaledAdd when the model is
parsed, and the custom op (``scaled_add.py``) gives ScaledAdd its shape inference and the NumPy
``execute`` the host runtime calls on every run. The result is checked against NumPy.

    python examples/custom_op/run_scaled_add_onnx.py

The same model compiles offline with
``ASCEND_CUSTOM_OPP_PATH=examples/custom_op/plugins atc --framework=5 --model=<model>.onnx
--soc_version=Ascend910B1 --output=<name>`` (or ``python -m ge.pyatc`` with the same flags).
"""

from __future__ import annotations

import os
import tempfile

import numpy as np
import onnx
from onnx import TensorProto, helper

from ge.ge_global import GeApi
from ge.graph import Tensor
from ge.graph.types import DataType, Format
from ge.parser import parse_onnx
from ge.session import Session

PLUGINS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "plugins")
ALPHA = 0.5


def build_model() -> onnx.ModelProto:
    nodes = [
        helper.make_node(
            "ScaledAdd", ["x", "b"], ["s"], name="scaled_add", domain="com.example", alpha=ALPHA
        ),
        helper.make_node("Relu", ["s"], ["y"], name="relu"),
    ]
    ios = [helper.make_tensor_value_info(n, TensorProto.FLOAT, [2, 3]) for n in ("x", "b", "y")]
    graph = helper.make_graph(nodes, "scaled_add_onnx_example", ios[:2], ios[2:])
    opsets = [helper.make_opsetid("", 17), helper.make_opsetid("com.example", 1)]
    return helper.make_model(graph, opset_imports=opsets)


def tensor(values: np.ndarray) -> Tensor:
    flat = values.astype(np.float32).flatten().tolist()
    return Tensor(flat, None, DataType.DT_FLOAT, Format.FORMAT_ND, list(values.shape))


def main() -> None:
    os.environ["ASCEND_CUSTOM_OPP_PATH"] = PLUGINS
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "scaled_add.onnx")
        onnx.save(build_model(), path)
        ge_api = GeApi()
        if ge_api.ge_initialize({"ge.exec.deviceId": "0"}) != 0:
            raise RuntimeError("GE initialization failed")
        try:
            session = Session()
            if session.add_graph(1, parse_onnx(path)) != 0:
                raise RuntimeError("add_graph failed")
            x = np.array([[-3.0, -1.0, 0.0], [1.0, 2.0, 3.0]], dtype=np.float32)
            b = np.array([[2.0, 4.0, -2.0], [0.0, -4.0, 2.0]], dtype=np.float32)
            (out,) = session.run_graph(1, [tensor(x), tensor(b)])
            result = out.numpy().reshape(2, 3)
            np.testing.assert_allclose(result, np.maximum(x + ALPHA * b, 0.0))
            print(f"y = {result.tolist()} (matches NumPy)")
        finally:
            ge_api.ge_finalize()


if __name__ == "__main__":
    main()
