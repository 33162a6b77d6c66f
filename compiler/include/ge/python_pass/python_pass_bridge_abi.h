/* The C ABI between the compiler (loader side) and libge_python_pass_bridge.so (one build per
 * CPython minor version).
 *
 * Only C types cross this boundary: strings are `const char *` (borrowed for the call) or
 * `char *` allocated with malloc and released by the receiver with free(); compiler objects travel
 * as opaque pointers whose meaning is fixed below. Neither side depends on the other's C++
 * standard library layout, so a bridge built by another toolchain still loads safely (the fix of
 * the reference's std::string/unique_ptr payloads).
 *
 * Opaque pointers:
 *   graph         a C API graph handle (GeGraphHandle*, what ge.graph.Graph wraps)
 *   context       a ge::CustomPassContext* (reached from Python only through _ge_pass_native)
 *   match_result  a const ge::fusion::MatchResult*
 *   node          a const ge::GNode*
 *   pattern       a ge::fusion::Pattern* created by _ge_pass_native (ownership passes to the
 * caller) config        a ge::fusion::PatternMatcherConfig* created by _ge_pass_native (ditto)
 */
#ifndef GE_PYTHON_PASS_PYTHON_PASS_BRIDGE_ABI_H_
#define GE_PYTHON_PASS_PYTHON_PASS_BRIDGE_ABI_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GE_PYTHON_PASS_BRIDGE_ABI_VERSION 1u
#define GE_PYTHON_PASS_BRIDGE_GET_API_SYMBOL "GeGetPythonFusionPassBridgeApi"

/* Status values are GE's: 0 success, GE_PY_PASS_NOT_CHANGED, anything else a failure. */
#define GE_PY_PASS_SUCCESS 0u
#define GE_PY_PASS_FAILED 0xFFFFFFFFu
#define GE_PY_PASS_NOT_CHANGED 1343242304u

/* Pass kinds (wire names "fusion_base", "pattern_fusion", "decompose"). */
#define GE_PY_PASS_KIND_FUSION_BASE 0u
#define GE_PY_PASS_KIND_PATTERN_FUSION 1u
#define GE_PY_PASS_KIND_DECOMPOSE 2u

/* Log levels of the compiler's logging module. */
#define GE_PY_PASS_LOG_DEBUG 0
#define GE_PY_PASS_LOG_INFO 1
#define GE_PY_PASS_LOG_WARNING 2
#define GE_PY_PASS_LOG_ERROR 3

typedef struct PythonPassDescriptor {
  const char *descriptor_key; /* "<module>:<class>:<pass_name>" */
  const char *pass_name;
  const char *module_name;
  const char *class_name;
  uint32_t stage;              /* ge::CustomPassStage value */
  uint32_t kind;               /* GE_PY_PASS_KIND_* */
  const char *const *op_types; /* decompose passes */
  size_t op_type_count;
  uint32_t max_runs; /* repeat until unchanged, at most this many runs; 0 or 1 = once */
} PythonPassDescriptor;

/* Calls into Python for one descriptor. `holder` is one Python pass instance returned by `create`.
 * Every callback takes the GIL only for its own duration and never lets an exception escape.
 * `error` out-parameters receive a malloc'd message (or stay NULL); the caller frees them. */
typedef struct PythonFusionPassCallbacks {
  void *(*create)(const PythonPassDescriptor *descriptor, char **error);
  void (*destroy)(void *holder);
  /* FusionBasePass.run; a failure leaves its message in the context. */
  uint32_t (*run)(void *holder, void *graph, void *context);
  /* *config = NULL means the default configuration. */
  uint32_t (*get_matcher_config)(void *holder, void **config, char **error);
  /* *patterns: malloc'd array of *count Pattern pointers (the caller frees the array). */
  uint32_t (*patterns)(void *holder, void ***patterns, size_t *count, char **error);
  /* Both meet_requirements: 1 yes, 0 no, negative when the hook raised (a "no" whose traceback
   * the bridge left as the context's error message). */
  int (*meet_requirements)(void *holder, const void *match_result, void *context);
  /* *graph: an owned graph handle on success; a failure leaves its message in the context. */
  uint32_t (*replacement)(void *holder, const void *match_result, void *context, void **graph);
  int (*decompose_meet_requirements)(void *holder, const void *node, void *context);
  uint32_t (*decompose_replacement)(void *holder, const void *node, void *context, void **graph);
} PythonFusionPassCallbacks;

typedef struct PythonFusionPassRegistrar {
  /* Nonzero on success; on failure *error may receive a malloc'd reason. */
  int (*register_pass)(const PythonPassDescriptor *descriptor,
                       const PythonFusionPassCallbacks *callbacks, char **error);
  /* One line through the compiler's logging module. */
  void (*log)(int level, const char *message);
  /* Nonzero: a plugin that fails to import fails the round (else it is reported and skipped). */
  int strict;
} PythonFusionPassRegistrar;

/* Where the bridge's companion module lives and which interpreter to start when the process has
 * none (the probed `python3`, so that its venv and site-packages apply). NULL = empty. */
typedef struct PythonFusionPassBridgeArtifactConfig {
  const char *artifact_root;
  const char *native_module_path;
  const char *python_executable;
} PythonFusionPassBridgeArtifactConfig;

typedef struct PythonFusionPassBridgeApi {
  uint32_t abi_version;
  uint32_t (*set_artifact_config)(const PythonFusionPassBridgeArtifactConfig *config, char **error);
  /* Imports the plugins and registers every pass through the registrar. */
  uint32_t (*register_passes)(const PythonFusionPassRegistrar *registrar, char **error);
  void (*reset_bridge_state)(void);
  void (*shutdown_bridge)(void);
} PythonFusionPassBridgeApi;

typedef const PythonFusionPassBridgeApi *(*GetPythonFusionPassBridgeApiFn)(void);

#ifdef __cplusplus
}
#endif

#endif /* GE_PYTHON_PASS_PYTHON_PASS_BRIDGE_ABI_H_ */
