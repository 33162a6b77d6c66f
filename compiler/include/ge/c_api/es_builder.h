// Eager-style graph builder functions of the C API (GE's ES base library, no GeApiWrapper_
// prefix) and the generic op creator EsCreateOp that stands in for GE's per-op Es<OpType> symbols
// (docs/es_builder.md). The ge.es generator reads the op catalog through op_catalog.h.
// Holders (EsCTensorHolder *) and the node handles of EsGetProducer are owned by their builder
// and never freed by callers. Defined in compiler/c_api/es_c_api.cc.
#ifndef GE_C_API_ES_BUILDER_H_
#define GE_C_API_ES_BUILDER_H_

#include <stdbool.h>
#include <stdint.h>

#include "ge/c_api/ge_c_types.h"

#ifdef __cplusplus
extern "C" {
#endif

// ---- builder ----
/// A new builder of a graph named `name` (NULL: "graph"); free with EsDestroyGraphBuilder.
EsCGraphBuilder *EsCreateGraphBuilder(const char *name);
/// Frees the builder with its holders and every graph or tensor it adopted.
void EsDestroyGraphBuilder(EsCGraphBuilder *builder);
/// Input `index` of node type `type` (NULL: "Data"); dims[dim_num], 0 dims for a scalar. NULL
/// dims: the input has no shape yet (a Session takes it from the tensor fed to the first run).
EsCTensorHolder *EsCreateGraphInputWithDetails(EsCGraphBuilder *builder, int64_t index,
                                               const char *name, const char *type,
                                               int32_t data_type, int32_t format,
                                               const int64_t *dims, int64_t dim_num);
/// A Data input `index` of DT_FLOAT, FORMAT_ND, no shape.
EsCTensorHolder *EsCreateGraphInput(EsCGraphBuilder *builder, int64_t index);
/// A Const of shape dims[n] (n = 0: a scalar) with the values copied from `v`.
EsCTensorHolder *EsCreateConstInt64(EsCGraphBuilder *b, const int64_t *v, const int64_t *dims,
                                    int64_t n);
EsCTensorHolder *EsCreateConstFloat(EsCGraphBuilder *b, const float *v, const int64_t *dims,
                                    int64_t n);
EsCTensorHolder *EsCreateConstUInt64(EsCGraphBuilder *b, const uint64_t *v, const int64_t *dims,
                                     int64_t n);
EsCTensorHolder *EsCreateConstInt32(EsCGraphBuilder *b, const int32_t *v, const int64_t *dims,
                                    int64_t n);
EsCTensorHolder *EsCreateConstUInt32(EsCGraphBuilder *b, const uint32_t *v, const int64_t *dims,
                                     int64_t n);
/// A 1-D int64 Const of the `n` values `v`.
EsCTensorHolder *EsCreateVectorInt64(EsCGraphBuilder *b, const int64_t *v, int64_t n);
EsCTensorHolder *EsCreateScalarInt64(EsCGraphBuilder *b, int64_t v);
EsCTensorHolder *EsCreateScalarInt32(EsCGraphBuilder *b, int32_t v);
EsCTensorHolder *EsCreateScalarFloat(EsCGraphBuilder *b, float v);
EsCTensorHolder *EsCreateScalarUInt64(EsCGraphBuilder *b, uint64_t v);
EsCTensorHolder *EsCreateScalarUInt32(EsCGraphBuilder *b, uint32_t v);
EsCTensorHolder *EsCreateVariable(EsCGraphBuilder *builder, int32_t index, const char *name);
/// The built graph, owned by the caller (GeApiWrapper_Graph_DestroyGraph); NULL for an invalid
/// graph or a second build.
GeGraphHandle *EsBuildGraphAndReset(EsCGraphBuilder *builder);
/// In one call, the graph a builder makes for `input_count` default inputs ("input_<k>") whose
/// output i is input output_inputs[i]; owned by the caller as EsBuildGraphAndReset's.
GeGraphHandle *EsBuildInputPassThroughGraph(const char *name, int64_t input_count,
                                            const int64_t *output_inputs, int64_t output_count);

// ---- holders ----
/// The producer node, borrowed from the holder: the same handle every call, never freed.
GeNodeHandle *EsGetProducer(EsCTensorHolder *tensor);
EsCGraphBuilder *EsGetOwnerBuilder(EsCTensorHolder *tensor);
uint32_t EsSetDataType(EsCTensorHolder *tensor, int32_t data_type);
uint32_t EsSetFormat(EsCTensorHolder *tensor, int32_t format);
uint32_t EsSetShape(EsCTensorHolder *tensor, const int64_t *dims, int64_t dim_num);
uint32_t EsSetGraphOutput(EsCTensorHolder *tensor, int64_t output_index);
uint32_t EsSetInt64AttrForGraph(EsCGraphBuilder *b, const char *name, int64_t value);
uint32_t EsSetStringAttrForGraph(EsCGraphBuilder *b, const char *name, const char *value);
uint32_t EsSetBoolAttrForGraph(EsCGraphBuilder *b, const char *name, bool value);
/// Attributes of the holder's output tensor desc.
uint32_t EsSetInt64AttrForTensor(EsCTensorHolder *t, const char *name, int64_t value);
uint32_t EsSetStringAttrForTensor(EsCTensorHolder *t, const char *name, const char *value);
uint32_t EsSetBoolAttrForTensor(EsCTensorHolder *t, const char *name, bool value);
/// Attributes of the holder's producer node.
uint32_t EsSetInt64AttrForNode(EsCTensorHolder *t, const char *name, int64_t value);
uint32_t EsSetStringAttrForNode(EsCTensorHolder *t, const char *name, const char *value);
uint32_t EsSetBoolAttrForNode(EsCTensorHolder *t, const char *name, bool value);
/// Control edges from the producers of srcs[src_num] to the producer of `dst`.
uint32_t EsAddControlEdge(EsCTensorHolder *dst, EsCTensorHolder **srcs, int64_t src_num);

// ---- tensors ----
/// A new host tensor with the bytes copied from `data` (free with
/// GeApiWrapper_Tensor_DestroyEsCTensor); fixed-width numeric types and bool only.
GeTensorHandle *EsCreateEsCTensor(const void *data, const int64_t *dims, int64_t dim_num,
                                  int32_t data_type, int32_t format);
/// As EsCreateEsCTensor with the bytes read from the file at `path`.
GeTensorHandle *EsCreateEsCTensorFromFile(const char *path, const int64_t *dims, int64_t dim_num,
                                          int32_t data_type, int32_t format);

// ---- ops ----
/// The Add / Sub / Mul / Div node of two holders of one builder.
EsCTensorHolder *EsAdd(EsCTensorHolder *x1, EsCTensorHolder *x2);
EsCTensorHolder *EsSub(EsCTensorHolder *x1, EsCTensorHolder *x2);
EsCTensorHolder *EsMul(EsCTensorHolder *x1, EsCTensorHolder *x2);
EsCTensorHolder *EsDiv(EsCTensorHolder *x1, EsCTensorHolder *x2);
/// Creates one node of catalog op `op_type` (argument layout in docs/es_builder.md): inputs and
/// subgraphs flattened per IR port with their counts, attributes copied, one builder-owned holder
/// per output port written to outputs[output_capacity], *output_num = the number of ports.
/// On failure the builder is unchanged.
uint32_t EsCreateOp(EsCGraphBuilder *builder, const char *op_type, EsCTensorHolder **inputs,
                    const int64_t *input_counts, int64_t num_ir_inputs,
                    const int64_t *dynamic_output_counts, int64_t num_dynamic_outputs,
                    GeGraphHandle **subgraphs, const int64_t *subgraph_counts,
                    int64_t num_ir_subgraphs, const char **attr_names,
                    GeAttrValueHandle **attr_values, int64_t num_attrs, EsCTensorHolder **outputs,
                    int64_t output_capacity, int64_t *output_num);
/// Ownership transfer: the builder frees `graph` when it is destroyed.
uint32_t EsBuilderAdoptGraph(EsCGraphBuilder *builder, GeGraphHandle *graph);
/// Ownership transfer: the builder frees `tensor` when it is destroyed.
uint32_t EsBuilderAdoptTensor(EsCGraphBuilder *builder, GeTensorHandle *tensor);
/// Stores a list of `list_num` int lists, list i being lists[i][sizes[i]].
uint32_t EsAttrValueSetListListInt(GeAttrValueHandle *value, const int64_t *const *lists,
                                   int64_t list_num, const int64_t *sizes);
/// Stores an empty list of AttrValueType `value_type` (a VT_LIST_* number).
uint32_t EsAttrValueSetEmptyList(GeAttrValueHandle *value, int32_t value_type);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // GE_C_API_ES_BUILDER_H_
