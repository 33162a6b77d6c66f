// GE's dtype promotion table, checked pair by pair against the table as GE publishes it.
#include "ops/dtype_promotion.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "common/error.h"
#include "graph/op_desc.h"

namespace ge {
namespace {

// Row and column order of the table in docs/op_catalog.md.
const std::vector<DataType> kRealTypes = {DT_BOOL,  DT_UINT8,   DT_INT8, DT_INT16, DT_INT32,
                                          DT_INT64, DT_FLOAT16, DT_BF16, DT_FLOAT, DT_DOUBLE};

// kRealTable[i][j] = kRealTypes[i] ⊕ kRealTypes[j].
const DataType kRealTable[10][10] = {
    {DT_BOOL, DT_UINT8, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_FLOAT16, DT_BF16, DT_FLOAT,
     DT_DOUBLE},
    {DT_UINT8, DT_UINT8, DT_INT16, DT_INT16, DT_INT32, DT_INT64, DT_FLOAT16, DT_BF16, DT_FLOAT,
     DT_DOUBLE},
    {DT_INT8, DT_INT16, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_FLOAT16, DT_BF16, DT_FLOAT,
     DT_DOUBLE},
    {DT_INT16, DT_INT16, DT_INT16, DT_INT16, DT_INT32, DT_INT64, DT_FLOAT16, DT_BF16, DT_FLOAT,
     DT_DOUBLE},
    {DT_INT32, DT_INT32, DT_INT32, DT_INT32, DT_INT32, DT_INT64, DT_FLOAT16, DT_BF16, DT_FLOAT,
     DT_DOUBLE},
    {DT_INT64, DT_INT64, DT_INT64, DT_INT64, DT_INT64, DT_INT64, DT_FLOAT16, DT_BF16, DT_FLOAT,
     DT_DOUBLE},
    {DT_FLOAT16, DT_FLOAT16, DT_FLOAT16, DT_FLOAT16, DT_FLOAT16, DT_FLOAT16, DT_FLOAT16, DT_FLOAT,
     DT_FLOAT, DT_DOUBLE},
    {DT_BF16, DT_BF16, DT_BF16, DT_BF16, DT_BF16, DT_BF16, DT_FLOAT, DT_BF16, DT_FLOAT, DT_DOUBLE},
    {DT_FLOAT, DT_FLOAT, DT_FLOAT, DT_FLOAT, DT_FLOAT, DT_FLOAT, DT_FLOAT, DT_FLOAT, DT_FLOAT,
     DT_DOUBLE},
    {DT_DOUBLE, DT_DOUBLE, DT_DOUBLE, DT_DOUBLE, DT_DOUBLE, DT_DOUBLE, DT_DOUBLE, DT_DOUBLE,
     DT_DOUBLE, DT_DOUBLE},
};

const std::vector<DataType> kComplexTypes = {DT_COMPLEX32, DT_COMPLEX64, DT_COMPLEX128};

// kComplexWithReal[c][j] = kComplexTypes[c] ⊕ kRealTypes[j].
const DataType kComplexWithReal[3][10] = {
    {DT_COMPLEX32, DT_COMPLEX32, DT_COMPLEX32, DT_COMPLEX32, DT_COMPLEX32, DT_COMPLEX32,
     DT_COMPLEX32, DT_COMPLEX64, DT_COMPLEX64, DT_COMPLEX128},
    {DT_COMPLEX64, DT_COMPLEX64, DT_COMPLEX64, DT_COMPLEX64, DT_COMPLEX64, DT_COMPLEX64,
     DT_COMPLEX64, DT_COMPLEX64, DT_COMPLEX64, DT_COMPLEX128},
    {DT_COMPLEX128, DT_COMPLEX128, DT_COMPLEX128, DT_COMPLEX128, DT_COMPLEX128, DT_COMPLEX128,
     DT_COMPLEX128, DT_COMPLEX128, DT_COMPLEX128, DT_COMPLEX128},
};

TEST(DtypePromotionTest, RealTableEveryPair) {
  for (size_t i = 0; i < kRealTypes.size(); ++i) {
    for (size_t j = 0; j < kRealTypes.size(); ++j) {
      EXPECT_EQ(PromoteDtypes(kRealTypes[i], kRealTypes[j]), kRealTable[i][j])
          << DataTypeToString(kRealTypes[i]) << " with " << DataTypeToString(kRealTypes[j]);
    }
  }
}

TEST(DtypePromotionTest, ComplexWithRealAndComplexEveryPair) {
  for (size_t c = 0; c < kComplexTypes.size(); ++c) {
    for (size_t j = 0; j < kRealTypes.size(); ++j) {
      EXPECT_EQ(PromoteDtypes(kComplexTypes[c], kRealTypes[j]), kComplexWithReal[c][j])
          << DataTypeToString(kComplexTypes[c]) << " with " << DataTypeToString(kRealTypes[j]);
      EXPECT_EQ(PromoteDtypes(kRealTypes[j], kComplexTypes[c]), kComplexWithReal[c][j])
          << DataTypeToString(kRealTypes[j]) << " with " << DataTypeToString(kComplexTypes[c]);
    }
    for (size_t d = 0; d < kComplexTypes.size(); ++d) {
      EXPECT_EQ(PromoteDtypes(kComplexTypes[c], kComplexTypes[d]), kComplexTypes[std::max(c, d)]);
    }
  }
}

TEST(DtypePromotionTest, WideUnsignedTypesPromoteWithNothingElseEitherWay) {
  std::vector<DataType> partners = kRealTypes;
  partners.insert(partners.end(), kComplexTypes.begin(), kComplexTypes.end());
  for (DataType wide : {DT_UINT16, DT_UINT32, DT_UINT64}) {
    EXPECT_EQ(PromoteDtypes(wide, wide), wide);
    for (DataType other : partners) {
      EXPECT_EQ(PromoteDtypes(wide, other), DT_UNDEFINED) << DataTypeToString(other);
      EXPECT_EQ(PromoteDtypes(other, wide), DT_UNDEFINED) << DataTypeToString(other);
    }
  }
  EXPECT_EQ(PromoteDtypes(DT_UINT16, DT_UINT32), DT_UNDEFINED);
  EXPECT_EQ(PromoteDtypes(DT_UINT64, DT_UINT32), DT_UNDEFINED);
}

TEST(DtypePromotionTest, EveryOtherPairIsUndefined) {
  // Every valid dtype that is neither on the real axis, complex nor a wide unsigned type.
  std::vector<DataType> table_types = kRealTypes;
  table_types.insert(table_types.end(), kComplexTypes.begin(), kComplexTypes.end());
  table_types.insert(table_types.end(), {DT_UINT16, DT_UINT32, DT_UINT64});
  for (int32_t value = 0; value < DT_MAX; ++value) {
    const DataType other = static_cast<DataType>(value);
    if (!IsValidDataType(value) || other == DT_UNDEFINED ||
        std::find(table_types.begin(), table_types.end(), other) != table_types.end()) {
      continue;
    }
    EXPECT_EQ(PromoteDtypes(other, other), other) << DataTypeToString(other);
    for (DataType type : table_types) {
      EXPECT_EQ(PromoteDtypes(other, type), DT_UNDEFINED)
          << DataTypeToString(other) << " with " << DataTypeToString(type);
      EXPECT_EQ(PromoteDtypes(type, other), DT_UNDEFINED)
          << DataTypeToString(type) << " with " << DataTypeToString(other);
    }
  }
  for (int32_t bad : {-1, static_cast<int32_t>(DT_UNDEFINED), static_cast<int32_t>(DT_MAX), 999}) {
    EXPECT_EQ(PromoteDtypes(static_cast<DataType>(bad), DT_FLOAT), DT_UNDEFINED) << bad;
    EXPECT_EQ(PromoteDtypes(DT_FLOAT, static_cast<DataType>(bad)), DT_UNDEFINED) << bad;
    EXPECT_EQ(PromoteDtypes(static_cast<DataType>(bad), static_cast<DataType>(bad)), DT_UNDEFINED);
  }
}

TEST(DtypePromotionTest, OpListAndComparisons) {
  for (const char *type : {"Add", "AddV2", "Sub", "Mul", "Div", "RealDiv", "Maximum", "Minimum",
                           "Pow", "FloorDiv", "FloorMod", "Mod"}) {
    EXPECT_TRUE(IsPromotingOpType(type)) << type;
    EXPECT_FALSE(IsPromotingComparison(type)) << type;
  }
  for (const char *type : {"Equal", "NotEqual", "Less", "LessEqual", "Greater", "GreaterEqual"}) {
    EXPECT_TRUE(IsPromotingOpType(type)) << type;
    EXPECT_TRUE(IsPromotingComparison(type)) << type;
  }
  for (const char *type : {"LogicalAnd", "AddN", "Select", "Cast", "MatMul", "AddCustom"}) {
    EXPECT_FALSE(IsPromotingOpType(type)) << type;
  }
}

OpDesc DescWithInputs(const std::vector<DataType> &types) {
  OpDesc desc("node", "Fake");
  for (size_t i = 0; i < types.size(); ++i) {
    desc.AddInputDesc("x" + std::to_string(i), GeTensorDesc(GeShape({2}), FORMAT_ND, types[i]));
  }
  return desc;
}

TEST(DtypePromotionTest, FoldsLeftToRight) {
  OpDesc desc = DescWithInputs({DT_UINT8, DT_INT8, DT_FLOAT16, DT_BF16});
  InferShapeContext context(&desc, {}, {});
  DataType promoted = DT_UNDEFINED;
  ASSERT_EQ(PromoteInputDtypes(context, 0, 2, &promoted), SUCCESS) << GetLastError();
  EXPECT_EQ(promoted, DT_INT16);
  ASSERT_EQ(PromoteInputDtypes(context, 0, 3, &promoted), SUCCESS) << GetLastError();
  EXPECT_EQ(promoted, DT_FLOAT16);
  ASSERT_EQ(PromoteInputDtypes(context, 0, 4, &promoted), SUCCESS) << GetLastError();
  EXPECT_EQ(promoted, DT_FLOAT);
  ASSERT_EQ(PromoteInputDtypes(context, 2, 2, &promoted), SUCCESS) << GetLastError();
  EXPECT_EQ(promoted, DT_FLOAT);
}

TEST(DtypePromotionTest, UndefinedPairFailsNamingNodeAndBothDtypes) {
  OpDesc desc = DescWithInputs({DT_INT32, DT_INT32, DT_UINT32});
  InferShapeContext context(&desc, {}, {});
  DataType promoted = DT_UNDEFINED;
  ASSERT_NE(PromoteInputDtypes(context, 0, 3, &promoted), SUCCESS);
  const std::string error = GetLastError();
  EXPECT_NE(error.find("node 'node' (Fake)"), std::string::npos) << error;
  EXPECT_NE(error.find("input 2 has dtype DT_UINT32"), std::string::npos) << error;
  EXPECT_NE(error.find("does not combine with DT_INT32 (inputs 0..1)"), std::string::npos) << error;
  EXPECT_EQ(promoted, DT_UNDEFINED);
}

}  // namespace
}  // namespace ge
