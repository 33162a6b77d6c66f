// GeAttrValue: one attribute value of any kind GE supports (the kinds of
// ge_ir's AttrDef). Value-type ids are the Python AttrValueType numbers.
#ifndef GE_GRAPH_ATTR_VALUE_H_
#define GE_GRAPH_ATTR_VALUE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
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

/// An immutable string list that many attribute values share (never null inside a GeAttrValue).
/// The rewriter gives every node it creates the same provenance and pass-name lists; sharing them
/// costs a reference count per node instead of a vector and its strings.
using SharedStringList = std::shared_ptr<const std::vector<std::string>>;

/// A value kept on the heap with value semantics: a copy copies the value, a move moves the
/// pointer. GeAttrValue keeps its large alternatives (tensor desc, tensor, named attrs: 40 to
/// 128 bytes) in one, so that every value, and so every attr map entry, stays the size of a string
/// (40 bytes instead of 136). A moved-from box reads as a default-constructed value.
template <typename T>
class AttrBox {
 public:
  AttrBox(const T &value) : ptr_(std::make_unique<T>(value)) {}        // NOLINT: implicit by design
  AttrBox(T &&value) : ptr_(std::make_unique<T>(std::move(value))) {}  // NOLINT
  AttrBox(const AttrBox &other) : ptr_(std::make_unique<T>(other.Value())) {}
  AttrBox(AttrBox &&other) noexcept = default;
  AttrBox &operator=(const AttrBox &other) {
    if (this == &other) {
      return *this;
    }
    if (ptr_ != nullptr) {
      *ptr_ = other.Value();  // reuse the allocation
    } else {
      ptr_ = std::make_unique<T>(other.Value());
    }
    return *this;
  }
  AttrBox &operator=(AttrBox &&other) noexcept = default;
  ~AttrBox() = default;

  const T &Value() const { return ptr_ != nullptr ? *ptr_ : Empty(); }
  T &MutableValue() {
    if (ptr_ == nullptr) {
      ptr_ = std::make_unique<T>();
    }
    return *ptr_;
  }
  bool operator==(const AttrBox &other) const { return Value() == other.Value(); }

 private:
  static const T &Empty() {
    static const T empty{};
    return empty;
  }

  std::unique_ptr<T> ptr_;
};

class GeAttrValue {
 public:
  using StringList = std::vector<std::string>;
  // Alternatives in a fixed order; GetValueType() maps the index to AttrValueType. The last one,
  // SharedStringList, is a list_string like StringList: Get<StringList>() reads either, and
  // GetMutable<StringList>() first turns a shared list into an owned copy. GeTensorDesc, GeTensor,
  // NamedAttrs and std::vector<bool> (40 bytes in libstdc++) are boxed (see AttrBox); Get<T>() and
  // GetMutable<T>() look through the box.
  using Storage =
      std::variant<std::monostate, std::string, float, bool, int64_t, AttrBox<GeTensorDesc>,
                   AttrBox<GeTensor>, Bytes, ComputeGraphPtr, AttrBox<NamedAttrs>,
                   std::vector<std::vector<int64_t>>, DataType, std::vector<std::vector<float>>,
                   StringList, std::vector<float>, AttrBox<std::vector<bool>>, std::vector<int64_t>,
                   std::vector<GeTensorDesc>, std::vector<GeTensor>, std::vector<Bytes>,
                   std::vector<ComputeGraphPtr>, std::vector<NamedAttrs>, std::vector<DataType>,
                   SharedStringList>;

  GeAttrValue() = default;
  // A SharedStringList goes through Shared(), which refuses null.
  template <typename T,
            typename = std::enable_if_t<std::is_constructible<Storage, T>::value &&
                                        !std::is_same<std::decay_t<T>, SharedStringList>::value>>
  GeAttrValue(T &&value) : storage_(std::forward<T>(value)) {}       // NOLINT: implicit by design
  GeAttrValue(const char *value) : storage_(std::string(value)) {}   // NOLINT
  GeAttrValue(int value) : storage_(static_cast<int64_t>(value)) {}  // NOLINT
  /// A list_string value sharing `list` (null reads as an empty list).
  static GeAttrValue Shared(SharedStringList list);

  AttrValueType GetValueType() const;
  bool IsEmpty() const { return storage_.index() == 0; }

  template <typename T>
  const T *Get() const {
    if constexpr (kBoxed<T>) {
      const auto *box = std::get_if<AttrBox<T>>(&storage_);
      return box != nullptr ? &box->Value() : nullptr;
    } else {
      if constexpr (std::is_same<T, StringList>::value) {
        if (const auto *shared = std::get_if<SharedStringList>(&storage_)) {
          return shared->get();
        }
      }
      return std::get_if<T>(&storage_);
    }
  }
  template <typename T>
  T *GetMutable() {
    static_assert(!std::is_same<T, SharedStringList>::value, "a shared list is immutable");
    if constexpr (kBoxed<T>) {
      auto *box = std::get_if<AttrBox<T>>(&storage_);
      return box != nullptr ? &box->MutableValue() : nullptr;
    } else {
      if constexpr (std::is_same<T, StringList>::value) {
        Unshare();
      }
      return std::get_if<T>(&storage_);
    }
  }
  template <typename T>
  void Set(T value) {
    static_assert(!std::is_same<T, SharedStringList>::value, "use Shared() for a shared list");
    storage_ = std::move(value);
  }
  /// The raw alternatives. A visitor must handle SharedStringList like StringList and look through
  /// AttrBox<T> with Value().
  const Storage &GetStorage() const { return storage_; }

  /// Deep equality (a shared list equals an owned one with the same strings); graphs compare by
  /// identity.
  bool operator==(const GeAttrValue &other) const;
  bool operator!=(const GeAttrValue &other) const { return !(*this == other); }

 private:
  // Whether T is stored as AttrBox<T>: read off Storage, so the list of boxed types is kept once.
  template <typename T, typename Variant>
  struct IsAlternative;
  template <typename T, typename... Alternatives>
  struct IsAlternative<T, std::variant<Alternatives...>>
      : std::disjunction<std::is_same<T, Alternatives>...> {};
  template <typename T>
  static constexpr bool kBoxed = IsAlternative<AttrBox<T>, Storage>::value;

  // A shared list becomes an owned copy (copy-on-write before a mutation).
  void Unshare();

  Storage storage_;
};

/// One attribute of an AttrMap (see attr_map.h).
struct AttrEntry {
  AttrName first;
  GeAttrValue second;
};

/// Lower-case name of a value type as Python prints it: "string", "list_int", ...
std::string AttrValueTypeName(AttrValueType type);

}  // namespace ge

#endif  // GE_GRAPH_ATTR_VALUE_H_
