"""Build ``MatMul(a, b) + Const`` with ge.es, then compile and run it online in a Session.

With ``ASCEND_GE_PY_PASS_PATH`` pointing at ``matmul_add_matcher_config_pass.py`` the compile
runs that pass; the flags build the graphs it must leave alone:

    python matmul_add_session.py                   # matched: MatMul + Add become GEMM
    python matmul_add_session.py --transpose-x1    # MatMul attribute differs: not matched
    python matmul_add_session.py --bias 0.2        # Add constant differs: not matched

Prints one JSON object: the inputs ``a``, ``b``, the constant ``bias`` and the output ``y``.
"""

import argparse
import json

import numpy as np
from ge.es.all import Add, Const, MatMul

from ge.es import GraphBuilder
from ge.ge_global import GeApi
from ge.graph import Tensor
from ge.graph.types import DataType, Format
from ge.session import Session


def _tensor(array):
    return Tensor(
        array.flatten().tolist(), None, DataType.DT_FLOAT, Format.FORMAT_ND, list(array.shape)
    )


def build_graph(a_shape, b_shape, bias, transpose_x1):
    builder = GraphBuilder("MatMulAddGraph")
    a = builder.create_input(0, shape=list(a_shape))
    b = builder.create_input(1, shape=list(b_shape))
    product = MatMul(a, b, None, transpose_x1=transpose_x1, transpose_x2=False)
    builder.set_graph_output(Add(product, Const(builder, value=_tensor(bias))), 0)
    return builder.build_and_reset()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--transpose-x1", action="store_true", help="build MatMul(a^T, b)")
    parser.add_argument("--bias", type=float, default=0.1, help="value of the 2x2 constant")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    a = rng.standard_normal([3, 2] if args.transpose_x1 else [2, 3]).astype(np.float32)
    b = rng.standard_normal([3, 2]).astype(np.float32)
    bias = np.full([2, 2], args.bias, dtype=np.float32)
    graph = build_graph(a.shape, b.shape, bias, args.transpose_x1)

    ge_api = GeApi()
    ge_api.ge_initialize({"ge.exec.deviceId": "0", "ge.graphRunMode": "0"})
    try:
        session = Session()
        session.add_graph(1, graph)
        (y,) = session.run_graph(1, [_tensor(a), _tensor(b)])
        result = {"a": a.tolist(), "b": b.tolist(), "bias": bias.tolist(), "y": y.get_data()}
    finally:
        ge_api.ge_finalize()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
