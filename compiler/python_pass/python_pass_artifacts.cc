// Artifact set discovery and manifest validation.
#include "python_pass/python_pass_artifacts.h"

#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <utility>

#include "common/file_utils.h"
#include "common/json.h"
#include "common/log.h"
#include "ge/python_pass/python_pass_bridge_abi.h"
#include "python_pass/python_probe_cache.h"

namespace ge {
namespace python_pass {
namespace {

constexpr const char *kFallbackCacheSubdir = "python_pass_artifacts";

std::vector<std::string> SortedChildDirs(const std::string &root) {
  std::vector<std::string> children;
  for (const std::string &name : ListDirectory(root)) {
    if (IsDirectory(root + "/" + name)) {
      children.push_back(root + "/" + name);
    }
  }
  return children;
}

bool RequiredString(const JsonValue &object, const std::string &key, std::string &value) {
  const JsonValue *member = object.Find(key);
  if (member == nullptr || !member->IsString() || member->GetString().empty()) {
    return false;
  }
  value = member->GetString();
  return true;
}

bool ReadJsonFile(const std::string &path, JsonValue &value) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return false;
  }
  std::stringstream text;
  text << in.rdbuf();
  return ParseJson(text.str(), &value) == SUCCESS && value.IsObject();
}

// The per-user cache of fallback codegen, the same directory ge.passes.runtime publishes into:
// <GePyUserCacheDir()>/python_pass_artifacts.
std::string FallbackCacheRoot() {
  const std::string dir = GePyUserCacheDir();
  return dir.empty() ? "" : dir + "/" + kFallbackCacheSubdir;
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
    const std::string manifest_path = dir + "/manifest.json";
    JsonValue manifest;
    std::string built_lib;
    std::string built_stamp;
    const JsonValue *fallback = nullptr;
    if (!ReadJsonFile(manifest_path, manifest) ||
        (fallback = manifest.Find("fallback")) == nullptr || !fallback->IsObject() ||
        !RequiredString(*fallback, "ge_compiler_lib", built_lib) ||
        !RequiredString(*fallback, "ge_compiler_lib_stamp", built_stamp)) {
      GELOGI("[PythonPass] Skip fallback cache set[%s]: no readable fallback manifest.",
             dir.c_str());
      continue;
    }
    if (library.empty() || RealPath(built_lib) != library || built_stamp != stamp) {
      GELOGI(
          "[PythonPass] Skip fallback cache set[%s]: built against compiler library[%s] stamp[%s], "
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

bool LoadArtifactManifest(const std::string &manifest_path, PythonPassArtifact &artifact,
                          std::string &reason) {
  std::ifstream in(manifest_path, std::ios::binary);
  if (!in) {
    reason = manifest_path + ": cannot be read";
    return false;
  }
  std::stringstream text;
  text << in.rdbuf();
  JsonValue manifest;
  if (ParseJson(text.str(), &manifest) != SUCCESS || !manifest.IsObject()) {
    reason = manifest_path + ": not a JSON object";
    return false;
  }
  PythonPassArtifact result;
  if (!RequiredString(manifest, "python_tag", result.python_tag) ||
      !RequiredString(manifest, "platform", result.platform)) {
    reason = manifest_path + ": python_tag and platform must be non-empty strings";
    return false;
  }
  const JsonValue *abi = manifest.Find("bridge_abi");
  if (abi == nullptr || !abi->IsInteger() || abi->GetInt() < 0) {
    reason = manifest_path + ": bridge_abi must be an unsigned integer";
    return false;
  }
  result.bridge_abi = static_cast<uint64_t>(abi->GetInt());
  const JsonValue *files = manifest.Find("artifacts");
  std::string bridge;
  std::string native;
  if (files == nullptr || !files->IsObject() || !RequiredString(*files, "bridge", bridge) ||
      !RequiredString(*files, "native", native)) {
    reason = manifest_path + ": artifacts.bridge and artifacts.native must be non-empty strings";
    return false;
  }
  result.manifest_path = RealPath(manifest_path);
  result.root = DirName(result.manifest_path);
  result.bridge_path = RealPath(bridge[0] == '/' ? bridge : result.root + "/" + bridge);
  result.native_path = RealPath(native[0] == '/' ? native : result.root + "/" + native);
  if (result.bridge_path.empty() || result.native_path.empty() ||
      !IsRegularFile(result.bridge_path) || !IsRegularFile(result.native_path)) {
    reason = manifest_path + ": artifact file missing (bridge '" + bridge + "', native '" + native +
             "')";
    return false;
  }
  artifact = result;
  return true;
}

std::vector<std::string> ArtifactSearchRoots(const std::string &compiler_lib_dir) {
  std::vector<std::string> candidates;
  const char *override_root = std::getenv(kArtifactRootEnv);
  if (override_root != nullptr && override_root[0] != '\0') {
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
  // Last, like ge.passes.runtime: sets fallback codegen published earlier (prebuilt sets win).
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

std::vector<PythonPassArtifact> ScanArtifacts(const std::vector<std::string> &roots,
                                              std::vector<std::string> &rejected) {
  std::vector<PythonPassArtifact> sets;
  for (const std::string &root : roots) {
    std::vector<std::string> dirs{root};
    for (const std::string &child : SortedChildDirs(root)) {
      dirs.push_back(child);
    }
    for (const std::string &dir : dirs) {
      const std::string manifest = dir + "/manifest.json";
      if (!IsRegularFile(manifest)) {
        continue;
      }
      PythonPassArtifact artifact;
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

std::vector<PythonPassArtifact> MatchingArtifacts(const std::vector<PythonPassArtifact> &sets,
                                                  const std::string &python_tag) {
  std::vector<PythonPassArtifact> matches;
  if (python_tag.empty()) {
    return matches;
  }
  const std::string platform = CurrentPlatformTag();
  for (const PythonPassArtifact &set : sets) {
    if (set.python_tag == python_tag && set.platform == platform &&
        set.bridge_abi == GE_PYTHON_PASS_BRIDGE_ABI_VERSION) {
      matches.push_back(set);
    }
  }
  return matches;
}

}  // namespace python_pass
}  // namespace ge
