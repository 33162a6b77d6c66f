"""ge.ge_global.GeApi: argument errors, return values, idempotence."""

from __future__ import annotations

import pytest

from ge.error import GeError
from ge.ge_global import GeApi


@pytest.mark.parametrize("config", [None, [], "a=b", 1])
def test_ge_initialize_rejects_non_dict(config):
    with pytest.raises(TypeError, match="^Ge init config must be a dictionary$"):
        GeApi.ge_initialize(config)


def test_ge_initialize_rejects_empty_dict():
    with pytest.raises(TypeError, match="^Ge init config must not be empty$"):
        GeApi.ge_initialize({})


def test_initialize_and_finalize_return_zero(no_ge):
    assert not GeApi.is_initialized()
    assert GeApi.ge_initialize({"ge.exec.deviceId": "0", "ge.graphRunMode": 0}) == 0
    assert GeApi.is_initialized()
    assert GeApi.ge_initialize({"ge.exec.deviceId": "0"}) == 0  # already initialised: fine
    assert GeApi.ge_finalize() == 0
    assert not GeApi.is_initialized()


def test_geapi_module_and_instance_calls_as_in_ge_samples(no_ge):
    # GE code imports the class from its module and calls it through an instance.
    from ge.ge_global.geapi import GeApi as ModuleGeApi

    assert ModuleGeApi is GeApi
    ge_api = ModuleGeApi()
    assert ge_api.ge_initialize({"ge.exec.deviceId": "0", "ge.graphRunMode": "0"}) == 0
    assert GeApi.is_initialized()
    assert ge_api.ge_finalize() == 0


def test_finalize_without_initialize_returns_zero(no_ge):
    assert GeApi.ge_finalize() == 0
    assert GeApi.ge_finalize() == 0


def test_initialize_failure_raises_ge_error(no_ge, monkeypatch):
    from ge._capi import pygeapi_wrapper

    class FailingLib:
        def GeApiWrapper_GEInitialize(self, keys, values, count):  # noqa: N802 - C name
            assert count == 1 and keys[0] == b"k" and values[0] == b"v"
            return 1

    monkeypatch.setattr(pygeapi_wrapper, "geapi_lib", FailingLib())
    with pytest.raises(GeError, match="^GEInitialize failed") as info:
        GeApi.ge_initialize({"k": "v"})
    assert info.value.api_name == "GEInitialize"


def test_finalize_failure_raises_ge_error(monkeypatch):
    from ge._capi import pygeapi_wrapper

    class FailingLib:
        def GeApiWrapper_GEFinalize(self):  # noqa: N802 - C name
            return 5

    monkeypatch.setattr(pygeapi_wrapper, "geapi_lib", FailingLib())
    with pytest.raises(GeError, match="^GEFinalize failed"):
        GeApi.ge_finalize()
