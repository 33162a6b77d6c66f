"""register_op: how a function's signature becomes an op prototype, what is refused and how the
prototype registry treats a definition seen again."""

# Annotations are evaluated at definition time here: register_op and the signature checks
# resolve them, and several refer to names local to a test.
import dataclasses
import math
import sys
from typing import List, Optional, Tuple

import pytest
from custom_op_support import requires_runtime

pytestmark = requires_runtime


@pytest.fixture
def api():
    import ge.custom_op
    from ge.custom_op import proto
    from ge.graph.types import DataType
    from ge.runtime import Tensor, TensorDesc

    class Api:
        pass

    api = Api()
    api.register_op = ge.custom_op.register_op
    api.proto = proto
    api.DataType = DataType
    api.Tensor = Tensor
    api.TensorDesc = TensorDesc
    return api


def test_every_input_kind_and_attr_type_maps_to_the_prototype(api):
    TD, DT = api.TensorDesc, api.DataType

    @api.register_op(op_type="AllKinds", mutates_args=("x",))
    def all_kinds(
        x: TD,
        maybe: Optional[TD],
        many: List[TD],  # noqa: UP006 - the typing spelling is accepted too
        *,
        i: int = 1,
        f: float = 0.5,
        b: bool = True,
        s: str = "s",
        dt: DT = DT.DT_INT32,
        t: api.Tensor,
        li: List[int] = [1, 2],  # noqa: B006, UP006 - list defaults are the API
        lf: list[float] = [0.5],  # noqa: B006 - list defaults are the API
        lb: list[bool] = [False],  # noqa: B006 - list defaults are the API
        ls: list[str] = ["a"],  # noqa: B006 - list defaults are the API
        ldt: list[DT] = [DT.DT_FLOAT],  # noqa: B006 - list defaults are the API
        lli: List[List[int]] = [[1], [2, 3]],  # noqa: B006, UP006 - list defaults are the API
    ) -> Tuple[TD, List[TD]]:  # noqa: UP006
        raise AssertionError("never called at registration")

    descriptor = all_kinds.__ge_op_proto_descriptor__
    assert descriptor.descriptor_key == f"{__name__}:{all_kinds.__qualname__}:AllKinds"
    assert descriptor.func_name == all_kinds.__qualname__
    assert [(i.name, i.index, int(i.kind)) for i in descriptor.inputs] == [
        ("x", 0, 0),
        ("maybe", 1, 1),
        ("many", 2, 2),
    ]
    assert [(a.name, a.type, a.is_required) for a in descriptor.attrs] == [
        ("i", "VT_INT", False),
        ("f", "VT_FLOAT", False),
        ("b", "VT_BOOL", False),
        ("s", "VT_STRING", False),
        ("dt", "VT_DATA_TYPE", False),
        ("t", "VT_TENSOR", True),
        ("li", "VT_LIST_INT", False),
        ("lf", "VT_LIST_FLOAT", False),
        ("lb", "VT_LIST_BOOL", False),
        ("ls", "VT_LIST_STRING", False),
        ("ldt", "VT_LIST_DATA_TYPE", False),
        ("lli", "VT_LIST_LIST_INT", False),
    ]
    # The first output updates x in place, so it carries x's name.
    assert [(o.name, int(o.kind)) for o in descriptor.outputs] == [("x", 0), ("output1", 1)]
    # Frozen in the descriptor, lists again in the bridge dict.
    assert descriptor.attrs[-1].default == ((1,), (2, 3))
    (bridge,) = api.proto.get_registered_op_proto_dicts()
    assert bridge["attrs"][-1]["default"] == [[1], [2, 3]]
    assert bridge["attrs"][5]["default"] is None
    assert bridge["inputs"] == [
        {"name": "x", "kind": 0},
        {"name": "maybe", "kind": 1},
        {"name": "many", "kind": 2},
    ]


def test_an_empty_prototype_and_the_package_name(api):
    import ge.custom_op

    @api.register_op(op_type="Nothing")
    def nothing() -> None:
        pass

    descriptor = nothing.__ge_op_proto_descriptor__
    assert (descriptor.inputs, descriptor.attrs, descriptor.outputs) == ((), (), ())
    assert ge.custom_op.register_op is api.proto.register_op
    assert descriptor.infer_func is nothing


@pytest.mark.parametrize("op_type", ["", None, 3])
def test_op_type_must_be_a_non_empty_string(api, op_type):
    with pytest.raises(TypeError, match="register_op op_type must be a non-empty string") as info:
        api.register_op(op_type=op_type)
    assert repr(op_type) in str(info.value)


def test_only_functions_are_prototypes(api):
    with pytest.raises(TypeError, match="register_op op_type 'Bad' failed: .*expects a Python"):
        api.register_op(op_type="Bad")(len)


def test_descriptors_are_frozen(api):
    @api.register_op(op_type="Frozen")
    def frozen(x: api.TensorDesc, *, n: int = 1) -> api.TensorDesc:
        return x

    descriptor = frozen.__ge_op_proto_descriptor__
    for value in (descriptor, descriptor.inputs[0], descriptor.attrs[0], descriptor.outputs[0]):
        with pytest.raises(dataclasses.FrozenInstanceError):
            value.name = "other"
    assert isinstance(descriptor.inputs, tuple)
    assert "infer_func" not in repr(descriptor)


def test_explicit_mutation_and_unique_generated_names(api):
    TD = api.TensorDesc

    @api.register_op(op_type="Names", mutates_args=(("state", 2),))
    def names(output0: TD, state: TD) -> tuple[TD, list[TD], TD]:
        pass

    outputs = names.__ge_op_proto_descriptor__.outputs
    assert [o.name for o in outputs] == ["output0_1", "output1", "state"]


BAD_DEFAULTS = [
    ("int", "1"),
    ("int", True),
    ("int", 1.0),
    ("float", 1),
    ("float", True),
    ("bool", 1),
    ("str", b"x"),
    ("DataType", 0),
    ("DataType", "DT_MAX"),
    ("List[int]", (1, 2)),
    ("List[int]", [1, True]),
    ("List[float]", [1]),
    ("List[bool]", [0]),
    ("List[str]", ["a", 1]),
    ("List[DataType]", [0]),
    ("List[List[int]]", [[1], 2]),
]


@pytest.mark.parametrize("annotation, default", BAD_DEFAULTS)
def test_defaults_must_have_the_exact_type(api, annotation, default):
    DataType = api.DataType
    if default == "DT_MAX":
        default = DataType.DT_MAX
    namespace = {"DataType": DataType, "List": list}
    source = f"def f(*, value: {annotation} = default) -> None: pass"
    exec(source, {**namespace, "default": default}, namespace)
    with pytest.raises(TypeError, match="default value for attr 'value'"):
        api.register_op(op_type="BadDefault")(namespace["f"])


def test_datatype_list_defaults_exclude_dt_max(api):
    DT = api.DataType

    def f(*, value: list[DT] = [DT.DT_FLOAT, DT.DT_MAX]) -> None:  # noqa: B006 - list defaults are the API
        pass

    with pytest.raises(TypeError, match="must contain valid DataType values"):
        api.register_op(op_type="BadList")(f)


def test_a_none_default_on_an_optional_attr_is_still_refused(api):
    def f(*, value: Optional[int] = None) -> None:
        pass

    with pytest.raises(TypeError, match="default value for attr 'value' must be int, got NoneType"):
        api.register_op(op_type="NoneDefault")(f)


def _refused(api, fn, message):
    with pytest.raises(TypeError, match=message):
        api.register_op(op_type="Refused")(fn)


def test_what_a_signature_may_not_contain(api):
    TD = api.TensorDesc

    def tensor_default(*, t: api.Tensor = None) -> None:
        pass

    def unannotated(x) -> None:
        pass

    def primitive_input(x: int) -> None:
        pass

    def defaulted_input(x: TD = None) -> None:
        pass

    def keyword_desc(*, x: TD) -> None:
        pass

    def variadic(*xs: TD) -> None:
        pass

    def no_return(x: TD):
        pass

    def optional_return(x: TD) -> Optional[TD]:
        pass

    def unannotated_attr(*, n) -> None:
        pass

    _refused(api, tensor_default, "Tensor attr 't' does not support a default value")
    _refused(api, unannotated, "input 'x' must have a type annotation")
    _refused(api, primitive_input, "unsupported input annotation for 'x'")
    _refused(api, defaulted_input, "input 'x' must not have a default value")
    _refused(api, keyword_desc, "unsupported attr annotation for 'x'")
    _refused(api, variadic, "does not support variadic parameter 'xs'")
    _refused(api, no_return, "register_op return type annotation is required")
    _refused(api, optional_return, "unsupported return annotation: ")
    _refused(api, unannotated_attr, "attr 'n' must have a type annotation")


@pytest.mark.skipif(sys.version_info < (3, 10), reason="not on this machine: PEP 604 needs 3.10")
def test_a_pep604_optional_input_is_refused(api):
    def f(x: api.TensorDesc | None) -> None:
        pass

    _refused(api, f, "unsupported input annotation for 'x'")


def test_unresolvable_annotations_name_the_function(api):
    def f(x: "NoSuchType") -> None:  # noqa: F821
        pass

    _refused(api, f, r"failed to resolve annotations for '.*f'")


@pytest.mark.parametrize(
    "mutates_args, error",
    [
        ("x", TypeError),
        ((("x", 0), "y"), TypeError),
        (("x", "y"), ValueError),
        (((0, 0),), TypeError),
        ((("x", True),), TypeError),
        ((("x", 1),), ValueError),
        ((("x", 0), ("y", 0)), ValueError),
        ((("z", 0),), ValueError),
        ((["x"],), TypeError),
    ],
)
def test_bad_mutates_args(api, mutates_args, error):
    TD = api.TensorDesc

    def f(x: TD, y: TD) -> TD:
        pass

    with pytest.raises(error, match="mutates_args"):
        api.register_op(op_type="Mutates", mutates_args=mutates_args)(f)


def test_an_input_mutated_twice_is_refused(api):
    TD = api.TensorDesc

    def f(x: TD) -> tuple[TD, TD]:
        pass

    with pytest.raises(ValueError, match="mutates_args input is duplicated: 'x'"):
        api.register_op(op_type="Twice", mutates_args=(("x", 0), ("x", 1)))(f)


def _define(api, body_default):
    def same(*, v: float = body_default) -> None:
        pass

    return same


def test_registering_the_same_definition_again_keeps_the_first(api):
    first = _define(api, math.nan)
    second = _define(api, math.nan)
    api.register_op(op_type="Again")(first)
    api.register_op(op_type="Again")(second)
    assert second.__ge_op_proto_descriptor__.infer_func is first
    assert len(api.proto.get_registered_op_protos()) == 1


def test_a_bad_tuple_item_names_its_output_index(api):
    TD = api.TensorDesc

    def f(x: TD) -> tuple[TD, int]:
        pass

    _refused(api, f, "unsupported return annotation at output index 1: <class 'int'>")


def test_conflicting_definitions_quote_both_sources(api):
    api.register_op(op_type="Conflict")(_define(api, 1.0))
    with pytest.raises(ValueError, match="content changed for descriptor_key") as info:
        api.register_op(op_type="Conflict")(_define(api, 2.0))
    assert str(info.value).count("module_name.func_name") == 2

    def other() -> None:
        pass

    with pytest.raises(ValueError, match="op type 'Conflict' already registered by") as info:
        api.register_op(op_type="Conflict")(other)
    assert "existing source" in str(info.value) and "current source" in str(info.value)


def test_lookups_and_sorted_listing(api):
    @api.register_op(op_type="Zed")
    def zed() -> None:
        pass

    @api.register_op(op_type="Alpha")
    def alpha() -> None:
        pass

    assert [d.op_type for d in api.proto.get_registered_op_protos()] == ["Alpha", "Zed"]
    assert api.proto.get_registered_op_proto_by_op_type("Zed").infer_func is zed
    key = alpha.__ge_op_proto_descriptor__.descriptor_key
    assert api.proto.get_registered_op_proto_by_descriptor_key(key).op_type == "Alpha"


def test_bootstrap_proto_dicts_are_fresh_copies(api):
    from ge.custom_op import bootstrap

    @api.register_op(op_type="Fresh")
    def fresh(*, li: list[int] = [1]) -> None:  # noqa: B006 - list defaults are the API
        pass

    first = bootstrap.get_registered_op_protos()
    first[0]["attrs"][0]["default"].append(2)
    first[0]["op_type"] = "Changed"
    assert bootstrap.get_registered_op_protos()[0]["attrs"][0]["default"] == [1]
    assert bootstrap.get_registered_op_protos()[0]["op_type"] == "Fresh"
