// OpCompileContext and CompilePlatformInfo of _ge_custom_op_native: views of what the compiler
// lends to one compile call. Tensors are read-only ge.runtime views; everything shares the loan.
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <string>

#include "bindings.h"
#include "context_views.h"
#include "ge/custom_op/op_compile_context.h"

namespace ge {
namespace custom_op_native {
namespace {

using custom_op::CompilePlatformInfo;
using custom_op::OpCompileContext;

constexpr const char *kExpired = "Borrowed native object has expired";

std::string RequireString(const py::handle &value, const char *type_message,
                          const char *empty_message) {
  if (!py::isinstance<py::str>(value)) {
    throw py::type_error(type_message);
  }
  auto text = value.cast<std::string>();
  if (text.empty()) {
    throw py::value_error(empty_message);
  }
  return text;
}

// The platform is fetched on the first query of a wrapper; a failed fetch stays failed.
class PlatformInfoView {
 public:
  PlatformInfoView(const OpCompileContext *context, std::shared_ptr<Loan> loan)
      : context_(context), loan_(std::move(loan)) {}

  const CompilePlatformInfo &Get() {
    loan_->EnsureValid();
    if (!fetched_) {
      fetched_ = true;
      info_ = context_->GetPlatformInfo();
    }
    if (info_ == nullptr) {
      throw std::runtime_error("Failed to get platform infos");
    }
    return *info_;
  }

 private:
  const OpCompileContext *context_;
  std::shared_ptr<Loan> loan_;
  bool fetched_ = false;
  const CompilePlatformInfo *info_ = nullptr;
};

class CompileContextView {
 public:
  explicit CompileContextView(const OpCompileContext *context)
      : context_(context), loan_(std::make_shared<Loan>(kExpired)) {}

  const OpCompileContext &Get() const {
    loan_->EnsureValid();
    return *context_;
  }
  void Invalidate() { loan_->End(); }
  py::object Lend(const gert::Tensor *tensor, const char *failure) const {
    if (tensor == nullptr) {
      throw std::runtime_error(failure);
    }
    return loan_->BorrowTensor(tensor, true);
  }
  RuntimeAttrsView Attrs() const {
    const custom_op::RuntimeAttrs *attrs = Get().GetAttrs();
    if (attrs == nullptr) {
      throw std::runtime_error("Failed to get runtime attrs");
    }
    return RuntimeAttrsView(attrs, loan_);
  }
  PlatformInfoView PlatformInfo() const { return PlatformInfoView(&Get(), loan_); }

 private:
  const OpCompileContext *context_;
  std::shared_ptr<Loan> loan_;
};

size_t Count(bool found, size_t num, const char *failure) {
  if (!found) {
    throw std::runtime_error(failure);
  }
  return num;
}

void BindPlatformInfo(py::module_ &m) {
  using View = PlatformInfoView;
  py::class_<View>(m, "CompilePlatformInfo",
                   "The target platform of the running compile: resource groups, core counts, "
                   "SoC version (valid during the call; results are copies).")
      .def(
          "get_platform_resource",
          [](View &self, const py::object &group, const py::object &key) {
            const std::string group_name = RequireString(
                group, "group must be a string", "platform resource group must not be empty");
            const std::string key_name = RequireString(key, "key must be a string",
                                                       "platform resource key must not be empty");
            std::string value;
            if (!self.Get().GetPlatformResource(group_name, key_name, value)) {
              throw py::key_error(group_name + ":" + key_name);
            }
            return value;
          },
          py::arg("group"), py::arg("key"))
      .def(
          "get_platform_resource_group",
          [](View &self, const py::object &group) {
            const std::string group_name = RequireString(
                group, "group must be a string", "platform resource group must not be empty");
            const CompilePlatformInfo::Group *entries =
                self.Get().GetPlatformResourceGroup(group_name);
            if (entries == nullptr) {
              throw py::key_error(group_name);
            }
            return *entries;
          },
          py::arg("group"))
      .def(
          "get_core_num",
          [](View &self, const py::object &core_type) {
            if (core_type.is_none()) {
              return self.Get().GetCoreNum();
            }
            if (!py::isinstance<py::str>(core_type)) {
              throw py::type_error("core_type must be a string or None");
            }
            const auto name = core_type.cast<std::string>();
            if (name.empty()) {
              throw py::value_error("core_type must not be empty");
            }
            int64_t num = 0;
            if (!self.Get().GetCoreNum(name, num)) {
              throw py::key_error(name);
            }
            return num;
          },
          py::arg("core_type") = py::none())
      .def("get_soc_version", [](View &self) { return self.Get().GetSocVersion(); })
      .def("get_ai_core_num", [](View &self) { return self.Get().GetAiCoreNum(); });
}

}  // namespace

void BindCompile(py::module_ &m) {
  BindPlatformInfo(m);
  using View = CompileContextView;
  py::class_<View>(m, "OpCompileContext",
                   "What compile sees of its node: the graph's compile options (its private "
                   "readers give the bound arguments); valid during the call only.")
      .def(
          "get_option",
          [](const View &self, const py::object &option_key) {
            const std::string key = RequireString(option_key, "option_key must be a string",
                                                  "option_key must not be empty");
            std::string value;
            if (!self.Get().GetOption(key, value)) {
              throw py::key_error(key);
            }
            return value;
          },
          py::arg("option_key"))
      .def(
          "_get_required_input_tensor",
          [](const View &self, size_t i) {
            return self.Lend(self.Get().GetRequiredInputTensor(i),
                             "Failed to get required input tensor");
          },
          py::arg("ir_index"))
      .def(
          "_get_optional_input_tensor",
          [](const View &self, size_t i) -> py::object {
            const gert::Tensor *tensor = self.Get().GetOptionalInputTensor(i);
            return tensor == nullptr ? py::none() : self.Lend(tensor, "");
          },
          py::arg("ir_index"))
      .def(
          "_get_dynamic_input_num",
          [](const View &self, size_t i) {
            size_t num = 0U;
            const bool found = self.Get().GetDynamicInputNum(i, num);
            return Count(found, num, "Failed to get dynamic input instance info");
          },
          py::arg("ir_index"))
      .def(
          "_get_dynamic_input_tensor",
          [](const View &self, size_t i, size_t r) {
            return self.Lend(self.Get().GetDynamicInputTensor(i, r),
                             "Failed to get dynamic input tensor");
          },
          py::arg("ir_index"), py::arg("relative_index"))
      .def(
          "_get_required_output_tensor",
          [](const View &self, size_t i) {
            return self.Lend(self.Get().GetRequiredOutputTensor(i),
                             "Failed to get required output tensor");
          },
          py::arg("ir_index"))
      .def(
          "_get_dynamic_output_num",
          [](const View &self, size_t i) {
            size_t num = 0U;
            const bool found = self.Get().GetDynamicOutputNum(i, num);
            return Count(found, num, "Failed to get dynamic output instance info");
          },
          py::arg("ir_index"))
      .def(
          "_get_dynamic_output_tensor",
          [](const View &self, size_t i, size_t r) {
            return self.Lend(self.Get().GetDynamicOutputTensor(i, r),
                             "Failed to get dynamic output tensor");
          },
          py::arg("ir_index"), py::arg("relative_index"))
      .def("_get_attrs", &View::Attrs)
      .def("_get_platform_info", &View::PlatformInfo)
      .def("_invalidate", &View::Invalidate,
           "Bridge only: end the loan; every later use raises RuntimeError.");

  m.def(
      "_borrow_op_compile_context",
      [](uintptr_t ctx_handle) {
        if (ctx_handle == 0U) {
          throw py::value_error("ctx_handle is null");
        }
        return CompileContextView(reinterpret_cast<const OpCompileContext *>(ctx_handle));
      },
      py::arg("ctx_handle"), "Bridge only: a view of the OpCompileContext at `ctx_handle`.");
}

}  // namespace custom_op_native
}  // namespace ge
