// ControlFlowOp (see control_flow.h).
#include "runtime/control_flow.h"

#include "common/error.h"
#include "runtime/dtype_utils.h"
#include "runtime/executor.h"

namespace ge {
namespace runtime {
namespace {
// Where subgraph Data(index = i) reads from when it has no _parent_node_index, as the catalog's
// inference of these ops assumes: after the condition for If/Case, in order otherwise.
int64_t DataIndexOffset(const std::string &type) { return type == "If" || type == "Case" ? 1 : 0; }
}  // namespace

bool ControlFlowOp::IsControlFlowType(const std::string &type) {
  return type == "If" || type == "Case" || type == "PartitionedCall" || type == "While";
}

ControlFlowOp::~ControlFlowOp() = default;

Status ControlFlowOp::Create(const Node &node, const ComputeGraph &root,
                             std::unique_ptr<ControlFlowOp> *op) {
  std::unique_ptr<ControlFlowOp> plan(new ControlFlowOp());
  plan->type_ = node.GetType();
  plan->label_ = "'" + node.GetName() + "' (" + node.GetType() + ")";
  plan->num_outputs_ = node.GetOutputsSize();
  const size_t num_inputs = node.GetInputsSize();
  for (const std::string &name : node.GetOpDesc().GetSubgraphInstanceNames()) {
    if (name.empty()) {
      continue;  // an IR subgraph slot with no graph attached
    }
    const std::string where = "node " + plan->label_ + ": subgraph '" + name + "'";
    ComputeGraphPtr subgraph = root.GetSubgraph(name);
    if (subgraph == nullptr) {
      return Fail(where + " is not registered on root graph '" + root.GetName() + "'");
    }
    Body body;
    body.name = name;
    if (Executor::CreateSubgraph(*subgraph, root, DataIndexOffset(plan->type_), num_inputs,
                                 &body.executor) != SUCCESS) {
      AppendLastError("in " + where);
      return FAILED;
    }
    plan->bodies_.push_back(std::move(body));
  }
  // If: then/else; While: cond/body; PartitionedCall: f; Case: one or more branches.
  const bool is_while = plan->type_ == "While";
  const bool is_case = plan->type_ == "Case";
  const size_t count = plan->bodies_.size();
  const size_t expected = plan->type_ == "If" || is_while ? 2 : 1;
  if (is_case ? count == 0 : count != expected) {
    return Fail("node " + plan->label_ + " has " + std::to_string(count) + " subgraphs, expected " +
                (is_case ? std::string("at least 1") : std::to_string(expected)));
  }
  for (size_t b = 0; b < plan->bodies_.size(); ++b) {
    const Body &body = plan->bodies_[b];
    const size_t produced = body.executor->GetOutputsSize();
    const bool is_cond = is_while && b == 0;
    const size_t wanted = is_while && !is_cond ? num_inputs : plan->num_outputs_;
    if (is_cond ? produced == 0 : produced != wanted) {
      return Fail("node " + plan->label_ + ": subgraph '" + body.name + "' returns " +
                  std::to_string(produced) + " values, expected " +
                  (is_cond ? std::string("at least 1") : std::to_string(wanted)));
    }
  }
  *op = std::move(plan);
  return SUCCESS;
}

Status ControlFlowOp::CheckKernels() const {
  for (const Body &body : bodies_) {
    if (body.executor->CheckKernels() != SUCCESS) {
      AppendLastError("in subgraph '" + body.name + "' of node " + label_);
      return FAILED;
    }
  }
  return SUCCESS;
}

// GE's rule for a condition: a scalar is true when non-zero, any other tensor when non-empty.
Status ControlFlowOp::Truth(const GeTensor &tensor, const std::string &what, bool *value) const {
  const DataType dtype = DtypeOf(tensor);
  if (!DimsOf(tensor).empty()) {
    *value = ElementCount(DimsOf(tensor)) > 0;
    return SUCCESS;
  }
  GeTensor as_bool;
  if (ConvertTensor(tensor, DT_BOOL, &as_bool) != SUCCESS) {
    return Fail("node " + label_ + ": " + what + " of dtype " + DataTypeToString(dtype) +
                " cannot be read as a condition: " + GetLastError());
  }
  *value = *DataOf<bool>(as_bool);
  return SUCCESS;
}

Status ControlFlowOp::RunBody(const Body &body, const std::vector<GeTensor> &values,
                              std::vector<GeTensor> *outputs) const {
  if (body.executor->Run(values, outputs) != SUCCESS) {
    AppendLastError("in subgraph '" + body.name + "' of node " + label_);
    return FAILED;
  }
  return SUCCESS;
}

Status ControlFlowOp::RunWhile(std::vector<GeTensor> carried,
                               std::vector<GeTensor> *outputs) const {
  while (true) {
    std::vector<GeTensor> cond;
    bool again = false;
    if (RunBody(bodies_[0], carried, &cond) != SUCCESS ||
        Truth(cond[0], "the output of subgraph '" + bodies_[0].name + "'", &again) != SUCCESS) {
      return FAILED;
    }
    if (!again) {
      break;
    }
    std::vector<GeTensor> next;
    if (RunBody(bodies_[1], carried, &next) != SUCCESS) {
      return FAILED;
    }
    carried = std::move(next);
  }
  *outputs = std::move(carried);
  return SUCCESS;
}

Status ControlFlowOp::Run(const std::vector<const GeTensor *> &inputs,
                          std::vector<GeTensor> *outputs) const {
  std::vector<GeTensor> values;
  values.reserve(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (inputs[i] == nullptr) {
      return Fail("node " + label_ + ": input " + std::to_string(i) + " is not connected");
    }
    values.push_back(*inputs[i]);
  }
  if (type_ == "While") {
    return RunWhile(std::move(values), outputs);
  }
  size_t branch = 0;
  if (type_ == "If") {
    bool then = false;
    if (Truth(values[0], "the condition", &then) != SUCCESS) {
      return FAILED;
    }
    branch = then ? 0 : 1;
  } else if (type_ == "Case") {
    std::vector<int64_t> index;
    if (ReadIndexValues(values[0], "branch_index", &index) != SUCCESS || index.size() != 1) {
      return Fail("node " + label_ + ": branch_index must be one int32/int64 value");
    }
    // An index outside the branches selects the last one, as GE's Case does.
    branch = index[0] >= 0 && static_cast<size_t>(index[0]) < bodies_.size()
                 ? static_cast<size_t>(index[0])
                 : bodies_.size() - 1;
  }
  return RunBody(bodies_[branch], values, outputs);
}

}  // namespace runtime
}  // namespace ge
