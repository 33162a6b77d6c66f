// Graph functions of the C API (GE's ge.graph.Graph). Edits through a root graph handle also reach
// the nodes of its registered subgraphs. Defined in compiler/c_api/graph_c_api.cc.
#ifndef GE_C_API_GRAPH_H_
#define GE_C_API_GRAPH_H_

#include <stddef.h>
#include <stdint.h>

#include "ge/c_api/ge_c_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A new empty graph; free with GeApiWrapper_Graph_DestroyGraph.
GeGraphHandle *GeApiWrapper_Graph_CreateGraph(const char *name);
/// Frees the handle; the graph body lives on while other handles share it.
void GeApiWrapper_Graph_DestroyGraph(GeGraphHandle *g);
/// Frees only the array of GetAllSubgraphs (each element with GeApiWrapper_Graph_DestroyGraph).
void GeApiWrapper_Graph_FreeGraphArray(GeGraphHandle **graphs);
/// Malloc'd; free with GeApiWrapper_FreeString.
char *GeApiWrapper_Graph_GetName(const GeGraphHandle *g);
/// All nodes, subgraph nodes included, as a new[] array of *count new node handles: free each
/// with GeApiWrapper_GNode_DestroyGNode and the array with GeApiWrapper_GNode_FreeGNodeArray.
GeNodeHandle **GeApiWrapper_Graph_GetAllNodes(const GeGraphHandle *g, size_t *count);
/// The top-level nodes only, as GetAllNodes returns them.
GeNodeHandle **GeApiWrapper_Graph_GetDirectNode(const GeGraphHandle *g, size_t *count);
/// Copies attribute `key` into the caller's box `av`.
uint32_t GeApiWrapper_Graph_GetAttr(const GeGraphHandle *g, const char *key, GeAttrValueHandle *av);
/// Stores a copy of `av`.
uint32_t GeApiWrapper_Graph_SetAttr(GeGraphHandle *g, const char *key, const GeAttrValueHandle *av);
/// Dumps into the dump directory; format 0 onnx, 1 txt, 2 readable.
uint32_t GeApiWrapper_Graph_Dump_To_File(const GeGraphHandle *g, int32_t format,
                                         const char *suffix);
/// The dump as malloc'd text (free with GeApiWrapper_FreeString); format as Dump_To_File.
char *GeApiWrapper_Graph_Dump_To_Stream(const GeGraphHandle *g, int32_t format);
/// GE's ONNX dump, kept for ABI compatibility; `path` is ignored (the dump directory is used).
uint32_t GeApiWrapper_Graph_Dump_To_Onnx(const GeGraphHandle *g, const char *path,
                                         const char *suffix);
uint32_t GeApiWrapper_Graph_SaveToAir(const GeGraphHandle *g, const char *path);
/// Replaces the body behind this handle only; other handles keep the old body.
uint32_t GeApiWrapper_Graph_LoadFromAir(GeGraphHandle *g, const char *path);
uint32_t GeApiWrapper_Graph_RemoveNode(GeGraphHandle *g, const GeNodeHandle *n);
/// Ports -1/-1 remove the control edge src -> dst.
uint32_t GeApiWrapper_Graph_RemoveEdge(GeGraphHandle *g, const GeNodeHandle *src, int32_t src_port,
                                       const GeNodeHandle *dst, int32_t dst_port);
uint32_t GeApiWrapper_Graph_AddDataEdge(GeGraphHandle *g, const GeNodeHandle *src, int32_t src_port,
                                        const GeNodeHandle *dst, int32_t dst_port);
uint32_t GeApiWrapper_Graph_AddControlEdge(GeGraphHandle *g, const GeNodeHandle *src,
                                           const GeNodeHandle *dst);
/// *out = a new node handle (GeApiWrapper_GNode_DestroyGNode); top-level nodes first, then
/// subgraph nodes.
uint32_t GeApiWrapper_Graph_FindNodeByName(const GeGraphHandle *g, const char *name,
                                           GeNodeHandle **out);
/// The root's subgraphs as a new[] array of *count new handles sharing them (free each with
/// GeApiWrapper_Graph_DestroyGraph, the array with GeApiWrapper_Graph_FreeGraphArray); NULL if
/// none.
GeGraphHandle **GeApiWrapper_Graph_GetAllSubgraphs(const GeGraphHandle *g, size_t *count);
/// A new handle sharing the subgraph (GeApiWrapper_Graph_DestroyGraph); NULL when absent.
GeGraphHandle *GeApiWrapper_Graph_GetSubGraph(const GeGraphHandle *g, const char *name);
/// Registers `subgraph`'s body with the root graph (shared, not copied).
uint32_t GeApiWrapper_Graph_AddSubGraph(GeGraphHandle *g, const GeGraphHandle *subgraph);
uint32_t GeApiWrapper_Graph_RemoveSubgraph(GeGraphHandle *g, const char *name);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // GE_C_API_GRAPH_H_
