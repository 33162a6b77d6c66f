// The process's match trace: started and finished around a compile (the compile option
// ge.tracePass, atc --trace_pass, GE_PY_TRACE_PASS) or by ge.passes.testing.trace_pass through
// the C API. docs/pattern_matcher.md "Debugging a pass".
#ifndef GE_MATCH_TRACE_MATCH_TRACE_RUN_H_
#define GE_MATCH_TRACE_MATCH_TRACE_RUN_H_

#include <cstddef>
#include <map>
#include <memory>
#include <string>

#include "ge/ge_error_codes.h"
#include "pattern/match_trace.h"

namespace ge {
namespace fusion {

constexpr const char *kTracePassOption = "ge.tracePass";
constexpr const char *kTracePassEnv = "GE_PY_TRACE_PASS";
constexpr const char *kTracePassTopEnv = "GE_PY_TRACE_PASS_TOP";
constexpr const char *kTracePassDirEnv = "GE_PY_TRACE_PASS_DIR";
constexpr size_t kDefaultTraceTop = 3;

/// Starts tracing `pass_name`, keeping the closest `top_n` candidates per pattern. FAILED when a
/// trace is already running or the name is empty.
Status StartMatchTrace(const std::string &pass_name, size_t top_n);
/// Stops the running trace and hands it over; nullptr when none runs.
std::unique_ptr<MatchTracer> FinishMatchTrace();
bool IsMatchTraceRunning();

/// The trace one compile asks for: the pass named by option ge.tracePass, else by GE_PY_TRACE_PASS;
/// top N from GE_PY_TRACE_PASS_TOP (default 3). Does nothing when neither names a pass or a trace
/// already runs (ge.passes.testing.trace_pass collects its own). At the end of the compile the
/// text report goes to stderr and, with the Graphviz pictures, to
/// <GE_PY_TRACE_PASS_DIR or .>/<pass>.match_trace.txt and .dot.
class CompileTrace {
 public:
  explicit CompileTrace(const std::map<std::string, std::string> &options);
  ~CompileTrace();
  CompileTrace(const CompileTrace &) = delete;
  CompileTrace &operator=(const CompileTrace &) = delete;

 private:
  bool started_ = false;
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_MATCH_TRACE_MATCH_TRACE_RUN_H_
