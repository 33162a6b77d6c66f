// ComputeGraph -> ge_ir ModelDef wire bytes (docs/air_format.md), deterministic: fields in number
// order, map entries sorted by key. Shared by AIR files and the ge_proto text dumps.
#ifndef GE_AIR_MODEL_DEF_WRITER_H_
#define GE_AIR_MODEL_DEF_WRITER_H_

#include <string>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"

namespace ge {

struct ModelDefWriteOptions {
  /// Text dumps only: add `_src_out_peer_index_for_ge_txt_load` to every op.
  bool txt_peer_index = false;
  /// Dump levels 2/3: drop Const/Constant `value` and the node_def/op_def/func_def blobs.
  bool strip_weights = false;
};

/// Serializes `graph` and, when it is a root, every registered subgraph (flattened after it).
Status SerializeModelDef(const ComputeGraph &graph, const ModelDefWriteOptions &options,
                         std::string *bytes);

/// Writes the AIR bytes of root graph `graph` to `fd` (at offset 0, using pwrite for one
/// length prefix) through a small buffer, never holding the whole model in memory. Sets
/// `*retry_in_memory` when the streamed bytes could not be completed (the predicted width of
/// graph[0]'s length was wrong): truncate the file and write SerializeModelDef's bytes instead.
/// `path` names the file in errors.
Status StreamModelDefToFile(const ComputeGraph &graph, int fd, const std::string &path,
                            bool *retry_in_memory);

}  // namespace ge

#endif  // GE_AIR_MODEL_DEF_WRITER_H_
