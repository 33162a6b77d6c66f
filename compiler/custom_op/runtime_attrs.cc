#include "ge/custom_op/runtime_attrs.h"

#include <utility>

namespace ge {
namespace custom_op {
namespace {

constexpr const char *kAttrKindNames[] = {
    "VT_INT",       "VT_FLOAT",       "VT_BOOL",           "VT_STRING",
    "VT_DATA_TYPE", "VT_TENSOR",      "VT_LIST_INT",       "VT_LIST_FLOAT",
    "VT_LIST_BOOL", "VT_LIST_STRING", "VT_LIST_DATA_TYPE", "VT_LIST_LIST_INT"};

}  // namespace

const char *AttrKindName(AttrKind kind) {
  const auto index = static_cast<size_t>(kind);
  return index < sizeof(kAttrKindNames) / sizeof(kAttrKindNames[0]) ? kAttrKindNames[index] : "";
}

TensorAttr::TensorAttr(const gert::StorageShape &shape, DataType data_type,
                       std::vector<uint8_t> data)
    : data_(std::move(data)), tensor_(shape, gert::StorageFormat(), data_type) {
  tensor_.MutableTensorData().SetAddr(data_.empty() ? nullptr : data_.data(), data_.size());
  tensor_.MutableTensorData().SetPlacement(gert::kOnHost);
}

bool RuntimeAttrs::GetKind(size_t index, AttrKind &kind) const {
  if (index >= values_.size()) {
    return false;
  }
  kind = static_cast<AttrKind>(values_[index].index());
  return true;
}

const gert::Tensor *RuntimeAttrs::GetTensor(size_t index) const {
  const auto *value = Get<std::shared_ptr<TensorAttr>>(index);
  return (value == nullptr || *value == nullptr) ? nullptr : &(*value)->GetTensor();
}

}  // namespace custom_op
}  // namespace ge
