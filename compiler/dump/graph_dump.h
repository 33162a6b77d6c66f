// Text dumps of a ComputeGraph (docs/graph_dumps.md): ge_ir protobuf text ("txt"), GE's ONNX-style
// pbtxt ("onnx") and a human-readable listing ("readable", what print(graph) shows).
#ifndef GE_DUMP_GRAPH_DUMP_H_
#define GE_DUMP_GRAPH_DUMP_H_

#include <cstdint>
#include <string>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"

namespace ge {

/// Values match the Python DumpFormat numbering.
enum class GraphDumpFormat : int32_t { kOnnx = 0, kTxt = 1, kReadable = 2 };

/// Renders `graph` in `format` into `text`.
Status DumpGraphToString(const ComputeGraph &graph, GraphDumpFormat format, std::string *text);

/// Writes `graph` in `format` to a file named as GE names dumps (process-wide counter per
/// format) in the directory chosen by DUMP_GRAPH_PATH, mode 0600. `written_path` (may be
/// null) receives the file's path.
Status DumpGraphToFile(const ComputeGraph &graph, GraphDumpFormat format, const std::string &suffix,
                       std::string *written_path);

}  // namespace ge

#endif  // GE_DUMP_GRAPH_DUMP_H_
