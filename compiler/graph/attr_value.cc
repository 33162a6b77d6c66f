// GeAttrValue type ids and names.
#include "graph/attr_value.h"

#include <array>

namespace ge {
// Attr maps hold one of these per entry: keep it the size of a string plus the variant's index.
static_assert(sizeof(GeAttrValue) <= sizeof(std::string) + sizeof(size_t),
              "box the new large alternative (AttrBox) to keep attr map entries small");

namespace {
// Storage alternative index → AttrValueType, in GeAttrValue::Storage order.
constexpr std::array<AttrValueType, std::variant_size_v<GeAttrValue::Storage>> kTypeByIndex = {{
    AttrValueType::kNone,           AttrValueType::kString,       AttrValueType::kFloat,
    AttrValueType::kBool,           AttrValueType::kInt,          AttrValueType::kTensorDesc,
    AttrValueType::kTensor,         AttrValueType::kBytes,        AttrValueType::kGraph,
    AttrValueType::kNamedAttrs,     AttrValueType::kListListInt,  AttrValueType::kDataType,
    AttrValueType::kListListFloat,  AttrValueType::kListString,   AttrValueType::kListFloat,
    AttrValueType::kListBool,       AttrValueType::kListInt,      AttrValueType::kListTensorDesc,
    AttrValueType::kListTensor,     AttrValueType::kListBytes,    AttrValueType::kListGraph,
    AttrValueType::kListNamedAttrs, AttrValueType::kListDataType, AttrValueType::kListString,
}};
}  // namespace

bool NamedAttrs::operator==(const NamedAttrs &other) const {
  return name == other.name && attrs == other.attrs;
}

AttrValueType GeAttrValue::GetValueType() const { return kTypeByIndex[storage_.index()]; }

GeAttrValue GeAttrValue::Shared(SharedStringList list) {
  GeAttrValue value;
  if (list == nullptr) {
    value.storage_ = StringList();
  } else {
    value.storage_ = std::move(list);
  }
  return value;
}

void GeAttrValue::Unshare() {
  if (const auto *shared = std::get_if<SharedStringList>(&storage_)) {
    StringList copy = **shared;
    storage_ = std::move(copy);
  }
}

bool GeAttrValue::operator==(const GeAttrValue &other) const {
  const StringList *mine = Get<StringList>();
  const StringList *theirs = other.Get<StringList>();
  if (mine != nullptr || theirs != nullptr) {
    return mine != nullptr && theirs != nullptr && *mine == *theirs;
  }
  return storage_ == other.storage_;
}

std::string AttrValueTypeName(AttrValueType type) {
  switch (type) {
    case AttrValueType::kNone: return "none";
    case AttrValueType::kString: return "string";
    case AttrValueType::kFloat: return "float";
    case AttrValueType::kBool: return "bool";
    case AttrValueType::kInt: return "int";
    case AttrValueType::kTensorDesc: return "tensor_desc";
    case AttrValueType::kTensor: return "tensor";
    case AttrValueType::kBytes: return "bytes";
    case AttrValueType::kGraph: return "graph";
    case AttrValueType::kNamedAttrs: return "named_attrs";
    case AttrValueType::kListListInt: return "list_list_int";
    case AttrValueType::kDataType: return "data_type";
    case AttrValueType::kListListFloat: return "list_list_float";
    case AttrValueType::kListString: return "list_string";
    case AttrValueType::kListFloat: return "list_float";
    case AttrValueType::kListBool: return "list_bool";
    case AttrValueType::kListInt: return "list_int";
    case AttrValueType::kListTensorDesc: return "list_tensor_desc";
    case AttrValueType::kListTensor: return "list_tensor";
    case AttrValueType::kListBytes: return "list_bytes";
    case AttrValueType::kListGraph: return "list_graph";
    case AttrValueType::kListNamedAttrs: return "list_named_attrs";
    case AttrValueType::kListDataType: return "list_data_type";
    default: return "unknown";
  }
}

}  // namespace ge
