// Test-only: seeded random target graphs and a zoo of patterns that stress the matcher's corner
// cases (shared pattern inputs, injective binding, output indexes other than 0, consts,
// reconvergent producers, several pattern outputs). Used by the differential matcher test and by
// the randomized fusion-pass invariant test.
#ifndef GE_PATTERN_RANDOM_GRAPH_TEST_UTIL_H_
#define GE_PATTERN_RANDOM_GRAPH_TEST_UTIL_H_

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "ge/fusion/pattern.h"
#include "ge/fusion/simple_graph_builder.h"
#include "pattern/fusion_test_util.h"

namespace ge {
namespace fusion {
namespace test {

/// A DAG of about `ops` nodes over two Data inputs and three Consts. Op kinds: Add and Mul (two
/// inputs, one in four with both inputs from the same port; sometimes Mul(Add(a, b), a)), Relu
/// (one input; sometimes a pair of Relus of the same tensor) and Split2 (one input, two
/// outputs). Inputs come mostly from the
/// last few ports made, so chains and reconvergent paths are common; a NetOutput reads the last
/// port and up to two random ones, which gives some nodes consumers outside any match.
inline ComputeGraphPtr RandomGraph(uint32_t seed, size_t ops) {
  std::mt19937 rng(seed);
  TestGraph graph("random_" + std::to_string(seed));
  std::vector<Port> ports;
  ports.push_back(P(graph.Data("x", 0)));
  ports.push_back(P(graph.Data("y", 1)));
  for (int i = 0; i < 3; ++i) {
    ports.push_back(P(graph.Const("c" + std::to_string(i), i == 0 ? 0.0F : 1.0F)));
  }
  auto below = [&rng](size_t bound) { return static_cast<size_t>(rng() % bound); };
  auto pick = [&]() {
    const size_t recent = std::min<size_t>(ports.size(), 6U);
    if (below(4U) == 0U) {
      return ports[below(ports.size())];
    }
    return ports[ports.size() - 1U - below(recent)];
  };
  for (size_t i = 0; i < ops; ++i) {
    const std::string name = "n" + std::to_string(i);
    switch (below(6U)) {
      case 0:
      case 1: {
        const Port a = pick();
        const Port b = below(4U) == 0U ? a : pick();
        ports.push_back(P(graph.Op(name, below(3U) == 0U ? "Mul" : "Add", {a, b})));
        break;
      }
      case 2: ports.push_back(P(graph.Op(name, "Relu", {pick()}))); break;
      case 3: {  // two Relus of one tensor: shared inputs that must bind distinct nodes
        const Port input = pick();
        ports.push_back(P(graph.Op(name, "Relu", {input})));
        ports.push_back(P(graph.Op(name + "_twin", "Relu", {input})));
        break;
      }
      case 4: {  // Mul(Add(a, b), a): one tensor read at two depths (rare by chance alone)
        const Port a = pick();
        Node *add = graph.Op(name, "Add", {a, pick()});
        ports.push_back(P(add));
        ports.push_back(P(graph.Op(name + "_mul", "Mul", {P(add), a})));
        break;
      }
      default: {
        Node *split = graph.Op(name, "Split2", {pick()}, 2U);
        ports.push_back(P(split, 0));
        ports.push_back(P(split, 1));
        break;
      }
    }
  }
  std::vector<Port> outputs{ports.back()};
  for (int i = 0; i < 2; ++i) {
    if (below(2U) == 0U) {
      outputs.push_back(ports[below(ports.size())]);
    }
  }
  graph.NetOutput(outputs);
  return graph.Get();
}

constexpr int kZooSize = 10;

/// Pattern `id` of the zoo; every pattern Data is captured, in index order, so a match reports
/// the tensors bound to the pattern inputs.
inline std::unique_ptr<Pattern> ZooPattern(int id) {
  SimpleGraphBuilder builder(("zoo_" + std::to_string(id)).c_str());
  std::vector<NodeIo> inputs;
  NodeIo output;
  std::vector<NodeIo> more_outputs;  // pattern outputs 1.. of the multi-output patterns
  switch (id) {
    case 0: {  // Relu(Add(x, y))
      inputs = {builder.AddInput(0), builder.AddInput(1)};
      GNode add = builder.AddNode("Add", {inputs[0], inputs[1]}, 1);
      output = {builder.AddNode("Relu", {{add, 0}}, 1), 0};
      break;
    }
    case 1: {  // Add(x, Const): any const
      inputs = {builder.AddInput(0)};
      const NodeIo c = builder.AddConst(nullptr);
      output = {builder.AddNode("Add", {inputs[0], c}, 1), 0};
      break;
    }
    case 2: {  // Mul(Add(a, b), a): both uses of a must read one tensor
      inputs = {builder.AddInput(0), builder.AddInput(1)};
      GNode add = builder.AddNode("Add", {inputs[0], inputs[1]}, 1);
      output = {builder.AddNode("Mul", {{add, 0}, inputs[0]}, 1), 0};
      break;
    }
    case 3: {  // Add(Relu(x), Relu(x)): two distinct Relus of one tensor (injective binding)
      inputs = {builder.AddInput(0)};
      GNode r1 = builder.AddNode("Relu", {inputs[0]}, 1);
      GNode r2 = builder.AddNode("Relu", {inputs[0]}, 1);
      output = {builder.AddNode("Add", {{r1, 0}, {r2, 0}}, 1), 0};
      break;
    }
    case 4: {  // r = Relu(x); Add(r, r): one Relu read twice
      inputs = {builder.AddInput(0)};
      GNode r = builder.AddNode("Relu", {inputs[0]}, 1);
      output = {builder.AddNode("Add", {{r, 0}, {r, 0}}, 1), 0};
      break;
    }
    case 5: {  // Add(Relu(x), y): y may not be bound to the Relu of the same match
      inputs = {builder.AddInput(0), builder.AddInput(1)};
      GNode relu = builder.AddNode("Relu", {inputs[0]}, 1);
      output = {builder.AddNode("Add", {{relu, 0}, inputs[1]}, 1), 0};
      break;
    }
    case 6: {  // Relu(Split2(x):1): a producer output index other than 0
      inputs = {builder.AddInput(0)};
      GNode split = builder.AddNode("Split2", {inputs[0]}, 2);
      output = {builder.AddNode("Relu", {{split, 1}}, 1), 0};
      break;
    }
    case 7: {  // outputs Relu(x) and Add(x, y): two branches joined only by a shared input
      inputs = {builder.AddInput(0), builder.AddInput(1)};
      output = {builder.AddNode("Relu", {inputs[0]}, 1), 0};
      more_outputs = {{builder.AddNode("Add", {inputs[0], inputs[1]}, 1), 0}};
      break;
    }
    case 8: {  // outputs Split2(x):0 and :1: the second output's owner is already bound
      inputs = {builder.AddInput(0)};
      GNode split = builder.AddNode("Split2", {inputs[0]}, 2);
      output = {split, 0};
      more_outputs = {{split, 1}};
      break;
    }
    default: {  // outputs a = Add(x, y) and Relu(a): a declared output also read inside
      inputs = {builder.AddInput(0), builder.AddInput(1)};
      GNode add = builder.AddNode("Add", {inputs[0], inputs[1]}, 1);
      output = {add, 0};
      more_outputs = {{builder.AddNode("Relu", {{add, 0}}, 1), 0}};
      break;
    }
  }
  std::vector<NodeIo> outputs{output};
  outputs.insert(outputs.end(), more_outputs.begin(), more_outputs.end());
  auto pattern = std::make_unique<Pattern>(std::move(*builder.Build(outputs)));
  for (const NodeIo &input : inputs) {
    pattern->CaptureTensor(input);
  }
  return pattern;
}

/// A replacement of one "Fused" node with `inputs` Data inputs and `outputs` outputs, each read
/// by the NetOutput in order.
inline GraphUniqPtr FusedReplacement(size_t inputs, size_t outputs) {
  SimpleGraphBuilder builder("fused");
  std::vector<NodeIo> data;
  for (size_t i = 0; i < inputs; ++i) {
    data.push_back(builder.AddInput(static_cast<int64_t>(i)));
  }
  GNode fused = builder.AddNode("Fused", data, outputs);
  std::vector<NodeIo> results;
  for (size_t k = 0; k < outputs; ++k) {
    results.push_back(NodeIo{fused, static_cast<int64_t>(k)});
  }
  return builder.Build(results);
}

}  // namespace test
}  // namespace fusion
}  // namespace ge

#endif  // GE_PATTERN_RANDOM_GRAPH_TEST_UTIL_H_
