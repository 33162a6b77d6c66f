"""Build ``Relu(ConcatV2([x1, x2, x3], 0))`` with ge.es and save it as an AIR file, the input of
``atc --framework=1`` (move_relu_before_concat_pass.py rewrites it):

    python concat_relu_air.py graph.air
    ASCEND_GE_PY_PASS_PATH=$PWD/move_relu_before_concat_pass.py \\
        atc --model=graph.air --framework=1 --soc_version=Ascend910B1 --output=model

``--concat-output`` also returns the ConcatV2 result, which the pass must then leave alone.
"""

import argparse

from ge.es.all import ConcatV2, Relu

from ge.es import GraphBuilder
from ge.graph.types import DataType

# Rows of the three inputs, concatenated along dim 0; every input is [rows, 4, 5].
ROWS = (3, 1, 2)


def build_graph(concat_output=False):
    builder = GraphBuilder("ConcatReluGraph")
    inputs = [
        builder.create_input(
            index, name=f"x{index + 1}", data_type=DataType.DT_FLOAT, shape=[rows, 4, 5]
        )
        for index, rows in enumerate(ROWS)
    ]
    concat = ConcatV2(inputs, 0, N=len(inputs))
    builder.set_graph_output(Relu(concat), 0)
    if concat_output:
        builder.set_graph_output(concat, 1)
    return builder.build_and_reset()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", nargs="?", default="graph.air", help="AIR file to write")
    parser.add_argument("--concat-output", action="store_true", help="also return the ConcatV2")
    args = parser.parse_args()
    build_graph(args.concat_output).save_to_air(file_path=args.output)
    print(args.output)


if __name__ == "__main__":
    main()
