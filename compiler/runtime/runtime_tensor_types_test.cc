// The runtime tensor value types of include/exe_graph/runtime/: shape capacity and size, the
// expand-dims rule in both encodings, and the tensor's views of its shape and format.
#include <gtest/gtest.h>

#include <string>

#include "exe_graph/runtime/expand_dims_type.h"
#include "exe_graph/runtime/shape.h"
#include "exe_graph/runtime/storage_format.h"
#include "exe_graph/runtime/storage_shape.h"
#include "exe_graph/runtime/tensor.h"

namespace gert {
namespace {

TEST(RuntimeShapeTest, ScalarHasSizeOneAndDimsMultiply) {
  Shape shape;
  EXPECT_TRUE(shape.IsScalar());
  EXPECT_EQ(shape.GetShapeSize(), 1);
  shape.AppendDim(2).AppendDim(3).AppendDim(4);
  EXPECT_EQ(shape.GetDimNum(), 3U);
  EXPECT_EQ(shape.GetShapeSize(), 24);
  shape.SetDim(1, 5);
  EXPECT_EQ(shape, (Shape{2, 5, 4}));
  shape.SetScalar();
  EXPECT_TRUE(shape.IsScalar());
}

TEST(RuntimeShapeTest, AppendStopsAtMaxDimNumAndOutOfRangeIsIgnored) {
  Shape shape;
  for (size_t i = 0; i < Shape::kMaxDimNum + 3U; ++i) {
    shape.AppendDim(1);
  }
  EXPECT_EQ(shape.GetDimNum(), Shape::kMaxDimNum);
  shape.SetDim(Shape::kMaxDimNum, 7);
  EXPECT_EQ(shape.GetDim(Shape::kMaxDimNum), 0);
}

TEST(RuntimeExpandDimsTypeTest, StringRuleMarksInsertedAxes) {
  const ExpandDimsType rule(std::string("1001"));
  EXPECT_EQ(rule.GetFullSize(), 4U);
  EXPECT_TRUE(rule.IsExpandIndex(0));
  EXPECT_FALSE(rule.IsExpandIndex(1));
  EXPECT_FALSE(rule.IsExpandIndex(2));
  EXPECT_TRUE(rule.IsExpandIndex(3));
  EXPECT_EQ(ExpandDimsType(std::string()).GetFullSize(), 0U);
  EXPECT_EQ(ExpandDimsType(std::string(57, '1')).GetFullSize(), 0U);
}

TEST(RuntimeExpandDimsTypeTest, PackedRuleEqualsTheStringRule) {
  // Rank 3 in the high byte; flags "110" written with the first axis in the highest bit: 0b110.
  const int64_t packed = static_cast<int64_t>((uint64_t{3} << 56U) | 0b110U);
  EXPECT_EQ(ExpandDimsType(packed), ExpandDimsType(std::string("110")));
  EXPECT_EQ(ExpandDimsType(int64_t{0}).GetFullSize(), 0U);
}

TEST(RuntimeTensorTest, ViewsReachTheTensorsOwnShapeAndFormat) {
  Tensor tensor(
      StorageShape(Shape{2, 3}, Shape{2, 3}),
      StorageFormat(ge::FORMAT_NCHW, ge::FORMAT_NC1HWC0, ExpandDimsType(std::string("11"))),
      ge::DT_FLOAT);
  float data[6] = {};
  tensor.MutableTensorData().SetAddr(data, sizeof(data));
  EXPECT_EQ(tensor.GetAddr(), static_cast<void *>(data));
  EXPECT_EQ(tensor.GetSize(), sizeof(data));
  EXPECT_EQ(tensor.GetPlacement(), kOnHost);
  EXPECT_EQ(tensor.GetShapeSize(), 6);
  tensor.MutableStorageShape().AppendDim(1);
  EXPECT_EQ(tensor.GetStorageShape(), (Shape{2, 3, 1}));
  EXPECT_EQ(tensor.GetOriginShape(), (Shape{2, 3}));
  EXPECT_EQ(tensor.GetStorageFormat(), ge::FORMAT_NC1HWC0);
  EXPECT_EQ(tensor.GetOriginFormat(), ge::FORMAT_NCHW);
  EXPECT_EQ(tensor.GetExpandDimsType().GetFullSize(), 2U);
  EXPECT_EQ(tensor.GetDataType(), ge::DT_FLOAT);
}

}  // namespace
}  // namespace gert
