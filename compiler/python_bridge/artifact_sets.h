// Python pass artifact sets (docs/packaging.md, "Runtime selection"): manifest validation, the
// roots to search, and the sets matching an interpreter. The one implementation of that
// decision: the bridge loader and the C API (ge/c_api/python_pass_artifacts.h, used by
// ge.passes.runtime) both call SelectArtifacts. Layout: <root>/manifest.json or
// <root>/<set>/manifest.json.
#ifndef GE_PYTHON_BRIDGE_ARTIFACT_SETS_H_
#define GE_PYTHON_BRIDGE_ARTIFACT_SETS_H_

#include <cstdint>
#include <string>
#include <vector>

namespace ge {
namespace python_bridge {

constexpr const char *kArtifactRootEnv = "GE_PY_PASS_ARTIFACT_ROOT";
constexpr const char *kArtifactSubdir = "passes/python_pass_artifacts";
constexpr const char *kPassSetAbiKey = "bridge_abi";

struct PythonArtifactSet {
  std::string manifest_path;  // real path
  std::string root;           // real directory of the manifest
  std::string python_tag;
  std::string platform;
  uint64_t abi = 0;         // bridge_abi (pass sets) or native_abi (native-only sets)
  std::string bridge_path;  // real path; "" for a set read without a bridge
  std::string native_path;  // real path
};

/// What one search saw, in search order.
struct ArtifactSelection {
  std::vector<std::string> roots;
  std::vector<PythonArtifactSet> sets;        // every valid set
  std::vector<std::string> rejected;          // why each other manifest or root was refused
  std::vector<PythonArtifactSet> candidates;  // the valid sets matching the interpreter
};

/// "linux-<uname machine>" ("linux-unknown" when uname fails).
std::string CurrentPlatformTag();
/// Real directory of the libge_compiler.so this code runs in ("" if dladdr cannot say).
std::string CompilerLibraryDir();
/// <GePyUserCacheDir()>/python_pass_artifacts: where fallback codegen publishes; "" without one.
std::string FallbackCacheRoot();
/// Reads and validates one manifest: non-empty string python_tag and platform, `abi_key` a
/// non-negative JSON integer, artifacts.native (and artifacts.bridge when `require_bridge`)
/// naming existing files. False with `reason` (naming the file and the field) otherwise.
bool ReadArtifactManifest(const std::string &manifest_path, const std::string &abi_key,
                          bool require_bridge, PythonArtifactSet &artifact, std::string &reason);
/// ReadArtifactManifest of a pass set (bridge_abi, bridge and native).
bool LoadArtifactManifest(const std::string &manifest_path, PythonArtifactSet &artifact,
                          std::string &reason);
/// Roots in search order (existing directories only, de-duplicated by real path):
/// $GE_PY_PASS_ARTIFACT_ROOT (a missing one is added to `rejected`), the build-tree set next to
/// `compiler_lib_dir` (<lib dir>/../python_pass_artifacts), then <ge>/passes/python_pass_artifacts
/// for each ge package dir: <site-packages>/ge next to an installed ge_compiler package, the GE
/// run-package layouts, each PYTHONPATH entry (itself when named ge, else <entry>/ge); then
/// `package_root` (the calling Python package's own root, "" for none); last the fallback sets
/// built against this very library, newest first.
std::vector<std::string> ArtifactSearchRoots(const std::string &compiler_lib_dir,
                                             const std::string &package_root,
                                             std::vector<std::string> &rejected);
/// Valid pass sets under the roots (root manifest first, then children by name); why the others
/// were rejected is appended to `rejected`.
std::vector<PythonArtifactSet> ScanArtifacts(const std::vector<std::string> &roots,
                                             std::vector<std::string> &rejected);
/// True when the set's tag equals `python_tag` (non-empty), its platform this one and its ABI
/// `abi`.
bool IsCompatibleArtifact(const PythonArtifactSet &set, const std::string &python_tag,
                          uint64_t abi);
/// Pass sets compatible with `python_tag` and the bridge ABI, in order.
std::vector<PythonArtifactSet> MatchingArtifacts(const std::vector<PythonArtifactSet> &sets,
                                                 const std::string &python_tag);
/// The whole decision: roots, scan and the matching candidates (the loader tries them in order).
ArtifactSelection SelectArtifacts(const std::string &python_tag,
                                  const std::string &compiler_lib_dir,
                                  const std::string &package_root);

}  // namespace python_bridge
}  // namespace ge

#endif  // GE_PYTHON_BRIDGE_ARTIFACT_SETS_H_
