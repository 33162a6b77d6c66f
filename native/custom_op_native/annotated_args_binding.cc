// AnnotatedArgsContext, AnnotatedKernelArgs, AnnotatedKernelLaunchInfo and WorkspaceAddr of
// _ge_custom_op_native: what declare_launch_args uses to declare its kernel launches. The
// context, its tensors, workspaces and argument builders share one loan; launch infos are owned.
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bindings.h"
#include "context_views.h"
#include "ge/custom_op/annotated_args_context.h"

namespace ge {
namespace custom_op_native {
namespace {

using custom_op::AnnotatedArgsContext;
using custom_op::AnnotatedKernelLaunchInfo;
using custom_op::KernelArgSlot;
using Kind = KernelArgSlot::Kind;

constexpr const char *kExpired = "Borrowed native object has expired";

class WorkspaceAddrView {
 public:
  WorkspaceAddrView(size_t index, uint64_t addr, std::shared_ptr<Loan> loan)
      : index_(index), addr_(addr), loan_(std::move(loan)) {}
  size_t Index() const {
    loan_->EnsureValid();
    return index_;
  }
  uint64_t Addr() const {
    loan_->EnsureValid();
    return addr_;
  }

 private:
  size_t index_;
  uint64_t addr_;
  std::shared_ptr<Loan> loan_;
};

// Slots in append order; used once, by add_launch.
class KernelArgsBuilder {
 public:
  KernelArgsBuilder(size_t input_num, size_t output_num, std::shared_ptr<Loan> loan)
      : input_num_(input_num), output_num_(output_num), loan_(std::move(loan)) {}

  void AppendTensor(Kind kind, size_t index, const py::object &tensor) {
    EnsureUsable();
    const bool input = kind == Kind::kInput;
    const size_t count = input ? input_num_ : output_num_;
    if (index >= count) {
      throw py::index_error(std::string(input ? "input" : "output") + " instance index " +
                            std::to_string(index) + " is out of range for " +
                            (input ? "input" : "output") + " count " + std::to_string(count));
    }
    slots_.push_back(KernelArgSlot{kind, index, tensor.attr("addr").cast<uint64_t>()});
  }
  void AppendWorkspace(const WorkspaceAddrView &workspace) {
    EnsureUsable();
    slots_.push_back(KernelArgSlot{Kind::kWorkspace, workspace.Index(), workspace.Addr()});
  }
  void AppendScalar(uint64_t value) {
    EnsureUsable();
    slots_.push_back(KernelArgSlot{Kind::kScalar, 0U, value});
  }
  std::vector<KernelArgSlot> Consume() {
    EnsureUsable();
    consumed_ = true;
    return std::move(slots_);
  }

 private:
  void EnsureUsable() const {
    loan_->EnsureValid();
    if (consumed_) {
      throw std::runtime_error("AnnotatedKernelArgs has been consumed");
    }
  }

  size_t input_num_;
  size_t output_num_;
  std::shared_ptr<Loan> loan_;
  std::vector<KernelArgSlot> slots_;
  bool consumed_ = false;
};

class ArgsContextView {
 public:
  explicit ArgsContextView(AnnotatedArgsContext *context)
      : context_(context), loan_(std::make_shared<Loan>(kExpired)) {}

  AnnotatedArgsContext &Get() const {
    loan_->EnsureValid();
    return *context_;
  }
  void Invalidate() { loan_->End(); }
  const std::shared_ptr<Loan> &GetLoan() const { return loan_; }
  py::object Lend(const gert::Tensor *tensor, const char *failure) const {
    if (tensor == nullptr) {
      throw std::runtime_error(failure);
    }
    return loan_->BorrowTensor(tensor, false);
  }

 private:
  AnnotatedArgsContext *context_;
  std::shared_ptr<Loan> loan_;
};

WorkspaceAddrView MallocWorkspace(const ArgsContextView &self, size_t size) {
  if (size == 0U) {
    throw py::value_error("workspace size must be greater than zero");
  }
  size_t index = 0U;
  uint64_t addr = 0U;
  if (!self.Get().MallocWorkspace(size, index, addr)) {
    throw std::runtime_error("Failed to malloc workspace");
  }
  return WorkspaceAddrView(index, addr, self.GetLoan());
}

void AddLaunch(const ArgsContextView &self, const AnnotatedKernelLaunchInfo &info,
               KernelArgsBuilder &args) {
  AnnotatedArgsContext &context = self.Get();
  if (info.GetStreamId() != context.GetStreamId()) {  // before consuming: args stay usable
    throw py::value_error("launch stream_id does not match current context stream_id");
  }
  if (!context.AddLaunch(info, args.Consume())) {
    throw std::runtime_error("Failed to add annotated kernel launch");
  }
}

void BindLaunchInfo(py::module_ &m) {
  py::class_<AnnotatedKernelLaunchInfo>(m, "AnnotatedKernelLaunchInfo",
                                        "One kernel launch: name, binary, block dim and stream "
                                        "(an owned copy; write-only).")
      .def(py::init([](const std::string &kernel_name, const py::bytes &kernel_bin,
                       uint32_t block_dim, uint32_t stream_id) {
             if (kernel_name.empty()) {
               throw py::value_error("kernel_name must not be empty");
             }
             const auto bin = static_cast<std::string>(kernel_bin);
             if (bin.empty()) {
               throw py::value_error("kernel_bin must not be empty");
             }
             if (block_dim == 0U) {
               throw py::value_error("block_dim must be greater than zero");
             }
             return AnnotatedKernelLaunchInfo(
                 kernel_name, std::vector<uint8_t>(bin.begin(), bin.end()), block_dim, stream_id);
           }),
           py::kw_only(), py::arg("kernel_name"), py::arg("kernel_bin"), py::arg("block_dim"),
           py::arg("stream_id"));
}

}  // namespace

void BindAnnotatedArgs(py::module_ &m) {
  BindLaunchInfo(m);
  py::class_<WorkspaceAddrView>(m, "WorkspaceAddr",
                                "A workspace reserved during declare_launch_args (valid during "
                                "the call only).")
      .def_property_readonly("index", &WorkspaceAddrView::Index)
      .def_property_readonly("addr", &WorkspaceAddrView::Addr);
  py::class_<KernelArgsBuilder>(m, "AnnotatedKernelArgs",
                                "The argument slots of one launch, 8 bytes each, in append order; "
                                "consumed by add_launch.")
      .def(
          "append_input",
          [](KernelArgsBuilder &self, size_t instance_index, const py::object &tensor) {
            self.AppendTensor(Kind::kInput, instance_index, tensor);
          },
          py::arg("instance_index"), py::arg("tensor"))
      .def(
          "append_output",
          [](KernelArgsBuilder &self, size_t instance_index, const py::object &tensor) {
            self.AppendTensor(Kind::kOutput, instance_index, tensor);
          },
          py::arg("instance_index"), py::arg("tensor"))
      .def("append_workspace", &KernelArgsBuilder::AppendWorkspace, py::arg("workspace"))
      .def("append_scalar", &KernelArgsBuilder::AppendScalar, py::arg("value"));

  using View = ArgsContextView;
  using custom_op::OpCompileContext;
  const auto ports = [](const View &self) -> const OpCompileContext & {
    return self.Get().GetPorts();
  };
  py::class_<View>(m, "AnnotatedArgsContext",
                   "What declare_launch_args uses to declare its launches (valid during the "
                   "call only).")
      .def("malloc_workspace", &MallocWorkspace, py::arg("size"))
      .def("get_stream_id", [](const View &self) { return self.Get().GetStreamId(); })
      .def("create_kernel_args",
           [](const View &self) {
             AnnotatedArgsContext &context = self.Get();
             return KernelArgsBuilder(context.GetInputInstanceNum(), context.GetOutputInstanceNum(),
                                      self.GetLoan());
           })
      .def("add_launch", &AddLaunch, py::arg("launch_info"), py::arg("args"))
      .def(
          "_get_required_input_tensor",
          [ports](const View &self, size_t i) {
            return self.Lend(ports(self).GetRequiredInputTensor(i),
                             "Failed to get required input tensor");
          },
          py::arg("ir_index"))
      .def(
          "_get_optional_input_tensor",
          [ports](const View &self, size_t i) -> py::object {
            const gert::Tensor *tensor = ports(self).GetOptionalInputTensor(i);
            return tensor == nullptr ? py::none() : self.Lend(tensor, "");
          },
          py::arg("ir_index"))
      .def(
          "_get_dynamic_input_num",
          [ports](const View &self, size_t i) {
            size_t num = 0U;
            if (!ports(self).GetDynamicInputNum(i, num)) {
              throw std::runtime_error("Failed to get dynamic input instance info");
            }
            return num;
          },
          py::arg("ir_index"))
      .def(
          "_get_dynamic_input_tensor",
          [ports](const View &self, size_t i, size_t r) {
            return self.Lend(ports(self).GetDynamicInputTensor(i, r),
                             "Failed to get dynamic input tensor");
          },
          py::arg("ir_index"), py::arg("relative_index"))
      .def(
          "_get_required_output_tensor",
          [ports](const View &self, size_t i) {
            return self.Lend(ports(self).GetRequiredOutputTensor(i),
                             "Failed to get required output tensor");
          },
          py::arg("ir_index"))
      .def(
          "_get_dynamic_output_num",
          [ports](const View &self, size_t i) {
            size_t num = 0U;
            if (!ports(self).GetDynamicOutputNum(i, num)) {
              throw std::runtime_error("Failed to get dynamic output instance info");
            }
            return num;
          },
          py::arg("ir_index"))
      .def(
          "_get_dynamic_output_tensor",
          [ports](const View &self, size_t i, size_t r) {
            return self.Lend(ports(self).GetDynamicOutputTensor(i, r),
                             "Failed to get dynamic output tensor");
          },
          py::arg("ir_index"), py::arg("relative_index"))
      .def("_get_attrs",
           [ports](const View &self) {
             const custom_op::RuntimeAttrs *attrs = ports(self).GetAttrs();
             if (attrs == nullptr) {
               throw std::runtime_error("Failed to get runtime attrs");
             }
             return RuntimeAttrsView(attrs, self.GetLoan());
           })
      .def("_invalidate", &View::Invalidate,
           "Bridge only: end the loan; every later use raises RuntimeError.");

  m.def(
      "_borrow_annotated_args_context",
      [](uintptr_t ctx_handle) {
        if (ctx_handle == 0U) {
          throw py::value_error("ctx_handle is null");
        }
        return ArgsContextView(reinterpret_cast<AnnotatedArgsContext *>(ctx_handle));
      },
      py::arg("ctx_handle"), "Bridge only: a view of the AnnotatedArgsContext at `ctx_handle`.");
}

}  // namespace custom_op_native
}  // namespace ge
