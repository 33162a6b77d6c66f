// ge_ir ModelDef wire bytes -> ComputeGraph (docs/air_format.md): nodes first, then edges linked by
// name, then graph inputs/outputs, then subgraphs re-parented from their owners' subgraph_name.
#ifndef GE_AIR_MODEL_DEF_READER_H_
#define GE_AIR_MODEL_DEF_READER_H_

#include <string>
#include <string_view>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"

namespace ge {

/// Parses `bytes`. `source` prefixes every error ("<file>: truncated ... at byte offset N").
/// External weights (`location`/`length` op attrs) are read relative to `weight_dir`; when it is
/// empty they cannot be resolved and the parse fails naming the op.
Status ParseModelDefBytes(std::string_view bytes, const std::string &source,
                          const std::string &weight_dir, ComputeGraphPtr *graph);

}  // namespace ge

#endif  // GE_AIR_MODEL_DEF_READER_H_
