// Unit tests of GeTensor's byte storage: values up to kInlineBytes live in the tensor, larger
// ones in a block shared between copies; both read back the same through every accessor, copies
// and moves keep them, equality compares bytes, and setting a tensor's data from its own bytes
// works on both sides of the threshold.
#include "graph/ge_tensor.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <numeric>
#include <utility>
#include <vector>

namespace ge {
namespace {

std::vector<uint8_t> Bytes(size_t count, uint8_t first) {
  std::vector<uint8_t> bytes(count);
  std::iota(bytes.begin(), bytes.end(), first);
  return bytes;
}

TEST(GeTensorTest, BytesReadBackOnBothSidesOfTheInlineSize) {
  for (size_t count :
       {size_t{1}, size_t{4}, GeTensor::kInlineBytes, GeTensor::kInlineBytes + 1, size_t{1000}}) {
    const std::vector<uint8_t> bytes = Bytes(count, 3);
    const GeTensor from_vector(GeTensorDesc(), bytes);
    const GeTensor from_pointer(GeTensorDesc(), bytes.data(), bytes.size());
    for (const GeTensor *tensor : {&from_vector, &from_pointer}) {
      ASSERT_EQ(tensor->GetSize(), count);
      ASSERT_NE(tensor->GetData(), nullptr);
      EXPECT_EQ(std::vector<uint8_t>(tensor->GetData(), tensor->GetData() + count), bytes);
      EXPECT_EQ(tensor->GetBytes(), bytes);
    }
    EXPECT_TRUE(from_vector == from_pointer) << count;
  }
}

TEST(GeTensorTest, NoBytesReadAsNullAndEmpty) {
  const GeTensor none;
  EXPECT_EQ(none.GetData(), nullptr);
  EXPECT_EQ(none.GetSize(), 0u);
  EXPECT_TRUE(none.GetBytes().empty());
  GeTensor cleared(GeTensorDesc(), Bytes(100, 0));
  cleared.SetData(std::vector<uint8_t>());
  EXPECT_EQ(cleared.GetData(), nullptr);
  EXPECT_TRUE(cleared == none);
  GeTensor from_null(GeTensorDesc(), Bytes(4, 0));
  from_null.SetData(nullptr, 8);  // no bytes to copy: no data, not 8 bytes of garbage
  EXPECT_EQ(from_null.GetSize(), 0u);
}

TEST(GeTensorTest, CopiesShareLargeBytesAndOwnSmallOnes) {
  const GeTensor large(GeTensorDesc(), Bytes(64, 1));
  const GeTensor large_copy = large;                 // NOLINT: the copy is the point
  EXPECT_EQ(large_copy.GetData(), large.GetData());  // one shared block
  const GeTensor small(GeTensorDesc(), Bytes(4, 1));
  GeTensor small_copy = small;
  EXPECT_NE(small_copy.GetData(), small.GetData());  // each has its own inline bytes
  EXPECT_TRUE(small_copy == small);
  GeTensor moved = std::move(small_copy);
  EXPECT_EQ(moved.GetBytes(), Bytes(4, 1));
  small_copy = large;  // assignment switches storage
  EXPECT_TRUE(small_copy == large);
  EXPECT_FALSE(small_copy == small);
}

TEST(GeTensorTest, EqualityComparesMetaSizeAndBytes) {
  const GeTensor a(GeTensorDesc(), Bytes(4, 1));
  EXPECT_FALSE(a == GeTensor(GeTensorDesc(), Bytes(4, 2)));
  EXPECT_FALSE(a == GeTensor(GeTensorDesc(), Bytes(5, 1)));
  EXPECT_FALSE(a == GeTensor(GeTensorDesc(GeShape({2}), FORMAT_ND, DT_INT16), Bytes(4, 1)));
}

TEST(GeTensorTest, DataMaySetFromTheTensorsOwnBytes) {
  GeTensor small(GeTensorDesc(), Bytes(8, 10));
  small.SetData(small.GetData() + 2, 4);  // overlapping, inline
  EXPECT_EQ(small.GetBytes(), Bytes(4, 12));
  GeTensor large(GeTensorDesc(), Bytes(40, 10));
  large.SetData(large.GetData() + 30, 8);  // from the shared block into inline storage
  EXPECT_EQ(large.GetBytes(), Bytes(8, 40));
  GeTensor larger(GeTensorDesc(), Bytes(40, 10));
  larger.SetData(larger.GetData() + 5, 30);  // from the shared block into a new shared block
  EXPECT_EQ(larger.GetBytes(), Bytes(30, 15));
}

TEST(GeTensorTest, SharedBytesAlignedAreNotCopied) {
  auto buffer = std::make_shared<std::vector<uint8_t>>(Bytes(64, 0));
  GeTensor tensor(GeTensorDesc(GeShape({8}), FORMAT_ND, DT_FLOAT));
  tensor.ShareData(buffer, buffer->data() + 8, 32);
  EXPECT_EQ(tensor.GetData(), buffer->data() + 8);
  EXPECT_EQ(tensor.GetStoredBytes(), buffer->data() + 8);
  EXPECT_EQ(tensor.GetBytes(), Bytes(32, 8));
  std::weak_ptr<std::vector<uint8_t>> watch = buffer;
  buffer.reset();
  EXPECT_FALSE(watch.expired());  // the tensor keeps the buffer alive
  tensor.SetData(Bytes(20, 1));
  EXPECT_TRUE(watch.expired());
}

TEST(GeTensorTest, SharedBytesNotAlignedAreCopiedOnceWhenReadAsElements) {
  auto buffer = std::make_shared<std::vector<uint8_t>>(Bytes(64, 0));
  GeTensor tensor(GeTensorDesc(GeShape({8}), FORMAT_ND, DT_FLOAT));
  tensor.ShareData(buffer, buffer->data() + 3, 32);
  // Byte-wise readers see the stored bytes, element readers an aligned copy of them.
  EXPECT_EQ(tensor.GetStoredBytes(), buffer->data() + 3);
  const uint8_t *aligned = tensor.GetData();
  EXPECT_NE(aligned, buffer->data() + 3);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(aligned) % GeTensor::kDataAlignment, 0U);
  EXPECT_EQ(std::vector<uint8_t>(aligned, aligned + 32), Bytes(32, 3));
  EXPECT_EQ(tensor.GetData(), aligned);  // made once
  const GeTensor copy = tensor;
  EXPECT_EQ(copy.GetData(), aligned);  // and shared by copies
  EXPECT_TRUE(copy == tensor);
  // Aligned for a float but not a double: a desc retyped later must still read aligned bytes.
  GeTensor retyped(GeTensorDesc(GeShape({8}), FORMAT_ND, DT_FLOAT));
  retyped.ShareData(buffer, buffer->data() + 4, 32);
  retyped.MutableTensorDesc().SetDataType(DT_DOUBLE);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(retyped.GetData()) % alignof(double), 0U);
  EXPECT_EQ(retyped.GetBytes(), Bytes(32, 4));
}

}  // namespace
}  // namespace ge
