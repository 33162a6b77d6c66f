/* The C ABI between the ONNX importer's plugin table (compiler/onnx_plugin) and the bridge library
 * (libge_python_pass_bridge.so), second entry table of that library next to the pass table of
 * ge/python_pass/python_pass_bridge_abi.h (docs/onnx_plugins.md, "How the importer calls Python").
 *
 * The library is found, loaded and configured (set_artifact_config) through the pass table, and
 * both tables share its interpreter (started for native atc, attached to in a Python process).
 * Only C types cross: strings are borrowed `const char *` for the call, or malloc'd `char *`
 * freed by the receiver; no exception crosses.
 */
#ifndef GE_ONNX_PLUGIN_ONNX_PLUGIN_BRIDGE_ABI_H_
#define GE_ONNX_PLUGIN_ONNX_PLUGIN_BRIDGE_ABI_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GE_ONNX_PLUGIN_BRIDGE_ABI_VERSION 1u
#define GE_ONNX_PLUGIN_BRIDGE_GET_API_SYMBOL "GeGetPythonOnnxPluginBridgeApi"

#define GE_ONNX_PLUGIN_SUCCESS 0u
#define GE_ONNX_PLUGIN_FAILED 0xFFFFFFFFu

/* One registered origin type of one live plugin descriptor. */
typedef struct OnnxPluginRow {
  const char *descriptor_key;
  const char *domain;      /* written out: "ai.onnx" for the default domain */
  const char *source;      /* the ONNX op type */
  const char *target;      /* the GE op type the callback fills */
  const char *origin_type; /* "<domain>::<opset>::<source>", the key parse_node takes */
  const char *plugin_file; /* the callback's file */
  const char *qualname;    /* the callback's qualified name */
  int opset;
  int override_builtin; /* nonzero: used instead of a built-in default-domain mapping */
} OnnxPluginRow;

/* Same levels as the pass table's GE_PY_PASS_LOG_*. */
typedef struct OnnxPluginRegistrar {
  /* Nonzero on success. The row is borrowed for the call. */
  int (*add_row)(const OnnxPluginRow *row);
  /* A path item, file or package that failed to load ("<what>: <error>" with traceback). */
  void (*add_load_failure)(const char *text);
  void (*log)(int level, const char *message);
  /* Nonzero: any loading failure fails load_plugins (else reported and skipped). */
  int strict;
} OnnxPluginRegistrar;

/* One attribute of the node, by ONNX AttributeProto.type. FLOAT (1): f; INT (2): i; STRING (3):
 * bytes/bytes_length; FLOATS (6) / INTS (7) / STRINGS (8): the arrays. Any other type carries only
 * its number (reading the node's attrs in Python then raises). */
typedef struct OnnxPluginAttr {
  const char *name;
  int32_t onnx_type;
  float f;
  int64_t i;
  const char *bytes;
  size_t bytes_length;
  const float *floats;
  size_t float_count;
  const int64_t *ints;
  size_t int_count;
  const char *const *strings;
  const size_t *string_lengths;
  size_t string_count;
} OnnxPluginAttr;

/* The source node, borrowed for one parse_node call (Python copies it into a snapshot). */
typedef struct OnnxPluginNodeView {
  const char *name;          /* the unique GE node name */
  const char *origin_type;   /* the model's "<domain>::<opset>::<op type>" */
  const char *const *inputs; /* "" = an omitted optional input */
  size_t input_count;
  const char *const *outputs; /* "" = an unused output */
  size_t output_count;
  const OnnxPluginAttr *attrs;
  size_t attr_count;
} OnnxPluginNodeView;

typedef struct PythonOnnxPluginBridgeApi {
  uint32_t abi_version;
  /* Imports the plugins of ASCEND_CUSTOM_OPP_PATH (and whatever the process registered itself)
   * and reports every live registered origin type through registrar->add_row. */
  uint32_t (*load_plugins)(const OnnxPluginRegistrar *registrar, char **error);
  /* Calls the plugin of `matched_origin_type` with the node and a borrowed operator
   * (`operator_handle` is a GeOperatorHandle*, ge/c_api/operator.h). On failure *error gets
   * "<ExceptionType>: <message>" and the traceback goes to the log. */
  uint32_t (*parse_node)(const char *matched_origin_type, const OnnxPluginNodeView *node,
                         void *operator_handle, char **error);
  /* The pass table's shutdown_bridge (one interpreter, one shutdown). */
  void (*shutdown_bridge)(void);
} PythonOnnxPluginBridgeApi;

typedef const PythonOnnxPluginBridgeApi *(*GetPythonOnnxPluginBridgeApiFn)(void);

#ifdef __cplusplus
}
#endif

#endif /* GE_ONNX_PLUGIN_ONNX_PLUGIN_BRIDGE_ABI_H_ */
