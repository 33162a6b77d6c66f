// The tracer's records and the picture of a (partial) match; see match_trace.h.
#include "pattern/match_trace.h"

#include <algorithm>
#include <atomic>
#include <limits>
#include <thread>
#include <unordered_map>
#include <utility>

#include "pattern/match_result_impl.h"

namespace ge {
namespace fusion {
namespace {

std::atomic<MatchTracer *> g_active{nullptr};
// Per thread: a pattern trace is claimed by the matcher the same sweep builds next, never by a
// matcher of a compile running on another thread.
thread_local PatternTrace *t_unclaimed = nullptr;

// A picture of a large graph around a hub (a NetOutput, a shared const) stays readable.
constexpr size_t kMaxNeighbours = 48;

std::string DotQuote(const std::string &text) {
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      quoted += '\\';
    }
    quoted += c;
  }
  return quoted + "\"";
}

// Whole matches first, then partial ones by the number of bindings made.
bool Better(bool matched, size_t bound, const TracedCandidate &than) {
  return matched != than.matched ? matched : bound > than.bound;
}

}  // namespace

const char *MatchCheckName(MatchCheck check) {
  switch (check) {
    case MatchCheck::kOpType: return "op_type";
    case MatchCheck::kNotConst: return "not_const";
    case MatchCheck::kDtype: return "dtype";
    case MatchCheck::kConstValue: return "const_value";
    case MatchCheck::kIrAttr: return "ir_attr";
    case MatchCheck::kOutputCount: return "output_count";
    case MatchCheck::kInputCount: return "input_count";
    case MatchCheck::kOutputIndex: return "output_index";
    case MatchCheck::kTensor: return "tensor";
    case MatchCheck::kAlreadyBound: return "already_bound";
    case MatchCheck::kProducerInMatch: return "producer_in_match";
    case MatchCheck::kNewNode: return "new_node";
    case MatchCheck::kNoCandidate: return "no_candidate";
    case MatchCheck::kNotSelfContained: return "not_self_contained";
    case MatchCheck::kRequirements: return "meet_requirements";
    case MatchCheck::kWouldCycle: return "would_cycle";
    case MatchCheck::kBoundary: return "boundary";
    case MatchCheck::kReplacement: return "replacement";
  }
  return "unknown";
}

bool PatternTrace::Ranks(bool matched, size_t bound) const {
  return closest.size() < top_n || Better(matched, bound, closest.back());
}

void PatternTrace::Add(TracedCandidate candidate) {
  if (!Ranks(candidate.matched, candidate.bound)) {
    return;
  }
  // After the equal ranks already kept: the first candidate met stays first.
  auto at = std::find_if(closest.begin(), closest.end(), [&candidate](const TracedCandidate &c) {
    return Better(candidate.matched, candidate.bound, c);
  });
  closest.insert(at, std::move(candidate));
  if (closest.size() > top_n) {
    closest.pop_back();
  }
}

std::vector<TracedBinding> DescribeBindings(const std::vector<TracePair> &pairs) {
  std::vector<TracedBinding> bindings;
  bindings.reserve(pairs.size());
  for (const TracePair &pair : pairs) {
    bindings.push_back(TracedBinding{pair.pattern->GetName(), pair.pattern->GetType(),
                                     pair.target->GetName(), pair.target->GetType()});
  }
  return bindings;
}

std::string RenderMatchDot(const std::string &title, const std::vector<TracePair> &pairs,
                           const Node *failing) {
  // Node -> label suffix; the matched nodes and the failing one first, then one ring around them.
  std::vector<const Node *> shown;
  std::unordered_map<const Node *, std::string> role;
  size_t limit = std::numeric_limits<size_t>::max();  // set once the core is shown
  auto show = [&shown, &role, &limit](const Node *node, const std::string &what) {
    if (node != nullptr && shown.size() < limit && role.emplace(node, what).second) {
      shown.push_back(node);
    }
  };
  for (const TracePair &pair : pairs) {
    const bool is_input = pair.pattern->GetType() == "Data";
    show(pair.target, (is_input ? "input " : "matched ") + pair.pattern->GetName());
  }
  show(failing, "failed");
  const size_t core = shown.size();
  limit = core + kMaxNeighbours;
  for (size_t i = 0; i < core; ++i) {
    const Node *node = shown[i];
    for (size_t in = 0; in < node->GetInputsSize(); ++in) {
      show(node->GetInDataPeer(in).node, "");
    }
    for (size_t out = 0; out < node->GetOutputsSize(); ++out) {
      for (const OutDataPeer &peer : node->GetOutDataPeers(out)) {
        show(peer.node, "");
      }
    }
  }
  std::string dot = "digraph " + DotQuote(title) + " {\n  node [shape=box, fontsize=10];\n";
  for (const Node *node : shown) {
    const std::string &what = role[node];
    std::string style;
    if (node == failing) {
      style = ", style=filled, fillcolor=salmon, penwidth=2";
    } else if (what.rfind("matched ", 0) == 0) {
      style = ", style=filled, fillcolor=palegreen";
    } else if (what.rfind("input ", 0) == 0) {
      style = ", style=filled, fillcolor=lightblue";
    } else {
      style = ", color=gray, fontcolor=gray";
    }
    std::string label = node->GetName() + "\\n" + node->GetType();
    if (!what.empty()) {
      label += "\\n[" + what + "]";
    }
    dot += "  " + DotQuote(node->GetName()) + " [label=\"" + label + "\"" + style + "];\n";
  }
  for (const Node *node : shown) {
    for (size_t out = 0; out < node->GetOutputsSize(); ++out) {
      for (const OutDataPeer &peer : node->GetOutDataPeers(out)) {
        if (role.count(peer.node) != 0U) {
          dot += "  " + DotQuote(node->GetName()) + " -> " + DotQuote(peer.node->GetName()) +
                 " [label=\"" + std::to_string(out) + ":" + std::to_string(peer.in_index) +
                 "\", fontsize=8];\n";
        }
      }
    }
  }
  return dot + "}\n";
}

void TraceMatchFailure(PatternTrace *trace, const MatchResult &match, MatchCheck check,
                       const std::string &detail) {
  const MatchResultImpl &impl = match.Impl();
  if (trace == nullptr || !trace->Ranks(true, impl.pairs.size())) {
    return;
  }
  std::vector<NodePtr> held;  // keeps the targets alive while they are described
  std::vector<TracePair> pairs;
  for (const MatchResultImpl::Pair &pair : impl.pairs) {
    NodePtr target = impl.Lock(pair.target);
    if (target != nullptr) {
      pairs.push_back(TracePair{pair.pattern_node, target.get()});
      held.push_back(std::move(target));
    }
  }
  TracedCandidate candidate;
  candidate.matched = true;
  candidate.bound = impl.pairs.size();
  candidate.check = check;
  candidate.detail = detail;
  const NodePtr output = impl.outputs.empty() ? nullptr : impl.Lock(impl.outputs[0].node);
  candidate.candidate = output == nullptr ? "" : output->GetName();
  candidate.bindings = DescribeBindings(pairs);
  candidate.dot = RenderMatchDot(trace->pattern, pairs, nullptr);
  trace->Add(std::move(candidate));
}

MatchTracer::MatchTracer(std::string pass_name, size_t top_n)
    : pass_name_(std::move(pass_name)), top_n_(top_n == 0U ? 1U : top_n) {}

MatchTracer *MatchTracer::For(const std::string &pass_name) {
  MatchTracer *tracer = g_active.load(std::memory_order_acquire);
  if (tracer == nullptr || tracer->thread_ != std::this_thread::get_id()) {
    return nullptr;
  }
  return tracer->pass_name_ == pass_name ? tracer : nullptr;
}

void MatchTracer::Install(MatchTracer *tracer) {
  t_unclaimed = nullptr;
  if (tracer != nullptr) {
    tracer->thread_ = std::this_thread::get_id();
  }
  g_active.store(tracer, std::memory_order_release);
}

PatternTrace *MatchTracer::BeginPattern(const std::string &pattern_name) {
  patterns_.emplace_back();
  PatternTrace *trace = &patterns_.back();
  trace->pattern = pattern_name;
  trace->top_n = top_n_;
  t_unclaimed = trace;
  return trace;
}

PatternTrace *MatchTracer::ClaimPattern() {
  PatternTrace *trace = t_unclaimed;
  t_unclaimed = nullptr;
  return trace;
}

}  // namespace fusion
}  // namespace ge
