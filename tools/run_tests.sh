#!/usr/bin/env bash
# The project's whole test suite. One CMake build serves both layers: pip builds and installs
# ge_py (with the test extras) into the project-local .venv from build/tests with the C++ unit
# tests switched on, ctest runs those, then pytest runs the Python, integration and packaging
# tests against the installed package.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=tools/project_venv.sh
. tools/project_venv.sh
# shellcheck source=tools/os_packages.sh
. tools/os_packages.sh

ge_require_os_packages
python=$(ge_project_venv)
# Activated, so that the atc/pyatc processes the tests start come from this environment too.
# shellcheck disable=SC1091
. "$(dirname "$python")/activate"
# The build tools the packaging tests drive themselves (sub-wheels, the fallback build).
python -m pip install --quiet cmake ninja scikit-build-core pybind11
python -m pip install --quiet ".[test]" \
  -Cbuild-dir=build/tests \
  -Ccmake.build-type=RelWithDebInfo \
  -Ccmake.define.GE_BUILD_TESTS=ON \
  -Ccmake.define.GE_WERROR=ON

# --no-tests=error: a build without the C++ tests must fail here, not pass with none.
ctest --test-dir build/tests --output-on-failure --no-tests=error -j2

# The test-only native module (never installed) that drives the real C++ matcher from pytest.
export GE_PY_PASS_TEST_HOOKS_DIR="$PWD/build/tests/python_pass_test_hooks"
# The sample C++ pass plugins (tests/cpp/plugins) built for the loader tests.
export GE_PY_TEST_OPP_DIR="$PWD/build/tests/test_opp"
# The packaging tests wrap the compiler core built above into the ge_compiler wheel (instead of
# compiling it again) and build the per-Python sub-wheels against it (docs/packaging.md).
export GE_PY_TEST_COMPILER_BUILD_DIR="$PWD/build/tests"
# Everything above was built, so a test that misses one of these artifacts fails instead of
# skipping; only what the machine cannot have (another CPython) may skip (tests/conftest.py).
export GE_PY_TEST_REQUIRE_ARTIFACTS=1
python -m pytest tests
