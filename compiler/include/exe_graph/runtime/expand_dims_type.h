// gert::ExpandDimsType: the rule that pads a shape of lower rank to the rank a format needs
// (e.g. "1001": a 2-D shape becomes 4-D with axes 0 and 3 inserted). Packed into 64 bits as GE
// does: the high 8 bits hold the expanded rank, the low 56 bits one flag per axis.
#ifndef GE_PY_EXE_GRAPH_RUNTIME_EXPAND_DIMS_TYPE_H_
#define GE_PY_EXE_GRAPH_RUNTIME_EXPAND_DIMS_TYPE_H_

#include <cstddef>
#include <cstdint>
#include <string>

namespace gert {

class ExpandDimsType {
 public:
  using AxisIndex = uint64_t;
  static constexpr size_t kMaxExpandSize = 56U;

  ExpandDimsType() = default;
  /// From a rule string ('1' marks an inserted axis); an empty or over-long rule is empty.
  explicit ExpandDimsType(const std::string &rule) {
    if (rule.empty() || rule.size() > kMaxExpandSize) {
      return;
    }
    size_ = rule.size();
    for (size_t i = 0U; i < rule.size(); ++i) {
      if (rule[i] == '1') {
        SetExpandIndex(i);
      }
    }
  }
  /// From the packed form: rank in the high 8 bits, the axis flags in the low 56 bits with the
  /// first axis in the highest flag bit of the rank (the reverse of the in-memory mask).
  explicit ExpandDimsType(int64_t packed) {
    const uint64_t bits = static_cast<uint64_t>(packed);
    const uint64_t size = bits >> kMaxExpandSize;
    if (size == 0U || size > kMaxExpandSize) {
      return;
    }
    size_ = static_cast<size_t>(size);
    for (size_t i = 0U; i < size_; ++i) {
      if (((bits >> (size_ - 1U - i)) & 1U) != 0U) {
        SetExpandIndex(i);
      }
    }
  }

  /// The rank after expansion (the rule's length).
  AxisIndex GetFullSize() const { return size_; }
  bool IsExpandIndex(AxisIndex index) const {
    return index < kMaxExpandSize && ((mask_ >> index) & 1U) != 0U;
  }
  void SetExpandIndex(AxisIndex index) {
    if (index < kMaxExpandSize) {
      mask_ |= (uint64_t{1} << index);
    }
  }

  bool operator==(const ExpandDimsType &other) const {
    return size_ == other.size_ && mask_ == other.mask_;
  }
  bool operator!=(const ExpandDimsType &other) const { return !(*this == other); }

 private:
  size_t size_ = 0U;
  uint64_t mask_ = 0U;
};

}  // namespace gert

#endif  // GE_PY_EXE_GRAPH_RUNTIME_EXPAND_DIMS_TYPE_H_
