// JSON export of op prototypes (see op_prototype_json.h).
#include "es/op_prototype_json.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <type_traits>
#include <variant>

namespace ge {
namespace es {
namespace {

void AppendString(std::ostringstream &out, const std::string &text) {
  out << '"';
  for (unsigned char c : text) {
    switch (c) {
      case '"': out << "\\\""; break;
      case '\\': out << "\\\\"; break;
      case '\n': out << "\\n"; break;
      case '\r': out << "\\r"; break;
      case '\t': out << "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof(buf), "\\u%04x", c);
          out << buf;
        } else {
          out << c;
        }
    }
  }
  out << '"';
}

void AppendFloat(std::ostringstream &out, float value) {
  if (!std::isfinite(value)) {
    out << "null";
    return;
  }
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.9g", static_cast<double>(value));
  out << buf;
}

template <typename T>
void AppendScalar(std::ostringstream &out, const T &value) {
  if constexpr (std::is_same_v<T, std::string>) {
    AppendString(out, value);
  } else if constexpr (std::is_same_v<T, float>) {
    AppendFloat(out, value);
  } else if constexpr (std::is_same_v<T, bool>) {
    out << (value ? "true" : "false");
  } else if constexpr (std::is_same_v<T, int64_t>) {
    out << value;
  } else if constexpr (std::is_same_v<T, DataType>) {
    out << static_cast<int32_t>(value);
  } else {
    out << "null";
  }
}

template <typename T>
void AppendList(std::ostringstream &out, const std::vector<T> &values) {
  out << '[';
  for (size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out << ", ";
    if constexpr (std::is_same_v<T, bool>) {
      out << (values[i] ? "true" : "false");
    } else {
      AppendScalar(out, values[i]);
    }
  }
  out << ']';
}

void AppendDefault(std::ostringstream &out, const GeAttrValue &value) {
  std::visit(
      [&out](const auto &v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, float> ||
                      std::is_same_v<T, bool> || std::is_same_v<T, int64_t> ||
                      std::is_same_v<T, DataType>) {
          AppendScalar(out, v);
        } else if constexpr (std::is_same_v<T, std::vector<std::string>> ||
                             std::is_same_v<T, std::vector<float>> ||
                             std::is_same_v<T, std::vector<int64_t>> ||
                             std::is_same_v<T, std::vector<DataType>>) {
          AppendList(out, v);
        } else if constexpr (std::is_same_v<T, SharedStringList>) {
          AppendList(out, *v);
        } else if constexpr (std::is_same_v<T, AttrBox<std::vector<bool>>>) {
          AppendList(out, v.Value());
        } else if constexpr (std::is_same_v<T, std::vector<std::vector<int64_t>>>) {
          out << '[';
          for (size_t i = 0; i < v.size(); ++i) {
            if (i > 0) out << ", ";
            AppendList(out, v[i]);
          }
          out << ']';
        } else {
          out << "null";
        }
      },
      value.GetStorage());
}

const char *InputKind(IrInputType kind) {
  switch (kind) {
    case IrInputType::kOptional: return "optional";
    case IrInputType::kDynamic: return "dynamic";
    default: return "required";
  }
}

}  // namespace

std::string PrototypeToJson(const OpPrototype &prototype) {
  std::ostringstream out;
  out << "{\"type\": ";
  AppendString(out, prototype.type);
  out << ", \"module\": ";
  AppendString(out, prototype.module);
  out << ", \"doc\": ";
  AppendString(out, prototype.doc);
  out << ", \"inputs\": [";
  for (size_t i = 0; i < prototype.inputs.size(); ++i) {
    out << (i > 0 ? ", [" : "[");
    AppendString(out, prototype.inputs[i].name);
    out << ", \"" << InputKind(prototype.inputs[i].kind) << "\"]";
  }
  out << "], \"outputs\": [";
  for (size_t i = 0; i < prototype.outputs.size(); ++i) {
    out << (i > 0 ? ", [" : "[");
    AppendString(out, prototype.outputs[i].name);
    out << (prototype.outputs[i].kind == IrOutputType::kDynamic ? ", \"dynamic\"]"
                                                                : ", \"required\"]");
  }
  out << "], \"attrs\": [";
  for (size_t i = 0; i < prototype.attrs.size(); ++i) {
    const OpAttrDef &attr = prototype.attrs[i];
    out << (i > 0 ? ", {\"name\": " : "{\"name\": ");
    AppendString(out, attr.name);
    out << ", \"type\": " << static_cast<int32_t>(attr.type)
        << ", \"required\": " << (attr.required ? "true" : "false") << ", \"default\": ";
    AppendDefault(out, attr.default_value);
    out << '}';
  }
  out << "], \"subgraphs\": [";
  for (size_t i = 0; i < prototype.subgraphs.size(); ++i) {
    out << (i > 0 ? ", [" : "[");
    AppendString(out, prototype.subgraphs[i].first);
    out << (prototype.subgraphs[i].second == SubgraphType::kDynamic ? ", \"dynamic\"]"
                                                                    : ", \"static\"]");
  }
  out << "]}";
  return out.str();
}

std::string AllPrototypesToJson() {
  std::vector<std::string> types = OpCatalog::Instance().ListTypes();
  std::sort(types.begin(), types.end());
  std::string json = "[";
  bool first = true;
  for (const std::string &type : types) {
    const OpPrototype *prototype = OpCatalog::Instance().Find(type);
    if (prototype == nullptr) {
      continue;  // unregistered concurrently
    }
    if (!first) json += ",\n";
    json += PrototypeToJson(*prototype);
    first = false;
  }
  json += "]";
  return json;
}

}  // namespace es
}  // namespace ge
