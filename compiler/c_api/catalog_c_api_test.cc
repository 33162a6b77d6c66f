// Op catalog C API: listing, prototype JSON, run-time registration, NULL safety.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "common/json.h"
#include "ge/c_api/ge_api.h"
#include "ge/c_api/op_catalog.h"

namespace {

std::string Take(char *text) {
  std::string copy = text == nullptr ? "" : text;
  GeOpCatalog_FreeString(text);
  return copy;
}

TEST(CatalogCApiTest, ListTypesContainsBuiltinsAndIsNullSafe) {
  size_t n = 0;
  char **types = GeOpCatalog_ListTypes(&n);
  ASSERT_NE(types, nullptr);
  ASSERT_GT(n, 100U);
  bool found = false;
  for (size_t i = 0; i < n; ++i) {
    found |= std::strcmp(types[i], "Conv2D") == 0;
    if (i > 0) {
      EXPECT_LT(std::strcmp(types[i - 1], types[i]), 0) << "not sorted at " << types[i];
    }
  }
  EXPECT_TRUE(found);
  EXPECT_EQ(types[n], nullptr);  // the array is NULL-terminated as well
  GeOpCatalog_FreeTypeList(types, n);
  EXPECT_EQ(GeOpCatalog_ListTypes(nullptr), nullptr);
  EXPECT_NE(std::string(GeApiWrapper_GEGetErrorMsg()).find("count pointer is null"),
            std::string::npos);
  GeOpCatalog_FreeTypeList(nullptr, 3);
}

TEST(CatalogCApiTest, ListModulesIsSortedUniqueAndFollowsRegistration) {
  auto modules = [] {
    size_t n = 0;
    char **list = GeOpCatalog_ListModules(&n);
    EXPECT_NE(list, nullptr);
    std::vector<std::string> names(list, list + n);
    EXPECT_EQ(list[n], nullptr);
    GeOpCatalog_FreeTypeList(list, n);
    return names;
  };
  const std::vector<std::string> builtin = modules();
  EXPECT_TRUE(std::is_sorted(builtin.begin(), builtin.end()));
  EXPECT_EQ(std::adjacent_find(builtin.begin(), builtin.end()), builtin.end());
  for (const char *name : {"control", "custom", "math", "nn"}) {
    EXPECT_NE(std::find(builtin.begin(), builtin.end(), name), builtin.end()) << name;
  }
  ASSERT_EQ(GeOpCatalog_RegisterPrototypeJson(
                R"({"type": "TestCApiModuleOp", "module": "capi_only_module"})", false),
            0U)
      << GeApiWrapper_GEGetErrorMsg();
  std::vector<std::string> with_custom = modules();
  EXPECT_NE(std::find(with_custom.begin(), with_custom.end(), "capi_only_module"),
            with_custom.end());
  EXPECT_EQ(GeOpCatalog_UnregisterPrototype("TestCApiModuleOp"), 0U);
  EXPECT_EQ(modules(), builtin);
  EXPECT_EQ(GeOpCatalog_ListModules(nullptr), nullptr);
  EXPECT_NE(std::string(GeApiWrapper_GEGetErrorMsg()).find("count pointer is null"),
            std::string::npos);
}

TEST(CatalogCApiTest, PrototypeJsonParsesAndUnknownTypeFails) {
  ge::JsonValue json;
  ASSERT_EQ(ge::ParseJson(Take(GeOpCatalog_GetPrototypeJson("If")), &json), ge::SUCCESS);
  EXPECT_EQ(json.Find("module")->GetString(), "control");
  EXPECT_EQ(json.Find("inputs")->GetArray()[1].Find("kind")->GetString(), "dynamic");
  EXPECT_EQ(json.Find("subgraphs")->GetArray()[0].Find("name")->GetString(), "then_branch");
  EXPECT_EQ(GeOpCatalog_GetPrototypeJson("NoSuchOp"), nullptr);
  EXPECT_NE(std::string(GeApiWrapper_GEGetErrorMsg()).find("'NoSuchOp'"), std::string::npos);
  EXPECT_EQ(GeOpCatalog_GetPrototypeJson(nullptr), nullptr);
  ge::JsonValue all;
  ASSERT_EQ(ge::ParseJson(Take(GeOpCatalog_GetAllPrototypesJson()), &all), ge::SUCCESS);
  EXPECT_GT(all.Size(), 100U);
}

TEST(CatalogCApiTest, RegisterReplaceAndUnregister) {
  const char *json = R"([{"type": "TestCApiOpA", "inputs": [{"name": "x"}],
                          "outputs": [{"name": "y"}], "infer": {"rule": "same_as_input"}},
                         {"type": "TestCApiOpB", "module": "nn"}])";
  ASSERT_EQ(GeOpCatalog_RegisterPrototypeJson(json, false), 0U) << GeApiWrapper_GEGetErrorMsg();
  EXPECT_NE(GeOpCatalog_RegisterPrototypeJson(json, false), 0U);
  EXPECT_NE(std::string(GeApiWrapper_GEGetErrorMsg()).find("already registered"),
            std::string::npos);
  EXPECT_EQ(GeOpCatalog_RegisterPrototypeJson(json, true), 0U) << GeApiWrapper_GEGetErrorMsg();
  ge::JsonValue b;
  ASSERT_EQ(ge::ParseJson(Take(GeOpCatalog_GetPrototypeJson("TestCApiOpB")), &b), ge::SUCCESS);
  EXPECT_EQ(b.Find("module")->GetString(), "nn");
  EXPECT_EQ(GeOpCatalog_UnregisterPrototype("TestCApiOpA"), 0U);
  EXPECT_EQ(GeOpCatalog_UnregisterPrototype("TestCApiOpB"), 0U);
  EXPECT_NE(GeOpCatalog_UnregisterPrototype("TestCApiOpB"), 0U);
  EXPECT_NE(GeOpCatalog_UnregisterPrototype(nullptr), 0U);
}

TEST(CatalogCApiTest, RegisterRejectsBadJsonWithOffset) {
  EXPECT_NE(GeOpCatalog_RegisterPrototypeJson("{\"type\": ", false), 0U);
  EXPECT_NE(std::string(GeApiWrapper_GEGetErrorMsg()).find("invalid JSON at offset 9"),
            std::string::npos)
      << GeApiWrapper_GEGetErrorMsg();
  EXPECT_NE(GeOpCatalog_RegisterPrototypeJson(nullptr, false), 0U);
  EXPECT_NE(std::string(GeApiWrapper_GEGetErrorMsg()).find("JSON text is null"), std::string::npos);
}

TEST(CatalogCApiTest, RegisterRejectsSchemaErrorsAndKeepsEarlierItems) {
  // Not an object: rejected with the offending text.
  EXPECT_NE(GeOpCatalog_RegisterPrototypeJson("42", false), 0U);
  EXPECT_NE(std::string(GeApiWrapper_GEGetErrorMsg()).find("must be an object"), std::string::npos)
      << GeApiWrapper_GEGetErrorMsg();
  // An array registers in order and stops at the first bad item; earlier items stay.
  const char *json = R"([{"type": "TestCApiOpC"},
                         {"type": "TestCApiOpD", "inputs": [{"name": "x", "kind": "sometimes"}]}])";
  EXPECT_NE(GeOpCatalog_RegisterPrototypeJson(json, false), 0U);
  EXPECT_NE(std::string(GeApiWrapper_GEGetErrorMsg()).find("\"sometimes\""), std::string::npos)
      << GeApiWrapper_GEGetErrorMsg();
  char *c = GeOpCatalog_GetPrototypeJson("TestCApiOpC");
  EXPECT_NE(c, nullptr);
  GeOpCatalog_FreeString(c);
  EXPECT_EQ(GeOpCatalog_GetPrototypeJson("TestCApiOpD"), nullptr);
  EXPECT_EQ(GeOpCatalog_UnregisterPrototype("TestCApiOpC"), 0U);
}

}  // namespace
