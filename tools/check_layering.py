#!/usr/bin/env python3
"""Checks the component layering of the compiler core and its native consumers.

CMake writes the declarations (``ge_add_component`` / ``ge_declare_unit`` in
cmake/GeHelpers.cmake) to a JSON manifest at configure time; this script scans every
``#include "..."`` of the declared trees against them and fails on:

- an include of a component that the including unit does not declare (DEPS, or TEST_DEPS for
  test code: ``*_test.cc`` and ``*_test_*.h``), or of another component's private header;
- an include of test code from non-test code, or of an internal header from a unit that may use
  public headers only (``compiler/include``), or of an internal header from a public header;
- an include that resolves to no file, a file of a scanned tree that no unit owns, a public
  header owned by no component (or by two);
- a declared dependency nothing includes, tests that use a component depending on their own;
- a cycle among the components' DEPS.

It prints the component graph (lowest first) either way. Usage:
    check_layering.py --manifest <build>/ge_layering.json --source-dir <repo>
See docs/development.md ("Components and their dependencies").
"""

import argparse
import json
import os
import re
import sys

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
SOURCE_SUFFIXES = (".h", ".hpp", ".cc", ".cpp", ".c")
TEST_FILE_RE = re.compile(r"_test(_[A-Za-z0-9_]+)?\.(cc|cpp|h|hpp)$")


def is_test_file(path):
    return TEST_FILE_RE.search(os.path.basename(path)) is not None


class Unit:
    """One declared unit: a compiler component or a consumer of the compiler (native code)."""

    def __init__(self, entry):
        self.name = entry["name"]
        self.kind = entry.get("kind", "component")
        self.dir = entry["dir"].strip("/")
        self.deps = list(entry.get("deps", []))
        self.test_deps = list(entry.get("test_deps", []))
        self.public_headers = list(entry.get("public_headers", []))
        self.private_headers = list(entry.get("private_headers", []))
        self.public_only = bool(entry.get("public_only", False))


class Checker:
    def __init__(self, manifest, source_dir):
        self.source_dir = os.path.abspath(source_dir)
        self.include_dirs = [d.strip("/") for d in manifest["include_dirs"]]
        self.public_dir = self.include_dirs[0]
        self.scan_roots = [r.strip("/") for r in manifest["scan_roots"]]
        self.units = [Unit(entry) for entry in manifest["units"]]
        self.by_name = {}
        self.errors = []
        # (unit, dependency) -> first include that uses it, as "file:line"
        self.used = {}
        self.header_owner = {}  # repo-relative public header -> unit name
        self.private = set()  # repo-relative private headers

    def error(self, message):
        self.errors.append(message)

    # ---- declarations ---------------------------------------------------------------------
    def check_declarations(self):
        for unit in self.units:
            if unit.name in self.by_name:
                self.error(f"unit '{unit.name}' is declared twice")
            self.by_name[unit.name] = unit
        for unit in self.units:
            if not os.path.isdir(os.path.join(self.source_dir, unit.dir)):
                self.error(f"unit '{unit.name}': directory {unit.dir} does not exist")
            for dep in unit.deps + unit.test_deps:
                target = self.by_name.get(dep)
                if target is None:
                    self.error(f"unit '{unit.name}' declares unknown component '{dep}'")
                elif target.kind != "component":
                    self.error(f"unit '{unit.name}' declares '{dep}', which is not a component")
                elif dep == unit.name:
                    self.error(f"unit '{unit.name}' declares itself")
            for dep in set(unit.deps) & set(unit.test_deps):
                self.error(f"unit '{unit.name}' declares '{dep}' in both DEPS and TEST_DEPS")
            for header in unit.public_headers:
                path = f"{self.public_dir}/{header}"
                if not os.path.isfile(os.path.join(self.source_dir, path)):
                    self.error(f"unit '{unit.name}': public header {path} does not exist")
                elif path in self.header_owner:
                    self.error(
                        f"{path} is a public header of both '{self.header_owner[path]}' "
                        f"and '{unit.name}'"
                    )
                else:
                    self.header_owner[path] = unit.name
            for header in unit.private_headers:
                path = f"{unit.dir}/{header}"
                if not os.path.isfile(os.path.join(self.source_dir, path)):
                    self.error(f"unit '{unit.name}': private header {path} does not exist")
                self.private.add(path)

    # ---- ownership ------------------------------------------------------------------------
    def owner(self, path):
        """The unit a repo-relative file belongs to, or None."""
        if path.startswith(self.public_dir + "/"):
            return self.header_owner.get(path)
        best = None
        for unit in self.units:
            if path.startswith(unit.dir + "/") and (best is None or len(unit.dir) > len(best.dir)):
                best = unit
        return best.name if best else None

    def files(self):
        """Repo-relative source files of the scan roots and of every declared unit."""
        roots = set(self.scan_roots) | {u.dir for u in self.units}
        found = set()
        for root in sorted(roots):
            top = os.path.join(self.source_dir, root)
            for dirpath, dirnames, filenames in os.walk(top):
                dirnames.sort()
                for name in filenames:
                    if name.endswith(SOURCE_SUFFIXES):
                        full = os.path.join(dirpath, name)
                        found.add(os.path.relpath(full, self.source_dir).replace(os.sep, "/"))
        return sorted(found)

    def resolve(self, including, name):
        """Where `#include "name"` in `including` lands: its own directory, then the -I paths."""
        candidates = [os.path.join(os.path.dirname(including), name)]
        candidates += [os.path.join(d, name) for d in self.include_dirs]
        for candidate in candidates:
            if os.path.isfile(os.path.join(self.source_dir, candidate)):
                return os.path.normpath(candidate).replace(os.sep, "/")
        return None

    # ---- includes -------------------------------------------------------------------------
    def check_includes(self):
        for path in self.files():
            unit_name = self.owner(path)
            if unit_name is None:
                where = "public header" if path.startswith(self.public_dir + "/") else "file"
                self.error(f"{path}: {where} belongs to no declared component")
                continue
            with open(os.path.join(self.source_dir, path), encoding="utf-8") as handle:
                for line_no, line in enumerate(handle, 1):
                    match = INCLUDE_RE.match(line)
                    if match:
                        self.check_include(path, line_no, self.by_name[unit_name], match.group(1))

    def check_include(self, path, line_no, unit, name):
        where = f"{path}:{line_no}"
        target = self.resolve(path, name)
        if target is None:
            looked = ", ".join([os.path.dirname(path) or "."] + self.include_dirs)
            self.error(f'{where}: "{name}" resolves to no file (looked in {looked})')
            return
        target_unit = self.owner(target)
        if target_unit is None:
            self.error(f'{where}: "{name}" ({target}) belongs to no declared component')
            return
        test_code = is_test_file(path)
        if is_test_file(target) and not test_code:
            self.error(f'{where}: "{name}" is test code, included from non-test code')
        if path.startswith(self.public_dir + "/") and not target.startswith(self.public_dir + "/"):
            self.error(f'{where}: public header includes "{name}", which is not a public header')
        if target_unit == unit.name:
            return
        if target in self.private:
            self.error(
                f"{where}: component '{unit.name}' includes \"{name}\", a private header of "
                f"component '{target_unit}'"
            )
            return
        if unit.public_only and not target.startswith(self.public_dir + "/"):
            self.error(
                f"{where}: '{unit.name}' may include public headers ({self.public_dir}/) only, "
                f"not \"{name}\" of component '{target_unit}'"
            )
            return
        allowed = unit.deps + (unit.test_deps if test_code else [])
        if target_unit not in allowed:
            kind = "DEPS or TEST_DEPS" if test_code else "DEPS"
            self.error(
                f"{where}: component '{unit.name}' includes \"{name}\" of component "
                f"'{target_unit}', which '{unit.name}' does not declare in its {kind}"
            )
            return
        self.used.setdefault((unit.name, target_unit), where)

    def check_test_deps(self):
        """A component's tests may not use a component above it: they would belong there."""
        for unit in self.units:
            for dep in unit.test_deps:
                if dep in self.by_name and unit.name in self.reachable(dep):
                    self.error(
                        f"the tests of '{unit.name}' use '{dep}', which depends on '{unit.name}': "
                        f"such tests belong to '{dep}' (or higher)"
                    )

    def reachable(self, name):
        """Every component `name` depends on, directly or not."""
        seen, todo = set(), [name]
        while todo:
            for dep in self.by_name[todo.pop()].deps:
                if dep in self.by_name and dep not in seen:
                    seen.add(dep)
                    todo.append(dep)
        return seen

    def check_unused(self):
        for unit in self.units:
            for dep in unit.deps + unit.test_deps:
                if dep in self.by_name and (unit.name, dep) not in self.used:
                    kind = "DEPS" if dep in unit.deps else "TEST_DEPS"
                    self.error(
                        f"component '{unit.name}' declares '{dep}' in {kind} but includes "
                        "nothing of it"
                    )

    # ---- graph ----------------------------------------------------------------------------
    def find_cycle(self):
        """A list of names closing a cycle among the components' DEPS, or None."""
        state = {}
        stack = []

        def visit(name):
            state[name] = "open"
            stack.append(name)
            for dep in self.by_name[name].deps:
                if dep not in self.by_name:
                    continue
                if state.get(dep) == "open":
                    return stack[stack.index(dep) :] + [dep]
                if dep not in state:
                    cycle = visit(dep)
                    if cycle:
                        return cycle
            stack.pop()
            state[name] = "done"
            return None

        for unit in self.units:
            if unit.name not in state:
                cycle = visit(unit.name)
                if cycle:
                    return cycle
        return None

    def layers(self):
        """(level, unit) in dependency order: a unit's level is one above its highest DEPS
        (0 without any); declaration order among equals. Units on a cycle get level None."""
        levels = {}
        remaining = list(self.units)
        level = 0
        while remaining:
            ready = [
                u for u in remaining if all(d in levels or d not in self.by_name for d in u.deps)
            ]
            if not ready:
                break
            for unit in ready:
                levels[unit.name] = level
            remaining = [u for u in remaining if u.name not in levels]
            level += 1
        ordered = [(levels[u.name], u) for u in self.units if u.name in levels]
        ordered.sort(key=lambda entry: entry[0])
        return ordered + [(None, u) for u in remaining]

    def print_graph(self, out):
        print("Component graph, lowest first (level: component -> its direct DEPS):", file=out)
        width = max((len(u.name) for u in self.units), default=0)
        layers = self.layers()
        for kind in ("component", "consumer"):
            if kind == "consumer" and any(u.kind != "component" for _, u in layers):
                print("Users of the library:", file=out)
            for level, unit in layers:
                if (unit.kind == "component") != (kind == "component"):
                    continue
                deps = ", ".join(unit.deps) if unit.deps else "-"
                tag = "?" if level is None else str(level)
                line = f"  {tag:>2}: {unit.name:<{width}} -> {deps}"
                if unit.test_deps:
                    line += f"  (tests also: {', '.join(unit.test_deps)})"
                if unit.public_only:
                    line += "  [public headers only]"
                print(line, file=out)

    def run(self, out=sys.stdout, quiet=False):
        self.check_declarations()
        if not self.errors:
            self.check_includes()
            self.check_unused()
            cycle = self.find_cycle()
            if not cycle:
                self.check_test_deps()
            if cycle:
                edges = [
                    f"{a} -> {b} ({self.used.get((a, b), 'declared')})"
                    for a, b in zip(cycle, cycle[1:])
                ]
                self.error(
                    "cycle among components: "
                    + " -> ".join(cycle)
                    + "\n    "
                    + "\n    ".join(edges)
                )
        if not quiet or self.errors:
            self.print_graph(out)
        for message in self.errors:
            print(f"error: {message}", file=out)
        if self.errors:
            print(f"layering check FAILED: {len(self.errors)} error(s)", file=out)
            return 1
        if not quiet:
            print(f"layering check passed: {len(self.units)} units", file=out)
        return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--manifest", required=True, help="ge_layering.json written by CMake")
    parser.add_argument("--source-dir", required=True, help="the repository root")
    parser.add_argument("--quiet", action="store_true", help="print nothing unless it fails")
    args = parser.parse_args(argv)
    with open(args.manifest, encoding="utf-8") as handle:
        manifest = json.load(handle)
    return Checker(manifest, args.source_dir).run(quiet=args.quiet)


if __name__ == "__main__":
    sys.exit(main())
