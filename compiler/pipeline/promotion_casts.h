// The Cast nodes of GE's dtype promotion (docs/op_catalog.md, "Dtype promotion"): after shape
// inference has given every promoting node (Add, Mul, Less, ...) the promoted dtype, each input
// whose dtype differs from it is fed through a new Cast, as GE's engine does. Kernels then see
// one input dtype, and the dumps after InferShape show the Casts.
#ifndef GE_PIPELINE_PROMOTION_CASTS_H_
#define GE_PIPELINE_PROMOTION_CASTS_H_

#include <cstddef>

#include "ge/ge_error_codes.h"
#include "graph/compute_graph.h"

namespace ge {

/// Inserts the promotion Casts into `graph` (a root graph, inferred) and every subgraph. The Cast
/// on input `port` of node `n` is named `n/cast_<port name>` (with `_1`, `_2`, ... when taken),
/// reads the input's producer and carries `dst_type` = the promoted dtype. Each node that gets
/// Casts is rewritten through fusion::NodeRewrite: a copy under the same name, whose input descs
/// are the Casts' outputs, replaces it (so pointers to it expire; control edges are carried
/// through NoOp nodes, and the new nodes record the replaced one in
/// `_datadump_original_op_names/_types`). `*inserted` (optional) receives the number of Casts.
/// Fails naming the node when a rewrite fails.
Status InsertPromotionCasts(ComputeGraph &graph, size_t *inserted = nullptr);

}  // namespace ge

#endif  // GE_PIPELINE_PROMOTION_CASTS_H_
