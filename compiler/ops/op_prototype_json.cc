// OpPrototype <-> JSON conversion.
#include "ops/op_prototype_json.h"

#include <cstdio>
#include <cstdlib>

#include "common/error.h"
#include "ops/infer_helpers.h"

namespace ge {
namespace {
const AttrValueType kAllAttrTypes[] = {
    AttrValueType::kString,      AttrValueType::kFloat,          AttrValueType::kBool,
    AttrValueType::kInt,         AttrValueType::kTensorDesc,     AttrValueType::kTensor,
    AttrValueType::kBytes,       AttrValueType::kGraph,          AttrValueType::kNamedAttrs,
    AttrValueType::kListListInt, AttrValueType::kDataType,       AttrValueType::kListListFloat,
    AttrValueType::kListString,  AttrValueType::kListFloat,      AttrValueType::kListBool,
    AttrValueType::kListInt,     AttrValueType::kListTensorDesc, AttrValueType::kListTensor,
    AttrValueType::kListBytes,   AttrValueType::kListGraph,      AttrValueType::kListNamedAttrs,
    AttrValueType::kListDataType};

// A float as the double whose shortest text reads back as the same float, so 1e-4F is written
// 0.0001 and not 9.99999974737875e-05.
JsonValue FloatToJson(float value) {
  char buffer[32];
  for (int precision = 6; precision <= 9; ++precision) {
    std::snprintf(buffer, sizeof(buffer), "%.*g", precision, static_cast<double>(value));
    if (std::strtof(buffer, nullptr) == value) {
      break;
    }
  }
  return JsonValue(std::strtod(buffer, nullptr));
}

template <typename T, typename F>
JsonValue ListToJson(const std::vector<T> &values, F convert) {
  JsonValue array = JsonValue::MakeArray();
  for (const T &value : values) {
    array.Append(convert(value));
  }
  return array;
}

JsonValue DtypesToJson(const std::vector<DataType> &types) {
  return ListToJson(types, [](DataType t) { return JsonValue(DataTypeToString(t)); });
}

Status DtypeFromJson(const JsonValue &json, const std::string &where, DataType *type) {
  if (json.IsInteger() && IsValidDataType(static_cast<int32_t>(json.GetInt()))) {
    *type = static_cast<DataType>(json.GetInt());
    return SUCCESS;
  }
  if (json.IsString()) {
    DataType parsed = DataTypeFromString(json.GetString());
    if (parsed != DT_UNDEFINED || json.GetString() == "DT_UNDEFINED") {
      *type = parsed;
      return SUCCESS;
    }
  }
  return Fail(where + ": " + json.Dump() + " is not a data type name (\"DT_FLOAT\") or value");
}

Status DtypesFromJson(const JsonValue *json, const std::string &where,
                      std::vector<DataType> *types) {
  types->clear();
  if (json == nullptr || json->IsNull()) {
    return SUCCESS;
  }
  if (!json->IsArray()) {
    return Fail(where + ".dtypes must be an array");
  }
  for (const JsonValue &entry : json->GetArray()) {
    DataType type = DT_UNDEFINED;
    if (DtypeFromJson(entry, where + ".dtypes", &type) != SUCCESS) {
      return FAILED;
    }
    types->push_back(type);
  }
  return SUCCESS;
}

Status RequireString(const JsonValue &object, const std::string &key, const std::string &where,
                     std::string *out) {
  const JsonValue *value = object.Find(key);
  if (value == nullptr || !value->IsString() || value->GetString().empty()) {
    return Fail(where + ": member \"" + key + "\" must be a non-empty string");
  }
  *out = value->GetString();
  return SUCCESS;
}

std::string OptionalString(const JsonValue &object, const std::string &key,
                           const std::string &fallback) {
  const JsonValue *value = object.Find(key);
  return value != nullptr && value->IsString() ? value->GetString() : fallback;
}

Status ArrayMember(const JsonValue &json, const std::string &key, const JsonValue::Array **array) {
  static const JsonValue::Array kNone;
  const JsonValue *value = json.Find(key);
  if (value == nullptr || value->IsNull()) {
    *array = &kNone;
    return SUCCESS;
  }
  if (!value->IsArray()) {
    return Fail("op prototype JSON: member \"" + key + "\" must be an array");
  }
  *array = &value->GetArray();
  return SUCCESS;
}

Status InferSameAsInput(InferShapeContext &context, size_t input) {
  if (input >= context.GetInputsSize()) {
    return context.Error("shape rule same_as_input refers to input " + std::to_string(input) +
                         " but the node has " + std::to_string(context.GetInputsSize()) +
                         " inputs");
  }
  for (size_t i = 0; i < context.GetOutputsSize(); ++i) {
    if (context.PassThrough(input, i) != SUCCESS) {
      return FAILED;
    }
  }
  return SUCCESS;
}

Status InferBroadcastAll(InferShapeContext &context) {
  if (context.GetInputsSize() == 0 || context.GetOutputsSize() == 0) {
    return context.Error("shape rule broadcast needs at least one input and one output");
  }
  return InferBroadcastInputs(context, 0, context.GetInputsSize(), InputDtype(context, 0));
}

Status InferRuleFromJson(const JsonValue *json, const std::string &where, InferShapeFn *fn) {
  *fn = nullptr;
  if (json == nullptr || json->IsNull()) {
    return SUCCESS;
  }
  std::string rule = json->IsString() ? json->GetString() : OptionalString(*json, "rule", "");
  if (rule == "unknown") {
    return SUCCESS;
  }
  if (rule == "same_as_input") {
    const JsonValue *input = json->Find("input");
    int64_t index = input == nullptr ? 0 : input->GetInt();
    if (input != nullptr && (!input->IsInteger() || index < 0)) {
      return Fail(where + ".infer.input must be a non-negative integer");
    }
    *fn = [index](InferShapeContext &context) {
      return InferSameAsInput(context, static_cast<size_t>(index));
    };
    return SUCCESS;
  }
  if (rule == "broadcast") {
    *fn = InferBroadcastAll;
    return SUCCESS;
  }
  return Fail(where + ".infer: rule \"" + rule +
              "\" is not one of \"unknown\", \"same_as_input\", \"broadcast\"");
}

template <typename T, typename F>
Status ListFromJson(const JsonValue &json, F convert, std::vector<T> *out) {
  if (!json.IsArray()) {
    return FAILED;
  }
  out->clear();
  for (const JsonValue &entry : json.GetArray()) {
    T value;
    if (!convert(entry, &value)) {
      return FAILED;
    }
    out->push_back(value);
  }
  return SUCCESS;
}

bool IntFromJson(const JsonValue &json, int64_t *out) {
  if (!json.IsInteger()) return false;
  *out = json.GetInt();
  return true;
}

bool FloatFromJson(const JsonValue &json, float *out) {
  if (!json.IsNumber()) return false;
  *out = static_cast<float>(json.GetDouble());
  return true;
}

bool BoolFromJson(const JsonValue &json, bool *out) {
  if (!json.IsBool()) return false;
  *out = json.GetBool();
  return true;
}

bool StringFromJson(const JsonValue &json, std::string *out) {
  if (!json.IsString()) return false;
  *out = json.GetString();
  return true;
}

bool DataTypeFromJsonValue(const JsonValue &json, DataType *out) {
  return DtypeFromJson(json, "", out) == SUCCESS;
}
}  // namespace

AttrValueType AttrValueTypeFromName(const std::string &name) {
  for (AttrValueType type : kAllAttrTypes) {
    if (AttrValueTypeName(type) == name) {
      return type;
    }
  }
  return AttrValueType::kNone;
}

JsonValue AttrValueToJson(const GeAttrValue &value) {
  if (const auto *v = value.Get<std::string>()) return JsonValue(*v);
  if (const auto *v = value.Get<float>()) return FloatToJson(*v);
  if (const auto *v = value.Get<bool>()) return JsonValue(*v);
  if (const auto *v = value.Get<int64_t>()) return JsonValue(*v);
  if (const auto *v = value.Get<DataType>()) return JsonValue(static_cast<int64_t>(*v));
  if (const auto *v = value.Get<std::vector<std::string>>()) {
    return ListToJson(*v, [](const std::string &s) { return JsonValue(s); });
  }
  if (const auto *v = value.Get<std::vector<float>>()) return ListToJson(*v, FloatToJson);
  if (const auto *v = value.Get<std::vector<bool>>()) {
    JsonValue array = JsonValue::MakeArray();
    for (bool b : *v) array.Append(JsonValue(b));
    return array;
  }
  if (const auto *v = value.Get<std::vector<int64_t>>()) {
    return ListToJson(*v, [](int64_t i) { return JsonValue(i); });
  }
  if (const auto *v = value.Get<std::vector<DataType>>()) {
    return ListToJson(*v, [](DataType t) { return JsonValue(static_cast<int64_t>(t)); });
  }
  if (const auto *v = value.Get<std::vector<std::vector<int64_t>>>()) {
    return ListToJson(*v, [](const std::vector<int64_t> &row) {
      return ListToJson(row, [](int64_t i) { return JsonValue(i); });
    });
  }
  if (const auto *v = value.Get<std::vector<std::vector<float>>>()) {
    return ListToJson(*v,
                      [](const std::vector<float> &row) { return ListToJson(row, FloatToJson); });
  }
  return JsonValue();
}

Status AttrValueFromJson(const JsonValue &json, AttrValueType type, GeAttrValue *value) {
  bool ok = false;
  switch (type) {
    case AttrValueType::kString: {
      std::string v;
      ok = StringFromJson(json, &v);
      if (ok) *value = GeAttrValue(v);
      break;
    }
    case AttrValueType::kFloat: {
      float v = 0.0F;
      ok = FloatFromJson(json, &v);
      if (ok) *value = GeAttrValue(v);
      break;
    }
    case AttrValueType::kBool: {
      bool v = false;
      ok = BoolFromJson(json, &v);
      if (ok) *value = GeAttrValue(v);
      break;
    }
    case AttrValueType::kInt: {
      int64_t v = 0;
      ok = IntFromJson(json, &v);
      if (ok) *value = GeAttrValue(v);
      break;
    }
    case AttrValueType::kDataType: {
      DataType v = DT_UNDEFINED;
      ok = DataTypeFromJsonValue(json, &v);
      if (ok) *value = GeAttrValue(v);
      break;
    }
    case AttrValueType::kListString: {
      std::vector<std::string> v;
      ok = ListFromJson(json, StringFromJson, &v) == SUCCESS;
      if (ok) *value = GeAttrValue(v);
      break;
    }
    case AttrValueType::kListFloat: {
      std::vector<float> v;
      ok = ListFromJson(json, FloatFromJson, &v) == SUCCESS;
      if (ok) *value = GeAttrValue(v);
      break;
    }
    case AttrValueType::kListBool: {
      std::vector<bool> v;
      ok = ListFromJson(json, BoolFromJson, &v) == SUCCESS;
      if (ok) *value = GeAttrValue(v);
      break;
    }
    case AttrValueType::kListInt: {
      std::vector<int64_t> v;
      ok = ListFromJson(json, IntFromJson, &v) == SUCCESS;
      if (ok) *value = GeAttrValue(v);
      break;
    }
    case AttrValueType::kListDataType: {
      std::vector<DataType> v;
      ok = ListFromJson(json, DataTypeFromJsonValue, &v) == SUCCESS;
      if (ok) *value = GeAttrValue(v);
      break;
    }
    case AttrValueType::kListListInt: {
      std::vector<std::vector<int64_t>> v;
      ok = ListFromJson(
               json,
               [](const JsonValue &row, std::vector<int64_t> *out) {
                 return ListFromJson(row, IntFromJson, out) == SUCCESS;
               },
               &v) == SUCCESS;
      if (ok) *value = GeAttrValue(v);
      break;
    }
    case AttrValueType::kListListFloat: {
      std::vector<std::vector<float>> v;
      ok = ListFromJson(
               json,
               [](const JsonValue &row, std::vector<float> *out) {
                 return ListFromJson(row, FloatFromJson, out) == SUCCESS;
               },
               &v) == SUCCESS;
      if (ok) *value = GeAttrValue(v);
      break;
    }
    default:
      // Tensors, graphs, bytes, descs and named attrs have no JSON default: null = empty.
      if (json.IsNull()) {
        *value = GeAttrValue();
        return SUCCESS;
      }
      return Fail("a default of type '" + AttrValueTypeName(type) +
                  "' cannot be given in JSON (use null)");
  }
  if (!ok) {
    return Fail("value " + json.Dump() + " does not fit attribute type '" +
                AttrValueTypeName(type) + "'");
  }
  return SUCCESS;
}

JsonValue PrototypeToJson(const OpPrototype &prototype) {
  static const char *kInputKinds[] = {"required", "optional", "dynamic"};
  static const char *kOutputKinds[] = {"required", "dynamic"};
  JsonValue json = JsonValue::MakeObject();
  json.Set("type", prototype.type);
  json.Set("module", prototype.module);
  json.Set("doc", prototype.doc);
  JsonValue &inputs = json.Set("inputs", JsonValue::MakeArray());
  for (const OpInputDef &input : prototype.inputs) {
    JsonValue entry = JsonValue::MakeObject();
    entry.Set("name", input.name);
    entry.Set("kind", kInputKinds[static_cast<int>(input.kind)]);
    entry.Set("dtypes", DtypesToJson(input.dtypes));
    inputs.Append(std::move(entry));
  }
  JsonValue &outputs = json.Set("outputs", JsonValue::MakeArray());
  for (const OpOutputDef &output : prototype.outputs) {
    JsonValue entry = JsonValue::MakeObject();
    entry.Set("name", output.name);
    entry.Set("kind", kOutputKinds[static_cast<int>(output.kind)]);
    entry.Set("dtypes", DtypesToJson(output.dtypes));
    outputs.Append(std::move(entry));
  }
  JsonValue &attrs = json.Set("attrs", JsonValue::MakeArray());
  for (const OpAttrDef &attr : prototype.attrs) {
    JsonValue entry = JsonValue::MakeObject();
    entry.Set("name", attr.name);
    entry.Set("type", AttrValueTypeName(attr.type));
    entry.Set("required", attr.required);
    entry.Set("default", attr.required ? JsonValue() : AttrValueToJson(attr.default_value));
    attrs.Append(std::move(entry));
  }
  JsonValue &subgraphs = json.Set("subgraphs", JsonValue::MakeArray());
  for (const auto &subgraph : prototype.subgraphs) {
    JsonValue entry = JsonValue::MakeObject();
    entry.Set("name", subgraph.first);
    entry.Set("kind", subgraph.second == SubgraphType::kDynamic ? "dynamic" : "static");
    subgraphs.Append(std::move(entry));
  }
  json.Set("has_infer_shape", static_cast<bool>(prototype.infer_shape));
  return json;
}

Status PrototypeFromJson(const JsonValue &json, OpPrototype *prototype) {
  if (!json.IsObject()) {
    return Fail("op prototype JSON must be an object, got " + json.Dump());
  }
  OpPrototype result;
  if (RequireString(json, "type", "op prototype JSON", &result.type) != SUCCESS) {
    return FAILED;
  }
  const std::string where = "op prototype JSON of '" + result.type + "'";
  result.module = OptionalString(json, "module", "custom");
  result.doc = OptionalString(json, "doc", "");
  const JsonValue::Array *array = nullptr;
  if (ArrayMember(json, "inputs", &array) != SUCCESS) return FAILED;
  for (size_t i = 0; i < array->size(); ++i) {
    const JsonValue &entry = (*array)[i];
    std::string item = where + " inputs[" + std::to_string(i) + "]";
    OpInputDef input;
    if (RequireString(entry, "name", item, &input.name) != SUCCESS) return FAILED;
    std::string kind = OptionalString(entry, "kind", "required");
    if (kind == "required")
      input.kind = IrInputType::kRequired;
    else if (kind == "optional")
      input.kind = IrInputType::kOptional;
    else if (kind == "dynamic")
      input.kind = IrInputType::kDynamic;
    else
      return Fail(item + ": kind \"" + kind + "\" is not required, optional or dynamic");
    if (DtypesFromJson(entry.Find("dtypes"), item, &input.dtypes) != SUCCESS) return FAILED;
    result.inputs.push_back(std::move(input));
  }
  if (ArrayMember(json, "outputs", &array) != SUCCESS) return FAILED;
  for (size_t i = 0; i < array->size(); ++i) {
    const JsonValue &entry = (*array)[i];
    std::string item = where + " outputs[" + std::to_string(i) + "]";
    OpOutputDef output;
    if (RequireString(entry, "name", item, &output.name) != SUCCESS) return FAILED;
    std::string kind = OptionalString(entry, "kind", "required");
    if (kind == "required")
      output.kind = IrOutputType::kRequired;
    else if (kind == "dynamic")
      output.kind = IrOutputType::kDynamic;
    else
      return Fail(item + ": kind \"" + kind + "\" is not required or dynamic");
    if (DtypesFromJson(entry.Find("dtypes"), item, &output.dtypes) != SUCCESS) return FAILED;
    result.outputs.push_back(std::move(output));
  }
  if (ArrayMember(json, "attrs", &array) != SUCCESS) return FAILED;
  for (size_t i = 0; i < array->size(); ++i) {
    const JsonValue &entry = (*array)[i];
    std::string item = where + " attrs[" + std::to_string(i) + "]";
    OpAttrDef attr;
    std::string type_name;
    if (RequireString(entry, "name", item, &attr.name) != SUCCESS ||
        RequireString(entry, "type", item, &type_name) != SUCCESS) {
      return FAILED;
    }
    attr.type = AttrValueTypeFromName(type_name);
    if (attr.type == AttrValueType::kNone) {
      return Fail(item + ": type \"" + type_name + "\" is not an attribute type name (\"int\", " +
                  "\"list_int\", \"float\", \"string\", \"tensor\", ...)");
    }
    const JsonValue *required = entry.Find("required");
    attr.required = required != nullptr && required->GetBool();
    // null (as written for a default JSON cannot hold) leaves the attribute without a default.
    const JsonValue *default_value = entry.Find("default");
    if (!attr.required && default_value != nullptr && !default_value->IsNull() &&
        AttrValueFromJson(*default_value, attr.type, &attr.default_value) != SUCCESS) {
      AppendLastError("in " + item + " ('" + attr.name + "')");
      return FAILED;
    }
    result.attrs.push_back(std::move(attr));
  }
  if (ArrayMember(json, "subgraphs", &array) != SUCCESS) return FAILED;
  for (size_t i = 0; i < array->size(); ++i) {
    const JsonValue &entry = (*array)[i];
    std::string item = where + " subgraphs[" + std::to_string(i) + "]";
    std::string name;
    if (RequireString(entry, "name", item, &name) != SUCCESS) return FAILED;
    std::string kind = OptionalString(entry, "kind", "static");
    if (kind != "static" && kind != "dynamic") {
      return Fail(item + ": kind \"" + kind + "\" is not static or dynamic");
    }
    result.subgraphs.emplace_back(
        name, kind == "dynamic" ? SubgraphType::kDynamic : SubgraphType::kStatic);
  }
  if (InferRuleFromJson(json.Find("infer"), where, &result.infer_shape) != SUCCESS) {
    return FAILED;
  }
  *prototype = std::move(result);
  return SUCCESS;
}

}  // namespace ge
