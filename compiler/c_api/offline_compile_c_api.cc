// Offline compile C API (behind ge.offline_compile): GE's
// aclgrphBuildInitialize / BuildModel / SaveModel / Bundle* / BuildFinalize over the compile
// pipeline shared with atc --mode=0 (tools/offline_build.h), so a model built here has the same
// graph, options and platform sections as the .om atc writes for the same graph and options.
//
// Status: 0 = success; failures return kFailed with the reason in GEGetErrorMsg().
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "c_handles/c_handles.h"
#include "common/log.h"
#include "ge/c_api/offline_compile.h"
#include "loader/pass_plugin_loader.h"
#include "om/om_bundle.h"
#include "om/om_codec.h"
#include "om/om_file.h"
#include "ops/platform_info.h"
#include "pipeline/compile_graph.h"
#include "python_custom_op/python_custom_ops.h"
#include "tools/offline_build.h"

/// GE's ModelBufferData{data, length}: the serialized model. `bundle` tells a bundle (several
/// models, from BundleBuildModel) from a single model so each save function accepts only its own.
struct GeModelBufferData {
  std::string bytes;
  bool bundle = false;
};

namespace {

constexpr uint32_t kFailed = 0xFFFFFFFFU;
using Options = std::map<std::string, std::string>;

/// The builder session between BuildInitialize and BuildFinalize. Recursive: a pass running
/// inside a build may query state through this API on the same thread.
struct OfflineCompileState {
  std::recursive_mutex mutex;
  bool initialized = false;
  Options global_options;
};

OfflineCompileState &State() {
  static OfflineCompileState state;
  return state;
}

/// Copies `n` key/value pairs; `what` names the argument in errors.
bool ReadOptions(const char *const *keys, const char *const *values, int n, const std::string &what,
                 Options *options) {
  if (n < 0) {
    ge::SetLastError(what + ": option count " + std::to_string(n) + " is negative");
    return false;
  }
  if (n > 0 && (keys == nullptr || values == nullptr)) {
    ge::SetLastError(what + ": " + std::to_string(n) +
                     " options but the key or value array is null");
    return false;
  }
  for (int i = 0; i < n; ++i) {
    if (keys[i] == nullptr || values[i] == nullptr) {
      ge::SetLastError(what + ": option " + std::to_string(i) + " has a null key or value");
      return false;
    }
    (*options)[keys[i]] = values[i];
  }
  return true;
}

/// Global options first, graph options override them (GE's aclgrphBuildModel).
Options MergeOptions(const Options &global, const Options &graph) {
  Options merged = global;
  for (const auto &kv : graph) {
    merged[kv.first] = kv.second;
  }
  return merged;
}

bool RequireInitialized(const char *api) {
  if (!State().initialized) {
    ge::SetLastError(std::string(api) +
                     ": the offline builder is not initialized; call build_initialize first");
    return false;
  }
  return true;
}

/// Compiles a deep copy of `handle`'s graph (the caller's graph stays untouched) and serializes it
/// as one .om image.
bool BuildOne(const GeGraphHandle *handle, const Options &options, const std::string &label,
              std::string *image) {
  ge::ComputeGraph *graph = ge::capi::GetGraph(handle);
  if (graph == nullptr) {
    ge::SetLastError(label + ": graph handle is null");
    return false;
  }
  ge::ComputeGraphPtr copy = graph->Clone();
  if (copy == nullptr) {
    ge::SetLastError(label + ": copying graph '" + graph->GetName() +
                     "' failed: " + ge::GetLastError());
    return false;
  }
  ge::OmModel model;
  if (ge::BuildOmModel(copy, options, &model) != ge::SUCCESS) {
    ge::SetLastError(label + ": graph '" + graph->GetName() + "': " + ge::GetLastError());
    return false;
  }
  model.build_info["producer"] = "ge_py offline_compile";
  model.build_info["source_graph"] = graph->GetName();
  if (ge::SerializeOmModel(model, image) != ge::SUCCESS) {
    ge::SetLastError(label + ": " + ge::GetLastError());
    return false;
  }
  return true;
}

/// Writes `<file>.om` from a buffer of the expected kind.
uint32_t SaveBuffer(const char *api, const char *file, const GeModelBufferData *model,
                    bool bundle) {
  if (file == nullptr || file[0] == '\0') {
    ge::SetLastError(std::string(api) + ": output_file is null or empty");
    return kFailed;
  }
  if (model == nullptr) {
    ge::SetLastError(std::string(api) + ": model buffer is null");
    return kFailed;
  }
  if (model->bundle != bundle) {
    ge::SetLastError(std::string(api) + ": the model buffer holds " +
                     (model->bundle ? "a bundle (from bundle_build_model); use bundle_save_model"
                                    : "a single model (from build_model); use save_model"));
    return kFailed;
  }
  const std::string path = std::string(file) + ".om";
  if (ge::om::WriteFileAtomically(model->bytes, path, bundle ? ".om bundle" : ".om file") !=
      ge::SUCCESS) {
    ge::SetLastError(std::string(api) + ": " + ge::GetLastError());
    return kFailed;
  }
  GELOGI("%s wrote %s (%zu bytes)", api, path.c_str(), model->bytes.size());
  return 0;
}

}  // namespace

extern "C" {

/// Starts the builder session with global options (n = 0 with NULL arrays is fine) and takes one
/// pass-plugin user and one custom-op user, released by BuildFinalize, so plugins load once for all
/// builds. A second call before BuildFinalize replaces the global options and keeps the one plugin
/// user.
uint32_t GeApiWrapper_OfflineCompile_BuildInitialize(const char *const *keys,
                                                     const char *const *values, int n) {
  return ge::capi::Guard<uint32_t>(kFailed, [&]() -> uint32_t {
    Options options;
    if (!ReadOptions(keys, values, n, "BuildInitialize: global_options", &options)) {
      return kFailed;
    }
    const auto soc = options.find(ge::kSocVersionOption);
    if (soc != options.end()) {
      std::shared_ptr<const ge::PlatformInfo> platform;
      if (ge::PlatformInfo::Load(soc->second, &platform) != ge::SUCCESS) {
        ge::SetLastError(std::string("BuildInitialize: global option ") + ge::kSocVersionOption +
                         "=" + soc->second + ": " + ge::GetLastError());
        return kFailed;
      }
    }
    OfflineCompileState &state = State();
    std::lock_guard<std::recursive_mutex> lock(state.mutex);
    if (!state.initialized) {
      if (ge::LoadPassPlugins(ge::IsPythonPassStrictOption(options)) != ge::SUCCESS) {
        ge::SetLastError("BuildInitialize: loading pass plugins failed: " + ge::GetLastError());
        return kFailed;
      }
      if (ge::python_custom_op::LoadCustomOps() != ge::SUCCESS) {
        const std::string reason = ge::GetLastError();
        (void)ge::UnloadPassPlugins();
        ge::SetLastError("BuildInitialize: loading custom ops failed: " + reason);
        return kFailed;
      }
      state.initialized = true;
    } else {
      GELOGI("BuildInitialize: already initialized; replacing the global options");
    }
    state.global_options = std::move(options);
    return 0;
  });
}

/// Ends the builder session: releases the plugin user taken by BuildInitialize. Without a
/// session it does nothing and succeeds.
uint32_t GeApiWrapper_OfflineCompile_BuildFinalize() {
  return ge::capi::Guard<uint32_t>(kFailed, [&]() -> uint32_t {
    OfflineCompileState &state = State();
    std::lock_guard<std::recursive_mutex> lock(state.mutex);
    if (!state.initialized) {
      GELOGW("BuildFinalize: the offline builder is not initialized; nothing to do");
      return 0;
    }
    state.initialized = false;
    state.global_options.clear();
    (void)ge::python_custom_op::UnloadCustomOps();
    if (ge::UnloadPassPlugins() != ge::SUCCESS) {
      ge::SetLastError("BuildFinalize: unloading pass plugins failed: " + ge::GetLastError());
      return kFailed;
    }
    return 0;
  });
}

/// Compiles graph `g` with the global options overridden by the n graph options; *out receives
/// a new buffer (freed by ModelBuffer_Destroy). The caller's graph is not modified.
uint32_t GeApiWrapper_OfflineCompile_BuildModel(const GeGraphHandle *g, const char *const *keys,
                                                const char *const *values, int n,
                                                GeModelBufferData **out) {
  return ge::capi::Guard<uint32_t>(kFailed, [&]() -> uint32_t {
    if (out == nullptr) {
      ge::SetLastError("BuildModel: the output pointer is null");
      return kFailed;
    }
    *out = nullptr;
    Options graph_options;
    if (!ReadOptions(keys, values, n, "BuildModel: build_options", &graph_options)) {
      return kFailed;
    }
    OfflineCompileState &state = State();
    std::lock_guard<std::recursive_mutex> lock(state.mutex);
    if (!RequireInitialized("BuildModel")) {
      return kFailed;
    }
    auto buffer = std::make_unique<GeModelBufferData>();
    if (!BuildOne(g, MergeOptions(state.global_options, graph_options), "BuildModel",
                  &buffer->bytes)) {
      return kFailed;
    }
    *out = buffer.release();
    return 0;
  });
}

/// Writes a BuildModel buffer to `<file>.om`.
uint32_t GeApiWrapper_OfflineCompile_SaveModel(const char *file, const GeModelBufferData *model) {
  return ge::capi::Guard<uint32_t>(
      kFailed, [&]() -> uint32_t { return SaveBuffer("SaveModel", file, model, false); });
}

/// Compiles `count` graphs (graph i with the global options overridden by its sizes[i] options
/// keys[i]/values[i]) into one bundle buffer (docs/om_format.md §5).
uint32_t GeApiWrapper_OfflineCompile_BundleBuildModel(const GeGraphHandle *const *graphs,
                                                      const char *const *const *keys,
                                                      const char *const *const *values,
                                                      const int *sizes, int count,
                                                      GeModelBufferData **out) {
  return ge::capi::Guard<uint32_t>(kFailed, [&]() -> uint32_t {
    if (out == nullptr) {
      ge::SetLastError("BundleBuildModel: the output pointer is null");
      return kFailed;
    }
    *out = nullptr;
    if (count < 1 || graphs == nullptr || sizes == nullptr) {
      ge::SetLastError("BundleBuildModel: needs at least one graph with its option sizes, got " +
                       std::to_string(count) + (graphs == nullptr ? " (graph array is null)" : "") +
                       (sizes == nullptr ? " (size array is null)" : ""));
      return kFailed;
    }
    std::vector<Options> graph_options(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) {
      const std::string what = "BundleBuildModel: build_options of graph " + std::to_string(i);
      if (sizes[i] > 0 && (keys == nullptr || values == nullptr)) {
        ge::SetLastError(what + ": the key or value array list is null");
        return kFailed;
      }
      if (!ReadOptions(sizes[i] > 0 ? keys[i] : nullptr, sizes[i] > 0 ? values[i] : nullptr,
                       sizes[i], what, &graph_options[static_cast<size_t>(i)])) {
        return kFailed;
      }
    }
    OfflineCompileState &state = State();
    std::lock_guard<std::recursive_mutex> lock(state.mutex);
    if (!RequireInitialized("BundleBuildModel")) {
      return kFailed;
    }
    std::vector<std::string> images(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) {
      const size_t index = static_cast<size_t>(i);
      if (!BuildOne(graphs[i], MergeOptions(state.global_options, graph_options[index]),
                    "BundleBuildModel: graph " + std::to_string(i), &images[index])) {
        return kFailed;
      }
    }
    auto buffer = std::make_unique<GeModelBufferData>();
    buffer->bundle = true;
    if (ge::SerializeOmBundle(images, &buffer->bytes) != ge::SUCCESS) {
      ge::SetLastError("BundleBuildModel: " + ge::GetLastError());
      return kFailed;
    }
    *out = buffer.release();
    return 0;
  });
}

/// Writes a BundleBuildModel buffer to `<file>.om`.
uint32_t GeApiWrapper_OfflineCompile_BundleSaveModel(const char *file,
                                                     const GeModelBufferData *model) {
  return ge::capi::Guard<uint32_t>(
      kFailed, [&]() -> uint32_t { return SaveBuffer("BundleSaveModel", file, model, true); });
}

void GeApiWrapper_ModelBuffer_Destroy(GeModelBufferData *model) { delete model; }

/// Size in bytes of the serialized model (0 for NULL).
uint64_t GeApiWrapper_ModelBuffer_GetLength(const GeModelBufferData *model) {
  return model == nullptr ? 0 : static_cast<uint64_t>(model->bytes.size());
}

}  // extern "C"
