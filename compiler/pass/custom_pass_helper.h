// CustomPassHelper: the legacy REGISTER_CUSTOM_PASS registry, as GE's: no de-dup,
// registration order = run order, root graph only.
#ifndef GE_PASS_CUSTOM_PASS_HELPER_H_
#define GE_PASS_CUSTOM_PASS_HELPER_H_

#include <mutex>
#include <string>
#include <vector>

#include "ge/fusion/register_custom_pass.h"
#include "graph/compute_graph.h"

namespace ge {

class CustomPassHelper {
 public:
  static CustomPassHelper &Instance();
  void Insert(const PassRegistrationData &reg_data);
  /// Runs the passes of `stage` on `graph` in registration order. A failing pass fails the run
  /// with "Execution of custom pass [<n>] failed! Reason: <ctx message>."
  Status Run(const ComputeGraphPtr &graph, CustomPassContext &context, CustomPassStage stage);
  size_t Size() const;
  /// Registrations made from now on belong to `owner` ("" = built in).
  void SetRegistrationOwner(const std::string &owner);
  size_t RemoveRegistrationsOf(const std::string &owner);

 private:
  struct Entry {
    PassRegistrationData data;
    std::string owner;
  };
  mutable std::mutex mutex_;
  std::vector<Entry> registrations_;
  std::string owner_;
};

}  // namespace ge

#endif  // GE_PASS_CUSTOM_PASS_HELPER_H_
