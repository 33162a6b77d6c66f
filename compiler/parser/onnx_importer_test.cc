// ONNX importer tests on models written by tests/models/*.py at test time.
#include "parser/onnx_importer.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "common/error.h"
#include "parser/generated_models_test_util.h"
#include "parser/model_parser.h"

namespace ge {
namespace {

class OnnxImporterTest : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    models_ = new test::GeneratedModels("ge_front_parser_test", GE_SOURCE_DIR);
  }
  static void TearDownTestSuite() {
    delete models_;
    models_ = nullptr;
  }
  void SetUp() override { ASSERT_TRUE(models_->ok()) << test::GeneratedModels::FailureMessage(); }

  static std::string Model(const std::string &name) { return models_->Path(name); }

  static ComputeGraphPtr Import(const std::string &name, const ModelImportOptions &options = {}) {
    ComputeGraphPtr graph;
    EXPECT_EQ(ImportOnnxFile(Model(name), options, &graph), SUCCESS) << GetLastError();
    return graph;
  }

  static std::map<std::string, int> TypeCounts(const ComputeGraph &graph) {
    std::map<std::string, int> counts;
    for (Node *node : graph.GetDirectNodes()) {
      ++counts[node->GetType()];
    }
    return counts;
  }

  static test::GeneratedModels *models_;
};

test::GeneratedModels *OnnxImporterTest::models_ = nullptr;

template <typename T>
T AttrOf(const Node *node, const std::string &name) {
  const T *value = node->GetOpDesc().GetAttrAs<T>(name);
  EXPECT_NE(value, nullptr) << node->GetName() << " lacks attr " << name;
  return value == nullptr ? T() : *value;
}

TEST_F(OnnxImporterTest, AddZeroBecomesDataConstAddNetOutput) {
  ComputeGraphPtr graph = Import("add_zero.onnx");
  ASSERT_NE(graph, nullptr);
  EXPECT_EQ(graph->GetName(), "add_zero");
  Node *data = graph->FindNode("x");
  ASSERT_NE(data, nullptr);
  EXPECT_EQ(data->GetType(), "Data");
  EXPECT_EQ(AttrOf<int64_t>(data, "index"), 0);
  EXPECT_EQ(data->GetOpDesc().GetOutputDesc(0)->GetShape().GetDims(),
            (std::vector<int64_t>{1, 3, 4, 4}));
  EXPECT_EQ(data->GetOpDesc().GetOutputDesc(0)->GetFormat(), FORMAT_NCHW);
  Node *zero = graph->FindNode("zero_Initializer_0");
  ASSERT_NE(zero, nullptr);
  EXPECT_EQ(zero->GetType(), "Const");
  EXPECT_EQ(AttrOf<GeTensor>(zero, "value").GetSize(), 4U);
  Node *add = graph->FindNode("add_zero");
  ASSERT_NE(add, nullptr);
  EXPECT_EQ(add->GetType(), "Add");
  EXPECT_EQ(add->GetInDataPeer(0).node, data);
  EXPECT_EQ(add->GetInDataPeer(1).node, zero);
  EXPECT_EQ(AttrOf<std::string>(add, "original_type"), "ai.onnx::13::Add");
  Node *out = graph->FindNode("NetOutput");
  ASSERT_NE(out, nullptr);
  EXPECT_EQ(out->GetInDataPeer(0).node, add);
  ASSERT_EQ(graph->GetOutputs().size(), 1U);
  EXPECT_EQ(graph->GetOutputs()[0].first, add);
  EXPECT_EQ(graph->GetInputNodes().size(), 1U);
}

TEST_F(OnnxImporterTest, MatMulMapsToBatchMatMulV2WithoutAdjoints) {
  ComputeGraphPtr graph = Import("matmul_add.onnx");
  ASSERT_NE(graph, nullptr);
  Node *mm = graph->FindNode("matmul");
  ASSERT_NE(mm, nullptr);
  EXPECT_EQ(mm->GetType(), "BatchMatMulV2");
  EXPECT_FALSE(AttrOf<bool>(mm, "adj_x1"));
  EXPECT_FALSE(AttrOf<bool>(mm, "adj_x2"));
  EXPECT_EQ(graph->FindNode("bias_add")->GetType(), "Add");
  EXPECT_EQ(graph->FindNode("x")->GetOpDesc().GetOutputDesc(0)->GetFormat(), FORMAT_ND);
}

TEST_F(OnnxImporterTest, ResNetStemConvPoolAndClassifierFollowTheMapping) {
  ComputeGraphPtr graph = Import("resnet_small.onnx");
  ASSERT_NE(graph, nullptr);
  Node *conv = graph->FindNode("/stem/Conv");
  ASSERT_NE(conv, nullptr);
  EXPECT_EQ(conv->GetType(), "Conv2D");
  EXPECT_EQ(AttrOf<std::vector<int64_t>>(conv, "strides"), (std::vector<int64_t>{1, 1, 2, 2}));
  EXPECT_EQ(AttrOf<std::vector<int64_t>>(conv, "pads"), (std::vector<int64_t>{3, 3, 3, 3}));
  EXPECT_EQ(AttrOf<std::vector<int64_t>>(conv, "dilations"), (std::vector<int64_t>{1, 1, 1, 1}));
  EXPECT_EQ(AttrOf<int64_t>(conv, "groups"), 1);
  EXPECT_EQ(AttrOf<std::string>(conv, "data_format"), "NCHW");
  EXPECT_EQ(conv->GetOpDesc().GetInputDesc(1)->GetFormat(), FORMAT_NCHW);

  Node *bn = graph->FindNode("/stem/BatchNormalization");
  ASSERT_NE(bn, nullptr);
  EXPECT_EQ(bn->GetType(), "BatchNorm");
  EXPECT_FALSE(AttrOf<bool>(bn, "is_training"));
  EXPECT_FLOAT_EQ(AttrOf<float>(bn, "epsilon"), 1e-5F);
  EXPECT_EQ(AttrOf<std::string>(bn, "onnx"), "onnx");

  Node *pool = graph->FindNode("/maxpool/MaxPool");
  ASSERT_NE(pool, nullptr);
  EXPECT_EQ(pool->GetType(), "MaxPoolV3");
  EXPECT_EQ(AttrOf<std::vector<int64_t>>(pool, "ksize"), (std::vector<int64_t>{1, 1, 3, 3}));
  EXPECT_EQ(AttrOf<std::vector<int64_t>>(pool, "strides"), (std::vector<int64_t>{1, 1, 2, 2}));
  EXPECT_EQ(AttrOf<std::vector<int64_t>>(pool, "pads"), (std::vector<int64_t>{1, 1, 1, 1}));
  EXPECT_EQ(AttrOf<std::string>(pool, "padding_mode"), "CALCULATED");
  EXPECT_FALSE(AttrOf<bool>(pool, "ceil_mode"));

  EXPECT_EQ(graph->FindNode("/avgpool/GAP")->GetType(), "GlobalAveragePool");
  EXPECT_EQ(AttrOf<int64_t>(graph->FindNode("/Flatten"), "axis"), 1);
  // Gemm with C and alpha = beta = 1: Add(MatMulV2(transpose_x2), C), the Add keeps the name.
  Node *gemm = graph->FindNode("/fc/Gemm");
  ASSERT_NE(gemm, nullptr);
  EXPECT_EQ(gemm->GetType(), "Add");
  Node *mm = gemm->GetInDataPeer(0).node;
  ASSERT_NE(mm, nullptr);
  EXPECT_EQ(mm->GetType(), "MatMulV2");
  EXPECT_TRUE(AttrOf<bool>(mm, "transpose_x2"));
  EXPECT_FALSE(AttrOf<bool>(mm, "transpose_x1"));

  std::map<std::string, int> counts = TypeCounts(*graph);
  EXPECT_EQ(counts["Conv2D"], 6);
  EXPECT_EQ(counts["BatchNorm"], 6);
  EXPECT_EQ(counts["Relu"], 5);
  EXPECT_EQ(counts["NetOutput"], 1);
}

TEST_F(OnnxImporterTest, OpsetElevenResNetImportsTheSameTopology) {
  ComputeGraphPtr a = Import("resnet_small.onnx");
  ComputeGraphPtr b = Import("resnet_small_opset11.onnx");
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(TypeCounts(*a), TypeCounts(*b));
}

TEST_F(OnnxImporterTest, ExternalDataIsReadFromTheModelDirectory) {
  ComputeGraphPtr inline_graph = Import("resnet_small.onnx");
  ComputeGraphPtr external_graph = Import("resnet_small_external.onnx");
  ASSERT_NE(inline_graph, nullptr);
  ASSERT_NE(external_graph, nullptr);
  int compared = 0;
  for (Node *node : inline_graph->GetDirectNodes()) {
    if (node->GetType() != "Const") {
      continue;
    }
    Node *twin = external_graph->FindNode(node->GetName());
    ASSERT_NE(twin, nullptr) << node->GetName();
    EXPECT_EQ(AttrOf<GeTensor>(node, "value").GetBytes(),
              AttrOf<GeTensor>(twin, "value").GetBytes())
        << node->GetName();
    ++compared;
  }
  EXPECT_GT(compared, 20);
}

TEST_F(OnnxImporterTest, GroupedAndDepthwiseConvKeepGroupsAndClipBecomesClipByValue) {
  ComputeGraphPtr graph = Import("grouped_conv.onnx");
  ASSERT_NE(graph, nullptr);
  EXPECT_EQ(AttrOf<int64_t>(graph->FindNode("group_conv"), "groups"), 2);
  Node *dw = graph->FindNode("depthwise_conv");
  EXPECT_EQ(dw->GetType(), "Conv2D");
  EXPECT_EQ(AttrOf<int64_t>(dw, "groups"), 16);
  EXPECT_EQ(graph->FindNode("relu6_a")->GetType(), "ClipByValue");
  EXPECT_EQ(graph->FindNode("group_conv")->GetInDataPeer(2).node->GetType(), "Const");
}

TEST_F(OnnxImporterTest, TransformerBlockMapsAttentionAndLayerNorm) {
  ComputeGraphPtr graph = Import("transformer_block.onnx");
  ASSERT_NE(graph, nullptr);
  Node *ln = graph->FindNode("/ln_1/LayerNorm");
  ASSERT_NE(ln, nullptr);
  EXPECT_EQ(ln->GetType(), "LayerNorm");
  EXPECT_EQ(AttrOf<int64_t>(ln, "begin_norm_axis"), -1);
  EXPECT_EQ(ln->GetInDataPeer(1).node->GetType(), "BroadcastTo");
  Node *split = graph->FindNode("/attn/Split");
  ASSERT_NE(split, nullptr);
  EXPECT_EQ(split->GetType(), "SplitV");
  EXPECT_EQ(AttrOf<int64_t>(split, "num_split"), 3);
  EXPECT_EQ(split->GetOutputsSize(), 3U);
  Node *transpose = graph->FindNode("/attn/Transpose_1");
  ASSERT_NE(transpose, nullptr);
  Node *perm = transpose->GetInDataPeer(1).node;
  ASSERT_NE(perm, nullptr);
  const GeTensor perm_value = AttrOf<GeTensor>(perm, "value");
  EXPECT_EQ(perm_value.GetTensorDesc().GetDataType(), DT_INT32);
  const int32_t *perm_data = reinterpret_cast<const int32_t *>(perm_value.GetData());
  EXPECT_EQ(std::vector<int32_t>(perm_data, perm_data + 4), (std::vector<int32_t>{0, 2, 3, 1}));
  Node *softmax = graph->FindNode("/attn/Softmax");
  EXPECT_EQ(softmax->GetType(), "SoftmaxV2");
  EXPECT_EQ(AttrOf<std::vector<int64_t>>(softmax, "axes"), (std::vector<int64_t>{-1}));
  EXPECT_EQ(graph->FindNode("/attn/Div")->GetType(), "RealDiv");
  EXPECT_EQ(graph->FindNode("/mlp/act/Erf")->GetType(), "Erf");
  EXPECT_EQ(graph->FindNode("/attn/Reshape")->GetType(), "Reshape");
}

TEST_F(OnnxImporterTest, DecomposedLayerNormAtOpset13UsesReduceMeanWithConstAxes) {
  ComputeGraphPtr graph = Import("transformer_block_tanh_decomposed.onnx");
  ASSERT_NE(graph, nullptr);
  Node *mean = graph->FindNode("/ln_1/ReduceMean");
  ASSERT_NE(mean, nullptr);
  EXPECT_EQ(mean->GetType(), "ReduceMean");
  EXPECT_TRUE(AttrOf<bool>(mean, "keep_dims"));
  EXPECT_FALSE(AttrOf<bool>(mean, "noop_with_empty_axes"));
  Node *axes = mean->GetInDataPeer(1).node;
  ASSERT_NE(axes, nullptr);
  EXPECT_EQ(AttrOf<GeTensor>(axes, "value").GetTensorDesc().GetDataType(), DT_INT32);
  Node *gather = graph->FindNode("/wte/Gather");
  ASSERT_NE(gather, nullptr);
  EXPECT_EQ(gather->GetType(), "GatherV2");
  EXPECT_TRUE(AttrOf<bool>(gather, "negative_index_support"));
  EXPECT_EQ(graph->FindNode("input_ids")->GetOpDesc().GetOutputDesc(0)->GetDataType(), DT_INT64);
  EXPECT_EQ(graph->FindNode("/mlp/act/Tanh")->GetType(), "Tanh");
}

TEST_F(OnnxImporterTest, OpsetEighteenReduceMeanTakesAxesFromItsInput) {
  ComputeGraphPtr graph = Import("transformer_block_opset18.onnx");
  ASSERT_NE(graph, nullptr);
  Node *mean = graph->FindNode("/ln_1/ReduceMean");
  ASSERT_NE(mean, nullptr);
  Node *axes = mean->GetInDataPeer(1).node;
  ASSERT_NE(axes, nullptr);
  // Initializer nodes are named <tensor>_Initializer_<position among the initializers>.
  EXPECT_EQ(axes->GetName().rfind("ln_1.axes_Initializer_", 0), 0u)
      << "axes must be the model's initializer, got " << axes->GetName();
  EXPECT_EQ(AttrOf<GeTensor>(axes, "value").GetTensorDesc().GetDataType(), DT_INT64);
}

TEST_F(OnnxImporterTest, OpsetTwentyGeluMapsToGeluV2) {
  ComputeGraphPtr graph = Import("transformer_block_gelu20.onnx");
  ASSERT_NE(graph, nullptr);
  Node *gelu = graph->FindNode("/mlp/Gelu");
  ASSERT_NE(gelu, nullptr);
  EXPECT_EQ(gelu->GetType(), "GeluV2");
  EXPECT_EQ(AttrOf<std::string>(gelu, "approximate"), "none");
}

TEST_F(OnnxImporterTest, UnmappedOpFailsNamingNodeOpDomainAndOpset) {
  ComputeGraphPtr graph;
  EXPECT_NE(ImportOnnxFile(Model("unmapped_op.onnx"), {}, &graph), SUCCESS);
  const std::string error = GetLastError();
  EXPECT_NE(error.find("unmapped_op.onnx"), std::string::npos) << error;
  EXPECT_NE(error.find("ONNX node 'the_unmapped_node' (op type 'RandomUniformLike', domain "
                       "'ai.onnx', opset 13) is not supported"),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("ai.onnx::13::RandomUniformLike"), std::string::npos) << error;
}

TEST_F(OnnxImporterTest, TruncatedFileNamesTheFileAndByteOffset) {
  std::ifstream in(Model("matmul_add.onnx"), std::ios::binary);
  std::stringstream content;
  content << in.rdbuf();
  const std::string bytes = content.str();
  const std::string truncated = Model("truncated.onnx");
  std::ofstream(truncated, std::ios::binary) << bytes.substr(0, bytes.size() - 7);
  ComputeGraphPtr graph;
  EXPECT_NE(ImportOnnxFile(truncated, {}, &graph), SUCCESS);
  const std::string error = GetLastError();
  EXPECT_NE(error.find("truncated.onnx"), std::string::npos) << error;
  EXPECT_NE(error.find("byte offset"), std::string::npos) << error;
}

TEST_F(OnnxImporterTest, MissingFileIsNamed) {
  ComputeGraphPtr graph;
  EXPECT_NE(ImportOnnxFile(Model("nope.onnx"), {}, &graph), SUCCESS);
  EXPECT_NE(GetLastError().find("nope.onnx"), std::string::npos);
}

TEST_F(OnnxImporterTest, InputShapeOptionOverridesTheModelShape) {
  ModelImportOptions options;
  ASSERT_EQ(ParseInputShapeOption("input:4,3,32,32", &options.input_shapes), SUCCESS);
  ComputeGraphPtr graph = Import("resnet_small.onnx", options);
  ASSERT_NE(graph, nullptr);
  EXPECT_EQ(graph->FindNode("input")->GetOpDesc().GetOutputDesc(0)->GetShape().GetDims(),
            (std::vector<int64_t>{4, 3, 32, 32}));
}

TEST_F(OnnxImporterTest, InputShapeForAnUnknownInputIsRejected) {
  ModelImportOptions options;
  ASSERT_EQ(ParseInputShapeOption("images:1,3,32,32", &options.input_shapes), SUCCESS);
  ComputeGraphPtr graph;
  EXPECT_NE(ImportOnnxFile(Model("resnet_small.onnx"), options, &graph), SUCCESS);
  EXPECT_NE(GetLastError().find("'images'"), std::string::npos) << GetLastError();
  EXPECT_NE(GetLastError().find("inputs: input"), std::string::npos) << GetLastError();
}

TEST_F(OnnxImporterTest, OutNodesReplaceTheGraphOutputs) {
  ModelImportOptions options;
  ASSERT_EQ(ParseOutNodesOption("matmul:0", &options.out_nodes), SUCCESS);
  ComputeGraphPtr graph = Import("matmul_add.onnx", options);
  ASSERT_NE(graph, nullptr);
  ASSERT_EQ(graph->GetOutputs().size(), 1U);
  EXPECT_EQ(graph->GetOutputs()[0].first->GetName(), "matmul");
}

TEST_F(OnnxImporterTest, FrameworkDispatchRejectsCaffe) {
  ComputeGraphPtr graph;
  EXPECT_NE(ParseModelFile(kFrameworkCaffe, Model("add_zero.onnx"), {}, &graph), SUCCESS);
  EXPECT_NE(GetLastError().find("--framework=0 (Caffe) is not supported"), std::string::npos);
}

TEST_F(OnnxImporterTest, WeightsReferToTheModelBytesWhenTheyHaveAnOwner) {
  std::ifstream file(Model("resnet_small.onnx"), std::ios::binary);
  std::ostringstream content;
  content << file.rdbuf();
  auto bytes = std::make_shared<const std::string>(content.str());
  const uint8_t *begin = reinterpret_cast<const uint8_t *>(bytes->data());
  const uint8_t *end = begin + bytes->size();
  auto weights_inside = [&](const ComputeGraph &graph) {
    int inside = 0;
    int large = 0;
    for (Node *node : graph.GetDirectNodes()) {
      const GeTensor *value = node->GetOpDesc().GetAttrAs<GeTensor>("value");
      if (value == nullptr || value->GetSize() <= GeTensor::kInlineBytes) {
        continue;
      }
      ++large;
      inside += value->GetStoredBytes() >= begin && value->GetStoredBytes() < end ? 1 : 0;
    }
    return std::make_pair(inside, large);
  };
  ComputeGraphPtr shared;
  ASSERT_EQ(ImportOnnxBytes(*bytes, bytes, "resnet_small.onnx", ".", {}, &shared), SUCCESS)
      << GetLastError();
  const auto with_owner = weights_inside(*shared);
  EXPECT_GT(with_owner.second, 0);
  EXPECT_EQ(with_owner.first, with_owner.second);
  ComputeGraphPtr copied;
  ASSERT_EQ(ImportOnnxBytes(*bytes, nullptr, "resnet_small.onnx", ".", {}, &copied), SUCCESS)
      << GetLastError();
  EXPECT_EQ(weights_inside(*copied).first, 0);
  // The graph keeps the bytes alive once the caller lets go of them.
  std::weak_ptr<const std::string> watch = bytes;
  bytes.reset();
  EXPECT_FALSE(watch.expired());
  shared.reset();
  EXPECT_TRUE(watch.expired());
}

TEST(ParserOptions, InputShapeAcceptsRangesUnknownDimsAndScalars) {
  std::vector<std::pair<std::string, std::vector<int64_t>>> shapes;
  ASSERT_EQ(ParseInputShapeOption("a:1,3~8,-1;b:;c:2", &shapes), SUCCESS) << GetLastError();
  ASSERT_EQ(shapes.size(), 3U);
  EXPECT_EQ(shapes[0].second, (std::vector<int64_t>{1, -1, -1}));
  EXPECT_TRUE(shapes[1].second.empty());
  EXPECT_EQ(shapes[2].second, (std::vector<int64_t>{2}));
}

TEST(ParserOptions, InputShapeRejectsBadDimsNamingTheInput) {
  std::vector<std::pair<std::string, std::vector<int64_t>>> shapes;
  EXPECT_NE(ParseInputShapeOption("x:1,two", &shapes), SUCCESS);
  EXPECT_NE(GetLastError().find("input 'x': dim 'two'"), std::string::npos) << GetLastError();
  EXPECT_NE(ParseInputShapeOption("x1,2", &shapes), SUCCESS);
  EXPECT_NE(ParseInputShapeOption("x:1;x:2", &shapes), SUCCESS);
}

}  // namespace
}  // namespace ge
