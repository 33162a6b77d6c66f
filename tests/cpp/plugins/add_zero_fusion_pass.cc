// Sample C++ plugin: Add(x, 0) -> x (PatternFusionPass with a const check). Built as a shared
// library and loaded from <opp>/vendors/<vendor>/custom_fusion_passes/.
#include <cstring>
#include <memory>
#include <vector>

#include "ge/fusion/pass/fusion_pass_reg.h"
#include "ge/fusion/pass/pattern_fusion_pass.h"
#include "ge/fusion/simple_graph_builder.h"

namespace sample {

using namespace ge;          // NOLINT: sample code reads like GE plugin code
using namespace ge::fusion;  // NOLINT

namespace {
// True when `tensor` holds exactly one element equal to zero (only then is Add(x, c) == x for
// every x shape: a one-element const broadcasts without changing x's shape unless it has a
// higher rank, which a scalar-or-[1] const never has beyond x's own rank in practice).
bool IsScalarZero(const Tensor &tensor) {
  const TensorDesc desc = tensor.GetTensorDesc();
  if (desc.GetShape().GetDimNum() > 1U || tensor.GetData() == nullptr) {
    return false;
  }
  switch (desc.GetDataType()) {
    case DT_FLOAT: {
      float value = 1.0F;
      if (tensor.GetSize() != sizeof(value)) return false;
      std::memcpy(&value, tensor.GetData(), sizeof(value));
      return value == 0.0F;
    }
    case DT_DOUBLE: {
      double value = 1.0;
      if (tensor.GetSize() != sizeof(value)) return false;
      std::memcpy(&value, tensor.GetData(), sizeof(value));
      return value == 0.0;
    }
    case DT_INT32: {
      int32_t value = 1;
      if (tensor.GetSize() != sizeof(value)) return false;
      std::memcpy(&value, tensor.GetData(), sizeof(value));
      return value == 0;
    }
    case DT_INT64: {
      int64_t value = 1;
      if (tensor.GetSize() != sizeof(value)) return false;
      std::memcpy(&value, tensor.GetData(), sizeof(value));
      return value == 0;
    }
    case DT_FLOAT16: {
      uint16_t bits = 1;
      if (tensor.GetSize() != sizeof(bits)) return false;
      std::memcpy(&bits, tensor.GetData(), sizeof(bits));
      return (bits & 0x7FFFU) == 0U;  // +0.0 or -0.0
    }
    default: return false;
  }
}
}  // namespace

class AddZeroFusionPass : public PatternFusionPass {
 public:
  std::vector<PatternUniqPtr> Patterns() override {
    std::vector<PatternUniqPtr> patterns;
    for (bool const_first : {false, true}) {
      SimpleGraphBuilder builder(const_first ? "zero_add" : "add_zero");
      NodeIo x = builder.AddInput(0);
      NodeIo zero = builder.AddConst(nullptr);
      GNode add = builder.AddNode(
          "Add", const_first ? std::vector<NodeIo>{zero, x} : std::vector<NodeIo>{x, zero}, 1);
      auto pattern = std::make_unique<Pattern>(std::move(*builder.Build({{add, 0}})));
      pattern->CaptureTensor(zero);  // capture 0: the const MeetRequirements checks
      patterns.push_back(std::move(pattern));
    }
    return patterns;
  }

  bool MeetRequirements(const std::unique_ptr<MatchResult> &match_result) override {
    // Only a real Const carries its value: other const-like nodes the pattern also binds
    // (Constant, potential consts) are left alone.
    NodeIo zero;
    AscendString type;
    Tensor value;
    return match_result->GetCapturedTensor(0, zero) == SUCCESS &&
           zero.node.GetType(type) == GRAPH_SUCCESS &&
           std::strcmp(type.GetString(), "Const") == 0 &&
           zero.node.GetAttr("value", value) == GRAPH_SUCCESS && IsScalarZero(value);
  }

  GraphUniqPtr Replacement(const std::unique_ptr<MatchResult> &) override {
    SimpleGraphBuilder builder("add_zero_identity");
    NodeIo x = builder.AddInput(0);
    return builder.Build({x});  // the output is the input: Add and its zero disappear
  }
};

REG_FUSION_PASS(AddZeroFusionPass).Stage(CustomPassStage::kBeforeInferShape);

}  // namespace sample
