// RunPatternFusion / RunDecompose.
#include "pass/pattern_fusion_runner.h"

#include <map>
#include <set>

#include "common/error.h"
#include "common/log.h"
#include "ge/fusion/pattern_matcher.h"
#include "graph_api/node_adapter.h"
#include "pass/pass_report.h"
#include "pattern/fusion_utils.h"
#include "pattern/match_trace.h"
#include "pattern/verified_match.h"
#include "rewrite/fusion_statistics.h"
#include "rewrite/subgraph_rewriter.h"

namespace ge {
namespace fusion {
namespace {

std::string PassNameOf(const CustomPassContext &context) {
  const std::string name = context.GetPassName().GetString();
  return name.empty() ? "UnnamedFusionPass" : name;
}

// The non-IO nodes of a replacement graph (they become the new nodes).
std::vector<Node *> BodyNodes(const ComputeGraph &graph) {
  std::vector<Node *> body;
  for (Node *node : graph.GetDirectNodes()) {
    if (!TypeIs(node->GetType(), kData) && !TypeIs(node->GetType(), kNetOutput)) {
      body.push_back(node);
    }
  }
  return body;
}

// MarkPassName(BodyNodes(graph), pass_name) without the two node vectors (once per rewrite).
void MarkBodyPassName(const ComputeGraph &graph, const std::string &pass_name) {
  for (Node *node : graph.GetDirectNodes()) {
    if (!TypeIs(node->GetType(), kData) && !TypeIs(node->GetType(), kNetOutput)) {
      MarkPassName(node, pass_name);
    }
  }
}

Status CheckAcyclicIfDebug(const ComputeGraphPtr &graph, const std::string &pass_name) {
  if (!IsLogEnabled(LogLevel::kDebug)) {
    return SUCCESS;
  }
  std::vector<Node *> order;
  if (graph->GetTopologicalOrder(&order) != SUCCESS) {
    GELOGE("[CycleGuard] Pass[%s] produced a cyclic graph after fusion.", pass_name.c_str());
    return Fail("[CycleGuard] Pass[" + pass_name + "] produced a cyclic graph after fusion.");
  }
  return SUCCESS;
}

// The state one pattern's sweep shares across its matches.
struct PatternSweep {
  PatternSweep(const std::string &name, ComputeGraph &target, CycleChecker &cycles,
               const PatternFusionHooks &pass_hooks, CustomPassContext &pass_context,
               PassRunRecord *run_record)
      : pass_name(name),
        graph(target),
        cycle_checker(cycles),
        hooks(pass_hooks),
        context(pass_context),
        record_of_run(run_record) {}

  const std::string &pass_name;
  ComputeGraph &graph;
  CycleChecker &cycle_checker;
  const PatternFusionHooks &hooks;
  CustomPassContext &context;
  PatternTrace *trace = nullptr;  // set while a MatchTracer traces this pass
  PassRunRecord *record_of_run;   // null unless the compile keeps a detailed pass report
  // Per-match call times of a detailed report (sampled, see SampledCallTime).
  SampledCallTime match_next_time;
  SampledCallTime meet_time;
  SampledCallTime replacement_time;
  // Per-match scratch, cleared (not reallocated) for every match of the sweep.
  VerifiedMatch verified;
  RewriteRecord record;
  uint64_t match_times = 0;
  uint64_t effect_times = 0;
  uint64_t cycle_skips = 0;
};

// The match text is for messages only: built on demand, not per match.
std::string MatchText(const MatchResult &match) {
  return std::string(match.ToAscendString().GetString());
}

// Takes the pass's replacement for `match`; null (with the error set) when the pass gave none.
GraphUniqPtr TakeReplacement(PatternSweep &sweep, const std::unique_ptr<MatchResult> &match) {
  GraphUniqPtr replacement;
  {
    SampledPassTimer timer(sweep.record_of_run == nullptr ? nullptr : &sweep.replacement_time);
    replacement = sweep.hooks.replacement(match);
  }
  if (replacement == nullptr || GraphUtilsEx::GetComputeGraph(*replacement) == nullptr) {
    if (sweep.trace != nullptr) {
      TraceMatchFailure(sweep.trace, *match, MatchCheck::kReplacement,
                        "the pass returned no replacement graph");
    }
    const std::string text = MatchText(*match);
    GELOGE("Pass[%s] returned a null replacement for match %s.", sweep.pass_name.c_str(),
           text.c_str());
    (void)Fail("Pass[" + sweep.pass_name + "] returned a null replacement for match " + text);
    return nullptr;
  }
  return replacement;
}

// Rewrites one match the pass accepted and VerifiedMatch found ready.
Status ReplaceMatch(PatternSweep &sweep, const std::unique_ptr<MatchResult> &match) {
  GraphUniqPtr replacement = TakeReplacement(sweep, match);
  if (replacement == nullptr) {
    return FAILED;
  }
  // Moving the body out is safe only if nobody else can see this graph (a plugin may hand
  // out copies of a graph it keeps); otherwise it is copied as SubgraphRewriter does.
  const bool movable = GraphUtilsEx::IsSoleOwner(*replacement);
  ComputeGraphPtr replacement_graph = GraphUtilsEx::GetComputeGraph(*replacement);
  if (!movable) {
    MarkBodyPassName(*replacement_graph, sweep.pass_name);  // a moved body: by the rewrite
  }
  RewriteRecord &record = sweep.record;
  record.removed.clear();
  record.new_nodes.clear();
  record.producers.clear();
  record.consumers.clear();
  const uint64_t version_before = sweep.graph.GetModificationCount();
  if (ReplaceVerifiedMatch(sweep.verified, sweep.graph, *replacement_graph, movable,
                           sweep.pass_name, &record) != SUCCESS) {
    const std::string reason = GetLastError();
    if (sweep.trace != nullptr) {
      TraceMatchFailure(sweep.trace, *match, MatchCheck::kReplacement, reason);
    }
    const std::string text = MatchText(*match);
    GELOGE("Failed to replace %s to %s", text.c_str(), replacement_graph->GetName().c_str());
    return Fail("Pass[" + sweep.pass_name + "]: Failed to replace " + text + " to " +
                replacement_graph->GetName() + ": " + reason);
  }
  sweep.cycle_checker.NotifyReplaced(record.removed, record.producers, record.new_nodes,
                                     record.consumers, version_before);
  if (IsLogEnabled(LogLevel::kInfo)) {
    GELOGI("Replace [%s] to [%s] success", MatchText(*match).c_str(),
           replacement_graph->GetName().c_str());
  }
  // Let the removed nodes go now, so their handles expire before the next match.
  sweep.verified.Release();
  ++sweep.effect_times;
  if (sweep.trace != nullptr) {
    ++sweep.trace->rewrites;
  }
  return SUCCESS;
}

// The exception line of a Python traceback (its last non-empty line), or the whole message.
std::string LastLine(const std::string &message) {
  const size_t end = message.find_last_not_of("\n ");
  if (end == std::string::npos) {
    return message;
  }
  const size_t newline = message.find_last_of('\n', end);
  const size_t begin = newline == std::string::npos ? 0 : newline + 1;
  return message.substr(begin, end + 1 - begin);
}

// meet_requirements while tracing: a refusal is recorded with the message the pass set through
// the context for this call, if any (an older message is kept when it sets none), and a
// callback that raised is told apart by the failure it reported.
bool TracedRequirements(PatternSweep &sweep, const std::unique_ptr<MatchResult> &match) {
  const AscendString before = sweep.context.GetErrorMessage();
  sweep.context.SetErrorMessage(AscendString(""));
  (void)TakeLastHookFailure();
  const bool accepted = sweep.hooks.meet_requirements(match);
  const std::string failure = TakeLastHookFailure();
  const std::string message = sweep.context.GetErrorMessage().GetString();
  if (message.empty()) {
    sweep.context.SetErrorMessage(before);
  }
  if (!accepted) {
    std::string detail = "meet_requirements returned false";
    if (!failure.empty()) {
      detail = "meet_requirements raised: " + LastLine(failure);
    } else if (!message.empty()) {
      detail += ": " + message;
    }
    TraceMatchFailure(sweep.trace, *match, MatchCheck::kRequirements, detail);
  }
  return accepted;
}

// One match: the pass's requirements, the cycle and boundary checks, then the rewrite.
Status ProcessMatch(PatternSweep &sweep, const std::unique_ptr<MatchResult> &match) {
  ++sweep.match_times;
  bool accepted = false;
  {
    SampledPassTimer timer(sweep.record_of_run == nullptr ? nullptr : &sweep.meet_time);
    accepted = sweep.trace == nullptr ? sweep.hooks.meet_requirements(match)
                                      : TracedRequirements(sweep, match);
  }
  if (!accepted) {
    if (sweep.record_of_run != nullptr) {
      ++sweep.record_of_run->rejected;
    }
    if (IsLogEnabled(LogLevel::kDebug)) {
      GELOGD("Match result[%s] is not meet requirements, skip replace.", MatchText(*match).c_str());
    }
    return SUCCESS;
  }
  const VerifiedMatch::Verdict verdict = sweep.verified.Verify(*match, sweep.cycle_checker);
  if (verdict == VerifiedMatch::Verdict::kWouldCycle) {
    ++sweep.cycle_skips;
    if (sweep.trace != nullptr) {
      TraceMatchFailure(sweep.trace, *match, MatchCheck::kWouldCycle,
                        "fusing the match into its replacement would close a cycle");
    }
    if (IsLogEnabled(LogLevel::kInfo)) {
      GELOGI("[Replace]Skip to replace match result [%s] in case of causing cycle after fusion.",
             MatchText(*match).c_str());
    }
    return SUCCESS;
  }
  if (verdict != VerifiedMatch::Verdict::kReady) {
    if (sweep.trace != nullptr) {
      TraceMatchFailure(sweep.trace, *match, MatchCheck::kBoundary, GetLastError());
    }
    return Fail("Pass[" + sweep.pass_name + "]: cannot build the boundary of match " +
                MatchText(*match) + ": " + GetLastError());
  }
  return ReplaceMatch(sweep, match);
}

// The sweep's counts and (estimated) times, into the run's record of a detailed report.
void AddSweepToRecord(const PatternSweep &sweep) {
  PassRunRecord *record = sweep.record_of_run;
  if (record == nullptr) {
    return;
  }
  record->candidates += sweep.match_times;
  record->replaced += sweep.effect_times;
  record->cycle_skipped += sweep.cycle_skips;
  record->matcher_ns += sweep.match_next_time.EstimateNs();
  record->callback_ns += sweep.meet_time.EstimateNs() + sweep.replacement_time.EstimateNs();
}

// Every match of one pattern, each rewritten as soon as it is found; the counts go to
// FusionStatistics.
Status SweepPattern(PatternSweep &sweep, PatternUniqPtr pattern, GraphPtr &graph,
                    const PatternMatcherConfig *config) {
  AscendString pattern_name;
  (void)pattern->GetGraph().GetName(pattern_name);
  std::unique_ptr<PatternMatcherConfig> matcher_config =
      config == nullptr ? PatternMatcherConfigBuilder().Build()
                        : std::make_unique<PatternMatcherConfig>(*config);
  if (MatchTracer *tracer = MatchTracer::For(sweep.pass_name)) {
    sweep.trace = tracer->BeginPattern(pattern_name.GetString());  // the matcher claims it
  }
  PatternMatcher matcher(std::move(pattern), graph, std::move(matcher_config));
  PassRunRecord *record = sweep.record_of_run;
  bool first = true;  // the first MatchNext takes the candidate snapshot: timed on its own
  while (true) {
    std::unique_ptr<MatchResult> match;
    if (first) {
      ScopedPassTimer timer(record == nullptr ? nullptr : &record->matcher_ns);
      match = matcher.MatchNext();
      first = false;
    } else {
      SampledPassTimer timer(record == nullptr ? nullptr : &sweep.match_next_time);
      match = matcher.MatchNext();
    }
    if (match == nullptr) {
      break;
    }
    if (ProcessMatch(sweep, match) != SUCCESS) {
      AddSweepToRecord(sweep);
      return FAILED;
    }
  }
  AddSweepToRecord(sweep);
  FusionStatistics::Instance().AddMatch(sweep.pass_name, sweep.match_times, sweep.effect_times,
                                        sweep.cycle_skips);
  GELOGD("GraphId[%u], GraphFusionPass[%s]: pattern=%s, matched_times=%llu, effected_times=%llu",
         sweep.graph.GetGraphId(), sweep.pass_name.c_str(), pattern_name.GetString(),
         static_cast<unsigned long long>(sweep.match_times),
         static_cast<unsigned long long>(sweep.effect_times));
  return SUCCESS;
}

}  // namespace

Status RunPatternFusion(GraphPtr &graph, CustomPassContext &context,
                        const PatternMatcherConfig *config, const PatternFusionHooks &hooks) {
  const std::string pass_name = PassNameOf(context);
  ComputeGraphPtr compute_graph =
      graph == nullptr ? nullptr : GraphUtilsEx::GetComputeGraph(*graph);
  if (compute_graph == nullptr) {
    return Fail("Pass[" + pass_name + "]: the graph to run on is invalid");
  }
  CycleChecker cycle_checker(compute_graph.get());
  PassRunRecord *record = CurrentPassRun();
  std::vector<PatternUniqPtr> patterns;
  {
    ScopedPassTimer timer(record == nullptr ? nullptr : &record->callback_ns);
    patterns = hooks.patterns();
  }
  bool changed = false;
  for (PatternUniqPtr &pattern : patterns) {
    if (pattern == nullptr) {
      GELOGW("Pass[%s] returned a null pattern, skipped.", pass_name.c_str());
      continue;
    }
    PatternSweep sweep(pass_name, *compute_graph, cycle_checker, hooks, context, record);
    if (SweepPattern(sweep, std::move(pattern), graph, config) != SUCCESS) {
      return FAILED;
    }
    changed = changed || sweep.effect_times != 0U;
  }
  if (changed && CheckAcyclicIfDebug(compute_graph, pass_name) != SUCCESS) {
    return FAILED;
  }
  cycle_checker.KeepRanksWithGraph();  // the stage's next pattern pass starts from them
  return changed ? SUCCESS : NOT_CHANGED;
}

Status RunDecompose(GraphPtr &graph, CustomPassContext &context, const DecomposeHooks &hooks) {
  const std::string pass_name = PassNameOf(context);
  ComputeGraphPtr compute_graph =
      graph == nullptr ? nullptr : GraphUtilsEx::GetComputeGraph(*graph);
  if (compute_graph == nullptr) {
    return Fail("Pass[" + pass_name + "]: the graph to run on is invalid");
  }
  std::set<std::string> types;
  for (const AscendString &type : hooks.op_types) {
    types.insert(type.GetString());
  }
  // Snapshot first: nodes the replacements create are never revisited.
  std::vector<std::weak_ptr<Node>> targets;
  for (Node *node : compute_graph->GetDirectNodes()) {
    if (types.count(node->GetType()) != 0U) {
      targets.push_back(compute_graph->GetNodePtr(node));
    }
  }
  if (targets.empty()) {
    return NOT_CHANGED;
  }
  std::map<std::string, std::pair<uint64_t, uint64_t>> counters;  // type -> (matched, effected)
  PassRunRecord *record = CurrentPassRun();
  // Per-node call times of a detailed report (sampled, see SampledCallTime).
  SampledCallTime meet_time;
  SampledCallTime replacement_time;
  bool changed = false;
  for (const std::weak_ptr<Node> &weak : targets) {
    NodePtr node = weak.lock();
    if (node == nullptr || node->GetOwnerGraph() != compute_graph.get()) {
      continue;
    }
    const std::string type = node->GetType();
    const std::string name = node->GetName();
    ++counters[type].first;
    const GNode gnode = NodeAdapter::Node2GNode(node);
    if (record != nullptr) {
      ++record->candidates;
    }
    bool accepted = false;
    {
      SampledPassTimer timer(record == nullptr ? nullptr : &meet_time);
      accepted = hooks.meet_requirements(gnode);
    }
    if (!accepted) {
      if (record != nullptr) {
        ++record->rejected;
      }
      GELOGD("Node[%s][%s] does not meet requirements of pass[%s], skipped.", name.c_str(),
             type.c_str(), pass_name.c_str());
      continue;
    }
    const SubgraphBoundary boundary = MakeSingleNodeBoundary(gnode);
    GraphUniqPtr replacement;
    {
      SampledPassTimer timer(record == nullptr ? nullptr : &replacement_time);
      replacement = hooks.replacement(gnode);
    }
    const bool movable = replacement != nullptr && GraphUtilsEx::IsSoleOwner(*replacement);
    ComputeGraphPtr replacement_graph =
        replacement == nullptr ? nullptr : GraphUtilsEx::GetComputeGraph(*replacement);
    if (replacement_graph == nullptr) {
      GELOGE("Got null replacement graph for node [%s][%s] in pass[%s].", name.c_str(),
             type.c_str(), pass_name.c_str());
      return Fail("Pass[" + pass_name + "]: Got null replacement graph for node [" + name + "][" +
                  type + "]");
    }
    if (!movable) {
      MarkPassName(BodyNodes(*replacement_graph), pass_name);  // a moved body: by the rewrite
    }
    if ((movable ? ReplaceSubgraphMoving(boundary, *replacement_graph, nullptr, nullptr, &pass_name)
                 : ReplaceSubgraph(boundary, *replacement_graph, nullptr, nullptr)) != SUCCESS) {
      const std::string reason = GetLastError();
      GELOGE("Failed to replace node [%s][%s] with replacement graph", name.c_str(), type.c_str());
      return Fail("Pass[" + pass_name + "]: Failed to replace node [" + name + "][" + type +
                  "] with replacement graph: " + reason);
    }
    ++counters[type].second;
    if (record != nullptr) {
      ++record->replaced;
    }
    changed = true;
  }
  if (record != nullptr) {
    record->callback_ns += meet_time.EstimateNs() + replacement_time.EstimateNs();
  }
  for (const auto &entry : counters) {
    FusionStatistics::Instance().AddMatch(pass_name, entry.second.first, entry.second.second, 0U);
    GELOGD("DecomposePass[%s]: type=%s, matched_times=%llu, effected_times=%llu", pass_name.c_str(),
           entry.first.c_str(), static_cast<unsigned long long>(entry.second.first),
           static_cast<unsigned long long>(entry.second.second));
  }
  return changed ? SUCCESS : NOT_CHANGED;
}

}  // namespace fusion
}  // namespace ge
