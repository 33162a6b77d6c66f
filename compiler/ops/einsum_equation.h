// Einsum equations (numpy / ONNX form): "ij,jk->ik", "...ii->...i", "i,i", implicit outputs.
// The shape inference of the Einsum op and its host kernel both resolve an equation against the
// operands' shapes here, so they agree on every label's size.
#ifndef GE_OPS_EINSUM_EQUATION_H_
#define GE_OPS_EINSUM_EQUATION_H_

#include <cstdint>
#include <string>
#include <vector>

namespace ge {

/// An equation resolved against operand shapes. Labels are numbered: letters first, then one
/// label per broadcast ellipsis dim. A label repeated within an operand takes the diagonal.
struct EinsumPlan {
  std::vector<std::vector<int32_t>> operand_labels;  // the label of every dim of each operand
  std::vector<int32_t> output_labels;
  std::vector<int64_t> label_sizes;  // by label; -1 when unknown (shape inference only)

  std::vector<int64_t> OutputDims() const;
};

/// Resolves `equation` for operands of `shapes` (-1 = unknown dim). A label's size is the one
/// every operand agrees on; a dim of 1 broadcasts. Without "->" the output holds the ellipsis
/// dims, then the labels used once, in alphabetical order. False with `why` on a malformed
/// equation or mismatched shapes.
bool ResolveEinsum(const std::string &equation, const std::vector<std::vector<int64_t>> &shapes,
                   EinsumPlan *plan, std::string *why);

}  // namespace ge

#endif  // GE_OPS_EINSUM_EQUATION_H_
