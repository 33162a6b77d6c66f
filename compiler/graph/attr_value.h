// GeAttrValue: one attribute value of any kind GE supports (spec graph_api.md §1 AttrValueType,
// formats.md §2.6). Value-type ids are the Python AttrValueType numbers.
#ifndef GE_GRAPH_ATTR_VALUE_H_
#define GE_GRAPH_ATTR_VALUE_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "graph/ge_tensor.h"
#include "graph/types.h"

namespace ge {

class ComputeGraph;
using ComputeGraphPtr = std::shared_ptr<ComputeGraph>;

/// Raw byte buffer attribute (AttrDef.bt).
struct Bytes {
  std::vector<uint8_t> data;
  bool operator==(const Bytes &other) const { return data == other.data; }
};

/// A named bundle of attributes (AttrDef.func).
struct NamedAttrs {
  std::string name;
  AttrMap attrs;
  bool operator==(const NamedAttrs &other) const;
};

enum class AttrValueType : int32_t {
  kNone = 0,
  kString = 1,
  kFloat = 2,
  kBool = 3,
  kInt = 4,
  kTensorDesc = 5,
  kTensor = 6,
  kBytes = 7,
  kGraph = 8,
  kNamedAttrs = 9,
  kListListInt = 10,
  kDataType = 11,
  kListListFloat = 12,
  kListBase = 1000,
  kListString = 1001,
  kListFloat = 1002,
  kListBool = 1003,
  kListInt = 1004,
  kListTensorDesc = 1005,
  kListTensor = 1006,
  kListBytes = 1007,
  kListGraph = 1008,
  kListNamedAttrs = 1009,
  kListDataType = 1011,
};

class GeAttrValue {
 public:
  // Alternatives in a fixed order; GetValueType() maps the index to AttrValueType.
  using Storage =
      std::variant<std::monostate, std::string, float, bool, int64_t, GeTensorDesc, GeTensor, Bytes,
                   ComputeGraphPtr, NamedAttrs, std::vector<std::vector<int64_t>>, DataType,
                   std::vector<std::vector<float>>, std::vector<std::string>, std::vector<float>,
                   std::vector<bool>, std::vector<int64_t>, std::vector<GeTensorDesc>,
                   std::vector<GeTensor>, std::vector<Bytes>, std::vector<ComputeGraphPtr>,
                   std::vector<NamedAttrs>, std::vector<DataType>>;

  GeAttrValue() = default;
  template <typename T, typename = std::enable_if_t<std::is_constructible<Storage, T>::value>>
  GeAttrValue(T &&value) : storage_(std::forward<T>(value)) {}       // NOLINT: implicit by design
  GeAttrValue(const char *value) : storage_(std::string(value)) {}   // NOLINT
  GeAttrValue(int value) : storage_(static_cast<int64_t>(value)) {}  // NOLINT

  AttrValueType GetValueType() const;
  bool IsEmpty() const { return storage_.index() == 0; }

  template <typename T>
  const T *Get() const {
    return std::get_if<T>(&storage_);
  }
  template <typename T>
  T *GetMutable() {
    return std::get_if<T>(&storage_);
  }
  template <typename T>
  void Set(T value) {
    storage_ = std::move(value);
  }
  const Storage &GetStorage() const { return storage_; }

  /// Deep equality; graphs compare by identity.
  bool operator==(const GeAttrValue &other) const { return storage_ == other.storage_; }
  bool operator!=(const GeAttrValue &other) const { return !(*this == other); }

 private:
  Storage storage_;
};

/// Lower-case name of a value type as Python prints it: "string", "list_int", ...
std::string AttrValueTypeName(AttrValueType type);

}  // namespace ge

#endif  // GE_GRAPH_ATTR_VALUE_H_
