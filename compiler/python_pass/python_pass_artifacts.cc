// Artifact set discovery and manifest validation.
#include "python_pass/python_pass_artifacts.h"

#include <sys/utsname.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "common/file_utils.h"
#include "common/json.h"
#include "ge/python_pass/python_pass_bridge_abi.h"

namespace ge {
namespace python_pass {
namespace {

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
