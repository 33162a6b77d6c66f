"""A Python pass's cold-start path imports no functools/collections/importlib.

atc's embedded interpreter and a bare pyatc script start without these modules; the path (bridge
imports, one load round with a trivial FusionBasePass, its graph view, the end-of-round reset)
must not bring them in: ``enum`` comes through ge._internal.enum_import, which imports it without
functools and collections, and importlib's functions come from the import system's own modules.
The child runs with ``-S`` and the parent's sys.path, because this interpreter's site (``.pth``
files) may import them all at startup. The enum classes must still be the real thing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest
from passes_support import requires_graph

# Not imported by a cold start with a trivial pass (each is a few million instructions).
NOT_ON_THE_COLD_PATH = (
    "functools",
    "collections",
    "itertools",
    "keyword",
    "reprlib",
    "operator",
    "importlib",
    "warnings",
)

TRIVIAL_PASS = """
from ge.passes import FusionBasePass, PassStage, register_fusion_pass

@register_fusion_pass(name="StdlibTrivialPass", stage=PassStage.BEFORE_INFER_SHAPE)
class StdlibTrivialPass(FusionBasePass):
    def run(self, graph, context):
        return True
"""

DRIVER = """
import sys
sys.path[:] = PARENT_PATH
before = set(sys.modules)
import ge.passes._bridge as bridge
report = bridge.load_pass_descriptors_with_report()
assert not report["errors"], report["errors"]
(descriptor,) = report["descriptors"]
assert descriptor["stage"] == "BeforeInferShape", descriptor
bridge.create_pass_holder("1", descriptor["descriptor_key"])
GRAPH_VIEW
bridge.reset_python_state()
new = sorted(set(sys.modules) - before)
CHECK
sys.stdout.write("NEW=" + repr(new))
"""


def _run(tmp_path, view: str = "", check: str = "", preload: str = ""):
    plugin = tmp_path / "trivial_pass.py"
    plugin.write_text(TRIVIAL_PASS)
    driver = (
        DRIVER.replace("PARENT_PATH", repr(sys.path))
        .replace("GRAPH_VIEW", view)
        .replace("CHECK", check)
        .replace("before = set", f"{preload}\nbefore = set")
    )
    env = {**os.environ, "ASCEND_GE_PY_PASS_PATH": str(plugin)}
    done = subprocess.run(
        [sys.executable, "-S", "-c", textwrap.dedent(driver)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.rsplit("NEW=", 1)[1].replace("'", '"')))


def _assert_not_loaded(new_modules):
    loaded = sorted(name for name in NOT_ON_THE_COLD_PATH if name in new_modules)
    assert loaded == [], f"the cold-start path imports {loaded}"


def test_registering_a_trivial_pass_imports_enum_without_functools(tmp_path):
    new_modules = _run(tmp_path)
    assert {"ge.passes.registry", "enum"} <= new_modules  # the path ran; PassStage is an Enum
    _assert_not_loaded(new_modules)


@requires_graph
def test_graph_view_imports_no_functools_or_importlib(tmp_path):
    view = "import ge.graph\nge.graph.Graph._create_from"
    new_modules = _run(tmp_path, view=view)
    assert {"ge.graph.graph", "ge.graph.types"} <= new_modules
    _assert_not_loaded(new_modules)


ENUM_CHECK = """
import enum
from ge.passes import PassStage
from ge.graph import DataType
assert isinstance(PassStage, enum.EnumMeta) and issubclass(PassStage, (str, enum.Enum))
assert [m.name for m in PassStage] == [
    "BEFORE_INFER_SHAPE", "AFTER_INFER_SHAPE", "AFTER_BUILTIN_FUSION_PASS",
    "AFTER_ORIGIN_GRAPH_OPTIMIZE"]
assert PassStage("AfterInferShape") is PassStage.AFTER_INFER_SHAPE
assert PassStage.BEFORE_INFER_SHAPE == "BeforeInferShape"
assert issubclass(DataType, enum.IntEnum) and DataType(DataType.DT_FLOAT) is DataType.DT_FLOAT
# Flag and the module-level helpers of enum work as with a normal import.
class Color(enum.Flag):
    RED = enum.auto()
    BLUE = enum.auto()
assert (Color.RED | Color.BLUE).value == 3 and Color(3) == Color.RED | Color.BLUE
# The stand-ins are gone: the real modules load on request and are complete.
import functools, operator
assert functools.wraps and functools.lru_cache and operator.attrgetter
assert enum.reduce is functools.reduce
"""


@requires_graph
def test_enums_are_real_after_the_lean_import(tmp_path):
    _run(tmp_path, view="import ge.graph\nge.graph.Graph._create_from", check=ENUM_CHECK)


# A second Python thread, started with _thread (threading itself imports functools).
SECOND_THREAD = """
import _thread, time
started = _thread.allocate_lock()
started.acquire()
def worker():
    started.release()
    time.sleep(5)
_thread.start_new_thread(worker, ())
started.acquire()
"""


@pytest.mark.parametrize(
    "preload", ["import functools", SECOND_THREAD], ids=["functools", "thread"]
)
def test_enum_imported_normally_when_functools_is_there_or_threads_run(tmp_path, preload):
    # With functools loaded there is nothing to save; with a second thread running, it could see
    # the stand-ins: both import enum the ordinary way (and the path still works).
    new_modules = _run(tmp_path, preload=preload, check="import enum; assert enum.reduce")
    assert "enum" in new_modules
    if preload is SECOND_THREAD:
        assert "functools" in new_modules


def test_import_enum_returns_the_loaded_module():
    import enum

    from ge._internal.enum_import import import_enum

    assert import_enum() is enum
    assert "functools" in sys.modules  # the stand-ins never replace a loaded module


def test_a_kept_stand_in_forwards_to_the_real_module():
    # Code that imported a stand-in while enum was imported keeps a complete module afterwards.
    import functools

    from ge._internal import enum_import

    stand_in = enum_import._stand_in("functools", enum_import._STAND_INS["functools"])
    assert stand_in.reduce is functools.reduce
    assert stand_in.wraps is functools.wraps and stand_in.lru_cache is functools.lru_cache
    sys.modules["functools"] = stand_in
    try:  # inside the window: only what enum needs
        with pytest.raises(AttributeError, match="wraps"):
            stand_in.wraps  # noqa: B018
    finally:
        sys.modules["functools"] = functools
