// StringViewMap: insertion, lookup, growth and probing over colliding slots.
#include "parser/string_view_map.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ge {
namespace {

TEST(StringViewMapTest, FindsWhatWasInsertedAndNothingElse) {
  StringViewMap<int> map;
  EXPECT_EQ(map.Find("a"), nullptr);  // empty, no slots yet
  bool inserted = false;
  map.FindOrInsert("a", &inserted) = 1;
  EXPECT_TRUE(inserted);
  map.FindOrInsert("a", &inserted) += 10;
  EXPECT_FALSE(inserted);
  ASSERT_NE(map.Find("a"), nullptr);
  EXPECT_EQ(*map.Find("a"), 11);
  EXPECT_EQ(map.Find("b"), nullptr);
  EXPECT_EQ(map.Find(""), nullptr);
  EXPECT_EQ(map.Size(), 1U);
}

TEST(StringViewMapTest, KeepsEveryEntryAcrossGrowth) {
  std::vector<std::string> keys;
  for (int i = 0; i < 5000; ++i) {
    keys.push_back("value_" + std::to_string(i));
  }
  StringViewMap<int> map;
  map.Reserve(10);  // far too small: the map grows many times
  for (size_t i = 0; i < keys.size(); ++i) {
    bool inserted = false;
    map.FindOrInsert(keys[i], &inserted) = static_cast<int>(i);
    ASSERT_TRUE(inserted);
  }
  EXPECT_EQ(map.Size(), keys.size());
  for (size_t i = 0; i < keys.size(); ++i) {
    const int *value = map.Find(keys[i]);
    ASSERT_NE(value, nullptr) << keys[i];
    EXPECT_EQ(*value, static_cast<int>(i));
  }
  EXPECT_EQ(map.Find("value_5000"), nullptr);
}

TEST(StringViewMapTest, KeysAreComparedByContentNotAddress) {
  const std::string first = "conv1/weight";
  const std::string second = "conv1/weight";  // equal text at another address
  StringViewMap<int> map;
  bool inserted = false;
  map.FindOrInsert(first, &inserted) = 7;
  map.FindOrInsert(second, &inserted);
  EXPECT_FALSE(inserted);
  EXPECT_EQ(*map.Find(std::string_view(second)), 7);
}

}  // namespace
}  // namespace ge
