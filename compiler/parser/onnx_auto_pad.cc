// auto_pad -> explicit pads (see onnx_auto_pad.h).
#include "parser/onnx_auto_pad.h"

#include <algorithm>

#include "parser/onnx_input_query.h"
#include "parser/onnx_op_mapper.h"

namespace ge {

Status CheckAutoPad(const OnnxNodeView &node, OnnxImportContext &ctx, const std::string &auto_pad) {
  if (auto_pad != "NOTSET" && auto_pad != "SAME_UPPER" && auto_pad != "SAME_LOWER" &&
      auto_pad != "VALID") {
    return onnx_map::NodeError(node, ctx, "attribute 'auto_pad' = '" + auto_pad + "' is not valid");
  }
  return SUCCESS;
}

void SamePads(bool upper, int64_t in, int64_t kernel, int64_t stride, int64_t dilation,
              int64_t *begin, int64_t *end) {
  const int64_t effective = (kernel - 1) * dilation + 1;
  const int64_t out = (in + stride - 1) / stride;
  const int64_t total = std::max<int64_t>(0, (out - 1) * stride + effective - in);
  const int64_t small = total / 2;
  *begin = upper ? small : total - small;
  *end = total - *begin;
}

Status ResolveAutoPads(const OnnxNodeView &node, OnnxImportContext &ctx,
                       const std::string &auto_pad, const std::vector<int64_t> &kernel,
                       const std::vector<int64_t> &strides, const std::vector<int64_t> &dilations,
                       std::vector<int64_t> *pads) {
  const size_t n = kernel.size();
  pads->assign(2 * n, 0);
  if (auto_pad == "VALID") {
    return SUCCESS;
  }
  const bool upper = auto_pad == "SAME_UPPER";
  const bool unit_strides =
      std::all_of(strides.begin(), strides.end(), [](int64_t s) { return s == 1; });
  std::vector<int64_t> spatial(n, 0);
  if (!unit_strides) {
    const std::string purpose = "auto_pad '" + auto_pad + "' with strides other than 1";
    GeShape shape;
    if (InferredInputShape(node, ctx, 0, purpose, &shape) != SUCCESS) {
      return FAILED;
    }
    const std::vector<int64_t> &dims = shape.GetDims();
    if (dims.size() != n + 2) {
      return onnx_map::NodeError(node, ctx,
                                 purpose + " expects input 0 of rank " + std::to_string(n + 2) +
                                     ", found " + shape.ToString());
    }
    for (size_t i = 0; i < n; ++i) {
      if (dims[i + 2] < 0) {
        return onnx_map::NodeError(node, ctx,
                                   purpose + " needs the spatial size of input 0, which is " +
                                       shape.ToString() +
                                       " (unknown); give a static shape, e.g. with --input_shape");
      }
      spatial[i] = dims[i + 2];
    }
  }
  for (size_t i = 0; i < n; ++i) {
    if (unit_strides) {
      // stride 1: out == in, total = effective kernel - 1 whatever the input size.
      const int64_t total = (kernel[i] - 1) * dilations[i];
      (*pads)[i] = upper ? total / 2 : total - total / 2;
      (*pads)[i + n] = total - (*pads)[i];
    } else {
      SamePads(upper, spatial[i], kernel[i], strides[i], dilations[i], &(*pads)[i],
               &(*pads)[i + n]);
    }
  }
  return SUCCESS;
}

}  // namespace ge
