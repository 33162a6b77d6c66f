// Bridge callbacks: Python pass instances (holders) and hook calls.
#include "bridge_callbacks.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "bridge_runtime.h"

namespace ge {
namespace bridge {
namespace {

std::atomic<uint64_t> g_next_instance{1};

/// One Python pass instance: `_bridge` keeps the object under `instance_id`.
struct BridgeHolder {
  std::string descriptor_key;
  std::string pass_name;
  std::string instance_id;
};

uintptr_t Address(const void *pointer) { return reinterpret_cast<uintptr_t>(pointer); }

BridgeProtocol &Protocol() { return BridgeRuntime::Instance().Protocol(); }

std::string Describe(const BridgeHolder &holder) {
  return "pass[" + holder.pass_name + "], descriptor key[" + holder.descriptor_key +
         "], instance id[" + holder.instance_id + "]";
}

/// Calls obj._invalidate() / resets a borrowed Graph; a failure only warns.
void Expire(const py::object &object, bool is_graph) {
  try {
    if (is_graph) {
      object.attr("_handle") = py::none();
      object.attr("_owner") = py::none();
      object.attr("_owns_handle") = false;
    } else {
      object.attr("_invalidate")();
    }
  } catch (py::error_already_set &error) {
    Log(GE_PY_PASS_LOG_WARNING,
        "Invalidating a borrowed object failed: " + FormatPythonError(error));
  }
}

/// A borrowed PassContext view of the compiler's context, invalidated when the scope ends so that
/// a context kept by the pass raises instead of dangling.
class BorrowedContext {
 public:
  explicit BorrowedContext(void *context)
      : object_(Protocol().borrow_pass_context(Address(context))) {}
  ~BorrowedContext() { Expire(object_, false); }
  BorrowedContext(const BorrowedContext &) = delete;
  BorrowedContext &operator=(const BorrowedContext &) = delete;
  const py::object &Get() const { return object_; }

 private:
  py::object object_;
};

/// A borrowed ge.graph.Graph over the compiler's graph handle; invalidated when the scope ends.
class BorrowedGraph {
 public:
  explicit BorrowedGraph(void *graph_handle)
      : object_(Protocol().GraphCreateFrom()(Address(graph_handle), false)) {}
  ~BorrowedGraph() { Expire(object_, true); }
  BorrowedGraph(const BorrowedGraph &) = delete;
  BorrowedGraph &operator=(const BorrowedGraph &) = delete;
  const py::object &Get() const { return object_; }

 private:
  py::object object_;
};

void SetContextMessage(void *context, const std::string &message) {
  BorrowedContext view(context);
  view.Get().attr("set_error_message")(message);
}

/// Logs and records a failure in the context (message = what the user needs, traceback included).
uint32_t FailInContext(void *context, const BridgeHolder &holder, const std::string &what,
                       const std::string &detail) {
  Log(GE_PY_PASS_LOG_ERROR, what + ", " + Describe(holder) + ": " + detail);
  try {
    SetContextMessage(context, "python pass " + holder.pass_name + ": " + detail);
  } catch (py::error_already_set &error) {
    Log(GE_PY_PASS_LOG_ERROR, "Cannot set the pass error message: " + FormatPythonError(error));
  } catch (const std::exception &error) {
    Log(GE_PY_PASS_LOG_ERROR, std::string("Cannot set the pass error message: ") + error.what());
  }
  return GE_PY_PASS_FAILED;
}

void *Create(const PythonPassDescriptor *descriptor, char **error) {
  if (descriptor == nullptr || descriptor->descriptor_key == nullptr ||
      descriptor->pass_name == nullptr || !Py_IsInitialized()) {
    SetError(error, "python bridge holder is null");
    return nullptr;
  }
  auto holder = std::make_unique<BridgeHolder>();
  holder->descriptor_key = descriptor->descriptor_key;
  holder->pass_name = descriptor->pass_name;
  holder->instance_id = holder->descriptor_key + "#" + std::to_string(g_next_instance++);
  GilGuard gil;
  try {
    if (!Protocol().create_pass_holder(holder->instance_id, holder->descriptor_key).cast<bool>()) {
      SetError(error, "create_pass_holder returned False");
      return nullptr;
    }
  } catch (py::error_already_set &exc) {
    const std::string reason = FormatPythonError(exc);
    Log(GE_PY_PASS_LOG_ERROR, "Create python pass failed, " + Describe(*holder) + ": " + reason);
    SetError(error, reason);
    return nullptr;
  } catch (const std::exception &exc) {
    SetError(error, exc.what());
    return nullptr;
  }
  return holder.release();
}

void Destroy(void *raw_holder) {
  std::unique_ptr<BridgeHolder> holder(static_cast<BridgeHolder *>(raw_holder));
  if (holder == nullptr || !Py_IsInitialized()) {
    return;  // Python is gone: its objects went with it
  }
  GilGuard gil;
  try {
    Protocol().destroy_pass_holder(holder->instance_id);
  } catch (py::error_already_set &error) {
    Log(GE_PY_PASS_LOG_WARNING,
        "Destroy python pass failed, " + Describe(*holder) + ": " + FormatPythonError(error));
  } catch (const std::exception &error) {
    Log(GE_PY_PASS_LOG_WARNING,
        "Destroy python pass failed, " + Describe(*holder) + ": " + error.what());
  }
}

/// run() result -> status: None/True success, False failure, int a status, else failure.
/// `view` is the borrowed context the hook just received (still valid here).
uint32_t TranslateRunResult(const py::object &result, const py::object &view, void *context,
                            const BridgeHolder &holder) {
  if (result.is_none()) {
    return GE_PY_PASS_SUCCESS;
  }
  if (py::isinstance<py::bool_>(result)) {
    if (result.cast<bool>()) {
      return GE_PY_PASS_SUCCESS;
    }
    if (view.attr("get_error_message")().cast<std::string>().empty()) {
      view.attr("set_error_message")("python pass " + holder.pass_name + " returned False");
    }
    return GE_PY_PASS_FAILED;
  }
  if (py::isinstance<py::int_>(result)) {
    const long long value = result.cast<long long>();
    if (value < 0 || value > static_cast<long long>(UINT32_MAX)) {
      return FailInContext(context, holder, "Run python pass failed",
                           "run() returned an out-of-range status " + std::to_string(value));
    }
    return static_cast<uint32_t>(value);
  }
  const std::string type_name = py::str(py::type::of(result).attr("__name__")).cast<std::string>();
  return FailInContext(context, holder, "Run python pass failed",
                       "python pass returned unsupported type: " + type_name);
}

uint32_t Run(void *raw_holder, void *graph, void *context) {
  auto *holder = static_cast<BridgeHolder *>(raw_holder);
  if (holder == nullptr || graph == nullptr || context == nullptr) {
    return GE_PY_PASS_FAILED;
  }
  GilGuard gil;
  try {
    BorrowedGraph py_graph(graph);
    BorrowedContext py_context(context);
    py::object result =
        Protocol().run_fusion_base_pass(holder->instance_id, py_graph.Get(), py_context.Get());
    return TranslateRunResult(result, py_context.Get(), context, *holder);
  } catch (py::error_already_set &error) {
    return FailInContext(context, *holder, "Run python pass failed", FormatPythonError(error));
  } catch (const std::exception &error) {
    return FailInContext(context, *holder, "Run python pass failed", error.what());
  }
}

uint32_t GetMatcherConfig(void *raw_holder, void **config, char **error) {
  auto *holder = static_cast<BridgeHolder *>(raw_holder);
  *config = nullptr;
  if (holder == nullptr) {
    SetError(error, "python bridge holder is null");
    return GE_PY_PASS_FAILED;
  }
  GilGuard gil;
  try {
    py::object result = Protocol().get_pattern_matcher_config(holder->instance_id);
    if (result.is_none()) {
      return GE_PY_PASS_SUCCESS;
    }
    *config = reinterpret_cast<void *>(result.cast<uintptr_t>());
    if (*config == nullptr) {
      SetError(error, "matcher_config produced a null handle");
      return GE_PY_PASS_FAILED;
    }
    return GE_PY_PASS_SUCCESS;
  } catch (py::error_already_set &exc) {
    const std::string reason = FormatPythonError(exc);
    Log(GE_PY_PASS_LOG_ERROR, "Get matcher config failed, " + Describe(*holder) + ": " + reason);
    SetError(error, reason);
    return GE_PY_PASS_FAILED;
  } catch (const std::exception &exc) {
    SetError(error, exc.what());
    return GE_PY_PASS_FAILED;
  }
}

uint32_t Patterns(void *raw_holder, void ***patterns, size_t *count, char **error) {
  auto *holder = static_cast<BridgeHolder *>(raw_holder);
  *patterns = nullptr;
  *count = 0;
  if (holder == nullptr) {
    SetError(error, "python bridge holder is null");
    return GE_PY_PASS_FAILED;
  }
  GilGuard gil;
  try {
    py::list handles = Protocol().get_pass_patterns(holder->instance_id);
    std::vector<void *> taken;
    for (const py::handle &item : handles) {
      taken.push_back(reinterpret_cast<void *>(item.cast<uintptr_t>()));
    }
    // Ownership of every pattern already left Python: hand all of them over, even on error.
    if (!taken.empty()) {
      *patterns = static_cast<void **>(std::malloc(taken.size() * sizeof(void *)));
      if (*patterns == nullptr) {
        SetError(error, "out of memory");
        return GE_PY_PASS_FAILED;
      }
      std::copy(taken.begin(), taken.end(), *patterns);
      *count = taken.size();
    }
    for (void *pattern : taken) {
      if (pattern == nullptr) {
        SetError(error, "patterns() produced a null pattern handle");
        return GE_PY_PASS_FAILED;
      }
    }
    return GE_PY_PASS_SUCCESS;
  } catch (py::error_already_set &exc) {
    const std::string reason = FormatPythonError(exc);
    Log(GE_PY_PASS_LOG_ERROR,
        "Get python pass patterns failed, " + Describe(*holder) + ": " + reason);
    SetError(error, reason);
    return GE_PY_PASS_FAILED;
  } catch (const std::exception &exc) {
    SetError(error, exc.what());
    return GE_PY_PASS_FAILED;
  }
}

/// A raising meet_requirements: a warning, and its traceback handed to the compiler as the
/// context's error message (a negative result, see python_pass_bridge_abi.h), which reports it
/// at any log level.
int MeetRequirementsRaised(void *context, const BridgeHolder &holder, const char *hook,
                           const std::string &detail) {
  Log(GE_PY_PASS_LOG_WARNING,
      std::string(hook) + " raised, treated as False, " + Describe(holder) + ": " + detail);
  try {
    SetContextMessage(context, detail);
  } catch (py::error_already_set &error) {
    Log(GE_PY_PASS_LOG_ERROR, "Cannot set the pass error message: " + FormatPythonError(error));
  } catch (const std::exception &error) {
    Log(GE_PY_PASS_LOG_ERROR, std::string("Cannot set the pass error message: ") + error.what());
  }
  return -1;
}

/// meet_requirements of either kind: an exception means "no" (reported), never a crash.
int CallMeetRequirements(void *raw_holder, void *context, const char *hook,
                         py::object BridgeProtocol::*function, const void *subject) {
  auto *holder = static_cast<BridgeHolder *>(raw_holder);
  if (holder == nullptr || context == nullptr) {
    return 0;
  }
  GilGuard gil;
  try {
    // The context travels as its address: `_bridge` creates (and expires) a PassContext view
    // only for a hook that takes one, which most per-match hooks do not.
    // PyObject_IsTrue instead of a checked bool cast: the protocol function already returns
    // bool(...) of the user's value.
    const py::object result =
        (Protocol().*function)(holder->instance_id, Address(subject), Address(context));
    const int truth = PyObject_IsTrue(result.ptr());
    if (truth < 0) {
      throw py::error_already_set();
    }
    return truth;
  } catch (py::error_already_set &error) {
    return MeetRequirementsRaised(context, *holder, hook, FormatPythonError(error));
  } catch (const std::exception &error) {
    return MeetRequirementsRaised(context, *holder, hook, error.what());
  }
}

/// replacement of either kind: the returned graph handle becomes the caller's; None/0/exception
/// fail with the reason in the context.
uint32_t CallReplacement(void *raw_holder, void *context, py::object BridgeProtocol::*function,
                         const void *subject, void **graph) {
  auto *holder = static_cast<BridgeHolder *>(raw_holder);
  *graph = nullptr;
  if (holder == nullptr || context == nullptr) {
    return GE_PY_PASS_FAILED;
  }
  GilGuard gil;
  try {
    // The context as its address, as in CallMeetRequirements.
    py::object result =
        (Protocol().*function)(holder->instance_id, Address(subject), Address(context));
    if (!result.is_none()) {
      *graph = reinterpret_cast<void *>(result.cast<uintptr_t>());
    }
    if (*graph == nullptr) {
      return FailInContext(context, *holder, "Python pass replacement failed",
                           "replacement returned None replacement.");
    }
    return GE_PY_PASS_SUCCESS;
  } catch (py::error_already_set &error) {
    return FailInContext(context, *holder, "Python pass replacement failed",
                         FormatPythonError(error));
  } catch (const std::exception &error) {
    return FailInContext(context, *holder, "Python pass replacement failed", error.what());
  }
}

int MeetRequirements(void *holder, const void *match_result, void *context) {
  return CallMeetRequirements(holder, context, "meet_requirements",
                              &BridgeProtocol::call_meet_requirements, match_result);
}

uint32_t Replacement(void *holder, const void *match_result, void *context, void **graph) {
  return CallReplacement(holder, context, &BridgeProtocol::call_replacement, match_result, graph);
}

int DecomposeMeetRequirements(void *holder, const void *node, void *context) {
  return CallMeetRequirements(holder, context, "decompose meet_requirements",
                              &BridgeProtocol::call_decompose_meet_requirements, node);
}

uint32_t DecomposeReplacement(void *holder, const void *node, void *context, void **graph) {
  return CallReplacement(holder, context, &BridgeProtocol::call_decompose_replacement, node, graph);
}

}  // namespace

const PythonFusionPassCallbacks &GetBridgeCallbacks() {
  static const PythonFusionPassCallbacks callbacks = [] {
    PythonFusionPassCallbacks cb{};
    cb.create = &Create;
    cb.destroy = &Destroy;
    cb.run = &Run;
    cb.get_matcher_config = &GetMatcherConfig;
    cb.patterns = &Patterns;
    cb.meet_requirements = &MeetRequirements;
    cb.replacement = &Replacement;
    cb.decompose_meet_requirements = &DecomposeMeetRequirements;
    cb.decompose_replacement = &DecomposeReplacement;
    return cb;
  }();
  return callbacks;
}

}  // namespace bridge
}  // namespace ge
