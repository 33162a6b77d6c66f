// InternString: a global set behind a mutex, fronted by a small per-thread cache so that the
// common case (the same few op types and port names node after node) takes no lock and hashes
// nothing.
#include "graph/interned_string.h"

#include <array>
#include <cstddef>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace ge {
namespace {

class InternTable {
 public:
  const std::string &Intern(std::string_view text) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = strings_.find(text);
    if (it != strings_.end()) {
      return *it->second;
    }
    // The key views the heap string it maps to, so the string must never move: one
    // unique_ptr per entry.
    auto owned = std::make_unique<std::string>(text);
    const std::string &result = *owned;
    strings_.emplace(std::string_view(result), std::move(owned));
    return result;
  }

 private:
  std::mutex mutex_;
  std::unordered_map<std::string_view, std::unique_ptr<std::string>> strings_;
};

InternTable &Table() {
  // Leaked on purpose: interned references must stay valid during static destruction too.
  static InternTable *table = new InternTable();
  return *table;
}

// Most recently used interned strings of this thread, compared by content (short strings: a
// length check and a memcmp). Round-robin replacement.
struct RecentCache {
  std::array<const std::string *, 8> entries{};
  size_t next = 0;
};

}  // namespace

const std::string &InternString(std::string_view text) {
  thread_local RecentCache cache;
  for (const std::string *entry : cache.entries) {
    if (entry != nullptr && std::string_view(*entry) == text) {
      return *entry;
    }
  }
  const std::string &interned = Table().Intern(text);
  cache.entries[cache.next] = &interned;
  cache.next = (cache.next + 1) % cache.entries.size();
  return interned;
}

const std::string &InternedEmptyString() {
  static const std::string &empty = InternString(std::string_view());
  return empty;
}

}  // namespace ge
