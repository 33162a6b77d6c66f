// Legacy custom passes (REGISTER_CUSTOM_PASS): a plain function run on the root graph at one
// stage, in registration order, before the registry passes of that stage.
#ifndef GE_FUSION_REGISTER_CUSTOM_PASS_H_
#define GE_FUSION_REGISTER_CUSTOM_PASS_H_

#include <functional>
#include <memory>
#include <string>

#include "ge/fusion/pass/custom_pass_context.h"
#include "graph/graph.h"

namespace ge {

using CustomPassFunc = std::function<Status(GraphPtr &, CustomPassContext &)>;

class PassRegistrationData {
 public:
  PassRegistrationData() = default;
  explicit PassRegistrationData(std::string pass_name);
  PassRegistrationData &CustomPassFn(const CustomPassFunc &custom_pass_fn);
  /// Ignored (stays as it was) when `stage` >= kInvalid. Default kBeforeInferShape.
  PassRegistrationData &Stage(CustomPassStage stage);
  std::string GetPassName() const;
  CustomPassFunc GetCustomPassFn() const;
  CustomPassStage GetStage() const;

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

class PassReceiver {
 public:
  PassReceiver(const PassRegistrationData &reg_data);  // NOLINT: copy-init by the macro
};

}  // namespace ge

#define GE_CUSTOM_PASS_CONCAT_INNER(a, b) a##b
#define GE_CUSTOM_PASS_CONCAT(a, b) GE_CUSTOM_PASS_CONCAT_INNER(a, b)
/// REGISTER_CUSTOM_PASS("MyPass").CustomPassFn(MyFunc).Stage(ge::CustomPassStage::kAfterInferShape);
#define REGISTER_CUSTOM_PASS(name)                                                      \
  static ::ge::PassReceiver GE_CUSTOM_PASS_CONCAT(g_custom_pass_receiver_, __COUNTER__) \
      __attribute__((unused)) = ::ge::PassRegistrationData(name)

#endif  // GE_FUSION_REGISTER_CUSTOM_PASS_H_
