// Process-wide GE state behind GEInitialize / GEFinalize: the global options
// and one pass-plugin user held from initialize to finalize, as GE keeps its plugins loaded for
// the whole session lifetime.
#ifndef GE_SESSION_GE_ENVIRONMENT_H_
#define GE_SESSION_GE_ENVIRONMENT_H_

#include <map>
#include <string>

#include "ge/ge_error_codes.h"

namespace ge {
namespace runtime {

using OptionMap = std::map<std::string, std::string>;

class GeEnvironment {
 public:
  /// Loads the pass plugins (one user of ge::LoadPassPlugins) and keeps `options` as the global
  /// compile options. A second call while initialised only merges the options.
  static Status Initialize(const OptionMap &options);
  /// Releases the plugin user; succeeds (doing nothing) when not initialised.
  static Status Finalize();
  static bool IsInitialized();
  static OptionMap GetGlobalOptions();
};

}  // namespace runtime
}  // namespace ge

#endif  // GE_SESSION_GE_ENVIRONMENT_H_
