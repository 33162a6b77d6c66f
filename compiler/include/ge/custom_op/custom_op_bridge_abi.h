/* The C ABI between the compiler's Python custom-op loader (compiler/python_custom_op) and the
 * bridge library (libge_python_pass_bridge.so), third entry table of that library next to the
 * pass table (ge/python_pass/python_pass_bridge_abi.h) and the ONNX plugin table
 * (docs/custom_ops.md §6).
 *
 * The library is found, loaded and configured through the pass table, and all tables share its
 * interpreter. Only C types cross. Views are borrowed for one call and deep-copied by the
 * receiver; `char **error` out-parameters receive a malloc'd message the receiver frees; no
 * exception crosses. Contexts (`void *`) are the compiler's ge::custom_op context values
 * (the headers of ge/custom_op/), which the bridge hands to _ge_custom_op_native by address.
 */
#ifndef GE_CUSTOM_OP_CUSTOM_OP_BRIDGE_ABI_H_
#define GE_CUSTOM_OP_CUSTOM_OP_BRIDGE_ABI_H_

#include <stddef.h>
#include <stdint.h>

#include "ge/python_pass/python_pass_bridge_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GE_CUSTOM_OP_BRIDGE_ABI_VERSION 1u
#define GE_CUSTOM_OP_BRIDGE_GET_API_SYMBOL "GeGetPythonCustomOpBridgeApi"

#define GE_CUSTOM_OP_SUCCESS 0u
#define GE_CUSTOM_OP_FAILED 0xFFFFFFFFu

/* Capability bits of an adapter, as GE numbers them. */
#define GE_CUSTOM_OP_CAP_EAGER_EXECUTE 1u
#define GE_CUSTOM_OP_CAP_COMPILABLE 2u
#define GE_CUSTOM_OP_CAP_SHAPE_INFER 4u
#define GE_CUSTOM_OP_CAP_PORTABLE 8u
#define GE_CUSTOM_OP_CAP_ARGS_UPDATER 16u
#define GE_CUSTOM_OP_CAP_ANNOTATED_ARGS 32u
#define GE_CUSTOM_OP_CAP_INFER_META 64u

/* An input (kind 0 required, 1 optional, 2 dynamic) or output (0 required, 1 dynamic) port. */
typedef struct GeCustomOpPort {
  const char *name;
  int32_t kind;
} GeCustomOpPort;

/* An attribute of the IR: kind 0..11 (VT_INT ... VT_LIST_LIST_INT, ge::custom_op::AttrKind). */
typedef struct GeCustomOpIrAttr {
  const char *name;
  int32_t kind;
} GeCustomOpIrAttr;

/* The effective prototype of an op type, in IR order (what `ir_meta` is built from). */
typedef struct GeCustomOpIrView {
  const char *op_type;
  const GeCustomOpPort *inputs;
  size_t input_count;
  const GeCustomOpIrAttr *attrs;
  size_t attr_count;
  const GeCustomOpPort *outputs;
  size_t output_count;
} GeCustomOpIrView;

/* The default of an optional attribute, by kind: int_value for int (0), bool (2, 0/1) and
 * DataType (4); float_value for float (1); string_value for string (3); `count` elements of
 * ints (6, 8 as 0/1, 10), floats (7), strings (9), or rows/row_lengths (11). */
typedef struct GeCustomOpAttrDefault {
  int has_value;
  int64_t int_value;
  double float_value;
  const char *string_value;
  const int64_t *ints;
  const double *floats;
  const char *const *strings;
  const int64_t *const *rows;
  const size_t *row_lengths;
  size_t count;
} GeCustomOpAttrDefault;

typedef struct GeCustomOpProtoAttr {
  const char *name;
  int32_t kind;
  int is_required; /* required iff it has no default */
  GeCustomOpAttrDefault default_value;
} GeCustomOpProtoAttr;

/* Receives the inferred outputs of one infer_meta call, one call per output instance in IR
 * order. Nonzero on success. */
typedef struct GeCustomOpInferResult {
  void *receiver;
  int (*add_output)(void *receiver, const int64_t *origin_dims, size_t origin_dim_count,
                    const int64_t *storage_dims, size_t storage_dim_count, int32_t data_type);
} GeCustomOpInferResult;

/* Runs the prototype's infer_meta on a ge::custom_op::InferMetaContext. */
typedef uint32_t (*GeCustomOpInferMetaFn)(const GeCustomOpIrView *ir, void *infer_meta_ctx,
                                          const GeCustomOpInferResult *result, char **error);

/* A Python prototype (`register_op`). */
typedef struct GeCustomOpProtoView {
  const char *descriptor_key;
  const char *op_type;
  const GeCustomOpPort *inputs;
  size_t input_count;
  const GeCustomOpPort *outputs;
  size_t output_count;
  const GeCustomOpProtoAttr *attrs;
  size_t attr_count;
  GeCustomOpInferMetaFn infer_meta;
} GeCustomOpProtoView;

/* A Python implementation (`register_op_impl`): mask of EAGER_EXECUTE, COMPILABLE and
 * ANNOTATED_ARGS bits. */
typedef struct GeCustomOpAdapterView {
  const char *op_type;
  const char *impl_descriptor_key;
  uint32_t mask;
} GeCustomOpAdapterView;

/* What a holder is created for; `ir` is NULL when the op type has no prototype. */
typedef struct GeCustomOpHolderView {
  const char *op_type;
  const char *impl_descriptor_key;
  const GeCustomOpIrView *ir;
} GeCustomOpHolderView;

typedef struct GeCustomOpCallbacks {
  /* One Python instance ("<descriptor_key>#<n>"); NULL on failure. */
  void *(*create_impl_holder)(const GeCustomOpHolderView *view, char **error);
  void (*destroy_impl_holder)(void *holder);
  /* `ctx`: ge::custom_op::EagerOpExecutionContext*. */
  uint32_t (*execute)(void *holder, void *ctx, char **error);
  /* `ctx`: ge::custom_op::AnnotatedArgsContext*. */
  uint32_t (*declare_launch_args)(void *holder, void *ctx, char **error);
  /* `ctx`: ge::custom_op::OpCompileContext*. */
  uint32_t (*compile_impl)(void *holder, void *ctx, char **error);
  GeCustomOpInferMetaFn infer_meta;
} GeCustomOpCallbacks;

/* Same levels as the pass table's GE_PY_PASS_LOG_*. */
typedef struct GeCustomOpRegistrar {
  /* Nonzero on success; a prototype is registered at once. */
  int (*register_op_proto)(const GeCustomOpProtoView *view, char **error);
  /* Nonzero on success; an implementation is staged until the load commits. */
  int (*register_op_impl)(const GeCustomOpAdapterView *view, const GeCustomOpCallbacks *callbacks,
                          char **error);
  /* The effective prototype of `op_type` (registered Python prototypes included); zero when the
   * op type is unknown. The view stays valid until the next call. */
  int (*lookup_ir)(const char *op_type, GeCustomOpIrView *ir);
  /* A path item, file or package that failed to import ("<what>: <error>" with traceback). */
  void (*add_load_failure)(const char *text);
  void (*log)(int level, const char *message);
  /* Nonzero: an import failure fails the load (else it is reported and the plugin skipped). */
  int strict;
} GeCustomOpRegistrar;

typedef struct PythonCustomOpBridgeApi {
  uint32_t abi_version;
  /* The pass table's set_artifact_config (one configuration per library). */
  uint32_t (*set_artifact_config)(const PythonFusionPassBridgeArtifactConfig *config, char **error);
  /* Imports the plugins of ASCEND_CUSTOM_OPP_PATH, then reports every prototype and every
   * validated implementation through the registrar. */
  uint32_t (*register_custom_ops)(const GeCustomOpRegistrar *registrar, char **error);
  /* Holders, plugin modules and both Python registries cleared, then gc. */
  void (*reset_bridge_state)(void);
  /* The pass table's shutdown_bridge (one interpreter, one shutdown). */
  void (*shutdown_bridge)(void);
} PythonCustomOpBridgeApi;

typedef const PythonCustomOpBridgeApi *(*GetPythonCustomOpBridgeApiFn)(void);

#ifdef __cplusplus
}
#endif

#endif /* GE_CUSTOM_OP_CUSTOM_OP_BRIDGE_ABI_H_ */
