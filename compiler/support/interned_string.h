// InternString: one immortal, shared copy of each distinct short identifier the IR repeats on
// every node (op types such as "Identity", IR port names such as "x" / "y"). An OpDesc then keeps
// an 8-byte pointer instead of a 32-byte std::string per occurrence, and `GetType()` can still
// return `const std::string &`. Interned strings are never freed: the set of distinct op types
// and port names of a process is small, whatever the size of its graphs.
#ifndef GE_SUPPORT_INTERNED_STRING_H_
#define GE_SUPPORT_INTERNED_STRING_H_

#include <string>
#include <string_view>

namespace ge {

/// The interned copy of `text`; the same address for equal texts, valid for the process
/// lifetime. Thread-safe.
const std::string &InternString(std::string_view text);

/// The interned empty string (what default-constructed descriptions point to).
const std::string &InternedEmptyString();

}  // namespace ge

#endif  // GE_SUPPORT_INTERNED_STRING_H_
