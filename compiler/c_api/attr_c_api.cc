// AttrValue section of the C API: a value box Python fills and reads, then
// hands to the Graph/GNode/Operator attribute setters.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "c_api/c_api_arrays.h"
#include "c_handles/c_handles.h"
#include "ge/c_api/attr_value.h"

using ge::capi::Guard;

namespace {

bool CheckAttrValue(const GeAttrValueHandle *av) {
  if (av == nullptr) {
    ge::SetLastError("attr value handle is null");
    return false;
  }
  return true;
}

/// Reads a value of type T from `av` into `out`; fails naming both types on a mismatch.
template <typename T>
uint32_t GetScalar(const GeAttrValueHandle *av, T *out, const char *wanted) {
  if (!CheckAttrValue(av)) {
    return ge::FAILED;
  }
  if (out == nullptr) {
    return ge::Fail(std::string("output pointer for the ") + wanted + " value is null");
  }
  const T *value = av->value.Get<T>();
  if (value == nullptr) {
    return ge::Fail(std::string("attr value holds type '") +
                    ge::AttrValueTypeName(av->value.GetValueType()) + "', not '" + wanted + "'");
  }
  *out = *value;
  return ge::SUCCESS;
}

/// Stores a list read from a C array of `count` elements.
template <typename Stored, typename In>
uint32_t SetList(GeAttrValueHandle *av, const In *values, int64_t count, const char *what) {
  if (!CheckAttrValue(av)) {
    return ge::FAILED;
  }
  if (count < 0 || (values == nullptr && count != 0)) {
    return ge::Fail(std::string("invalid ") + what + " list: pointer " +
                    (values == nullptr ? "null" : "set") + ", count " + std::to_string(count));
  }
  std::vector<Stored> list;
  list.reserve(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) {
    list.push_back(static_cast<Stored>(values[i]));
  }
  av->value.Set(std::move(list));
  return ge::SUCCESS;
}

/// A malloc'd copy of a stored list as Out elements; NULL (count 0) when empty or mismatched.
template <typename Stored, typename Out>
Out *GetList(const GeAttrValueHandle *av, int64_t *count, const char *what) {
  if (count != nullptr) {
    *count = 0;
  }
  if (!CheckAttrValue(av)) {
    return nullptr;
  }
  if (count == nullptr) {
    ge::SetLastError(std::string("count pointer for the ") + what + " list is null");
    return nullptr;
  }
  const auto *list = av->value.Get<std::vector<Stored>>();
  if (list == nullptr) {
    ge::SetLastError(std::string("attr value holds type '") +
                     ge::AttrValueTypeName(av->value.GetValueType()) + "', not '" + what + "'");
    return nullptr;
  }
  if (list->empty()) {
    ge::SetLastError(std::string("attr value holds an empty ") + what);
    return nullptr;
  }
  // Element-wise so that std::vector<bool> (no data()) and enum lists convert too.
  auto *array = static_cast<Out *>(std::malloc(list->size() * sizeof(Out)));
  if (array == nullptr) {
    throw std::bad_alloc();
  }
  for (size_t i = 0; i < list->size(); ++i) {
    array[i] = static_cast<Out>((*list)[i]);
  }
  *count = static_cast<int64_t>(list->size());
  return array;
}

}  // namespace

extern "C" {

GeAttrValueHandle *GeApiWrapper_AttrValue_Create() {
  return Guard<GeAttrValueHandle *>(nullptr, [] { return new GeAttrValueHandle(); });
}

void GeApiWrapper_AttrValue_Destroy(GeAttrValueHandle *av) {
  Guard<int>(0, [av] {
    delete av;
    return 0;
  });
}

int32_t GeApiWrapper_AttrValue_GetValueType(const GeAttrValueHandle *av) {
  return Guard<int32_t>(-1, [av]() -> int32_t {
    if (!CheckAttrValue(av)) {
      return -1;
    }
    return static_cast<int32_t>(av->value.GetValueType());
  });
}

uint32_t GeApiWrapper_AttrValue_SetString(GeAttrValueHandle *av, const char *value) {
  return Guard<uint32_t>(ge::FAILED, [av, value]() -> uint32_t {
    if (!CheckAttrValue(av)) {
      return ge::FAILED;
    }
    if (value == nullptr) {
      return ge::Fail("string value is null");
    }
    av->value.Set(std::string(value));
    return ge::SUCCESS;
  });
}

char *GeApiWrapper_AttrValue_GetString(const GeAttrValueHandle *av) {
  return Guard<char *>(nullptr, [av]() -> char * {
    std::string value;
    if (GetScalar(av, &value, "string") != ge::SUCCESS) {
      return nullptr;
    }
    return ge::capi::DupString(value);
  });
}

uint32_t GeApiWrapper_AttrValue_SetFloat(GeAttrValueHandle *av, float value) {
  return Guard<uint32_t>(ge::FAILED, [av, value]() -> uint32_t {
    if (!CheckAttrValue(av)) {
      return ge::FAILED;
    }
    av->value.Set(value);
    return ge::SUCCESS;
  });
}

uint32_t GeApiWrapper_AttrValue_GetFloat(const GeAttrValueHandle *av, float *value) {
  return Guard<uint32_t>(ge::FAILED, [av, value] { return GetScalar(av, value, "float"); });
}

uint32_t GeApiWrapper_AttrValue_SetBool(GeAttrValueHandle *av, bool value) {
  return Guard<uint32_t>(ge::FAILED, [av, value]() -> uint32_t {
    if (!CheckAttrValue(av)) {
      return ge::FAILED;
    }
    av->value.Set(value);
    return ge::SUCCESS;
  });
}

uint32_t GeApiWrapper_AttrValue_GetBool(const GeAttrValueHandle *av, bool *value) {
  return Guard<uint32_t>(ge::FAILED, [av, value] { return GetScalar(av, value, "bool"); });
}

uint32_t GeApiWrapper_AttrValue_SetInt(GeAttrValueHandle *av, int64_t value) {
  return Guard<uint32_t>(ge::FAILED, [av, value]() -> uint32_t {
    if (!CheckAttrValue(av)) {
      return ge::FAILED;
    }
    av->value.Set(value);
    return ge::SUCCESS;
  });
}

uint32_t GeApiWrapper_AttrValue_GetInt(const GeAttrValueHandle *av, int64_t *value) {
  return Guard<uint32_t>(ge::FAILED, [av, value] { return GetScalar(av, value, "int"); });
}

uint32_t GeApiWrapper_AttrValue_SetDataType(GeAttrValueHandle *av, int32_t value) {
  return Guard<uint32_t>(ge::FAILED, [av, value]() -> uint32_t {
    if (!CheckAttrValue(av)) {
      return ge::FAILED;
    }
    if (!ge::IsValidDataType(value)) {
      return ge::Fail("invalid data type value " + std::to_string(value));
    }
    av->value.Set(static_cast<ge::DataType>(value));
    return ge::SUCCESS;
  });
}

uint32_t GeApiWrapper_AttrValue_GetDataType(const GeAttrValueHandle *av, int32_t *value) {
  return Guard<uint32_t>(ge::FAILED, [av, value]() -> uint32_t {
    ge::DataType dtype = ge::DT_UNDEFINED;
    if (value == nullptr) {
      return ge::Fail("output pointer for the data_type value is null");
    }
    if (GetScalar(av, &dtype, "data_type") != ge::SUCCESS) {
      return ge::FAILED;
    }
    *value = static_cast<int32_t>(dtype);
    return ge::SUCCESS;
  });
}

uint32_t GeApiWrapper_AttrValue_SetTensor(GeAttrValueHandle *av, const GeTensorHandle *tensor) {
  return Guard<uint32_t>(ge::FAILED, [av, tensor]() -> uint32_t {
    if (!CheckAttrValue(av)) {
      return ge::FAILED;
    }
    if (tensor == nullptr) {
      return ge::Fail("tensor handle is null");
    }
    av->value.Set(tensor->tensor);  // a copy; the bytes are shared, never modified in place
    return ge::SUCCESS;
  });
}

GeTensorHandle *GeApiWrapper_AttrValue_GetTensor(const GeAttrValueHandle *av) {
  return Guard<GeTensorHandle *>(nullptr, [av]() -> GeTensorHandle * {
    ge::GeTensor tensor;
    if (GetScalar(av, &tensor, "tensor") != ge::SUCCESS) {
      return nullptr;
    }
    auto *handle = new GeTensorHandle();
    handle->tensor = std::move(tensor);
    return handle;
  });
}

uint32_t GeApiWrapper_AttrValue_SetListFloat(GeAttrValueHandle *av, const float *values,
                                             int64_t count) {
  return Guard<uint32_t>(ge::FAILED, [=] { return SetList<float>(av, values, count, "float"); });
}

uint32_t GeApiWrapper_AttrValue_SetListBool(GeAttrValueHandle *av, const bool *values,
                                            int64_t count) {
  return Guard<uint32_t>(ge::FAILED, [=] { return SetList<bool>(av, values, count, "bool"); });
}

uint32_t GeApiWrapper_AttrValue_SetListInt(GeAttrValueHandle *av, const int64_t *values,
                                           int64_t count) {
  return Guard<uint32_t>(ge::FAILED, [=] { return SetList<int64_t>(av, values, count, "int"); });
}

uint32_t GeApiWrapper_AttrValue_SetListDataType(GeAttrValueHandle *av, const int32_t *values,
                                                int64_t count) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    for (int64_t i = 0; values != nullptr && i < count; ++i) {
      if (!ge::IsValidDataType(values[i])) {
        return ge::Fail("invalid data type value " + std::to_string(values[i]) + " at list index " +
                        std::to_string(i));
      }
    }
    return SetList<ge::DataType>(av, values, count, "data_type");
  });
}

uint32_t GeApiWrapper_AttrValue_SetListString(GeAttrValueHandle *av, const char *const *values,
                                              int64_t count) {
  return Guard<uint32_t>(ge::FAILED, [=]() -> uint32_t {
    if (!CheckAttrValue(av)) {
      return ge::FAILED;
    }
    if (count < 0 || (values == nullptr && count != 0)) {
      return ge::Fail("invalid string list: count " + std::to_string(count));
    }
    std::vector<std::string> list;
    for (int64_t i = 0; i < count; ++i) {
      if (values[i] == nullptr) {
        return ge::Fail("string list element " + std::to_string(i) + " is null");
      }
      list.emplace_back(values[i]);
    }
    av->value.Set(std::move(list));
    return ge::SUCCESS;
  });
}

float *GeApiWrapper_AttrValue_GetListFloat(const GeAttrValueHandle *av, int64_t *count) {
  return Guard<float *>(nullptr, [=] { return GetList<float, float>(av, count, "list_float"); });
}

bool *GeApiWrapper_AttrValue_GetListBool(const GeAttrValueHandle *av, int64_t *count) {
  return Guard<bool *>(nullptr, [=] { return GetList<bool, bool>(av, count, "list_bool"); });
}

int64_t *GeApiWrapper_AttrValue_GetListInt(const GeAttrValueHandle *av, int64_t *count) {
  return Guard<int64_t *>(nullptr,
                          [=] { return GetList<int64_t, int64_t>(av, count, "list_int"); });
}

int32_t *GeApiWrapper_AttrValue_GetListDataType(const GeAttrValueHandle *av, int64_t *count) {
  return Guard<int32_t *>(
      nullptr, [=] { return GetList<ge::DataType, int32_t>(av, count, "list_data_type"); });
}

/// The strings and the pointer table share one malloc'd block, freed by FreeListString.
char **GeApiWrapper_AttrValue_GetListString(const GeAttrValueHandle *av, int64_t *count) {
  return Guard<char **>(nullptr, [=]() -> char ** {
    if (count != nullptr) {
      *count = 0;
    }
    if (!CheckAttrValue(av)) {
      return nullptr;
    }
    if (count == nullptr) {
      ge::SetLastError("count pointer for the list_string list is null");
      return nullptr;
    }
    const auto *list = av->value.Get<std::vector<std::string>>();
    if (list == nullptr || list->empty()) {
      ge::SetLastError(list == nullptr ? "attr value holds type '" +
                                             ge::AttrValueTypeName(av->value.GetValueType()) +
                                             "', not 'list_string'"
                                       : std::string("attr value holds an empty list_string"));
      return nullptr;
    }
    size_t bytes = list->size() * sizeof(char *);
    for (const std::string &item : *list) {
      bytes += item.size() + 1;
    }
    auto *block = static_cast<char **>(std::malloc(bytes));
    if (block == nullptr) {
      throw std::bad_alloc();
    }
    char *text = reinterpret_cast<char *>(block + list->size());
    for (size_t i = 0; i < list->size(); ++i) {
      block[i] = text;
      std::memcpy(text, (*list)[i].c_str(), (*list)[i].size() + 1);
      text += (*list)[i].size() + 1;
    }
    *count = static_cast<int64_t>(list->size());
    return block;
  });
}

void GeApiWrapper_FreeString(char *text) { std::free(text); }
void GeApiWrapper_FreeListString(char **list) { std::free(list); }
void GeApiWrapper_FreeListFloat(float *list) { std::free(list); }
void GeApiWrapper_FreeListBool(bool *list) { std::free(list); }
void GeApiWrapper_FreeListInt(int64_t *list) { std::free(list); }
void GeApiWrapper_FreeListDataType(int32_t *list) { std::free(list); }

}  // extern "C"
