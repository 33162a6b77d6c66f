// OpDefBuilder and the dtype sets of the op protos.
#include "ops/op_def_builder.h"

#include <algorithm>

namespace ge {
namespace dtypes {
const std::vector<DataType> &Index() {
  static const std::vector<DataType> kTypes = {DT_INT32, DT_INT64};
  return kTypes;
}

const std::vector<DataType> &Bool() {
  static const std::vector<DataType> kTypes = {DT_BOOL};
  return kTypes;
}

const std::vector<DataType> &Host() {
  static const std::vector<DataType> kTypes = {DT_BOOL,  DT_INT8,   DT_UINT8, DT_INT16,  DT_UINT16,
                                               DT_INT32, DT_UINT32, DT_INT64, DT_UINT64, DT_FLOAT16,
                                               DT_BF16,  DT_FLOAT,  DT_DOUBLE};
  return kTypes;
}

const std::vector<DataType> &HostReal() {
  static const std::vector<DataType> kTypes = {DT_INT8,    DT_UINT8,  DT_INT16, DT_UINT16,
                                               DT_INT32,   DT_UINT32, DT_INT64, DT_UINT64,
                                               DT_FLOAT16, DT_BF16,   DT_FLOAT, DT_DOUBLE};
  return kTypes;
}

const std::vector<DataType> &HostFloat() {
  static const std::vector<DataType> kTypes = {DT_FLOAT16, DT_BF16, DT_FLOAT, DT_DOUBLE};
  return kTypes;
}

const std::vector<DataType> &HostMatMul() {
  static const std::vector<DataType> kTypes = {DT_FLOAT16, DT_BF16,  DT_FLOAT,
                                               DT_DOUBLE,  DT_INT32, DT_INT64};
  return kTypes;
}

const std::vector<DataType> &HostStorable() {
  static const std::vector<DataType> kTypes = [] {
    std::vector<DataType> types;
    for (int32_t value = 0; value < DT_MAX; ++value) {
      const int32_t width =
          IsValidDataType(value) ? GetSizeByDataType(static_cast<DataType>(value)) : 0;
      if (width == 1 || width == 2 || width == 4 || width == 8 || width == 16) {
        types.push_back(static_cast<DataType>(value));
      }
    }
    return types;
  }();
  return kTypes;
}

const std::vector<DataType> &HostNarrow() {
  static const std::vector<DataType> kTypes = {
      DT_FLOAT8_E4M3FN, DT_FLOAT8_E5M2, DT_FLOAT8_E8M0, DT_FLOAT4_E2M1, DT_INT4, DT_INT2, DT_UINT2};
  return kTypes;
}

const std::vector<DataType> &HostHeld() {
  static const std::vector<DataType> kTypes = [] {
    std::vector<DataType> types = HostStorable();
    for (DataType dtype : HostNarrow()) {
      if (std::find(types.begin(), types.end(), dtype) == types.end()) {
        types.push_back(dtype);
      }
    }
    return types;
  }();
  return kTypes;
}
}  // namespace dtypes

OpDefBuilder::OpDefBuilder(std::string type, std::string module) {
  prototype_.type = std::move(type);
  prototype_.module = std::move(module);
}

OpDefBuilder &OpDefBuilder::Input(std::string name, std::vector<DataType> types) {
  prototype_.inputs.push_back({std::move(name), IrInputType::kRequired, std::move(types)});
  return *this;
}

OpDefBuilder &OpDefBuilder::OptionalInput(std::string name, std::vector<DataType> types) {
  prototype_.inputs.push_back({std::move(name), IrInputType::kOptional, std::move(types)});
  return *this;
}

OpDefBuilder &OpDefBuilder::DynamicInput(std::string name, std::vector<DataType> types) {
  prototype_.inputs.push_back({std::move(name), IrInputType::kDynamic, std::move(types)});
  return *this;
}

OpDefBuilder &OpDefBuilder::Output(std::string name, std::vector<DataType> types) {
  prototype_.outputs.push_back({std::move(name), IrOutputType::kRequired, std::move(types)});
  return *this;
}

OpDefBuilder &OpDefBuilder::DynamicOutput(std::string name, std::vector<DataType> types) {
  prototype_.outputs.push_back({std::move(name), IrOutputType::kDynamic, std::move(types)});
  return *this;
}

OpDefBuilder &OpDefBuilder::Attr(std::string name, AttrValueType type, GeAttrValue default_value) {
  prototype_.attrs.push_back({std::move(name), type, false, std::move(default_value)});
  return *this;
}

OpDefBuilder &OpDefBuilder::RequiredAttr(std::string name, AttrValueType type) {
  prototype_.attrs.push_back({std::move(name), type, true, GeAttrValue()});
  return *this;
}

OpDefBuilder &OpDefBuilder::Subgraph(std::string name) {
  prototype_.subgraphs.emplace_back(std::move(name), SubgraphType::kStatic);
  return *this;
}

OpDefBuilder &OpDefBuilder::DynamicSubgraph(std::string name) {
  prototype_.subgraphs.emplace_back(std::move(name), SubgraphType::kDynamic);
  return *this;
}

OpDefBuilder &OpDefBuilder::Doc(std::string doc) {
  prototype_.doc = std::move(doc);
  return *this;
}

OpDefBuilder &OpDefBuilder::Infer(InferShapeFn fn) {
  prototype_.infer_shape = std::move(fn);
  return *this;
}

}  // namespace ge
