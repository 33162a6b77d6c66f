// Python pass artifact selection of the C API (a ge_py addition): which artifact set
// (libge_python_pass_bridge.so + _ge_pass_native.so, described by a manifest.json) matches an
// interpreter, where sets are searched, and where fallback codegen keeps the sets it builds. The
// bridge loader decides with the same code, so ge.passes.runtime (ctypes) and atc/pyatc choose the
// same set for the same inputs (docs/packaging.md, "Runtime selection"). Status results: 0 on
// success, 0xFFFFFFFF on failure with the reason in GeApiWrapper_GEGetErrorMsg(). Defined in
// compiler/c_api/python_pass_artifacts_c_api.cc.
#ifndef GE_C_API_PYTHON_PASS_ARTIFACTS_H_
#define GE_C_API_PYTHON_PASS_ARTIFACTS_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ge/c_api/ge_c_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/// *tag = the malloc'd artifact tag ("cp311"; "pp310" for PyPy) of an interpreter from its
/// sys.implementation.name and sys.version (free with GePyPassArtifacts_FreeString); fails when
/// the version does not start with "<major>.<minor>".
uint32_t GePyPassArtifacts_PythonTag(const char *implementation, const char *version, char **tag);
/// *platform = the malloc'd "<system>-<machine>" of this process, e.g. "linux-x86_64".
uint32_t GePyPassArtifacts_PlatformTag(char **platform);
/// *root = the malloc'd per-user directory of fallback sets ($XDG_CACHE_HOME when absolute, else
/// ~/.cache, then ge_py/python_pass_artifacts); fails when there is no home directory.
uint32_t GePyPassArtifacts_FallbackCacheRoot(char **root);
void GePyPassArtifacts_FreeString(char *text);

/// *set = the set one manifest describes (destroy with GePyPassArtifacts_DestroySet). abi_key is
/// "bridge_abi" for pass sets (require_bridge true) or "native_abi" for native-only sets. Fails,
/// with the reason naming the file and the field, when the manifest describes no usable set.
uint32_t GePyPassArtifacts_ReadManifest(const char *manifest_path, const char *abi_key,
                                        bool require_bridge, GePyPassArtifactSet **set);
void GePyPassArtifacts_DestroySet(GePyPassArtifactSet *set);
/// The fields of a set (real paths), borrowed from it; NULL for a NULL set. The bridge path is ""
/// for a set read without a bridge.
const char *GePyPassArtifacts_SetManifestPath(const GePyPassArtifactSet *set);
const char *GePyPassArtifacts_SetRoot(const GePyPassArtifactSet *set);
const char *GePyPassArtifacts_SetPythonTag(const GePyPassArtifactSet *set);
const char *GePyPassArtifacts_SetPlatform(const GePyPassArtifactSet *set);
uint64_t GePyPassArtifacts_SetAbi(const GePyPassArtifactSet *set);
const char *GePyPassArtifacts_SetBridgePath(const GePyPassArtifactSet *set);
const char *GePyPassArtifacts_SetNativePath(const GePyPassArtifactSet *set);
/// True when a set with these manifest fields was built for python_tag, this platform and abi.
bool GePyPassArtifacts_IsCompatible(const char *set_python_tag, const char *set_platform,
                                    uint64_t set_abi, const char *python_tag, uint64_t abi);

/// *search = the bridge loader's search for python_tag (destroy with
/// GePyPassArtifacts_DestroySearch): $GE_PY_PASS_ARTIFACT_ROOT, the build tree next to this
/// library, the ge packages next to it and on PYTHONPATH, package_root (the caller's own
/// python_pass_artifacts directory; NULL or "" for none), then the fallback sets built against
/// this library.
uint32_t GePyPassArtifacts_Search(const char *python_tag, const char *package_root,
                                  GePyPassArtifactSearch **search);
/// *search = the valid sets and rejections under the given roots only (each root's manifest, then
/// its immediate children by name); candidates match python_tag (none when NULL or "").
uint32_t GePyPassArtifacts_Scan(const char *const *roots, size_t root_count, const char *python_tag,
                                GePyPassArtifactSearch **search);
void GePyPassArtifacts_DestroySearch(GePyPassArtifactSearch *search);
/// What a search saw, in search order, borrowed from it: the roots, every valid set, why each
/// other manifest (or a missing override root) was refused, and the sets matching the
/// interpreter, which the loader tries in order. An index out of range gives NULL.
size_t GePyPassArtifacts_SearchRootCount(const GePyPassArtifactSearch *search);
const char *GePyPassArtifacts_SearchRoot(const GePyPassArtifactSearch *search, size_t index);
size_t GePyPassArtifacts_SearchSetCount(const GePyPassArtifactSearch *search);
const GePyPassArtifactSet *GePyPassArtifacts_SearchSet(const GePyPassArtifactSearch *search,
                                                       size_t index);
size_t GePyPassArtifacts_SearchRejectedCount(const GePyPassArtifactSearch *search);
const char *GePyPassArtifacts_SearchRejected(const GePyPassArtifactSearch *search, size_t index);
size_t GePyPassArtifacts_SearchCandidateCount(const GePyPassArtifactSearch *search);
const GePyPassArtifactSet *GePyPassArtifacts_SearchCandidate(const GePyPassArtifactSearch *search,
                                                             size_t index);

/// *plan = the cache entry of a fallback build for this interpreter (sys.executable, sys.version,
/// its shared libpython or "") and the embedded sources in sources_dir (destroy with
/// GePyPassArtifacts_DestroyFallbackPlan). The key covers the bridge ABI, ge_py_version, every
/// source file, the interpreter and this library (path, size, mtime). Fails when the sources lack
/// CMakeLists.txt, native/CMakeLists.txt or compiler/include, or there is no cache directory.
uint32_t GePyPassArtifacts_PlanFallback(const char *python_tag, const char *python_executable,
                                        const char *python_version, const char *libpython,
                                        const char *ge_py_version, const char *sources_dir,
                                        GePyPassFallbackPlan **plan);
void GePyPassArtifacts_DestroyFallbackPlan(GePyPassFallbackPlan *plan);
/// The fields of a plan, borrowed from it (NULL for a NULL plan): the cache root, the key
/// "<python_tag>-<platform>-<16 hex digits>", the set directory (cache root/key), the digest of
/// the sources, the real path of this libge_compiler.so and its "<size>:<mtime ns>" stamp.
const char *GePyPassArtifacts_PlanCacheRoot(const GePyPassFallbackPlan *plan);
const char *GePyPassArtifacts_PlanKey(const GePyPassFallbackPlan *plan);
const char *GePyPassArtifacts_PlanSetDir(const GePyPassFallbackPlan *plan);
const char *GePyPassArtifacts_PlanSourcesHash(const GePyPassFallbackPlan *plan);
const char *GePyPassArtifacts_PlanCompilerLib(const GePyPassFallbackPlan *plan);
const char *GePyPassArtifacts_PlanCompilerLibStamp(const GePyPassFallbackPlan *plan);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  // GE_C_API_PYTHON_PASS_ARTIFACTS_H_
