// PassContext: what a running pass may read (pass name, compile options) and report (error
// message). Python only ever sees a borrowed view of the C++ CustomPassContext of the current run.
#include <memory>
#include <stdexcept>
#include <string>

#include "bindings.h"
#include "pass_native_common.h"

namespace ge {
namespace pass_native {
namespace {

std::string GetOptionValue(const PassContextView &view, const std::string &key) {
  AscendString value;
  if (view.Get().GetOptionValue(AscendString(key.c_str(), key.size()), value) != GRAPH_SUCCESS) {
    throw std::runtime_error("Failed to get option value for key: " + key);
  }
  return ToStdString(value);
}

std::unique_ptr<PassContextView> BorrowPassContext(uintptr_t address) {
  if (address == 0U) {
    throw std::runtime_error("PassContext handle cannot be null");
  }
  return std::make_unique<PassContextView>(reinterpret_cast<CustomPassContext *>(address));
}

}  // namespace

void BindPassContext(py::module_ &m) {
  // No py::init: contexts come only from the bridge (Python construction raises TypeError).
  py::class_<PassContextView>(m, "PassContext",
                              "The running pass's view of the compiler's CustomPassContext.")
      .def(
          "get_pass_name",
          [](const PassContextView &view) { return ToStdString(view.Get().GetPassName()); },
          "Name of the running pass.")
      .def(
          "set_pass_name",
          [](const PassContextView &view, const std::string &name) {
            view.Get().SetPassName(AscendString(name.c_str(), name.size()));
          },
          py::arg("name"), py::pos_only())
      .def(
          "get_error_message",
          [](const PassContextView &view) { return ToStdString(view.Get().GetErrorMessage()); },
          "The error message reported so far (empty if none).")
      .def(
          "set_error_message",
          [](const PassContextView &view, const std::string &message) {
            view.Get().SetErrorMessage(AscendString(message.c_str(), message.size()));
          },
          py::arg("message"), py::pos_only())
      .def("get_option_value", &GetOptionValue, py::arg("key"), py::pos_only(),
           "Value of a compile option; RuntimeError when the option is not set.")
      .def("_invalidate", &PassContextView::Invalidate,
           "Bridge only: end the borrow; every later call raises RuntimeError.");

  m.def("_borrow_pass_context", &BorrowPassContext, py::arg("address"),
        "Bridge only: a PassContext view of a C++ CustomPassContext* (int).");
}

}  // namespace pass_native
}  // namespace ge
