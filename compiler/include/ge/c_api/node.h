// GNode functions of the C API (GE's ge.graph.Node). Node handles are weak: once the node is
// removed or its graph freed, every call fails cleanly. Defined in compiler/c_api/node_c_api.cc.
#ifndef GE_C_API_NODE_H_
#define GE_C_API_NODE_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ge/c_api/ge_c_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Frees the handle, never the node.
void GeApiWrapper_GNode_DestroyGNode(GeNodeHandle *n);
/// Frees only a new[] node handle array (each element with GeApiWrapper_GNode_DestroyGNode).
void GeApiWrapper_GNode_FreeGNodeArray(GeNodeHandle **nodes);
/// Frees the port array of GetOutDataNodesAndPortIndexes.
void GeApiWrapper_GNode_FreeIntArray(int32_t *values);
/// Malloc'd; free with GeApiWrapper_FreeString.
char *GeApiWrapper_GNode_GetName(const GeNodeHandle *n);
/// Malloc'd; free with GeApiWrapper_FreeString.
char *GeApiWrapper_GNode_GetType(const GeNodeHandle *n);
/// Borrowed text owned by the node (copy it at once, never free it); NULL for a dead handle.
const char *GeApiWrapper_GNode_GetTypeRef(const GeNodeHandle *n);
/// Borrowed text owned by the node (copy it at once, never free it); NULL for a dead handle.
const char *GeApiWrapper_GNode_GetNameRef(const GeNodeHandle *n);
/// A new[] array of *count new node handles, freed as Graph_GetAllNodes' array.
GeNodeHandle **GeApiWrapper_GNode_GetInControlNodes(const GeNodeHandle *n, size_t *count);
GeNodeHandle **GeApiWrapper_GNode_GetOutControlNodes(const GeNodeHandle *n, size_t *count);
/// *peer = a new handle of the producer of input `index`, *port its output; fails unconnected.
uint32_t GeApiWrapper_GNode_GetInDataNodesAndPortIndexes(const GeNodeHandle *n, int32_t index,
                                                         GeNodeHandle **peer, int32_t *port);
/// Consumers of output `index`: *peers a new[] handle array (GNode_FreeGNodeArray), *ports a
/// malloc'd array (GNode_FreeIntArray), both of *count elements and NULL when there are none.
uint32_t GeApiWrapper_GNode_GetOutDataNodesAndPortIndexes(const GeNodeHandle *n, int32_t index,
                                                          GeNodeHandle ***peers, int32_t **ports,
                                                          int *count);
/// Copies attribute `key` into the caller's box `av`.
uint32_t GeApiWrapper_GNode_GetAttr(const GeNodeHandle *n, const char *key, GeAttrValueHandle *av);
/// Tensor attribute `key` as a new tensor (GeApiWrapper_Tensor_DestroyEsCTensor). NULL when it is
/// missing (*value_type = -1) or of another type (*value_type = that AttrValueType).
GeTensorHandle *GeApiWrapper_GNode_GetTensorAttr(const GeNodeHandle *n, const char *key,
                                                 int32_t *value_type);
/// Stores a copy of `av`.
uint32_t GeApiWrapper_GNode_SetAttr(const GeNodeHandle *n, const char *key,
                                    const GeAttrValueHandle *av);
/// Attributes of the tensor desc of input / output port `index` (copied in and out, as GetAttr).
uint32_t GeApiWrapper_GNode_GetInputAttr(const GeNodeHandle *n, const char *name, uint32_t index,
                                         GeAttrValueHandle *av);
uint32_t GeApiWrapper_GNode_SetInputAttr(const GeNodeHandle *n, const char *name, uint32_t index,
                                         const GeAttrValueHandle *av);
uint32_t GeApiWrapper_GNode_GetOutputAttr(const GeNodeHandle *n, const char *name, uint32_t index,
                                          GeAttrValueHandle *av);
uint32_t GeApiWrapper_GNode_SetOutputAttr(const GeNodeHandle *n, const char *name, uint32_t index,
                                          const GeAttrValueHandle *av);
/// 0 for a NULL or dead handle.
size_t GeApiWrapper_GNode_GetInputsSize(const GeNodeHandle *n);
size_t GeApiWrapper_GNode_GetOutputsSize(const GeNodeHandle *n);
bool GeApiWrapper_GNode_HasAttr(const GeNodeHandle *n, const char *name);
/// A new copy of the port's desc (GeApiWrapper_TensorDesc_Destroy); NULL for a bad index.
GeTensorDescHandle *GeApiWrapper_GNode_GetInputDesc(const GeNodeHandle *n, int32_t index);
GeTensorDescHandle *GeApiWrapper_GNode_GetOutputDesc(const GeNodeHandle *n, int32_t index);
/// Copies `td` into the port's desc.
uint32_t GeApiWrapper_GNode_UpdateInputDesc(const GeNodeHandle *n, int32_t index,
                                            const GeTensorDescHandle *td);
uint32_t GeApiWrapper_GNode_UpdateOutputDesc(const GeNodeHandle *n, int32_t index,
                                             const GeTensorDescHandle *td);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // GE_C_API_NODE_H_
