// Tests of the storage-only narrow types: their codes, packing and Cast's narrowing rules.
#include "runtime/narrow_types.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "ops/op_def_builder.h"
#include "runtime/runtime_test_utils.h"

namespace ge {
namespace runtime {
namespace {

using test::F32;
using test::Run1;
using test::Values;

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

std::vector<uint8_t> Bytes(const GeTensor &tensor) {
  return std::vector<uint8_t>(tensor.GetData(), tensor.GetData() + tensor.GetSize());
}

GeTensor Cast(const GeTensor &x, DataType dst,
              const std::vector<std::pair<std::string, GeAttrValue>> &extra = {}) {
  std::vector<std::pair<std::string, GeAttrValue>> attrs = {{"dst_type", int64_t{dst}}};
  attrs.insert(attrs.end(), extra.begin(), extra.end());
  auto run = Run1("Cast", {x}, attrs);
  EXPECT_EQ(run.status, SUCCESS) << run.error;
  return run.status == SUCCESS ? run.out() : GeTensor();
}

std::vector<float> RoundTrip(const std::vector<float> &values, DataType narrow,
                             const std::vector<std::pair<std::string, GeAttrValue>> &extra = {}) {
  const GeTensor narrowed = Cast(F32({static_cast<int64_t>(values.size())}, values), narrow, extra);
  return Values<float>(Cast(narrowed, DT_FLOAT));
}

TEST(NarrowTypes, TheCatalogListsExactlyTheTypesTheRuntimeConverts) {
  for (int32_t value = 0; value < DT_MAX; ++value) {
    const auto dtype = static_cast<DataType>(value);
    const auto &listed = dtypes::HostNarrow();
    EXPECT_EQ(IsNarrowType(dtype), std::find(listed.begin(), listed.end(), dtype) != listed.end())
        << DataTypeToString(dtype);
  }
}

TEST(NarrowTypes, Float8E4M3FNRoundsToNearestEvenAndSaturatesByDefault) {
  const auto out = RoundTrip(
      {0.47892547f, 0.5f, 0.8191f, 448.0f, 464.0f, 1e6f, kInf, -kInf, 1e-7f, 0.001953125f},
      DT_FLOAT8_E4M3FN);
  EXPECT_EQ(out, (std::vector<float>{0.46875f, 0.5f, 0.8125f, 448.0f, 448.0f, 448.0f, 448.0f,
                                     -448.0f, 0.0f, 0.001953125f}));
}

TEST(NarrowTypes, Float8E4M3FNWithoutSaturationOverflowsToNaN) {
  const auto out = RoundTrip({1e6f, kInf, 448.0f}, DT_FLOAT8_E4M3FN, {{"saturate", false}});
  EXPECT_TRUE(std::isnan(out[0]));
  EXPECT_TRUE(std::isnan(out[1]));
  EXPECT_EQ(out[2], 448.0f);
}

TEST(NarrowTypes, Float8E5M2KeepsInfinityWithoutSaturation) {
  EXPECT_EQ(RoundTrip({1e6f, kInf, 0.3f}, DT_FLOAT8_E5M2),
            (std::vector<float>{57344.0f, 57344.0f, 0.3125f}));
  const auto out = RoundTrip({1e6f, -kInf, kNaN}, DT_FLOAT8_E5M2, {{"saturate", false}});
  EXPECT_EQ(out[0], kInf);
  EXPECT_EQ(out[1], -kInf);
  EXPECT_TRUE(std::isnan(out[2]));
}

TEST(NarrowTypes, Float8E8M0RoundsThePowerOfTwoAsRoundModeSays) {
  const std::vector<float> in = {0.124f, 1.1f, 1.5f, 3.0f, 0.0f};
  EXPECT_EQ(RoundTrip(in, DT_FLOAT8_E8M0),
            (std::vector<float>{0.125f, 2.0f, 2.0f, 4.0f, std::ldexp(1.0f, -127)}));
  EXPECT_EQ(RoundTrip(in, DT_FLOAT8_E8M0, {{"round_mode", std::string("down")}}),
            (std::vector<float>{0.0625f, 1.0f, 1.0f, 2.0f, std::ldexp(1.0f, -127)}));
  EXPECT_EQ(RoundTrip(in, DT_FLOAT8_E8M0, {{"round_mode", std::string("nearest")}}),
            (std::vector<float>{0.125f, 1.0f, 2.0f, 4.0f, std::ldexp(1.0f, -127)}));
  auto bad = Run1("Cast", {F32({1}, {1.0f})},
                  {{"dst_type", int64_t{DT_FLOAT8_E8M0}}, {"round_mode", std::string("odd")}});
  EXPECT_NE(bad.status, SUCCESS);
  EXPECT_NE(bad.error.find("'round_mode' = 'odd'"), std::string::npos) << bad.error;
}

TEST(NarrowTypes, Float4E2M1IsPackedTwoPerByteAndSaturates) {
  const GeTensor packed = Cast(F32({3}, {0.48f, -3.5f, 9.0f}), DT_FLOAT4_E2M1);
  // 0.5 = code 0x1, -4 = 0xE, 6 = 0x7: low nibble first, the last byte padded with zeros.
  EXPECT_EQ(Bytes(packed), (std::vector<uint8_t>{0xE1, 0x07}));
  EXPECT_EQ(Values<float>(Cast(packed, DT_FLOAT)), (std::vector<float>{0.5f, -4.0f, 6.0f}));
}

TEST(NarrowTypes, NarrowIntegersTruncateAndZeroWhatDoesNotFit) {
  EXPECT_EQ(RoundTrip({-9.0f, -8.0f, -2.5f, 7.9f, 8.0f, kNaN}, DT_INT4),
            (std::vector<float>{0, -8, -2, 7, 0, 0}));
  EXPECT_EQ(RoundTrip({-3.0f, -2.0f, 1.0f, 2.0f}, DT_INT2), (std::vector<float>{0, -2, 1, 0}));
  EXPECT_EQ(RoundTrip({-1.0f, 3.0f, 4.0f}, DT_UINT2), (std::vector<float>{0, 3, 0}));
}

TEST(NarrowTypes, IntegersNarrowModularly) {
  const GeTensor int2 = Cast(test::I32({5}, {-3, -2, 2, 3, 5}), DT_INT2);
  EXPECT_EQ(Bytes(int2), (std::vector<uint8_t>{0xE9, 0x01}));  // codes 1, 2, 2, 3 | 1
  EXPECT_EQ(Values<int32_t>(Cast(int2, DT_INT32)), (std::vector<int32_t>{1, -2, -2, -1, 1}));
}

TEST(NarrowTypes, StorageSizeCountsBitsOfPackedTypes) {
  EXPECT_EQ(GetSizeInBytes(3, DT_INT4), 2);
  EXPECT_EQ(GetSizeInBytes(5, DT_UINT2), 2);
  EXPECT_EQ(GetSizeInBytes(9, DT_UINT1), 2);
  EXPECT_EQ(GetSizeInBytes(3, DT_FLOAT8_E5M2), 3);
  EXPECT_EQ(GetSizeInBytes(3, DT_FLOAT), 12);
  EXPECT_EQ(GetSizeInBytes(0, DT_INT4), 0);
  EXPECT_EQ(GetSizeInBytes(-1, DT_FLOAT), -1);
  EXPECT_EQ(GetSizeInBytes(1, DT_STRING), -1);
  EXPECT_EQ(GetSizeInBytes(std::numeric_limits<int64_t>::max(), DT_FLOAT), -1);
}

TEST(NarrowTypes, ATruncatedPackedTensorIsRefusedNotRead) {
  GeTensorDesc desc(GeShape({4}), FORMAT_ND, DT_INT4);
  const GeTensor short_tensor(desc, std::vector<uint8_t>{0x11});  // 4 int4 need 2 bytes
  GeTensor out;
  EXPECT_NE(WidenToFloat(short_tensor, &out), SUCCESS);
  EXPECT_NE(GetLastError().find("needs 2 bytes, it holds 1"), std::string::npos) << GetLastError();
}

}  // namespace
}  // namespace runtime
}  // namespace ge
