// GeAttrValue: shared string lists read, compare and mutate like owned ones; boxed alternatives
// (tensor, tensor desc, named attrs, bool list) behave like values.
#include "graph/attr_value.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
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

TEST(GeAttrValueTest, BoxedAlternativesCopyAsIndependentValues) {
  const GeTensorDesc desc(GeShape({2, 3}), FORMAT_ND, DT_FLOAT);
  const std::vector<float> data{1.0F, 2.0F};
  GeAttrValue original(GeTensor(desc, data.data(), data.size() * sizeof(float)));
  EXPECT_EQ(original.GetValueType(), AttrValueType::kTensor);
  ASSERT_NE(original.Get<GeTensor>(), nullptr);
  EXPECT_EQ(original.Get<GeTensorDesc>(), nullptr) << "a tensor is not a tensor desc";

  GeAttrValue copy = original;
  EXPECT_EQ(copy, original);
  EXPECT_NE(copy.Get<GeTensor>(), original.Get<GeTensor>()) << "a copy owns its own box";
  copy.GetMutable<GeTensor>()->MutableTensorDesc().SetDataType(DT_INT32);
  EXPECT_EQ(original.Get<GeTensor>()->GetTensorDesc().GetDataType(), DT_FLOAT);
  EXPECT_NE(copy, original);
  GeAttrValue assigned(GeTensor{});  // same alternative: the assignment reuses the box
  assigned = original;
  EXPECT_EQ(assigned, original);
  assigned.GetMutable<GeTensor>()->MutableTensorDesc().SetDataType(DT_INT8);
  EXPECT_EQ(original.Get<GeTensor>()->GetTensorDesc().GetDataType(), DT_FLOAT);

  GeAttrValue flags(std::vector<bool>{true, false, true});
  EXPECT_EQ(flags.GetValueType(), AttrValueType::kListBool);
  ASSERT_NE(flags.Get<std::vector<bool>>(), nullptr);
  EXPECT_EQ(*flags.Get<std::vector<bool>>(), (std::vector<bool>{true, false, true}));

  NamedAttrs named;
  named.name = "fn";
  named.attrs["k"] = GeAttrValue(int64_t{7});
  const GeAttrValue func(named);
  EXPECT_EQ(func.GetValueType(), AttrValueType::kNamedAttrs);
  EXPECT_EQ(func.Get<NamedAttrs>()->name, "fn");
  EXPECT_EQ(*func.Get<NamedAttrs>()->attrs.at("k").Get<int64_t>(), 7);
}

TEST(GeAttrValueTest, MovedFromBoxReadsAsADefaultValueAndCanBeWrittenAgain) {
  GeAttrValue source(GeTensorDesc(GeShape({4}), FORMAT_ND, DT_FLOAT16));
  const GeAttrValue target = std::move(source);
  EXPECT_EQ(target.Get<GeTensorDesc>()->GetDataType(), DT_FLOAT16);
  // The moved-from value keeps its type (as a moved-from variant does) and reads as a default
  // desc instead of dereferencing the box it gave away.
  ASSERT_EQ(source.GetValueType(), AttrValueType::kTensorDesc);  // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(*source.Get<GeTensorDesc>(), GeTensorDesc());
  EXPECT_EQ(source, GeAttrValue(GeTensorDesc()));
  source.GetMutable<GeTensorDesc>()->SetDataType(DT_INT8);
  EXPECT_EQ(source.Get<GeTensorDesc>()->GetDataType(), DT_INT8);
  EXPECT_EQ(target.Get<GeTensorDesc>()->GetDataType(), DT_FLOAT16);
}

}  // namespace
}  // namespace ge
