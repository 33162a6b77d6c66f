#!/usr/bin/env python3
"""Tests of tools/check_layering.py on small fixture trees (run by ctest: layering_check_test)."""

import io
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import check_layering  # noqa: E402


def component(name, deps=(), test_deps=(), public=(), private=()):
    return {
        "name": name,
        "kind": "component",
        "dir": f"compiler/{name}",
        "deps": list(deps),
        "test_deps": list(test_deps),
        "public_headers": list(public),
        "private_headers": list(private),
    }


class LayeringFixture(unittest.TestCase):
    """A tree with three components, low <- mid <- top, that passes the check as it is."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        self.units = [
            component("low", public=["ge/low_api.h"], private=["low_impl.h"]),
            component("mid", deps=["low"]),
            component("top", deps=["mid", "low"]),
        ]
        self.write("compiler/include/ge/low_api.h", "#pragma once\n")
        self.write("compiler/low/low.h", '#include "ge/low_api.h"\n')
        self.write("compiler/low/low_impl.h", "#pragma once\n")
        self.write("compiler/low/low.cc", '#include "low/low.h"\n#include "low/low_impl.h"\n')
        self.write("compiler/low/low_test_util.h", '#include "low/low.h"\n')
        self.write("compiler/mid/mid.h", '#include "low/low.h"\n')
        self.write("compiler/mid/mid.cc", '#include "mid/mid.h"\n')
        self.write("compiler/top/top.cc", '// top\n#include "mid/mid.h"\n#include "low/low.h"\n')

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, path, text):
        full = os.path.join(self.root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as handle:
            handle.write(text)

    def unit(self, name):
        return next(u for u in self.units if u["name"] == name)

    def check(self):
        manifest = {
            "include_dirs": ["compiler/include", "compiler"],
            "scan_roots": ["compiler"],
            "units": self.units,
        }
        out = io.StringIO()
        status = check_layering.Checker(manifest, self.root).run(out=out)
        return status, out.getvalue()

    def assert_fails_with(self, *fragments):
        status, text = self.check()
        self.assertEqual(status, 1, text)
        errors = [line for line in text.splitlines() if line.startswith("error: ")]
        self.assertTrue(
            any(all(f in line for f in fragments) for line in errors),
            f"no error line with {fragments}:\n{text}",
        )
        return text


class CleanTreeTest(LayeringFixture):
    def test_passes_and_prints_the_graph_lowest_first(self):
        status, text = self.check()
        self.assertEqual(status, 0, text)
        self.assertIn("layering check passed", text)
        lines = [" ".join(line.split()) for line in text.splitlines() if line.startswith("  ")]
        self.assertEqual(lines, ["0: low -> -", "1: mid -> low", "2: top -> mid, low"])

    def test_quiet_prints_nothing_on_success(self):
        manifest = {
            "include_dirs": ["compiler/include", "compiler"],
            "scan_roots": ["compiler"],
            "units": self.units,
        }
        out = io.StringIO()
        self.assertEqual(check_layering.Checker(manifest, self.root).run(out=out, quiet=True), 0)
        self.assertEqual(out.getvalue(), "")


class IncludeRulesTest(LayeringFixture):
    def test_an_undeclared_component_fails_naming_file_line_and_components(self):
        self.write("compiler/low/bad.cc", '#include "low/low.h"\n\n#include "mid/mid.h"\n')
        self.assert_fails_with(
            "compiler/low/bad.cc:3:", "component 'low'", '"mid/mid.h"', "component 'mid'", "DEPS"
        )

    def test_a_transitive_dependency_is_not_enough(self):
        self.unit("top")["deps"] = ["mid"]
        self.assert_fails_with("compiler/top/top.cc:3:", "component 'top'", "'low'")

    def test_a_private_header_of_another_component_fails(self):
        self.write("compiler/mid/peek.cc", '#include "low/low_impl.h"\n')
        self.assert_fails_with(
            "compiler/mid/peek.cc:1:", "component 'mid'", "private header of component 'low'"
        )

    def test_a_private_header_may_be_used_inside_its_component(self):
        status, text = self.check()  # low.cc includes low_impl.h
        self.assertEqual(status, 0, text)

    def test_test_deps_serve_test_code_only(self):
        self.write("compiler/mid/mid_test.cc", '#include "mid/mid.h"\n#include "low/low.h"\n')
        status, text = self.check()
        self.assertEqual(status, 0, text)
        self.unit("top")["deps"] = ["mid"]
        self.unit("top")["test_deps"] = ["low"]
        self.assert_fails_with("compiler/top/top.cc:3:", "component 'top'", "in its DEPS")
        self.write("compiler/top/top.cc", '#include "mid/mid.h"\n')
        self.write("compiler/top/top_test.cc", '#include "low/low.h"\n')
        status, text = self.check()
        self.assertEqual(status, 0, text)

    def test_non_test_code_may_not_include_test_utilities(self):
        self.write("compiler/low/uses_util.cc", '#include "low/low_test_util.h"\n')
        self.assert_fails_with("compiler/low/uses_util.cc:1:", "test code")

    def test_tests_may_not_use_a_component_above_their_own(self):
        self.unit("low")["test_deps"] = ["top"]
        self.write("compiler/low/low_test.cc", '#include "top/top.h"\n')
        self.write("compiler/top/top.h", "#pragma once\n")
        self.assert_fails_with("tests of 'low' use 'top', which depends on 'low'")

    def test_a_public_only_unit_may_not_include_internal_headers(self):
        self.units.append(
            {
                "name": "native_mod",
                "kind": "consumer",
                "dir": "native/mod",
                "public_only": True,
                "deps": ["low"],
            }
        )
        self.write("native/mod/ok.cc", '#include "ge/low_api.h"\n#include "local.h"\n')
        self.write("native/mod/local.h", "#pragma once\n")
        status, text = self.check()
        self.assertEqual(status, 0, text)
        self.write("native/mod/bad.cc", '#include "low/low.h"\n')
        self.assert_fails_with(
            "native/mod/bad.cc:1:", "'native_mod' may include public headers", "'low'"
        )

    def test_a_public_header_may_include_public_headers_only(self):
        self.write("compiler/include/ge/low_api.h", '#include "low/low.h"\n')
        self.assert_fails_with(
            "compiler/include/ge/low_api.h:1:", "public header includes", "not a public header"
        )

    def test_an_include_that_resolves_to_nothing_fails(self):
        self.write("compiler/mid/gone.cc", '#include "mid/missing.h"\n')
        self.assert_fails_with("compiler/mid/gone.cc:1:", '"mid/missing.h" resolves to no file')

    def test_files_and_public_headers_without_an_owner_fail(self):
        self.write("compiler/stray/stray.cc", "int x;\n")
        self.write("compiler/include/ge/orphan.h", "#pragma once\n")
        self.assert_fails_with("compiler/stray/stray.cc", "belongs to no declared component")
        self.assert_fails_with("compiler/include/ge/orphan.h", "public header belongs to no")


class DeclarationRulesTest(LayeringFixture):
    def test_a_cycle_fails_naming_the_components_and_an_include_per_edge(self):
        self.unit("low")["deps"] = ["top"]
        self.write("compiler/top/top.h", "#pragma once\n")
        self.write("compiler/low/up.cc", '#include "top/top.h"\n')
        text = self.assert_fails_with("cycle among components")
        self.assertRegex(text, r"(low -> top -> mid -> low|top -> mid -> low -> top)")
        self.assertIn("low -> top (compiler/low/up.cc:1)", text)
        self.assertIn("mid -> low (compiler/mid/mid.h:1)", text)

    def test_a_declared_dependency_nothing_uses_fails(self):
        self.unit("mid")["deps"] = ["low", "top"]
        self.assert_fails_with("component 'mid' declares 'top' in DEPS but includes nothing of it")

    def test_unknown_components_and_missing_headers_fail(self):
        self.unit("mid")["deps"] = ["low", "nowhere"]
        self.assert_fails_with("unit 'mid' declares unknown component 'nowhere'")
        self.unit("mid")["deps"] = ["low"]
        self.unit("low")["private_headers"] = ["gone_impl.h"]
        self.assert_fails_with("private header compiler/low/gone_impl.h does not exist")

    def test_a_public_header_has_one_owner(self):
        self.unit("mid")["public_headers"] = ["ge/low_api.h"]
        self.assert_fails_with("ge/low_api.h is a public header of both 'low' and 'mid'")


if __name__ == "__main__":
    unittest.main()
