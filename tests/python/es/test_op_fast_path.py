"""The per-op-type fast path of generated ge.es functions (ge.es._op_fast_path) builds exactly
what the generic call_op path builds and reports the same errors."""

from __future__ import annotations

import pytest


def _build(es):
    from ge.es.all import Add, BatchMatMulV2, Conv2D, Identity, Relu

    b = es.GraphBuilder("fast_path")
    x = b.create_input(0, shape=[1, 3, 8, 8])
    w = b.create_input(1, shape=[4, 3, 3, 3])
    bias = b.create_input(2, shape=[4])
    y = Conv2D(x, w, strides=[1, 1, 1, 1], pads=[1, 1, 1, 1])  # optional inputs absent
    z = Conv2D(x, w, bias, strides=[1, 1, 2, 2], pads=[0, 0, 0, 0], groups=1)  # one present
    m = BatchMatMulV2(Identity(y), Relu(z), adj_x2=True)
    s = Add(m, 2)  # TensorLike promotion
    t = Add(1.5, s)
    return b.build_and_reset([t, y])


def _specs():
    import ge.es.all as all_ops

    return [
        getattr(all_ops, f"_SPEC_{op}")
        for op in ("Add", "BatchMatMulV2", "Conv2D", "Identity", "Relu")
    ]


def test_fast_path_is_taken_for_ops_without_dynamic_ports(es):
    _build(es)
    assert all(spec.get("_fast_plan") is not None for spec in _specs())


def test_fast_and_generic_paths_build_identical_graphs(es, tmp_path, monkeypatch):
    fast = _build(es)
    for spec in _specs():
        monkeypatch.setitem(spec, "_fast_plan", None)  # None: the generic path
    generic = _build(es)
    fast.save_to_air(str(tmp_path / "fast.air"))
    generic.save_to_air(str(tmp_path / "generic.air"))
    assert (tmp_path / "fast.air").read_bytes() == (tmp_path / "generic.air").read_bytes()
    assert fast.dump_to_stream() == generic.dump_to_stream()


@pytest.mark.parametrize("generic", [False, True])
def test_errors_match_the_generic_path(es, monkeypatch, generic):
    from ge.es.all import Add, Identity

    if generic:
        for spec in _specs():
            monkeypatch.setitem(spec, "_fast_plan", None)
    b = es.GraphBuilder("errors")
    x = b.create_input(0, shape=[1])
    with pytest.raises(TypeError, match="Identity: input 'x' must be a TensorHolder"):
        Identity(3)
    with pytest.raises(ValueError, match="Please ensure at least one input tensor"):
        Identity(None)
    with pytest.raises(TypeError, match=r"Value must be TensorHolder or int\|float"):
        Add(x, "text")
    b.build_and_reset([Identity(x)])
    with pytest.raises(RuntimeError, match="Cannot create Identity: GraphBuilder has already been"):
        Identity(x)
