// What the views of one lent context share (the Loan), and the RuntimeAttrs view every context
// hands out. A Loan ends when the bridge invalidates the context; its ge.runtime borrow scope
// (made on the first tensor handed out) ends with it, so lent tensors expire too.
#ifndef GE_PY_NATIVE_CUSTOM_OP_NATIVE_CONTEXT_VIEWS_H_
#define GE_PY_NATIVE_CUSTOM_OP_NATIVE_CONTEXT_VIEWS_H_

#include <pybind11/pybind11.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

#include "exe_graph/runtime/tensor.h"
#include "ge/custom_op/runtime_attrs.h"
#include "graph/types.h"

namespace ge {
namespace custom_op_native {

namespace py = pybind11;

/// ge.graph.DataType(value).
py::object GraphDataType(DataType value);

class Loan {
 public:
  /// `expired_message`: what the context raises once the loan has ended.
  explicit Loan(const char *expired_message) : expired_message_(expired_message) {}
  void EnsureValid() const {
    if (!valid_) {
      throw std::runtime_error(expired_message_);
    }
  }
  bool IsValid() const { return valid_; }
  void End();
  /// A ge.runtime.Tensor view of `tensor` that expires with the loan.
  py::object BorrowTensor(const gert::Tensor *tensor, bool read_only);

 private:
  const char *expired_message_;
  bool valid_ = true;
  py::object tensor_scope_;  // ge.runtime._BorrowScope
};

class RuntimeAttrsView {
 public:
  RuntimeAttrsView(const custom_op::RuntimeAttrs *attrs, std::shared_ptr<Loan> loan)
      : attrs_(attrs), loan_(std::move(loan)) {}
  const custom_op::RuntimeAttrs &Get() const {
    if (!loan_->IsValid()) {
      throw std::runtime_error("Borrowed runtime attrs have expired");
    }
    return *attrs_;
  }
  Loan &GetLoan() const { return *loan_; }

 private:
  const custom_op::RuntimeAttrs *attrs_;
  std::shared_ptr<Loan> loan_;
};

}  // namespace custom_op_native
}  // namespace ge

#endif  // GE_PY_NATIVE_CUSTOM_OP_NATIVE_CONTEXT_VIEWS_H_
