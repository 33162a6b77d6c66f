// GE's dtype promotion table, written as the rules it follows.
#include "ops/dtype_promotion.h"

#include <set>

namespace ge {
namespace {

// Position on the real axis of GE's table: bool, the integers (uint8 before int8), the floats.
int RealRank(DataType type) {
  switch (type) {
    case DT_BOOL: return 0;
    case DT_UINT8: return 1;
    case DT_INT8: return 2;
    case DT_INT16: return 3;
    case DT_INT32: return 4;
    case DT_INT64: return 5;
    case DT_FLOAT16: return 6;
    case DT_BF16: return 7;
    case DT_FLOAT: return 8;
    case DT_DOUBLE: return 9;
    default: return -1;
  }
}

constexpr int kFirstFloatRank = 6;

int ComplexRank(DataType type) {
  switch (type) {
    case DT_COMPLEX32: return 0;
    case DT_COMPLEX64: return 1;
    case DT_COMPLEX128: return 2;
    default: return -1;
  }
}

DataType PromoteReal(DataType a, DataType b) {
  const int ra = RealRank(a);
  const int rb = RealRank(b);
  const bool float_a = ra >= kFirstFloatRank;
  const bool float_b = rb >= kFirstFloatRank;
  if (float_a != float_b) {
    return float_a ? a : b;  // an integer or bool with a float gives that float
  }
  const std::set<DataType> pair = {a, b};
  if (pair == std::set<DataType>{DT_UINT8, DT_INT8}) {
    return DT_INT16;
  }
  if (pair == std::set<DataType>{DT_FLOAT16, DT_BF16}) {
    return DT_FLOAT;
  }
  return ra >= rb ? a : b;
}

// `complex` with the real type `real`: complex32 widens for float32/bfloat16 (to complex64) and
// float64 (complex128); complex64 only for float64.
DataType PromoteComplexReal(DataType complex, DataType real) {
  if (complex == DT_COMPLEX128 || real == DT_DOUBLE) {
    return DT_COMPLEX128;
  }
  if (complex == DT_COMPLEX64 || real == DT_FLOAT || real == DT_BF16) {
    return DT_COMPLEX64;
  }
  return DT_COMPLEX32;
}

bool IsValid(DataType type) { return type >= DT_FLOAT && type < DT_MAX && type != DT_UNDEFINED; }

}  // namespace

DataType PromoteDtypes(DataType a, DataType b) {
  if (!IsValid(a) || !IsValid(b)) {
    return DT_UNDEFINED;
  }
  if (a == b) {
    return a;
  }
  const bool real_a = RealRank(a) >= 0;
  const bool real_b = RealRank(b) >= 0;
  const bool complex_a = ComplexRank(a) >= 0;
  const bool complex_b = ComplexRank(b) >= 0;
  if (real_a && real_b) {
    return PromoteReal(a, b);
  }
  if (complex_a && complex_b) {
    return ComplexRank(a) >= ComplexRank(b) ? a : b;
  }
  if (complex_a && real_b) {
    return PromoteComplexReal(a, b);
  }
  if (real_a && complex_b) {
    return PromoteComplexReal(b, a);
  }
  // uint16/32/64, strings, quantized and packed types promote with nothing else.
  return DT_UNDEFINED;
}

bool IsPromotingComparison(const std::string &type) {
  static const std::set<std::string> kTypes = {"Equal",     "NotEqual", "Less",
                                               "LessEqual", "Greater",  "GreaterEqual"};
  return kTypes.count(type) != 0;
}

bool IsPromotingOpType(const std::string &type) {
  static const std::set<std::string> kTypes = {"Add", "AddV2",    "Sub",      "Mul",
                                               "Div", "RealDiv",  "Maximum",  "Minimum",
                                               "Pow", "FloorDiv", "FloorMod", "Mod"};
  return kTypes.count(type) != 0 || IsPromotingComparison(type);
}

Status PromoteInputDtypes(const InferShapeContext &context, size_t first, size_t count,
                          DataType *promoted) {
  const GeTensorDesc *desc = context.GetInputDesc(first);
  DataType result = desc == nullptr ? DT_UNDEFINED : desc->GetDataType();
  for (size_t i = first + 1; i < first + count; ++i) {
    desc = context.GetInputDesc(i);
    const DataType next = desc == nullptr ? DT_UNDEFINED : desc->GetDataType();
    const DataType combined = PromoteDtypes(result, next);
    if (combined == DT_UNDEFINED) {
      return context.Error(
          "input " + std::to_string(i) + " has dtype " + DataTypeToString(next) +
          ", which GE's dtype promotion does not combine with " + DataTypeToString(result) +
          (i == first + 1
               ? " (input " + std::to_string(first) + ")"
               : " (inputs " + std::to_string(first) + ".." + std::to_string(i - 1) + ")"));
    }
    result = combined;
  }
  *promoted = result;
  return SUCCESS;
}

}  // namespace ge
