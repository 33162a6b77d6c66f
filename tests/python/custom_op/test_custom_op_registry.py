"""register_op_impl: capability reflection, the descriptor and the implementation registry.
None of it needs native code."""

from __future__ import annotations

import abc

import pytest

from ge.custom_op import registry
from ge.custom_op.registry import register_op_impl


def test_an_execute_class_registers_as_eager_execute():
    @register_op_impl(op_type="Exec")
    class Exec:
        def execute(self):
            pass

    descriptor = Exec.__ge_op_impl_descriptor__
    assert descriptor.descriptor_key == f"{__name__}:Exec:Exec"
    assert descriptor.class_name == "Exec" and descriptor.module_name == __name__
    assert descriptor.interfaces == ["eager_execute"]
    (bridge,) = registry.get_registered_op_impl_dicts()
    assert bridge == descriptor.to_bridge_dict()
    assert bridge == {
        "descriptor_key": descriptor.descriptor_key,
        "op_type": "Exec",
        "module_name": __name__,
        "class_name": "Exec",
        "interfaces": ["eager_execute"],
    }
    bridge["interfaces"].append("changed")
    assert descriptor.interfaces == ["eager_execute"]
    assert "cls" not in repr(descriptor)


def test_the_interface_order_is_fixed_whatever_the_class_order():
    @register_op_impl(op_type="All")
    class All:
        def declare_launch_args(self):
            pass

        def compile(self):
            pass

        def execute(self):
            pass

    assert All.__ge_op_impl_descriptor__.interfaces == [
        "eager_execute",
        "compilable",
        "annotated_args",
    ]


def test_inherited_static_and_class_methods_count():
    class Base:
        def compile(self):
            pass

    @register_op_impl(op_type="Inherits")
    class Inherits(Base):
        @staticmethod
        def execute():
            pass

        @classmethod
        def declare_launch_args(cls):
            pass

    assert Inherits.__ge_op_impl_descriptor__.interfaces == [
        "eager_execute",
        "compilable",
        "annotated_args",
    ]


def test_non_callable_execute_and_declare_are_ignored():
    @register_op_impl(op_type="Ignored")
    class Ignored:
        execute = 3
        declare_launch_args = None

        def compile(self):
            pass

    assert Ignored.__ge_op_impl_descriptor__.interfaces == ["compilable"]

    class OnlyBadDeclare:
        declare_launch_args = "no"

    with pytest.raises(TypeError, match="must implement at least one supported method"):
        register_op_impl(op_type="OnlyBad")(OnlyBadDeclare)


@pytest.mark.parametrize("value", [None, 1])
def test_a_present_compile_must_be_callable(value):
    class BadCompile:
        compile = value

        def execute(self):
            pass

    with pytest.raises(TypeError, match="^compile must be callable$"):
        register_op_impl(op_type="BadCompile")(BadCompile)


def test_methods_set_in_init_do_not_count():
    class Late:
        def __init__(self):
            self.execute = lambda: None

    with pytest.raises(TypeError, match=r"class '.*Late' must implement at least one"):
        register_op_impl(op_type="Late")(Late)


@pytest.mark.parametrize("op_type", ["", None])
def test_op_type_must_be_a_non_empty_string(op_type):
    with pytest.raises(TypeError, match="^register_op_impl op_type must be a non-empty string$"):
        register_op_impl(op_type=op_type)


def test_only_concrete_classes():
    with pytest.raises(TypeError, match="register_op_impl expects a class"):
        register_op_impl(op_type="Fn")(lambda: None)

    class Abstract(abc.ABC):
        @abc.abstractmethod
        def execute(self):
            pass

    with pytest.raises(TypeError, match="register_op_impl expects a concrete class"):
        register_op_impl(op_type="Abstract")(Abstract)

    class Empty:
        pass

    with pytest.raises(TypeError, match="must implement at least one supported method"):
        register_op_impl(op_type="Empty")(Empty)


def test_duplicates_are_refused_not_merged():
    class One:
        def execute(self):
            pass

    register_op_impl(op_type="Dup")(One)
    with pytest.raises(ValueError, match="python op impl descriptor_key already exists"):
        register_op_impl(op_type="Dup")(One)

    class Two:
        def execute(self):
            pass

    with pytest.raises(ValueError, match="^python op impl type already exists: Dup$"):
        register_op_impl(op_type="Dup")(Two)


def test_registration_order_lookup_and_clear():
    classes = []
    for op_type in ("B", "A", "C"):
        cls = type(f"Impl{op_type}", (), {"execute": lambda self: None})
        classes.append(register_op_impl(op_type=op_type)(cls))
    assert [d.op_type for d in registry.get_registered_op_impls()] == ["B", "A", "C"]
    key = classes[1].__ge_op_impl_descriptor__.descriptor_key
    assert registry.get_registered_op_impl_by_descriptor_key(key).cls is classes[1]
    assert registry.get_registered_op_impl_by_descriptor_key("missing") is None
    registry.clear_registered_op_impls()
    assert registry.get_registered_op_impls() == []


def test_the_decorator_does_not_instantiate():
    @register_op_impl(op_type="NoInit")
    class NoInit:
        def __init__(self):
            raise AssertionError("instantiated")

        def execute(self):
            pass

    assert NoInit.__ge_op_impl_descriptor__.cls is NoInit


def test_package_surface_is_lazy_and_complete():
    import ge.custom_op

    assert "get_attrs" not in ge.custom_op.__all__
    assert "RuntimeAttrs" not in ge.custom_op.__all__
    assert ge.custom_op.register_op_impl is register_op_impl
    assert ge.custom_op.get_registered_op_impls is registry.get_registered_op_impls
    with pytest.raises(AttributeError):
        ge.custom_op.no_such_name  # noqa: B018
    for name in ("get_execute_ctx", "get_compile_ctx", "get_declare_launch_args_ctx"):
        assert callable(getattr(ge.custom_op, name))
