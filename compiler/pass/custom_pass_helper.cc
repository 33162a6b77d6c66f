// Legacy custom passes: PassRegistrationData, PassReceiver, CustomPassHelper.
#include "pass/custom_pass_helper.h"

#include "common/error.h"
#include "common/log.h"
#include "graph_api/node_adapter.h"

namespace ge {

struct PassRegistrationData::Impl {
  std::string pass_name;
  CustomPassFunc fn;
  CustomPassStage stage = CustomPassStage::kBeforeInferShape;
};

PassRegistrationData::PassRegistrationData(std::string pass_name)
    : impl_(std::make_shared<Impl>()) {
  impl_->pass_name = std::move(pass_name);
}

PassRegistrationData &PassRegistrationData::CustomPassFn(const CustomPassFunc &custom_pass_fn) {
  if (impl_ == nullptr) {
    impl_ = std::make_shared<Impl>();
  }
  impl_->fn = custom_pass_fn;
  return *this;
}

PassRegistrationData &PassRegistrationData::Stage(CustomPassStage stage) {
  if (impl_ == nullptr) {
    impl_ = std::make_shared<Impl>();
  }
  if (stage >= CustomPassStage::kInvalid) {
    GELOGW("Custom pass[%s]: stage %u is invalid, keeping %s.", impl_->pass_name.c_str(),
           static_cast<unsigned>(stage), CustomPassStageName(impl_->stage));
    return *this;
  }
  impl_->stage = stage;
  return *this;
}

std::string PassRegistrationData::GetPassName() const {
  return impl_ == nullptr ? "" : impl_->pass_name;
}
CustomPassFunc PassRegistrationData::GetCustomPassFn() const {
  return impl_ == nullptr ? nullptr : impl_->fn;
}
CustomPassStage PassRegistrationData::GetStage() const {
  return impl_ == nullptr ? CustomPassStage::kBeforeInferShape : impl_->stage;
}

PassReceiver::PassReceiver(const PassRegistrationData &reg_data) {
  CustomPassHelper::Instance().Insert(reg_data);
}

CustomPassHelper &CustomPassHelper::Instance() {
  static CustomPassHelper instance;
  return instance;
}

void CustomPassHelper::Insert(const PassRegistrationData &reg_data) {
  std::lock_guard<std::mutex> lock(mutex_);
  registrations_.push_back(Entry{reg_data, owner_});
}

Status CustomPassHelper::Run(const ComputeGraphPtr &graph, CustomPassContext &context,
                             CustomPassStage stage) {
  std::vector<Entry> entries;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    entries = registrations_;
  }
  GraphPtr graph_handle = GraphUtilsEx::CreateGraphPtrFromComputeGraph(graph);
  for (const Entry &entry : entries) {
    if (entry.data.GetStage() != stage) {
      continue;
    }
    const std::string name = entry.data.GetPassName();
    GELOGD("Starting custom pass [%s] in stage [%s]!", name.c_str(), CustomPassStageName(stage));
    CustomPassFunc fn = entry.data.GetCustomPassFn();
    if (!fn) {
      GELOGW("Custom pass [%s] has no function, skipped.", name.c_str());
      continue;
    }
    context.SetPassName(AscendString(name.c_str()));
    const Status ret = fn(graph_handle, context);
    if (ret != SUCCESS) {
      const std::string message = FormatString("Execution of custom pass [%s] failed! Reason: %s.",
                                               name.c_str(), context.GetErrorMessage().GetString());
      GELOGE("[E13028] %s", message.c_str());
      return Fail(message);
    }
    GELOGI("Run custom pass [%s] successfully!", name.c_str());
  }
  return SUCCESS;
}

size_t CustomPassHelper::Size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return registrations_.size();
}

void CustomPassHelper::SetRegistrationOwner(const std::string &owner) {
  std::lock_guard<std::mutex> lock(mutex_);
  owner_ = owner;
}

size_t CustomPassHelper::RemoveRegistrationsOf(const std::string &owner) {
  std::lock_guard<std::mutex> lock(mutex_);
  const size_t before = registrations_.size();
  std::vector<Entry> kept;
  for (Entry &entry : registrations_) {
    if (entry.owner != owner) {
      kept.push_back(std::move(entry));
    }
  }
  registrations_ = std::move(kept);
  return before - registrations_.size();
}

}  // namespace ge
