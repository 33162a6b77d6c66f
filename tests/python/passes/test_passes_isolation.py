"""Per-plugin import isolation used by compiles (bootstrap.load_pass_plugins_isolated and
_bridge.load_pass_descriptors_with_report); load_pass_plugins() keeps failing on the first error."""

from __future__ import annotations

import pytest

from ge.passes import _bridge, bootstrap, registry

GOOD = """
from ge.passes import FusionBasePass, PassStage, register_fusion_pass

@register_fusion_pass(name="GoodPass", stage=PassStage.BEFORE_INFER_SHAPE)
class GoodPass(FusionBasePass):
    def run(self, graph, context):
        return True
"""

# Registers a pass, then fails: the half-imported plugin must not leave its pass behind.
HALF = """
from ge.passes import FusionBasePass, PassStage, register_fusion_pass

@register_fusion_pass(name="HalfPass", stage=PassStage.BEFORE_INFER_SHAPE)
class HalfPass(FusionBasePass):
    def run(self, graph, context):
        return True

raise RuntimeError("plugin broke after registering")
"""


@pytest.fixture
def plugin_dir(tmp_path, monkeypatch):
    (tmp_path / "a_half.py").write_text(HALF)
    (tmp_path / "b_good.py").write_text(GOOD)
    monkeypatch.setenv(bootstrap.ENV_PY_PASS_PATH, str(tmp_path))
    monkeypatch.delenv(bootstrap.ENV_STRICT, raising=False)
    _bridge.reset_python_state()
    yield tmp_path
    _bridge.reset_python_state()


def test_isolated_loading_skips_the_broken_plugin_and_its_registrations(plugin_dir):
    modules, errors = bootstrap.load_pass_plugins_isolated()
    assert [m.__name__.startswith("_ge_py_pass_b_good") for m in modules] == [True]
    assert len(errors) == 1
    assert "a_half.py" in errors[0] and "plugin broke after registering" in errors[0]
    assert "Traceback" in errors[0]
    assert [d.pass_name for d in registry.get_registered_passes()] == ["GoodPass"]


def test_report_is_not_strict_by_default_and_lists_errors(plugin_dir):
    report = _bridge.load_pass_descriptors_with_report()
    assert report["strict"] is False
    assert [d["pass_name"] for d in report["descriptors"]] == ["GoodPass"]
    assert len(report["errors"]) == 1


@pytest.mark.parametrize("via_env", [True, False])
def test_strict_round_propagates_the_first_failure(plugin_dir, monkeypatch, via_env):
    if via_env:
        monkeypatch.setenv(bootstrap.ENV_STRICT, "1")
    with pytest.raises(RuntimeError, match="plugin broke after registering"):
        _bridge.load_pass_descriptors_with_report(strict=not via_env)


def test_missing_path_entry_is_reported_not_raised(tmp_path, monkeypatch):
    monkeypatch.setenv(bootstrap.ENV_PY_PASS_PATH, str(tmp_path / "nope.py"))
    _, errors = bootstrap.load_pass_plugins_isolated()
    assert len(errors) == 1 and "nope.py" in errors[0] and "FileNotFoundError" in errors[0]
