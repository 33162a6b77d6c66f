#!/bin/bash
# Side-by-side IR-only benchmark of two source trees (target (a) of bench/README.md): compiles
# bench/graph_build_ir.cc against compiler/graph + compiler/common of OLD_TREE and of this tree
# (-O2 -g, like RelWithDebInfo), then runs both alternately ROUNDS times at N nodes, niced, with
# the load average. Use it when a layout change would otherwise need two full library builds.
#
# Usage: bench/graph_build_ir.sh OLD_TREE [N [ROUNDS]]
#   OLD_TREE  a checkout of the old revision, e.g.
#             mkdir /tmp/old && git archive main compiler | tar -x -C /tmp/old
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
old_tree=$1
n=${2:-1000000}
rounds=${3:-2}
out=$(mktemp -d /tmp/ge_graph_build_ir_XXXXXX)
trap 'rm -rf "$out"' EXIT
build() {  # build <tree> <binary>
  local tree=$1 sources=()
  for f in "$tree"/compiler/graph/*.cc "$tree"/compiler/common/{error,types,log}.cc; do
    case $f in *_test.cc) ;; *) sources+=("$f") ;; esac
  done
  nice -n 10 g++ -std=c++17 -O2 -g -DNDEBUG -I"$tree/compiler" -I"$tree/compiler/include" \
    "$root/bench/graph_build_ir.cc" "${sources[@]}" -o "$2"
}
build "$old_tree" "$out/old"
build "$root" "$out/new"
for ((r = 1; r <= rounds; ++r)); do
  for v in old new; do
    echo "round $r $v (load $(cut -d' ' -f1-3 /proc/loadavg)): $(nice -n 10 "$out/$v" "$n")"
  done
done
