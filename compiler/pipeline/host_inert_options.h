// Options ge_py accepts (and records in an .om) but that change nothing on the host runtime: their
// meaning belongs to NPU kernels or device memory. atc, pyatc, ge.offline_compile and Session say
// so instead of accepting them silently (docs/atc.md, "Flags"; docs/runtime.md, "Session").
#ifndef GE_PIPELINE_HOST_INERT_OPTIONS_H_
#define GE_PIPELINE_HOST_INERT_OPTIONS_H_

#include <map>
#include <string>

namespace ge {

/// Why setting the GE option `key` (e.g. "ge.exec.precision_mode") to `value` has no effect on the
/// host runtime, or nullptr when ge_py acts on it or the value asks for nothing (GE's default).
const char *HostInertOptionReason(const std::string &key, const std::string &value);

/// Where the options being checked were given; the warning names it.
enum class OptionSource {
  kOfflineCompile,  // atc / ge.offline_compile: recorded in the .om
  kSession,         // Session(options)
  kGraph,           // Session.add_graph(id, graph, options)
};

/// Logs a warning for each key of `options` that HostInertOptionReason names, once per source, key
/// and process (a compile loop or many sessions do not repeat it).
void WarnHostInertOptions(const std::map<std::string, std::string> &options, OptionSource source);

}  // namespace ge

#endif  // GE_PIPELINE_HOST_INERT_OPTIONS_H_
