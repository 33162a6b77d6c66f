// The built-in op families. Each family file registers its prototypes through one function;
// RegisterBuiltinOps (builtin_ops.cc) calls them in a fixed order from the OpCatalog constructor.
#ifndef GE_OPS_BUILTIN_OPS_H_
#define GE_OPS_BUILTIN_OPS_H_

#include "ops/op_catalog.h"
#include "ops/op_def_builder.h"

namespace ge {

void RegisterBoundaryOps(OpCatalog &catalog);  // boundary_ops.cc: Data, Const, NetOutput, ...
void RegisterControlOps(OpCatalog &catalog);   // control_ops.cc: If, While, Case, PartitionedCall
void RegisterElementwiseOps(OpCatalog &catalog);  // elementwise_ops.cc: binary/unary/cast
void RegisterMatmulOps(OpCatalog &catalog);   // matmul_ops.cc: MatMul*, BatchMatMul*, GEMM, BiasAdd
void RegisterNnOps(OpCatalog &catalog);       // nn_ops.cc: softmax, conv, normalisation
void RegisterPoolingOps(OpCatalog &catalog);  // pooling_ops.cc
void RegisterShapeOps(OpCatalog &catalog);    // shape_ops.cc: Reshape, Transpose, Squeeze, ...
void RegisterConcatSplitOps(OpCatalog &catalog);    // concat_split_ops.cc
void RegisterGatherSliceOps(OpCatalog &catalog);    // gather_slice_ops.cc
void RegisterPadOps(OpCatalog &catalog);            // pad_ops.cc
void RegisterReduceOps(OpCatalog &catalog);         // reduce_ops.cc
void RegisterBroadcastFillOps(OpCatalog &catalog);  // broadcast_fill_ops.cc: Tile, Fill, Range, ...
void RegisterSelectionOps(OpCatalog &catalog);      // selection_ops.cc: GatherElements, TopKV2, ...

/// Registers `builder`'s prototype; a failure here is a bug in a built-in table, so it is logged
/// loudly rather than silently dropped.
void RegisterBuiltin(OpCatalog &catalog, const OpDefBuilder &builder);

}  // namespace ge

#endif  // GE_OPS_BUILTIN_OPS_H_
