"""What a compile with one Python pass imports: only the parts of ge it uses.

The bridge's path is ``import ge.passes._bridge``, one load round over ASCEND_GE_PY_PASS_PATH,
creating the pass and (for a FusionBasePass) ``ge.graph`` for the graph view. Registering a pass
needs neither the graph core (``ge.graph``, the ctypes bindings, libge_compiler.so) nor the native
module; nothing on the path needs NumPy or ``ge.es``. Run in a fresh interpreter: this test
process has them all loaded. The time this path costs is a budget of the benchmark
(bench/bridge/cold_start_side_by_side.py, docs/python_passes.md "Cold start budget"), not of a
unit test.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

from passes_support import requires_graph

# Never imported by a pass that only registers (and, for the graph view, looks at its graph).
NOT_FOR_A_TRIVIAL_PASS = (
    "numpy",
    "ge.es",
    "ge.passes._ge_pass_native",
    "ge.passes.runtime",
    "ge.passes.testing",
)
# What a pass that builds nothing does not need: the graph core and the compiler library.
GRAPH_CORE = ("ge.graph", "ge._capi")

TRIVIAL_PASS = """
from ge.passes import FusionBasePass, PassStage, register_fusion_pass

@register_fusion_pass(name="ColdStartTrivialPass", stage=PassStage.BEFORE_INFER_SHAPE)
class ColdStartTrivialPass(FusionBasePass):
    def run(self, graph, context):
        return True
"""

DRIVER = """
import sys
before = set(sys.modules)
import ge.passes._bridge as bridge
report = bridge.load_pass_descriptors_with_report()
assert not report["errors"], report["errors"]
(descriptor,) = report["descriptors"]
bridge.create_pass_holder("1", descriptor["descriptor_key"])
GRAPH_VIEW
bridge.reset_python_state()
sys.stdout.write("NEW=" + repr(sorted(set(sys.modules) - before)))
"""


def _new_modules(tmp_path, with_graph: bool):
    plugin = tmp_path / "trivial_pass.py"
    plugin.write_text(TRIVIAL_PASS)
    # What the bridge does for a FusionBasePass's graph view: ge.graph.Graph._create_from.
    view = "import ge.graph\nge.graph.Graph._create_from" if with_graph else ""
    driver = DRIVER.replace("GRAPH_VIEW", view)
    env = {**os.environ, "ASCEND_GE_PY_PASS_PATH": str(plugin)}
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(driver)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    text = done.stdout.rsplit("NEW=", 1)[1]
    return set(json.loads(text.replace("'", '"')))


def _loaded(modules, packages):
    """The modules that are one of ``packages`` or inside one of them."""
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in packages))


def test_loading_a_pass_imports_neither_the_graph_core_nor_numpy(tmp_path):
    new_modules = _new_modules(tmp_path, with_graph=False)
    assert "ge.passes.registry" in new_modules  # the path really ran
    assert _loaded(new_modules, NOT_FOR_A_TRIVIAL_PASS + GRAPH_CORE) == []


@requires_graph
def test_fusion_base_pass_graph_view_needs_no_numpy_es_or_artifact_selection(tmp_path):
    new_modules = _new_modules(tmp_path, with_graph=True)
    assert "ge.graph.graph" in new_modules
    assert _loaded(new_modules, NOT_FOR_A_TRIVIAL_PASS) == []


def _imports_of(code: str):
    done = subprocess.run(
        [sys.executable, "-c", f"import sys\n{code}\nprint(sorted(sys.modules))"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.strip().replace("'", '"')))


def test_import_ge_passes_imports_neither_the_graph_core_nor_numpy():
    loaded = _imports_of(
        "import ge.passes\nfrom ge.passes import FusionBasePass, PassStage, register_fusion_pass"
    )
    assert "ge.passes.registry" in loaded
    assert _loaded(loaded, NOT_FOR_A_TRIVIAL_PASS + GRAPH_CORE) == []


def test_ge_graph_package_loads_its_names_on_first_use():
    loaded = _imports_of("import ge.graph")
    assert "ge.graph" in loaded
    assert not [name for name in loaded if name.startswith(("ge.graph.", "ge._capi"))]


def test_enum_types_need_no_compiler_library():
    # DataType & co. are plain IntEnums: importing them must not load libge_compiler.so.
    loaded = _imports_of("from ge.graph import DataType, Format, Placement")
    assert "ge.graph.types" in loaded
    assert not [name for name in loaded if name.startswith("ge._capi")]
    assert "ctypes" not in loaded


@requires_graph
def test_lazy_names_are_the_submodule_objects():
    import ge.graph
    from ge.graph import graph, node, operator, tensor, tensor_desc, types

    assert ge.graph.Graph is graph.Graph and ge.graph.DumpFormat is graph.DumpFormat
    assert ge.graph.Node is node.Node and ge.graph.Operator is operator.Operator
    assert ge.graph.Tensor is tensor.Tensor and ge.graph.TensorDesc is tensor_desc.TensorDesc
    assert ge.graph.Shape is tensor_desc.Shape and ge.graph.DataType is types.DataType
    assert ge.graph.tensor is tensor  # submodules stay reachable as attributes
    assert set(ge.graph.__all__) <= set(dir(ge.graph))
    namespace = {}
    exec("from ge.graph import *", namespace)
    assert {name for name in namespace if not name.startswith("__")} == set(ge.graph.__all__)
    try:
        ge.graph.NoSuchName  # noqa: B018
    except AttributeError as exc:
        assert "NoSuchName" in str(exc)
    else:
        raise AssertionError("ge.graph.NoSuchName did not raise AttributeError")


def test_plugin_module_names_use_fnv1a_of_the_path():
    from ge._internal import plugin_loader

    # Published FNV-1a 64-bit test vectors.
    assert plugin_loader._path_digest("") == "cbf29ce484222325"
    assert plugin_loader._path_digest("a") == "af63dc4c8601ec8c"
    assert plugin_loader._path_digest("foobar") == "85944171f73967e8"
    name = plugin_loader.file_module_name("/x/y/my_pass.py", "_ge_py_pass_")
    assert name == "_ge_py_pass_my_pass_" + plugin_loader._path_digest("/x/y/my_pass.py")


def test_entry_point_scan_sees_a_distribution_added_after_the_import_cache(tmp_path, monkeypatch):
    # The scan reuses the import system's listing of a sys.path directory only while the
    # directory's mtime is unchanged: a distribution installed later must still be found.
    from importlib.machinery import FileFinder, PathFinder

    from ge._internal import entry_point_scan

    site = tmp_path / "site"
    site.mkdir()
    (site / "other.dist-info").mkdir()
    (site / "other.dist-info" / "entry_points.txt").write_text("[console_scripts]\nx = y:z\n")
    monkeypatch.syspath_prepend(str(site))
    # A failed import through this entry: creates its finder and fills the directory cache.
    assert PathFinder.find_spec("no_such_module_here", [str(site)]) is None
    finder = sys.path_importer_cache.get(str(site))
    assert isinstance(finder, FileFinder)
    assert "other.dist-info" in finder._path_cache
    assert not entry_point_scan.group_may_be_declared("ge.passes.plugins")

    new = site / "plugin-1.0.dist-info"
    new.mkdir()
    (new / "entry_points.txt").write_text("[ ge.passes.plugins ]\nmine = my_plugin\n")
    stat = os.stat(site)
    os.utime(site, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))  # no equal coarse mtimes
    assert entry_point_scan.group_may_be_declared("ge.passes.plugins")
