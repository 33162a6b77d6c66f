// Sample C++ plugin: grouped Conv2D (NCHW, groups > 1) -> Split(x) / Split(filter) / Conv2D per
// group / ConcatV2 (DecomposePass, AfterInferShape: channel counts must be known).
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "ge/fusion/pass/decompose_pass.h"
#include "ge/fusion/pass/fusion_pass_reg.h"
#include "ge/fusion/simple_graph_builder.h"

namespace sample {

using namespace ge;          // NOLINT
using namespace ge::fusion;  // NOLINT

namespace {
NodeIo ScalarInt32(SimpleGraphBuilder &builder, int32_t value) {
  const Tensor tensor(TensorDesc(Shape(std::vector<int64_t>{}), FORMAT_ND, DT_INT32),
                      reinterpret_cast<const uint8_t *>(&value), sizeof(value));
  return builder.AddConst(&tensor);
}

// Split `input` into `groups` equal parts along `axis`; returns the split node.
GNode SplitInto(SimpleGraphBuilder &builder, const NodeIo &input, int32_t axis, int64_t groups) {
  NodeIo dim = ScalarInt32(builder, axis);
  GNode split = builder.AddNode("Split", {dim, input}, static_cast<size_t>(groups));
  (void)split.SetAttr("num_split", groups);
  return split;
}
}  // namespace

class GroupedConvDecomposePass : public DecomposePass {
 public:
  explicit GroupedConvDecomposePass(const std::vector<AscendString> &op_types)
      : DecomposePass(op_types) {}

  bool MeetRequirements(const GNode &node) override {
    int64_t groups = 1;
    AscendString format;
    if (node.GetAttr("groups", groups) != GRAPH_SUCCESS || groups <= 1 ||
        node.GetAttr("data_format", format) != GRAPH_SUCCESS ||
        std::strcmp(format.GetString(), "NCHW") != 0) {
      return false;
    }
    TensorDesc x;
    TensorDesc filter;
    if (node.GetInputDesc(0, x) != GRAPH_SUCCESS || node.GetInputDesc(1, filter) != GRAPH_SUCCESS) {
      return false;
    }
    const int64_t channels = x.GetShape().GetDim(1);
    const int64_t out_channels = filter.GetShape().GetDim(0);
    // Known and divisible channel counts only; anything else is left to the engine.
    return x.GetShape().GetDimNum() == 4U && channels > 0 && out_channels > 0 &&
           channels % groups == 0 && out_channels % groups == 0;
  }

  GraphUniqPtr Replacement(const GNode &node) override {
    int64_t groups = 1;
    (void)node.GetAttr("groups", groups);
    std::vector<int64_t> strides;
    std::vector<int64_t> pads;
    std::vector<int64_t> dilations{1, 1, 1, 1};
    (void)node.GetAttr("strides", strides);
    (void)node.GetAttr("pads", pads);
    (void)node.GetAttr("dilations", dilations);
    const bool has_bias = node.GetInDataNodesAndPortIndexs(2).first != nullptr;

    SimpleGraphBuilder builder("grouped_conv_decomposed");
    NodeIo x = builder.AddInput(0);
    NodeIo filter = builder.AddInput(1);
    GNode x_parts = SplitInto(builder, x, 1, groups);
    GNode filter_parts = SplitInto(builder, filter, 0, groups);
    GNode bias_parts;
    if (has_bias) {
      bias_parts = SplitInto(builder, builder.AddInput(2), 0, groups);
    }
    std::vector<NodeIo> convs;
    for (int64_t g = 0; g < groups; ++g) {
      std::vector<NodeIo> inputs{{x_parts, g}, {filter_parts, g}};
      if (has_bias) {
        inputs.push_back({bias_parts, g});
      }
      GNode conv = builder.AddNode("Conv2D", inputs, 1, 4);
      int64_t one = 1;
      AscendString nchw("NCHW");
      (void)conv.SetAttr("strides", strides);
      (void)conv.SetAttr("pads", pads);
      (void)conv.SetAttr("dilations", dilations);
      (void)conv.SetAttr("groups", one);
      (void)conv.SetAttr("data_format", nchw);
      convs.push_back({conv, 0});
    }
    convs.push_back(ScalarInt32(builder, 1));  // concat_dim comes after the dynamic x inputs
    GNode concat = builder.AddNode("ConcatV2", convs, 1);
    (void)concat.SetAttr("N", groups);
    return builder.Build({{concat, 0}});
  }
};

REG_DECOMPOSE_PASS(GroupedConvDecomposePass, {"Conv2D"}).Stage(CustomPassStage::kAfterInferShape);

}  // namespace sample
