// Cost model for target (a) of bench/README.md, not part of the compiler: how long the same
// 1M-node chain takes on this machine in the most compact IR one could reasonably build -- nodes
// as indexes into graph-owned arrays (struct of arrays), names in one character arena, interned op
// types, one shared default tensor desc, edges as index lists, an open-addressing name index. No
// OpDesc, no attributes, no per-port tensor descs, no handles: a lower bound for any IR with GE's
// node names, typed ports and O(1) name lookup. Compare its time with graph_build_cpp.cc's
// ir_build + ir_topo_sort run in the same minute (bench/RESULTS.md).
//
// Build and run:  g++ -std=c++17 -O2 bench/graph_build_compact_model.cc -o /tmp/compact &&
// /tmp/compact
#include <sys/resource.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace {

constexpr uint32_t kNone = UINT32_MAX;

struct NodeRecord {
  uint32_t name_offset;
  uint32_t name_length;
  uint32_t type_id;       // index into an interned type table
  uint32_t first_input;   // index into CompactGraph::inputs_
  uint32_t first_output;  // index into CompactGraph::outputs_
  uint16_t input_count;
  uint16_t output_count;
};
struct InputPort {
  uint32_t producer = kNone;
  uint32_t producer_port = 0;  // the tensor desc is the shared default one
};
struct OutputPort {
  uint32_t first_use = kNone;  // head of this output's consumer list in CompactGraph::uses_
};
struct Use {
  uint32_t consumer;
  uint32_t next;
};

class CompactGraph {
 public:
  /// Index of the new node, or kNone when the name exists already.
  uint32_t AddNode(std::string_view name, uint32_t type_id, uint16_t inputs, uint16_t outputs) {
    if ((nodes_.size() + 1) * 2 > slots_.size()) Rehash();
    const uint32_t hash = Hash(name);
    if (Find(name, hash) != kNone) return kNone;
    nodes_.push_back(NodeRecord{static_cast<uint32_t>(names_.size()),
                                static_cast<uint32_t>(name.size()), type_id,
                                static_cast<uint32_t>(inputs_.size()),
                                static_cast<uint32_t>(outputs_.size()), inputs, outputs});
    names_.insert(names_.end(), name.begin(), name.end());
    inputs_.resize(inputs_.size() + inputs);
    outputs_.resize(outputs_.size() + outputs);
    Place((static_cast<uint64_t>(hash) << 32) | nodes_.size());  // node number = index + 1
    return static_cast<uint32_t>(nodes_.size() - 1);
  }

  void AddDataEdge(uint32_t src, uint32_t src_port, uint32_t dst, uint32_t dst_port) {
    OutputPort &out = outputs_[nodes_[src].first_output + src_port];
    uses_.push_back(Use{dst, out.first_use});
    out.first_use = static_cast<uint32_t>(uses_.size() - 1);
    inputs_[nodes_[dst].first_input + dst_port] = InputPort{src, src_port};
  }

  /// Kahn's algorithm over the index arrays.
  std::vector<uint32_t> TopologicalOrder() const {
    std::vector<uint32_t> pending(nodes_.size(), 0);
    for (size_t n = 0; n < nodes_.size(); ++n) {
      for (uint32_t i = 0; i < nodes_[n].input_count; ++i) {
        if (inputs_[nodes_[n].first_input + i].producer != kNone) ++pending[n];
      }
    }
    std::vector<uint32_t> order;
    order.reserve(nodes_.size());
    for (size_t n = 0; n < nodes_.size(); ++n) {
      if (pending[n] == 0) order.push_back(static_cast<uint32_t>(n));
    }
    for (size_t k = 0; k < order.size(); ++k) {
      const NodeRecord &node = nodes_[order[k]];
      for (uint32_t p = 0; p < node.output_count; ++p) {
        for (uint32_t u = outputs_[node.first_output + p].first_use; u != kNone;
             u = uses_[u].next) {
          if (--pending[uses_[u].consumer] == 0) order.push_back(uses_[u].consumer);
        }
      }
    }
    return order;
  }

 private:
  static uint32_t Hash(std::string_view text) {  // FNV-1a
    uint32_t hash = 2166136261U;
    for (char c : text) hash = (hash ^ static_cast<uint8_t>(c)) * 16777619U;
    return hash;
  }
  std::string_view NameOf(uint32_t index) const {
    return std::string_view(&names_[nodes_[index].name_offset], nodes_[index].name_length);
  }
  uint32_t Find(std::string_view name, uint32_t hash) const {
    for (size_t i = hash & mask_; slots_[i] != 0; i = (i + 1) & mask_) {
      const uint32_t index = static_cast<uint32_t>(slots_[i]) - 1;
      if ((slots_[i] >> 32) == hash && NameOf(index) == name) return index;
    }
    return kNone;
  }
  void Place(uint64_t slot) {
    size_t i = (slot >> 32) & mask_;
    while (slots_[i] != 0) i = (i + 1) & mask_;
    slots_[i] = slot;
  }
  void Rehash() {
    std::vector<uint64_t> old;
    old.swap(slots_);
    slots_.assign(old.empty() ? 1024 : old.size() * 2, 0);
    mask_ = slots_.size() - 1;
    for (uint64_t slot : old) {
      if (slot != 0) Place(slot);
    }
  }

  std::vector<NodeRecord> nodes_;
  std::vector<char> names_;
  std::vector<InputPort> inputs_;
  std::vector<OutputPort> outputs_;
  std::vector<Use> uses_;
  std::vector<uint64_t> slots_;  // (hash << 32) | node number, 0 = empty
  size_t mask_ = 0;
};

double PeakRssBytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) * 1024.0;
}

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char **argv) {
  const int64_t n = argc > 1 ? std::atoll(argv[1]) : 1000000;
  const double rss_before = PeakRssBytes();
  const auto start = std::chrono::steady_clock::now();
  CompactGraph graph;
  uint32_t prev = kNone;
  char name[32];
  for (int64_t i = 0; i < n; ++i) {
    const int length = std::snprintf(name, sizeof(name), "n%lld", static_cast<long long>(i));
    const uint32_t node = graph.AddNode(std::string_view(name, static_cast<size_t>(length)),
                                        i == 0 ? 0U : 1U, i == 0 ? 0 : 1, 1);
    if (node == kNone) {
      std::fprintf(stderr, "duplicate node name %s\n", name);
      return 1;
    }
    if (prev != kNone) graph.AddDataEdge(prev, 0, node, 0);
    prev = node;
  }
  const double build = SecondsSince(start);
  const std::vector<uint32_t> order = graph.TopologicalOrder();
  const double total = SecondsSince(start);
  if (order.size() != static_cast<size_t>(n)) {
    std::fprintf(stderr, "topological order has %zu of %lld nodes\n", order.size(),
                 static_cast<long long>(n));
    return 1;
  }
  std::printf("compact model: build %.3f s, build + sort %.3f s, %.0f fresh bytes per node\n",
              build, total, (PeakRssBytes() - rss_before) / static_cast<double>(n));
  return 0;
}
