// .om bundle round trip and corrupt-bundle diagnostics (docs/om_format.md §5).
#include "om/om_bundle.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "common/error.h"
#include "om/model_json.h"
#include "om/om_codec.h"
#include "om/om_info.h"
#include "ops/op_catalog.h"

namespace ge {
namespace {

/// Data `x` [n] -> NetOutput, in a graph called `name`.
std::string ModelImage(const std::string &name, int64_t n) {
  auto graph = std::make_shared<ComputeGraph>(name);
  OpDesc data_desc;
  OpDesc out_desc;
  EXPECT_EQ(CreateOpDesc("x", "Data", {}, {}, &data_desc), SUCCESS) << GetLastError();
  EXPECT_EQ(CreateOpDesc("NetOutput", "NetOutput", {{"x", 1}}, {}, &out_desc), SUCCESS);
  data_desc.UpdateOutputDesc(0, GeTensorDesc(GeShape({n}), FORMAT_ND, DT_FLOAT));
  Node *data = graph->AddNode(std::move(data_desc));
  Node *out = graph->AddNode(std::move(out_desc));
  EXPECT_EQ(graph->AddInputNode(data), SUCCESS);
  EXPECT_EQ(graph->AddDataEdge(data, 0, out, 0), SUCCESS);
  EXPECT_EQ(graph->SetOutputs({{data, 0}}), SUCCESS);
  OmModel model;
  model.graph = graph;
  model.build_info = {{"producer", "ge_py offline_compile"}};
  model.compile_options = {{"ge.socVersion", "Ascend910B1"}};
  model.platform = {{"soc_version", "Ascend910B1"}};
  std::string bytes;
  EXPECT_EQ(SerializeOmModel(model, &bytes), SUCCESS) << GetLastError();
  return bytes;
}

std::string TwoModelBundle() {
  std::string bytes;
  EXPECT_EQ(SerializeOmBundle({ModelImage("first", 2), ModelImage("second", 5)}, &bytes), SUCCESS)
      << GetLastError();
  return bytes;
}

TEST(OmBundle, RoundTripKeepsEveryModelInOrder) {
  const std::string bytes = TwoModelBundle();
  EXPECT_TRUE(IsOmBundle(bytes));
  for (size_t i = 0; i < 2; ++i) {  // model table entries: u64 offset, u64 size
    EXPECT_EQ(om::GetU64(bytes, kOmBundleHeaderSize + 16 * i) % 8, 0U) << "model " << i;
  }
  std::vector<std::string> images;
  ASSERT_EQ(SplitOmBundle(bytes, "b.om", &images), SUCCESS) << GetLastError();
  ASSERT_EQ(images.size(), 2U);
  EXPECT_EQ(images[0], ModelImage("first", 2));
  std::vector<OmModel> models;
  ASSERT_EQ(ParseOmBundle(bytes, "b.om", &models), SUCCESS) << GetLastError();
  ASSERT_EQ(models.size(), 2U);
  EXPECT_EQ(models[0].graph->GetName(), "first");
  EXPECT_EQ(models[1].graph->GetName(), "second");
  // Deterministic: the same images give the same bytes.
  EXPECT_EQ(bytes, TwoModelBundle());
}

TEST(OmBundle, SaveLoadAndDescribe) {
  const std::string path = ::testing::TempDir() + "/om_bundle_" + std::to_string(getpid()) + ".om";
  ASSERT_EQ(SaveOmBundle({ModelImage("first", 2), ModelImage("second", 5)}, path), SUCCESS)
      << GetLastError();
  EXPECT_TRUE(IsOmBundleFile(path));
  EXPECT_FALSE(IsOmFile(path));
  std::vector<OmModel> models;
  uint64_t file_size = 0;
  ASSERT_EQ(LoadOmBundle(path, &models, &file_size), SUCCESS) << GetLastError();
  const std::string text = DescribeOmBundle(models, file_size);
  EXPECT_NE(text.find("model_num[2], file_size[" + std::to_string(file_size) + "] B"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("bundle model [1]:"), std::string::npos);
  EXPECT_NE(text.find("graph_name[second]"), std::string::npos);
  const std::string json = OmBundleToJson(models);
  EXPECT_NE(json.find("\"bundle\""), std::string::npos);
  EXPECT_NE(json.find("\"second\""), std::string::npos);

  // The single-model reader points at the bundle instead of reporting a bad magic.
  OmModel single;
  EXPECT_NE(LoadOmModel(path, &single), SUCCESS);
  EXPECT_NE(GetLastError().find("is an .om bundle"), std::string::npos) << GetLastError();
  std::remove(path.c_str());
}

TEST(OmBundle, RejectsWhatIsNotAModelImage) {
  std::string bytes;
  EXPECT_NE(SerializeOmBundle({}, &bytes), SUCCESS);
  EXPECT_NE(SerializeOmBundle({ModelImage("a", 1), "not an om"}, &bytes), SUCCESS);
  EXPECT_EQ(GetLastError(), "bundle model 1 is not a single-model .om image");
  // A bundle inside a bundle is refused too.
  const std::string inner = TwoModelBundle();
  EXPECT_NE(SerializeOmBundle({inner}, &bytes), SUCCESS);
}

TEST(OmBundle, CorruptBundlesNameFileAndOffset) {
  const std::string good = TwoModelBundle();
  std::vector<std::string> images;

  EXPECT_NE(SplitOmBundle(good.substr(0, 10), "b.om", &images), SUCCESS);
  EXPECT_NE(GetLastError().find("b.om: not a ge_py .om bundle"), std::string::npos);

  std::string magic = good;
  magic[3] = 'X';
  EXPECT_NE(SplitOmBundle(magic, "b.om", &images), SUCCESS);
  EXPECT_EQ(GetLastError(), "b.om: not a ge_py .om bundle: bad magic at byte offset 0");

  EXPECT_NE(SplitOmBundle(good.substr(0, good.size() - 8), "b.om", &images), SUCCESS);
  EXPECT_NE(GetLastError().find("the file is truncated"), std::string::npos) << GetLastError();

  std::string flipped = good;
  flipped[good.size() - 20] ^= 0x5A;
  EXPECT_NE(SplitOmBundle(flipped, "b.om", &images), SUCCESS);
  EXPECT_NE(GetLastError().find("checksum mismatch"), std::string::npos) << GetLastError();

  std::string version = good;
  version[8] = 9;
  EXPECT_NE(SplitOmBundle(version, "b.om", &images), SUCCESS);
  EXPECT_NE(GetLastError().find("format version 9 (byte offset 8) is not supported"),
            std::string::npos);
}

}  // namespace
}  // namespace ge
