// Test-only extension `_ge_pass_native_test_hooks`: runs the real C++ PatternMatcher so pytest can
// exercise borrowed MatchResult objects without the bridge. It speaks only raw addresses (ints),
// exactly like the bridge, and is never installed or part of an artifact set.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "ge/fusion/match_result.h"
#include "ge/fusion/pass/custom_pass_context.h"
#include "ge/fusion/pattern.h"
#include "ge/fusion/pattern_matcher.h"
#include "ge/fusion/pattern_matcher_config.h"
#include "ge/python_pass/handle_interop.h"

namespace py = pybind11;

namespace {

/// One matcher run. Every MatchResult it produced stays alive (at a stable address) until the
/// run object is destroyed, so a test controls exactly when a borrowed view would dangle.
class MatchRun {
 public:
  /// Adopts `pattern_address` (Pattern*, from Pattern.release()) and `config_address`
  /// (PatternMatcherConfig*, from clone_pattern_matcher_config, or 0); borrows the C API graph
  /// handle `graph_address`.
  MatchRun(uintptr_t pattern_address, uintptr_t graph_address, uintptr_t config_address) {
    std::unique_ptr<ge::fusion::Pattern> pattern(
        reinterpret_cast<ge::fusion::Pattern *>(pattern_address));
    std::unique_ptr<ge::fusion::PatternMatcherConfig> config(
        reinterpret_cast<ge::fusion::PatternMatcherConfig *>(config_address));
    ge::Graph target;
    if (pattern == nullptr ||
        !ge::python_pass::GraphFromHandle(reinterpret_cast<const void *>(graph_address), target)) {
      throw std::runtime_error("MatchRun needs a pattern and a live target graph");
    }
    auto target_ptr = std::make_shared<ge::Graph>(target);
    matcher_ = config == nullptr
                   ? std::make_unique<ge::fusion::PatternMatcher>(std::move(pattern), target_ptr)
                   : std::make_unique<ge::fusion::PatternMatcher>(std::move(pattern), target_ptr,
                                                                  std::move(config));
  }

  /// Address of the next MatchResult, 0 when the matcher is exhausted.
  uintptr_t Next() {
    std::unique_ptr<ge::fusion::MatchResult> result = matcher_->MatchNext();
    if (result == nullptr) {
      return 0U;
    }
    results_.push_back(std::move(result));
    return reinterpret_cast<uintptr_t>(results_.back().get());
  }

 private:
  // Results point into the matcher's pattern: destroy them first (declared last).
  std::unique_ptr<ge::fusion::PatternMatcher> matcher_;
  std::vector<std::unique_ptr<ge::fusion::MatchResult>> results_;
};

/// A CustomPassContext owned by the test, as the compiler owns the one of a real pass run.
class ContextBox {
 public:
  ContextBox(std::map<std::string, std::string> options, const std::string &pass_name)
      : context_(std::move(options)) {
    context_.SetPassName(pass_name.c_str());
  }
  uintptr_t Address() { return reinterpret_cast<uintptr_t>(&context_); }
  std::string ErrorMessage() const { return context_.GetErrorMessage().GetString(); }

 private:
  ge::CustomPassContext context_;
};

/// A GNode held by the test (from a ge.graph.Node's C API handle), as the compiler holds the node
/// a DecomposePass hook is called for.
class NodeRef {
 public:
  explicit NodeRef(uintptr_t node_handle) {
    if (!ge::python_pass::GNodeFromHandle(reinterpret_cast<const void *>(node_handle), node_)) {
      throw std::runtime_error("NodeRef needs a live node handle");
    }
  }
  uintptr_t Address() { return reinterpret_cast<uintptr_t>(&node_); }

 private:
  ge::GNode node_;
};

}  // namespace

PYBIND11_MODULE(_ge_pass_native_test_hooks, m) {
  py::class_<MatchRun>(m, "MatchRun")
      .def(py::init<uintptr_t, uintptr_t, uintptr_t>(), py::arg("pattern_address"),
           py::arg("graph_address"), py::arg("config_address") = 0U)
      .def("next", &MatchRun::Next);
  py::class_<ContextBox>(m, "Context")
      .def(py::init<std::map<std::string, std::string>, const std::string &>(),
           py::arg("options") = std::map<std::string, std::string>(),
           py::arg("pass_name") = std::string())
      .def("address", &ContextBox::Address)
      .def("error_message", &ContextBox::ErrorMessage);
  py::class_<NodeRef>(m, "NodeRef")
      .def(py::init<uintptr_t>(), py::arg("node_handle"))
      .def("address", &NodeRef::Address);
}
