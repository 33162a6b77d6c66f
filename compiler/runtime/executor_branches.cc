// Control ops on the host runtime: If, Case and PartitionedCall run one of their subgraphs, each
// planned once as an executor of its own over the cloned graph's subgraph (see executor.h).
#include <memory>
#include <string>
#include <vector>

#include "common/error.h"
#include "runtime/dtype_utils.h"
#include "runtime/executor.h"

namespace ge {
namespace runtime {
namespace {

// Inputs before the subgraph arguments: If's cond, Case's branch_index; -1 for other owners.
int64_t BranchInputOffset(const std::string &type) {
  if (type == "If" || type == "Case") return 1;
  if (type == "PartitionedCall") return 0;
  return -1;
}

std::string Label(const Node *node) {
  return "'" + node->GetName() + "' (" + node->GetType() + ")";
}

// If: a scalar is true when non-zero, any other tensor when it is not empty (as GE's If reads it).
Status IfCondition(const GeTensor &cond, bool *value) {
  if (!DimsOf(cond).empty()) {
    *value = ElementCount(DimsOf(cond)) > 0;
    return SUCCESS;
  }
  double scalar = 0.0;
  if (ReadScalarAsDouble(cond, "input 0 'cond'", &scalar) != SUCCESS) {
    return FAILED;
  }
  *value = scalar != 0.0;
  return SUCCESS;
}

// Case: branch_index selects a branch; an index out of range runs the last one.
Status CaseBranch(const GeTensor &index_tensor, size_t branch_count, size_t *branch) {
  std::vector<int64_t> index;
  if (ReadIndexValues(index_tensor, "input 0 'branch_index'", &index) != SUCCESS) {
    return FAILED;
  }
  if (index.size() != 1) {
    return Fail("input 0 'branch_index' must hold one value, got " + std::to_string(index.size()));
  }
  const bool in_range = index[0] >= 0 && static_cast<uint64_t>(index[0]) < branch_count;
  *branch = in_range ? static_cast<size_t>(index[0]) : branch_count - 1;
  return SUCCESS;
}

}  // namespace

Status Executor::CreateBranch(const ComputeGraphPtr &subgraph, int64_t input_offset,
                              std::unique_ptr<Executor> *executor) {
  std::unique_ptr<Executor> plan(new Executor());
  plan->graph_ = subgraph;
  plan->branch_input_offset_ = input_offset;
  if (plan->Plan() != SUCCESS) {
    AppendLastError("while planning subgraph '" + subgraph->GetName() + "'");
    return FAILED;
  }
  *executor = std::move(plan);
  return SUCCESS;
}

Status Executor::PlanBranches(Step *step) {
  Node *node = step->node;
  const int64_t offset = BranchInputOffset(node->GetType());
  if (offset < 0) {
    return Fail("node " + Label(node) +
                " owns subgraphs; the host runtime runs the subgraphs of If, Case and "
                "PartitionedCall only");
  }
  ComputeGraph *root = graph_->GetRootGraph();
  for (const std::string &name : node->GetOpDesc().GetSubgraphInstanceNames()) {
    ComputeGraphPtr subgraph = root->GetSubgraph(name);
    if (subgraph == nullptr) {
      return Fail("node " + Label(node) + ": subgraph '" + name + "' is not registered");
    }
    std::unique_ptr<Executor> branch;
    if (CreateBranch(subgraph, offset, &branch) != SUCCESS) {
      return FAILED;
    }
    if (branch->GetOutputsSize() != node->GetOutputsSize()) {
      return Fail("node " + Label(node) + ": subgraph '" + name + "' has " +
                  std::to_string(branch->GetOutputsSize()) + " outputs but the node has " +
                  std::to_string(node->GetOutputsSize()));
    }
    step->branches.push_back(std::move(branch));
  }
  return SUCCESS;
}

void Executor::CheckBranchKernels(std::string *missing, size_t *count) const {
  for (const Step &step : steps_) {
    for (const auto &branch : step.branches) {
      for (const Step &inner : branch->steps_) {
        if (inner.kernel == nullptr && inner.branches.empty() &&
            !IsPlumbingType(inner.node->GetType())) {
          *missing += (*count == 0 ? "" : ", ") + Label(inner.node);
          ++*count;
        }
      }
      branch->CheckBranchKernels(missing, count);
    }
  }
}

Status Executor::RunBranch(const Step &step, std::vector<GeTensor> &values,
                           std::vector<bool> &assigned) {
  Node *node = step.node;
  const size_t offset = static_cast<size_t>(BranchInputOffset(node->GetType()));
  std::vector<GeTensor> inputs;
  for (size_t i = 0; i < step.input_slots.size(); ++i) {
    if (step.input_slots[i] < 0) {
      return Fail("node " + Label(node) + ": input " + std::to_string(i) + " is not connected");
    }
    if (i >= offset) inputs.push_back(values[static_cast<size_t>(step.input_slots[i])]);
  }
  size_t branch = 0;
  if (node->GetType() == "If") {
    bool cond = false;
    if (IfCondition(values[static_cast<size_t>(step.input_slots[0])], &cond) != SUCCESS) {
      return Fail("node " + Label(node) + ": " + GetLastError());
    }
    branch = cond ? 0 : 1;
  } else if (node->GetType() == "Case" &&
             CaseBranch(values[static_cast<size_t>(step.input_slots[0])], step.branches.size(),
                        &branch) != SUCCESS) {
    return Fail("node " + Label(node) + ": " + GetLastError());
  }
  if (branch >= step.branches.size()) {
    return Fail("node " + Label(node) + " has no subgraph " + std::to_string(branch));
  }
  std::vector<GeTensor> outputs;
  if (step.branches[branch]->Run(inputs, &outputs) != SUCCESS) {
    AppendLastError("in subgraph '" + step.branches[branch]->graph_->GetName() + "' of node " +
                    Label(node));
    return FAILED;
  }
  for (size_t i = 0; i < step.output_slots.size(); ++i) {
    const size_t slot = static_cast<size_t>(step.output_slots[i]);
    values[slot] = std::move(outputs[i]);
    assigned[slot] = true;
  }
  return SUCCESS;
}

}  // namespace runtime
}  // namespace ge
