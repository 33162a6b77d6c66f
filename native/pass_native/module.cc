// Entry point of the _ge_pass_native extension. The order matters: classes used in the
// signatures of later functions (PassContext, MatchResult, SubgraphBoundary) are bound first so
// that their docstrings show the Python names.
#include "bindings.h"

PYBIND11_MODULE(_ge_pass_native, m) {
  m.doc() =
      "Native helpers of ge.passes: views of the compiler's pass objects and the borrow/release "
      "functions the C++ bridge uses.";
  ge::pass_native::BindPassContext(m);
  ge::pass_native::BindMatchResult(m);
  // Configs before patterns: find_matches takes a PatternMatcherConfig.
  ge::pass_native::BindMatcherConfig(m);
  ge::pass_native::BindPattern(m);
  ge::pass_native::BindSubgraph(m);
  ge::pass_native::BindFuseInspector(m);
  ge::pass_native::BindInferShape(m);
  ge::pass_native::BindHandles(m);
}
