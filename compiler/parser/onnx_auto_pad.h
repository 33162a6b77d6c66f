// ONNX conv/pool `auto_pad` (SAME_UPPER, SAME_LOWER, VALID) resolved to explicit pads, so that
// shape inference and the kernels, which know only explicit pads, compute what ONNX specifies.
#ifndef GE_PARSER_ONNX_AUTO_PAD_H_
#define GE_PARSER_ONNX_AUTO_PAD_H_

#include <cstdint>
#include <string>
#include <vector>

#include "ge/ge_error_codes.h"
#include "parser/onnx_import_context.h"

namespace ge {

/// Fails naming the node unless `auto_pad` is NOTSET, SAME_UPPER, SAME_LOWER or VALID.
Status CheckAutoPad(const OnnxNodeView &node, OnnxImportContext &ctx, const std::string &auto_pad);

/// Explicit ONNX-order pads [begin_0.., end_0..] for `auto_pad` != NOTSET over the spatial dims
/// of input 0 (NC + spatial layout). VALID pads nothing; SAME_* pads so that the output size is
/// ceil(in / stride), the odd extra cell at the end (UPPER) or the beginning (LOWER). With every
/// stride 1 the pads do not depend on the input size; otherwise the spatial dims of input 0
/// must be known (shape-inferred from the graph built so far).
Status ResolveAutoPads(const OnnxNodeView &node, OnnxImportContext &ctx,
                       const std::string &auto_pad, const std::vector<int64_t> &kernel,
                       const std::vector<int64_t> &strides, const std::vector<int64_t> &dilations,
                       std::vector<int64_t> *pads);

/// The pads of one spatial axis for SAME_UPPER / SAME_LOWER (exposed for tests).
void SamePads(bool upper, int64_t in, int64_t kernel, int64_t stride, int64_t dilation,
              int64_t *begin, int64_t *end);

}  // namespace ge

#endif  // GE_PARSER_ONNX_AUTO_PAD_H_
