// Tests of the ES C API: NULL safety, constants and tensors, EsCreateOp and the build handle.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "c_handles/c_handles.h"
#include "ge/c_api/es_builder.h"
#include "ge/c_api/ge_api.h"
#include "ge/c_api/graph.h"
#include "ge/c_api/node.h"
#include "ge/c_api/tensor.h"
#include "ops/op_catalog.h"
#include "ops/op_def_builder.h"

namespace {

std::string LastError() { return GeApiWrapper_GEGetErrorMsg(); }

TEST(EsCApiTest, NullHandlesFailCleanly) {
  EXPECT_EQ(EsCreateGraphInputWithDetails(nullptr, 0, nullptr, nullptr, 0, 2, nullptr, 0), nullptr);
  EXPECT_EQ(EsCreateScalarInt64(nullptr, 1), nullptr);
  EXPECT_EQ(EsBuildGraphAndReset(nullptr), nullptr);
  EXPECT_EQ(EsGetProducer(nullptr), nullptr);
  EXPECT_EQ(EsGetOwnerBuilder(nullptr), nullptr);
  EXPECT_NE(EsSetGraphOutput(nullptr, 0), 0u);
  EXPECT_NE(EsSetShape(nullptr, nullptr, 0), 0u);
  EXPECT_NE(EsAddControlEdge(nullptr, nullptr, 0), 0u);
  EXPECT_EQ(EsAdd(nullptr, nullptr), nullptr);
  EXPECT_NE(EsCreateOp(nullptr, "Add", nullptr, nullptr, 0, nullptr, 0, nullptr, nullptr, 0,
                       nullptr, nullptr, 0, nullptr, 0, nullptr),
            0u);
  EsDestroyGraphBuilder(nullptr);
}

TEST(EsCApiTest, ConstCountMustFitShapeAndProducerIsBorrowed) {
  EsCGraphBuilder *b = EsCreateGraphBuilder(nullptr);
  const float values[4] = {1, 2, 3, 4};
  const int64_t dims[2] = {2, 2};
  EsCTensorHolder *c = EsCreateConstFloat(b, values, dims, 2);
  ASSERT_NE(c, nullptr) << LastError();
  EXPECT_EQ(EsGetOwnerBuilder(c), b);
  GeNodeHandle *producer = EsGetProducer(c);
  ASSERT_NE(producer, nullptr);
  EXPECT_EQ(EsGetProducer(c), producer);  // same borrowed handle every time
  const int64_t bad_dims[1] = {-1};
  EXPECT_EQ(EsCreateConstFloat(b, values, bad_dims, 1), nullptr);
  EXPECT_NE(LastError().find("non-negative"), std::string::npos);
  EXPECT_EQ(EsCreateConstFloat(b, nullptr, dims, 2), nullptr);
  EsDestroyGraphBuilder(b);
}

TEST(EsCApiTest, InputWithoutDimsHasNoShapeYetAndZeroDimsIsAScalar) {
  EsCGraphBuilder *b = EsCreateGraphBuilder(nullptr);
  const int64_t none[1] = {0};
  EsCTensorHolder *shapeless = EsCreateGraphInputWithDetails(b, 0, "a", "Data", 0, 2, nullptr, 0);
  EsCTensorHolder *scalar = EsCreateGraphInputWithDetails(b, 1, "b", "Data", 0, 2, none, 0);
  EsCTensorHolder *plain = EsCreateGraphInput(b, 2);
  ASSERT_NE(shapeless, nullptr) << LastError();
  ASSERT_NE(scalar, nullptr) << LastError();
  ASSERT_NE(plain, nullptr) << LastError();
  auto output_desc = [](EsCTensorHolder *holder) {
    return *EsGetProducer(holder)->node.lock()->GetOpDesc().GetOutputDesc(0);
  };
  EXPECT_FALSE(output_desc(shapeless).IsOriginShapeInitialized());
  EXPECT_FALSE(output_desc(plain).IsOriginShapeInitialized());
  EXPECT_TRUE(output_desc(scalar).IsOriginShapeInitialized());
  EXPECT_TRUE(output_desc(shapeless).GetShape().IsScalar());
  EsDestroyGraphBuilder(b);
}

TEST(EsCApiTest, TensorsFromMemoryAndFile) {
  const int32_t data[3] = {1, 2, 3};
  const int64_t dims[1] = {3};
  GeTensorHandle *t = EsCreateEsCTensor(data, dims, 1, ge::DT_INT32, ge::FORMAT_ND);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->tensor.GetSize(), sizeof(data));
  delete t;
  EXPECT_EQ(EsCreateEsCTensor(data, dims, 1, ge::DT_DOUBLE, ge::FORMAT_ND), nullptr);
  EXPECT_EQ(EsCreateEsCTensor(data, dims, 1, ge::DT_STRING, ge::FORMAT_ND), nullptr);

  const std::string path = ::testing::TempDir() + "es_c_api_tensor.bin";
  std::FILE *f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  std::fwrite(data, sizeof(int32_t), 2, f);
  std::fclose(f);
  EXPECT_EQ(EsCreateEsCTensorFromFile(path.c_str(), dims, 1, ge::DT_INT32, ge::FORMAT_ND),
            nullptr);  // 8 bytes for 12 needed
  EXPECT_NE(LastError().find("only 8 available"), std::string::npos);
  const int64_t two[1] = {2};
  t = EsCreateEsCTensorFromFile(path.c_str(), two, 1, ge::DT_INT32, ge::FORMAT_ND);
  ASSERT_NE(t, nullptr) << LastError();
  delete t;
  EXPECT_EQ(EsCreateEsCTensorFromFile("/no/such/file.bin", two, 1, ge::DT_INT32, ge::FORMAT_ND),
            nullptr);
  EXPECT_NE(LastError().find("/no/such/file.bin"), std::string::npos);
  std::remove(path.c_str());
}

TEST(EsCApiTest, CreateOpFromRegisteredPrototypeAndBuild) {
  ASSERT_EQ(ge::OpCatalog::Instance().Register(ge::OpDefBuilder("EsCApiTestOp", "es_capi_test")
                                                   .Input("a")
                                                   .DynamicInput("rest")
                                                   .DynamicOutput("y")
                                                   .Attr("k", ge::AttrValueType::kInt, int64_t{7})
                                                   .Build(),
                                               true),
            ge::SUCCESS)
      << LastError();
  EsCGraphBuilder *b = EsCreateGraphBuilder("capi");
  EsCTensorHolder *x = EsCreateGraphInputWithDetails(b, 0, nullptr, nullptr, 0, 2, nullptr, 0);
  ASSERT_NE(x, nullptr);
  EsCTensorHolder *inputs[3] = {x, x, x};
  const int64_t counts[2] = {1, 2};
  const int64_t dyn_out[1] = {2};
  EsCTensorHolder *outputs[2] = {nullptr, nullptr};
  int64_t output_num = 0;
  ASSERT_EQ(EsCreateOp(b, "EsCApiTestOp", inputs, counts, 2, dyn_out, 1, nullptr, nullptr, 0,
                       nullptr, nullptr, 0, outputs, 2, &output_num),
            0u)
      << LastError();
  EXPECT_EQ(output_num, 2);
  ASSERT_NE(outputs[1], nullptr);
  EXPECT_NE(EsCreateOp(b, "EsCApiTestOp", inputs, counts, 2, nullptr, 0, nullptr, nullptr, 0,
                       nullptr, nullptr, 0, outputs, 2, &output_num),
            0u);
  EXPECT_NE(LastError().find("dynamic output 'y'"), std::string::npos);
  ASSERT_EQ(EsSetGraphOutput(outputs[1], 0), 0u);
  GeGraphHandle *graph = EsBuildGraphAndReset(b);
  ASSERT_NE(graph, nullptr) << LastError();
  EXPECT_NE(graph->graph->FindNode("NetOutput_capi"), nullptr);
  EXPECT_EQ(EsBuildGraphAndReset(b), nullptr);
  delete graph;
  // The producer handle outlives the graph; it reports expiry instead of dangling.
  EXPECT_EQ(ge::capi::LockNode(EsGetProducer(x)), nullptr);
  EsDestroyGraphBuilder(b);
  EXPECT_EQ(ge::OpCatalog::Instance().Unregister("EsCApiTestOp"), ge::SUCCESS);
}

// "Name:Type<-producer:port,..." of every node in graph order: the structure two builds share.
std::string Describe(const GeGraphHandle &handle) {
  std::string text;
  for (const ge::Node *node : handle.graph->GetDirectNodes()) {
    text += node->GetName() + ":" + node->GetType() + "<-";
    for (size_t i = 0; i < node->GetInputsSize(); ++i) {
      const ge::InDataPeer peer = node->GetInDataPeer(i);
      text += (peer.node == nullptr ? std::string("-") : peer.node->GetName()) + ":" +
              std::to_string(peer.out_index) + ",";
    }
    text += ";";
  }
  return text;
}

TEST(EsCApiTest, PassThroughGraphEqualsTheBuilderSteps) {
  // What GraphBuilder makes for `return [inputs[1], inputs[0], inputs[1]]` with three inputs.
  EsCGraphBuilder *b = EsCreateGraphBuilder("Pass_replacement");
  EsCTensorHolder *in[3];
  for (int64_t k = 0; k < 3; ++k) {
    const std::string name = "input_" + std::to_string(k);
    in[k] = EsCreateGraphInputWithDetails(b, k, name.c_str(), "Data", 0, 2, nullptr, 0);
    ASSERT_NE(in[k], nullptr) << LastError();
  }
  ASSERT_EQ(EsSetGraphOutput(in[1], 0), 0u);
  ASSERT_EQ(EsSetGraphOutput(in[0], 1), 0u);
  ASSERT_EQ(EsSetGraphOutput(in[1], 2), 0u);
  GeGraphHandle *expected = EsBuildGraphAndReset(b);
  ASSERT_NE(expected, nullptr) << LastError();
  EsDestroyGraphBuilder(b);

  const int64_t outputs[3] = {1, 0, 1};
  GeGraphHandle *graph = EsBuildInputPassThroughGraph("Pass_replacement", 3, outputs, 3);
  ASSERT_NE(graph, nullptr) << LastError();
  EXPECT_EQ(graph->graph->GetName(), expected->graph->GetName());
  EXPECT_EQ(Describe(*graph), Describe(*expected));
  EXPECT_NE(Describe(*graph).find("NetOutput_Pass_replacement"), std::string::npos);
  delete graph;
  delete expected;
}

TEST(EsCApiTest, PassThroughGraphRejectsBadArguments) {
  const int64_t outputs[2] = {0, 2};
  EXPECT_EQ(EsBuildInputPassThroughGraph("g", 2, outputs, 2), nullptr);
  EXPECT_NE(LastError().find("names input 2"), std::string::npos) << LastError();
  const int64_t negative[1] = {-1};
  EXPECT_EQ(EsBuildInputPassThroughGraph("g", 1, negative, 1), nullptr);
  EXPECT_EQ(EsBuildInputPassThroughGraph("g", 1, nullptr, 1), nullptr);
  EXPECT_NE(LastError().find("at least one input"), std::string::npos) << LastError();
  EXPECT_EQ(EsBuildInputPassThroughGraph("g", 0, outputs, 1), nullptr);
  EXPECT_EQ(EsBuildInputPassThroughGraph("g", 1, outputs, 0), nullptr);
  GeGraphHandle *unnamed = EsBuildInputPassThroughGraph(nullptr, 1, outputs, 1);
  ASSERT_NE(unnamed, nullptr) << LastError();
  EXPECT_EQ(unnamed->graph->GetName(), "graph");
  delete unnamed;
}

}  // namespace
