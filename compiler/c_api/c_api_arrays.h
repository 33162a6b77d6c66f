// Arrays handed across the C API: handle arrays (new[] of individually new'd handles, as in
// GE's wrapper libraries) and malloc'd POD arrays. Python owns what these return.
#ifndef GE_C_API_C_API_ARRAYS_H_
#define GE_C_API_C_API_ARRAYS_H_

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

#include "c_handles/c_handles.h"

namespace ge {
namespace capi {

/// A new[] array of node handles, or nullptr (count 0) when `nodes` is empty. Each element is
/// freed with GNode_DestroyGNode, the array with GNode_FreeGNodeArray.
inline GeNodeHandle **NewNodeHandleArray(const std::vector<Node *> &nodes, size_t *count) {
  *count = 0;
  if (nodes.empty()) {
    return nullptr;
  }
  // unique_ptrs keep the partial result leak-free if an allocation throws half-way.
  std::vector<std::unique_ptr<GeNodeHandle>> handles;
  handles.reserve(nodes.size());
  for (Node *node : nodes) {
    handles.emplace_back(new GeNodeHandle{node->shared_from_this()});
  }
  auto **array = new GeNodeHandle *[handles.size()];
  for (size_t i = 0; i < handles.size(); ++i) {
    array[i] = handles[i].release();
  }
  *count = handles.size();
  return array;
}

/// A malloc'd copy of `values` (nullptr when empty), freed with free() by the matching Free*.
template <typename T>
T *NewPodArray(const std::vector<T> &values) {
  if (values.empty()) {
    return nullptr;
  }
  auto *array = static_cast<T *>(std::malloc(values.size() * sizeof(T)));
  if (array == nullptr) {
    throw std::bad_alloc();
  }
  std::memcpy(array, values.data(), values.size() * sizeof(T));
  return array;
}

/// Writes dims as a malloc'd array (nullptr for a scalar) plus its length.
inline Status ExportDims(const std::vector<int64_t> &dims, int64_t **out_dims, size_t *out_count) {
  if (out_dims == nullptr || out_count == nullptr) {
    return Fail("output pointers for dims must not be null");
  }
  *out_dims = NewPodArray(dims);
  *out_count = dims.size();
  return SUCCESS;
}

/// Reads `count` dims from `dims` (which may be null only when count is 0).
inline bool ImportDims(const int64_t *dims, size_t count, std::vector<int64_t> *out) {
  if (dims == nullptr && count != 0) {
    SetLastError("dims pointer is null but dim count is " + std::to_string(count));
    return false;
  }
  out->assign(dims, dims + count);
  return true;
}

}  // namespace capi
}  // namespace ge

#endif  // GE_C_API_C_API_ARRAYS_H_
