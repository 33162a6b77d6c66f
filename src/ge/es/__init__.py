"""ge.es: eager-style graph construction (docs/es_builder.md).

``GraphBuilder`` and ``TensorHolder`` build graphs node by node. One function per catalog
operator lives in the generated modules ``ge.es.all`` (every op), ``ge.es.math``, ``ge.es.nn``,
... (one per catalog module); ES plugins found through the ``ge.es.plugins`` entry-point group
become attributes of this package as well.
"""

# GraphBuilder and TensorHolder come first: plugins import them from this half-initialised
# package while load_all_plugins() runs.
from ge.es import _generated_modules
from ge.es._plugin_loader import load_all_plugins
from ge.es.graph_builder import GraphBuilder
from ge.es.tensor_holder import TensorHolder

__all__ = ["GraphBuilder", "TensorHolder", "list_plugins", "get_plugin"]

_generated_modules.install()
_plugins = load_all_plugins()
for _name, _module in _plugins.items():
    globals()[_name] = _module
    __all__.append(_name)


def list_plugins():
    """Names of the loaded ES plugins."""
    return list(_plugins.keys())


def get_plugin(plugin_name):
    """The plugin module called ``plugin_name``, else the generated op module of that name, else
    None."""
    if plugin_name is None:
        return None
    if plugin_name in _plugins:
        return _plugins[plugin_name]
    return _generated_modules.get_module(plugin_name)


def __getattr__(name):
    # ge.es.all, ge.es.math, ... load on first use (PEP 562).
    module = _generated_modules.get_module(name)
    if module is None:
        raise AttributeError(f"module 'ge.es' has no attribute {name!r}")
    return module
