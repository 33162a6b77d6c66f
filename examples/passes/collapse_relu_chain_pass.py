"""Collapse ``Relu(Relu(x))`` to ``Relu(x)``, repeated until the graph stops changing.

One sweep cannot finish a long chain: the matcher never binds a node a rewrite of the same sweep
created, so ``Relu(Relu(Relu(Relu(x))))`` only halves per run. ``repeat_until_unchanged=8``
(a ge_py extension of the registration) runs the pass again while a run changes the graph, at
most 8 times; a chain that needs more fails the compile naming the pass and the bound.

Run with a per-pass report::

    ASCEND_GE_PY_PASS_PATH=examples/passes/collapse_relu_chain_pass.py \\
      pyatc --model=relu_chain.onnx --framework=5 --soc_version=Ascend910B1 \\
      --output=/tmp/relu_chain --pass_report=/tmp/relu_chain_report.json
"""

from ge.es.all import Relu

from ge.passes import PassStage, PatternFusionPass, pattern, register_fusion_pass


@register_fusion_pass(
    name="PythonCollapseReluChainPass",
    stage=PassStage.BEFORE_INFER_SHAPE,
    repeat_until_unchanged=8,
)
class PythonCollapseReluChainPass(PatternFusionPass):
    @pattern
    def relu_relu(self, inputs):
        return Relu(Relu(inputs[0]))

    def replacement(self, inputs):
        # Relu is idempotent: one is enough.
        return Relu(inputs[0])
