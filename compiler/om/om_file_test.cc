// .om container round trip and corrupt-file diagnostics (docs/om_format.md).
#include "om/om_file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "common/error.h"
#include "common/json.h"
#include "om/model_json.h"
#include "om/om_info.h"
#include "ops/op_catalog.h"

namespace ge {
namespace {

ComputeGraphPtr SmallGraph() {
  auto graph = std::make_shared<ComputeGraph>("small");
  OpDesc data_desc;
  OpDesc const_desc;
  OpDesc add_desc;
  OpDesc out_desc;
  EXPECT_EQ(CreateOpDesc("x", "Data", {}, {}, &data_desc), SUCCESS) << GetLastError();
  EXPECT_EQ(CreateOpDesc("w", "Const", {}, {}, &const_desc), SUCCESS) << GetLastError();
  EXPECT_EQ(CreateOpDesc("add", "Add", {}, {}, &add_desc), SUCCESS) << GetLastError();
  EXPECT_EQ(CreateOpDesc("NetOutput", "NetOutput", {{"x", 1}}, {}, &out_desc), SUCCESS);
  GeTensorDesc td(GeShape({2, 2}), FORMAT_ND, DT_FLOAT);
  data_desc.UpdateOutputDesc(0, td);
  const float weights[4] = {1.0F, 2.0F, 3.0F, 4.0F};
  const_desc.SetAttr("value", GeTensor(td, weights, sizeof(weights)));
  const_desc.UpdateOutputDesc(0, td);
  Node *data = graph->AddNode(std::move(data_desc));
  Node *w = graph->AddNode(std::move(const_desc));
  Node *add = graph->AddNode(std::move(add_desc));
  Node *out = graph->AddNode(std::move(out_desc));
  EXPECT_EQ(graph->AddInputNode(data), SUCCESS);
  EXPECT_EQ(graph->AddDataEdge(data, 0, add, 0), SUCCESS);
  EXPECT_EQ(graph->AddDataEdge(w, 0, add, 1), SUCCESS);
  EXPECT_EQ(graph->AddDataEdge(add, 0, out, 0), SUCCESS);
  EXPECT_EQ(graph->SetOutputs({{add, 0}}), SUCCESS);
  return graph;
}

OmModel SmallModel() {
  OmModel model;
  model.graph = SmallGraph();
  model.build_info = {{"producer", "ge_py atc"}, {"framework", "5(ONNX)"}};
  model.compile_options = {{"ge.socVersion", "Ascend910B1"}, {"ge.oo.level", "O3"}};
  model.platform = {{"soc_version", "Ascend910B1"}};
  return model;
}

std::string Bytes(const OmModel &model) {
  std::string bytes;
  EXPECT_EQ(SerializeOmModel(model, &bytes), SUCCESS) << GetLastError();
  return bytes;
}

TEST(OmFile, RoundTripKeepsGraphWeightsOptionsAndMetadata) {
  const std::string bytes = Bytes(SmallModel());
  OmModel loaded;
  ASSERT_EQ(ParseOmModel(bytes, "mem.om", &loaded), SUCCESS) << GetLastError();
  EXPECT_EQ(loaded.format_version, kOmFormatVersion);
  EXPECT_EQ(loaded.file_size, bytes.size());
  EXPECT_EQ(loaded.compile_options.at("ge.oo.level"), "O3");
  EXPECT_EQ(loaded.platform.at("soc_version"), "Ascend910B1");
  EXPECT_EQ(loaded.build_info.at("framework"), "5(ONNX)");
  ASSERT_NE(loaded.graph, nullptr);
  EXPECT_EQ(loaded.graph->GetName(), "small");
  Node *w = loaded.graph->FindNode("w");
  ASSERT_NE(w, nullptr);
  const GeTensor *value = w->GetOpDesc().GetAttrAs<GeTensor>("value");
  ASSERT_NE(value, nullptr);
  EXPECT_EQ(value->GetSize(), 16U);
  EXPECT_EQ(reinterpret_cast<const float *>(value->GetData())[3], 4.0F);
  EXPECT_EQ(loaded.graph->FindNode("add")->GetInDataPeer(1).node, w);
  // Serialization is deterministic.
  EXPECT_EQ(Bytes(loaded), bytes);
}

TEST(OmFile, BadMagicIsRejected) {
  std::string bytes = Bytes(SmallModel());
  bytes[0] = 'X';
  OmModel loaded;
  EXPECT_NE(ParseOmModel(bytes, "m.om", &loaded), SUCCESS);
  EXPECT_EQ(GetLastError(), "m.om: not a ge_py .om file: bad magic at byte offset 0");
}

TEST(OmFile, TruncatedFileIsReportedAsTruncated) {
  const std::string bytes = Bytes(SmallModel());
  OmModel loaded;
  EXPECT_NE(ParseOmModel(bytes.substr(0, bytes.size() - 10), "m.om", &loaded), SUCCESS);
  EXPECT_NE(GetLastError().find("the file is truncated"), std::string::npos) << GetLastError();
  EXPECT_NE(ParseOmModel(bytes.substr(0, 20), "m.om", &loaded), SUCCESS);
  EXPECT_NE(GetLastError().find("truncated at byte offset 20"), std::string::npos)
      << GetLastError();
}

TEST(OmFile, CorruptPayloadFailsTheChecksum) {
  std::string bytes = Bytes(SmallModel());
  bytes[bytes.size() - 1] ^= 0x5A;
  OmModel loaded;
  EXPECT_NE(ParseOmModel(bytes, "m.om", &loaded), SUCCESS);
  EXPECT_NE(GetLastError().find("m.om: .om checksum mismatch"), std::string::npos);
}

TEST(OmFile, NewerFormatVersionIsRejected) {
  std::string bytes = Bytes(SmallModel());
  bytes[8] = static_cast<char>(kOmFormatVersion + 1);
  OmModel loaded;
  EXPECT_NE(ParseOmModel(bytes, "m.om", &loaded), SUCCESS);
  EXPECT_NE(GetLastError().find("format version 2 (byte offset 8) is not supported"),
            std::string::npos)
      << GetLastError();
}

TEST(OmFile, SaveCreatesDirectoriesAndLoadReadsItBack) {
  const std::string dir = "/tmp/ge_front_om_test_" + std::to_string(getpid());
  const std::string path = dir + "/nested/model.om";
  ASSERT_EQ(SaveOmModel(SmallModel(), path), SUCCESS) << GetLastError();
  EXPECT_TRUE(IsOmFile(path));
  OmModel loaded;
  ASSERT_EQ(LoadOmModel(path, &loaded), SUCCESS) << GetLastError();
  const std::string info = DescribeOmModel(loaded);
  EXPECT_NE(info.find("soc_version[Ascend910B1]"), std::string::npos) << info;
  EXPECT_NE(info.find("weight_size[16] B"), std::string::npos) << info;
  EXPECT_NE(info.find("Add[1]"), std::string::npos) << info;
  JsonValue json;
  ASSERT_EQ(ParseJson(OmModelToJson(loaded), &json), SUCCESS) << GetLastError();
  const JsonValue::Array &ops = json.Find("graph")->GetArray()[0].Find("op")->GetArray();
  ASSERT_EQ(ops.size(), 4U);
  EXPECT_EQ(ops[2].Find("type")->GetString(), "Add");
  const JsonValue::Array &inputs = ops[2].Find("input")->GetArray();
  ASSERT_EQ(inputs.size(), 2U);
  EXPECT_EQ(inputs[0].GetString(), "x:0");
  EXPECT_EQ(inputs[1].GetString(), "w:0");
  EXPECT_EQ(json.Find("om")->Find("platform")->Find("soc_version")->GetString(), "Ascend910B1");
  std::remove(path.c_str());
  const int removed = std::system(("rm -rf " + dir).c_str());
  EXPECT_EQ(removed, 0);
}

TEST(OmFile, MissingFileIsNamed) {
  OmModel loaded;
  EXPECT_NE(LoadOmModel("/nonexistent/x.om", &loaded), SUCCESS);
  EXPECT_NE(GetLastError().find("/nonexistent/x.om"), std::string::npos);
  EXPECT_FALSE(IsOmFile("/nonexistent/x.om"));
}

}  // namespace
}  // namespace ge
