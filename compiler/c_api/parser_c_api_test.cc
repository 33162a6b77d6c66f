// Tests of GeApiWrapper_Parser_ParseOnnx on models written by tests/models/*.py at test time.
#include <gtest/gtest.h>

#include <string>

#include "c_handles/c_handles.h"
#include "common/error.h"
#include "ge/c_api/graph.h"
#include "ge/c_api/parser.h"
#include "parser/generated_models_test_util.h"

namespace {

class ParserCApiTest : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    models_ = new ge::test::GeneratedModels("ge_parser_c_api_test", GE_SOURCE_DIR);
  }
  static void TearDownTestSuite() {
    delete models_;
    models_ = nullptr;
  }
  void SetUp() override {
    ASSERT_TRUE(models_->ok()) << ge::test::GeneratedModels::FailureMessage();
  }
  static std::string Model(const std::string &name) { return models_->Path(name); }

  static ge::test::GeneratedModels *models_;
};

ge::test::GeneratedModels *ParserCApiTest::models_ = nullptr;

TEST_F(ParserCApiTest, ParsesTheModelLikeAtc) {
  GeGraphHandle *graph =
      GeApiWrapper_Parser_ParseOnnx(Model("matmul_add.onnx").c_str(), nullptr, nullptr, 0);
  ASSERT_NE(graph, nullptr) << ge::GetLastError();
  // The same mapping atc uses: ONNX MatMul -> BatchMatMulV2 (docs/onnx_import.md).
  ge::Node *matmul = graph->graph->FindNode("matmul");
  ASSERT_NE(matmul, nullptr);
  EXPECT_EQ(matmul->GetType(), "BatchMatMulV2");
  ASSERT_NE(graph->graph->FindNode("bias_add"), nullptr);
  EXPECT_EQ(graph->graph->FindNode("bias_add")->GetType(), "Add");
  GeApiWrapper_Graph_DestroyGraph(graph);
}

TEST_F(ParserCApiTest, AppliesInputShapeParam) {
  const char *keys[] = {"input_shape"};
  const char *values[] = {"x:4,8"};
  GeGraphHandle *graph =
      GeApiWrapper_Parser_ParseOnnx(Model("matmul_add.onnx").c_str(), keys, values, 1);
  ASSERT_NE(graph, nullptr) << ge::GetLastError();
  ge::Node *data = graph->graph->GetInputNodes().at(0);
  EXPECT_EQ(data->GetOpDesc().GetOutputDesc(0)->GetShape().GetDims(), (std::vector<int64_t>{4, 8}));
  GeApiWrapper_Graph_DestroyGraph(graph);
}

TEST_F(ParserCApiTest, ErrorsNameTheFileOrTheParam) {
  EXPECT_EQ(GeApiWrapper_Parser_ParseOnnx("/nonexistent/m.onnx", nullptr, nullptr, 0), nullptr);
  EXPECT_NE(ge::GetLastError().find("/nonexistent/m.onnx"), std::string::npos)
      << ge::GetLastError();
  const char *keys[] = {"bogus"};
  const char *values[] = {"1"};
  EXPECT_EQ(GeApiWrapper_Parser_ParseOnnx(Model("matmul_add.onnx").c_str(), keys, values, 1),
            nullptr);
  EXPECT_NE(ge::GetLastError().find("unknown parser param 'bogus'"), std::string::npos);
  EXPECT_NE(ge::GetLastError().find("matmul_add.onnx"), std::string::npos);
  EXPECT_EQ(GeApiWrapper_Parser_ParseOnnx(Model("unmapped_op.onnx").c_str(), nullptr, nullptr, 0),
            nullptr);
  EXPECT_NE(ge::GetLastError().find("unmapped_op.onnx"), std::string::npos) << ge::GetLastError();
  EXPECT_EQ(GeApiWrapper_Parser_ParseOnnx(nullptr, nullptr, nullptr, 0), nullptr);
  EXPECT_EQ(ge::GetLastError(), "ParseOnnx: model_path is NULL");
}

}  // namespace
