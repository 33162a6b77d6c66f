// Numpy broadcasting: result shape of several operands and an iteration helper that
// walks the output in contiguous innermost runs with one element stride per operand.
#ifndef GE_RUNTIME_BROADCAST_H_
#define GE_RUNTIME_BROADCAST_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ge {
namespace runtime {

/// Broadcast result of `shapes` (right-aligned; each dim pair equal or one of them 1). Returns
/// false and fills `error` ("shapes [2, 3] and [4] are not broadcastable") otherwise.
bool BroadcastShapes(const std::vector<std::vector<int64_t>> &shapes, std::vector<int64_t> *out,
                     std::string *error);

/// Element strides of `in_dims` aligned to `out_dims` (rank of out), 0 on broadcast dims.
std::vector<int64_t> BroadcastStrides(const std::vector<int64_t> &in_dims,
                                      const std::vector<int64_t> &out_dims);

/// Calls fn(out_offset, count, offsets, inner_strides) for each innermost run of the output, where
/// offsets[k] is operand k's element offset at the run start and inner_strides[k] its stride along
/// the run. Adjacent dims are merged when every operand allows it, so same-shape operands give one
/// run over the whole tensor.
template <size_t N, typename F>
void ForEachBroadcastRun(const std::vector<int64_t> &out_dims,
                         const std::array<std::vector<int64_t>, N> &strides, F &&fn) {
  // Merge dims: (a, b) can merge when for every operand stride[a] == stride[b] * dim[b].
  std::vector<int64_t> dims;
  std::array<std::vector<int64_t>, N> st;
  for (size_t d = 0; d < out_dims.size(); ++d) {
    if (out_dims[d] == 1) {
      continue;  // size-1 dims never move the offsets
    }
    bool merge = !dims.empty();
    for (size_t k = 0; k < N && merge; ++k) {
      merge = st[k].back() == strides[k][d] * out_dims[d];
    }
    if (merge) {
      dims.back() *= out_dims[d];
      for (size_t k = 0; k < N; ++k) st[k].back() = strides[k][d];
    } else {
      dims.push_back(out_dims[d]);
      for (size_t k = 0; k < N; ++k) st[k].push_back(strides[k][d]);
    }
  }
  for (int64_t d : out_dims) {
    if (d == 0) return;  // empty output
  }
  if (dims.empty()) {
    std::array<int64_t, N> offsets{};
    std::array<int64_t, N> inner{};
    fn(int64_t{0}, int64_t{1}, offsets, inner);
    return;
  }
  const size_t rank = dims.size();
  const int64_t inner_count = dims[rank - 1];
  std::array<int64_t, N> inner{};
  for (size_t k = 0; k < N; ++k) inner[k] = st[k][rank - 1];
  std::vector<int64_t> index(rank, 0);
  std::array<int64_t, N> offsets{};
  int64_t out_offset = 0;
  while (true) {
    fn(out_offset, inner_count, offsets, inner);
    out_offset += inner_count;
    // Advance the outer index (odometer over dims [0, rank-1)).
    size_t d = rank - 1;
    while (true) {
      if (d == 0) return;
      --d;
      ++index[d];
      for (size_t k = 0; k < N; ++k) offsets[k] += st[k][d];
      if (index[d] < dims[d]) break;
      for (size_t k = 0; k < N; ++k) offsets[k] -= st[k][d] * dims[d];
      index[d] = 0;
    }
  }
}

}  // namespace runtime
}  // namespace ge

#endif  // GE_RUNTIME_BROADCAST_H_
