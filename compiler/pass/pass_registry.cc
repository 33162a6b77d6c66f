// PassRegistry, FusionPassRegistrationData and PassRegistrar.
#include "pass/pass_registry.h"

#include "common/log.h"

namespace ge {
namespace fusion {

struct FusionPassRegistrationData::Impl {
  std::string pass_name;
  CustomPassStage stage = CustomPassStage::kBeforeInferShape;
  CreateFusionPassFn create_fn = nullptr;
  uint32_t max_runs = 1U;
};

FusionPassRegistrationData::FusionPassRegistrationData(const std::string &pass_name)
    : impl_(std::make_shared<Impl>()) {
  impl_->pass_name = pass_name;
}

FusionPassRegistrationData &FusionPassRegistrationData::Stage(CustomPassStage stage) {
  if (impl_ == nullptr) {
    impl_ = std::make_shared<Impl>();
  }
  if (stage == CustomPassStage::kAfterAssignLogicStream || stage >= CustomPassStage::kInvalid) {
    GELOGE("Fusion Pass[%s] register stage[%s] which is invalid.", impl_->pass_name.c_str(),
           CustomPassStageName(stage));
  }
  impl_->stage = stage;
  return *this;
}

FusionPassRegistrationData &FusionPassRegistrationData::CreatePassFn(
    const CreateFusionPassFn &create_fn) {
  if (impl_ == nullptr) {
    impl_ = std::make_shared<Impl>();
  }
  impl_->create_fn = create_fn;
  return *this;
}

FusionPassRegistrationData &FusionPassRegistrationData::RepeatUntilUnchanged(uint32_t max_runs) {
  if (impl_ == nullptr) {
    impl_ = std::make_shared<Impl>();
  }
  if (max_runs < 2U) {
    GELOGE("Fusion Pass[%s]: RepeatUntilUnchanged(%u) is invalid (at least 2 runs); it runs once.",
           impl_->pass_name.c_str(), max_runs);
    impl_->max_runs = 1U;
    return *this;
  }
  impl_->max_runs = max_runs;
  return *this;
}

uint32_t FusionPassRegistrationData::GetMaxRuns() const {
  return impl_ == nullptr ? 1U : impl_->max_runs;
}

AscendString FusionPassRegistrationData::GetPassName() const {
  return impl_ == nullptr ? AscendString("") : AscendString(impl_->pass_name.c_str());
}

CustomPassStage FusionPassRegistrationData::GetStage() const {
  return impl_ == nullptr ? CustomPassStage::kBeforeInferShape : impl_->stage;
}

CreateFusionPassFn FusionPassRegistrationData::GetCreatePassFn() const {
  return impl_ == nullptr ? nullptr : impl_->create_fn;
}

std::string FusionPassRegistrationData::ToString() const {
  return std::string("Pass Name[") + GetPassName().GetString() + "], stage[" +
         CustomPassStageName(GetStage()) + "]";
}

PassRegistrar::PassRegistrar(const FusionPassRegistrationData &reg_data) {
  (void)PassRegistry::GetInstance().RegisterFusionPass(reg_data);
}

PassRegistry &PassRegistry::GetInstance() {
  static PassRegistry instance;
  return instance;
}

bool PassRegistry::RegisterFusionPass(const FusionPassRegistrationData &reg_data) {
  const std::string name = reg_data.GetPassName().GetString();
  if (name.empty() || reg_data.GetCreatePassFn() == nullptr) {
    GELOGE("Fusion pass registration rejected: %s has an empty name or no creator.",
           reg_data.ToString().c_str());
    return false;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = name_2_fusion_pass_regs_.find(name);
  if (it != name_2_fusion_pass_regs_.end()) {
    GELOGI("Fusion Pass has already registered, detail:[%s]", it->second.data.ToString().c_str());
    return false;
  }
  name_2_fusion_pass_regs_.emplace(name, Entry{reg_data, owner_});
  return true;
}

bool PassRegistry::UnregisterFusionPass(const std::string &pass_name) {
  std::lock_guard<std::mutex> lock(mutex_);
  return name_2_fusion_pass_regs_.erase(pass_name) != 0U;
}

bool PassRegistry::HasFusionPass(const std::string &pass_name) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return name_2_fusion_pass_regs_.count(pass_name) != 0U;
}

std::vector<FusionPassRegistrationData> PassRegistry::GetFusionPassRegDataByStage(
    CustomPassStage stage) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<FusionPassRegistrationData> result;
  for (const auto &entry : name_2_fusion_pass_regs_) {  // std::map: lexicographic by name
    if (entry.second.data.GetStage() == stage) {
      result.push_back(entry.second.data);
    }
  }
  return result;
}

std::vector<std::string> PassRegistry::GetPassNames() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> names;
  for (const auto &entry : name_2_fusion_pass_regs_) {
    names.push_back(entry.first);
  }
  return names;
}

FusionBasePass *PassRegistry::CreatePass(const FusionPassRegistrationData &reg_data) const {
  CreateFusionPassFn create_fn = reg_data.GetCreatePassFn();
  if (create_fn == nullptr) {
    return nullptr;
  }
  PassCreateScopeHook hook = GetCreateScopeHook();
  std::unique_ptr<PassCreateScope> scope =
      hook == nullptr ? nullptr : hook(reg_data.GetPassName().GetString());
  return create_fn();
}

void PassRegistry::SetCreateScopeHook(PassCreateScopeHook hook) {
  std::lock_guard<std::mutex> lock(mutex_);
  hook_ = hook;
}

PassCreateScopeHook PassRegistry::GetCreateScopeHook() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return hook_;
}

void PassRegistry::SetRegistrationOwner(const std::string &owner) {
  std::lock_guard<std::mutex> lock(mutex_);
  owner_ = owner;
}

size_t PassRegistry::RemoveRegistrationsOf(const std::string &owner) {
  std::lock_guard<std::mutex> lock(mutex_);
  size_t removed = 0;
  for (auto it = name_2_fusion_pass_regs_.begin(); it != name_2_fusion_pass_regs_.end();) {
    if (it->second.owner == owner) {
      it = name_2_fusion_pass_regs_.erase(it);
      ++removed;
    } else {
      ++it;
    }
  }
  return removed;
}

}  // namespace fusion
}  // namespace ge
