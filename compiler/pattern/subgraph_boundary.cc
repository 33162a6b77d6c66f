// SubgraphInput / SubgraphOutput / SubgraphBoundary.
#include "ge/fusion/subgraph_boundary.h"

#include "common/error.h"
#include "common/log.h"
#include "graph_api/node_adapter.h"

namespace ge {
namespace fusion {

Status SubgraphInput::AddInput(const NodeIo &node_input) {
  NodePtr node = NodeAdapter::GNode2Node(node_input.node);
  if (node == nullptr) {
    return Fail("SubgraphInput::AddInput: invalid node handle");
  }
  if (node_input.index < 0 || static_cast<size_t>(node_input.index) >= node->GetInputsSize()) {
    return Fail("SubgraphInput::AddInput: node [" + node->GetName() + "] has no input " +
                std::to_string(node_input.index));
  }
  const InDataPeer peer = node->GetInDataPeer(static_cast<size_t>(node_input.index));
  if (!peer.IsConnected()) {
    return Fail("SubgraphInput::AddInput: input " + std::to_string(node_input.index) +
                " of node [" + node->GetName() + "] has no producer");
  }
  if (!inputs_.empty()) {
    NodePtr first = NodeAdapter::GNode2Node(inputs_.front().node);
    const InDataPeer first_peer =
        first == nullptr ? InDataPeer{}
                         : first->GetInDataPeer(static_cast<size_t>(inputs_.front().index));
    if (first_peer.node != peer.node || first_peer.out_index != peer.out_index) {
      return Fail("SubgraphInput::AddInput: input " + std::to_string(node_input.index) +
                  " of node [" + node->GetName() +
                  "] is fed by another tensor than the inputs already added");
    }
  }
  inputs_.push_back(node_input);
  return SUCCESS;
}

Status SubgraphOutput::SetOutput(const NodeIo &node_output) {
  if (has_output_) {
    return Fail("SubgraphOutput::SetOutput: the output is already set");
  }
  NodePtr node = NodeAdapter::GNode2Node(node_output.node);
  if (node == nullptr || node_output.index < 0 ||
      static_cast<size_t>(node_output.index) >= node->GetOutputsSize()) {
    return Fail("SubgraphOutput::SetOutput: the output port " + std::to_string(node_output.index) +
                " does not exist" +
                (node == nullptr ? " (invalid node)" : " on node [" + node->GetName() + "]"));
  }
  output_ = node_output;
  has_output_ = true;
  return SUCCESS;
}

Status SubgraphOutput::GetOutput(NodeIo &node_output) const {
  if (!has_output_) {
    return Fail("SubgraphOutput::GetOutput: no output set");
  }
  node_output = output_;
  return SUCCESS;
}

SubgraphBoundary::SubgraphBoundary(std::vector<SubgraphInput> inputs,
                                   std::vector<SubgraphOutput> outputs) {
  for (size_t i = 0; i < inputs.size(); ++i) {
    inputs_.emplace(static_cast<int64_t>(i), std::move(inputs[i]));
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    outputs_.emplace(static_cast<int64_t>(i), std::move(outputs[i]));
  }
}

Status SubgraphBoundary::AddInput(int64_t index, SubgraphInput input) {
  if (!inputs_.emplace(index, std::move(input)).second) {
    GELOGE("Input %ld has already added.", static_cast<long>(index));
    return Fail(FormatString("Input %ld has already added.", static_cast<long>(index)));
  }
  return SUCCESS;
}

Status SubgraphBoundary::AddOutput(int64_t index, SubgraphOutput output) {
  if (!outputs_.emplace(index, std::move(output)).second) {
    GELOGE("Output %ld has already added.", static_cast<long>(index));
    return Fail(FormatString("Output %ld has already added.", static_cast<long>(index)));
  }
  return SUCCESS;
}

Status SubgraphBoundary::GetInput(int64_t index, SubgraphInput &subgraph_input) const {
  auto it = inputs_.find(index);
  if (it == inputs_.end()) {
    return Fail("SubgraphBoundary::GetInput: no input " + std::to_string(index));
  }
  subgraph_input = it->second;
  return SUCCESS;
}

Status SubgraphBoundary::GetOutput(int64_t index, SubgraphOutput &subgraph_output) const {
  auto it = outputs_.find(index);
  if (it == outputs_.end()) {
    return Fail("SubgraphBoundary::GetOutput: no output " + std::to_string(index));
  }
  subgraph_output = it->second;
  return SUCCESS;
}

std::vector<SubgraphInput> SubgraphBoundary::GetAllInputs() const {
  std::vector<SubgraphInput> result;
  for (const auto &entry : inputs_) {
    result.push_back(entry.second);
  }
  return result;
}

std::vector<SubgraphOutput> SubgraphBoundary::GetAllOutputs() const {
  std::vector<SubgraphOutput> result;
  for (const auto &entry : outputs_) {
    result.push_back(entry.second);
  }
  return result;
}

}  // namespace fusion
}  // namespace ge
