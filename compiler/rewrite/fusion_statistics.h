// Per-pass fusion statistics (matched / effected / time), process-wide, printed at --log=info.
#ifndef GE_REWRITE_FUSION_STATISTICS_H_
#define GE_REWRITE_FUSION_STATISTICS_H_

#include <cstdint>
#include <map>
#include <mutex>
#include <string>

namespace ge {
namespace fusion {

struct FusionPassStats {
  uint64_t match_times = 0;
  uint64_t effect_times = 0;
  uint64_t cycle_skips = 0;  // matches skipped because fusing them would create a cycle
  uint64_t run_times = 0;
  uint64_t time_us = 0;
};

class FusionStatistics {
 public:
  static FusionStatistics &Instance();
  void AddMatch(const std::string &pass_name, uint64_t match_times, uint64_t effect_times,
                uint64_t cycle_skips = 0U);
  void AddRun(const std::string &pass_name, uint64_t time_us);
  FusionPassStats Get(const std::string &pass_name) const;
  std::map<std::string, FusionPassStats> GetAll() const;
  void Clear();
  /// One info line per pass: "[FusionStatistics] Pass[<n>] matched=<m> effected=<e>
  /// cycle_skipped=<c> runs=<r> time_us=<t>".
  void Print() const;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, FusionPassStats> stats_;
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_REWRITE_FUSION_STATISTICS_H_
