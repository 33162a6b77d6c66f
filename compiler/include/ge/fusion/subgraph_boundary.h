// The boundary of a subgraph to replace: numbered inputs (each: the consumers of one external
// tensor) and numbered outputs (each: one out-port whose consumers outside move to the
// replacement).
#ifndef GE_FUSION_SUBGRAPH_BOUNDARY_H_
#define GE_FUSION_SUBGRAPH_BOUNDARY_H_

#include <cstdint>
#include <map>
#include <vector>

#include "ge/fusion/node_io.h"
#include "ge/ge_error_codes.h"

namespace ge {
namespace fusion {

class SubgraphInput {
 public:
  SubgraphInput() = default;
  /// Not validated here; SubgraphRewriter::Replace validates.
  explicit SubgraphInput(std::vector<NodeIo> node_inputs) : inputs_(std::move(node_inputs)) {}
  /// Adds a consumer port. Fails if the port does not exist, is unconnected, or is fed by
  /// another producer port than the consumers already added.
  Status AddInput(const NodeIo &node_input);
  std::vector<NodeIo> GetAllInputs() const { return inputs_; }

 private:
  std::vector<NodeIo> inputs_;
};

class SubgraphOutput {
 public:
  SubgraphOutput() = default;
  explicit SubgraphOutput(const NodeIo &node_output) : output_(node_output), has_output_(true) {}
  /// Fails if an output was already set or the port does not exist.
  Status SetOutput(const NodeIo &node_output);
  Status GetOutput(NodeIo &node_output) const;

 private:
  NodeIo output_;
  bool has_output_ = false;
};

class SubgraphBoundary {
 public:
  SubgraphBoundary() = default;
  /// Numbers the inputs and outputs 0..N-1.
  SubgraphBoundary(std::vector<SubgraphInput> inputs, std::vector<SubgraphOutput> outputs);
  /// Fails on a duplicate index ("Input %ld has already added.").
  Status AddInput(int64_t index, SubgraphInput input);
  Status AddOutput(int64_t index, SubgraphOutput output);
  Status GetInput(int64_t index, SubgraphInput &subgraph_input) const;
  Status GetOutput(int64_t index, SubgraphOutput &subgraph_output) const;
  /// In ascending index order.
  std::vector<SubgraphInput> GetAllInputs() const;
  std::vector<SubgraphOutput> GetAllOutputs() const;

 private:
  std::map<int64_t, SubgraphInput> inputs_;
  std::map<int64_t, SubgraphOutput> outputs_;
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_FUSION_SUBGRAPH_BOUNDARY_H_
