"""What the custom-op tests share: the availability of ge.runtime, and contexts that answer the
reader calls of the bridge's callback flows from plain Python values (the native contexts are
lent by the compiler during a real callback; these let the flows be checked on their own)."""

from __future__ import annotations

from typing import Any

import pytest


def _runtime_error() -> str | None:
    try:
        import ge.runtime  # noqa: F401
    except Exception as exc:  # the reason is shown in the skip message
        return f"{type(exc).__name__}: {exc}"[:240]
    return None


_RUNTIME_ERROR = _runtime_error()
requires_runtime = pytest.mark.skipif(
    _RUNTIME_ERROR is not None,
    reason=f"needs ge.runtime (the _ge_runtime_native module): {_RUNTIME_ERROR}",
)

ATTR_GETTERS = (
    "get_int",
    "get_float",
    "get_bool",
    "get_str",
    "get_data_type",
    "get_tensor",
    "get_list_int",
    "get_list_float",
    "get_list_bool",
    "get_list_str",
    "get_list_data_type",
    "get_list_list_int",
)


class RecordingAttrs:
    """Attribute values by IR index; records which getter read which index."""

    def __init__(self, values: list[Any]):
        self.values = values
        self.reads: list[tuple] = []
        for getter in ATTR_GETTERS:
            setattr(self, getter, self._reader(getter))

    def _reader(self, getter: str):
        def read(index: int) -> Any:
            self.reads.append((getter, index))
            return self.values[index]

        return read

    def get_attr_num(self) -> int:
        return len(self.values)


class RecordingContext:
    """Inputs (a value, None, or a list for a dynamic input), outputs and attrs by IR index,
    served through both the public readers (execute, infer_meta) and the private ones (compile,
    declare_launch_args)."""

    def __init__(
        self,
        inputs: list[Any] = (),
        outputs: list[Any] = (),
        attrs: list[Any] = (),
        dynamic_output_nums: dict[int, int] = None,
    ):
        self.inputs = list(inputs)
        self.outputs = list(outputs)
        self.attrs = RecordingAttrs(list(attrs))
        self.dynamic_output_nums = dict(dynamic_output_nums or {})
        self.calls: list[str] = []
        self.invalidated = 0

    def _log(self, name: str) -> None:
        self.calls.append(name)

    def get_required_input_tensor(self, index: int) -> Any:
        self._log("required_input")
        return self.inputs[index]

    def get_optional_input_tensor(self, index: int) -> Any:
        self._log("optional_input")
        return self.inputs[index]

    def get_dynamic_input_num(self, index: int) -> int:
        self._log("dynamic_input_num")
        return len(self.inputs[index])

    def get_dynamic_input_tensor(self, index: int, relative: int) -> Any:
        self._log("dynamic_input")
        return self.inputs[index][relative]

    def get_attrs(self) -> RecordingAttrs:
        self._log("attrs")
        return self.attrs

    def get_dynamic_output_num(self, index: int) -> int:
        return self.dynamic_output_nums[index]

    _get_required_input_tensor = get_required_input_tensor
    _get_optional_input_tensor = get_optional_input_tensor
    _get_dynamic_input_num = get_dynamic_input_num
    _get_dynamic_input_tensor = get_dynamic_input_tensor
    _get_attrs = get_attrs

    def _get_required_output_tensor(self, index: int) -> Any:
        self._log("required_output")
        return self.outputs[index]

    def _get_dynamic_output_num(self, index: int) -> int:
        self._log("dynamic_output_num")
        return len(self.outputs[index])

    def _get_dynamic_output_tensor(self, index: int, relative: int) -> Any:
        self._log("dynamic_output")
        return self.outputs[index][relative]

    def _get_platform_info(self) -> Any:
        return ("platform of", self)

    def _invalidate(self) -> None:
        self.invalidated += 1


def ir(op_type: str, inputs=(), outputs=(), attrs=()) -> dict:
    """A canonical ir_meta dict: inputs/outputs as (name, kind), attrs as (name, "VT_*")."""
    return {
        "op_type": op_type,
        "inputs": [{"name": n, "kind": k} for n, k in inputs],
        "attrs": [{"name": n, "type": t} for n, t in attrs],
        "outputs": [{"name": n, "kind": k} for n, k in outputs],
    }


def custom_op_test_hooks():
    """The test-only ``_ge_custom_op_native_test_hooks`` module (built next to the pass test
    hooks: ``<build>/python_pass_test_hooks/`` or ``$GE_PY_PASS_TEST_HOOKS_DIR``)."""
    import importlib.util
    import os
    import sys
    from pathlib import Path

    name = "_ge_custom_op_native_test_hooks"
    if name in sys.modules:
        return sys.modules[name]
    try:
        from ge.custom_op import _native

        configured = os.environ.get("GE_PY_PASS_TEST_HOOKS_DIR")
        if configured:
            directory = Path(configured)
        else:  # <build>/python_pass_artifacts/<set>/<module>.so -> <build>/python_pass_test_hooks
            directory = (
                Path(_native._module.__file__).resolve().parents[2] / "python_pass_test_hooks"
            )
        path = directory / f"{name}.so"
        if not path.is_file():
            raise FileNotFoundError(f"{path} (build the {name} target)")
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except Exception as exc:  # the reason is shown in the skip message
        pytest.skip(f"needs the _ge_custom_op_native_test_hooks module: {exc}")
    sys.modules[name] = module
    return module
