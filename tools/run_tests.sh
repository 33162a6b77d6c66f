#!/usr/bin/env bash
# The project's whole test suite. One CMake build serves both layers: pip builds and installs
# ge_py (with the test extras) from build/tests with the C++ unit tests switched on, ctest runs
# those, then pytest runs the Python, integration and packaging tests against the installed package.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m pip install --quiet ".[test]" \
  -Cbuild-dir=build/tests \
  -Ccmake.build-type=RelWithDebInfo \
  -Ccmake.define.GE_BUILD_TESTS=ON \
  -Ccmake.define.GE_WERROR=ON

ctest --test-dir build/tests --output-on-failure -j2

# The test-only native module (never installed) that drives the real C++ matcher from pytest.
export GE_PY_PASS_TEST_HOOKS_DIR="$PWD/build/tests/python_pass_test_hooks"
# The sample C++ pass plugins (tests/cpp/plugins) built for the loader tests.
export GE_PY_TEST_OPP_DIR="$PWD/build/tests/test_opp"
# The packaging tests wrap the compiler core built above into the ge_compiler wheel (instead of
# compiling it again) and build the per-Python sub-wheels against it (docs/packaging.md).
export GE_PY_TEST_COMPILER_BUILD_DIR="$PWD/build/tests"
python3 -m pytest tests
