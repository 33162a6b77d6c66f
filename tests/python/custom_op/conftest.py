"""Every test starts and ends with empty custom-op registries and no implementation instances."""

from __future__ import annotations

import sys

import pytest


def _reset() -> None:
    from ge.custom_op import registry

    registry.clear_registered_op_impls()
    proto = sys.modules.get("ge.custom_op.proto")
    if proto is not None:
        proto.clear_registered_op_protos()
    bridge = sys.modules.get("ge.custom_op._bridge")
    if bridge is not None:
        bridge.clear_op_impl_holders()


@pytest.fixture(autouse=True)
def empty_custom_op_registries():
    _reset()
    yield
    _reset()
