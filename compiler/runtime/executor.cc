// Executor (see executor.h).
#include "runtime/executor.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "common/error.h"
#include "common/log.h"
#include "runtime/dtype_utils.h"
#include "runtime/kernel_context.h"
#include "runtime/narrow_types.h"

namespace ge {
namespace runtime {

namespace {

bool IsConstType(const std::string &type) { return type == "Const" || type == "Constant"; }

std::string NodeLabel(const Node *node) {
  return "'" + node->GetName() + "' (" + node->GetType() + ")";
}

/// Bytes a tensor of `tensor`'s own desc must hold; -1 for a dtype the runtime does not hold
/// (strings, elements of other than 1, 2, 4, 8 or 16 bytes, packed types other than the narrow
/// types of narrow_types.h).
int64_t ExpectedBytes(const GeTensor &tensor) {
  const DataType dtype = tensor.GetTensorDesc().GetDataType();
  const int32_t width = GetSizeByDataType(dtype);
  const int64_t count = ElementCount(tensor.GetTensorDesc().GetShape().GetDims());
  const bool held =
      width == 1 || width == 2 || width == 4 || width == 8 || width == 16 || IsNarrowType(dtype);
  return !held || count < 0 ? -1 : GetSizeInBytes(count, dtype);
}

}  // namespace

bool IsRunInputType(const std::string &type) { return type == "Data" || type == "RefData"; }

Status Executor::Create(const ComputeGraph &graph, std::unique_ptr<Executor> *executor) {
  if (executor == nullptr) {
    return Fail("Executor::Create: output pointer is null");
  }
  std::unique_ptr<Executor> plan(new Executor());
  plan->graph_ = graph.Clone();
  if (plan->graph_ == nullptr) {
    return Fail("graph '" + graph.GetName() + "': cloning for execution failed");
  }
  if (plan->Plan(*plan->graph_) != SUCCESS) {
    AppendLastError("while planning graph '" + graph.GetName() + "' for the host runtime");
    return FAILED;
  }
  *executor = std::move(plan);
  return SUCCESS;
}

Status Executor::CreateSubgraph(const ComputeGraph &graph, const ComputeGraph &root,
                                int64_t input_offset, size_t num_values,
                                std::unique_ptr<Executor> *executor) {
  std::unique_ptr<Executor> plan(new Executor());
  plan->graph_ = graph.Clone();
  if (plan->graph_ == nullptr) {
    return Fail("subgraph '" + graph.GetName() + "': cloning for execution failed");
  }
  plan->subgraph_input_offset_ = input_offset;
  plan->subgraph_values_ = num_values;
  if (plan->Plan(root) != SUCCESS) {
    return FAILED;
  }
  *executor = std::move(plan);
  return SUCCESS;
}

// A graph's Data node reads run input `index` (implicitly: its position among the Data nodes); a
// control-flow subgraph's reads one of the node's values (executor.h, CreateSubgraph).
Status Executor::PlanDataIndex(Node *node, int64_t implicit_index, int64_t *data_index) const {
  const int64_t *index = node->GetOpDesc().GetAttrAs<int64_t>("index");
  const int64_t position = index != nullptr ? *index : implicit_index;
  if (subgraph_input_offset_ < 0) {
    *data_index = position;
  } else {
    const int64_t *parent = node->GetOpDesc().GetAttrAs<int64_t>("_parent_node_index");
    *data_index = parent != nullptr ? *parent : position + subgraph_input_offset_;
    if (*data_index >= static_cast<int64_t>(subgraph_values_)) {
      return Fail("Data node " + NodeLabel(node) + " reads input " + std::to_string(*data_index) +
                  " of the node owning the subgraph, which has " +
                  std::to_string(subgraph_values_) + " inputs");
    }
  }
  if (*data_index < 0) {
    return Fail("Data node " + NodeLabel(node) + " has negative index " +
                std::to_string(*data_index));
  }
  return SUCCESS;
}

Status Executor::Plan(const ComputeGraph &root) {
  std::vector<Node *> order;
  if (graph_->GetTopologicalOrder(&order) != SUCCESS) {
    return FAILED;
  }
  // One slot per output port.
  std::unordered_map<const Node *, int32_t> base;
  int32_t next = 0;
  for (Node *node : order) {
    base[node] = next;
    next += static_cast<int32_t>(node->GetOutputsSize());
  }
  num_slots_ = static_cast<size_t>(next);
  const_values_.assign(num_slots_, GeTensor());
  is_const_slot_.assign(num_slots_, false);
  is_output_slot_.assign(num_slots_, false);

  std::map<int64_t, Node *> data_by_index;
  int64_t implicit_index = 0;
  const Node *net_output = nullptr;
  for (Node *node : order) {
    const std::string &type = node->GetType();
    Step step;
    step.node = node;
    if (ControlFlowOp::IsControlFlowType(type)) {
      if (ControlFlowOp::Create(*node, root, &step.control) != SUCCESS) {
        return FAILED;
      }
    } else if (!node->GetOpDesc().GetSubgraphInstanceNames().empty()) {
      return Fail("node " + NodeLabel(node) +
                  " owns subgraphs; of such ops the host runtime runs If, Case, PartitionedCall "
                  "and While");
    }
    for (size_t i = 0; i < node->GetOutputsSize(); ++i) {
      step.output_slots.push_back(base[node] + static_cast<int32_t>(i));
    }
    for (size_t i = 0; i < node->GetInputsSize(); ++i) {
      const InDataPeer peer = node->GetInDataPeer(i);
      step.input_slots.push_back(peer.IsConnected() ? base[peer.node] + peer.out_index : -1);
    }
    if (IsRunInputType(type)) {
      if (PlanDataIndex(node, implicit_index++, &step.data_index) != SUCCESS) {
        return FAILED;
      }
      if (!data_by_index.emplace(step.data_index, node).second) {
        return Fail("Data nodes " + NodeLabel(data_by_index[step.data_index]) + " and " +
                    NodeLabel(node) + " share input index " + std::to_string(step.data_index));
      }
      if (node->GetOutputsSize() == 0) {
        return Fail("Data node " + NodeLabel(node) + " has no output");
      }
    } else if (IsConstType(type)) {
      const GeTensor *value = node->GetOpDesc().GetAttrAs<GeTensor>("value");
      if (value == nullptr) {
        return Fail("Const node " + NodeLabel(node) + " has no tensor attribute 'value'");
      }
      const int64_t expected = ExpectedBytes(*value);
      if (expected < 0 || static_cast<int64_t>(value->GetSize()) != expected) {
        return Fail("Const node " + NodeLabel(node) + ": value " +
                    value->GetTensorDesc().GetShape().ToString() + " " +
                    DataTypeToString(value->GetTensorDesc().GetDataType()) + " needs " +
                    std::to_string(expected) + " bytes but holds " +
                    std::to_string(value->GetSize()));
      }
      if (node->GetOutputsSize() == 0) {
        return Fail("Const node " + NodeLabel(node) + " has no output");
      }
      const_values_[static_cast<size_t>(step.output_slots[0])] = *value;  // shares the bytes
      is_const_slot_[static_cast<size_t>(step.output_slots[0])] = true;
    } else if (type == "NetOutput") {
      if (net_output != nullptr) {
        return Fail("graph has two NetOutput nodes: " + NodeLabel(net_output) + " and " +
                    NodeLabel(node));
      }
      net_output = node;
      for (size_t i = 0; i < step.input_slots.size(); ++i) {
        if (step.input_slots[i] < 0) {
          return Fail("NetOutput node " + NodeLabel(node) + " input " + std::to_string(i) +
                      " is not connected");
        }
        output_slots_.push_back(step.input_slots[i]);
      }
    } else if (step.control == nullptr) {
      step.kernel = KernelRegistry::Instance().Find(type);
    }
    steps_.push_back(std::move(step));
  }
  if (net_output == nullptr) {
    for (const auto &output : graph_->GetOutputs()) {
      if (output.first == nullptr || output.second < 0 ||
          static_cast<size_t>(output.second) >= output.first->GetOutputsSize()) {
        return Fail("graph output refers to an invalid node port");
      }
      output_slots_.push_back(base[output.first] + output.second);
    }
  }
  for (int32_t slot : output_slots_) is_output_slot_[static_cast<size_t>(slot)] = true;

  // Inputs: indices must be exactly 0..n-1 (a subgraph may leave its node's values unread).
  int64_t expected = 0;
  for (const auto &entry : data_by_index) {
    if (entry.first != expected && subgraph_input_offset_ < 0) {
      return Fail("Data node " + NodeLabel(entry.second) + " has index " +
                  std::to_string(entry.first) + ", but index " + std::to_string(expected) +
                  " has no Data node (indices must be 0.." +
                  std::to_string(data_by_index.size() - 1) + ")");
    }
    const OpDesc &desc = entry.second->GetOpDesc();
    input_descs_.push_back(*desc.GetOutputDesc(0));
    input_names_.push_back(entry.second->GetName());
    ++expected;
  }

  // Last use: release a slot after its last consumer; a value nobody reads goes right away.
  std::vector<int64_t> last_use(num_slots_, -1);
  std::vector<int64_t> producer(num_slots_, -1);
  for (size_t s = 0; s < steps_.size(); ++s) {
    for (int32_t slot : steps_[s].output_slots) producer[static_cast<size_t>(slot)] = int64_t(s);
    if (steps_[s].node->GetType() == "NetOutput") {
      continue;  // NetOutput reads nothing at run time; outputs are collected at the end
    }
    for (int32_t slot : steps_[s].input_slots) {
      if (slot >= 0) last_use[static_cast<size_t>(slot)] = static_cast<int64_t>(s);
    }
  }
  for (size_t slot = 0; slot < num_slots_; ++slot) {
    if (is_output_slot_[slot] || is_const_slot_[slot] || producer[slot] < 0) {
      continue;
    }
    const int64_t at = last_use[slot] >= 0 ? last_use[slot] : producer[slot];
    steps_[static_cast<size_t>(at)].release_after.push_back(static_cast<int32_t>(slot));
  }
  GELOGI("host runtime: planned graph '%s': %zu nodes, %zu values, %zu inputs, %zu outputs",
         graph_->GetName().c_str(), steps_.size(), num_slots_, input_descs_.size(),
         output_slots_.size());
  return SUCCESS;
}

Status Executor::CheckKernels() const {
  std::string missing;
  size_t count = 0;
  for (const Step &step : steps_) {
    if (step.control != nullptr) {
      if (step.control->CheckKernels() != SUCCESS) {
        return FAILED;
      }
      continue;
    }
    if (step.kernel == nullptr && !IsPlumbingType(step.node->GetType())) {
      missing += (count == 0 ? "" : ", ") + NodeLabel(step.node);
      ++count;
    }
  }
  if (count != 0) {
    return Fail("the host runtime has no kernel for " + std::to_string(count) +
                (count == 1 ? " node: " : " nodes: ") + missing);
  }
  return SUCCESS;
}

Status Executor::CheckInput(size_t index, const GeTensorDesc &want, const std::string &data_name,
                            const GeTensor &tensor) const {
  const GeTensorDesc &got = tensor.GetTensorDesc();
  const std::string label = "input " + std::to_string(index) + " (Data node '" + data_name + "')";
  if (got.GetDataType() != want.GetDataType()) {
    return Fail(label + ": dtype " + DataTypeToString(got.GetDataType()) +
                " does not match the model's " + DataTypeToString(want.GetDataType()));
  }
  const auto &wd = want.GetShape().GetDims();
  const auto &gd = got.GetShape().GetDims();
  bool shape_ok = want.GetShape().IsUnknownRank() || wd.size() == gd.size();
  for (size_t d = 0; shape_ok && !want.GetShape().IsUnknownRank() && d < wd.size(); ++d) {
    shape_ok = wd[d] == UNKNOWN_DIM || wd[d] == gd[d];
  }
  if (!shape_ok) {
    return Fail(label + ": shape " + got.GetShape().ToString() + " does not match the model's " +
                want.GetShape().ToString());
  }
  for (int64_t dim : gd) {
    if (dim < 0) {
      return Fail(label + ": shape " + got.GetShape().ToString() +
                  " has a negative dim; run inputs need concrete shapes");
    }
  }
  const int64_t expected = ExpectedBytes(tensor);
  if (expected < 0) {
    return Fail(label + ": dtype " + DataTypeToString(got.GetDataType()) +
                " is not supported by the host runtime");
  }
  if (static_cast<int64_t>(tensor.GetSize()) != expected) {
    return Fail(label + ": shape " + got.GetShape().ToString() + " " +
                DataTypeToString(got.GetDataType()) + " needs " + std::to_string(expected) +
                " bytes, but the tensor holds " + std::to_string(tensor.GetSize()));
  }
  return SUCCESS;
}

Status Executor::RunStep(const Step &step, std::vector<GeTensor> &values,
                         std::vector<bool> &assigned) {
  Node *node = step.node;
  if (step.control != nullptr) {
    std::vector<const GeTensor *> inputs;
    for (int32_t slot : step.input_slots) {
      inputs.push_back(slot < 0 ? nullptr : &values[static_cast<size_t>(slot)]);
    }
    std::vector<GeTensor> outputs;
    if (step.control->Run(inputs, &outputs) != SUCCESS) {
      return FAILED;
    }
    for (size_t i = 0; i < step.output_slots.size(); ++i) {
      const size_t slot = static_cast<size_t>(step.output_slots[i]);
      values[slot] = std::move(outputs[i]);
      assigned[slot] = true;
    }
    return SUCCESS;
  }
  if (step.kernel == nullptr) {
    return Fail("node " + NodeLabel(node) + ": the host runtime has no kernel for type '" +
                node->GetType() + "'");
  }
  // Gather inputs; with half_via_float, stage float16/bfloat16 inputs as float.
  std::vector<GeTensor> staged(step.input_slots.size());
  std::vector<const GeTensor *> inputs(step.input_slots.size(), nullptr);
  DataType restore_type = DT_UNDEFINED;
  for (size_t i = 0; i < step.input_slots.size(); ++i) {
    const int32_t slot = step.input_slots[i];
    if (slot < 0) {
      continue;
    }
    const GeTensor &value = values[static_cast<size_t>(slot)];
    inputs[i] = &value;
    const DataType dtype = DtypeOf(value);
    if (!step.kernel->half_via_float || !IsHalfType(dtype)) {
      continue;
    }
    if (i == 0) {
      restore_type = dtype;
    }
    if (ConvertTensor(value, DT_FLOAT, &staged[i]) != SUCCESS) {
      return Fail("node " + NodeLabel(node) + ": input " + std::to_string(i) + ": " +
                  GetLastError());
    }
    inputs[i] = &staged[i];
  }
  KernelContext ctx(node->GetOpDesc(), std::move(inputs), node->GetOutputsSize());
  Status status = FAILED;
  try {
    status = step.kernel->fn(ctx);
  } catch (const std::exception &e) {
    return Fail("node " + NodeLabel(node) + ": " + e.what());
  }
  if (status != SUCCESS) {
    if (GetLastError().empty()) {
      return Fail("node " + NodeLabel(node) + ": kernel failed");
    }
    return FAILED;
  }
  for (size_t i = 0; i < step.output_slots.size(); ++i) {
    const size_t slot = static_cast<size_t>(step.output_slots[i]);
    if (!ctx.IsOutputSet(i)) {
      const bool needed = is_output_slot_[slot] || !node->GetOutDataPeers(i).empty();
      if (needed) {
        return Fail("node " + NodeLabel(node) + ": kernel did not produce output " +
                    std::to_string(i) + ", which is consumed");
      }
      continue;
    }
    GeTensor &out = ctx.MutableOutputs()[i];
    // Float outputs go back to input 0's half type: the dtype inference gives these ops.
    if (restore_type != DT_UNDEFINED && DtypeOf(out) == DT_FLOAT && !ctx.KeepsFloatOutput(i)) {
      GeTensor converted;
      if (ConvertTensor(out, restore_type, &converted) != SUCCESS) {
        return Fail("node " + NodeLabel(node) + ": output " + std::to_string(i) + ": " +
                    GetLastError());
      }
      out = converted;
    }
    values[slot] = std::move(out);
    assigned[slot] = true;
  }
  return SUCCESS;
}

Status Executor::Run(const std::vector<GeTensor> &inputs, std::vector<GeTensor> *outputs) {
  if (outputs == nullptr) {
    return Fail("Executor::Run: outputs pointer is null");
  }
  // A control-flow subgraph takes all of its node's values and checks those its Data nodes read.
  const size_t takes = subgraph_input_offset_ < 0 ? input_descs_.size() : subgraph_values_;
  if (inputs.size() != takes) {
    return Fail("the model takes " + std::to_string(takes) + " inputs, got " +
                std::to_string(inputs.size()));
  }
  for (size_t i = 0; subgraph_input_offset_ < 0 && i < inputs.size(); ++i) {
    if (CheckInput(i, input_descs_[i], input_names_[i], inputs[i]) != SUCCESS) {
      return FAILED;
    }
  }
  stats_ = RunStats();
  std::vector<GeTensor> values(const_values_);
  std::vector<bool> live(num_slots_, false);
  std::vector<bool> assigned(num_slots_, false);
  size_t live_count = 0;
  int64_t live_bytes = 0;
  for (const Step &step : steps_) {
    if (step.data_index >= 0) {
      const GeTensor &input = inputs[static_cast<size_t>(step.data_index)];
      if (subgraph_input_offset_ >= 0 &&
          CheckInput(static_cast<size_t>(step.data_index), *step.node->GetOpDesc().GetOutputDesc(0),
                     step.node->GetName(), input) != SUCCESS) {
        return FAILED;
      }
      values[static_cast<size_t>(step.output_slots[0])] =
          inputs[static_cast<size_t>(step.data_index)];
      assigned[static_cast<size_t>(step.output_slots[0])] = true;
    } else if (step.kernel != nullptr || step.control != nullptr ||
               !IsPlumbingType(step.node->GetType())) {
      if (RunStep(step, values, assigned) != SUCCESS) {
        return FAILED;
      }
    }
    ++stats_.steps;
    for (int32_t slot : step.output_slots) {
      const size_t s = static_cast<size_t>(slot);
      if (!is_const_slot_[s] && assigned[s] && !live[s]) {
        live[s] = true;
        ++live_count;
        live_bytes += static_cast<int64_t>(values[s].GetSize());
      }
    }
    stats_.peak_live_buffers = std::max(stats_.peak_live_buffers, live_count);
    stats_.peak_live_bytes = std::max(stats_.peak_live_bytes, live_bytes);
    for (int32_t slot : step.release_after) {
      const size_t s = static_cast<size_t>(slot);
      if (live[s]) {
        live[s] = false;
        --live_count;
        live_bytes -= static_cast<int64_t>(values[s].GetSize());
      }
      values[s] = GeTensor();  // drops this executor's reference to the buffer
      assigned[s] = false;
    }
  }
  for (size_t s = 0; s < num_slots_; ++s) {
    if (live[s] && !is_output_slot_[s]) ++stats_.live_after_run;
  }
  outputs->clear();
  for (int32_t slot : output_slots_) {
    outputs->push_back(values[static_cast<size_t>(slot)]);
  }
  return SUCCESS;
}

}  // namespace runtime
}  // namespace ge
