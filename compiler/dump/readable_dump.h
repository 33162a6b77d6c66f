// The human-readable graph listing (DumpFormat.kReadable, what print(graph) shows); the layout
// is documented in docs/graph_dumps.md.
#ifndef GE_DUMP_READABLE_DUMP_H_
#define GE_DUMP_READABLE_DUMP_H_

#include <string>

#include "graph/compute_graph.h"

namespace ge {

std::string GraphToReadableText(const ComputeGraph &graph);

/// One attribute value as the listing prints it (ints, "strings", [lists], tensor<...>, ...).
std::string FormatAttrValueReadable(const GeAttrValue &value);

}  // namespace ge

#endif  // GE_DUMP_READABLE_DUMP_H_
