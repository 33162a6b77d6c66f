"""Builds ``ScaledAdd(a, b, alpha=0.5) * a`` with ge.es and runs it twice in a Session.

The plugin directory goes into ASCEND_CUSTOM_OPP_PATH before GE initialises: GEInitialize loads
the custom operators found there, which registers ScaledAdd in the op catalog (so ``ge.es.custom``
has a function for it) and its execute as the op's host kernel.

    python examples/custom_op/run_scaled_add.py
"""

from __future__ import annotations

import os

import numpy as np

from ge.ge_global import GeApi
from ge.graph import Tensor
from ge.graph.types import DataType, Format
from ge.session import Session

PLUGINS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "plugins")


def build_graph():
    from ge.es.all import Mul
    from ge.es.custom import ScaledAdd

    from ge.es.graph_builder import GraphBuilder

    builder = GraphBuilder("scaled_add_example")
    a = builder.create_input(index=0, name="a", data_type=DataType.DT_FLOAT, shape=[2, 3])
    b = builder.create_input(index=1, name="b", data_type=DataType.DT_FLOAT, shape=[2, 3])
    builder.set_graph_output(Mul(ScaledAdd(a, b, alpha=0.5), a), 0)
    return builder.build_and_reset()


def tensor(values: np.ndarray) -> Tensor:
    flat = values.astype(np.float32).flatten().tolist()
    return Tensor(flat, None, DataType.DT_FLOAT, Format.FORMAT_ND, list(values.shape))


def main() -> None:
    os.environ["ASCEND_CUSTOM_OPP_PATH"] = PLUGINS
    ge_api = GeApi()
    if ge_api.ge_initialize({"ge.exec.deviceId": "0", "ge.graphRunMode": "0"}) != 0:
        raise RuntimeError("GE initialization failed")
    try:
        session = Session()
        if session.add_graph(1, build_graph()) != 0:
            raise RuntimeError("add_graph failed")
        for scale in (1.0, 2.0):
            a = np.arange(6, dtype=np.float32).reshape(2, 3) * scale
            b = np.full((2, 3), 4.0, dtype=np.float32)
            (out,) = session.run_graph(1, [tensor(a), tensor(b)])
            expected = (a + 0.5 * b) * a
            np.testing.assert_allclose(out.numpy().reshape(2, 3), expected)
            print(f"run with scale {scale}: {out.numpy().reshape(2, 3).tolist()}")
    finally:
        ge_api.ge_finalize()


if __name__ == "__main__":
    main()
