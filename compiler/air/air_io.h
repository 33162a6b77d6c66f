// AIR files: a ComputeGraph serialized as a ge_ir ModelDef protobuf (docs/air_format.md).
// Saving and loading are exact inverses: save -> load -> save yields identical bytes.
#ifndef GE_AIR_AIR_IO_H_
#define GE_AIR_AIR_IO_H_

#include <string>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"

namespace ge {

/// Writes `graph` (with its subgraphs) to `path` as an AIR file. A bare file name is placed in
/// $ASCEND_WORK_PATH (or the current directory); missing parent directories are created. The file
/// is written through a temporary file and renamed, so an existing (even read-only) file is
/// replaced; the final mode is 0400.
Status SaveGraphToAir(const ComputeGraphPtr &graph, const std::string &path);

/// Reads the AIR file at `path` into a new graph. Errors name the file and, for corrupt or
/// truncated data, the byte offset.
Status LoadGraphFromAir(const std::string &path, ComputeGraphPtr *graph);

/// Serializes `graph` into ModelDef wire bytes (what SaveGraphToAir writes).
Status SerializeGraphToModelDef(const ComputeGraphPtr &graph, std::string *bytes);

/// Parses ModelDef wire bytes into a new graph. `source_name` (a file name or "<memory>") prefixes
/// every error message.
Status ParseModelDef(const std::string &bytes, const std::string &source_name,
                     ComputeGraphPtr *graph);

}  // namespace ge

#endif  // GE_AIR_AIR_IO_H_
