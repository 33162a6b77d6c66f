"""Write an ONNX model ``x -> Relu -> ... -> Relu -> y`` (float32 [2, 3]).

Usage: ``python3 relu_chain_model.py <out.onnx> [length=8]``
"""

import sys

from onnx import TensorProto, helper, save


def relu_chain_model(length):
    nodes = []
    previous = "x"
    for index in range(length):
        output = "y" if index == length - 1 else f"r{index}"
        nodes.append(helper.make_node("Relu", [previous], [output], name=f"relu_{index}"))
        previous = output
    graph = helper.make_graph(
        nodes,
        "relu_chain",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 3])],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])


if __name__ == "__main__":
    save(relu_chain_model(int(sys.argv[2]) if len(sys.argv) > 2 else 8), sys.argv[1])
