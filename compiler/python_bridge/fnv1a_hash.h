// 64-bit FNV-1a: names cache entries (probe answers, fallback artifact sets). The entries are the
// user's own and record what they were made from, so a non-cryptographic digest is enough.
#ifndef GE_PYTHON_BRIDGE_FNV1A_HASH_H_
#define GE_PYTHON_BRIDGE_FNV1A_HASH_H_

#include <cstdint>
#include <cstdio>
#include <string>

namespace ge {
namespace python_bridge {

class Fnv1aHash {
 public:
  void Update(const std::string &bytes) {
    for (const unsigned char c : bytes) {
      hash_ = (hash_ ^ c) * 1099511628211ULL;
    }
  }
  /// 16 lower-case hex digits.
  std::string Hex() const {
    char buffer[17];
    std::snprintf(buffer, sizeof(buffer), "%016llx", static_cast<unsigned long long>(hash_));
    return buffer;
  }

 private:
  uint64_t hash_ = 14695981039346656037ULL;
};

inline std::string Fnv1aHex(const std::string &bytes) {
  Fnv1aHash hash;
  hash.Update(bytes);
  return hash.Hex();
}

}  // namespace python_bridge
}  // namespace ge

#endif  // GE_PYTHON_BRIDGE_FNV1A_HASH_H_
