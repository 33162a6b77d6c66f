// PassReport: what each pass run of one compile did (docs/python_passes.md, "Per-pass report"),
// and the pass callbacks that raised or failed during it. CompileGraph installs one report per
// compile on its thread; the executor, the pattern/decompose loops and the Python adapters add
// to the report of the running compile, if there is one.
#ifndef GE_PASS_PASS_REPORT_H_
#define GE_PASS_PASS_REPORT_H_

#include <chrono>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "common/json.h"
#include "graph/compute_graph.h"

namespace ge {
namespace fusion {

/// One run of one pass on one graph (the root graph or a subgraph; one record per repetition).
struct PassRunRecord {
  std::string pass_name;
  std::string stage;
  std::string graph_name;
  uint32_t run = 1;  // 1-based repetition of a pass that repeats until unchanged
  bool ok = true;
  bool changed = false;
  uint64_t candidates = 0;     // matches found (PatternFusion) / nodes of the op types (Decompose)
  uint64_t rejected = 0;       // meet_requirements said no (a raising hook counts as no)
  uint64_t replaced = 0;       // rewrites applied
  uint64_t cycle_skipped = 0;  // accepted, but the fusion would have closed a cycle
  uint64_t failed = 0;         // callbacks that raised or failed
  uint64_t nodes_before = 0;
  uint64_t nodes_after = 0;
  uint64_t time_ns = 0;      // the whole run
  uint64_t matcher_ns = 0;   // inside the matcher (finding candidates and matches)
  uint64_t callback_ns = 0;  // inside the pass's hooks (Python for Python passes)
};

/// A callback site (pass, hook) that raised or failed: its first message and how often.
struct HookFailure {
  std::string pass_name;
  std::string hook;
  std::string first_message;
  uint64_t count = 0;
};

/// Sees each detailed run before and after it (the pipeline's per-pass graph pictures).
class PassRunObserver {
 public:
  virtual ~PassRunObserver() = default;
  virtual void BeforeRun(const ComputeGraph &graph, const PassRunRecord &record) = 0;
  virtual void AfterRun(const ComputeGraph &graph, const PassRunRecord &record) = 0;
};

class PassReport {
 public:
  /// `detailed`: keep a record (counts, times) per pass run; failures are always kept.
  explicit PassReport(bool detailed) : detailed_(detailed) {}

  bool Detailed() const { return detailed_; }
  void SetObserver(PassRunObserver *observer) { observer_ = observer; }
  PassRunObserver *Observer() const { return observer_; }

  /// A new record (stable address for the life of the report).
  PassRunRecord &AddRun(const std::string &pass_name, const std::string &stage,
                        const ComputeGraph &graph, uint32_t run);
  const std::deque<PassRunRecord> &Runs() const { return runs_; }

  void AddHookFailure(const std::string &pass_name, const std::string &hook,
                      const std::string &message);
  /// A pass whose run failed (the compile stops there).
  void AddFailedPass(const std::string &pass_name);
  const std::vector<HookFailure> &HookFailures() const { return hook_failures_; }
  const std::vector<std::string> &FailedPasses() const { return failed_passes_; }

  /// {"version": 1, "runs": [...], "callback_failures": [...], "failed_passes": [...]}
  JsonValue ToJson() const;
  /// "[PassReport] Pass[<n>] stage[<s>] graph[<g>] run[<k>] candidates=... time_us=...".
  static std::string SummaryLine(const PassRunRecord &record);
  /// What a user must see although the log level hides warnings: each failing site's first
  /// message and its repeat count, then one line naming every pass that failed or raised.
  /// Empty when nothing failed.
  std::string FailureText() const;

 private:
  bool detailed_;
  PassRunObserver *observer_ = nullptr;
  std::deque<PassRunRecord> runs_;
  std::vector<HookFailure> hook_failures_;
  std::vector<std::string> failed_passes_;
};

/// The report of the compile running on this thread; nullptr outside a compile.
PassReport *CurrentPassReport();
/// The record of the pass run in progress on this thread; nullptr when not detailed.
PassRunRecord *CurrentPassRun();

/// Installs `report` for this thread for the scope's life (the previous one comes back after).
class PassReportScope {
 public:
  explicit PassReportScope(PassReport *report);
  ~PassReportScope();
  PassReportScope(const PassReportScope &) = delete;
  PassReportScope &operator=(const PassReportScope &) = delete;

 private:
  PassReport *previous_;
};

/// Makes `record` (may be null) the current pass run for the scope's life.
class PassRunScope {
 public:
  explicit PassRunScope(PassRunRecord *record);
  ~PassRunScope();
  PassRunScope(const PassRunScope &) = delete;
  PassRunScope &operator=(const PassRunScope &) = delete;

 private:
  PassRunRecord *previous_;
};

/// Records a raising/failing callback in the current report (no-op outside a compile).
void ReportHookFailure(const std::string &pass_name, const std::string &hook,
                       const std::string &message);
/// The message of this thread's last ReportHookFailure since the previous call, then forgets it
/// ("" when none): the match tracer tells a raising meet_requirements from one returning false.
std::string TakeLastHookFailure();

/// Adds the time of its scope to `*accumulator_ns` when it is not null (a detailed run).
class ScopedPassTimer {
 public:
  explicit ScopedPassTimer(uint64_t *accumulator_ns) : accumulator_ns_(accumulator_ns) {
    if (accumulator_ns_ != nullptr) {
      start_ = std::chrono::steady_clock::now();
    }
  }
  ~ScopedPassTimer() {
    if (accumulator_ns_ != nullptr) {
      *accumulator_ns_ +=
          static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                    std::chrono::steady_clock::now() - start_)
                                    .count());
    }
  }
  ScopedPassTimer(const ScopedPassTimer &) = delete;
  ScopedPassTimer &operator=(const ScopedPassTimer &) = delete;

 private:
  uint64_t *accumulator_ns_;
  std::chrono::steady_clock::time_point start_;
};

/// The time of a call made once per match, estimated cheaply: the first kExactCalls calls are
/// timed, then one in kStride, and the timed total is scaled by calls / timed calls. Reading the
/// clock costs about as much as a whole C++ hook, so timing every call of a cheap pass would
/// cost the report several percent.
class SampledCallTime {
 public:
  static constexpr uint64_t kExactCalls = 16U;
  static constexpr uint64_t kStride = 16U;

  /// Counts a call; true when this one is to be timed.
  bool NextCallTimed() {
    const bool timed = calls_ < kExactCalls || calls_ % kStride == 0U;
    ++calls_;
    return timed;
  }
  void AddTimed(uint64_t nanos) {
    timed_ns_ += nanos;
    ++timed_calls_;
  }
  uint64_t EstimateNs() const {
    return timed_calls_ == 0U ? 0U
                              : timed_ns_ / timed_calls_ * calls_ +
                                    timed_ns_ % timed_calls_ * calls_ / timed_calls_;
  }

 private:
  uint64_t calls_ = 0;
  uint64_t timed_calls_ = 0;
  uint64_t timed_ns_ = 0;
};

/// Times its scope into `*sampler` when the sampler is not null and picks this call.
class SampledPassTimer {
 public:
  explicit SampledPassTimer(SampledCallTime *sampler)
      : sampler_(sampler != nullptr && sampler->NextCallTimed() ? sampler : nullptr) {
    if (sampler_ != nullptr) {
      start_ = std::chrono::steady_clock::now();
    }
  }
  ~SampledPassTimer() {
    if (sampler_ != nullptr) {
      sampler_->AddTimed(static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                                   std::chrono::steady_clock::now() - start_)
                                                   .count()));
    }
  }
  SampledPassTimer(const SampledPassTimer &) = delete;
  SampledPassTimer &operator=(const SampledPassTimer &) = delete;

 private:
  SampledCallTime *sampler_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_PASS_PASS_REPORT_H_
