"""What the C++ custom-op bridge calls: descriptor snapshots, validation, implementation
instances ("holders") and the callbacks, each reading its arguments from a native context.

Every ``call_*`` invalidates the context it was given before returning, however it returns, so a
context (or any view taken from it) kept by user code raises instead of reaching freed memory.
"""

from __future__ import annotations

import gc
import inspect
import sys
import threading
from typing import Any

from ge._internal import plugin_loader

from . import bootstrap
from ._ir_types import AttrType, InputType, OutputType
from ._signature import _validate_args_signature
from .context import _compile_ctx_scope, _declare_launch_args_ctx_scope, _execute_ctx_scope
from .proto import clear_registered_op_protos, get_registered_op_proto_by_op_type
from .registry import (
    INTERFACE_ANNOTATED_ARGS,
    INTERFACE_COMPILABLE,
    INTERFACE_EAGER_EXECUTE,
    clear_registered_op_impls,
    get_registered_op_impl_by_descriptor_key,
)

__all__ = [
    "call_compile",
    "call_declare_launch_args",
    "call_execute",
    "call_infer_meta",
    "clear_loaded_op_impl_modules",
    "clear_op_impl_holders",
    "create_op_impl_holder",
    "destroy_op_impl_holder",
    "load_and_get_op_descriptors",
    "load_and_get_op_impl_descriptors",
    "validate_op_impl_descriptor",
]

_INTERFACE_METHODS = {
    INTERFACE_EAGER_EXECUTE: "execute",
    INTERFACE_COMPILABLE: "compile",
    INTERFACE_ANNOTATED_ARGS: "declare_launch_args",
}
_GETTERS = {
    AttrType.INT: "get_int",
    AttrType.FLOAT: "get_float",
    AttrType.BOOL: "get_bool",
    AttrType.STRING: "get_str",
    AttrType.DATA_TYPE: "get_data_type",
    AttrType.TENSOR: "get_tensor",
    AttrType.LIST_INT: "get_list_int",
    AttrType.LIST_FLOAT: "get_list_float",
    AttrType.LIST_BOOL: "get_list_bool",
    AttrType.LIST_STRING: "get_list_str",
    AttrType.LIST_DATA_TYPE: "get_list_data_type",
    AttrType.LIST_LIST_INT: "get_list_list_int",
}

_HOLDERS_LOCK = threading.RLock()
_HOLDERS: dict[str, Any] = {}


def _missing_ir(method: str, op_type: str) -> RuntimeError:
    if method == "execute":
        return RuntimeError(f"canonical IR not found for schema-bound execute: {op_type}")
    return RuntimeError(f"canonical IR not found for schema-bound {method}")


# --- snapshots -------------------------------------------------------------------------------


def load_and_get_op_descriptors() -> dict:
    """Import the plugins, then ``{"protos": [...by op type], "impls": [...in order]}``."""
    bootstrap.load_custom_op_plugins()
    return {
        "protos": bootstrap.get_registered_op_protos(),
        "impls": bootstrap.get_registered_op_impls(),
    }


def load_and_get_op_impl_descriptors() -> list[dict]:
    bootstrap.load_custom_op_plugins()
    return bootstrap.get_registered_op_impls()


def _load_descriptor_snapshot(strict: bool) -> dict:
    """The compiler's load step: load_and_get_op_descriptors() plus ``"errors"``. Unless strict
    (or GE_PY_CUSTOM_OP_STRICT), a plugin that fails to import is reported and skipped, and what
    it registered before it raised is left out of the snapshot."""
    if strict or bootstrap.is_strict_mode():
        return {**load_and_get_op_descriptors(), "errors": []}
    errors = bootstrap.load_custom_op_plugins_isolated()[1]

    def live(items: list[dict]) -> list[dict]:
        return [item for item in items if not errors or item["module_name"] in sys.modules]

    return {
        "protos": live(bootstrap.get_registered_op_protos()),
        "impls": live(bootstrap.get_registered_op_impls()),
        "errors": errors,
    }


def _reset_bridge_state() -> None:
    """End of a compiler load round: holders, plugin modules and both registries go, so the next
    load imports the plugins again."""
    clear_op_impl_holders()
    clear_loaded_op_impl_modules()
    clear_registered_op_impls()
    clear_registered_op_protos()
    gc.collect()


# --- validation ------------------------------------------------------------------------------


def _get_callback_for_signature(cls: type, method_name: str) -> Any:
    """The method as a call through an instance would see it, without creating one."""
    raw = inspect.getattr_static(cls, method_name)
    if isinstance(raw, staticmethod):
        return raw.__func__
    if isinstance(raw, classmethod):
        return raw.__get__(None, cls)
    if inspect.isfunction(raw):
        return raw.__get__(object())  # drops `self`
    return getattr(cls, method_name)


def _descriptor(descriptor_key: str):
    descriptor = get_registered_op_impl_by_descriptor_key(descriptor_key)
    if descriptor is None:
        raise KeyError(f"python op impl descriptor_key not found: {descriptor_key}")
    return descriptor


def validate_op_impl_descriptor(descriptor_key: str, ir_meta: dict | None) -> bool:
    """Check every declared capability against the op's IR; the class is not instantiated."""
    descriptor = _descriptor(descriptor_key)
    for interface in descriptor.interfaces:
        method_name = _INTERFACE_METHODS[interface]
        if ir_meta is None:
            raise _missing_ir(method_name, descriptor.op_type)
        method = _get_callback_for_signature(descriptor.cls, method_name)
        _validate_args_signature(method, ir_meta, descriptor, method_name=method_name)
    return True


# --- holders ---------------------------------------------------------------------------------


def create_op_impl_holder(instance_id: str, descriptor_key: str) -> bool:
    """Instantiate the implementation for ``instance_id`` unless it already exists."""
    # Called before every callback, as GE does: an existing holder (its id names its key) needs
    # no registry lookup. The membership test is atomic under the GIL.
    if instance_id in _HOLDERS:
        return True
    descriptor = _descriptor(descriptor_key)
    with _HOLDERS_LOCK:
        if instance_id not in _HOLDERS:
            _HOLDERS[instance_id] = descriptor.cls()
    return True


def destroy_op_impl_holder(instance_id: str) -> bool:
    with _HOLDERS_LOCK:
        return _HOLDERS.pop(instance_id, None) is not None


def clear_op_impl_holders() -> None:
    with _HOLDERS_LOCK:
        _HOLDERS.clear()


def _holder(instance_id: str) -> Any:
    instance = _HOLDERS.get(instance_id)  # one dict read: atomic under the GIL
    if instance is None:
        raise KeyError(f"python op impl holder is not created: {instance_id}")
    return instance


# --- argument assembly -----------------------------------------------------------------------


# The input readers of a context: public for execute, private for compile / declare_launch_args.
_INPUT_READERS = {
    False: (
        "get_required_input_tensor",
        "get_optional_input_tensor",
        "get_dynamic_input_num",
        "get_dynamic_input_tensor",
    ),
    True: (
        "_get_required_input_tensor",
        "_get_optional_input_tensor",
        "_get_dynamic_input_num",
        "_get_dynamic_input_tensor",
    ),
}


def _read_inputs(ctx: Any, ir_meta: dict, private: bool) -> list[Any]:
    # Runs on every call: a reader is looked up only for the kinds the IR has.
    required, optional, dynamic_num, dynamic = _INPUT_READERS[private]
    args: list[Any] = []
    for index, item in enumerate(ir_meta["inputs"]):
        kind = item["kind"]
        if kind == InputType.REQUIRED:
            args.append(getattr(ctx, required)(index))
        elif kind == InputType.OPTIONAL:
            args.append(getattr(ctx, optional)(index))
        elif kind == InputType.DYNAMIC:
            count = getattr(ctx, dynamic_num)(index)
            read = getattr(ctx, dynamic)
            args.append([read(index, relative) for relative in range(count)])
        else:
            raise ValueError(f"unsupported custom op IR input kind: {kind}, ir index: {index}")
    return args


def _read_outputs(ctx: Any, ir_meta: dict) -> list[Any]:
    args: list[Any] = []
    for index, item in enumerate(ir_meta["outputs"]):
        kind = item["kind"]
        if kind == OutputType.REQUIRED:
            args.append(ctx._get_required_output_tensor(index))
        elif kind == OutputType.DYNAMIC:
            count = ctx._get_dynamic_output_num(index)
            args.append([ctx._get_dynamic_output_tensor(index, r) for r in range(count)])
        else:
            raise ValueError(f"unsupported custom op IR output kind: {kind}")
    return args


def _read_attrs(ctx: Any, attrs_reader: str, ir_meta: dict) -> dict[str, Any]:
    if not ir_meta["attrs"]:
        return {}
    attrs = getattr(ctx, attrs_reader)()
    values = {}
    for index, item in enumerate(ir_meta["attrs"]):
        getter = _GETTERS.get(item["type"])
        if getter is None:
            raise ValueError(
                f"unsupported custom op runtime attr type: {item['type']}, attr index: {index}"
            )
        values[item["name"]] = getattr(attrs, getter)(index)
    return values


# --- callbacks -------------------------------------------------------------------------------


def _op_type(instance: Any) -> str:
    return type(instance).__ge_op_impl_descriptor__.op_type


def call_execute(instance_id: str, ir_meta: dict | None, ctx: Any) -> None:
    try:
        instance = _holder(instance_id)
        method = getattr(instance, "execute", None)
        if not callable(method):
            raise TypeError(f"python op impl does not implement callable execute: {instance_id}")
        if ir_meta is None:
            raise _missing_ir("execute", _op_type(instance))
        args = _read_inputs(ctx, ir_meta, private=False)
        attrs = _read_attrs(ctx, "get_attrs", ir_meta)
        with _execute_ctx_scope(ctx):
            method(*args, **attrs)  # the result is ignored: outputs go through the context
    finally:
        ctx._invalidate()


def _call_with_outputs(instance_id: str, ir_meta: dict | None, ctx: Any, method_name: str):
    try:
        instance = _holder(instance_id)
        method = getattr(instance, method_name, None)
        if not callable(method):
            raise TypeError(f"python op impl does not implement {method_name}: {instance_id}")
        if ir_meta is None:
            raise _missing_ir(method_name, _op_type(instance))
        if method_name == "compile":  # unlike the others, checked again on every call
            descriptor = instance.__ge_op_impl_descriptor__
            _validate_args_signature(method, ir_meta, descriptor, method_name=method_name)
        args = _read_inputs(ctx, ir_meta, private=True) + _read_outputs(ctx, ir_meta)
        attrs = _read_attrs(ctx, "_get_attrs", ir_meta)
        scope = _compile_ctx_scope if method_name == "compile" else _declare_launch_args_ctx_scope
        with scope(ctx):
            result = method(*args, **attrs)
    finally:
        ctx._invalidate()
    if result is not None:
        raise TypeError(f"{method_name} must return None")


def call_declare_launch_args(instance_id: str, ir_meta: dict | None, ctx: Any) -> None:
    _call_with_outputs(instance_id, ir_meta, ctx, "declare_launch_args")


def call_compile(instance_id: str, ir_meta: dict | None, ctx: Any) -> None:
    _call_with_outputs(instance_id, ir_meta, ctx, "compile")


# --- infer_meta ------------------------------------------------------------------------------


def _check_desc(value: Any, index: int) -> Any:
    from ge.runtime import TensorDesc

    if not isinstance(value, TensorDesc):
        raise TypeError(
            f"infer_meta output[{index}] must be TensorDesc, got {type(value).__name__}"
        )
    return value


def _check_dynamic(ctx: Any, slot: int, values: list[Any]) -> None:
    expected = ctx.get_dynamic_output_num(slot)
    if len(values) != expected:
        raise TypeError(
            f"infer_meta dynamic output[{slot}] instance count mismatch: "
            f"expected {expected}, got {len(values)}"
        )


def _flatten_infer_result(ctx: Any, ir_meta: dict, result: Any) -> list[Any]:
    kinds = [item["kind"] for item in ir_meta["outputs"]]
    if not kinds:
        return []
    if len(kinds) == 1:
        if kinds[0] != OutputType.DYNAMIC:
            return [_check_desc(result, 0)]
        if not isinstance(result, (list, tuple)):
            raise TypeError(
                f"infer_meta output[0] is dynamic, must return list, got {type(result).__name__}"
            )
        descs = [_check_desc(value, position) for position, value in enumerate(result)]
        _check_dynamic(ctx, 0, descs)
        return descs
    if not isinstance(result, (list, tuple)):
        raise TypeError(
            f"infer_meta must return list/tuple for multiple outputs, got {type(result).__name__}"
        )
    if len(result) != len(kinds):
        raise TypeError(f"infer_meta return count {len(result)} != output count {len(kinds)}")
    flat: list[Any] = []
    for slot, (kind, value) in enumerate(zip(kinds, result)):
        if kind != OutputType.DYNAMIC:
            flat.append(_check_desc(value, slot))
            continue
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"infer_meta output[{slot}] is dynamic, must return list")
        descs = [_check_desc(item, slot) for item in value]
        _check_dynamic(ctx, slot, descs)
        flat.extend(descs)
    return flat


def call_infer_meta(
    op_type: str, ir_meta: dict, ctx: Any
) -> list[tuple[list[int], list[int], int]]:
    """Run the prototype's function on the inputs' descs; ``(origin, storage, dtype)`` per
    output instance, in IR order."""
    try:
        infer_func = get_registered_op_proto_by_op_type(op_type).infer_func
        args: list[Any] = []
        for index, item in enumerate(ir_meta["inputs"]):
            kind = item["kind"]
            if kind == InputType.REQUIRED:
                args.append(ctx.get_required_input_tensor(index))
            elif kind == InputType.OPTIONAL:
                args.append(ctx.get_optional_input_tensor(index))
            elif kind == InputType.DYNAMIC:
                count = ctx.get_dynamic_input_num(index)
                args.append([ctx.get_dynamic_input_tensor(index, r) for r in range(count)])
        attrs = _read_attrs(ctx, "get_attrs", ir_meta)
        descs = _flatten_infer_result(ctx, ir_meta, infer_func(*args, **attrs))
        return [
            (desc.shape.origin_shape.dims, desc.shape.storage_shape.dims, int(desc.data_type))
            for desc in descs
        ]
    finally:
        ctx._invalidate()


def clear_loaded_op_impl_modules() -> list[str]:
    """Forget the plugin file modules, so the next load executes (and registers) them again."""
    return plugin_loader.purge_loaded_modules(bootstrap.MODULE_PREFIX)
