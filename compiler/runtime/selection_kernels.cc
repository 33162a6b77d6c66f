// Selection kernels: GatherElements and ScatterElements (byte-generic moves along one axis, ONNX
// negative indices), MaskedFill (three-way broadcast select) and TopKV2 (partial sort per slice,
// ties broken by the lower index, NaN ordered above every number).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>

#include "common/error.h"
#include "runtime/builtin_kernels.h"
#include "runtime/elementwise_utils.h"
#include "runtime/kernel_registry.h"

namespace ge {
namespace runtime {
namespace {

std::vector<int64_t> RowMajorStrides(const std::vector<int64_t> &dims) {
  std::vector<int64_t> strides(dims.size(), 1);
  for (size_t d = dims.size(); d-- > 1;) strides[d - 1] = strides[d] * dims[d];
  return strides;
}

/// Calls fn(position, offset) for every element of a tensor of `index_dims` (row-major
/// `position`), where `offset` is the element offset, in a tensor of `target_dims`, of the same
/// coordinates with the one along `axis` replaced by the index value at `position`. Index values
/// may be negative (counted from the end of `axis`); out-of-range values fail naming the node.
template <typename F>
Status ForEachAxisIndex(KernelContext &ctx, const std::vector<int64_t> &index_values,
                        const std::vector<int64_t> &index_dims,
                        const std::vector<int64_t> &target_dims, int64_t axis,
                        const std::string &index_name, F &&fn) {
  const std::vector<int64_t> strides = RowMajorStrides(target_dims);
  const size_t rank = index_dims.size();
  const int64_t limit = target_dims[static_cast<size_t>(axis)];
  std::vector<int64_t> coord(rank, 0);
  int64_t base = 0;  // offset of `coord` in the target with coord[axis] taken as 0
  for (size_t p = 0; p < index_values.size(); ++p) {
    int64_t value = index_values[p];
    if (value < -limit || value >= limit) {
      return ctx.Error(index_name + " value " + std::to_string(value) + " is out of range [" +
                       std::to_string(-limit) + ", " + std::to_string(limit) + ") for axis " +
                       std::to_string(axis) + " of shape " + DimsToString(target_dims));
    }
    if (value < 0) value += limit;
    fn(p, base + value * strides[static_cast<size_t>(axis)]);
    for (size_t d = rank; d-- > 0;) {
      if (static_cast<int64_t>(d) != axis) base += strides[d];
      if (++coord[d] < index_dims[d]) break;
      if (static_cast<int64_t>(d) != axis) base -= strides[d] * index_dims[d];
      coord[d] = 0;
    }
  }
  return SUCCESS;
}

/// Checks that `index_dims` has the rank of `target_dims` and does not exceed it off `axis`, and
/// normalises `axis`.
Status CheckAxisIndexShape(KernelContext &ctx, const std::vector<int64_t> &target_dims,
                           const std::vector<int64_t> &index_dims, const std::string &target_name,
                           const std::string &index_name, const std::string &axis_name,
                           int64_t *axis) {
  const int64_t rank = static_cast<int64_t>(target_dims.size());
  if (rank == 0 || index_dims.size() != target_dims.size()) {
    return ctx.Error(index_name + " " + DimsToString(index_dims) + " and " + target_name + " " +
                     DimsToString(target_dims) + " must have the same rank (at least 1)");
  }
  if (NormalizeAxis(ctx, *axis, rank, axis_name, axis) != SUCCESS) {
    return FAILED;
  }
  for (int64_t d = 0; d < rank; ++d) {
    if (d != *axis && index_dims[d] > target_dims[d]) {
      return ctx.Error("dim " + std::to_string(d) + " of " + index_name + " " +
                       DimsToString(index_dims) + " exceeds that of " + target_name + " " +
                       DimsToString(target_dims));
    }
  }
  return SUCCESS;
}

Status GatherElements(KernelContext &ctx) {
  if (ctx.RequireInputs(2) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  const std::vector<int64_t> x_dims = DimsOf(x);
  const std::vector<int64_t> index_dims = DimsOf(ctx.Input(1));
  int64_t dim = ctx.GetInt("dim", 0);
  std::vector<int64_t> index;
  if (CheckAxisIndexShape(ctx, x_dims, index_dims, "x", "index", "dim", &dim) != SUCCESS ||
      ctx.ReadIndexInput(1, "index", &index) != SUCCESS) {
    return FAILED;
  }
  const size_t width = static_cast<size_t>(GetSizeByDataType(DtypeOf(x)));
  OutputTensor out(DtypeOf(x), index_dims);
  uint8_t *dst = out.Bytes();
  const uint8_t *src = x.GetData();
  if (ForEachAxisIndex(
          ctx, index, index_dims, x_dims, dim, "index", [&](size_t position, int64_t offset) {
            std::memcpy(dst + position * width, src + static_cast<size_t>(offset) * width, width);
          }) != SUCCESS) {
    return FAILED;
  }
  return ctx.SetOutput(0, out.Finish());
}

Status ScatterElements(KernelContext &ctx) {
  if (ctx.RequireInputs(3) != SUCCESS || RequireSameDtype(ctx, 0, 2) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &data = ctx.Input(0);
  const GeTensor &updates = ctx.Input(2);
  const std::vector<int64_t> data_dims = DimsOf(data);
  const std::vector<int64_t> index_dims = DimsOf(ctx.Input(1));
  if (DimsOf(updates) != index_dims) {
    return ctx.Error("updates " + DimsToString(DimsOf(updates)) + " must have the shape of " +
                     "indices " + DimsToString(index_dims));
  }
  const std::string reduction = ctx.GetString("reduction", "none");
  if (reduction != "none" && reduction != "add" && reduction != "mul") {
    return ctx.Error("attribute 'reduction' = \"" + reduction +
                     "\" must be \"none\", \"add\" or \"mul\"");
  }
  int64_t axis = ctx.GetInt("axis", 0);
  std::vector<int64_t> indices;
  if (CheckAxisIndexShape(ctx, data_dims, index_dims, "data", "indices", "axis", &axis) !=
          SUCCESS ||
      ctx.ReadIndexInput(1, "indices", &indices) != SUCCESS) {
    return FAILED;
  }
  const DataType dtype = DtypeOf(data);
  OutputTensor out(dtype, data_dims);
  std::memcpy(out.Bytes(), data.GetData(), data.GetSize());
  // Updates land in index order, so of two updates to one element the later one stays.
  const bool add = reduction == "add";
  const bool mul = reduction == "mul";
  Status status = SUCCESS;
  const bool native =
      dtype != DT_BOOL && DispatchNative(dtype, [&](auto tag) {
        using T = decltype(tag);
        T *dst = out.Data<T>();
        const T *src = DataOf<T>(updates);
        status = ForEachAxisIndex(ctx, indices, index_dims, data_dims, axis, "indices",
                                  [&](size_t position, int64_t offset) {
                                    T &target = dst[offset];
                                    target = add   ? static_cast<T>(target + src[position])
                                             : mul ? static_cast<T>(target * src[position])
                                                   : src[position];
                                  });
      });
  if (!native) {
    return UnsupportedDtype(ctx, dtype, "data");
  }
  return status == SUCCESS ? ctx.SetOutput(0, out.Finish()) : FAILED;
}

template <typename U>
Status SelectBytes(KernelContext &ctx, const GeTensor &mask, const GeTensor &x,
                   const GeTensor &value) {
  return RunTernary<bool, U, U, U>(ctx, mask, x, value, DtypeOf(x),
                                   [](bool m, U a, U b) { return m ? b : a; });
}

Status MaskedFill(KernelContext &ctx) {
  if (ctx.RequireInputs(3) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  const GeTensor &mask = ctx.Input(1);
  if (DtypeOf(mask) != DT_BOOL) {
    return ctx.Error("mask must be DT_BOOL, got " + DataTypeToString(DtypeOf(mask)));
  }
  // GE's prototype: value is converted to x's dtype.
  GeTensor value;
  if (ConvertTensor(ctx.Input(2), DtypeOf(x), &value) != SUCCESS) {
    return ctx.Error("value: " + GetLastError());
  }
  switch (GetSizeByDataType(DtypeOf(x))) {
    case 1: return SelectBytes<uint8_t>(ctx, mask, x, value);
    case 2: return SelectBytes<uint16_t>(ctx, mask, x, value);
    case 4: return SelectBytes<uint32_t>(ctx, mask, x, value);
    case 8: return SelectBytes<uint64_t>(ctx, mask, x, value);
    default: return UnsupportedDtype(ctx, DtypeOf(x));
  }
}

/// a > b, with NaN above every number (and equal to NaN).
template <typename T>
bool Above(T a, T b) {
  if constexpr (std::is_floating_point<T>::value) {
    if (std::isnan(a)) return !std::isnan(b);
    if (std::isnan(b)) return false;
  }
  return a > b;
}

template <typename T, typename I>
void TopKSlices(const GeTensor &x, int64_t outer, int64_t n, int64_t inner, int64_t k, bool largest,
                T *values, I *indices) {
  const T *src = DataOf<T>(x);
  std::vector<int64_t> order(static_cast<size_t>(n));
  // A strict order on positions: by value (largest or smallest first), then by position.
  auto before = [&](int64_t a, int64_t b, const T *row) {
    const T va = row[a * inner];
    const T vb = row[b * inner];
    if (largest ? Above(va, vb) : Above(vb, va)) return true;
    if (largest ? Above(vb, va) : Above(va, vb)) return false;
    return a < b;
  };
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      const T *row = src + o * n * inner + i;
      for (int64_t j = 0; j < n; ++j) order[static_cast<size_t>(j)] = j;
      std::partial_sort(order.begin(), order.begin() + k, order.end(),
                        [&](int64_t a, int64_t b) { return before(a, b, row); });
      for (int64_t j = 0; j < k; ++j) {
        const int64_t at = (o * k + j) * inner + i;
        values[at] = row[order[static_cast<size_t>(j)] * inner];
        indices[at] = static_cast<I>(order[static_cast<size_t>(j)]);
      }
    }
  }
}

Status TopKV2(KernelContext &ctx) {
  std::vector<int64_t> k_values;
  if (ctx.RequireInputs(2) != SUCCESS || ctx.ReadIndexInput(1, "k", &k_values) != SUCCESS) {
    return FAILED;
  }
  const GeTensor &x = ctx.Input(0);
  const std::vector<int64_t> dims = DimsOf(x);
  const DataType dtype = DtypeOf(x);
  const int64_t indices_dtype = ctx.GetInt("indices_dtype", DT_INT32);
  if (indices_dtype != DT_INT32 && indices_dtype != DT_INT64) {
    return ctx.Error("attribute 'indices_dtype' = " + std::to_string(indices_dtype) +
                     " must be DT_INT32 (3) or DT_INT64 (9)");
  }
  int64_t axis = ctx.GetInt("dim", -1);
  if (dims.empty()) {
    return ctx.Error("x must have rank >= 1, got a scalar");
  }
  if (NormalizeAxis(ctx, axis, static_cast<int64_t>(dims.size()), "dim", &axis) != SUCCESS) {
    return FAILED;
  }
  const int64_t n = dims[static_cast<size_t>(axis)];
  if (k_values.size() != 1 || k_values[0] < 0 || k_values[0] > n) {
    return ctx.Error("k = " + DimsToString(k_values) + " must be one value in [0, " +
                     std::to_string(n) + "] for x " + DimsToString(dims));
  }
  const int64_t k = k_values[0];
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= dims[static_cast<size_t>(d)];
  for (size_t d = static_cast<size_t>(axis) + 1; d < dims.size(); ++d) inner *= dims[d];
  std::vector<int64_t> out_dims = dims;
  out_dims[static_cast<size_t>(axis)] = k;
  OutputTensor values(dtype, out_dims);
  OutputTensor indices(static_cast<DataType>(indices_dtype), out_dims);
  const bool largest = ctx.GetBool("largest", true);
  // sorted=false leaves the order open; the sorted order is one valid choice.
  const bool native = dtype != DT_BOOL && DispatchNative(dtype, [&](auto tag) {
                        using T = decltype(tag);
                        if (indices_dtype == DT_INT32) {
                          TopKSlices<T, int32_t>(x, outer, n, inner, k, largest, values.Data<T>(),
                                                 indices.Data<int32_t>());
                        } else {
                          TopKSlices<T, int64_t>(x, outer, n, inner, k, largest, values.Data<T>(),
                                                 indices.Data<int64_t>());
                        }
                      });
  if (!native) {
    return UnsupportedDtype(ctx, dtype);
  }
  if (ctx.SetOutput(0, values.Finish()) != SUCCESS) {
    return FAILED;
  }
  return ctx.SetOutput(1, indices.Finish());
}

}  // namespace

void RegisterSelectionKernels(KernelRegistry &registry) {
  registry.Register("GatherElements", KernelDef{GatherElements, false});
  registry.Register("ScatterElements", KernelDef{ScatterElements, true});
  registry.Register("MaskedFill", KernelDef{MaskedFill, false});
  registry.Register("TopKV2", KernelDef{TopKV2, true});
}

}  // namespace runtime
}  // namespace ge
