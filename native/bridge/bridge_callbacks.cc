// Bridge callbacks: Python pass instances (holders) and hook calls.
#include "bridge_callbacks.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "bridge_runtime.h"
#include "ge/python_pass/handle_interop.h"

namespace ge {
namespace bridge {
namespace {

using python_pass::BridgeLog;
using python_pass::BridgeLogLevel;
using python_pass::PythonPassDescriptor;

std::atomic<uint64_t> g_next_instance{1};

/// One Python pass instance: `_bridge` keeps the object under `instance_id`.
struct BridgeHolder {
  std::string descriptor_key;
  std::string pass_name;
  std::string instance_id;
};

uintptr_t Address(const void *pointer) { return reinterpret_cast<uintptr_t>(pointer); }

/// A borrowed PassContext view of `context`, invalidated when the scope ends so that a context
/// kept by the pass raises instead of dangling.
class BorrowedContext {
 public:
  explicit BorrowedContext(CustomPassContext &context)
      : object_(BridgeRuntime::Instance().NativeModule().attr("_borrow_pass_context")(
            Address(&context))) {}
  ~BorrowedContext() { Invalidate(object_); }
  BorrowedContext(const BorrowedContext &) = delete;
  BorrowedContext &operator=(const BorrowedContext &) = delete;
  const py::object &Get() const { return object_; }

 private:
  static void Invalidate(py::object &object) {
    try {
      object.attr("_invalidate")();
    } catch (py::error_already_set &error) {
      BridgeLog(BridgeLogLevel::kWarning,
                "PassContext invalidation failed: " + FormatPythonError(error));
    }
  }
  py::object object_;
};

/// A borrowed ge.graph.Graph over the graph a pass runs on; invalidated when the scope ends.
class BorrowedGraph {
 public:
  explicit BorrowedGraph(const Graph &graph) {
    void *handle = python_pass::NewGraphHandle(graph);
    if (handle == nullptr) {
      throw std::runtime_error("the graph to run on is invalid");
    }
    // The capsule owns the C API handle; the Python Graph borrows it (owns_handle=False).
    py::capsule owner(handle, [](void *pointer) { python_pass::DestroyGraphHandle(pointer); });
    py::object c_void_p = py::module_::import("ctypes").attr("c_void_p");
    py::object graph_class = py::module_::import("ge.graph").attr("Graph");
    object_ = graph_class.attr("_create_from")(c_void_p(Address(handle)), false, owner);
  }
  ~BorrowedGraph() {
    try {
      object_.attr("_handle") = py::none();
      object_.attr("_owner") = py::none();
      object_.attr("_owns_handle") = false;
    } catch (py::error_already_set &error) {
      BridgeLog(BridgeLogLevel::kWarning, "Graph invalidation failed: " + FormatPythonError(error));
    }
  }
  BorrowedGraph(const BorrowedGraph &) = delete;
  BorrowedGraph &operator=(const BorrowedGraph &) = delete;
  const py::object &Get() const { return object_; }

 private:
  py::object object_;
};

py::object Protocol() { return BridgeRuntime::Instance().BridgeModule(); }

std::string Describe(const BridgeHolder &holder) {
  return "pass[" + holder.pass_name + "], descriptor key[" + holder.descriptor_key +
         "], instance id[" + holder.instance_id + "]";
}

/// Logs and records a failure in the context (message = what the user needs, traceback included).
Status FailInContext(CustomPassContext &context, const BridgeHolder &holder,
                     const std::string &what, const std::string &detail) {
  BridgeLog(BridgeLogLevel::kError, what + ", " + Describe(holder) + ": " + detail);
  context.SetErrorMessage(
      AscendString(("python pass " + holder.pass_name + ": " + detail).c_str()));
  return FAILED;
}

/// Takes ownership of a Graph* handle returned by Python (release_graph).
fusion::GraphUniqPtr TakeGraph(const py::handle &value) {
  if (value.is_none()) {
    return nullptr;
  }
  const auto address = value.cast<uintptr_t>();
  void *handle = reinterpret_cast<void *>(address);
  if (handle == nullptr) {
    return nullptr;
  }
  auto graph = std::make_unique<Graph>();
  const bool ok = python_pass::GraphFromHandle(handle, *graph);
  python_pass::DestroyGraphHandle(handle);
  return ok ? std::move(graph) : nullptr;
}

void *Create(const PythonPassDescriptor *descriptor) {
  if (descriptor == nullptr || !Py_IsInitialized()) {
    python_pass::SetLastBridgeError("python bridge holder is null");
    return nullptr;
  }
  auto holder = std::make_unique<BridgeHolder>();
  holder->descriptor_key = descriptor->descriptor_key;
  holder->pass_name = descriptor->pass_name;
  holder->instance_id = descriptor->descriptor_key + "#" + std::to_string(g_next_instance++);
  GilGuard gil;
  try {
    if (!Protocol()
             .attr("create_pass_holder")(holder->instance_id, holder->descriptor_key)
             .cast<bool>()) {
      python_pass::SetLastBridgeError("create_pass_holder returned False");
      return nullptr;
    }
  } catch (py::error_already_set &error) {
    const std::string reason = FormatPythonError(error);
    BridgeLog(BridgeLogLevel::kError,
              "Create python pass failed, " + Describe(*holder) + ": " + reason);
    python_pass::SetLastBridgeError(reason);
    return nullptr;
  } catch (const std::exception &error) {
    python_pass::SetLastBridgeError(error.what());
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
    Protocol().attr("destroy_pass_holder")(holder->instance_id);
  } catch (py::error_already_set &error) {
    BridgeLog(BridgeLogLevel::kWarning,
              "Destroy python pass failed, " + Describe(*holder) + ": " + FormatPythonError(error));
  }
}

/// run() result -> Status: None/True success, False failure, int a status, else failure.
Status TranslateRunResult(const py::object &result, CustomPassContext &context,
                          const BridgeHolder &holder) {
  if (result.is_none()) {
    return SUCCESS;
  }
  if (py::isinstance<py::bool_>(result)) {
    if (result.cast<bool>()) {
      return SUCCESS;
    }
    if (std::string(context.GetErrorMessage().GetString()).empty()) {
      context.SetErrorMessage(
          AscendString(("python pass " + holder.pass_name + " returned False").c_str()));
    }
    return FAILED;
  }
  if (py::isinstance<py::int_>(result)) {
    const long long value = result.cast<long long>();
    if (value < 0 || value > static_cast<long long>(UINT32_MAX)) {
      return FailInContext(context, holder, "Run python pass failed",
                           "run() returned an out-of-range status " + std::to_string(value));
    }
    return static_cast<Status>(value);
  }
  const std::string type_name = py::str(py::type::of(result).attr("__name__")).cast<std::string>();
  return FailInContext(context, holder, "Run python pass failed",
                       "python pass returned unsupported type: " + type_name);
}

Status Run(void *raw_holder, GraphPtr &graph, CustomPassContext &context) {
  auto *holder = static_cast<BridgeHolder *>(raw_holder);
  if (holder == nullptr) {
    context.SetErrorMessage(AscendString("python bridge holder is null"));
    return FAILED;
  }
  if (graph == nullptr) {
    context.SetErrorMessage(AscendString("python pass run without a graph"));
    return FAILED;
  }
  GilGuard gil;
  try {
    BorrowedGraph py_graph(*graph);
    BorrowedContext py_context(context);
    py::object result = Protocol().attr("run_fusion_base_pass")(holder->instance_id, py_graph.Get(),
                                                                py_context.Get());
    return TranslateRunResult(result, context, *holder);
  } catch (py::error_already_set &error) {
    return FailInContext(context, *holder, "Run python pass failed", FormatPythonError(error));
  } catch (const std::exception &error) {
    return FailInContext(context, *holder, "Run python pass failed", error.what());
  }
}

Status GetMatcherConfig(void *raw_holder, std::unique_ptr<fusion::PatternMatcherConfig> &config) {
  auto *holder = static_cast<BridgeHolder *>(raw_holder);
  if (holder == nullptr) {
    return FAILED;
  }
  GilGuard gil;
  try {
    py::object result = Protocol().attr("get_pattern_matcher_config")(holder->instance_id);
    if (result.is_none()) {
      config.reset();
      return SUCCESS;
    }
    auto *raw = reinterpret_cast<fusion::PatternMatcherConfig *>(result.cast<uintptr_t>());
    if (raw == nullptr) {
      python_pass::SetLastBridgeError("matcher_config returned a null handle");
      return FAILED;
    }
    config.reset(raw);
    return SUCCESS;
  } catch (py::error_already_set &error) {
    const std::string reason = FormatPythonError(error);
    BridgeLog(BridgeLogLevel::kError,
              "Get matcher config failed, " + Describe(*holder) + ": " + reason);
    python_pass::SetLastBridgeError(reason);
    return FAILED;
  }
}

Status Patterns(void *raw_holder, std::vector<fusion::PatternUniqPtr> &patterns) {
  auto *holder = static_cast<BridgeHolder *>(raw_holder);
  if (holder == nullptr) {
    return FAILED;
  }
  GilGuard gil;
  try {
    py::list handles = Protocol().attr("get_pass_patterns")(holder->instance_id);
    std::vector<fusion::PatternUniqPtr> taken;
    for (const py::handle &item : handles) {
      auto *pattern = reinterpret_cast<fusion::Pattern *>(item.cast<uintptr_t>());
      if (pattern == nullptr) {
        python_pass::SetLastBridgeError("patterns() produced a null pattern handle");
        return FAILED;
      }
      taken.emplace_back(pattern);
    }
    patterns = std::move(taken);
    return SUCCESS;
  } catch (py::error_already_set &error) {
    const std::string reason = FormatPythonError(error);
    BridgeLog(BridgeLogLevel::kError,
              "Get python pass patterns failed, " + Describe(*holder) + ": " + reason);
    python_pass::SetLastBridgeError(reason);
    return FAILED;
  }
}

/// meet_requirements of either kind: an exception means "no" (logged), never a crash.
template <typename Call>
bool CallMeetRequirements(void *raw_holder, CustomPassContext &context, const char *hook,
                          Call &&call) {
  auto *holder = static_cast<BridgeHolder *>(raw_holder);
  if (holder == nullptr) {
    return false;
  }
  GilGuard gil;
  try {
    BorrowedContext py_context(context);
    return call(*holder, py_context.Get()).template cast<bool>();
  } catch (py::error_already_set &error) {
    BridgeLog(BridgeLogLevel::kWarning, std::string(hook) + " raised, treated as False, " +
                                            Describe(*holder) + ": " + FormatPythonError(error));
    return false;
  } catch (const std::exception &error) {
    BridgeLog(BridgeLogLevel::kWarning, std::string(hook) + " failed, treated as False, " +
                                            Describe(*holder) + ": " + error.what());
    return false;
  }
}

/// replacement of either kind: the returned Graph* becomes C++-owned; None/0/exception fail.
template <typename Call>
Status CallReplacement(void *raw_holder, CustomPassContext &context,
                       fusion::GraphUniqPtr &replacement, Call &&call) {
  auto *holder = static_cast<BridgeHolder *>(raw_holder);
  if (holder == nullptr) {
    context.SetErrorMessage(AscendString("python bridge holder is null"));
    return FAILED;
  }
  GilGuard gil;
  try {
    BorrowedContext py_context(context);
    py::object result = call(*holder, py_context.Get());
    replacement = TakeGraph(result);
    if (replacement == nullptr) {
      return FailInContext(context, *holder, "Python pass replacement failed",
                           "replacement returned None replacement.");
    }
    return SUCCESS;
  } catch (py::error_already_set &error) {
    return FailInContext(context, *holder, "Python pass replacement failed",
                         FormatPythonError(error));
  } catch (const std::exception &error) {
    return FailInContext(context, *holder, "Python pass replacement failed", error.what());
  }
}

bool MeetRequirements(void *holder, const fusion::MatchResult &match, CustomPassContext &context) {
  return CallMeetRequirements(
      holder, context, "meet_requirements", [&match](const BridgeHolder &h, const py::object &ctx) {
        return Protocol().attr("call_meet_requirements")(h.instance_id, Address(&match), ctx);
      });
}

Status Replacement(void *holder, const fusion::MatchResult &match,
                   fusion::GraphUniqPtr &replacement, CustomPassContext &context) {
  return CallReplacement(
      holder, context, replacement, [&match](const BridgeHolder &h, const py::object &ctx) {
        return Protocol().attr("call_replacement")(h.instance_id, Address(&match), ctx);
      });
}

bool DecomposeMeetRequirements(void *holder, const GNode &node, CustomPassContext &context) {
  return CallMeetRequirements(holder, context, "decompose meet_requirements",
                              [&node](const BridgeHolder &h, const py::object &ctx) {
                                return Protocol().attr("call_decompose_meet_requirements")(
                                    h.instance_id, Address(&node), ctx);
                              });
}

Status DecomposeReplacement(void *holder, const GNode &node, fusion::GraphUniqPtr &replacement,
                            CustomPassContext &context) {
  return CallReplacement(
      holder, context, replacement, [&node](const BridgeHolder &h, const py::object &ctx) {
        return Protocol().attr("call_decompose_replacement")(h.instance_id, Address(&node), ctx);
      });
}

}  // namespace

const python_pass::PythonFusionPassCallbacks &GetBridgeCallbacks() {
  static const python_pass::PythonFusionPassCallbacks callbacks = [] {
    python_pass::PythonFusionPassCallbacks cb;
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
