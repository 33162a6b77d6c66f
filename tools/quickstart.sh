#!/usr/bin/env bash
# The main job from a fresh clone: builds and installs ge_py into the project-local .venv
# (created when missing), then runs ge-demo, which compiles a model with and without a Python
# fusion pass and checks both compiled models give the same numbers on the host runtime.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=tools/project_venv.sh
. tools/project_venv.sh

python=$(ge_project_venv)
"$python" -m pip install --quiet .
"$(dirname "$python")/ge-demo"
