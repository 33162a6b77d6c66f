// PassRegistry: the process-wide registry of fusion passes by name, as GE's, with
// a registrable creation-scope hook (the Python bridge installs its TLS creation context
// there) and per-plugin ownership so unloading a plugin removes its passes.
#ifndef GE_PASS_PASS_REGISTRY_H_
#define GE_PASS_PASS_REGISTRY_H_

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "ge/fusion/pass/fusion_pass_reg.h"

namespace ge {
namespace fusion {

/// RAII object alive while one creator runs (destroyed right after it returns).
class PassCreateScope {
 public:
  virtual ~PassCreateScope() = default;
};
/// Called before each creator with the pass name; may return nullptr (no scope needed).
using PassCreateScopeHook = std::unique_ptr<PassCreateScope> (*)(const std::string &pass_name);

class PassRegistry {
 public:
  static PassRegistry &GetInstance();

  /// False (info log, first registration kept) when the name is already registered, or when
  /// the name is empty or the creator null.
  bool RegisterFusionPass(const FusionPassRegistrationData &reg_data);
  bool UnregisterFusionPass(const std::string &pass_name);
  bool HasFusionPass(const std::string &pass_name) const;
  /// Entries of `stage` in lexicographic name order (the documented run order).
  std::vector<FusionPassRegistrationData> GetFusionPassRegDataByStage(CustomPassStage stage) const;
  std::vector<std::string> GetPassNames() const;
  /// Calls the creator inside the creation-scope hook (if one is set). nullptr when the creator
  /// is null or returns null.
  FusionBasePass *CreatePass(const FusionPassRegistrationData &reg_data) const;

  /// One hook at a time; nullptr removes it.
  void SetCreateScopeHook(PassCreateScopeHook hook);
  PassCreateScopeHook GetCreateScopeHook() const;

  /// Registrations made from now on belong to `owner` (a plugin path; "" = built in).
  void SetRegistrationOwner(const std::string &owner);
  /// Removes every pass registered while `owner` was set; returns how many.
  size_t RemoveRegistrationsOf(const std::string &owner);

 private:
  struct Entry {
    FusionPassRegistrationData data;
    std::string owner;
  };
  mutable std::mutex mutex_;
  std::map<std::string, Entry> name_2_fusion_pass_regs_;
  PassCreateScopeHook hook_ = nullptr;
  std::string owner_;
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_PASS_PASS_REGISTRY_H_
