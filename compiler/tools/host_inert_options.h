// Compile options ge_py records in the .om but that change nothing on the host runtime: their
// meaning belongs to NPU kernels or device memory. atc, pyatc and ge.offline_compile say so
// instead of accepting them silently (docs/atc.md, "Flags").
#ifndef GE_TOOLS_HOST_INERT_OPTIONS_H_
#define GE_TOOLS_HOST_INERT_OPTIONS_H_

#include <map>
#include <string>

namespace ge {

/// Why setting the GE option `key` (e.g. "ge.exec.precision_mode") to `value` has no effect on the
/// host runtime, or nullptr when ge_py acts on it or the value asks for nothing (GE's default).
const char *HostInertOptionReason(const std::string &key, const std::string &value);

/// Logs a warning for each key of `options` that HostInertOptionReason names, once per key and
/// process (a compile loop does not repeat it).
void WarnHostInertOptions(const std::map<std::string, std::string> &options);

}  // namespace ge

#endif  // GE_TOOLS_HOST_INERT_OPTIONS_H_
