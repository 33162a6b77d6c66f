// AttrMap: the std::map operations the compiler uses, on a sorted array with interned names.
#include "graph/attr_map.h"

#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "graph/attr_value.h"

namespace ge {
namespace {

std::vector<std::string> Names(const AttrMap &attrs) {
  std::vector<std::string> names;
  for (const auto &[name, value] : attrs) {
    names.push_back(name);
  }
  return names;
}

const int64_t *Int(const AttrMap &attrs, const std::string &name) {
  const auto it = attrs.find(name);
  return it == attrs.end() ? nullptr : it->second.Get<int64_t>();
}

TEST(AttrNameTest, EqualTextsShareOneCopyAndCompareLikeStrings) {
  const std::string long_text = "_datadump_original_op_names";  // beyond the small-string buffer
  const AttrName a(long_text);
  const AttrName b(std::string("_datadump_original_") + "op_names");
  EXPECT_EQ(&a.str(), &b.str()) << "one interned copy";
  EXPECT_EQ(a, b);
  EXPECT_EQ(a, long_text);
  EXPECT_EQ("_datadump_original_op_names", a);
  EXPECT_NE(a, AttrName("_datadump_original_op_types"));
  EXPECT_LT(a, AttrName("_datadump_original_op_types"));
  EXPECT_FALSE(a < b);
  EXPECT_LT(AttrName("a"), "b");
  EXPECT_EQ(a.size(), long_text.size());
  EXPECT_EQ(a[0], '_');
  EXPECT_TRUE(AttrName().empty());
  const std::string &as_string = a;
  EXPECT_EQ(as_string, long_text);
  std::ostringstream out;
  out << a;
  EXPECT_EQ(out.str(), long_text);
}

TEST(AttrMapTest, IteratesInNameOrderWhateverTheInsertionOrder) {
  AttrMap attrs;
  for (const char *name : {"pads", "_b", "axis", "Z", "_a", "strides"}) {
    attrs[name] = GeAttrValue(static_cast<int64_t>(1));
  }
  EXPECT_EQ(Names(attrs), (std::vector<std::string>{"Z", "_a", "_b", "axis", "pads", "strides"}));
  EXPECT_EQ(attrs.size(), 6U);
  EXPECT_FALSE(attrs.empty());
  attrs.clear();
  EXPECT_TRUE(attrs.empty());
  EXPECT_EQ(attrs.begin(), attrs.end());
}

TEST(AttrMapTest, FindCountAndLowerBound) {
  AttrMap attrs;
  attrs["b"] = GeAttrValue(static_cast<int64_t>(2));
  attrs["d"] = GeAttrValue(static_cast<int64_t>(4));
  ASSERT_NE(Int(attrs, "b"), nullptr);
  EXPECT_EQ(*Int(attrs, "d"), 4);
  EXPECT_EQ(attrs.find("c"), attrs.end());
  EXPECT_EQ(attrs.find(""), attrs.end());
  EXPECT_EQ(attrs.count("b"), 1U);
  EXPECT_EQ(attrs.count("bb"), 0U);
  EXPECT_EQ(attrs.lower_bound("a")->first, "b");
  EXPECT_EQ(attrs.lower_bound("c")->first, "d");
  EXPECT_EQ(attrs.lower_bound("d")->first, "d");
  EXPECT_EQ(attrs.lower_bound("e"), attrs.end());
  EXPECT_EQ(attrs.find("b")->first, AttrName("b"));
}

TEST(AttrMapTest, SubscriptInsertsAnEmptyValueOnlyWhenAbsent) {
  AttrMap attrs;
  EXPECT_TRUE(attrs["x"].IsEmpty());
  EXPECT_EQ(attrs.size(), 1U);
  attrs["x"] = GeAttrValue(static_cast<int64_t>(7));
  EXPECT_EQ(*attrs["x"].Get<int64_t>(), 7);
  EXPECT_EQ(attrs.size(), 1U);
}

TEST(AttrMapTest, AtThrowsNamingTheMissingAttribute) {
  AttrMap attrs;
  attrs["present"] = GeAttrValue(static_cast<int64_t>(1));
  EXPECT_EQ(*attrs.at("present").Get<int64_t>(), 1);
  const AttrMap &read_only = attrs;
  try {
    (void)read_only.at("missing_attr");
    FAIL() << "at() on an absent name must throw";
  } catch (const std::out_of_range &error) {
    EXPECT_NE(std::string(error.what()).find("missing_attr"), std::string::npos) << error.what();
  }
}

TEST(AttrMapTest, EmplaceKeepsAnExistingValueInsertOrAssignReplacesIt) {
  AttrMap attrs;
  auto first = attrs.emplace("k", GeAttrValue(static_cast<int64_t>(1)));
  EXPECT_TRUE(first.second);
  auto again = attrs.emplace("k", GeAttrValue(static_cast<int64_t>(2)));
  EXPECT_FALSE(again.second);
  EXPECT_EQ(*again.first->second.Get<int64_t>(), 1);
  auto assigned = attrs.insert_or_assign("k", GeAttrValue(static_cast<int64_t>(3)));
  EXPECT_FALSE(assigned.second);
  EXPECT_EQ(*Int(attrs, "k"), 3);
  auto added = attrs.insert_or_assign("j", GeAttrValue(static_cast<int64_t>(4)));
  EXPECT_TRUE(added.second);
  EXPECT_EQ(Names(attrs), (std::vector<std::string>{"j", "k"}));
}

TEST(AttrMapTest, EmplaceHintIsCorrectWithRightWrongAndTakenHints) {
  AttrMap attrs;
  attrs["b"] = GeAttrValue(static_cast<int64_t>(2));
  attrs["d"] = GeAttrValue(static_cast<int64_t>(4));
  // Right hint: "c" belongs before "d".
  auto c = attrs.emplace_hint(attrs.find("d"), "c", GeAttrValue(static_cast<int64_t>(3)));
  EXPECT_EQ(c->first, "c");
  // Wrong hints: at the end for a name that sorts first, at the start for one that sorts last.
  auto a = attrs.emplace_hint(attrs.end(), "a", GeAttrValue(static_cast<int64_t>(1)));
  EXPECT_EQ(a->first, "a");
  auto e = attrs.emplace_hint(attrs.begin(), "e", GeAttrValue(static_cast<int64_t>(5)));
  EXPECT_EQ(e->first, "e");
  // A taken name: the existing entry, unchanged, wherever the hint points.
  auto taken = attrs.emplace_hint(attrs.find("b"), "b", GeAttrValue(static_cast<int64_t>(9)));
  EXPECT_EQ(*taken->second.Get<int64_t>(), 2);
  taken = attrs.emplace_hint(attrs.end(), "c", GeAttrValue(static_cast<int64_t>(9)));
  EXPECT_EQ(*taken->second.Get<int64_t>(), 3);
  EXPECT_EQ(Names(attrs), (std::vector<std::string>{"a", "b", "c", "d", "e"}));
  for (const char *name : {"a", "b", "c", "d", "e"}) {
    EXPECT_EQ(attrs.count(name), 1U) << name;
  }
}

TEST(AttrMapTest, EraseByNameAndByPosition) {
  AttrMap attrs;
  for (const char *name : {"a", "b", "c"}) {
    attrs[name] = GeAttrValue(std::string(name));
  }
  EXPECT_EQ(attrs.erase("b"), 1U);
  EXPECT_EQ(attrs.erase("b"), 0U);
  auto next = attrs.erase(attrs.find("a"));
  ASSERT_NE(next, attrs.end());
  EXPECT_EQ(next->first, "c");
  const auto after_last = attrs.erase(attrs.find("c"));
  EXPECT_EQ(after_last, attrs.end());
  EXPECT_TRUE(attrs.empty());
}

TEST(AttrMapTest, CopiesAreIndependentAndCompareByNamesAndValues) {
  AttrMap attrs;
  attrs["n"] = GeAttrValue(std::vector<int64_t>{1, 2});
  AttrMap copy = attrs;
  EXPECT_EQ(copy, attrs);
  copy["n"].GetMutable<std::vector<int64_t>>()->push_back(3);
  EXPECT_NE(copy, attrs);
  EXPECT_EQ(attrs["n"].Get<std::vector<int64_t>>()->size(), 2U);
  AttrMap other;
  other["m"] = GeAttrValue(std::vector<int64_t>{1, 2});
  EXPECT_NE(other, attrs) << "same value under another name";
  AttrMap moved = std::move(copy);
  EXPECT_EQ(moved.size(), 1U);
}

TEST(AttrMapTest, ReservedRoomKeepsEntriesInPlaceWhileFilling) {
  AttrMap attrs;
  attrs.reserve(3);
  attrs["b"] = GeAttrValue(static_cast<int64_t>(1));
  const AttrEntry *first_slot = attrs.begin();
  attrs["c"] = GeAttrValue(static_cast<int64_t>(2));
  attrs["a"] = GeAttrValue(static_cast<int64_t>(3));
  EXPECT_EQ(attrs.begin(), first_slot) << "no reallocation within the reserved room";
  EXPECT_EQ(Names(attrs), (std::vector<std::string>{"a", "b", "c"}));
}

GeAttrValue IntValue(int64_t value) { return GeAttrValue(value); }

TEST(AttrMapTest, MergeAbsentAddsSortedNewEntriesAndKeepsPresentOnes) {
  AttrMap attrs;
  attrs["b"] = IntValue(1);
  attrs["d"] = IntValue(2);
  AttrEntry entries[] = {{AttrName("_x"), IntValue(10)},
                         {AttrName("b"), IntValue(11)},  // present: the map keeps 1
                         {AttrName("c"), IntValue(12)},
                         {AttrName("e"), IntValue(13)}};
  attrs.MergeAbsent(entries, 4);
  EXPECT_EQ(Names(attrs), (std::vector<std::string>{"_x", "b", "c", "d", "e"}));
  EXPECT_EQ(*Int(attrs, "_x"), 10);
  EXPECT_EQ(*Int(attrs, "b"), 1);
  EXPECT_EQ(*Int(attrs, "c"), 12);
  EXPECT_EQ(*Int(attrs, "d"), 2);
  EXPECT_EQ(*Int(attrs, "e"), 13);
  EXPECT_NE(attrs.find("c"), attrs.end()) << "the merged array is searchable";

  AttrMap empty;
  empty.MergeAbsent(entries, 0);
  EXPECT_TRUE(empty.empty());
}

TEST(AttrMapTest, MergeAbsentTakesUnsortedOrRepeatedEntriesOneAtATime) {
  AttrMap attrs;
  attrs["m"] = IntValue(1);
  AttrEntry entries[] = {{AttrName("z"), IntValue(2)},
                         {AttrName("a"), IntValue(3)},
                         {AttrName("a"), IntValue(4)},  // a repeat: the first one wins
                         {AttrName("m"), IntValue(5)}};
  attrs.MergeAbsent(entries, 4);
  EXPECT_EQ(Names(attrs), (std::vector<std::string>{"a", "m", "z"}));
  EXPECT_EQ(*Int(attrs, "a"), 3);
  EXPECT_EQ(*Int(attrs, "m"), 1);
  EXPECT_EQ(*Int(attrs, "z"), 2);
}

TEST(AttrMapTest, NamedAttrsNestAMap) {
  NamedAttrs inner;
  inner.name = "fn";
  inner.attrs["depth"] = GeAttrValue(static_cast<int64_t>(1));
  AttrMap outer;
  outer["func"] = GeAttrValue(inner);
  const NamedAttrs *read = outer.find("func")->second.Get<NamedAttrs>();
  ASSERT_NE(read, nullptr);
  EXPECT_EQ(*read, inner);
  EXPECT_EQ(*Int(read->attrs, "depth"), 1);
}

}  // namespace
}  // namespace ge
