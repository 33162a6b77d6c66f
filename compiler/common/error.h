// Thread-local "last error" of the compiler core, and the exception type internal code may throw.
// Nothing thrown here ever crosses the C API: every extern "C" function catches and records.
#ifndef GE_COMMON_ERROR_H_
#define GE_COMMON_ERROR_H_

#include <stdexcept>
#include <string>

#include "ge/ge_error_codes.h"

namespace ge {

/// Error raised by internal code (parsers, validation). The message names the offending input.
class GeException : public std::runtime_error {
 public:
  explicit GeException(const std::string &message, Status status = FAILED)
      : std::runtime_error(message), status_(status) {}
  Status GetStatus() const { return status_; }

 private:
  Status status_;
};

/// Replaces this thread's last error message.
void SetLastError(const std::string &message);
/// Appends "; message" (or sets it when empty), so outer layers can add context.
void AppendLastError(const std::string &message);
/// This thread's last error message ("" when none). The reference stays valid until the next call.
const std::string &GetLastError();
void ClearLastError();

/// Records `message` as the last error and returns FAILED, for `return Fail("...")` in Status code.
Status Fail(const std::string &message);

}  // namespace ge

#endif  // GE_COMMON_ERROR_H_
