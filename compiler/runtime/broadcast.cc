// Numpy broadcasting helpers (see broadcast.h).
#include "runtime/broadcast.h"

#include "runtime/dtype_utils.h"

namespace ge {
namespace runtime {

bool BroadcastShapes(const std::vector<std::vector<int64_t>> &shapes, std::vector<int64_t> *out,
                     std::string *error) {
  size_t rank = 0;
  for (const auto &shape : shapes) rank = std::max(rank, shape.size());
  std::vector<int64_t> result(rank, 1);
  for (const auto &shape : shapes) {
    const size_t shift = rank - shape.size();
    for (size_t i = 0; i < shape.size(); ++i) {
      const int64_t dim = shape[i];
      int64_t &res = result[shift + i];
      if (dim == res || dim == 1) continue;
      if (res == 1) {
        res = dim;
        continue;
      }
      if (error != nullptr) {
        std::string text = "shapes";
        for (size_t k = 0; k < shapes.size(); ++k) {
          text +=
              (k == 0 ? " " : (k + 1 == shapes.size() ? " and " : ", ")) + DimsToString(shapes[k]);
        }
        *error = text + " are not broadcastable";
      }
      return false;
    }
  }
  *out = std::move(result);
  return true;
}

std::vector<int64_t> BroadcastStrides(const std::vector<int64_t> &in_dims,
                                      const std::vector<int64_t> &out_dims) {
  std::vector<int64_t> strides(out_dims.size(), 0);
  const size_t shift = out_dims.size() - in_dims.size();
  int64_t stride = 1;
  for (size_t i = in_dims.size(); i-- > 0;) {
    strides[shift + i] = in_dims[i] == 1 ? 0 : stride;
    stride *= in_dims[i];
  }
  return strides;
}

}  // namespace runtime
}  // namespace ge
