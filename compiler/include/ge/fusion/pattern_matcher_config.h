// PatternMatcherConfig: optional, stricter matching switches (all off by default).
#ifndef GE_FUSION_PATTERN_MATCHER_CONFIG_H_
#define GE_FUSION_PATTERN_MATCHER_CONFIG_H_

#include <memory>

namespace ge {
namespace fusion {

class PatternMatcherConfigBuilder;

class PatternMatcherConfig {
 public:
  PatternMatcherConfig(const PatternMatcherConfig &other) = default;
  PatternMatcherConfig &operator=(const PatternMatcherConfig &other) = default;
  /// A moved-from config has every switch off.
  PatternMatcherConfig(PatternMatcherConfig &&other) noexcept;
  PatternMatcherConfig &operator=(PatternMatcherConfig &&other) noexcept;
  ~PatternMatcherConfig() = default;

  /// Pattern Consts with a value only match target Consts with bitwise-equal bytes, same dtype
  /// and shape.
  bool IsEnableConstValueMatch() const { return const_value_match_; }
  /// Node types must be equal AND the IR attributes must be the same set with equal values.
  bool IsEnableIrAttrMatch() const { return ir_attr_match_; }
  /// The two inputs of a pattern node of a commutative type (docs/pattern_matcher.md lists
  /// them) match the target's two inputs in either order; captures and the replacement's inputs
  /// still follow the pattern's order.
  bool IsEnableCommutativeMatch() const { return commutative_match_; }

 private:
  friend class PatternMatcherConfigBuilder;
  PatternMatcherConfig() = default;
  bool const_value_match_ = false;
  bool ir_attr_match_ = false;
  bool commutative_match_ = false;
};

class PatternMatcherConfigBuilder {
 public:
  PatternMatcherConfigBuilder &EnableConstValueMatch();
  PatternMatcherConfigBuilder &EnableIrAttrMatch();
  PatternMatcherConfigBuilder &EnableCommutativeMatch();
  std::unique_ptr<PatternMatcherConfig> Build() const;

 private:
  bool const_value_match_ = false;
  bool ir_attr_match_ = false;
  bool commutative_match_ = false;
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_FUSION_PATTERN_MATCHER_CONFIG_H_
