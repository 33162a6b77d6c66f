// Thread-local last-error storage.
#include "common/error.h"

namespace ge {
namespace {
std::string &LastErrorSlot() {
  thread_local std::string slot;
  return slot;
}
}  // namespace

void SetLastError(const std::string &message) { LastErrorSlot() = message; }

void AppendLastError(const std::string &message) {
  std::string &slot = LastErrorSlot();
  if (slot.empty()) {
    slot = message;
  } else {
    slot += "; " + message;
  }
}

const std::string &GetLastError() { return LastErrorSlot(); }

void ClearLastError() { LastErrorSlot().clear(); }

Status Fail(const std::string &message) {
  SetLastError(message);
  return FAILED;
}

}  // namespace ge
