// VerifiedMatch: the matcher's bindings read into the rewriter's boundary form.
#include "pattern/verified_match.h"

#include <string>

#include "common/error.h"
#include "common/log.h"
#include "pattern/match_result_impl.h"

namespace ge {
namespace fusion {

VerifiedMatch::Verdict VerifiedMatch::Verify(const MatchResult &match, CycleChecker &cycles) {
  const MatchResultImpl &impl = match.Impl();
  boundary_.graph = nullptr;
  boundary_.input_producers.clear();
  boundary_.outputs.clear();
  boundary_.nodes.clear();
  checked_graph_ = nullptr;
  // Every node the match refers to, locked once each; the matched ones as
  // MatchResult::GetMatchedNodes lists them.
  impl.LockAll(&alive_);
  for (const MatchResultImpl::Pair &pair : impl.pairs) {
    Node *target = alive_[pair.target].get();
    if (target != nullptr && !pair.data_like) {
      boundary_.nodes.push_back(target);
    }
  }
  if (cycles.WillCauseCycleIfFuse(boundary_.nodes)) {
    return Verdict::kWouldCycle;
  }
  if (!ReadPorts(impl)) {
    return Verdict::kNoBoundary;
  }
  // What the rewriter's CompleteBoundary would derive from these ports, as the matcher proved it
  // (a proven match has one output, and its nodes are the matched ones in binding order); used
  // only while IsProven holds.
  if (impl.checked_graph != nullptr) {
    checked_graph_ = impl.checked_graph;
    checked_version_ = impl.checked_version;
    boundary_.graph = boundary_.outputs.front().first->GetOwnerGraph();
    for (const MatchResultImpl::Input &input : impl.inputs) {
      boundary_.input_producers.emplace_back(alive_[input.producer.node].get(),
                                             input.producer.index);
    }
  }
  return Verdict::kReady;
}

// The ports of the boundary MatchResult::ToSubgraphBoundary would build, with the same failures
// (a Data without live consumers, an unbound or removed output). The per-input port lists are
// reused (cleared, not freed) from one match to the next.
bool VerifiedMatch::ReadPorts(const MatchResultImpl &impl) {
  auto live = [this](const PortRef &port) -> Node * {
    return port.node < alive_.size() ? alive_[port.node].get() : nullptr;
  };
  boundary_.input_consumers.resize(impl.inputs.size());
  for (size_t i = 0; i < impl.inputs.size(); ++i) {
    const MatchResultImpl::Input &input = impl.inputs[i];
    std::vector<std::pair<Node *, int32_t>> &ports = boundary_.input_consumers[i];
    ports.clear();
    for (size_t c = 0; c < input.consumer_count; ++c) {
      const PortRef &port = impl.consumers[input.first_consumer + c];
      if (Node *node = live(port)) {
        ports.emplace_back(node, port.index);
      }
    }
    if (ports.empty()) {
      SetLastError("MatchResult::ToSubgraphBoundary: pattern input " + std::to_string(input.index) +
                   " has no matched consumer");
      GELOGE("%s", GetLastError().c_str());
      return false;
    }
  }
  for (size_t k = 0; k < impl.outputs.size(); ++k) {
    Node *node = live(impl.outputs[k]);
    if (node == nullptr) {
      SetLastError("MatchResult::ToSubgraphBoundary: pattern output " + std::to_string(k) +
                   " is not bound (or its node was removed)");
      GELOGE("%s", GetLastError().c_str());
      return false;
    }
    boundary_.outputs.emplace_back(node, impl.outputs[k].index);
  }
  return true;
}

}  // namespace fusion
}  // namespace ge
