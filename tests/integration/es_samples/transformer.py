"""A transformer routing block built from ge.es.all: MatMul + Sigmoid scores, TopKV2 twice,
ScatterElements of the chosen rows, MaskedFill of the others and GatherElements of the
winners. With --fractal-nz the inputs, the tensors fed to them and the MatMul result carry
FORMAT_FRACTAL_NZ descs; on the host runtime a format is metadata, so the numbers are the same.
The inputs are created without shapes: the session takes them from the tensors fed to the run.
The activations are scaled by 1/sqrt(hidden) so that no sigmoid saturates and the rankings a
test checks against NumPy have clear margins."""

import sys

import numpy as np
from _sample_run import run_graph
from ge.es.all import (
    BroadcastTo,
    Cast,
    Fill,
    GatherElements,
    Identity,
    LogicalNot,
    MaskedFill,
    MatMul,
    RealDiv,
    ReduceSum,
    Reshape,
    ScatterElements,
    Shape,
    Sigmoid,
    TopKV2,
    Transpose,
    Unsqueeze,
    ZerosLike,
)

from ge.es import GraphBuilder
from ge.graph import DumpFormat, Tensor
from ge.graph.types import DataType, Format

HIDDEN = 7168
FRACTAL_NZ = "--fractal-nz" in sys.argv[1:]
FORMAT = Format.FORMAT_FRACTAL_NZ if FRACTAL_NZ else Format.FORMAT_ND


def build_transformer_graph():
    builder = GraphBuilder("MakeTransformerSubGraph")
    if FRACTAL_NZ:
        input1, input2, input3 = (builder.create_input(i, format=FORMAT) for i in range(3))
    else:
        input1, input2, input3 = builder.create_inputs(3)
    reshape_result1 = Reshape(input1, [-1, HIDDEN])
    matmul_result1 = MatMul(
        Cast(reshape_result1, dst_type=DataType.DT_FLOAT),
        Transpose(Cast(input2, dst_type=DataType.DT_FLOAT), builder.create_vector_int64([1, 0])),
        transpose_x1=False,
        transpose_x2=False,
    )
    if FRACTAL_NZ:
        matmul_result1.set_format(FORMAT)
    sigmoid_result1 = Sigmoid(matmul_result1)
    add_result1 = Reshape(sigmoid_result1, [-1, 256]) + Cast(
        Unsqueeze(input3, axes=[0]), dst_type=DataType.DT_FLOAT
    )
    topkv2_result1 = TopKV2(add_result1, 2)
    reducesum_result1 = ReduceSum(topkv2_result1.values, [-1])
    topkv2_result2 = TopKV2(reducesum_result1, 4, sorted=False)
    cast_result2 = Cast(topkv2_result2.indices, dst_type=DataType.DT_INT64)
    scatterelements_result1 = ScatterElements(
        ZerosLike(reducesum_result1),
        cast_result2,
        Fill(
            Shape(cast_result2), Cast(builder.create_scalar_float(1.0), dst_type=DataType.DT_FLOAT)
        ),
    )
    identity_result1 = Identity(
        BroadcastTo(Unsqueeze(scatterelements_result1, axes=[-1]), [256, 256])
    )
    maskedfill_result1 = MaskedFill(
        add_result1,
        LogicalNot(
            Cast(
                Reshape(identity_result1, builder.create_vector_int64([256, 256])),
                dst_type=DataType.DT_BOOL,
            )
        ),
        builder.create_scalar_float(0.0),
    )
    cast_result3 = Cast(
        TopKV2(maskedfill_result1, 4, sorted=False).indices, dst_type=DataType.DT_INT64
    )
    gatherelements_result1 = GatherElements(sigmoid_result1, cast_result3, dim=1)
    realdiv_result1 = RealDiv(gatherelements_result1, 1e-20)
    builder.set_graph_output(cast_result3, 0)
    builder.set_graph_output(
        Cast(realdiv_result1 + builder.create_scalar_float(2.5), dst_type=DataType.DT_FLOAT), 1
    )
    return builder.build_and_reset()


graph = build_transformer_graph()
graph.dump_to_file(format=DumpFormat.kOnnx, suffix="make_transformer_graph")
rng = np.random.default_rng(7)
input1 = (rng.standard_normal((32, 8, HIDDEN)) / np.sqrt(HIDDEN)).astype(np.float32)
input2 = rng.standard_normal((256, HIDDEN)).astype(np.float32)
input3 = rng.standard_normal(256).astype(np.float32)
run_graph(
    graph,
    [
        [
            Tensor(input1.flatten().tolist(), None, DataType.DT_FLOAT, FORMAT, [32, 8, HIDDEN]),
            Tensor(input2.flatten().tolist(), None, DataType.DT_FLOAT, FORMAT, [256, HIDDEN]),
            Tensor(input3.flatten().tolist(), None, DataType.DT_FLOAT, FORMAT, [256]),
        ]
    ],
)
