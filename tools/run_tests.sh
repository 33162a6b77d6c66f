#!/usr/bin/env bash
# The project's whole test suite: installs ge_py (with test extras) into the current Python,
# builds and runs the C++ unit tests through ctest, then runs pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m pip install --quiet ".[test]"

cmake -S . -B build/tests -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGE_BUILD_TESTS=ON -DGE_WERROR=ON
cmake --build build/tests
ctest --test-dir build/tests --output-on-failure -j2

python3 -m pytest tests
