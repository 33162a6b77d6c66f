#!/bin/sh
# Builds and runs pass_report_bench.cc against a build dir's libge_compiler.so and sample plugins
# (cmake --build <build> --target ge_compiler add_zero_fusion_pass matmul_add_to_gemm_pass).
# Usage: bench/passes/run_bench.sh [build=build/dev] [nodes=100000] [repeat=9] [graph] [side]
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-build/dev}" && pwd)
out=${TMPDIR:-/tmp}/ge_py_pass_report_bench
g++ -O2 -std=c++17 -I"$root/compiler/include" -I"$root/compiler" -I"$root/bench/matcher" \
  "$root/bench/passes/pass_report_bench.cc" -L"$build/compiler" -lge_compiler \
  -Wl,-rpath,"$build/compiler" -o "$out"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
ASCEND_OPP_PATH="$build/test_opp" "$out" "${2:-100000}" "${3:-9}" "${4:-all}" "${5:-both}"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
