// Concat and split kernels (byte-generic): ConcatV2 / Concat / ConcatD / ConcatV2D, Pack,
// Split / SplitD / SplitV / SplitVD. Negative axes count from the end.
#include <cstring>

#include "common/error.h"
#include "runtime/builtin_kernels.h"
#include "runtime/elementwise_utils.h"
#include "runtime/kernel_registry.h"

namespace ge {
namespace runtime {
namespace {

Status ReadScalarIndex(KernelContext &ctx, size_t index, const std::string &name, int64_t *value) {
  std::vector<int64_t> values;
  if (ctx.ReadIndexInput(index, name, &values) != SUCCESS) {
    return FAILED;
  }
  if (values.size() != 1) {
    return ctx.Error("input '" + name + "' must hold one value, got " +
                     std::to_string(values.size()));
  }
  *value = values[0];
  return SUCCESS;
}

/// Concatenates inputs [first, first + count) along `axis`. `stack` inserts a new axis (Pack).
Status ConcatInputs(KernelContext &ctx, size_t first, size_t count, int64_t axis, bool stack) {
  if (count == 0) {
    return ctx.Error("no tensors to concatenate");
  }
  std::vector<const GeTensor *> parts;
  for (size_t i = first; i < first + count; ++i) {
    if (ctx.RequireInput(i) != SUCCESS) {
      return FAILED;
    }
    parts.push_back(&ctx.Input(i));
  }
  const DataType dtype = DtypeOf(*parts[0]);
  std::vector<int64_t> base = DimsOf(*parts[0]);
  const int64_t rank = static_cast<int64_t>(base.size()) + (stack ? 1 : 0);
  int64_t fixed = 0;
  if (NormalizeAxis(ctx, axis, rank, stack ? "axis" : "concat_dim", &fixed) != SUCCESS) {
    return FAILED;
  }
  if (stack) base.insert(base.begin() + fixed, 1);
  std::vector<int64_t> out_dims = base;
  out_dims[fixed] = 0;
  for (size_t i = 0; i < parts.size(); ++i) {
    std::vector<int64_t> dims = DimsOf(*parts[i]);
    if (stack) dims.insert(dims.begin() + fixed, 1);
    if (DtypeOf(*parts[i]) != dtype) {
      return ctx.Error("input " + std::to_string(first + i) + " has dtype " +
                       DataTypeToString(DtypeOf(*parts[i])) + ", expected " +
                       DataTypeToString(dtype));
    }
    bool same = dims.size() == base.size();
    for (size_t d = 0; same && d < dims.size(); ++d) {
      same = static_cast<int64_t>(d) == fixed || dims[d] == base[d];
    }
    if (!same) {
      return ctx.Error("input " + std::to_string(first + i) + " shape " +
                       DimsToString(DimsOf(*parts[i])) + " does not match input " +
                       std::to_string(first) + " shape " + DimsToString(DimsOf(*parts[0])) +
                       " outside axis " + std::to_string(axis));
    }
    out_dims[fixed] += dims[fixed];
  }
  const int64_t width = GetSizeByDataType(dtype);
  int64_t outer = 1;
  int64_t inner = width;
  for (int64_t d = 0; d < fixed; ++d) outer *= out_dims[d];
  for (size_t d = fixed + 1; d < out_dims.size(); ++d) inner *= out_dims[d];
  OutputTensor out(dtype, out_dims);
  uint8_t *dst = out.Bytes();
  for (int64_t o = 0; o < outer; ++o) {
    for (const GeTensor *part : parts) {
      const int64_t len = (stack ? 1 : DimsOf(*part)[fixed]) * inner;
      if (len > 0) std::memcpy(dst, part->GetData() + o * len, static_cast<size_t>(len));
      dst += len;
    }
  }
  return ctx.SetOutput(0, out.Finish());
}

Status ConcatV2(KernelContext &ctx) {
  const size_t n = ctx.GetInputsSize();
  int64_t axis = 0;
  if (n < 2 || ReadScalarIndex(ctx, n - 1, "concat_dim", &axis) != SUCCESS) {
    return n < 2 ? ctx.Error("needs at least one x input and concat_dim") : FAILED;
  }
  return ConcatInputs(ctx, 0, n - 1, axis, false);
}

Status Concat(KernelContext &ctx) {
  const size_t n = ctx.GetInputsSize();
  int64_t axis = 0;
  if (n < 2 || ReadScalarIndex(ctx, 0, "concat_dim", &axis) != SUCCESS) {
    return n < 2 ? ctx.Error("needs concat_dim and at least one x input") : FAILED;
  }
  return ConcatInputs(ctx, 1, n - 1, axis, false);
}

Status ConcatD(KernelContext &ctx) {
  int64_t axis = 0;
  if (ctx.GetRequiredInt("concat_dim", &axis) != SUCCESS) {
    return FAILED;
  }
  return ConcatInputs(ctx, 0, ctx.GetInputsSize(), axis, false);
}

Status Pack(KernelContext &ctx) {
  return ConcatInputs(ctx, 0, ctx.GetInputsSize(), ctx.GetInt("axis", 0), true);
}

/// Splits x along `axis` into pieces of `sizes` (one -1 allowed, inferred).
Status SplitBySizes(KernelContext &ctx, const GeTensor &x, int64_t axis,
                    std::vector<int64_t> sizes) {
  const auto &dims = DimsOf(x);
  int64_t fixed = 0;
  if (NormalizeAxis(ctx, axis, static_cast<int64_t>(dims.size()), "split_dim", &fixed) != SUCCESS) {
    return FAILED;
  }
  if (sizes.size() != ctx.GetOutputsSize()) {
    return ctx.Error("split into " + std::to_string(sizes.size()) + " pieces but the node has " +
                     std::to_string(ctx.GetOutputsSize()) + " outputs");
  }
  int64_t known = 0;
  int64_t infer = -1;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == -1 && infer < 0) {
      infer = static_cast<int64_t>(i);
    } else if (sizes[i] < 0) {
      return ctx.Error("size_splits " + DimsToString(sizes) + " has an invalid entry");
    } else {
      known += sizes[i];
    }
  }
  if (infer >= 0) {
    if (known > dims[fixed]) {
      return ctx.Error("size_splits " + DimsToString(sizes) + " exceed dim " +
                       std::to_string(dims[fixed]));
    }
    sizes[infer] = dims[fixed] - known;
    known = dims[fixed];
  }
  if (known != dims[fixed]) {
    return ctx.Error("size_splits " + DimsToString(sizes) + " sum to " + std::to_string(known) +
                     ", but dim " + std::to_string(axis) + " of x " + DimsToString(dims) + " is " +
                     std::to_string(dims[fixed]));
  }
  int64_t outer = 1;
  int64_t inner = GetSizeByDataType(DtypeOf(x));
  for (int64_t d = 0; d < fixed; ++d) outer *= dims[d];
  for (size_t d = fixed + 1; d < dims.size(); ++d) inner *= dims[d];
  const int64_t row = dims[fixed] * inner;
  int64_t start = 0;
  for (size_t i = 0; i < sizes.size(); ++i) {
    std::vector<int64_t> piece_dims = dims;
    piece_dims[fixed] = sizes[i];
    OutputTensor piece(DtypeOf(x), piece_dims);
    const int64_t len = sizes[i] * inner;
    for (int64_t o = 0; o < outer && len > 0; ++o) {
      std::memcpy(piece.Bytes() + o * len, x.GetData() + o * row + start * inner,
                  static_cast<size_t>(len));
    }
    start += sizes[i];
    if (ctx.SetOutput(i, piece.Finish()) != SUCCESS) {
      return FAILED;
    }
  }
  return SUCCESS;
}

Status EqualSplit(KernelContext &ctx, const GeTensor &x, int64_t axis) {
  int64_t num = 0;
  if (ctx.GetRequiredInt("num_split", &num) != SUCCESS) {
    return FAILED;
  }
  const auto &dims = DimsOf(x);
  int64_t fixed = 0;
  if (NormalizeAxis(ctx, axis, static_cast<int64_t>(dims.size()), "split_dim", &fixed) != SUCCESS) {
    return FAILED;
  }
  if (num <= 0 || dims[fixed] % num != 0) {
    return ctx.Error("dim " + std::to_string(axis) + " of x " + DimsToString(dims) +
                     " is not divisible by num_split " + std::to_string(num));
  }
  return SplitBySizes(ctx, x, axis,
                      std::vector<int64_t>(static_cast<size_t>(num), dims[fixed] / num));
}

Status Split(KernelContext &ctx) {
  int64_t axis = 0;
  if (ctx.RequireInputs(2) != SUCCESS || ReadScalarIndex(ctx, 0, "split_dim", &axis) != SUCCESS) {
    return FAILED;
  }
  return EqualSplit(ctx, ctx.Input(1), axis);
}

Status SplitD(KernelContext &ctx) {
  int64_t axis = 0;
  if (ctx.RequireInputs(1) != SUCCESS || ctx.GetRequiredInt("split_dim", &axis) != SUCCESS) {
    return FAILED;
  }
  return EqualSplit(ctx, ctx.Input(0), axis);
}

Status SplitV(KernelContext &ctx) {
  int64_t axis = 0;
  std::vector<int64_t> sizes;
  if (ctx.RequireInputs(3) != SUCCESS || ReadScalarIndex(ctx, 2, "split_dim", &axis) != SUCCESS) {
    return FAILED;
  }
  if (ctx.ReadIndexInput(1, "size_splits", &sizes) != SUCCESS) {
    return FAILED;
  }
  return SplitBySizes(ctx, ctx.Input(0), axis, sizes);
}

Status SplitVD(KernelContext &ctx) {
  int64_t axis = 0;
  std::vector<int64_t> sizes;
  if (ctx.RequireInputs(1) != SUCCESS || ctx.GetRequiredInt("split_dim", &axis) != SUCCESS ||
      ctx.GetRequiredListInt("size_splits", &sizes) != SUCCESS) {
    return FAILED;
  }
  return SplitBySizes(ctx, ctx.Input(0), axis, sizes);
}

}  // namespace

void RegisterConcatSplitKernels(KernelRegistry &registry) {
  registry.Register("ConcatV2", KernelDef{ConcatV2, false});
  registry.Register("Concat", KernelDef{Concat, false});
  registry.Register("ConcatD", KernelDef{ConcatD, false});
  registry.Register("ConcatV2D", KernelDef{ConcatD, false});
  registry.Register("Pack", KernelDef{Pack, false});
  registry.Register("Split", KernelDef{Split, false});
  registry.Register("SplitD", KernelDef{SplitD, false});
  registry.Register("SplitV", KernelDef{SplitV, false});
  registry.Register("SplitVD", KernelDef{SplitVD, false});
}

}  // namespace runtime
}  // namespace ge
