// OpDesc port and metadata bookkeeping.
#include "graph/op_desc.h"

#include <algorithm>
#include <cstddef>

namespace ge {
namespace {
const std::string kEmptyName;

const AttrMap kNoAttrs;
const std::vector<std::string> kNoSubgraphs;

/// Index of `name` in names[begin, end) relative to `begin`, -1 when absent.
int32_t IndexOf(const InlineVector<const std::string *, 2> &names, size_t begin, size_t end,
                const std::string &name) {
  for (size_t i = begin; i < end; ++i) {
    if (*names[i] == name) {
      return static_cast<int32_t>(i - begin);
    }
  }
  return -1;
}

/// Inserts `value` at `index` (<= size) of an InlineVector.
void InsertAt(InlineVector<const std::string *, 2> &names, size_t index, const std::string *value) {
  names.push_back(value);
  for (size_t i = names.size() - 1; i > index; --i) {
    std::swap(names[i], names[i - 1]);
  }
}
}  // namespace

OpDesc::OpDesc(const OpDesc &other)
    : type_(other.type_),
      name_(other.name_),
      id_(other.id_),
      inputs_(other.inputs_),
      outputs_(other.outputs_),
      port_names_(other.port_names_),
      ir_(other.ir_),
      rare_(other.rare_ == nullptr || other.rare_->shared ? other.rare_
                                                          : std::make_shared<Rare>(*other.rare_)) {}

OpDesc &OpDesc::operator=(const OpDesc &other) {
  if (this != &other) {
    OpDesc copy(other);
    *this = std::move(copy);
  }
  return *this;
}

OpDesc::Rare &OpDesc::MutableRare() {
  if (rare_ == nullptr) {
    rare_ = std::make_shared<Rare>();
  }
  return *MutableRareIfAny();
}

OpDesc::Rare *OpDesc::MutableRareIfAny() {
  if (rare_ != nullptr && rare_->shared) {
    auto own = std::make_shared<Rare>(*rare_);
    own->shared = false;
    rare_ = std::move(own);
  }
  return rare_.get();
}

void OpDesc::ShareAttrsWithCopies() {
  if (rare_ != nullptr) {
    rare_->shared = true;
  }
}

bool OpDesc::DelAttr(const std::string &name) {
  if (rare_ == nullptr) {
    return false;
  }
  // Only a shared block is looked up first: deleting an absent attr must not copy it.
  if (rare_->shared && GetAttr(name) == nullptr) {
    return false;
  }
  return MutableRareIfAny()->attrs.erase(name) != 0;
}

void OpDesc::ClearSubgraphInstanceNames() {
  if (!GetSubgraphInstanceNames().empty()) {
    MutableRareIfAny()->subgraph_names.clear();
  }
}

const AttrMap &OpDesc::GetAllAttrs() const { return rare_ ? rare_->attrs : kNoAttrs; }

const std::vector<std::string> &OpDesc::GetSubgraphInstanceNames() const {
  return rare_ ? rare_->subgraph_names : kNoSubgraphs;
}

void OpDesc::AddInputDesc(const std::string &name, GeTensorDesc desc) {
  InsertAt(port_names_, inputs_.size(), &InternString(name));
  inputs_.push_back(std::move(desc));
}

void OpDesc::AddOutputDesc(const std::string &name, GeTensorDesc desc) {
  outputs_.push_back(std::move(desc));
  port_names_.push_back(&InternString(name));
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
  return index < inputs_.size() ? *port_names_[index] : kEmptyName;
}

const std::string &OpDesc::GetOutputName(size_t index) const {
  return index < outputs_.size() ? *port_names_[inputs_.size() + index] : kEmptyName;
}

void OpDesc::SetInputName(size_t index, std::string name) {
  if (index < inputs_.size()) {
    port_names_[index] = &InternString(name);
  }
}

void OpDesc::SetOutputName(size_t index, std::string name) {
  if (index < outputs_.size()) {
    port_names_[inputs_.size() + index] = &InternString(name);
  }
}

int32_t OpDesc::GetInputIndexByName(const std::string &name) const {
  return name.empty() ? -1 : IndexOf(port_names_, 0, inputs_.size(), name);
}

int32_t OpDesc::GetOutputIndexByName(const std::string &name) const {
  return name.empty() ? -1 : IndexOf(port_names_, inputs_.size(), port_names_.size(), name);
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

void OpDesc::AppendIrAttrName(std::string name) {
  MutableIr().attr_names.push_back(std::move(name));
}

void OpDesc::AppendSubgraphIrName(std::string name, SubgraphType type) {
  MutableIr().subgraphs.emplace_back(std::move(name), type);
}

const GeAttrValue *OpDesc::GetAttr(const std::string &name) const {
  if (rare_ == nullptr) {
    return nullptr;
  }
  auto it = rare_->attrs.find(name);
  return it == rare_->attrs.end() ? nullptr : &it->second;
}

void OpDesc::SetSubgraphInstanceName(size_t index, std::string name) {
  std::vector<std::string> &names = MutableRare().subgraph_names;
  if (index >= names.size()) {
    names.resize(index + 1);
  }
  names[index] = std::move(name);
}

void OpDesc::RemoveSubgraphInstanceName(const std::string &name) {
  const std::vector<std::string> &current = GetSubgraphInstanceNames();
  if (std::find(current.begin(), current.end(), name) == current.end()) {
    return;  // nothing to remove: a shared block stays shared
  }
  std::vector<std::string> &names = MutableRareIfAny()->subgraph_names;
  names.erase(std::remove(names.begin(), names.end(), name), names.end());
}

}  // namespace ge
