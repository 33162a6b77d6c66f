// Registration of fusion passes: FusionPassRegistrationData + REG_FUSION_PASS /
// REG_DECOMPOSE_PASS. Creators stay bare, stateless function pointers as in GE; Python passes find
// their descriptor through a thread-local creation context instead of a closure.
#ifndef GE_FUSION_PASS_FUSION_PASS_REG_H_
#define GE_FUSION_PASS_FUSION_PASS_REG_H_

#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "ge/fusion/pass/custom_pass_context.h"
#include "ge/fusion/pass/fusion_base_pass.h"
#include "graph/ascend_string.h"

namespace ge {
namespace fusion {

using CreateFusionPassFn = FusionBasePass *(*)();

class FusionPassRegistrationData {
 public:
  FusionPassRegistrationData() = default;
  explicit FusionPassRegistrationData(const std::string &pass_name);
  /// kAfterAssignLogicStream and stages >= kInvalid are logged as invalid; such a pass never runs.
  FusionPassRegistrationData &Stage(CustomPassStage stage);
  FusionPassRegistrationData &CreatePassFn(const CreateFusionPassFn &create_fn);
  /// ge_py extension (GE runs every pass once): run the pass again while its last run changed
  /// the graph (nodes or edges, root graph or subgraphs), at most `max_runs` times in all; a run
  /// `max_runs` that still changes the graph fails the compile, naming the pass and the bound.
  /// `max_runs` < 2 is logged as invalid and leaves the pass running once.
  FusionPassRegistrationData &RepeatUntilUnchanged(uint32_t max_runs);

  AscendString GetPassName() const;
  /// kBeforeInferShape unless set.
  CustomPassStage GetStage() const;
  CreateFusionPassFn GetCreatePassFn() const;
  /// The bound set with RepeatUntilUnchanged; 1 (run once, as GE does) unless set.
  uint32_t GetMaxRuns() const;
  /// "Pass Name[<n>], stage[<Stage>]".
  std::string ToString() const;

 private:
  struct Impl;
  // Copies share one impl so `.Stage()` chained after registration still reaches the registry.
  std::shared_ptr<Impl> impl_;
};

class PassRegistrar {
 public:
  PassRegistrar(const FusionPassRegistrationData &reg_data);  // NOLINT: copy-init by the macros
};

}  // namespace fusion
}  // namespace ge

#define GE_FUSION_PASS_CONCAT_INNER(a, b) a##b
#define GE_FUSION_PASS_CONCAT(a, b) GE_FUSION_PASS_CONCAT_INNER(a, b)

/// REG_FUSION_PASS(MyPass).Stage(ge::CustomPassStage::kAfterInferShape);
/// REG_FUSION_PASS(MyPass).Stage(...).RepeatUntilUnchanged(8);  // ge_py extension
#define REG_FUSION_PASS(pass_class)                                                               \
  static ::ge::fusion::PassRegistrar GE_FUSION_PASS_CONCAT(g_fusion_pass_registrar_, __COUNTER__) \
      __attribute__((unused)) = ::ge::fusion::FusionPassRegistrationData(#pass_class)             \
                                    .CreatePassFn([]() -> ::ge::fusion::FusionBasePass * {        \
                                      return new (std::nothrow) pass_class();                     \
                                    })

/// REG_DECOMPOSE_PASS(MyPass, {"Conv2D"}).Stage(...); the op types become the constructor argument.
#define REG_DECOMPOSE_PASS(pass_class, ...)                                                       \
  static ::ge::fusion::PassRegistrar GE_FUSION_PASS_CONCAT(g_decompose_pass_registrar_,           \
                                                           __COUNTER__) __attribute__((unused)) = \
      ::ge::fusion::FusionPassRegistrationData(#pass_class)                                       \
          .CreatePassFn([]() -> ::ge::fusion::FusionBasePass * {                                  \
            return new (std::nothrow) pass_class(std::vector<::ge::AscendString>(__VA_ARGS__));   \
          })

#endif  // GE_FUSION_PASS_FUSION_PASS_REG_H_
