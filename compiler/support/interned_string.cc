// InternString: a global set behind a mutex, fronted by a small per-thread cache so that the
// common case (the same few op types and port names node after node) takes no lock and hashes
// nothing.
#include "support/interned_string.h"

#include <pthread.h>

#include <array>
#include <atomic>
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

  // fork() safety: the table is locked across fork, so a child never inherits it locked by a
  // thread it does not have (see Table()).
  void LockForFork() { mutex_.lock(); }
  void UnlockAfterFork() { mutex_.unlock(); }

 private:
  std::mutex mutex_;
  std::unordered_map<std::string_view, std::unique_ptr<std::string>> strings_;
};

// Constant-initialised, so usable from any static initialiser. Not a function-local static:
// its initialisation guard would be a lock, and a fork while another thread held it (building
// the table on its first node) left the child waiting on it forever.
std::atomic<InternTable *> g_table{nullptr};

void LockTableForFork() { g_table.load(std::memory_order_acquire)->LockForFork(); }
void UnlockTableAfterFork() { g_table.load(std::memory_order_acquire)->UnlockAfterFork(); }

InternTable &Table() {
  InternTable *table = g_table.load(std::memory_order_acquire);
  if (table != nullptr) {
    return *table;
  }
  // Leaked on purpose: interned references must stay valid during static destruction too. Two
  // threads may both build one; the first to publish wins and the other is discarded.
  auto fresh = std::make_unique<InternTable>();
  if (g_table.compare_exchange_strong(table, fresh.get(), std::memory_order_acq_rel,
                                      std::memory_order_acquire)) {
    (void)pthread_atfork(&LockTableForFork, &UnlockTableAfterFork, &UnlockTableAfterFork);
    return *fresh.release();
  }
  return *table;  // the winner's (compare_exchange_strong loaded it)
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
  // An atomic rather than a guarded static, for the same fork reason as the table.
  static std::atomic<const std::string *> empty{nullptr};
  const std::string *interned = empty.load(std::memory_order_acquire);
  if (interned == nullptr) {
    interned = &InternString(std::string_view());
    empty.store(interned, std::memory_order_release);
  }
  return *interned;
}

}  // namespace ge
