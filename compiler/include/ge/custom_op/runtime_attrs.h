// ge::custom_op::RuntimeAttrs: the attribute values a custom-op callback reads, by IR attribute
// index, in the twelve types of a Python prototype. A getter returns nullptr when the index has
// no value or a value of another type, so a caller can report which of both it was asked for.
#ifndef GE_PY_GE_CUSTOM_OP_RUNTIME_ATTRS_H_
#define GE_PY_GE_CUSTOM_OP_RUNTIME_ATTRS_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "exe_graph/runtime/tensor.h"
#include "graph/types.h"

namespace ge {
namespace custom_op {

/// The attribute types, numbered as GE's C kinds (0..11).
enum class AttrKind : int32_t {
  kInt = 0,
  kFloat = 1,
  kBool = 2,
  kString = 3,
  kDataType = 4,
  kTensor = 5,
  kListInt = 6,
  kListFloat = 7,
  kListBool = 8,
  kListString = 9,
  kListDataType = 10,
  kListListInt = 11
};

/// "VT_INT" ... "VT_LIST_LIST_INT"; "" for a value outside the enum.
const char *AttrKindName(AttrKind kind);

/// A tensor attribute: the tensor and the host bytes it points to, owned together.
class TensorAttr {
 public:
  TensorAttr(const gert::StorageShape &shape, DataType data_type, std::vector<uint8_t> data);
  TensorAttr(const TensorAttr &) = delete;
  TensorAttr &operator=(const TensorAttr &) = delete;
  const gert::Tensor &GetTensor() const { return tensor_; }

 private:
  std::vector<uint8_t> data_;
  gert::Tensor tensor_;
};

class RuntimeAttrs {
 public:
  // The alternatives are in AttrKind order (variant index == kind).
  using Value = std::variant<int64_t, float, bool, std::string, DataType,
                             std::shared_ptr<TensorAttr>, std::vector<int64_t>, std::vector<float>,
                             std::vector<bool>, std::vector<std::string>, std::vector<DataType>,
                             std::vector<std::vector<int64_t>>>;

  /// Appends the value of the next IR attribute.
  void Append(Value value) { values_.push_back(std::move(value)); }
  size_t GetAttrNum() const { return values_.size(); }
  /// The kind of the value at `index`; false when there is none.
  bool GetKind(size_t index, AttrKind &kind) const;

  const int64_t *GetInt(size_t index) const { return Get<int64_t>(index); }
  const float *GetFloat(size_t index) const { return Get<float>(index); }
  const bool *GetBool(size_t index) const { return Get<bool>(index); }
  const std::string *GetStr(size_t index) const { return Get<std::string>(index); }
  const DataType *GetDataType(size_t index) const { return Get<DataType>(index); }
  const gert::Tensor *GetTensor(size_t index) const;
  const std::vector<int64_t> *GetListInt(size_t index) const {
    return Get<std::vector<int64_t>>(index);
  }
  const std::vector<float> *GetListFloat(size_t index) const {
    return Get<std::vector<float>>(index);
  }
  const std::vector<bool> *GetListBool(size_t index) const { return Get<std::vector<bool>>(index); }
  const std::vector<std::string> *GetListStr(size_t index) const {
    return Get<std::vector<std::string>>(index);
  }
  const std::vector<DataType> *GetListDataType(size_t index) const {
    return Get<std::vector<DataType>>(index);
  }
  const std::vector<std::vector<int64_t>> *GetListListInt(size_t index) const {
    return Get<std::vector<std::vector<int64_t>>>(index);
  }

 private:
  template <typename T>
  const T *Get(size_t index) const {
    return index < values_.size() ? std::get_if<T>(&values_[index]) : nullptr;
  }

  std::vector<Value> values_;
};

}  // namespace custom_op
}  // namespace ge

#endif  // GE_PY_GE_CUSTOM_OP_RUNTIME_ATTRS_H_
