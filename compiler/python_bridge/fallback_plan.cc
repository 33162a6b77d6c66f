// Fallback cache keys (see python_pass_fallback_plan.h).
#include "python_bridge/fallback_plan.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <vector>

#include "common/file_utils.h"
#include "ge/python_pass/python_pass_bridge_abi.h"
#include "python_bridge/artifact_sets.h"
#include "python_bridge/fnv1a_hash.h"
#include "python_bridge/python_probe_cache.h"

namespace ge {
namespace python_bridge {
namespace {

// What must be there for a build, and the directories whose files the key covers.
constexpr const char *kSourceMarkers[] = {"CMakeLists.txt", "native/CMakeLists.txt",
                                          "compiler/include"};
constexpr const char *kHashedDirs[] = {"cmake", "native", "compiler/include"};

bool IsSource(const std::string &relative) {
  const bool compiled =
      relative.size() > 4 && relative.compare(relative.size() - 4, 4, ".pyc") == 0;
  return !compiled && ("/" + relative + "/").find("/__pycache__/") == std::string::npos;
}

// Files under `root`/`relative`, as paths relative to `root`.
void CollectFiles(const std::string &root, const std::string &relative,
                  std::vector<std::string> &files) {
  for (const std::string &name : ListDirectory(root + "/" + relative)) {
    const std::string child = relative + "/" + name;
    if (IsDirectory(root + "/" + child)) {
      CollectFiles(root, child, files);
    } else if (IsRegularFile(root + "/" + child) && IsSource(child)) {
      files.push_back(child);
    }
  }
}

bool HashSources(const std::string &root, std::string &digest, std::string &error) {
  std::vector<std::string> files;
  for (const char *dir : kHashedDirs) {
    CollectFiles(root, dir, files);
  }
  std::sort(files.begin(), files.end());
  files.insert(files.begin(), "CMakeLists.txt");
  Fnv1aHash hash;
  for (const std::string &file : files) {
    std::ifstream in(root + "/" + file, std::ios::binary);
    if (!in) {
      error = "cannot read fallback source " + root + "/" + file;
      return false;
    }
    std::stringstream content;
    content << in.rdbuf();
    hash.Update(file + std::string(1, '\0'));
    hash.Update(content.str() + std::string(1, '\0'));
  }
  digest = hash.Hex();
  return true;
}

}  // namespace

bool PlanFallbackBuild(const FallbackRequest &request, FallbackPlan &plan, std::string &error) {
  if (request.python_tag.empty()) {
    error = "no python tag for the fallback build";
    return false;
  }
  std::string missing;
  for (const char *marker : kSourceMarkers) {
    if (request.sources_dir.empty() || RealPath(request.sources_dir + "/" + marker).empty()) {
      missing += std::string(missing.empty() ? "" : ", ") + marker;
    }
  }
  if (!missing.empty()) {
    error = "Expected CMakeLists.txt, native/CMakeLists.txt, compiler/include under " +
            request.sources_dir + " (missing " + missing + ")";
    return false;
  }
  FallbackPlan result;
  result.cache_root = FallbackCacheRoot();
  if (result.cache_root.empty()) {
    error = "no per-user cache directory (neither an absolute XDG_CACHE_HOME nor a home directory)";
    return false;
  }
  const std::string lib_dir = CompilerLibraryDir();
  result.compiler_lib = lib_dir.empty() ? "" : RealPath(lib_dir + "/libge_compiler.so");
  result.compiler_lib_stamp = FileStamp(result.compiler_lib);
  if (result.compiler_lib_stamp.empty()) {
    error = "cannot locate the libge_compiler.so this process runs on";
    return false;
  }
  if (!HashSources(RealPath(request.sources_dir), result.sources_hash, error)) {
    return false;
  }
  const std::string executable = RealPath(request.python_executable);
  const std::vector<std::string> parts = {
      std::to_string(GE_PYTHON_PASS_BRIDGE_ABI_VERSION),
      request.ge_py_version,
      result.sources_hash,
      executable.empty() ? request.python_executable : executable,
      request.python_version,
      request.libpython,
      result.compiler_lib,
      result.compiler_lib_stamp};
  Fnv1aHash hash;
  for (const std::string &part : parts) {
    hash.Update(part + "\n");
  }
  result.key = request.python_tag + "-" + CurrentPlatformTag() + "-" + hash.Hex();
  result.set_dir = result.cache_root + "/" + result.key;
  plan = result;
  return true;
}

}  // namespace python_bridge
}  // namespace ge
