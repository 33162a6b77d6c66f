// When and where the compile pipeline dumps graphs (docs/graph_dumps.md): DUMP_GE_GRAPH content
// levels, DUMP_GRAPH_LEVEL stage selection, DUMP_GRAPH_FORMAT, DUMP_GRAPH_PATH and file naming.
#ifndef GE_DUMP_DUMP_POLICY_H_
#define GE_DUMP_DUMP_POLICY_H_

#include <string>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"

namespace ge {

/// DUMP_GE_GRAPH as a content level: 1 all, 2 without weights, 3 structure only; 0 = off
/// (unset, empty, non-numeric, 0 or >= 4).
int GetDumpContentLevel();

/// True when dumping is on and DUMP_GRAPH_LEVEL selects the stage `suffix`.
bool ShouldDumpStage(const std::string &suffix);

/// The dump files a stage writes; DUMP_GRAPH_FORMAT is lower-cased and matched by substring.
struct DumpFormatSelection {
  bool ge_proto = true;
  bool onnx = true;
  bool readable = false;
  bool dot = false;  // ge_py extension: Graphviz .dot
};
DumpFormatSelection GetSelectedDumpFormats();

/// Writes every selected format for stage `suffix` when ShouldDumpStage(suffix); otherwise does
/// nothing and succeeds.
Status DumpGraphAtStage(const ComputeGraph &graph, const std::string &suffix);

/// The dump directory (with a trailing '/'), computed once per process.
const std::string &GetDumpDirectory();

enum class DumpFileKind { kGeProto = 0, kOnnx = 1, kReadable = 2, kDot = 3 };

/// Writes `content` as the next dump file of `kind` for `graph`/`suffix` (mode 0600) and
/// advances that kind's counter. `written_path` (may be null) receives the path.
Status WriteDumpFile(DumpFileKind kind, const ComputeGraph &graph, const std::string &suffix,
                     const std::string &content, std::string *written_path);

/// File name a dump of `kind` gets for counter value `index`, as GE names it.
std::string DumpFileName(DumpFileKind kind, uint32_t index, uint32_t graph_id,
                         const std::string &suffix);

/// Tests only: recompute the directory on next use and restart every counter at 0.
void ResetDumpStateForTesting();

}  // namespace ge

#endif  // GE_DUMP_DUMP_POLICY_H_
