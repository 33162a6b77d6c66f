"""What a compile with one Python pass imports: the cold-start path stays free of slow modules.

The bridge's path is ``import ge.passes._bridge``, one load round over ASCEND_GE_PY_PASS_PATH,
creating the pass and (for a FusionBasePass) ``ge.graph`` for the graph view. On a slow machine
each of the modules below costs tens of milliseconds to import (issue #5 item 9), so none may come
back through a stray import. Run in a fresh interpreter: this test process has them all loaded.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

from passes_support import requires_graph

# Slow standard modules (with what pulls them in, typically) that the path must not import.
FORBIDDEN = (
    "dataclasses",  # -> inspect, ast, dis, tokenize
    "inspect",
    "typing",  # -> re, contextlib
    "re",
    "pathlib",  # -> urllib.parse, ipaddress, fnmatch
    "logging",
    "hashlib",  # -> OpenSSL
    "importlib.metadata",  # -> email, zipfile, csv
    "json",
    "subprocess",
    "importlib.util",  # -> contextlib
)

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
import ge.graph
bridge.reset_python_state()
sys.stdout.write("NEW=" + repr(sorted(set(sys.modules) - before)))
"""


def _new_modules(tmp_path, with_graph: bool):
    plugin = tmp_path / "trivial_pass.py"
    plugin.write_text(TRIVIAL_PASS)
    driver = DRIVER if with_graph else DRIVER.replace("import ge.graph\n", "")
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


def _assert_lean(new_modules):
    loaded = sorted(name for name in FORBIDDEN if name in new_modules)
    assert loaded == [], f"the cold-start path imports {loaded}"


def test_loading_a_pass_imports_no_slow_module(tmp_path):
    new_modules = _new_modules(tmp_path, with_graph=False)
    assert "ge.passes.registry" in new_modules  # the path really ran
    _assert_lean(new_modules)


@requires_graph
def test_fusion_base_pass_graph_view_imports_no_slow_module(tmp_path):
    new_modules = _new_modules(tmp_path, with_graph=True)
    assert "ge.graph" in new_modules
    _assert_lean(new_modules)
