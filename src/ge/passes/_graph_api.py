"""Lazy access to ge.graph / ge.es, so defining passes and registering them never needs them.

Only the code paths that build or inspect graphs (patterns, replacements, bridge result checks)
import these modules, at call time.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any


def _module_or_none(name: str):
    # A missing ge.graph means "no object can be a Graph"; a present but broken one must still
    # raise, so only absence of the module itself is tolerated.
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except ModuleNotFoundError:
        return None
    return importlib.import_module(name)


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
    """True if obj is a ge.graph.Graph; False (not an error) when ge.graph does not exist."""
    module = _module_or_none("ge.graph")
    return module is not None and isinstance(obj, module.Graph)


def is_node(obj: Any) -> bool:
    """True if obj is a ge.graph.Node; False (not an error) when ge.graph does not exist."""
    module = _module_or_none("ge.graph")
    return module is not None and isinstance(obj, module.Node)


def is_tensor_holder(obj: Any) -> bool:
    """True if obj is a ge.es TensorHolder; False when ge.es does not exist."""
    module = _module_or_none("ge.es.tensor_holder")
    return module is not None and isinstance(obj, module.TensorHolder)
