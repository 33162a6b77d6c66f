// Pattern and PatternMatcherConfig(Builder).
#include "ge/fusion/pattern.h"

#include "common/error.h"
#include "ge/fusion/pattern_matcher_config.h"
#include "graph_api/node_adapter.h"

namespace ge {
namespace fusion {

Pattern::Pattern(Graph &&pattern_graph) : graph_(std::move(pattern_graph)) {}

Pattern &Pattern::CaptureTensor(const NodeIo &node_output) {
  captured_tensors_.push_back(node_output);
  return *this;
}

Status Pattern::GetCapturedTensors(std::vector<NodeIo> &node_outputs) const {
  node_outputs = captured_tensors_;
  return SUCCESS;
}

const Graph &Pattern::GetGraph() const { return graph_; }

PatternMatcherConfig::PatternMatcherConfig(PatternMatcherConfig &&other) noexcept
    : const_value_match_(other.const_value_match_),
      ir_attr_match_(other.ir_attr_match_),
      commutative_match_(other.commutative_match_) {
  other.const_value_match_ = false;
  other.ir_attr_match_ = false;
  other.commutative_match_ = false;
}

PatternMatcherConfig &PatternMatcherConfig::operator=(PatternMatcherConfig &&other) noexcept {
  const_value_match_ = other.const_value_match_;
  ir_attr_match_ = other.ir_attr_match_;
  commutative_match_ = other.commutative_match_;
  if (this != &other) {
    other.const_value_match_ = false;
    other.ir_attr_match_ = false;
    other.commutative_match_ = false;
  }
  return *this;
}

PatternMatcherConfigBuilder &PatternMatcherConfigBuilder::EnableConstValueMatch() {
  const_value_match_ = true;
  return *this;
}

PatternMatcherConfigBuilder &PatternMatcherConfigBuilder::EnableIrAttrMatch() {
  ir_attr_match_ = true;
  return *this;
}

PatternMatcherConfigBuilder &PatternMatcherConfigBuilder::EnableCommutativeMatch() {
  commutative_match_ = true;
  return *this;
}

std::unique_ptr<PatternMatcherConfig> PatternMatcherConfigBuilder::Build() const {
  std::unique_ptr<PatternMatcherConfig> config(new PatternMatcherConfig());
  config->const_value_match_ = const_value_match_;
  config->ir_attr_match_ = ir_attr_match_;
  config->commutative_match_ = commutative_match_;
  return config;
}

}  // namespace fusion
}  // namespace ge
