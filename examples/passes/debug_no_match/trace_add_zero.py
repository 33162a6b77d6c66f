"""Why did ``DebugAddZeroPass`` leave these Adds alone? Ask the match tracer.

    python trace_add_zero.py [picture.dot]

Builds ``x + 0.5`` and ``x + y`` with ge.es, traces the pass over a compile of that graph, prints
the report and, when a path is given, writes the Graphviz pictures there (``dot -Tsvg``).
"""

import os
import sys

from ge.es import GraphBuilder
from ge.passes.testing import trace_pass

PASS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "add_zero_pass.py")


def build_graph():
    builder = GraphBuilder("AddsGraph")
    x = builder.create_input(0, shape=[2, 2])
    y = builder.create_input(1, shape=[2, 2])
    builder.set_graph_output(x + 0.5, 0)  # a const, but not zero: meet_requirements refuses
    builder.set_graph_output(x + y, 1)  # no const at all: the pattern's Const fails
    return builder.build_and_reset()


def main():
    trace = trace_pass("DebugAddZeroPass", build_graph(), pass_path=PASS_FILE)
    print(trace)
    if len(sys.argv) > 1:
        with open(sys.argv[1], "w", encoding="utf-8") as picture:
            picture.write(trace.to_dot())


if __name__ == "__main__":
    main()
