"""Generator of the per-op ``ge.es`` functions (docs/es_builder.md).

One code path serves three uses: the build (CMake runs ``python -m ge.es._codegen`` after
libge_compiler.so is built and installs ``ge/es/<module>.py``), the development tree (a module
without a generated file is generated from the live catalog on import) and ops registered
later (``ge.es.all.<NewOp>`` generates the function on first access).

Input is a prototype in the catalog's JSON form (see ``ge.es._catalog``).

Two kinds of function body come out. An op whose inputs and outputs are all single ports, that
has no subgraphs and whose builder comes from its inputs (most of the catalog) gets straight-line
code: the TensorLike conversion or first-input check of each input in IR order, then
``_op_call.OpCall`` for the C call. Every other op hands its arguments to the general
``_op_runtime.call_op``. Both run the checks and raise the messages of ``_op_steps``.
"""

from __future__ import annotations

import argparse
import keyword
import math
import os
import pprint
import sys
from typing import Any, Dict, List, Tuple

__all__ = ["generate_function_source", "generate_module_source", "plan_function", "main"]

# DataType member names by value (ge.graph.DataType); kept here so generation needs no
# ge.graph import.
_DT_NAMES = (
    "FLOAT FLOAT16 INT8 INT32 UINT8 - INT16 UINT16 UINT32 INT64 UINT64 DOUBLE BOOL STRING "
    "DUAL_SUB_INT8 DUAL_SUB_UINT8 COMPLEX64 COMPLEX128 QINT8 QINT16 QINT32 QUINT8 QUINT16 "
    "RESOURCE STRING_REF DUAL VARIANT BF16 UNDEFINED INT4 UINT1 INT2 UINT2 COMPLEX32 HIFLOAT8 "
    "FLOAT8_E5M2 FLOAT8_E4M3FN FLOAT8_E8M0 FLOAT6_E3M2 FLOAT6_E2M3 FLOAT4_E2M1 FLOAT4_E1M2 "
    "HIFLOAT4"
).split()

# Attribute type names of the prototype JSON -> parameter annotations.
_ATTR_ANNOTATIONS = {
    "string": "str",
    "float": "float",
    "bool": "bool",
    "int": "int",
    "tensor": "Tensor",
    "data_type": "DataType",
    "list_string": "List[str]",
    "list_float": "List[float]",
    "list_bool": "List[bool]",
    "list_int": "List[int]",
    "list_data_type": "List[DataType]",
    "list_list_int": "List[List[int]]",
}


def _float_text(value: float) -> str:
    if math.isnan(value):
        return 'float("nan")'
    if math.isinf(value):
        return 'float("inf")' if value > 0 else '-float("inf")'
    return f"{value:f}"


def _dt_text(value: Any) -> str:
    if isinstance(value, str):
        name = value[3:] if value.startswith("DT_") else value
        if name in _DT_NAMES:
            return f"DataType.DT_{name}"
        raise ValueError(value)
    if isinstance(value, int) and 0 <= value < len(_DT_NAMES) and _DT_NAMES[value] != "-":
        return f"DataType.DT_{_DT_NAMES[value]}"
    raise ValueError(value)


def render_default(attr_type: str, value: Any) -> str:
    """The Python source text of an attribute default; "None" when it cannot be expressed."""
    try:
        if attr_type == "bool":
            return "True" if value else "False"
        if attr_type == "int":
            return str(int(value))
        if attr_type == "float":
            return _float_text(float(value))
        if attr_type == "string":
            return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'
        if attr_type == "data_type":
            return _dt_text(value)
        if attr_type == "tensor":
            return "Tensor()"
        if attr_type == "list_int":
            return "[" + ", ".join(str(int(v)) for v in value) + "]"
        if attr_type == "list_float":
            return "[" + ", ".join(_float_text(float(v)) for v in value) + "]"
        if attr_type == "list_bool":
            return "[" + ", ".join("True" if v else "False" for v in value) + "]"
        if attr_type == "list_string":
            return "[" + ", ".join(render_default("string", v) for v in value) + "]"
        if attr_type == "list_data_type":
            return "[" + ", ".join(_dt_text(v) for v in value) + "]"
        if attr_type == "list_list_int":
            return "[" + ", ".join(render_default("list_int", v) for v in value) + "]"
    except (TypeError, ValueError):
        pass
    return "None"


def _safe(name: str, prefix: str) -> str:
    return f"{prefix}_{name}" if keyword.iskeyword(name) else name


# Local names of the straight-line function bodies (the builder, one handle per input); an op
# with a parameter of one of these names gets the general call_op body instead.
_BUILDER_LOCAL = "_builder"
_HANDLE_LOCAL = "_h{}"


def _straight_line(proto: Dict[str, Any], plan: Dict[str, Any]) -> bool:
    """Whether the op's function gets straight-line code (see the module docstring): single
    ports only, no subgraphs, the builder taken from the inputs (one TensorHolder input, or
    TensorLike inputs), and parameter names that leave the body's local names free."""
    inputs = proto["inputs"]
    names = {name for name, _annotation, _default in plan["params"] + plan["kw_params"]}
    locals_ = {_BUILDER_LOCAL} | {_HANDLE_LOCAL.format(i) for i in range(len(inputs))}
    return (
        bool(inputs)
        and plan["owner_param"] is None
        and not proto["subgraphs"]
        and all(port["kind"] != "dynamic" for port in inputs + proto["outputs"])
        and (plan["tensor_like"] or len(inputs) == 1)
        and not names & locals_
    )


def plan_function(proto: Dict[str, Any]) -> Dict[str, Any]:
    """Parameter names and the call plan of one op's function (GE's rules)."""
    op = proto["type"]
    inputs = [(port["name"], port["kind"]) for port in proto["inputs"]]
    outputs = [(port["name"], port["kind"]) for port in proto["outputs"]]
    attrs = proto["attrs"]
    subgraphs = [(sub["name"], sub["kind"]) for sub in proto["subgraphs"]]
    input_names = {name for name, _ in inputs}

    in_params = [_safe(name, "in") for name, _ in inputs]
    out_fields = []
    for name, _ in outputs:
        if name in input_names:
            out_fields.append(f"ref_{name}")
        else:
            out_fields.append(_safe(name, "out"))
    attr_params = []
    for attr in attrs:
        name = attr["name"]
        attr_params.append(f"attr_{name}" if name in input_names else _safe(name, "attr"))
    sub_params = [_safe(name, "subgraph") for name, _ in subgraphs]

    has_dynamic_output = any(kind == "dynamic" for _, kind in outputs)
    all_optional = bool(inputs) and all(kind == "optional" for _, kind in inputs)
    tensor_like = len(inputs) > 1 or all_optional
    # Only the trailing run of optional inputs can default to None, and only when no
    # parameter without a default (dynamic output count, subgraph) follows.
    can_default = not has_dynamic_output and not subgraphs
    trailing = len(inputs)
    while trailing > 0 and inputs[trailing - 1][1] == "optional":
        trailing -= 1

    params: List[Tuple[str, str, str]] = []  # (name, annotation, default or "")
    for i, (_name, kind) in enumerate(inputs):
        base = "Union[TensorHolder, TensorLike]" if tensor_like else "TensorHolder"
        if kind == "dynamic":
            annotation = f"List[{base}]"
        elif kind == "optional":
            annotation = f"Optional[{base}]"
        else:
            annotation = base
        default = "None" if kind == "optional" and i >= trailing and can_default else ""
        params.append((in_params[i], annotation, default))
    owner_param = None
    if not inputs:
        owner_param = "owner_graph_builder"
        params.append((owner_param, "GraphBuilder", ""))
    elif all_optional:
        owner_param = "owner_builder"
        params.append((owner_param, "Optional[GraphBuilder]", "None" if can_default else ""))
    num_params = []
    for (_name, kind), field in zip(outputs, out_fields):
        if kind == "dynamic":
            num_params.append(f"{field}_num")
            params.append((f"{field}_num", "int", ""))
    for (_name, kind), param in zip(subgraphs, sub_params):
        params.append((param, "List[Graph]" if kind == "dynamic" else "Graph", ""))
    kw_params: List[Tuple[str, str, str]] = []
    for attr, param in zip(attrs, attr_params):
        if attr["required"]:
            kw_params.append((param, _ATTR_ANNOTATIONS.get(attr["type"], "Any"), ""))
    for attr, param in zip(attrs, attr_params):
        if not attr["required"]:
            default = render_default(attr["type"], attr.get("default"))
            annotation = _ATTR_ANNOTATIONS.get(attr["type"], "Any")
            kw_params.append((param, annotation, default))

    if len(outputs) == 1 and has_dynamic_output:
        returns = "list"
        annotation = "List[TensorHolder]"
    elif len(outputs) <= 1:
        returns = "single" if outputs else "none"
        annotation = "TensorHolder" if outputs else "None"
    else:
        returns = "class"
        annotation = f"{op}Output"
    plan = {
        "type": op,
        "params": params,
        "kw_params": kw_params,
        "in_params": in_params,
        "owner_param": owner_param,
        "num_params": num_params,
        "sub_params": sub_params,
        "attr_params": attr_params,
        "out_fields": out_fields,
        "tensor_like": tensor_like,
        "returns": returns,
        "return_annotation": annotation,
    }
    plan["straight_line"] = _straight_line(proto, plan)
    return plan


def _signature(plan: Dict[str, Any]) -> str:
    parts = []
    for name, annotation, default in plan["params"]:
        parts.append(f"{name}: {annotation}" + (f" = {default}" if default else ""))
    if plan["kw_params"]:
        parts.append("*")
        for name, annotation, default in plan["kw_params"]:
            parts.append(f"{name}: {annotation}" + (f" = {default}" if default else ""))
    return ", ".join(parts)


def _runtime_spec(proto: Dict[str, Any], plan: Dict[str, Any]) -> Dict[str, Any]:
    """The op description the function's body hands to the shared steps (and call_op)."""
    return {
        "type": proto["type"],
        "inputs": [
            [port["name"], port["kind"], param]
            for port, param in zip(proto["inputs"], plan["in_params"])
        ],
        "outputs": [
            [port["name"], port["kind"], field]
            for port, field in zip(proto["outputs"], plan["out_fields"])
        ],
        "attrs": [
            [attr["name"], attr["type"], bool(attr["required"]), param]
            for attr, param in zip(proto["attrs"], plan["attr_params"])
        ],
        "subgraphs": [
            [sub["name"], sub["kind"], param]
            for sub, param in zip(proto["subgraphs"], plan["sub_params"])
        ],
        "tensor_like": plan["tensor_like"],
        "owner_param": plan["owner_param"],
        "returns": plan["returns"],
    }


def _general_body(op: str, plan: Dict[str, Any]) -> List[str]:
    inputs = "[" + ", ".join(plan["in_params"]) + "]"
    owner = plan["owner_param"] or "None"
    nums = "[" + ", ".join(plan["num_params"]) + "]"
    subs = "[" + ", ".join(plan["sub_params"]) + "]"
    attrs = "[" + ", ".join(plan["attr_params"]) + "]"
    output_class = f"{op}Output" if plan["returns"] == "class" else "None"
    return [
        f"    return _call_op(_SPEC_{op}, {op}, {inputs}, {owner}, {nums}, {subs}, {attrs}, "
        f"{output_class})"
    ]


def _straight_line_body(op: str, plan: Dict[str, Any]) -> List[str]:
    """The steps of call_op for this op, unrolled: only an input that already is a TensorHolder
    skips the shared step (which would return its handle unchanged)."""
    params = plan["in_params"]
    spec = f"_SPEC_{op}"
    builder = _BUILDER_LOCAL
    lines = []
    if plan["tensor_like"]:
        lines.append(f"    {builder} = _resolve_builder({', '.join(params)})")
    else:
        first = params[0]
        lines.append(
            f"    {builder} = {first}._builder if {first}.__class__ is TensorHolder "
            f"else _first_input_builder({spec}, {first})"
        )
    lines.append(f"    if {builder}._built:")
    lines.append(f"        _check_not_built({builder}, {op!r})")
    if plan["tensor_like"]:
        handles = []
        for index, param in enumerate(params):
            handle = _HANDLE_LOCAL.format(index)
            lines.append(
                f"    {handle} = {param}._handle if {param}.__class__ is TensorHolder "
                f"else _input_handle({spec}, {index}, {param}, {builder})"
            )
            handles.append(handle)
    else:
        handles = [f"{params[0]}._handle"]
    if plan["attr_params"]:
        attrs = "[" + ", ".join(plan["attr_params"]) + "]"
        lines.append(f"    return _CALL_{op}({builder}, ({', '.join(handles)},), {attrs}, {op})")
    elif len(handles) == 1:
        lines.append(f"    return _CALL_{op}.one({builder}, {handles[0]})")
    else:
        lines.append(f"    return _CALL_{op}({builder}, ({', '.join(handles)},))")
    return lines


def generate_function_source(proto: Dict[str, Any]) -> str:
    """Source of the function (and its ``<Op>Output`` class) of one prototype."""
    plan = plan_function(proto)
    op = proto["type"]
    lines = []
    if plan["returns"] == "class":
        lines.append(f"{op}Output = _make_output_class({op!r}, {plan['out_fields']!r})")
        lines.append("")
        lines.append("")
    spec = pprint.pformat(_runtime_spec(proto, plan), width=96, sort_dicts=False)
    lines.append(f"_SPEC_{op} = " + spec.replace("\n", "\n" + " " * (len(op) + 9)))
    if plan["straight_line"]:
        output_class = f", {op}Output" if plan["returns"] == "class" else ""
        lines.append(f"_CALL_{op} = _OpCall(_SPEC_{op}{output_class})")
    lines.append("")
    lines.append("")
    lines.append(f"def {op}({_signature(plan)}) -> {plan['return_annotation']}:")
    doc = (proto.get("doc") or f"Creates a {op} node.").strip().replace('"""', "'''")
    lines.append('    """' + doc.replace("\n", "\n    ") + '"""')
    if plan["straight_line"]:
        lines.extend(_straight_line_body(op, plan))
    else:
        lines.extend(_general_body(op, plan))
    return "\n".join(lines) + "\n"


_HEADER = '''"""ES functions of op module '{module}' ({count} ops), generated from the op catalog by
ge.es._codegen. Do not edit: regenerate instead. Ops registered later are generated on first
access through __getattr__."""
# ruff: noqa
from typing import Any, List, Optional, Union

from ge.es._op_call import OpCall as _OpCall
from ge.es._op_runtime import call_op as _call_op
from ge.es._op_runtime import make_output_class as _make_output_class
from ge.es._op_runtime import module_getattr as _module_getattr
from ge.es._op_steps import check_not_built as _check_not_built
from ge.es._op_steps import first_input_builder as _first_input_builder
from ge.es._op_steps import input_handle as _input_handle
from ge.es.graph_builder import GraphBuilder
from ge.es.tensor_holder import TensorHolder
from ge.es.tensor_like import TensorLike
from ge.es.tensor_like import resolve_builder as _resolve_builder
from ge.graph import Graph, Tensor
from ge.graph.types import DataType

_MODULE = {module!r}
'''

_FOOTER = """

__all__ = {names!r}


def __getattr__(name):
    return _module_getattr(_MODULE, globals(), name)
"""


def is_generatable(proto: Dict[str, Any]) -> bool:
    return proto["type"].isidentifier() and not keyword.iskeyword(proto["type"])


def generate_module_source(module: str, protos: List[Dict[str, Any]]) -> str:
    """Source of ``ge.es.<module>`` holding one function per prototype."""
    protos = sorted((p for p in protos if is_generatable(p)), key=lambda p: p["type"])
    parts = [_HEADER.format(module=module, count=len(protos))]
    names = []
    for proto in protos:
        parts.append("\n\n" + generate_function_source(proto))
        names.append(proto["type"])
        if plan_function(proto)["returns"] == "class":
            names.append(proto["type"] + "Output")
    parts.append(_FOOTER.format(names=names))
    return "".join(parts)


def main(argv: List[str] = None) -> int:
    """``python -m ge.es._codegen --out DIR``: writes one module per catalog module plus all."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--out", required=True, help="directory receiving <module>.py files")
    args = parser.parse_args(argv)
    from ge.es import _catalog

    os.makedirs(args.out, exist_ok=True)
    protos = _catalog.list_prototypes()
    modules: Dict[str, List[Dict[str, Any]]] = {"all": list(protos)}
    for proto in protos:
        if proto["module"] and proto["module"] != "all":
            modules.setdefault(proto["module"], []).append(proto)
    for module, members in sorted(modules.items()):
        if not module.isidentifier() or keyword.iskeyword(module):
            print(f"skipping op module '{module}': not a Python identifier", file=sys.stderr)
            continue
        path = os.path.join(args.out, f"{module}.py")
        source = generate_module_source(module, members)
        compile(source, path, "exec")  # a generator bug must fail the build, not the import
        with open(path, "w", encoding="utf-8") as f:
            f.write(source)
    print(f"ge.es codegen: {len(protos)} ops into {len(modules)} modules in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
