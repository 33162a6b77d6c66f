// TransposeTensor (see transpose_utils.h): walks the output in order, reading the input through
// permuted strides; the innermost output dim is copied element by element with one stride.
#include "runtime/transpose_utils.h"

#include <cstring>

#include "runtime/dtype_utils.h"

namespace ge {
namespace runtime {

namespace {

// `copy(out, in, n, stride)` moves n elements from input element `in` (stride apart) to output
// element `out` onward.
template <typename Copy>
void PermuteRuns(const std::vector<int64_t> &out_dims, const std::vector<int64_t> &src_strides,
                 Copy &&copy) {
  const size_t rank = out_dims.size();
  const int64_t inner = out_dims[rank - 1];
  const int64_t inner_stride = src_strides[rank - 1];
  std::vector<int64_t> index(rank, 0);
  int64_t offset = 0;
  int64_t out = 0;
  const int64_t total = ElementCount(out_dims);
  while (out < total) {
    copy(out, offset, inner, inner_stride);
    out += inner;
    for (size_t d = rank - 1; d-- > 0;) {
      offset += src_strides[d];
      if (++index[d] < out_dims[d]) break;
      offset -= src_strides[d] * out_dims[d];
      index[d] = 0;
    }
  }
}

template <typename E>
void PermuteElements(const E *src, E *dst, const std::vector<int64_t> &out_dims,
                     const std::vector<int64_t> &src_strides) {
  PermuteRuns(out_dims, src_strides, [&](int64_t out, int64_t in, int64_t n, int64_t stride) {
    for (int64_t j = 0; j < n; ++j) dst[out + j] = src[in + j * stride];
  });
}

// Elements of any other width (complex128, 5-byte DT_DUAL, ...), copied byte-wise.
void PermuteBytes(const uint8_t *src, uint8_t *dst, size_t width,
                  const std::vector<int64_t> &out_dims, const std::vector<int64_t> &src_strides) {
  PermuteRuns(out_dims, src_strides, [&](int64_t out, int64_t in, int64_t n, int64_t stride) {
    for (int64_t j = 0; j < n; ++j) {
      std::memcpy(dst + static_cast<size_t>(out + j) * width,
                  src + static_cast<size_t>(in + j * stride) * width, width);
    }
  });
}

}  // namespace

GeTensor TransposeTensor(const GeTensor &x, const std::vector<int64_t> &perm) {
  const auto &in_dims = DimsOf(x);
  const size_t rank = in_dims.size();
  std::vector<int64_t> in_strides(rank, 1);
  for (size_t d = rank; d-- > 1;) in_strides[d - 1] = in_strides[d] * in_dims[d];
  std::vector<int64_t> out_dims(rank);
  std::vector<int64_t> src_strides(rank);
  for (size_t i = 0; i < rank; ++i) {
    out_dims[i] = in_dims[static_cast<size_t>(perm[i])];
    src_strides[i] = in_strides[static_cast<size_t>(perm[i])];
  }
  OutputTensor out(DtypeOf(x), out_dims);
  if (rank == 0 || out.ElementCount() == 0) {
    if (rank == 0) std::memcpy(out.Bytes(), x.GetData(), x.GetSize());
    return out.Finish();
  }
  switch (GetSizeByDataType(DtypeOf(x))) {
    case 1: PermuteElements(x.GetData(), out.Bytes(), out_dims, src_strides); break;
    case 2:
      PermuteElements(reinterpret_cast<const uint16_t *>(x.GetData()), out.Data<uint16_t>(),
                      out_dims, src_strides);
      break;
    case 4:
      PermuteElements(reinterpret_cast<const uint32_t *>(x.GetData()), out.Data<uint32_t>(),
                      out_dims, src_strides);
      break;
    case 8:
      PermuteElements(reinterpret_cast<const uint64_t *>(x.GetData()), out.Data<uint64_t>(),
                      out_dims, src_strides);
      break;
    default:
      PermuteBytes(x.GetData(), out.Bytes(), static_cast<size_t>(GetSizeByDataType(DtypeOf(x))),
                   out_dims, src_strides);
      break;
  }
  return out.Finish();
}

}  // namespace runtime
}  // namespace ge
