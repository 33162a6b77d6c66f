// GeAttrValue: shared string lists read, compare and mutate like owned ones.
#include "graph/attr_value.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace ge {
namespace {

using StringList = std::vector<std::string>;

TEST(GeAttrValueTest, SharedStringListReadsAsAListStringEqualToAnOwnedOne) {
  auto list = std::make_shared<const StringList>(StringList{"mm", "add"});
  const GeAttrValue shared = GeAttrValue::Shared(list);
  EXPECT_EQ(shared.GetValueType(), AttrValueType::kListString);
  ASSERT_NE(shared.Get<StringList>(), nullptr);
  EXPECT_EQ(shared.Get<StringList>(), list.get()) << "read in place, not copied";
  EXPECT_EQ(shared, GeAttrValue(StringList{"mm", "add"}));
  EXPECT_EQ(GeAttrValue(StringList{"mm", "add"}), shared);
  EXPECT_NE(shared, GeAttrValue(StringList{"mm"}));
  EXPECT_NE(shared, GeAttrValue(std::string("mm")));
  EXPECT_EQ(shared.Get<std::string>(), nullptr);
  const GeAttrValue copy = shared;
  EXPECT_EQ(copy.Get<StringList>(), list.get()) << "copies share the list";
}

TEST(GeAttrValueTest, MutatingASharedListCopiesItFirst) {
  auto list = std::make_shared<const StringList>(StringList{"a"});
  GeAttrValue first = GeAttrValue::Shared(list);
  const GeAttrValue second = first;
  StringList *owned = first.GetMutable<StringList>();
  ASSERT_NE(owned, nullptr);
  owned->push_back("b");
  EXPECT_EQ(*first.Get<StringList>(), (StringList{"a", "b"}));
  EXPECT_EQ(*second.Get<StringList>(), StringList{"a"}) << "the other holder is unaffected";
  EXPECT_EQ(*list, StringList{"a"});
  EXPECT_EQ(first.GetValueType(), AttrValueType::kListString);
}

TEST(GeAttrValueTest, NullSharedListIsAnEmptyList) {
  const GeAttrValue value = GeAttrValue::Shared(nullptr);
  EXPECT_EQ(value.GetValueType(), AttrValueType::kListString);
  ASSERT_NE(value.Get<StringList>(), nullptr);
  EXPECT_TRUE(value.Get<StringList>()->empty());
}

}  // namespace
}  // namespace ge
