// GeShape's inline/heap dims storage and DimsView, and InlineVector::erase (the out-peer lists).
#include <gtest/gtest.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "graph/ge_tensor.h"
#include "support/inline_vector.h"

namespace ge {
namespace {

std::vector<int64_t> Dims(const GeShape &shape) { return shape.GetDims().ToVector(); }

TEST(GeShapeTest, EveryRankReadsBackThroughEachAccessor) {
  for (size_t rank = 0; rank <= 9; ++rank) {
    std::vector<int64_t> dims;
    for (size_t i = 0; i < rank; ++i) {
      dims.push_back(static_cast<int64_t>(i) + 2);
    }
    const GeShape shape(dims);
    EXPECT_EQ(Dims(shape), dims) << "rank " << rank;
    EXPECT_EQ(shape.GetDimNum(), rank);
    EXPECT_EQ(shape.IsScalar(), rank == 0);
    EXPECT_EQ(shape.GetDim(rank), 0) << "out of range reads 0";
    EXPECT_TRUE(shape.GetDims() == dims);
    EXPECT_EQ(shape, GeShape(DimsView(dims)));
  }
}

TEST(GeShapeTest, CopiesAndMovesKeepTheDimsAcrossInlineAndHeapStorage) {
  const std::vector<int64_t> small{1, 3, 224, 224};
  const std::vector<int64_t> large{2, 3, 4, 5, 6, 7};
  GeShape a(small);
  GeShape b(large);
  GeShape copy_of_b(b);
  EXPECT_EQ(Dims(copy_of_b), large);
  a = b;  // inline <- heap
  EXPECT_EQ(Dims(a), large);
  b = GeShape(small);  // heap <- inline (move)
  EXPECT_EQ(Dims(b), small);
  GeShape moved(std::move(copy_of_b));  // steals the heap block
  EXPECT_EQ(Dims(moved), large);
  EXPECT_TRUE(copy_of_b.IsScalar()) << "a moved-from shape is empty";  // NOLINT
  moved = std::move(a);                                                // heap <- heap
  EXPECT_EQ(Dims(moved), large);
  moved.SetDims(std::vector<int64_t>{9});
  EXPECT_EQ(Dims(moved), std::vector<int64_t>{9});
  moved.SetDims(moved.GetDims());  // assigning its own dims is harmless
  EXPECT_EQ(Dims(moved), std::vector<int64_t>{9});
  GeShape grown(large);
  grown.SetDims(grown.GetDims());
  EXPECT_EQ(Dims(grown), large);
  GeShape &self = grown;
  grown = self;
  EXPECT_EQ(Dims(grown), large);
  GeShape inline_shape(small);
  GeShape &inline_self = inline_shape;
  inline_shape = inline_self;  // inline self-assignment must not memcpy onto itself
  EXPECT_EQ(Dims(inline_shape), small);
}

TEST(GeShapeTest, UnknownAndSizeQueriesSeeAllDims) {
  EXPECT_TRUE(GeShape(std::vector<int64_t>{2, 3, 4, 5, -1}).IsUnknownShape());
  EXPECT_TRUE(GeShape(std::vector<int64_t>{UNKNOWN_DIM_NUM}).IsUnknownRank());
  EXPECT_EQ(GeShape(std::vector<int64_t>{2, 3, 4, 5, 6}).GetShapeSize(), 720);
  EXPECT_EQ(GeShape().GetShapeSize(), 1);
  EXPECT_EQ(GeShape(std::vector<int64_t>{2, 3, 4, 5, 6}).ToString(), "[2, 3, 4, 5, 6]");
  EXPECT_NE(GeShape(std::vector<int64_t>{2, 3}), GeShape(std::vector<int64_t>{2, 3, 1}));
}

TEST(GeShapeTest, TensorDescCopiesCarryTheShapes) {
  GeTensorDesc desc(GeShape(std::vector<int64_t>{1, 2, 3, 4, 5}), FORMAT_ND, DT_FLOAT);
  desc.SetOriginShape(GeShape(std::vector<int64_t>{7}));
  GeTensorDesc copy;
  copy = desc;
  EXPECT_EQ(copy, desc);
  EXPECT_EQ(Dims(copy.GetShape()), (std::vector<int64_t>{1, 2, 3, 4, 5}));
  EXPECT_EQ(Dims(copy.GetOriginShape()), std::vector<int64_t>{7});
  EXPECT_EQ(copy.GetTensorBytes(), 120 * 4);
}

TEST(InlineVectorTest, EraseKeepsTheOrderInlineAndOnTheHeap) {
  InlineVector<int, 1> values;
  values.push_back(1);
  values.erase(values.begin());
  EXPECT_TRUE(values.empty());
  for (int i = 0; i < 5; ++i) {
    values.push_back(i);
  }
  int *next = values.erase(values.begin() + 1);
  EXPECT_EQ(*next, 2);
  values.erase(values.end() - 1);
  ASSERT_EQ(values.size(), 3u);
  EXPECT_EQ(values.front(), 0);
  EXPECT_EQ(values[1], 2);
  EXPECT_EQ(values.back(), 3);
}

}  // namespace
}  // namespace ge
