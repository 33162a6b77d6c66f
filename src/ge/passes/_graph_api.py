"""Lazy access to ge.graph / ge.es, so defining passes and registering them never needs them.

Only the code paths that build or inspect graphs (patterns, replacements, bridge result checks)
import these modules, at call time.
"""

from __future__ import annotations

import sys
from typing import Any


def _loaded_class(module_name: str, class_name: str):
    # An instance of a class can only exist once the class's module has been imported, so an
    # isinstance check never needs to import ge.graph / ge.es (nor load libge_compiler.so).
    module = sys.modules.get(module_name)
    return getattr(module, class_name, None) if module is not None else None


def graph_class():
    """ge.graph.Graph (ImportError if ge.graph is not available)."""
    from ge.graph import Graph

    return Graph


def node_class():
    """ge.graph.Node (ImportError if ge.graph is not available)."""
    from ge.graph import Node

    return Node


def graph_builder_class():
    """ge.es.graph_builder.GraphBuilder (ImportError if ge.es is not available)."""
    from ge.es.graph_builder import GraphBuilder

    return GraphBuilder


def tensor_holder_class():
    """ge.es.tensor_holder.TensorHolder (ImportError if ge.es is not available)."""
    from ge.es.tensor_holder import TensorHolder

    return TensorHolder


def is_graph(obj: Any) -> bool:
    """True if obj is a ge.graph.Graph (False when ge.graph was never imported)."""
    cls = _loaded_class("ge.graph", "Graph")
    return cls is not None and isinstance(obj, cls)


def is_node(obj: Any) -> bool:
    """True if obj is a ge.graph.Node (False when ge.graph was never imported)."""
    cls = _loaded_class("ge.graph", "Node")
    return cls is not None and isinstance(obj, cls)


def is_tensor_holder(obj: Any) -> bool:
    """True if obj is a ge.es TensorHolder (False when ge.es was never imported)."""
    cls = _loaded_class("ge.es.tensor_holder", "TensorHolder")
    return cls is not None and isinstance(obj, cls)
