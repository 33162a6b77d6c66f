"""ES test plugin ``ut_test`` (the one GE's tests use): registers the phony_* prototypes in the
op catalog and exposes the generated functions of module ``ut_test`` plus the catalog's Add and
While, exactly as a generated ``es_<module>`` plugin package would. Entry point:
``ut_test = es_ut_test:get_module`` in group ``ge.es.plugins``."""

import sys

from ge.es import _catalog, _codegen

VT_STRING, VT_FLOAT, VT_BOOL, VT_INT, VT_TENSOR = 1, 2, 3, 4, 6
VT_LIST_LIST_INT, VT_DATA_TYPE = 10, 11
VT_LIST_STRING, VT_LIST_FLOAT, VT_LIST_BOOL, VT_LIST_INT, VT_LIST_DATA_TYPE = (
    1001,
    1002,
    1003,
    1004,
    1011,
)


def _attr(name, vt, default=None, required=False):
    return {"name": name, "type": vt, "required": required, "default": default}


PROTOTYPES = [
    {
        "type": "phony_1i_1o",
        "inputs": [("x", "required")],
        "outputs": [("y", "required")],
        "attrs": [_attr("index", VT_INT, 0)],
    },
    {
        "type": "phony_1i1dyi_1o",
        "inputs": [("x", "required"), ("dx", "dynamic")],
        "outputs": [("y", "required")],
        "attrs": [_attr("index", VT_LIST_INT, [10, 10, 10])],
    },
    {
        "type": "phony_3opi_1o",
        "inputs": [("x1", "optional"), ("x2", "optional"), ("x3", "optional")],
        "outputs": [("y", "required")],
    },
    {
        "type": "phony_1opi_1o",
        "inputs": [("x1", "optional")],
        "outputs": [("y", "required")],
        "attrs": [_attr("flag", VT_BOOL, required=True)],
    },
    {
        "type": "phony_If",
        "inputs": [("cond", "required"), ("input", "dynamic")],
        "outputs": [("output", "dynamic")],
        "subgraphs": [("then_branch", "static"), ("else_branch", "static")],
    },
    {
        "type": "phony_req_attrs",
        "inputs": [("x", "required")],
        "outputs": [("y", "required")],
        "attrs": [
            _attr("req_data_type", VT_DATA_TYPE, required=True),
            _attr("req_list_data_type", VT_LIST_DATA_TYPE, required=True),
            _attr("req_list_list_int", VT_LIST_LIST_INT, required=True),
            _attr("req_tensor", VT_TENSOR, required=True),
            _attr("req_list_string", VT_LIST_STRING, required=True),
        ],
    },
    {
        "type": "phony_1i_2o",
        "inputs": [("x", "required")],
        "outputs": [("y1", "required"), ("y2", "required")],
    },
    {
        "type": "phony_multi_attr",
        "inputs": [],
        "outputs": [("y", "required")],
        "attrs": [
            _attr("li", VT_LIST_INT, [10, 10, 10]),
            _attr("f", VT_FLOAT, 0.0),
            _attr("s", VT_STRING, "s"),
            _attr("b", VT_BOOL, True),
            _attr("lf", VT_LIST_FLOAT, [0.1, 0.2]),
            _attr("lb", VT_LIST_BOOL, [False, True]),
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
