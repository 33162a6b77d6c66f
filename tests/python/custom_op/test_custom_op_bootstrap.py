"""Plugin discovery through ASCEND_CUSTOM_OPP_PATH and the descriptor snapshots the bridge takes
after importing the plugins."""

from __future__ import annotations

import sys
import textwrap

import pytest
from custom_op_support import requires_runtime

PLUGIN = textwrap.dedent(
    """
    from ge.custom_op import register_op, register_op_impl
    from ge.runtime import TensorDesc

    CALLS = []

    @register_op(op_type="PluginAdd")
    def plugin_add(x: TensorDesc, y: TensorDesc) -> TensorDesc:
        CALLS.append("infer_meta")
        return x

    @register_op(op_type="ProtoOnly")
    def proto_only(x: TensorDesc) -> TensorDesc:
        CALLS.append("infer_meta")
        return x

    @register_op_impl(op_type="PluginAdd")
    class PluginAddImpl:
        def execute(self, x, y):
            pass
    """
)


@pytest.fixture
def plugin_file(tmp_path, monkeypatch):
    from ge._internal import plugin_loader
    from ge.custom_op import bootstrap

    path = tmp_path / "my_ops.py"
    path.write_text(PLUGIN)
    monkeypatch.setenv("ASCEND_CUSTOM_OPP_PATH", str(path))
    yield path
    plugin_loader.purge_loaded_modules(bootstrap.MODULE_PREFIX)


@requires_runtime
def test_a_plugin_file_named_in_the_variable_registers_its_ops(plugin_file):
    from ge.custom_op import _bridge

    snapshot = _bridge.load_and_get_op_descriptors()
    assert [p["op_type"] for p in snapshot["protos"]] == ["PluginAdd", "ProtoOnly"]
    assert [i["op_type"] for i in snapshot["impls"]] == ["PluginAdd"]
    assert snapshot["impls"][0]["interfaces"] == ["eager_execute"]
    module_name = snapshot["impls"][0]["module_name"]
    assert module_name.startswith("_ge_py_custom_op_my_ops_")
    assert sys.modules[module_name].CALLS == []  # taking the snapshot runs no infer_meta
    # A second load imports nothing again.
    assert _bridge.load_and_get_op_impl_descriptors() == snapshot["impls"]
    assert _bridge.clear_loaded_op_impl_modules() == [module_name]


def test_a_missing_path_is_an_error(tmp_path, monkeypatch):
    from ge.custom_op import bootstrap

    missing = tmp_path / "absent.py"
    monkeypatch.setenv("ASCEND_CUSTOM_OPP_PATH", str(missing))
    with pytest.raises(FileNotFoundError, match="python custom op path does not exist: "):
        bootstrap.load_custom_op_plugins()
    other = tmp_path / "notes.txt"
    other.write_text("")
    monkeypatch.setenv("ASCEND_CUSTOM_OPP_PATH", str(other))
    with pytest.raises(ValueError, match="python custom op file must end with .py: "):
        bootstrap.load_custom_op_plugins()


def test_an_unset_variable_loads_nothing(monkeypatch):
    from ge.custom_op import bootstrap

    monkeypatch.delenv("ASCEND_CUSTOM_OPP_PATH", raising=False)
    assert bootstrap.load_custom_op_plugins() == []
