// Sample C++ plugin: MatMul(a, b) + c and BatchMatMulV2(a, b) + c -> GEMM(a, b, c, 1, 1), with
// the transpose flags carried over. GEMM is 2-D only: a match is left alone unless a and b are
// 2-D and c broadcasts to the [M, N] product without growing it. Also registers a legacy
// REGISTER_CUSTOM_PASS that counts the GEMM nodes (to show both registration styles in one
// library).
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "ge/fusion/pass/fusion_pass_reg.h"
#include "ge/fusion/pass/pattern_fusion_pass.h"
#include "ge/fusion/register_custom_pass.h"
#include "ge/fusion/simple_graph_builder.h"

namespace sample {

using namespace ge;          // NOLINT
using namespace ge::fusion;  // NOLINT

// Captures of both patterns: the tensors bound to a, b and c, then the product and the sum.
constexpr size_t kCaptureA = 0;
constexpr size_t kCaptureProduct = 3;
constexpr size_t kCaptureSum = 4;

// The transpose flags of the matched MatMul (transpose_x1/x2) or BatchMatMulV2 (adj_x1/x2),
// read from the captured product: no walk over all matched nodes.
void ReadTranspose(const MatchResult &match_result, bool *transpose_a, bool *transpose_b) {
  NodeIo product;
  AscendString type;
  if (match_result.GetCapturedTensor(kCaptureProduct, product) != SUCCESS ||
      product.node.GetType(type) != GRAPH_SUCCESS) {
    return;
  }
  const bool batched = std::strcmp(type.GetString(), "BatchMatMulV2") == 0;
  // An unset flag means false: asking HasAttr first skips the error report a failed GetAttr
  // makes (the common case, most products are not transposed).
  const AscendString flag_a(batched ? "adj_x1" : "transpose_x1");
  const AscendString flag_b(batched ? "adj_x2" : "transpose_x2");
  if (product.node.HasAttr(flag_a)) {
    (void)product.node.GetAttr(flag_a, *transpose_a);
  }
  if (product.node.HasAttr(flag_b)) {
    (void)product.node.GetAttr(flag_b, *transpose_b);
  }
}

// The scalar 1 fed to GEMM's alpha and beta: built once, shared by every replacement.
const Tensor &ScalarOne() {
  static const float kOne = 1.0F;
  static const Tensor kTensor(TensorDesc(Shape(std::vector<int64_t>{1}), FORMAT_ND, DT_FLOAT),
                              reinterpret_cast<const uint8_t *>(&kOne), sizeof(kOne));
  return kTensor;
}

// True when a bias of shape `bias` broadcasts to `out` ([M, N]) and the result stays [M, N]:
// rank <= 2 and every dim, aligned from the right, is 1 or the known output dim. Unknown dims
// (-1) or an unknown rank prove nothing, so they are refused.
bool BiasFitsOutput(const std::vector<int64_t> &bias, const std::vector<int64_t> &out) {
  if (bias.size() > out.size()) {
    return false;
  }
  const size_t skip = out.size() - bias.size();
  for (size_t i = 0; i < bias.size(); ++i) {
    const int64_t want = out[skip + i];
    if (bias[i] != 1 && (bias[i] < 0 || bias[i] != want)) {
      return false;
    }
  }
  return true;
}

class MatMulAddToGemmPass : public PatternFusionPass {
 public:
  std::vector<PatternUniqPtr> Patterns() override {
    std::vector<PatternUniqPtr> patterns;
    for (const char *matmul_type : {"MatMul", "BatchMatMulV2"}) {
      SimpleGraphBuilder builder((std::string(matmul_type) + "_add").c_str());
      NodeIo a = builder.AddInput(0);
      NodeIo b = builder.AddInput(1);
      NodeIo c = builder.AddInput(2);
      GNode matmul = builder.AddNode(matmul_type, {a, b}, 1);
      GNode add = builder.AddNode("Add", {{matmul, 0}, c}, 1);
      auto pattern = std::make_unique<Pattern>(std::move(*builder.Build({{add, 0}})));
      // Captures 0..2: the tensors bound to a, b and c (their shapes decide the fusion), 3 and
      // 4: the product (transpose flags) and the sum (its output desc goes to the GEMM).
      pattern->CaptureTensor(a).CaptureTensor(b).CaptureTensor(c);
      pattern->CaptureTensor({matmul, 0}).CaptureTensor({add, 0});
      patterns.push_back(std::move(pattern));
    }
    return patterns;
  }

  bool MeetRequirements(const std::unique_ptr<MatchResult> &match_result) override {
    std::vector<int64_t> dims[3];
    for (size_t i = 0; i < 3; ++i) {
      NodeIo io;
      TensorDesc desc;
      if (match_result->GetCapturedTensor(kCaptureA + i, io) != SUCCESS ||
          io.node.GetOutputDesc(static_cast<int32_t>(io.index), desc) != GRAPH_SUCCESS) {
        return false;
      }
      dims[i] = desc.GetShape().GetDims();
    }
    if (dims[0].size() != 2U || dims[1].size() != 2U) {
      return false;  // batched (or unknown-rank) products stay BatchMatMulV2 + Add
    }
    bool transpose_a = false;
    bool transpose_b = false;
    ReadTranspose(*match_result, &transpose_a, &transpose_b);
    const int64_t m = transpose_a ? dims[0][1] : dims[0][0];
    const int64_t n = transpose_b ? dims[1][0] : dims[1][1];
    return BiasFitsOutput(dims[2], {m, n});
  }

  GraphUniqPtr Replacement(const std::unique_ptr<MatchResult> &match_result) override {
    bool transpose_a = false;
    bool transpose_b = false;
    ReadTranspose(*match_result, &transpose_a, &transpose_b);
    NodeIo sum;
    TensorDesc add_output;
    const bool has_add_output =
        match_result->GetCapturedTensor(kCaptureSum, sum) == SUCCESS &&
        sum.node.GetOutputDesc(static_cast<int32_t>(sum.index), add_output) == GRAPH_SUCCESS;
    SimpleGraphBuilder builder("gemm");
    NodeIo a = builder.AddInput(0);
    NodeIo b = builder.AddInput(1);
    NodeIo c = builder.AddInput(2);
    NodeIo alpha = builder.AddConst(&ScalarOne());
    NodeIo beta = builder.AddConst(&ScalarOne());
    GNode gemm = builder.AddNode("GEMM", {a, b, c, alpha, beta}, 1);
    (void)gemm.SetAttr("transpose_a", transpose_a);
    (void)gemm.SetAttr("transpose_b", transpose_b);
    // GEMM computes exactly the Add's output (MeetRequirements checked the bias fits [M, N]):
    // carrying its desc over keeps the shape known, so a following MatMul in a chain that reads
    // this output still qualifies before shape inference runs.
    if (has_add_output) {
      (void)gemm.UpdateOutputDesc(0, add_output);
    }
    return builder.Build({{gemm, 0}});
  }
};

REG_FUSION_PASS(MatMulAddToGemmPass).Stage(CustomPassStage::kBeforeInferShape);

// Legacy style: records how many GEMM nodes the graph has after the fusion stage.
Status CountGemmNodes(GraphPtr &graph, CustomPassContext &context) {
  int64_t count = 0;
  for (const GNode &node : graph->GetDirectNode()) {
    AscendString type;
    if (node.GetType(type) == GRAPH_SUCCESS && std::strcmp(type.GetString(), "GEMM") == 0) {
      ++count;
    }
  }
  for (GNode node : graph->GetDirectNode()) {
    AscendString type;
    if (node.GetType(type) == GRAPH_SUCCESS && std::strcmp(type.GetString(), "NetOutput") == 0) {
      (void)node.SetAttr("_sample_gemm_count", count);
    }
  }
  return SUCCESS;
}

REGISTER_CUSTOM_PASS("CountGemmNodesPass")
    .CustomPassFn(CountGemmNodes)
    .Stage(CustomPassStage::kAfterBuiltinFusionPass);

}  // namespace sample
