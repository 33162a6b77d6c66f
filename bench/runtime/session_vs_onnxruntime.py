"""ge_py Session vs onnxruntime on the same models, side by side in one run (by hand, not CI).

    PYTHONPATH=src GE_PY_COMPILER_LIB=$PWD/build/integ/compiler/libge_compiler.so \
        python3 bench/runtime/session_vs_onnxruntime.py [--repeat 20] [--threads 1]

Models come from tests/models: the ResNet-style CNN at batch 1 and 8, the transformer block
(batch 1; the script has no batch option), the grouped-conv block and MatMul+Add. Both runtimes
are single-threaded by default (our kernels are; onnxruntime gets intra_op_num_threads=1), get
the same inputs, and their outputs are checked to agree before timing. Reported: median
milliseconds per run after warm-up, and ours/onnxruntime (the issue's target is <= 5x).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from functools import partial

import numpy as np

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(_REPO, "tests", "models"))

import _common  # noqa: E402
import grouped_conv  # noqa: E402
import matmul_add  # noqa: E402
import resnet_small  # noqa: E402
import transformer_block  # noqa: E402

# label -> (builder, kwargs)
_MODELS = {
    "resnet_small b1": (resnet_small.build_model, {"batch": 1}),
    "resnet_small b8": (resnet_small.build_model, {"batch": 8}),
    "transformer_block b1": (transformer_block.build_model, {}),
    "grouped_conv b1": (grouped_conv.build_model, {}),
    "matmul_add": (matmul_add.build_model, {}),
}


def _median_ms(run, repeat: int) -> float:
    run()  # warm-up (our first run also compiles the graph)
    run()
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        samples.append((time.perf_counter() - start) * 1e3)
    return statistics.median(samples)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--threads", type=int, default=1, help="onnxruntime intra-op threads")
    args = parser.parse_args(argv)

    import onnx
    import onnxruntime as ort

    from ge.ge_global import GeApi
    from ge.graph import Tensor
    from ge.parser import parse_onnx
    from ge.session import Session

    GeApi.ge_initialize({"ge.exec.deviceId": "0"})
    session = Session()
    rows = []
    with tempfile.TemporaryDirectory() as directory:
        for graph_id, (label, (build, kwargs)) in enumerate(_MODELS.items()):
            path = _common.save(build(**kwargs), os.path.join(directory, f"m{graph_id}.onnx"))
            model = onnx.load(path)
            rng = np.random.default_rng(graph_id)
            feeds = {}
            for value in model.graph.input:
                shape = [d.dim_value for d in value.type.tensor_type.shape.dim]
                feeds[value.name] = rng.standard_normal(shape).astype(np.float32)
            options = ort.SessionOptions()
            options.intra_op_num_threads = args.threads
            ort_session = ort.InferenceSession(path, options, providers=["CPUExecutionProvider"])
            session.add_graph(graph_id, parse_onnx(path))
            tensors = [Tensor.from_numpy(a) for a in feeds.values()]

            ours = session.run_graph(graph_id, tensors)[0].numpy()
            theirs = ort_session.run(None, feeds)[0]
            max_err = float(np.max(np.abs(ours - theirs)))

            ge_ms = _median_ms(partial(session.run_graph, graph_id, tensors), args.repeat)
            ort_ms = _median_ms(partial(ort_session.run, None, feeds), args.repeat)
            rows.append((label, ge_ms, ort_ms, ge_ms / ort_ms, max_err))
    GeApi.ge_finalize()

    print(f"{'model':<22}{'ge_py ms':>10}{'ort ms':>10}{'ratio':>8}{'max|err|':>11}")
    for label, ge_ms, ort_ms, ratio, err in rows:
        print(f"{label:<22}{ge_ms:>10.3f}{ort_ms:>10.3f}{ratio:>7.2f}x{err:>11.2e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
