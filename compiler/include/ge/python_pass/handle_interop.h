// Conversions between the public C++ objects (Graph, GNode) and the opaque handles of the C API
// that ge.graph wraps with ctypes (GeApiWrapper_* functions). _ge_pass_native uses these to hand
// compiler objects to Python as ordinary ge.graph.Graph / ge.graph.Node objects and to take them
// back — one graph type for users.
//
// Graph handles share the graph (a graph stays alive while a handle exists); node handles are
// weak (an expired node fails cleanly in every C API call instead of crashing).
#ifndef GE_PYTHON_PASS_HANDLE_INTEROP_H_
#define GE_PYTHON_PASS_HANDLE_INTEROP_H_

#include "graph/gnode.h"
#include "graph/graph.h"

namespace ge {
namespace python_pass {

/// A new C API graph handle sharing `graph` (destroy it with GeApiWrapper_Graph_DestroyGraph or
/// DestroyGraphHandle); nullptr for an invalid graph.
void *NewGraphHandle(const Graph &graph);
/// A Graph sharing the graph behind a C API graph handle; false for a null/empty handle.
bool GraphFromHandle(const void *graph_handle, Graph &graph);
void DestroyGraphHandle(void *graph_handle);

/// A new C API node handle on `node` (destroy with GeApiWrapper_GNode_DestroyGNode or
/// DestroyNodeHandle); nullptr when the node is invalid or expired.
void *NewNodeHandle(const GNode &node);
/// The GNode behind a C API node handle; false when null or expired.
bool GNodeFromHandle(const void *node_handle, GNode &node);
void DestroyNodeHandle(void *node_handle);

/// The owner graph of a live node as a Graph (invalid when the node expired).
Graph GetOwnerGraph(const GNode &node);

}  // namespace python_pass
}  // namespace ge

#endif  // GE_PYTHON_PASS_HANDLE_INTEROP_H_
