// CustomPassStage (when a custom pass runs) and CustomPassContext (what a running pass may read
// and report). Stage numbers and names follow GE.
#ifndef GE_FUSION_PASS_CUSTOM_PASS_CONTEXT_H_
#define GE_FUSION_PASS_CUSTOM_PASS_CONTEXT_H_

#include <cstdint>
#include <map>
#include <string>

#include "ge/ge_error_codes.h"
#include "graph/ascend_string.h"

namespace ge {

enum class CustomPassStage : uint32_t {
  kBeforeInferShape = 0,
  kAfterInferShape = 1,
  kAfterAssignLogicStream = 2,
  kAfterBuiltinFusionPass = 3,
  kAfterOriginGraphOptimize = 4,
  kCompatibleInherited = 5,
  kInvalid = 6,
};

/// "BeforeInferShape", ..., "InvalidStage" for anything out of range.
const char *CustomPassStageName(CustomPassStage stage);

class CustomPassContext {
 public:
  CustomPassContext() = default;
  /// `options`: the compile options (GetOptionValue reads them).
  explicit CustomPassContext(std::map<std::string, std::string> options)
      : options_(std::move(options)) {}
  virtual ~CustomPassContext() = default;

  void SetErrorMessage(const AscendString &error_message) { error_message_ = error_message; }
  AscendString GetErrorMessage() const { return error_message_; }
  void SetPassName(const AscendString &pass_name) { pass_name_ = pass_name; }
  AscendString GetPassName() const { return pass_name_; }
  /// SUCCESS and the value when the compile option `option_key` is set, else FAILED.
  graphStatus GetOptionValue(const AscendString &option_key, AscendString &option_value) const;

  const std::map<std::string, std::string> &GetOptions() const { return options_; }

 private:
  AscendString error_message_;
  AscendString pass_name_;
  std::map<std::string, std::string> options_;
};

/// Context of AfterAssignLogicStream passes (legacy stream passes; not run by ge_py yet).
class StreamPassContext : public CustomPassContext {
 public:
  using CustomPassContext::CustomPassContext;
};

}  // namespace ge

#endif  // GE_FUSION_PASS_CUSTOM_PASS_CONTEXT_H_
