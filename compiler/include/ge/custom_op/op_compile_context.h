// ge::custom_op::OpCompileContext and CompilePlatformInfo: what a custom op's compile sees at
// compile time: the node's tensor descriptions as runtime tensors without memory (address 0),
// grouped by IR input and output, its attributes, the graph's compile options and the target
// platform. The compiler owns all of it and lends it to one compile call.
#ifndef GE_PY_GE_CUSTOM_OP_OP_COMPILE_CONTEXT_H_
#define GE_PY_GE_CUSTOM_OP_OP_COMPILE_CONTEXT_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "exe_graph/runtime/tensor.h"
#include "ge/custom_op/runtime_attrs.h"

namespace ge {
namespace custom_op {

/// The target platform as compile sees it: resource groups of key/value strings (as GE's
/// platform tables hold them), core counts by core type and the SoC version.
class CompilePlatformInfo {
 public:
  using Group = std::map<std::string, std::string>;

  CompilePlatformInfo(std::string soc_version, std::map<std::string, Group> resources,
                      int64_t default_core_num, std::map<std::string, int64_t> core_nums,
                      int64_t ai_core_num);

  /// False when the group or the key is missing.
  bool GetPlatformResource(const std::string &group, const std::string &key,
                           std::string &value) const;
  /// nullptr when the group is missing.
  const Group *GetPlatformResourceGroup(const std::string &group) const;
  int64_t GetCoreNum() const { return default_core_num_; }
  /// False for an unknown core type (e.g. "AiCore", "VectorCore").
  bool GetCoreNum(const std::string &core_type, int64_t &num) const;
  const std::string &GetSocVersion() const { return soc_version_; }
  int64_t GetAiCoreNum() const { return ai_core_num_; }

 private:
  std::string soc_version_;
  std::map<std::string, Group> resources_;
  int64_t default_core_num_;
  std::map<std::string, int64_t> core_nums_;
  int64_t ai_core_num_;
};

/// One IR port's instances (absent optional inputs have none).
struct CompilePort {
  std::vector<const gert::Tensor *> instances;
};

class OpCompileContext {
 public:
  /// `platform` may be null: the platform is then reported as unavailable.
  OpCompileContext(std::vector<CompilePort> inputs, std::vector<CompilePort> outputs,
                   const RuntimeAttrs *attrs, std::map<std::string, std::string> options,
                   const CompilePlatformInfo *platform);

  /// The single instance of a required port; nullptr when it does not have exactly one.
  const gert::Tensor *GetRequiredInputTensor(size_t ir_index) const;
  const gert::Tensor *GetOptionalInputTensor(size_t ir_index) const;
  bool GetDynamicInputNum(size_t ir_index, size_t &num) const;
  const gert::Tensor *GetDynamicInputTensor(size_t ir_index, size_t relative_index) const;
  const gert::Tensor *GetRequiredOutputTensor(size_t ir_index) const;
  bool GetDynamicOutputNum(size_t ir_index, size_t &num) const;
  const gert::Tensor *GetDynamicOutputTensor(size_t ir_index, size_t relative_index) const;
  const RuntimeAttrs *GetAttrs() const { return attrs_; }
  /// False when the compile option is not set.
  bool GetOption(const std::string &key, std::string &value) const;
  const CompilePlatformInfo *GetPlatformInfo() const { return platform_; }

 private:
  static const gert::Tensor *Instance(const std::vector<CompilePort> &ports, size_t ir_index,
                                      size_t relative_index);
  static bool InstanceNum(const std::vector<CompilePort> &ports, size_t ir_index, size_t &num);

  std::vector<CompilePort> inputs_;
  std::vector<CompilePort> outputs_;
  const RuntimeAttrs *attrs_;
  std::map<std::string, std::string> options_;
  const CompilePlatformInfo *platform_;
};

}  // namespace custom_op
}  // namespace ge

#endif  // GE_PY_GE_CUSTOM_OP_OP_COMPILE_CONTEXT_H_
