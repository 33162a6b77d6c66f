"""ES test plugin ``ut_test`` (the one GE's tests use): registers the phony_* prototypes in the
op catalog and exposes the generated functions of module ``ut_test`` plus the catalog's Add and
While, exactly as a generated ``es_<module>`` plugin package would. Entry point:
``ut_test = es_ut_test:get_module`` in group ``ge.es.plugins``."""

import sys

from ge.es import _catalog, _codegen


def _ports(*ports):
    return [{"name": name, "kind": kind} for name, kind in ports]


def _attr(name, attr_type, default=None, required=False):
    return {"name": name, "type": attr_type, "required": required, "default": default}


PROTOTYPES = [
    {
        "type": "phony_1i_1o",
        "inputs": _ports(("x", "required")),
        "outputs": _ports(("y", "required")),
        "attrs": [_attr("index", "int", 0)],
    },
    {
        "type": "phony_1i1dyi_1o",
        "inputs": _ports(("x", "required"), ("dx", "dynamic")),
        "outputs": _ports(("y", "required")),
        "attrs": [_attr("index", "list_int", [10, 10, 10])],
    },
    {
        "type": "phony_3opi_1o",
        "inputs": _ports(("x1", "optional"), ("x2", "optional"), ("x3", "optional")),
        "outputs": _ports(("y", "required")),
    },
    {
        "type": "phony_1opi_1o",
        "inputs": _ports(("x1", "optional")),
        "outputs": _ports(("y", "required")),
        "attrs": [_attr("flag", "bool", required=True)],
    },
    {
        "type": "phony_If",
        "inputs": _ports(("cond", "required"), ("input", "dynamic")),
        "outputs": _ports(("output", "dynamic")),
        "subgraphs": _ports(("then_branch", "static"), ("else_branch", "static")),
    },
    {
        "type": "phony_req_attrs",
        "inputs": _ports(("x", "required")),
        "outputs": _ports(("y", "required")),
        "attrs": [
            _attr("req_data_type", "data_type", required=True),
            _attr("req_list_data_type", "list_data_type", required=True),
            _attr("req_list_list_int", "list_list_int", required=True),
            _attr("req_tensor", "tensor", required=True),
            _attr("req_list_string", "list_string", required=True),
        ],
    },
    {
        "type": "phony_1i_2o",
        "inputs": _ports(("x", "required")),
        "outputs": _ports(("y1", "required"), ("y2", "required")),
    },
    {
        "type": "phony_multi_attr",
        "inputs": _ports(),
        "outputs": _ports(("y", "required")),
        "attrs": [
            _attr("li", "list_int", [10, 10, 10]),
            _attr("f", "float", 0.0),
            _attr("s", "string", "s"),
            _attr("b", "bool", True),
            _attr("lf", "list_float", [0.1, 0.2]),
            _attr("lb", "list_bool", [False, True]),
        ],
    },
]

# Catalog ops this library also exports (GE's ut_test library declares them too).
SHARED_OPS = ("Add", "While")

for _proto in PROTOTYPES:
    _catalog.register_prototype(dict(_proto, module="ut_test"), replace=True)

_protos = [p for p in _catalog.list_prototypes() if p["module"] == "ut_test"]
_protos += [_catalog.find_prototype(name) for name in SHARED_OPS]
SOURCE = _codegen.generate_module_source("ut_test", _protos)
exec(compile(SOURCE, "<generated es_ut_test>", "exec"), globals())


def get_module():
    return sys.modules[__name__]
