// The three adapters and the Python pass instance holder.
#include "python_pass/python_pass_adapters.h"

#include <atomic>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "common/log.h"
#include "ge/python_pass/handle_interop.h"
#include "pass/pattern_fusion_runner.h"
#include "python_pass/python_pass_create_context.h"
#include "python_pass/python_pass_runtime_registry.h"

namespace ge {
namespace python_pass {
namespace {

std::atomic<int> g_live_instances{0};

/// One Python pass instance for the duration of one Run.
class PythonPassInstance {
 public:
  PythonPassInstance(const PythonPassDescriptor &descriptor,
                     const PythonFusionPassCallbacks &callbacks)
      : callbacks_(callbacks) {
    holder_ = callbacks_.create(&descriptor);
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

 private:
  PythonFusionPassCallbacks callbacks_;
  void *holder_ = nullptr;
};

/// Common part: the acquired registry entry (released with the adapter) and instance creation.
class PythonPassAdapterBase : public fusion::FusionBasePass {
 public:
  PythonPassAdapterBase(PythonPassDescriptor descriptor, PythonFusionPassCallbacks callbacks)
      : descriptor_(std::move(descriptor)), callbacks_(callbacks) {}
  ~PythonPassAdapterBase() override {
    PythonPassRuntimeRegistry::Instance().Release(descriptor_.descriptor_key);
  }

 protected:
  /// A fresh instance, or nullptr with the reason in the context.
  std::unique_ptr<PythonPassInstance> CreateInstance(CustomPassContext &context) const {
    auto instance = std::make_unique<PythonPassInstance>(descriptor_, callbacks_);
    if (instance->Get() == nullptr) {
      std::string reason = TakeLastBridgeError();
      context.SetErrorMessage(AscendString(
          ("Failed to create the Python pass instance of " + descriptor_.class_name + " (" +
           descriptor_.descriptor_key + ")" + (reason.empty() ? "" : ": " + reason))
              .c_str()));
      return nullptr;
    }
    return instance;
  }

  /// The context message a callback left, or `fallback`.
  static std::string ReasonOr(const CustomPassContext &context, const std::string &fallback) {
    std::string reason = context.GetErrorMessage().GetString();
    return reason.empty() ? fallback : reason;
  }

  PythonPassDescriptor descriptor_;
  PythonFusionPassCallbacks callbacks_;
};

class PythonFusionBasePassAdapter : public PythonPassAdapterBase {
 public:
  using PythonPassAdapterBase::PythonPassAdapterBase;

  Status Run(GraphPtr &graph, CustomPassContext &context) override {
    std::unique_ptr<PythonPassInstance> instance = CreateInstance(context);
    if (instance == nullptr) {
      return FAILED;
    }
    return callbacks_.run(instance->Get(), graph, context);
  }
};

class PythonPatternFusionPassAdapter : public PythonPassAdapterBase {
 public:
  using PythonPassAdapterBase::PythonPassAdapterBase;

  Status Run(GraphPtr &graph, CustomPassContext &context) override {
    std::unique_ptr<PythonPassInstance> instance = CreateInstance(context);
    if (instance == nullptr) {
      return FAILED;
    }
    void *holder = instance->Get();
    std::unique_ptr<fusion::PatternMatcherConfig> config;
    if (callbacks_.get_matcher_config != nullptr &&
        callbacks_.get_matcher_config(holder, config) != SUCCESS) {
      context.SetErrorMessage(
          AscendString(ReasonOr(context, "python pass matcher_config could not be read").c_str()));
      return FAILED;
    }
    std::vector<fusion::PatternUniqPtr> patterns;
    if (callbacks_.patterns(holder, patterns) != SUCCESS) {
      context.SetErrorMessage(
          AscendString(ReasonOr(context, "python pass patterns() failed").c_str()));
      return FAILED;
    }
    if (patterns.empty()) {
      GELOGI("[PythonPass] Pass[%s] returned no pattern.", descriptor_.pass_name.c_str());
      return NOT_CHANGED;
    }
    bool replacement_failed = false;
    fusion::PatternFusionHooks hooks;
    hooks.patterns = [&patterns]() { return std::move(patterns); };
    hooks.meet_requirements = [this, holder,
                               &context](const std::unique_ptr<fusion::MatchResult> &match) {
      if (callbacks_.meet_requirements == nullptr) {
        return true;
      }
      return callbacks_.meet_requirements(holder, *match, context);
    };
    hooks.replacement = [this, holder, &context,
                         &replacement_failed](const std::unique_ptr<fusion::MatchResult> &match) {
      fusion::GraphUniqPtr replacement;
      if (callbacks_.replacement(holder, *match, replacement, context) != SUCCESS) {
        replacement_failed = true;
        replacement.reset();
      }
      return replacement;
    };
    const Status ret = fusion::RunPatternFusion(graph, context, config.get(), hooks);
    if (ret != SUCCESS && ret != NOT_CHANGED && !replacement_failed) {
      // A C++-side failure (rewrite, cycle check): make its text the pass error.
      context.SetErrorMessage(AscendString(ReasonOr(context, GetLastError()).c_str()));
    }
    return ret;
  }
};

class PythonDecomposePassAdapter : public PythonPassAdapterBase {
 public:
  using PythonPassAdapterBase::PythonPassAdapterBase;

  Status Run(GraphPtr &graph, CustomPassContext &context) override {
    std::unique_ptr<PythonPassInstance> instance = CreateInstance(context);
    if (instance == nullptr) {
      return FAILED;
    }
    void *holder = instance->Get();
    fusion::DecomposeHooks hooks;
    for (const std::string &op_type : descriptor_.op_types) {
      hooks.op_types.emplace_back(op_type.c_str());
    }
    hooks.meet_requirements = [this, holder, &context](const GNode &node) {
      if (callbacks_.decompose_meet_requirements == nullptr) {
        return true;
      }
      return callbacks_.decompose_meet_requirements(holder, node, context);
    };
    hooks.replacement = [this, holder, &context](const GNode &node) {
      fusion::GraphUniqPtr replacement;
      if (callbacks_.decompose_replacement(holder, node, replacement, context) != SUCCESS) {
        replacement.reset();
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
  PythonPassDescriptor descriptor;
  PythonFusionPassCallbacks callbacks;
  if (!PythonPassRuntimeRegistry::Instance().Acquire(create_context.descriptor_key, descriptor,
                                                     callbacks)) {
    GELOGW("Create python pass adapter failed: descriptor_key[%s] is not registered.",
           create_context.descriptor_key.c_str());
    return nullptr;
  }
  // From here the adapter owns the acquired entry and releases it when destroyed.
  switch (descriptor.kind) {
    case PythonPassKind::kFusionBase:
      return new PythonFusionBasePassAdapter(std::move(descriptor), callbacks);
    case PythonPassKind::kPatternFusion:
      return new PythonPatternFusionPassAdapter(std::move(descriptor), callbacks);
    case PythonPassKind::kDecompose:
      return new PythonDecomposePassAdapter(std::move(descriptor), callbacks);
  }
  PythonPassRuntimeRegistry::Instance().Release(create_context.descriptor_key);
  return nullptr;
}

int GetLivePythonPassInstanceCount() { return g_live_instances.load(); }

}  // namespace python_pass
}  // namespace ge
