// Match tracing ("why didn't it match"): for each pattern of one pass, the candidates that came
// closest to a rewrite, with the bindings made and the first check that failed. The matcher and
// the pass runner record into it where they decide; with no tracer installed each recording site
// is one null test. docs/pattern_matcher.md "Debugging a pass".
#ifndef GE_PATTERN_MATCH_TRACE_H_
#define GE_PATTERN_MATCH_TRACE_H_

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <thread>
#include <vector>

#include "ge/fusion/match_result.h"
#include "graph/node.h"

namespace ge {
namespace fusion {

/// The check that ended a candidate, in the order the matcher and the runner apply them.
enum class MatchCheck : uint8_t {
  kOpType,            // pattern node and target node types differ
  kNotConst,          // a pattern const met a node that is not a real const
  kDtype,             // const-value match: dtype differs
  kConstValue,        // const-value match: shape or bytes differ
  kIrAttr,            // IR-attr match: attribute names or values differ
  kOutputCount,       // the target node lacks the output the pattern reads
  kInputCount,        // an input is connected in one node and not in the other
  kOutputIndex,       // a producer feeds through another output index than in the pattern
  kTensor,            // a pattern input reached through two different target tensors
  kAlreadyBound,      // binding would not be injective, or a reconvergent path disagrees
  kProducerInMatch,   // a pattern input bound to a node inside the match
  kNewNode,           // the node was created after the sweep's candidate snapshot
  kNoCandidate,       // no target node for a further pattern output
  kNotSelfContained,  // a matched node has a consumer outside the match
  kRequirements,      // meet_requirements returned false
  kWouldCycle,        // the rewrite would close a cycle
  kBoundary,          // the match's boundary could not be built
  kReplacement,       // the replacement was missing or could not be applied
};

/// The stable name of a check, as reports and the Python API spell it ("op_type", ...).
const char *MatchCheckName(MatchCheck check);

struct TracedBinding {
  std::string pattern_node;
  std::string pattern_type;
  std::string target_node;
  std::string target_type;
};

/// One candidate that did not become a rewrite: the target node tried as pattern output 0, the
/// bindings made when the first failing check ran, and that check.
struct TracedCandidate {
  std::string candidate;
  bool matched = false;  // the whole pattern matched; a check after the match failed
  size_t bound = 0;      // pattern nodes bound: the rank among partial matches
  MatchCheck check = MatchCheck::kOpType;
  std::string detail;
  std::string pattern_node;  // the pattern node being bound ("" for checks of a whole match)
  std::string target_node;   // the target node it was tried against
  std::vector<TracedBinding> bindings;
  std::string dot;  // Graphviz text: the bindings and the failing node among their neighbours
};

/// What one pattern's sweep left: counts, a rejected pattern's reason, the closest candidates.
struct PatternTrace {
  std::string pattern;
  std::string invalid;  // why the matcher rejected the pattern, "" when it is valid
  uint64_t candidates = 0;
  uint64_t matches = 0;
  uint64_t rewrites = 0;
  size_t top_n = 0;
  std::vector<TracedCandidate> closest;  // best first: whole matches, then by bindings made

  /// True when a failure with this rank would enter `closest`: cheap enough to call before
  /// any text is built.
  bool Ranks(bool matched, size_t bound) const;
  void Add(TracedCandidate candidate);
};

/// A (pattern node, target node) pair of a partial or whole match.
struct TracePair {
  const Node *pattern;
  const Node *target;
};

/// The bindings as reported, and the Graphviz picture of them with `failing` (may be null)
/// highlighted, with one ring of neighbours.
std::vector<TracedBinding> DescribeBindings(const std::vector<TracePair> &pairs);
std::string RenderMatchDot(const std::string &title, const std::vector<TracePair> &pairs,
                           const Node *failing);

/// Records a whole match the runner did not rewrite.
void TraceMatchFailure(PatternTrace *trace, const MatchResult &match, MatchCheck check,
                       const std::string &detail);

/// The tracer of one pass. While installed (one at a time, process-wide), the runner opens a
/// PatternTrace for each pattern that pass sweeps on the installing thread (a compile runs its
/// passes on its own thread), and the next matcher that thread prepares claims it.
class MatchTracer {
 public:
  MatchTracer(std::string pass_name, size_t top_n);
  MatchTracer(const MatchTracer &) = delete;
  MatchTracer &operator=(const MatchTracer &) = delete;

  const std::string &PassName() const { return pass_name_; }
  size_t TopN() const { return top_n_; }
  const std::deque<PatternTrace> &Patterns() const { return patterns_; }

  /// The installed tracer when it traces `pass_name` on this thread, else nullptr.
  static MatchTracer *For(const std::string &pass_name);
  static void Install(MatchTracer *tracer);  // nullptr uninstalls
  /// Opens the trace of one pattern sweep; the next PatternMatcher to prepare claims it.
  PatternTrace *BeginPattern(const std::string &pattern_name);
  /// The trace BeginPattern opened on this thread if no matcher has claimed it yet (then it is
  /// claimed).
  static PatternTrace *ClaimPattern();

 private:
  std::string pass_name_;
  size_t top_n_;
  std::thread::id thread_;             // the installing thread
  std::deque<PatternTrace> patterns_;  // a deque: the runner and matcher hold pointers into it
};

/// Installs a tracer for the lifetime of the scope.
class MatchTraceScope {
 public:
  explicit MatchTraceScope(MatchTracer *tracer) { MatchTracer::Install(tracer); }
  ~MatchTraceScope() { MatchTracer::Install(nullptr); }
  MatchTraceScope(const MatchTraceScope &) = delete;
  MatchTraceScope &operator=(const MatchTraceScope &) = delete;
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_PATTERN_MATCH_TRACE_H_
