"""Switch an NCHW ``Conv2D`` to NHWC and delete the Transpose pair behind it (a FusionBasePass
that edits the graph by hand).

The model computes in NHWC between ``Transpose(perm=[0,2,3,1])`` and ``Transpose(perm=[0,3,1,2])``
after an NCHW convolution. Running the convolution in NHWC makes both Transposes unnecessary, and
the network then takes and returns NHWC tensors:

    x[N,C,H,W] -> Conv2D(NCHW) -> Transpose(0,2,3,1) -> ... -> Transpose(0,3,1,2) -> output
    x[N,H,W,C] -> Conv2D(NHWC) -> ...                                                -> output

So that the numbers stay right, the pass also reorders the convolution's ``strides`` and
``dilations`` (their positions follow ``data_format``), labels an unlabelled (ND) filter NCHW (it
keeps its [Cout, Cin, kH, kW] layout, which an NHWC convolution would otherwise read as HWCN) and
gives the graph input NHWC. It rewrites a convolution only when that is all that changes: its
input is a graph input only it reads, its filter is a Const, its output goes to the first
Transpose alone, and the second Transpose feeds only graph outputs. Every check runs before the
first edit.

Each Transpose is removed as a fusion of its own: ``can_fuse([transpose])``, rewire its consumers
to its producer, ``report_fuse([transpose], [], context)`` (a deletion: no node after), then
``remove_node`` of the Transpose and of its perm Const.
"""

from collections import deque

from ge.graph import DataType, Format, TensorDesc
from ge.passes import FusionBasePass, PassStage, can_fuse, register_fusion_pass, report_fuse

_TO_NHWC = [0, 2, 3, 1]
_TO_NCHW = [0, 3, 1, 2]
_CONST_TYPES = ("Const", "Constant")


def _flatten(values):
    if not isinstance(values, list):
        return [values]
    return [item for value in values for item in _flatten(value)]


def _transpose_perm(node):
    """The constant perm of a Transpose, or None when it is not a constant int list."""
    if node.type != "Transpose":
        return None
    try:
        perm_node, _ = node.get_in_data_nodes_and_port_indexes(1)
    except RuntimeError:  # perm not connected
        return None
    if perm_node.type not in _CONST_TYPES:
        return None
    tensor = perm_node.get_attr("value")
    if tensor.data_type not in (DataType.DT_INT32, DataType.DT_INT64):
        return None
    return [int(v) for v in _flatten(tensor.data)]


def _consumers(node):
    return [
        consumer
        for index in range(node.get_outputs_size())
        for consumer in node.get_out_data_nodes_and_port_indexes(index)
    ]


def _only_consumer(node):
    consumers = _consumers(node)
    return consumers[0][0] if len(consumers) == 1 else None


def _find_back_transpose(to_nhwc):
    """The first Transpose(0,3,1,2) downstream of ``to_nhwc``, breadth first."""
    queue = deque(consumer for consumer, _ in _consumers(to_nhwc))
    seen = set()
    while queue:
        node = queue.popleft()
        if node.name in seen:
            continue
        seen.add(node.name)
        if _transpose_perm(node) == _TO_NCHW:
            return node
        queue.extend(consumer for consumer, _ in _consumers(node))
    return None


def _nchw_to_nhwc(values):
    return [values[0], values[2], values[3], values[1]]


class _Rewrite:
    """One convolution to switch, with everything checked and read before any edit."""

    def __init__(self, conv):
        self.conv = conv
        self.data, _ = conv.get_in_data_nodes_and_port_indexes(0)
        self.weight, _ = conv.get_in_data_nodes_and_port_indexes(1)
        self.to_nhwc = _only_consumer(conv)
        self.to_nchw = None
        if self.to_nhwc is not None and _transpose_perm(self.to_nhwc) == _TO_NHWC:
            self.to_nchw = _find_back_transpose(self.to_nhwc)

    def applicable(self):
        if self.to_nchw is None or self.data.type != "Data" or _only_consumer(self.data) is None:
            return False
        if self.weight.type not in _CONST_TYPES:
            return False  # a computed filter has no layout label to keep
        if any(consumer.type != "NetOutput" for consumer, _ in _consumers(self.to_nchw)):
            return False  # a node after the pair would see NHWC where it expects NCHW
        return all(can_fuse([transpose]).ok for transpose in (self.to_nhwc, self.to_nchw))

    def apply(self, graph, context):
        for name in ("strides", "dilations"):
            if self.conv.has_attr(name):
                self.conv.set_attr(name, _nchw_to_nhwc(list(self.conv.get_attr(name))))
        self.conv.set_attr("data_format", "NHWC")
        self._label_filter_nchw()
        self._make_input_nhwc()
        for transpose in (self.to_nhwc, self.to_nchw):
            _delete_transpose(graph, transpose, context)

    def _label_filter_nchw(self):
        # The Const's value carries the layout (shape inference copies it to the output desc).
        value = self.weight.get_attr("value")
        if value.format != Format.FORMAT_ND:
            return  # already labelled with its real layout
        self.weight.set_attr("value", value.set_format(Format.FORMAT_NCHW))
        desc = self.weight.get_output_desc(0)
        desc.set_format(Format.FORMAT_NCHW).set_origin_format(Format.FORMAT_NCHW)
        self.weight.update_output_desc(0, desc)

    def _make_input_nhwc(self):
        desc = self.data.get_output_desc(0)
        shape = list(desc.get_shape())
        if len(shape) == 4:  # (an unknown rank stays unknown)
            shape = _nchw_to_nhwc(shape)
        nhwc = TensorDesc(shape, Format.FORMAT_NHWC, desc.data_type)
        nhwc.set_origin_shape(shape).set_origin_format(Format.FORMAT_NHWC)
        self.data.update_input_desc(0, nhwc)
        self.data.update_output_desc(0, nhwc)
        self.conv.update_input_desc(0, nhwc)


def _delete_transpose(graph, transpose, context):
    """Rewire the Transpose's consumers to its producer, report the deletion, remove it."""
    producer, producer_port = transpose.get_in_data_nodes_and_port_indexes(0)
    perm, perm_port = transpose.get_in_data_nodes_and_port_indexes(1)
    graph.remove_edge(producer, producer_port, transpose, 0)
    graph.remove_edge(perm, perm_port, transpose, 1)
    for consumer, consumer_port in transpose.get_out_data_nodes_and_port_indexes(0):
        graph.remove_edge(transpose, 0, consumer, consumer_port)
        graph.add_data_edge(producer, producer_port, consumer, consumer_port)
    report_fuse([transpose], [], context)
    graph.remove_node(transpose)
    if not _consumers(perm):
        graph.remove_node(perm)


@register_fusion_pass(name="PythonConvTransFormatPass", stage=PassStage.BEFORE_INFER_SHAPE)
class PythonConvTransFormatPass(FusionBasePass):
    def run(self, graph, context):
        convs = [
            node
            for node in graph.get_direct_nodes()
            if node.type == "Conv2D"
            and node.has_attr("data_format")
            and node.get_attr("data_format") == "NCHW"
        ]
        rewrites = [rewrite for rewrite in map(_Rewrite, convs) if rewrite.applicable()]
        deleted = set()
        for rewrite in rewrites:
            pair = {rewrite.to_nhwc.name, rewrite.to_nchw.name}
            if pair & deleted:
                continue  # two convolutions joined before one back Transpose: switch the first
            deleted |= pair
            rewrite.apply(graph, context)
        return True
