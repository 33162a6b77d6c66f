// The three adapters and the Python pass instance (one per Run) behind them.
#include "python_pass/python_pass_adapters.h"

#include <atomic>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "c_handles/c_handles.h"
#include "common/error.h"
#include "common/log.h"
#include "graph_api/node_adapter.h"
#include "pass/pass_report.h"
#include "pass/pattern_fusion_runner.h"
#include "python_pass/python_pass_create_context.h"
#include "python_pass/python_pass_runtime_registry.h"

namespace ge {
namespace python_pass {
namespace {

std::atomic<int> g_live_instances{0};

void SetContextError(CustomPassContext &context, const std::string &message) {
  context.SetErrorMessage(AscendString(message.c_str()));
}

/// The context message a callback left, or `fallback`.
std::string ReasonOr(const CustomPassContext &context, const std::string &fallback) {
  std::string reason = context.GetErrorMessage().GetString();
  return reason.empty() ? fallback : reason;
}

/// The answer of a bridge meet_requirements: a raising hook (negative) is a "no" whose traceback
/// the bridge left in the context; it goes to the compile's report and the context is cleared.
bool MeetRequirementsAnswer(int answer, const std::string &pass_name, const char *hook,
                            CustomPassContext &context) {
  if (answer >= 0) {
    return answer != 0;
  }
  fusion::ReportHookFailure(pass_name, hook, context.GetErrorMessage().GetString());
  context.SetErrorMessage(AscendString(""));
  return false;
}

/// A failing callback whose reason is the context's message: reported to the compile's report.
void ReportFailedCallback(const std::string &pass_name, const char *hook,
                          const CustomPassContext &context) {
  fusion::ReportHookFailure(pass_name, hook, context.GetErrorMessage().GetString());
}

/// Takes an owned C API graph handle returned by the bridge.
fusion::GraphUniqPtr TakeGraphHandle(void *handle) {
  auto *graph_handle = static_cast<GeGraphHandle *>(handle);
  if (graph_handle == nullptr) {
    return nullptr;
  }
  ComputeGraphPtr graph = graph_handle->graph;
  delete graph_handle;
  return graph == nullptr ? nullptr : GraphUtilsEx::CreateGraphUniqPtrFromComputeGraph(graph);
}

/// One Python pass instance for the duration of one Run.
class PythonPassInstance {
 public:
  PythonPassInstance(const PythonPassInfo &info, const PythonFusionPassCallbacks &callbacks)
      : callbacks_(callbacks) {
    PythonPassDescriptorView view(info);
    char *error = nullptr;
    holder_ = callbacks_.create(view.Get(), &error);
    error_ = TakeBridgeString(error);
    if (holder_ != nullptr) {
      ++g_live_instances;
    }
  }
  ~PythonPassInstance() {
    if (holder_ != nullptr) {
      callbacks_.destroy(holder_);
      --g_live_instances;
    }
  }
  PythonPassInstance(const PythonPassInstance &) = delete;
  PythonPassInstance &operator=(const PythonPassInstance &) = delete;

  void *Get() const { return holder_; }
  const std::string &Error() const { return error_; }

 private:
  PythonFusionPassCallbacks callbacks_;
  void *holder_ = nullptr;
  std::string error_;
};

/// Common part: the acquired registry entry (released with the adapter) and the Python pass
/// instance each Run works with.
class PythonPassAdapterBase : public fusion::FusionBasePass {
 public:
  PythonPassAdapterBase(PythonPassInfo info, PythonFusionPassCallbacks callbacks)
      : info_(std::move(info)), callbacks_(callbacks) {}
  ~PythonPassAdapterBase() override {
    PythonPassRuntimeRegistry::Instance().Release(info_.descriptor_key);
  }

  /// Creates a fresh instance for this Run only, so `self.<x>` caches never leak across graphs or
  /// runs, and destroys it when the Run returns. When the constructor fails, the Run fails with
  /// its reason in the context before any hook runs.
  Status Run(GraphPtr &graph, CustomPassContext &context) final {
    std::unique_ptr<PythonPassInstance> instance = CreateInstance(context);
    if (instance == nullptr) {
      ReportFailedCallback(info_.pass_name, "__init__", context);
      return FAILED;
    }
    return RunWithInstance(instance->Get(), graph, context);
  }

 protected:
  /// The kind's work for one Run; `holder` is the live instance, valid until this returns.
  virtual Status RunWithInstance(void *holder, GraphPtr &graph, CustomPassContext &context) = 0;

  PythonPassInfo info_;
  PythonFusionPassCallbacks callbacks_;

 private:
  /// A fresh instance, or nullptr with the reason in the context.
  std::unique_ptr<PythonPassInstance> CreateInstance(CustomPassContext &context) const {
    auto instance = std::make_unique<PythonPassInstance>(info_, callbacks_);
    if (instance->Get() == nullptr) {
      SetContextError(context, "Failed to create the Python pass instance of " + info_.class_name +
                                   " (" + info_.descriptor_key + ")" +
                                   (instance->Error().empty() ? "" : ": " + instance->Error()));
      return nullptr;
    }
    return instance;
  }
};

class PythonFusionBasePassAdapter : public PythonPassAdapterBase {
 public:
  using PythonPassAdapterBase::PythonPassAdapterBase;

 private:
  Status RunWithInstance(void *holder, GraphPtr &graph, CustomPassContext &context) override {
    ComputeGraphPtr compute_graph =
        graph == nullptr ? nullptr : GraphUtilsEx::GetComputeGraph(*graph);
    if (compute_graph == nullptr) {
      SetContextError(context, "python pass " + info_.pass_name + " run without a valid graph");
      return FAILED;
    }
    // Borrowed by the bridge for the call; the graph itself is shared, not copied.
    GeGraphHandle handle{compute_graph};
    const Status ret = callbacks_.run(holder, &handle, &context);
    if (ret != SUCCESS && ret != NOT_CHANGED) {
      ReportFailedCallback(info_.pass_name, "run", context);
    }
    return ret;
  }
};

class PythonPatternFusionPassAdapter : public PythonPassAdapterBase {
 public:
  using PythonPassAdapterBase::PythonPassAdapterBase;

 private:
  Status RunWithInstance(void *holder, GraphPtr &graph, CustomPassContext &context) override {
    std::unique_ptr<fusion::PatternMatcherConfig> config;
    if (callbacks_.get_matcher_config != nullptr) {
      void *raw_config = nullptr;
      char *error = nullptr;
      const uint32_t ret = callbacks_.get_matcher_config(holder, &raw_config, &error);
      const std::string reason = TakeBridgeString(error);
      config.reset(static_cast<fusion::PatternMatcherConfig *>(raw_config));
      if (ret != GE_PY_PASS_SUCCESS) {
        SetContextError(context, "python pass " + info_.pass_name + ": matcher_config: " + reason);
        ReportFailedCallback(info_.pass_name, "matcher_config", context);
        return FAILED;
      }
    }
    std::vector<fusion::PatternUniqPtr> patterns;
    if (TakePatterns(holder, patterns, context) != SUCCESS) {
      return FAILED;
    }
    if (patterns.empty()) {
      GELOGI("[PythonPass] Pass[%s] returned no pattern.", info_.pass_name.c_str());
      return NOT_CHANGED;
    }
    bool replacement_failed = false;
    fusion::PatternFusionHooks hooks;
    hooks.patterns = [&patterns]() { return std::move(patterns); };
    hooks.meet_requirements = [this, holder,
                               &context](const std::unique_ptr<fusion::MatchResult> &match) {
      return callbacks_.meet_requirements == nullptr ||
             MeetRequirementsAnswer(callbacks_.meet_requirements(holder, match.get(), &context),
                                    info_.pass_name, "meet_requirements", context);
    };
    hooks.replacement = [this, holder, &context,
                         &replacement_failed](const std::unique_ptr<fusion::MatchResult> &match) {
      void *graph_handle = nullptr;
      const uint32_t ret = callbacks_.replacement(holder, match.get(), &context, &graph_handle);
      fusion::GraphUniqPtr replacement = TakeGraphHandle(graph_handle);
      if (ret != GE_PY_PASS_SUCCESS) {
        replacement_failed = true;
        replacement.reset();
        ReportFailedCallback(info_.pass_name, "replacement", context);
      }
      return replacement;
    };
    const Status ret = fusion::RunPatternFusion(graph, context, config.get(), hooks);
    if (ret != SUCCESS && ret != NOT_CHANGED && !replacement_failed) {
      // A C++-side failure (rewrite, cycle check): make its text the pass error.
      SetContextError(context, ReasonOr(context, GetLastError()));
    }
    return ret;
  }

  Status TakePatterns(void *holder, std::vector<fusion::PatternUniqPtr> &patterns,
                      CustomPassContext &context) {
    void **array = nullptr;
    size_t count = 0;
    char *error = nullptr;
    const uint32_t ret = callbacks_.patterns(holder, &array, &count, &error);
    const std::string reason = TakeBridgeString(error);
    for (size_t i = 0; array != nullptr && i < count; ++i) {
      patterns.emplace_back(static_cast<fusion::Pattern *>(array[i]));
    }
    std::free(array);
    if (ret != GE_PY_PASS_SUCCESS) {
      SetContextError(context, "python pass " + info_.pass_name + ": patterns(): " + reason);
      ReportFailedCallback(info_.pass_name, "patterns", context);
      return FAILED;
    }
    return SUCCESS;
  }
};

class PythonDecomposePassAdapter : public PythonPassAdapterBase {
 public:
  using PythonPassAdapterBase::PythonPassAdapterBase;

 private:
  Status RunWithInstance(void *holder, GraphPtr &graph, CustomPassContext &context) override {
    fusion::DecomposeHooks hooks;
    for (const std::string &op_type : info_.op_types) {
      hooks.op_types.emplace_back(op_type.c_str());
    }
    hooks.meet_requirements = [this, holder, &context](const GNode &node) {
      return callbacks_.decompose_meet_requirements == nullptr ||
             MeetRequirementsAnswer(callbacks_.decompose_meet_requirements(holder, &node, &context),
                                    info_.pass_name, "meet_requirements", context);
    };
    hooks.replacement = [this, holder, &context](const GNode &node) {
      void *graph_handle = nullptr;
      const uint32_t ret = callbacks_.decompose_replacement(holder, &node, &context, &graph_handle);
      fusion::GraphUniqPtr replacement = TakeGraphHandle(graph_handle);
      if (ret != GE_PY_PASS_SUCCESS) {
        ReportFailedCallback(info_.pass_name, "replacement", context);
        return fusion::GraphUniqPtr();
      }
      return replacement;
    };
    return fusion::RunDecompose(graph, context, hooks);
  }
};

}  // namespace

fusion::FusionBasePass *CreatePythonPassAdapter() {
  PythonPassCreateContext create_context;
  if (!GetCurrentPythonPassCreateContext(create_context)) {
    GELOGW("Create python pass adapter failed because current python pass descriptor is missing.");
    return nullptr;
  }
  PythonPassInfo info;
  PythonFusionPassCallbacks callbacks{};
  if (!PythonPassRuntimeRegistry::Instance().Acquire(create_context.descriptor_key, info,
                                                     callbacks)) {
    GELOGW("Create python pass adapter failed: descriptor_key[%s] is not registered.",
           create_context.descriptor_key.c_str());
    return nullptr;
  }
  // From here the adapter owns the acquired entry and releases it when destroyed.
  switch (info.kind) {
    case PythonPassKind::kFusionBase:
      return new PythonFusionBasePassAdapter(std::move(info), callbacks);
    case PythonPassKind::kPatternFusion:
      return new PythonPatternFusionPassAdapter(std::move(info), callbacks);
    case PythonPassKind::kDecompose:
      return new PythonDecomposePassAdapter(std::move(info), callbacks);
  }
  PythonPassRuntimeRegistry::Instance().Release(create_context.descriptor_key);
  return nullptr;
}

int GetLivePythonPassInstanceCount() { return g_live_instances.load(); }

}  // namespace python_pass
}  // namespace ge
