// FusionStatistics implementation.
#include "rewrite/fusion_statistics.h"

#include "common/log.h"

namespace ge {
namespace fusion {

FusionStatistics &FusionStatistics::Instance() {
  static FusionStatistics instance;
  return instance;
}

void FusionStatistics::AddMatch(const std::string &pass_name, uint64_t match_times,
                                uint64_t effect_times, uint64_t cycle_skips) {
  std::lock_guard<std::mutex> lock(mutex_);
  FusionPassStats &stats = stats_[pass_name];
  stats.match_times += match_times;
  stats.effect_times += effect_times;
  stats.cycle_skips += cycle_skips;
}

void FusionStatistics::AddRun(const std::string &pass_name, uint64_t time_us) {
  std::lock_guard<std::mutex> lock(mutex_);
  FusionPassStats &stats = stats_[pass_name];
  stats.run_times += 1U;
  stats.time_us += time_us;
}

FusionPassStats FusionStatistics::Get(const std::string &pass_name) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = stats_.find(pass_name);
  return it == stats_.end() ? FusionPassStats{} : it->second;
}

std::map<std::string, FusionPassStats> FusionStatistics::GetAll() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return stats_;
}

void FusionStatistics::Clear() {
  std::lock_guard<std::mutex> lock(mutex_);
  stats_.clear();
}

void FusionStatistics::Print() const {
  for (const auto &entry : GetAll()) {
    GELOGI(
        "[FusionStatistics] Pass[%s] matched=%llu effected=%llu cycle_skipped=%llu runs=%llu "
        "time_us=%llu",
        entry.first.c_str(), static_cast<unsigned long long>(entry.second.match_times),
        static_cast<unsigned long long>(entry.second.effect_times),
        static_cast<unsigned long long>(entry.second.cycle_skips),
        static_cast<unsigned long long>(entry.second.run_times),
        static_cast<unsigned long long>(entry.second.time_us));
  }
}

}  // namespace fusion
}  // namespace ge
