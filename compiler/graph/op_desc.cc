// OpDesc port and metadata bookkeeping.
#include "graph/op_desc.h"

#include <algorithm>

namespace ge {
namespace {
const std::string kEmptyName;

int32_t IndexOf(const std::vector<std::string> &names, const std::string &name) {
  auto it = std::find(names.begin(), names.end(), name);
  return it == names.end() ? -1 : static_cast<int32_t>(it - names.begin());
}
}  // namespace

void OpDesc::AddInputDesc(const std::string &name, GeTensorDesc desc) {
  inputs_.push_back(std::move(desc));
  input_names_.push_back(name);
}

void OpDesc::AddOutputDesc(const std::string &name, GeTensorDesc desc) {
  outputs_.push_back(std::move(desc));
  output_names_.push_back(name);
}

const GeTensorDesc *OpDesc::GetInputDesc(size_t index) const {
  return index < inputs_.size() ? &inputs_[index] : nullptr;
}

const GeTensorDesc *OpDesc::GetOutputDesc(size_t index) const {
  return index < outputs_.size() ? &outputs_[index] : nullptr;
}

GeTensorDesc *OpDesc::MutableInputDesc(size_t index) {
  return index < inputs_.size() ? &inputs_[index] : nullptr;
}

GeTensorDesc *OpDesc::MutableOutputDesc(size_t index) {
  return index < outputs_.size() ? &outputs_[index] : nullptr;
}

bool OpDesc::UpdateInputDesc(size_t index, GeTensorDesc desc) {
  if (index >= inputs_.size()) {
    return false;
  }
  inputs_[index] = std::move(desc);
  return true;
}

bool OpDesc::UpdateOutputDesc(size_t index, GeTensorDesc desc) {
  if (index >= outputs_.size()) {
    return false;
  }
  outputs_[index] = std::move(desc);
  return true;
}

const std::string &OpDesc::GetInputName(size_t index) const {
  return index < input_names_.size() ? input_names_[index] : kEmptyName;
}

const std::string &OpDesc::GetOutputName(size_t index) const {
  return index < output_names_.size() ? output_names_[index] : kEmptyName;
}

void OpDesc::SetInputName(size_t index, std::string name) {
  if (index < input_names_.size()) {
    input_names_[index] = std::move(name);
  }
}

void OpDesc::SetOutputName(size_t index, std::string name) {
  if (index < output_names_.size()) {
    output_names_[index] = std::move(name);
  }
}

int32_t OpDesc::GetInputIndexByName(const std::string &name) const {
  return name.empty() ? -1 : IndexOf(input_names_, name);
}

int32_t OpDesc::GetOutputIndexByName(const std::string &name) const {
  return name.empty() ? -1 : IndexOf(output_names_, name);
}

const IrMetadata *OpDesc::ir() const {
  static const IrMetadata kEmpty;
  return ir_ ? ir_.get() : &kEmpty;
}

IrMetadata &OpDesc::MutableIr() {
  auto copy = ir_ ? std::make_shared<IrMetadata>(*ir_) : std::make_shared<IrMetadata>();
  IrMetadata &result = *copy;
  ir_ = std::move(copy);
  return result;
}

void OpDesc::AppendIrInput(std::string name, IrInputType type) {
  MutableIr().inputs.emplace_back(std::move(name), type);
}

void OpDesc::AppendIrOutput(std::string name, IrOutputType type) {
  MutableIr().outputs.emplace_back(std::move(name), type);
}

void OpDesc::AppendIrAttrName(std::string name) { MutableIr().attr_names.push_back(std::move(name)); }

void OpDesc::AppendSubgraphIrName(std::string name, SubgraphType type) {
  MutableIr().subgraphs.emplace_back(std::move(name), type);
}

const GeAttrValue *OpDesc::GetAttr(const std::string &name) const {
  auto it = attrs_.find(name);
  return it == attrs_.end() ? nullptr : &it->second;
}

void OpDesc::SetSubgraphInstanceName(size_t index, std::string name) {
  if (index >= subgraph_names_.size()) {
    subgraph_names_.resize(index + 1);
  }
  subgraph_names_[index] = std::move(name);
}

void OpDesc::RemoveSubgraphInstanceName(const std::string &name) {
  subgraph_names_.erase(std::remove(subgraph_names_.begin(), subgraph_names_.end(), name),
                        subgraph_names_.end());
}

}  // namespace ge
