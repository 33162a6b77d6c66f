// Python pass artifact selection through the C API (ge/c_api/python_pass_artifacts.h): thin
// wrappers over python_bridge/artifact_sets.h and python_pass_fallback_plan.h, the code the
// bridge loader runs.
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "c_handles/c_handles.h"
#include "common/error.h"
#include "ge/c_api/python_pass_artifacts.h"
#include "python_bridge/artifact_sets.h"
#include "python_bridge/fallback_plan.h"
#include "python_bridge/python_runtime_key.h"

struct GePyPassArtifactSet {
  ge::python_bridge::PythonArtifactSet set;
};

struct GePyPassArtifactSearch {
  std::vector<std::string> roots;
  std::vector<GePyPassArtifactSet> sets;
  std::vector<std::string> rejected;
  std::vector<GePyPassArtifactSet> candidates;
};

struct GePyPassFallbackPlan {
  ge::python_bridge::FallbackPlan plan;
};

namespace {

constexpr uint32_t kFailed = 0xFFFFFFFFU;

std::string Text(const char *text) { return text == nullptr ? "" : text; }

uint32_t Failed(const std::string &message) {
  ge::SetLastError(message);
  return kFailed;
}

std::vector<GePyPassArtifactSet> Wrap(
    const std::vector<ge::python_bridge::PythonArtifactSet> &sets) {
  std::vector<GePyPassArtifactSet> wrapped;
  for (const ge::python_bridge::PythonArtifactSet &set : sets) {
    wrapped.push_back(GePyPassArtifactSet{set});
  }
  return wrapped;
}

GePyPassArtifactSearch *NewSearch(const ge::python_bridge::ArtifactSelection &selection) {
  return new GePyPassArtifactSearch{selection.roots, Wrap(selection.sets), selection.rejected,
                                    Wrap(selection.candidates)};
}

// A malloc'd copy of `text` into *out, for the functions that return a string.
uint32_t ReturnString(const std::string &text, char **out) {
  *out = ge::capi::DupString(text);
  return *out == nullptr ? Failed("out of memory") : ge::SUCCESS;
}

template <typename T>
const T *At(const std::vector<T> &items, size_t index) {
  return index < items.size() ? &items[index] : nullptr;
}

}  // namespace

extern "C" {

uint32_t GePyPassArtifacts_PythonTag(const char *implementation, const char *version, char **tag) {
  return ge::capi::Guard<uint32_t>(kFailed, [&]() -> uint32_t {
    if (tag == nullptr) {
      return Failed("GePyPassArtifacts_PythonTag: result pointer is null");
    }
    *tag = nullptr;
    const std::string result = ge::python_bridge::PythonTagOf(Text(implementation), version);
    if (result.empty()) {
      return Failed("cannot derive a python tag from version '" + Text(version) + "'");
    }
    return ReturnString(result, tag);
  });
}

uint32_t GePyPassArtifacts_PlatformTag(char **platform) {
  return ge::capi::Guard<uint32_t>(kFailed, [&]() -> uint32_t {
    if (platform == nullptr) {
      return Failed("GePyPassArtifacts_PlatformTag: result pointer is null");
    }
    return ReturnString(ge::python_bridge::CurrentPlatformTag(), platform);
  });
}

uint32_t GePyPassArtifacts_FallbackCacheRoot(char **root) {
  return ge::capi::Guard<uint32_t>(kFailed, [&]() -> uint32_t {
    if (root == nullptr) {
      return Failed("GePyPassArtifacts_FallbackCacheRoot: result pointer is null");
    }
    *root = nullptr;
    const std::string dir = ge::python_bridge::FallbackCacheRoot();
    if (dir.empty()) {
      return Failed("no per-user cache directory (neither XDG_CACHE_HOME nor a home directory)");
    }
    return ReturnString(dir, root);
  });
}

void GePyPassArtifacts_FreeString(char *text) { std::free(text); }

uint32_t GePyPassArtifacts_ReadManifest(const char *manifest_path, const char *abi_key,
                                        bool require_bridge, GePyPassArtifactSet **set) {
  return ge::capi::Guard<uint32_t>(kFailed, [&]() -> uint32_t {
    if (set == nullptr || manifest_path == nullptr || abi_key == nullptr) {
      return Failed("GePyPassArtifacts_ReadManifest: null argument");
    }
    *set = nullptr;
    ge::python_bridge::PythonArtifactSet artifact;
    std::string reason;
    if (!ge::python_bridge::ReadArtifactManifest(manifest_path, abi_key, require_bridge, artifact,
                                                 reason)) {
      return Failed(reason);
    }
    *set = new GePyPassArtifactSet{std::move(artifact)};
    return ge::SUCCESS;
  });
}

void GePyPassArtifacts_DestroySet(GePyPassArtifactSet *set) { delete set; }

const char *GePyPassArtifacts_SetManifestPath(const GePyPassArtifactSet *set) {
  return set == nullptr ? nullptr : set->set.manifest_path.c_str();
}

const char *GePyPassArtifacts_SetRoot(const GePyPassArtifactSet *set) {
  return set == nullptr ? nullptr : set->set.root.c_str();
}

const char *GePyPassArtifacts_SetPythonTag(const GePyPassArtifactSet *set) {
  return set == nullptr ? nullptr : set->set.python_tag.c_str();
}

const char *GePyPassArtifacts_SetPlatform(const GePyPassArtifactSet *set) {
  return set == nullptr ? nullptr : set->set.platform.c_str();
}

uint64_t GePyPassArtifacts_SetAbi(const GePyPassArtifactSet *set) {
  return set == nullptr ? 0 : set->set.abi;
}

const char *GePyPassArtifacts_SetBridgePath(const GePyPassArtifactSet *set) {
  return set == nullptr ? nullptr : set->set.bridge_path.c_str();
}

const char *GePyPassArtifacts_SetNativePath(const GePyPassArtifactSet *set) {
  return set == nullptr ? nullptr : set->set.native_path.c_str();
}

bool GePyPassArtifacts_IsCompatible(const char *set_python_tag, const char *set_platform,
                                    uint64_t set_abi, const char *python_tag, uint64_t abi) {
  return ge::capi::Guard<bool>(false, [&]() {
    ge::python_bridge::PythonArtifactSet set;
    set.python_tag = Text(set_python_tag);
    set.platform = Text(set_platform);
    set.abi = set_abi;
    return ge::python_bridge::IsCompatibleArtifact(set, Text(python_tag), abi);
  });
}

uint32_t GePyPassArtifacts_Search(const char *python_tag, const char *package_root,
                                  GePyPassArtifactSearch **search) {
  return ge::capi::Guard<uint32_t>(kFailed, [&]() -> uint32_t {
    if (search == nullptr) {
      return Failed("GePyPassArtifacts_Search: result pointer is null");
    }
    *search = nullptr;
    *search = NewSearch(ge::python_bridge::SelectArtifacts(
        Text(python_tag), ge::python_bridge::CompilerLibraryDir(), Text(package_root)));
    return ge::SUCCESS;
  });
}

uint32_t GePyPassArtifacts_Scan(const char *const *roots, size_t root_count, const char *python_tag,
                                GePyPassArtifactSearch **search) {
  return ge::capi::Guard<uint32_t>(kFailed, [&]() -> uint32_t {
    if (search == nullptr || (root_count > 0 && roots == nullptr)) {
      return Failed("GePyPassArtifacts_Scan: null argument");
    }
    *search = nullptr;
    ge::python_bridge::ArtifactSelection selection;
    for (size_t i = 0; i < root_count; ++i) {
      selection.roots.push_back(Text(roots[i]));
    }
    selection.sets = ge::python_bridge::ScanArtifacts(selection.roots, selection.rejected);
    selection.candidates = ge::python_bridge::MatchingArtifacts(selection.sets, Text(python_tag));
    *search = NewSearch(selection);
    return ge::SUCCESS;
  });
}

void GePyPassArtifacts_DestroySearch(GePyPassArtifactSearch *search) { delete search; }

size_t GePyPassArtifacts_SearchRootCount(const GePyPassArtifactSearch *search) {
  return search == nullptr ? 0 : search->roots.size();
}

const char *GePyPassArtifacts_SearchRoot(const GePyPassArtifactSearch *search, size_t index) {
  const std::string *root = search == nullptr ? nullptr : At(search->roots, index);
  return root == nullptr ? nullptr : root->c_str();
}

size_t GePyPassArtifacts_SearchSetCount(const GePyPassArtifactSearch *search) {
  return search == nullptr ? 0 : search->sets.size();
}

const GePyPassArtifactSet *GePyPassArtifacts_SearchSet(const GePyPassArtifactSearch *search,
                                                       size_t index) {
  return search == nullptr ? nullptr : At(search->sets, index);
}

size_t GePyPassArtifacts_SearchRejectedCount(const GePyPassArtifactSearch *search) {
  return search == nullptr ? 0 : search->rejected.size();
}

const char *GePyPassArtifacts_SearchRejected(const GePyPassArtifactSearch *search, size_t index) {
  const std::string *reason = search == nullptr ? nullptr : At(search->rejected, index);
  return reason == nullptr ? nullptr : reason->c_str();
}

size_t GePyPassArtifacts_SearchCandidateCount(const GePyPassArtifactSearch *search) {
  return search == nullptr ? 0 : search->candidates.size();
}

const GePyPassArtifactSet *GePyPassArtifacts_SearchCandidate(const GePyPassArtifactSearch *search,
                                                             size_t index) {
  return search == nullptr ? nullptr : At(search->candidates, index);
}

uint32_t GePyPassArtifacts_PlanFallback(const char *python_tag, const char *python_executable,
                                        const char *python_version, const char *libpython,
                                        const char *ge_py_version, const char *sources_dir,
                                        GePyPassFallbackPlan **plan) {
  return ge::capi::Guard<uint32_t>(kFailed, [&]() -> uint32_t {
    if (plan == nullptr) {
      return Failed("GePyPassArtifacts_PlanFallback: result pointer is null");
    }
    *plan = nullptr;
    ge::python_bridge::FallbackRequest request;
    request.python_tag = Text(python_tag);
    request.python_executable = Text(python_executable);
    request.python_version = Text(python_version);
    request.libpython = Text(libpython);
    request.ge_py_version = Text(ge_py_version);
    request.sources_dir = Text(sources_dir);
    ge::python_bridge::FallbackPlan result;
    std::string error;
    if (!ge::python_bridge::PlanFallbackBuild(request, result, error)) {
      return Failed(error);
    }
    *plan = new GePyPassFallbackPlan{std::move(result)};
    return ge::SUCCESS;
  });
}

void GePyPassArtifacts_DestroyFallbackPlan(GePyPassFallbackPlan *plan) { delete plan; }

const char *GePyPassArtifacts_PlanCacheRoot(const GePyPassFallbackPlan *plan) {
  return plan == nullptr ? nullptr : plan->plan.cache_root.c_str();
}

const char *GePyPassArtifacts_PlanKey(const GePyPassFallbackPlan *plan) {
  return plan == nullptr ? nullptr : plan->plan.key.c_str();
}

const char *GePyPassArtifacts_PlanSetDir(const GePyPassFallbackPlan *plan) {
  return plan == nullptr ? nullptr : plan->plan.set_dir.c_str();
}

const char *GePyPassArtifacts_PlanSourcesHash(const GePyPassFallbackPlan *plan) {
  return plan == nullptr ? nullptr : plan->plan.sources_hash.c_str();
}

const char *GePyPassArtifacts_PlanCompilerLib(const GePyPassFallbackPlan *plan) {
  return plan == nullptr ? nullptr : plan->plan.compiler_lib.c_str();
}

const char *GePyPassArtifacts_PlanCompilerLibStamp(const GePyPassFallbackPlan *plan) {
  return plan == nullptr ? nullptr : plan->plan.compiler_lib_stamp.c_str();
}

}  // extern "C"
