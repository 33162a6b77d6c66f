"""End-to-end: the real atc process runs the bundled Python passes through the embedded bridge.

atc is a native executable without Python; with ASCEND_GE_PY_PASS_PATH set it loads
libge_python_pass_bridge.so, starts an interpreter, imports the pass files and calls them back from
the C++ matcher. Each test checks the compiled graph (mode 1 JSON of the .om), not log lines.
"""

from __future__ import annotations

import json
import os

import pytest

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(_REPO, "examples", "fusion_pass")
SUCCESS = "ATC run success, welcome to the next use."


def compile_with_passes(run_atc, models, model, out_dir, pass_path, env=None, extra=()):
    output = os.path.join(str(out_dir), os.path.splitext(model)[0])
    full_env = {"ASCEND_GE_PY_PASS_PATH": pass_path}
    full_env.update(env or {})
    run = run_atc(
        f"--model={os.path.join(models, model)}",
        "--framework=5",
        "--soc_version=Ascend910B1",
        f"--output={output}",
        *extra,
        env=full_env,
    )
    return run, output + ".om"


def om_ops(run_atc, om, tmp_path):
    json_path = tmp_path / (os.path.basename(om) + ".json")
    run = run_atc("--mode=1", f"--om={om}", f"--json={json_path}")
    assert run.returncode == 0, run.output
    return json.loads(json_path.read_text())["graph"][0]["op"]


def types_of(ops):
    return sorted(op["type"] for op in ops)


def test_add_zero_pass_removes_the_add(run_atc, models, tmp_path):
    run, om = compile_with_passes(
        run_atc, models, "add_zero.onnx", tmp_path, os.path.join(EXAMPLES, "add_zero_pass.py")
    )
    assert run.returncode == 0 and SUCCESS in run.output, run.output
    assert types_of(om_ops(run_atc, om, tmp_path)) == ["Data", "NetOutput"]


def test_without_the_pass_the_add_stays(run_atc, models, tmp_path):
    run, om = compile_with_passes(run_atc, models, "add_zero.onnx", tmp_path, "")
    assert run.returncode == 0, run.output
    assert "Add" in types_of(om_ops(run_atc, om, tmp_path))


def test_matmul_add_becomes_gemm(run_atc, models, tmp_path):
    run, om = compile_with_passes(
        run_atc,
        models,
        "matmul_add.onnx",
        tmp_path,
        os.path.join(EXAMPLES, "matmul_add_gemm_pass.py"),
    )
    assert run.returncode == 0, run.output
    types = types_of(om_ops(run_atc, om, tmp_path))
    assert "GEMM" in types and "Add" not in types and "BatchMatMulV2" not in types


def test_grouped_conv_is_decomposed(run_atc, models, tmp_path):
    run, om = compile_with_passes(
        run_atc,
        models,
        "grouped_conv.onnx",
        tmp_path,
        os.path.join(EXAMPLES, "grouped_conv_decompose_pass.py"),
    )
    assert run.returncode == 0, run.output
    ops = om_ops(run_atc, om, tmp_path)
    convs = [op for op in ops if op["type"] == "Conv2D"]
    assert len(convs) > 1
    assert "Split" in types_of(ops) or "SplitD" in types_of(ops) or "SplitV" in types_of(ops)


def _write(path, text):
    path.write_text(text)
    return str(path)


RAISING_PASS = """
from ge.passes import FusionBasePass, PassStage, register_fusion_pass

@register_fusion_pass(name="RaisingPass", stage=PassStage.BEFORE_INFER_SHAPE)
class RaisingPass(FusionBasePass):
    def run(self, graph, context):
        raise ValueError("deliberate failure from a user pass")
"""

BROKEN_IMPORT = """
raise ImportError("this plugin cannot be imported")
"""

KEEPS_BORROWED = """
from ge.passes import FusionBasePass, PassStage, register_fusion_pass

KEPT = []

@register_fusion_pass(name="KeepBorrowedPass", stage=PassStage.BEFORE_INFER_SHAPE)
class KeepBorrowedPass(FusionBasePass):
    def run(self, graph, context):
        if KEPT:
            raise AssertionError("one instance per run expected")
        KEPT.append((graph, context))
        return True

@register_fusion_pass(name="KeepBorrowedPassUser", stage=PassStage.AFTER_INFER_SHAPE)
class UseKept(FusionBasePass):
    def run(self, graph, context):
        old_graph, old_context = KEPT[0]
        errors = []
        for call in (lambda: old_graph.get_all_nodes(), lambda: old_context.get_pass_name()):
            try:
                call()
            except RuntimeError as exc:
                errors.append(str(exc))
        if len(errors) != 2:
            raise AssertionError(f"expired objects still usable: {errors}")
        context.set_error_message("")
        return None
"""


def test_raising_pass_fails_the_compile_with_the_traceback(run_atc, models, tmp_path):
    plugin = _write(tmp_path / "raising.py", RAISING_PASS)
    run, om = compile_with_passes(run_atc, models, "add_zero.onnx", tmp_path, plugin)
    assert run.returncode == 255, run.output
    assert "RaisingPass" in run.output
    assert "deliberate failure from a user pass" in run.output
    assert "Traceback" in run.output
    assert not os.path.exists(om)


def test_broken_plugin_is_skipped_and_reported_others_still_run(run_atc, models, tmp_path):
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    _write(plugins / "a_broken.py", BROKEN_IMPORT)
    _write(plugins / "b_add_zero.py", open(os.path.join(EXAMPLES, "add_zero_pass.py")).read())
    run, om = compile_with_passes(run_atc, models, "add_zero.onnx", tmp_path, str(plugins))
    assert run.returncode == 0, run.output
    assert "a_broken.py" in run.output and "this plugin cannot be imported" in run.output
    assert types_of(om_ops(run_atc, om, tmp_path)) == ["Data", "NetOutput"]


def test_strict_mode_turns_a_broken_plugin_into_a_compile_error(run_atc, models, tmp_path):
    plugin = _write(tmp_path / "broken.py", BROKEN_IMPORT)
    run, _ = compile_with_passes(
        run_atc, models, "add_zero.onnx", tmp_path, plugin, env={"GE_PY_PASS_STRICT": "1"}
    )
    assert run.returncode == 255, run.output
    assert "this plugin cannot be imported" in run.output


def test_borrowed_graph_and_context_kept_by_a_pass_raise_instead_of_crashing(
    run_atc, models, tmp_path
):
    plugin = _write(tmp_path / "keep.py", KEEPS_BORROWED)
    run, _ = compile_with_passes(run_atc, models, "add_zero.onnx", tmp_path, plugin)
    assert run.returncode == 0, run.output


def test_missing_pass_path_is_reported(run_atc, models, tmp_path):
    run, _ = compile_with_passes(
        run_atc, models, "add_zero.onnx", tmp_path, str(tmp_path / "does_not_exist.py")
    )
    assert "does_not_exist.py" in run.output


@pytest.mark.parametrize("strict", ["0", "1"])
def test_unusable_bridge_disables_python_passes_unless_strict(run_atc, models, tmp_path, strict):
    empty_root = tmp_path / "no_artifacts"
    empty_root.mkdir()
    # An artifact root with nothing in it, and no python3 on PATH for probing/fallback.
    env = {
        "GE_PY_PASS_ARTIFACT_ROOT": str(empty_root),
        "PATH": "/nonexistent",
        "GE_PY_PASS_STRICT": strict,
    }
    run, om = compile_with_passes(
        run_atc,
        models,
        "add_zero.onnx",
        tmp_path,
        os.path.join(EXAMPLES, "add_zero_pass.py"),
        env=env,
    )
    assert "Load python pass bridge library failed" in run.output
    if strict == "1":
        assert run.returncode == 255, run.output
    else:
        assert run.returncode == 0, run.output
        assert "Python passes are disabled" in run.output
        assert "Add" in types_of(om_ops(run_atc, om, tmp_path))


def _build_artifact_set(atc_path: str) -> str:
    """The artifact set of this interpreter that atc finds first: $GE_PY_PASS_ARTIFACT_ROOT, else
    the build tree's python_pass_artifacts next to libge_compiler.so, else the installed one."""
    import glob
    import importlib.util
    import sys

    tag = f"cp{sys.version_info[0]}{sys.version_info[1]}"
    lib_dir = os.path.dirname(os.environ.get("GE_PY_COMPILER_LIB", ""))
    roots = [os.environ.get("GE_PY_PASS_ARTIFACT_ROOT", "")]
    roots += [os.path.join(lib_dir, "python_pass_artifacts")] if lib_dir else []
    roots += [os.path.join(os.path.dirname(lib_dir), "python_pass_artifacts")] if lib_dir else []
    installed = importlib.util.find_spec("ge.passes")
    if installed is not None and installed.origin:
        roots.append(os.path.join(os.path.dirname(installed.origin), "python_pass_artifacts"))
    for root in filter(None, roots):
        for manifest in sorted(glob.glob(os.path.join(root, f"{tag}-*", "manifest.json"))):
            return os.path.dirname(manifest)
    pytest.skip(f"no {tag} artifact set in {roots} (set GE_PY_COMPILER_LIB to a build's library)")


def _strip_libdir_from_runpath(library: str, libdir: str) -> None:
    """Overwrite ``libdir`` in the library's RUNPATH with a same-length directory that does not
    exist (no patchelf needed: the .dynstr entry keeps its size)."""
    data = open(library, "rb").read()
    old = libdir.encode()
    new = ("/" + "n" * (len(old) - 1)).encode()
    patched = data
    # The entry may start the RUNPATH string or follow another entry (an installed set lists
    # $ORIGIN/... first).
    for start in (b"\0", b":"):
        for end in (b":", b"\0"):
            patched = patched.replace(start + old + end, start + new + end)
    assert patched != data, f"{libdir} not found in the RUNPATH of {library}"
    with open(library, "wb") as handle:
        handle.write(patched)


def test_libpython_is_preloaded_so_a_bridge_without_its_runpath_loads(
    run_atc, models, tmp_path, atc_path
):
    import shutil
    import subprocess
    import sys
    import sysconfig

    libdir = sysconfig.get_config_var("LIBDIR")
    if not sysconfig.get_config_var("Py_ENABLE_SHARED") or not libdir:
        pytest.skip("not on this machine: this python has no shared libpython")
    source = _build_artifact_set(atc_path)
    root = tmp_path / "sets"
    copied = root / os.path.basename(source)
    shutil.copytree(source, copied)
    bridge = copied / "libge_python_pass_bridge.so"
    dynamic = subprocess.run(["readelf", "-d", str(bridge)], capture_output=True, text=True)
    if libdir not in dynamic.stdout:
        pytest.skip("not on this machine: the bridge does not find libpython through its RUNPATH")
    _strip_libdir_from_runpath(str(bridge), libdir)
    # Without a preload the dynamic linker finds no libpython for this copy, or another one with
    # the same soname (a system python's): either way not the library of the interpreter to start.
    ldd = subprocess.run(["ldd", str(bridge)], capture_output=True, text=True).stdout
    resolved = next(line for line in ldd.splitlines() if "libpython" in line)
    assert "not found" in resolved or libdir not in resolved, resolved
    maps_file = tmp_path / "libpython_maps.txt"
    plugin = tmp_path / "report_libpython_pass.py"
    plugin.write_text(
        "import os\n"
        "with open('/proc/self/maps') as maps:\n"
        "    found = {line.split()[-1] for line in maps if '/libpython' in line}\n"
        f"with open({str(maps_file)!r}, 'w') as out:\n"
        "    out.write('\\n'.join(sorted(os.path.realpath(p) for p in found)))\n"
    )
    env = {
        "GE_PY_PASS_ARTIFACT_ROOT": str(root),
        "GE_PY_PASS_STRICT": "1",
        "ASCEND_GLOBAL_LOG_LEVEL": "1",
        # The probe must find this interpreter (the one the set was built for), not a shim.
        "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""),
        "LD_LIBRARY_PATH": "",
    }
    pass_path = os.pathsep.join([os.path.join(EXAMPLES, "add_zero_pass.py"), str(plugin)])
    run, om = compile_with_passes(run_atc, models, "add_zero.onnx", tmp_path, pass_path, env=env)
    assert run.returncode == 0 and SUCCESS in run.output, run.output
    assert "Preloaded libpython[" in run.output, run.output
    assert f"Loaded python pass bridge[{bridge}]" in run.output, run.output
    expected = os.path.realpath(
        os.path.join(libdir, sysconfig.get_config_var("INSTSONAME") or "libpython")
    )
    assert maps_file.read_text().split("\n") == [expected]
    assert types_of(om_ops(run_atc, om, tmp_path)) == ["Data", "NetOutput"]
