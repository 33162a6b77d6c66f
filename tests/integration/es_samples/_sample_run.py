"""What every ES sample program ends with, in the order GE's samples do it: GeApi.ge_initialize,
Session.add_graph, Session.run_graph (once per input list), printing each output tensor, and
GeApi.ge_finalize. For the test that started the program it also saves every run's inputs and
outputs to ``outputs.npz`` in the working directory (``run<r>_in<i>``, ``run<r>_out<j>``)."""

from __future__ import annotations

from typing import List

import numpy as np

from ge.ge_global import GeApi
from ge.graph import Graph, Tensor
from ge.session import Session

_CONFIG = {"ge.exec.deviceId": "0", "ge.graphRunMode": "0"}


def run_graph(graph: Graph, runs: List[List[Tensor]]) -> None:
    ge_api = GeApi()
    ret = ge_api.ge_initialize(_CONFIG)
    if ret != 0:
        raise RuntimeError(f"GE initialization failed, return code: {ret}")
    saved = {}
    try:
        session = Session()
        graph_id = 1
        ret = session.add_graph(graph_id, graph)
        if ret != 0:
            raise RuntimeError(f"Failed to add graph, return code: {ret}")
        for r, inputs in enumerate(runs):
            outputs = session.run_graph(graph_id, inputs)
            print(f"[Info] Run {r}: graph executed successfully")
            for idx, tensor in enumerate(outputs, start=1):
                print(f"Tensor{idx} details: {tensor}")
            saved.update({f"run{r}_in{i}": t.numpy() for i, t in enumerate(inputs)})
            saved.update({f"run{r}_out{j}": t.numpy() for j, t in enumerate(outputs)})
            saved[f"run{r}_outputs"] = np.array(len(outputs))
    finally:
        ge_api.ge_finalize()
    np.savez("outputs.npz", **saved)
