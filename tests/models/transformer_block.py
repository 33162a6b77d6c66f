"""A small pre-LayerNorm transformer block (BERT/GPT-2 op set at toy size)."""

from __future__ import annotations

import math

import numpy as np
from onnx import TensorProto, helper

try:
    from . import _common
except ImportError:  # run as a script
    import _common

HIDDEN = 32
HEADS = 4
HEAD_DIM = HIDDEN // HEADS
FFN = 64
VOCAB = 50


class _Builder:
    def __init__(self):
        self.r = _common.rng()
        self.nodes = []
        self.inits = []
        self.count = 0

    def const(self, name, array):
        self.inits.append(_common.initializer(name, array))
        return name

    def weight(self, name, shape, scale=0.1):
        return self.const(name, (self.r.standard_normal(shape) * scale).astype(np.float32))

    def op(self, op_type, inputs, n_outputs=1, name=None, **attrs):
        self.count += 1
        node_name = name or f"/{op_type}_{self.count}"
        outputs = [f"{node_name}_out{i}" for i in range(n_outputs)]
        self.nodes.append(helper.make_node(op_type, inputs, outputs, name=node_name, **attrs))
        return outputs[0] if n_outputs == 1 else outputs

    def scalar(self, name, value):
        return self.const(name, np.array(value, dtype=np.float32))

    def layer_norm(self, prefix, x, style, opset):
        gamma = self.const(f"{prefix}.weight", np.ones([HIDDEN], dtype=np.float32))
        beta = self.const(f"{prefix}.bias", np.zeros([HIDDEN], dtype=np.float32))
        if style == "op":
            return self.op(
                "LayerNormalization",
                [x, gamma, beta],
                name=f"/{prefix}/LayerNorm",
                axis=-1,
                epsilon=1e-5,
            )
        # The ReduceMean / Sub / Pow / Sqrt / Div decomposition older exporters write.
        if opset >= 18:
            axes = self.const(f"{prefix}.axes", np.array([-1], dtype=np.int64))
            mean = self.op("ReduceMean", [x, axes], name=f"/{prefix}/ReduceMean")
        else:
            mean = self.op("ReduceMean", [x], name=f"/{prefix}/ReduceMean", axes=[-1])
        centered = self.op("Sub", [x, mean], name=f"/{prefix}/Sub")
        sq = self.op("Pow", [centered, self.scalar(f"{prefix}.two", 2.0)], name=f"/{prefix}/Pow")
        if opset >= 18:
            var = self.op("ReduceMean", [sq, axes], name=f"/{prefix}/ReduceMean_1")
        else:
            var = self.op("ReduceMean", [sq], name=f"/{prefix}/ReduceMean_1", axes=[-1])
        var_eps = self.op("Add", [var, self.scalar(f"{prefix}.eps", 1e-5)], name=f"/{prefix}/Add")
        std = self.op("Sqrt", [var_eps], name=f"/{prefix}/Sqrt")
        normed = self.op("Div", [centered, std], name=f"/{prefix}/Div")
        scaled = self.op("Mul", [normed, gamma], name=f"/{prefix}/Mul")
        return self.op("Add", [scaled, beta], name=f"/{prefix}/Add_1")

    def gelu(self, x, style):
        if style == "op":
            return self.op("Gelu", [x], name="/mlp/Gelu", approximate="none")
        if style == "tanh":
            # 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3)))  (GPT-2 "gelu_new")
            cube = self.op("Pow", [x, self.scalar("gelu.three", 3.0)], name="/mlp/act/Pow")
            scaled = self.op("Mul", [cube, self.scalar("gelu.coef", 0.044715)], name="/mlp/act/Mul")
            inner = self.op("Add", [x, scaled], name="/mlp/act/Add")
            arg = self.op(
                "Mul",
                [inner, self.scalar("gelu.sqrt_2_pi", math.sqrt(2 / math.pi))],
                name="/mlp/act/Mul_1",
            )
            t = self.op("Tanh", [arg], name="/mlp/act/Tanh")
            one_plus = self.op("Add", [t, self.scalar("gelu.one", 1.0)], name="/mlp/act/Add_1")
            half_x = self.op("Mul", [x, self.scalar("gelu.half", 0.5)], name="/mlp/act/Mul_2")
            return self.op("Mul", [half_x, one_plus], name="/mlp/act/Mul_3")
        # x * 0.5 * (1 + erf(x / sqrt(2)))  (BERT, torch nn.GELU export)
        d = self.op("Div", [x, self.scalar("gelu.sqrt2", math.sqrt(2.0))], name="/mlp/act/Div")
        e = self.op("Erf", [d], name="/mlp/act/Erf")
        one_plus = self.op("Add", [e, self.scalar("gelu.one", 1.0)], name="/mlp/act/Add")
        prod = self.op("Mul", [x, one_plus], name="/mlp/act/Mul")
        return self.op("Mul", [prod, self.scalar("gelu.half", 0.5)], name="/mlp/act/Mul_1")


def build_model(
    opset: int = 17, gelu: str = "erf", layernorm: str = "op", seq: int = 8, embedding: bool = False
):
    """Writes LayerNorm -> fused QKV MatMul -> Split -> multi-head attention (Reshape,
    Transpose, MatMul, Div, Add mask, Softmax) -> projection + residual -> LayerNorm -> MLP with
    Gelu -> residual.

    `gelu`: "erf" (exporter decomposition with Erf), "tanh" (GPT-2 tanh form) or "op" (the
    opset-20 Gelu op; forces opset >= 20). `layernorm`: "op" (LayerNormalization, opset >= 17) or
    "decomposed" (ReduceMean/Sub/Pow/Sqrt/Div). With `embedding`, the input is int64 token ids
    [1, seq] looked up by Gather, else float32 hidden states [1, seq, 32].
    """
    if gelu == "op":
        opset = max(opset, 20)
    if layernorm == "op" and opset < 17:
        raise SystemExit("LayerNormalization needs opset >= 17 (use --layernorm decomposed)")
    b = _Builder()
    if embedding:
        table = b.weight("wte.weight", [VOCAB, HIDDEN])
        pos = b.weight("wpe.weight", [1, seq, HIDDEN])
        tok = b.op("Gather", [table, "input_ids"], name="/wte/Gather", axis=0)
        x = b.op("Add", [tok, pos], name="/embed/Add")
        graph_input = helper.make_tensor_value_info("input_ids", TensorProto.INT64, [1, seq])
    else:
        x = "hidden_states"
        graph_input = helper.make_tensor_value_info(x, TensorProto.FLOAT, [1, seq, HIDDEN])

    h = b.layer_norm("ln_1", x, layernorm, opset)
    qkv = b.op(
        "MatMul",
        [h, b.weight("attn.c_attn.weight", [HIDDEN, 3 * HIDDEN])],
        name="/attn/c_attn/MatMul",
    )
    qkv = b.op("Add", [qkv, b.weight("attn.c_attn.bias", [3 * HIDDEN])], name="/attn/c_attn/Add")
    split_sizes = b.const("attn.split", np.array([HIDDEN] * 3, dtype=np.int64))
    q, k, v = b.op("Split", [qkv, split_sizes], n_outputs=3, name="/attn/Split", axis=2)
    head_shape = b.const("attn.head_shape", np.array([1, seq, HEADS, HEAD_DIM], dtype=np.int64))
    q = b.op("Reshape", [q, head_shape], name="/attn/Reshape")
    k = b.op("Reshape", [k, head_shape], name="/attn/Reshape_1")
    v = b.op("Reshape", [v, head_shape], name="/attn/Reshape_2")
    q = b.op("Transpose", [q], name="/attn/Transpose", perm=[0, 2, 1, 3])
    k = b.op("Transpose", [k], name="/attn/Transpose_1", perm=[0, 2, 3, 1])
    v = b.op("Transpose", [v], name="/attn/Transpose_2", perm=[0, 2, 1, 3])
    scores = b.op("MatMul", [q, k], name="/attn/MatMul")
    scores = b.op("Div", [scores, b.scalar("attn.scale", math.sqrt(HEAD_DIM))], name="/attn/Div")
    causal = np.triu(np.full([seq, seq], -1e4, dtype=np.float32), k=1).reshape(1, 1, seq, seq)
    scores = b.op("Add", [scores, b.const("attn.mask", causal)], name="/attn/Add")
    probs = b.op("Softmax", [scores], name="/attn/Softmax", axis=-1)
    ctx = b.op("MatMul", [probs, v], name="/attn/MatMul_1")
    ctx = b.op("Transpose", [ctx], name="/attn/Transpose_3", perm=[0, 2, 1, 3])
    merged_shape = b.const("attn.merged_shape", np.array([1, seq, HIDDEN], dtype=np.int64))
    ctx = b.op("Reshape", [ctx, merged_shape], name="/attn/Reshape_3")
    proj = b.op(
        "MatMul",
        [ctx, b.weight("attn.c_proj.weight", [HIDDEN, HIDDEN])],
        name="/attn/c_proj/MatMul",
    )
    proj = b.op("Add", [proj, b.weight("attn.c_proj.bias", [HIDDEN])], name="/attn/c_proj/Add")
    x = b.op("Add", [x, proj], name="/residual/Add")

    h = b.layer_norm("ln_2", x, layernorm, opset)
    h = b.op("MatMul", [h, b.weight("mlp.c_fc.weight", [HIDDEN, FFN])], name="/mlp/c_fc/MatMul")
    h = b.op("Add", [h, b.weight("mlp.c_fc.bias", [FFN])], name="/mlp/c_fc/Add")
    h = b.gelu(h, gelu)
    h = b.op("MatMul", [h, b.weight("mlp.c_proj.weight", [FFN, HIDDEN])], name="/mlp/c_proj/MatMul")
    h = b.op("Add", [h, b.weight("mlp.c_proj.bias", [HIDDEN])], name="/mlp/c_proj/Add")
    b.nodes.append(helper.make_node("Add", [x, h], ["output"], name="/residual/Add_1"))

    graph_output = helper.make_tensor_value_info("output", TensorProto.FLOAT, [1, seq, HIDDEN])
    graph = helper.make_graph(
        b.nodes, "transformer_block", [graph_input], [graph_output], initializer=b.inits
    )
    return _common.finish(graph, opset, "ge_py.tests.models.transformer_block")


def main(argv=None) -> int:
    def extra(parser):
        parser.add_argument("--opset", type=int, default=17)
        parser.add_argument("--gelu", choices=["erf", "tanh", "op"], default="erf")
        parser.add_argument("--layernorm", choices=["op", "decomposed"], default="op")
        parser.add_argument("--seq", type=int, default=8)
        parser.add_argument("--embedding", action="store_true", help="int64 token ids + Gather")

    return _common.run_cli(build_model, "transformer_block.onnx", argv, extra)


if __name__ == "__main__":
    _common.exit_with(main())
