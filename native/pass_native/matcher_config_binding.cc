// PatternMatcherConfig (built only through the builder) and the bridge's heap copy of it.
#include <memory>
#include <stdexcept>

#include "bindings.h"
#include "ge/fusion/pattern_matcher_config.h"
#include "pass_native_common.h"

namespace ge {
namespace pass_native {
namespace {

using fusion::PatternMatcherConfig;
using fusion::PatternMatcherConfigBuilder;

std::unique_ptr<PatternMatcherConfig> Build(const PatternMatcherConfigBuilder &builder) {
  std::unique_ptr<PatternMatcherConfig> config = builder.Build();
  if (config == nullptr) {
    throw std::runtime_error("Failed to build PatternMatcherConfig");
  }
  return config;
}

}  // namespace

void BindMatcherConfig(py::module_ &m) {
  // No py::init: configs come only from PatternMatcherConfigBuilder.build().
  py::class_<PatternMatcherConfig>(m, "PatternMatcherConfig",
                                   "Stricter matching switches (all off by default).")
      .def("is_enable_const_value_match", &PatternMatcherConfig::IsEnableConstValueMatch)
      .def("is_enable_ir_attr_match", &PatternMatcherConfig::IsEnableIrAttrMatch)
      .def("is_enable_commutative_match", &PatternMatcherConfig::IsEnableCommutativeMatch);

  // The enable_* methods return the builder object itself so that calls chain.
  py::class_<PatternMatcherConfigBuilder>(m, "PatternMatcherConfigBuilder")
      .def(py::init<>())
      .def("enable_const_value_match",
           [](const py::object &self) {
             self.cast<PatternMatcherConfigBuilder &>().EnableConstValueMatch();
             return self;
           })
      .def("enable_ir_attr_match",
           [](const py::object &self) {
             self.cast<PatternMatcherConfigBuilder &>().EnableIrAttrMatch();
             return self;
           })
      .def("enable_commutative_match",
           [](const py::object &self) {
             self.cast<PatternMatcherConfigBuilder &>().EnableCommutativeMatch();
             return self;
           })
      .def("build", &Build, "A new PatternMatcherConfig (the builder can build again).");

  m.def(
      "clone_pattern_matcher_config",
      [](const PatternMatcherConfig &config) {
        return reinterpret_cast<uintptr_t>(new PatternMatcherConfig(config));
      },
      py::arg("config"), "Bridge only: a heap copy (PatternMatcherConfig*) owned by the caller.");
}

}  // namespace pass_native
}  // namespace ge
