#!/bin/bash
# Side-by-side run of the graph-construction benchmark for two builds of ge_py:
# the ge_graph_build_bench binary is run against an old and the new libge_compiler.so (it has
# a RUNPATH, so LD_LIBRARY_PATH selects the library), and bench/graph_build.py with the matching
# src/ trees. When the IR class layouts differ between the two builds (node.h, op_desc.h,
# ge_tensor.h changed), one binary cannot serve both: pass the old build's binary as OLD_BENCH.
# Two rounds, old and new alternating, so that load changes hit both alike; then one 1M-node C++
# run each. Prints CPU next to wall time and the load average.
#
# Usage: bench/graph_build_ab.sh OLD_LIB_DIR OLD_SRC_DIR [BUILD_DIR [OLD_BENCH]]
#   OLD_LIB_DIR  directory holding the old libge_compiler.so
#   OLD_SRC_DIR  the old tree's src/ (e.g. from `git archive <rev> src | tar -x -C /tmp/old`)
#   BUILD_DIR    the new build (default build/integ); needs the ge_graph_build_bench target built
#   OLD_BENCH    ge_graph_build_bench compiled against the old headers (default: the new binary)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
old_lib=$1
old_src=$2
build=${3:-$root/build/integ}
bench=$build/compiler/es/ge_graph_build_bench
old_bench=${4:-$bench}
load() { cut -d' ' -f1-3 /proc/loadavg; }
run() {  # run <old|new> <what...>
  local lib src bin
  if [ "$1" = old ]; then lib=$old_lib src=$old_src bin=$old_bench; else
    lib=$build/compiler src=$root/src bin=$bench
  fi
  shift
  case $1 in
    cpp) LD_LIBRARY_PATH=$lib nice -n 10 "$bin" "$2" "$3" | tr '\n' ' '; echo ;;
    py) PYTHONPATH=$src GE_PY_COMPILER_LIB=$lib/libge_compiler.so nice -n 10 \
          python3 "$root/bench/graph_build.py" --skip-cpp --nodes-py "$2" ;;
  esac
}
for round in 1 2; do
  echo "=== round $round $(date +%T) load $(load)"
  for v in old new; do
    echo "--- $v C++ 100k + AIR"; run $v cpp 100000 1
    echo "--- $v Python ge.es 100k + AIR (load $(load))"; run $v py 100000
  done
done
echo "=== 1M-node C++ chain $(date +%T) load $(load)"
for v in old new; do echo "--- $v"; run $v cpp 1000000 0; done
echo "=== end $(date +%T) load $(load)"
