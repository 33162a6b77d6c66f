// Einsum: every operand is walked by label; the output is the sum, over the labels the output
// does not keep, of the operands' product. A label repeated in an operand reads its diagonal
// (the dims' strides add up); a dim of 1 against a larger label size broadcasts (stride 0).
#include <algorithm>
#include <type_traits>

#include "ops/einsum_equation.h"
#include "runtime/builtin_kernels.h"
#include "runtime/elementwise_utils.h"
#include "runtime/kernel_registry.h"

namespace ge {
namespace runtime {
namespace {

/// The element step of each operand per label (0 for labels it lacks or broadcasts).
std::vector<std::vector<int64_t>> LabelStrides(const EinsumPlan &plan,
                                               const std::vector<std::vector<int64_t>> &shapes) {
  std::vector<std::vector<int64_t>> strides(shapes.size(),
                                            std::vector<int64_t>(plan.label_sizes.size(), 0));
  for (size_t i = 0; i < shapes.size(); ++i) {
    int64_t step = 1;
    for (size_t d = shapes[i].size(); d-- > 0;) {
      if (shapes[i][d] != 1) {
        strides[i][static_cast<size_t>(plan.operand_labels[i][d])] += step;
      }
      step *= shapes[i][d];
    }
  }
  return strides;
}

template <typename T>
void Contract(const std::vector<const T *> &operands, const EinsumPlan &plan,
              const std::vector<std::vector<int64_t>> &strides, T *y) {
  using Acc = std::conditional_t<std::is_floating_point<T>::value, double, int64_t>;
  // Loop order: the output's labels (row-major, so y is written in order), then the summed ones.
  std::vector<int32_t> order = plan.output_labels;
  std::vector<int32_t> summed;
  for (size_t label = 0; label < plan.label_sizes.size(); ++label) {
    const int32_t id = static_cast<int32_t>(label);
    bool used = false;
    for (const auto &labels : plan.operand_labels) {
      used = used || std::find(labels.begin(), labels.end(), id) != labels.end();
    }
    if (used && std::find(order.begin(), order.end(), id) == order.end()) summed.push_back(id);
  }
  int64_t out_count = 1;
  for (int32_t label : plan.output_labels)
    out_count *= plan.label_sizes[static_cast<size_t>(label)];
  int64_t sum_count = 1;
  for (int32_t label : summed) sum_count *= plan.label_sizes[static_cast<size_t>(label)];
  order.insert(order.end(), summed.begin(), summed.end());
  const size_t n = operands.size();
  std::vector<int64_t> index(order.size(), 0);
  std::vector<int64_t> offset(n, 0);
  for (int64_t o = 0; o < out_count; ++o) {
    Acc acc = 0;
    for (int64_t s = 0; s < sum_count; ++s) {
      Acc product = 1;
      for (size_t i = 0; i < n; ++i) product *= static_cast<Acc>(operands[i][offset[i]]);
      acc += product;
      // Advance the multi-index over `order` (the last label fastest) and every offset with it.
      for (size_t k = order.size(); k-- > 0;) {
        const size_t label = static_cast<size_t>(order[k]);
        for (size_t i = 0; i < n; ++i) offset[i] += strides[i][label];
        if (++index[k] < plan.label_sizes[label]) break;
        for (size_t i = 0; i < n; ++i) offset[i] -= strides[i][label] * index[k];
        index[k] = 0;
      }
    }
    y[o] = static_cast<T>(acc);
  }
}

Status Einsum(KernelContext &ctx) {
  const size_t n = ctx.GetInputsSize();
  if (n == 0) {
    return ctx.Error("needs at least one input");
  }
  std::vector<std::vector<int64_t>> shapes;
  for (size_t i = 0; i < n; ++i) {
    if (ctx.GetInput(i) == nullptr) {
      return ctx.Error("input " + std::to_string(i) + " is missing");
    }
    shapes.push_back(DimsOf(ctx.Input(i)));
  }
  const DataType dtype = DtypeOf(ctx.Input(0));
  for (size_t i = 1; i < n; ++i) {
    if (DtypeOf(ctx.Input(i)) != dtype) {
      return UnsupportedDtype(ctx, DtypeOf(ctx.Input(i)), "x" + std::to_string(i));
    }
  }
  EinsumPlan plan;
  std::string why;
  if (!ResolveEinsum(ctx.GetString("equation", ""), shapes, &plan, &why)) {
    return ctx.Error(why);
  }
  OutputTensor out(dtype, plan.OutputDims());
  const std::vector<std::vector<int64_t>> strides = LabelStrides(plan, shapes);
  auto run = [&](auto tag) {
    using T = decltype(tag);
    std::vector<const T *> operands;
    for (size_t i = 0; i < n; ++i) operands.push_back(DataOf<T>(ctx.Input(i)));
    Contract(operands, plan, strides, out.Data<T>());
  };
  switch (dtype) {
    case DT_FLOAT: run(float{}); break;
    case DT_DOUBLE: run(double{}); break;
    case DT_INT32: run(int32_t{}); break;
    case DT_INT64: run(int64_t{}); break;
    default: return UnsupportedDtype(ctx, dtype, "x0");
  }
  return ctx.SetOutput(0, out.Finish());
}

}  // namespace

void RegisterEinsumKernels(KernelRegistry &registry) {
  registry.Register("Einsum", KernelDef{Einsum, true});
}

}  // namespace runtime
}  // namespace ge
