// CompileGraph: the compile pipeline on a ComputeGraph (docs/fusion_framework.md) — pass plugins,
// the four custom pass stages around shape inference (with the dtype promotion Casts,
// promotion_casts.h) and the built-in fusion passes (builtin_fusion.h), then the build order —
// with a graph dump after each stage, as GE dumps them.
#ifndef GE_PIPELINE_COMPILE_GRAPH_H_
#define GE_PIPELINE_COMPILE_GRAPH_H_

#include <map>
#include <string>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"

namespace ge {

struct CompileResult {
  /// Pipeline steps in the order they ran ("PreRunBegin", "BeforeInferShape", "InferShape", ...).
  std::vector<std::string> steps;
  /// Dump suffixes requested, in order (files are written only when DUMP_GE_GRAPH selects them).
  std::vector<std::string> dump_suffixes;
};

/// Compile option: "1"/"true" makes Python pass plugin and bridge failures compile errors.
constexpr const char *kPythonPassStrictOption = "ge.pyPassStrict";
bool IsPythonPassStrictOption(const std::map<std::string, std::string> &options);

/// Compiles `graph` in place. `options` are the compile options (pass switches, fusion switch
/// file, pass-readable options). Loads the pass plugins for the duration of the call. On failure
/// the message (GetLastError) names the stage and the pass.
Status CompileGraph(const ComputeGraphPtr &graph, const std::map<std::string, std::string> &options,
                    CompileResult *result);

}  // namespace ge

#endif  // GE_PIPELINE_COMPILE_GRAPH_H_
