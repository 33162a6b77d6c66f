// Artifact set discovery and manifest validation.
#include "python_bridge/artifact_sets.h"

#include <dlfcn.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <utility>

#include "common/error.h"
#include "common/file_utils.h"
#include "common/json.h"
#include "common/log.h"
#include "ge/python_pass/python_pass_bridge_abi.h"
#include "python_bridge/python_probe_cache.h"

namespace ge {
namespace python_bridge {
namespace {

constexpr const char *kFallbackCacheSubdir = "python_pass_artifacts";
constexpr const char *kManifestName = "manifest.json";

std::vector<std::string> SortedChildDirs(const std::string &root) {
  std::vector<std::string> children;
  for (const std::string &name : ListDirectory(root)) {
    if (IsDirectory(root + "/" + name)) {
      children.push_back(root + "/" + name);
    }
  }
  return children;
}

// The value as the manifest wrote it, for a rejection reason.
std::string Shown(const JsonValue *value) { return value == nullptr ? "nothing" : value->Dump(); }

// A member that must be a non-empty string; false with `reason` naming `where` + key.
bool RequiredString(const JsonValue &object, const std::string &key, const std::string &where,
                    std::string &value, std::string &reason) {
  const JsonValue *member = object.Find(key);
  if (member == nullptr || !member->IsString() || member->GetString().empty()) {
    reason = where + "'" + key + "' must be a non-empty string, got " + Shown(member);
    return false;
  }
  value = member->GetString();
  return true;
}

bool ReadText(const std::string &path, std::string &text, std::string &error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = std::strerror(errno);
    return false;
  }
  std::stringstream content;
  content << in.rdbuf();
  text = content.str();
  return true;
}

bool ReadJsonObject(const std::string &path, JsonValue &value) {
  std::string text;
  std::string error;
  return ReadText(path, text, error) && ParseJson(text, &value) == SUCCESS && value.IsObject();
}

// The file an artifacts entry names (relative to the manifest's directory).
std::string ArtifactPath(const std::string &root, const std::string &entry) {
  return entry[0] == '/' ? entry : root + "/" + entry;
}

// Its real path, or "" when it is not a regular file.
std::string ExistingFile(const std::string &path) {
  const std::string real = RealPath(path);
  return !real.empty() && IsRegularFile(real) ? real : "";
}

// Cached fallback sets built against THIS compiler library (same real path and stamp), newest
// manifest first. Sets of other installations or of a replaced library share the cache but must
// not be loaded here: their RUNPATH names another libge_compiler.so.
std::vector<std::string> FallbackCacheSets(const std::string &compiler_lib_dir) {
  std::vector<std::string> sets;
  const std::string cache = RealPath(FallbackCacheRoot());
  if (compiler_lib_dir.empty() || cache.empty() || !IsDirectory(cache)) {
    return sets;
  }
  const std::string library = RealPath(compiler_lib_dir + "/libge_compiler.so");
  const std::string stamp = FileStamp(library);
  std::vector<std::pair<long long, std::string>> found;
  for (const std::string &dir : SortedChildDirs(cache)) {
    if (BaseName(dir)[0] == '.') {
      continue;  // work directories of builds in progress
    }
    const std::string manifest_path = dir + "/" + kManifestName;
    JsonValue manifest;
    std::string built_lib;
    std::string built_stamp;
    std::string ignored;
    const JsonValue *fallback = nullptr;
    if (!ReadJsonObject(manifest_path, manifest) ||
        (fallback = manifest.Find("fallback")) == nullptr || !fallback->IsObject() ||
        !RequiredString(*fallback, "ge_compiler_lib", "", built_lib, ignored) ||
        !RequiredString(*fallback, "ge_compiler_lib_stamp", "", built_stamp, ignored)) {
      GELOGI("[PythonBridge] Skip fallback cache set[%s]: no readable fallback manifest.",
             dir.c_str());
      continue;
    }
    if (library.empty() || RealPath(built_lib) != library || built_stamp != stamp) {
      GELOGI(
          "[PythonBridge] Skip fallback cache set[%s]: built against compiler library[%s] "
          "stamp[%s], "
          "this process uses [%s] stamp[%s].",
          dir.c_str(), built_lib.c_str(), built_stamp.c_str(), library.c_str(), stamp.c_str());
      continue;
    }
    struct stat info;
    const long long mtime =
        stat(manifest_path.c_str(), &info) == 0 ? static_cast<long long>(info.st_mtime) : 0;
    found.emplace_back(mtime, dir);
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const auto &lhs, const auto &rhs) { return lhs.first > rhs.first; });
  for (const auto &entry : found) {
    sets.push_back(entry.second);
  }
  return sets;
}

}  // namespace

std::string CurrentPlatformTag() {
  struct utsname name;
  if (uname(&name) != 0) {
    return "linux-unknown";
  }
  return std::string("linux-") + name.machine;
}

std::string CompilerLibraryDir() {
  Dl_info info;
  if (dladdr(reinterpret_cast<void *>(&CompilerLibraryDir), &info) == 0 ||
      info.dli_fname == nullptr) {
    return "";
  }
  const std::string path = RealPath(info.dli_fname);
  return path.empty() ? "" : DirName(path);
}

std::string FallbackCacheRoot() {
  const std::string dir = GePyUserCacheDir();
  return dir.empty() ? "" : dir + "/" + kFallbackCacheSubdir;
}

bool ReadArtifactManifest(const std::string &manifest_path, const std::string &abi_key,
                          bool require_bridge, PythonArtifactSet &artifact, std::string &reason) {
  const std::string where = manifest_path + ": ";
  std::string text;
  std::string error;
  if (!ReadText(manifest_path, text, error)) {
    reason = where + "cannot read manifest: " + error;
    return false;
  }
  JsonValue manifest;
  if (ParseJson(text, &manifest) != SUCCESS) {
    reason = where + "invalid JSON: " + GetLastError();
    ClearLastError();
    return false;
  }
  if (!manifest.IsObject()) {
    reason = where + "top level must be a JSON object";
    return false;
  }
  PythonArtifactSet result;
  if (!RequiredString(manifest, "python_tag", "", result.python_tag, reason) ||
      !RequiredString(manifest, "platform", "", result.platform, reason)) {
    reason = where + reason;
    return false;
  }
  // A JSON integer only: "1", 1.0 and true are not ABI versions.
  const JsonValue *abi = manifest.Find(abi_key);
  if (abi == nullptr || !abi->IsInteger() || abi->GetInt() < 0) {
    reason = where + "'" + abi_key + "' must be a non-negative integer, got " + Shown(abi);
    return false;
  }
  result.abi = static_cast<uint64_t>(abi->GetInt());
  const JsonValue *files = manifest.Find("artifacts");
  if (files == nullptr || !files->IsObject()) {
    reason = where + "'artifacts' must be an object";
    return false;
  }
  result.root = RealPath(DirName(manifest_path));
  result.manifest_path = RealPath(manifest_path);
  std::string native;
  if (!RequiredString(*files, "native", "artifacts.", native, reason)) {
    reason = where + reason;
    return false;
  }
  result.native_path = ExistingFile(ArtifactPath(result.root, native));
  if (result.native_path.empty()) {
    reason = where + "artifacts.native file not found: " + ArtifactPath(result.root, native);
    return false;
  }
  if (require_bridge) {
    std::string bridge;
    if (!RequiredString(*files, "bridge", "artifacts.", bridge, reason)) {
      reason = where + reason;
      return false;
    }
    result.bridge_path = ExistingFile(ArtifactPath(result.root, bridge));
    if (result.bridge_path.empty()) {
      reason = where + "artifacts.bridge file not found: " + ArtifactPath(result.root, bridge);
      return false;
    }
  }
  artifact = result;
  return true;
}

bool LoadArtifactManifest(const std::string &manifest_path, PythonArtifactSet &artifact,
                          std::string &reason) {
  return ReadArtifactManifest(manifest_path, kPassSetAbiKey, true, artifact, reason);
}

std::vector<std::string> ArtifactSearchRoots(const std::string &compiler_lib_dir,
                                             const std::string &package_root,
                                             std::vector<std::string> &rejected) {
  std::vector<std::string> candidates;
  const char *override_root = std::getenv(kArtifactRootEnv);
  if (override_root != nullptr && override_root[0] != '\0') {
    if (!IsDirectory(override_root)) {
      rejected.push_back(std::string(kArtifactRootEnv) + "=" + override_root + ": not a directory");
    }
    candidates.push_back(override_root);
  }
  std::vector<std::string> ge_dirs;
  if (!compiler_lib_dir.empty()) {
    const std::string lib = compiler_lib_dir;
    const std::string inst = DirName(lib);
    candidates.push_back(inst + "/python_pass_artifacts");  // build tree: <build>/compiler/..
    candidates.push_back(DirName(inst) + "/python_pass_artifacts");
    ge_dirs.push_back(DirName(inst) + "/ge");  // <site-packages>/ge_compiler/lib -> <sp>/ge
    ge_dirs.push_back(inst + "/python/site-packages/ge");
    if (BaseName(lib) == "lib64") {
      ge_dirs.push_back(DirName(inst) + "/python/site-packages/ge");
    }
  }
  if (const char *python_path = std::getenv("PYTHONPATH")) {
    std::stringstream entries(python_path);
    std::string entry;
    while (std::getline(entries, entry, ':')) {
      if (entry.empty()) {
        continue;
      }
      ge_dirs.push_back(BaseName(entry) == "ge" ? entry : entry + "/ge");
    }
  }
  for (const std::string &ge_dir : ge_dirs) {
    candidates.push_back(ge_dir + "/" + kArtifactSubdir);
  }
  if (!package_root.empty()) {
    candidates.push_back(package_root);
  }
  // Last: sets fallback codegen published earlier (prebuilt sets win).
  for (const std::string &set : FallbackCacheSets(compiler_lib_dir)) {
    candidates.push_back(set);
  }
  std::vector<std::string> roots;
  std::set<std::string> seen;
  for (const std::string &candidate : candidates) {
    const std::string real = RealPath(candidate);
    if (!real.empty() && IsDirectory(real) && seen.insert(real).second) {
      roots.push_back(real);
    }
  }
  return roots;
}

std::vector<PythonArtifactSet> ScanArtifacts(const std::vector<std::string> &roots,
                                             std::vector<std::string> &rejected) {
  std::vector<PythonArtifactSet> sets;
  for (const std::string &root : roots) {
    std::vector<std::string> dirs{root};
    for (const std::string &child : SortedChildDirs(root)) {
      dirs.push_back(child);
    }
    for (const std::string &dir : dirs) {
      const std::string manifest = dir + "/" + kManifestName;
      if (!IsRegularFile(manifest)) {
        continue;
      }
      PythonArtifactSet artifact;
      std::string reason;
      if (LoadArtifactManifest(manifest, artifact, reason)) {
        sets.push_back(artifact);
      } else {
        rejected.push_back(reason);
      }
    }
  }
  return sets;
}

bool IsCompatibleArtifact(const PythonArtifactSet &set, const std::string &python_tag,
                          uint64_t abi) {
  return !python_tag.empty() && set.python_tag == python_tag &&
         set.platform == CurrentPlatformTag() && set.abi == abi;
}

std::vector<PythonArtifactSet> MatchingArtifacts(const std::vector<PythonArtifactSet> &sets,
                                                 const std::string &python_tag) {
  std::vector<PythonArtifactSet> matches;
  for (const PythonArtifactSet &set : sets) {
    if (IsCompatibleArtifact(set, python_tag, GE_PYTHON_PASS_BRIDGE_ABI_VERSION)) {
      matches.push_back(set);
    }
  }
  return matches;
}

ArtifactSelection SelectArtifacts(const std::string &python_tag,
                                  const std::string &compiler_lib_dir,
                                  const std::string &package_root) {
  ArtifactSelection selection;
  selection.roots = ArtifactSearchRoots(compiler_lib_dir, package_root, selection.rejected);
  selection.sets = ScanArtifacts(selection.roots, selection.rejected);
  selection.candidates = MatchingArtifacts(selection.sets, python_tag);
  return selection;
}

}  // namespace python_bridge
}  // namespace ge
