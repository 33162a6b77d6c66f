"""Move ``Relu`` in front of ``ConcatV2``: ``Relu(ConcatV2(x0..xn-1, dim))`` becomes
``ConcatV2(Relu(x0)..Relu(xn-1), dim)`` (a FusionBasePass using ``SubgraphRewriter``).

ConcatV2 takes any number of inputs, which one fixed pattern cannot express, so the pass finds
the nodes itself in ``run`` and describes each rewrite as a boundary: input k is ConcatV2's input
port k (the tensors, then the concat dimension), output 0 is the Relu's output. The replacement
graph is built for exactly that many inputs. ``SubgraphRewriter.replace(..., context=context)``
checks that the nodes may be fused, splices the replacement in and reports the fusion.
"""

from ge.es.all import ConcatV2, Relu

from ge.es.graph_builder import GraphBuilder
from ge.passes import (
    FusionBasePass,
    PassStage,
    SubgraphBoundary,
    SubgraphInput,
    SubgraphOutput,
    SubgraphRewriter,
    register_fusion_pass,
)


def _relu_consumer(concat):
    """The Relu that is the only consumer of ``concat``, else None."""
    consumers = concat.get_out_data_nodes_and_port_indexes(0)
    if len(consumers) != 1 or consumers[0][0].type != "Relu":
        return None
    return consumers[0][0]


def _replacement(tensor_count):
    builder = GraphBuilder("relu_before_concat")
    relus = [Relu(builder.create_input(k)) for k in range(tensor_count)]
    concat_dim = builder.create_input(tensor_count)
    return builder.build_and_reset([ConcatV2(relus, concat_dim, N=tensor_count)])


def _boundary(concat, relu):
    boundary = SubgraphBoundary()
    for port in range(concat.get_inputs_size()):
        boundary.add_input(port, SubgraphInput([(concat, port)]))
    boundary.add_output(0, SubgraphOutput(relu, 0))
    return boundary


@register_fusion_pass(name="PythonMoveReluBeforeConcatPass", stage=PassStage.BEFORE_INFER_SHAPE)
class PythonMoveReluBeforeConcatPass(FusionBasePass):
    def run(self, graph, context):
        pairs = []
        for node in graph.get_direct_nodes():
            if node.type == "ConcatV2" and node.get_inputs_size() >= 2:
                relu = _relu_consumer(node)
                if relu is not None:
                    pairs.append((node, relu))
        for concat, relu in pairs:
            replacement = _replacement(concat.get_inputs_size() - 1)
            SubgraphRewriter.replace(_boundary(concat, relu), replacement, context=context)
        return True
