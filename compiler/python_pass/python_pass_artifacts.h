// Discovery of prebuilt Python pass artifact sets (docs/packaging.md): the
// roots to search, manifest validation, and the candidates matching a runtime key. Agrees with
// ge.passes.runtime on the layout: <root>/manifest.json or <root>/<set>/manifest.json.
#ifndef GE_PYTHON_PASS_PYTHON_PASS_ARTIFACTS_H_
#define GE_PYTHON_PASS_PYTHON_PASS_ARTIFACTS_H_

#include <cstdint>
#include <string>
#include <vector>

namespace ge {
namespace python_pass {

constexpr const char *kArtifactRootEnv = "GE_PY_PASS_ARTIFACT_ROOT";
constexpr const char *kArtifactSubdir = "passes/python_pass_artifacts";

struct PythonPassArtifact {
  std::string manifest_path;  // real path
  std::string root;           // real directory of the manifest
  std::string python_tag;
  std::string platform;
  uint64_t bridge_abi = 0;
  std::string bridge_path;  // real path
  std::string native_path;  // real path
};

/// "linux-<uname machine>" ("linux-unknown" when uname fails).
std::string CurrentPlatformTag();
/// Reads and validates one manifest; false with `reason` set when it is not a valid set.
bool LoadArtifactManifest(const std::string &manifest_path, PythonPassArtifact &artifact,
                          std::string &reason);
/// Roots in search order (existing directories only, de-duplicated by real path):
/// $GE_PY_PASS_ARTIFACT_ROOT, the build-tree set next to `compiler_lib_dir`
/// (<lib dir>/../python_pass_artifacts), then <ge>/passes/python_pass_artifacts for each ge package
/// dir: <site-packages>/ge next to an installed ge_compiler package, the GE run-package layouts,
/// and each PYTHONPATH entry (itself when named ge, else <entry>/ge). The per-user fallback cache
/// is searched after these (see the cache scan in python_pass_artifacts.cc).
std::vector<std::string> ArtifactSearchRoots(const std::string &compiler_lib_dir);
/// Valid sets under the roots (root manifest first, then children by name) and why the others
/// were rejected.
std::vector<PythonPassArtifact> ScanArtifacts(const std::vector<std::string> &roots,
                                              std::vector<std::string> &rejected);
/// Sets whose tag, platform and ABI match.
std::vector<PythonPassArtifact> MatchingArtifacts(const std::vector<PythonPassArtifact> &sets,
                                                  const std::string &python_tag);

}  // namespace python_pass
}  // namespace ge

#endif  // GE_PYTHON_PASS_PYTHON_PASS_ARTIFACTS_H_
