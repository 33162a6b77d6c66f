// Opaque handle types of the C API of libge_compiler.so, shared by every header in ge/c_api/.
// C callers only ever hold pointers to them; the compiler core defines the structs in C++.
// Conventions every function follows (NULL handles, status codes, who frees what): docs/c_api.md.
#ifndef GE_C_API_GE_C_TYPES_H_
#define GE_C_API_GE_C_TYPES_H_

/// A shared reference to a graph body: handles copied from one another see the same graph.
typedef struct GeGraphHandle GeGraphHandle;
/// A weak reference to one node: calls fail cleanly once the node or its graph is gone.
typedef struct GeNodeHandle GeNodeHandle;
/// A tensor description (a value).
typedef struct GeTensorDescHandle GeTensorDescHandle;
/// A tensor value plus its placement (GE's EsCTensor).
typedef struct GeTensorHandle GeTensorHandle;
/// A typed attribute value box.
typedef struct GeAttrValueHandle GeAttrValueHandle;
/// A borrowed view of an operator under construction, valid only during a parse callback.
typedef struct GeOperatorHandle GeOperatorHandle;
/// A serialized model or a bundle of models (GE's ModelBufferData).
typedef struct GeModelBufferData GeModelBufferData;
/// An eager-style graph builder.
typedef struct EsCGraphBuilder EsCGraphBuilder;
/// One output of a node under construction; owned by its builder, never freed by callers.
typedef struct EsCTensorHolder EsCTensorHolder;
/// One validated Python pass artifact set (bridge + native module and their manifest).
typedef struct GePyPassArtifactSet GePyPassArtifactSet;
/// What one search for Python pass artifact sets saw: roots, sets, rejections, candidates.
typedef struct GePyPassArtifactSearch GePyPassArtifactSearch;
/// The per-user cache entry of one fallback build of a Python pass artifact set.
typedef struct GePyPassFallbackPlan GePyPassFallbackPlan;

#endif  // GE_C_API_GE_C_TYPES_H_
