// Attribute conversion implementation.
#include "python_custom_op/attr_conversion.h"

#include <cmath>
#include <limits>

namespace ge {
namespace python_custom_op {
namespace {

constexpr AttrValueType kTypeOfKind[] = {
    AttrValueType::kInt,        AttrValueType::kFloat,        AttrValueType::kBool,
    AttrValueType::kString,     AttrValueType::kDataType,     AttrValueType::kTensor,
    AttrValueType::kListInt,    AttrValueType::kListFloat,    AttrValueType::kListBool,
    AttrValueType::kListString, AttrValueType::kListDataType, AttrValueType::kListListInt};
constexpr int32_t kKindCount = 12;

bool ToFloat(double value, float &out) {
  if (std::isfinite(value) && std::fabs(value) > std::numeric_limits<float>::max()) {
    return false;
  }
  out = static_cast<float>(value);
  return true;
}

bool ToDataType(int64_t value, DataType &out) {
  if (value < 0 || value >= static_cast<int64_t>(DT_MAX)) {
    return false;
  }
  out = static_cast<DataType>(value);
  return true;
}

bool ToDefault(const GeCustomOpProtoAttr &attr, GeAttrValue &out, std::string &error) {
  const GeCustomOpAttrDefault &value = attr.default_value;
  const std::string what = std::string("default value for attr '") + attr.name + "'";
  switch (attr.kind) {
    case 0: out = value.int_value; return true;
    case 1: {
      float number = 0.0F;
      if (!ToFloat(value.float_value, number)) {
        error = what + " is out of float32 range";
        return false;
      }
      out = number;
      return true;
    }
    case 2: out = value.int_value != 0; return true;
    case 3: out = std::string(value.string_value == nullptr ? "" : value.string_value); return true;
    case 4: {
      DataType dtype = DT_UNDEFINED;
      if (!ToDataType(value.int_value, dtype)) {
        error = what + " is not a valid DataType";
        return false;
      }
      out = dtype;
      return true;
    }
    case 6: out = std::vector<int64_t>(value.ints, value.ints + value.count); return true;
    case 7: {
      std::vector<float> items(value.count);
      for (size_t i = 0; i < value.count; ++i) {
        if (!ToFloat(value.floats[i], items[i])) {
          error = what + " has an element out of float32 range";
          return false;
        }
      }
      out = std::move(items);
      return true;
    }
    case 8: {
      std::vector<bool> items;
      for (size_t i = 0; i < value.count; ++i) {
        items.push_back(value.ints[i] != 0);
      }
      out = std::move(items);
      return true;
    }
    case 9: {
      GeAttrValue::StringList items;
      for (size_t i = 0; i < value.count; ++i) {
        items.emplace_back(value.strings[i] == nullptr ? "" : value.strings[i]);
      }
      out = std::move(items);
      return true;
    }
    case 10: {
      std::vector<DataType> items(value.count);
      for (size_t i = 0; i < value.count; ++i) {
        if (!ToDataType(value.ints[i], items[i])) {
          error = what + " must contain valid DataType values";
          return false;
        }
      }
      out = std::move(items);
      return true;
    }
    case 11: {
      std::vector<std::vector<int64_t>> rows;
      for (size_t i = 0; i < value.count; ++i) {
        rows.emplace_back(value.rows[i], value.rows[i] + value.row_lengths[i]);
      }
      out = std::move(rows);
      return true;
    }
    default: error = "Tensor attr '" + std::string(attr.name) + "' does not take a default";
  }
  return false;
}

std::shared_ptr<custom_op::TensorAttr> ToTensorAttr(const GeTensor &tensor) {
  const GeTensorDesc &desc = tensor.GetTensorDesc();
  gert::Shape shape;
  for (const int64_t dim : desc.GetShape().GetDims()) {
    shape.AppendDim(dim);
  }
  return std::make_shared<custom_op::TensorAttr>(gert::StorageShape(shape, shape),
                                                 desc.GetDataType(), tensor.GetBytes());
}

// The node's value of one attribute as the RuntimeAttrs alternative of its kind.
bool ToRuntimeValue(const GeAttrValue &value, AttrValueType type,
                    custom_op::RuntimeAttrs::Value &out) {
  switch (type) {
    case AttrValueType::kInt:
      if (const auto *v = value.Get<int64_t>()) {
        out = *v;
        return true;
      }
      return false;
    case AttrValueType::kFloat:
      if (const auto *v = value.Get<float>()) {
        out = *v;
        return true;
      }
      return false;
    case AttrValueType::kBool:
      if (const auto *v = value.Get<bool>()) {
        out = *v;
        return true;
      }
      return false;
    case AttrValueType::kString:
      if (const auto *v = value.Get<std::string>()) {
        out = *v;
        return true;
      }
      return false;
    case AttrValueType::kDataType:
      if (const auto *v = value.Get<DataType>()) {
        out = *v;
        return true;
      }
      return false;
    case AttrValueType::kTensor:
      if (const auto *v = value.Get<GeTensor>()) {
        out = ToTensorAttr(*v);
        return true;
      }
      return false;
    case AttrValueType::kListInt:
      if (const auto *v = value.Get<std::vector<int64_t>>()) {
        out = *v;
        return true;
      }
      return false;
    case AttrValueType::kListFloat:
      if (const auto *v = value.Get<std::vector<float>>()) {
        out = *v;
        return true;
      }
      return false;
    case AttrValueType::kListBool:
      if (const auto *v = value.Get<std::vector<bool>>()) {
        out = *v;
        return true;
      }
      return false;
    case AttrValueType::kListString:
      if (const auto *v = value.Get<GeAttrValue::StringList>()) {
        out = *v;
        return true;
      }
      return false;
    case AttrValueType::kListDataType:
      if (const auto *v = value.Get<std::vector<DataType>>()) {
        out = *v;
        return true;
      }
      return false;
    case AttrValueType::kListListInt:
      if (const auto *v = value.Get<std::vector<std::vector<int64_t>>>()) {
        out = *v;
        return true;
      }
      return false;
    default: return false;
  }
}

}  // namespace

bool ToAttrDef(const GeCustomOpProtoAttr &attr, OpAttrDef &def, std::string &error) {
  if (attr.kind < 0 || attr.kind >= kKindCount) {
    error =
        "attr '" + std::string(attr.name) + "' has an invalid kind " + std::to_string(attr.kind);
    return false;
  }
  if ((attr.is_required != 0) == (attr.default_value.has_value != 0)) {
    error = "attr '" + std::string(attr.name) +
            (attr.is_required != 0 ? "' is required but has a default"
                                   : "' is optional but has no default");
    return false;
  }
  def.name = attr.name;
  def.type = kTypeOfKind[attr.kind];
  def.required = attr.is_required != 0;
  def.default_value = GeAttrValue();
  return def.required || ToDefault(attr, def.default_value, error);
}

bool ReadRuntimeAttrs(const OpDesc &op_desc, const std::vector<OpAttrDef> &attrs,
                      custom_op::RuntimeAttrs &values, std::string &error) {
  for (const OpAttrDef &attr : attrs) {
    const GeAttrValue *value = op_desc.GetAttr(attr.name);
    if (value == nullptr) {
      value = attr.default_value.IsEmpty() ? nullptr : &attr.default_value;
    }
    if (value == nullptr) {
      error = "required attr '" + attr.name + "' is not set";
      return false;
    }
    custom_op::RuntimeAttrs::Value converted;
    if (!ToRuntimeValue(*value, attr.type, converted)) {
      error = "attr '" + attr.name + "' does not hold a value of its prototype type";
      return false;
    }
    values.Append(std::move(converted));
  }
  return true;
}

}  // namespace python_custom_op
}  // namespace ge
