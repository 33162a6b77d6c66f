// InferShapeContext: what one op's shape rule sees — input descs, attributes, the values of
// constant inputs — and where it writes its output descs. Errors name the node and op type.
#ifndef GE_OPS_INFER_SHAPE_CONTEXT_H_
#define GE_OPS_INFER_SHAPE_CONTEXT_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/ge_tensor.h"
#include "graph/node.h"
#include "graph/op_desc.h"

namespace ge {

class InferShapeContext {
 public:
  /// Context over a node of a graph: constant inputs are read from Const producers.
  explicit InferShapeContext(Node *node);
  /// Context over a detached OpDesc (no producers): every input counts as connected unless
  /// `connected` says otherwise; `const_inputs` gives constant values by input index.
  InferShapeContext(OpDesc *op_desc, std::vector<bool> connected,
                    std::vector<std::pair<size_t, GeTensor>> const_inputs);

  const OpDesc &GetOpDesc() const { return *op_desc_; }
  const std::string &GetNodeName() const { return op_desc_->GetName(); }
  const std::string &GetOpType() const { return op_desc_->GetType(); }

  // ---- inputs ----
  size_t GetInputsSize() const { return op_desc_->GetInputsSize(); }
  /// The desc of input `index`; nullptr when out of range.
  const GeTensorDesc *GetInputDesc(size_t index) const { return op_desc_->GetInputDesc(index); }
  /// For rules that mirror an output into an input (Data) or fill subgraph-facing descs.
  GeTensorDesc *MutableInputDesc(size_t index) { return op_desc_->MutableInputDesc(index); }
  /// The node under inference; nullptr for a detached OpDesc context.
  Node *GetNode() const { return node_; }
  /// False for an absent optional input (a port left unconnected).
  bool IsInputConnected(size_t index) const;
  /// First port and instance count of IR input `ir_name` (count 1 for required/optional inputs,
  /// N for a dynamic input with N instances). {-1, 0} when the IR has no such input.
  std::pair<int32_t, int32_t> GetIrInputRange(const std::string &ir_name) const;
  /// The value of input `index` when its producer is a Const node; nullptr otherwise.
  const GeTensor *GetConstInput(size_t index) const;
  /// Integer values of a constant input (any integer or bool dtype). False when not constant;
  /// FAILED-style message recorded when the dtype is not integral.
  bool GetConstInputInts(size_t index, std::vector<int64_t> *values) const;
  /// Numeric values (any real dtype) of a constant input as doubles.
  bool GetConstInputDoubles(size_t index, std::vector<double> *values) const;

  // ---- attributes (typed reads with a fallback when absent or of another type) ----
  bool HasAttr(const std::string &name) const { return op_desc_->HasAttr(name); }
  int64_t GetAttrInt(const std::string &name, int64_t fallback) const;
  float GetAttrFloat(const std::string &name, float fallback) const;
  bool GetAttrBool(const std::string &name, bool fallback) const;
  std::string GetAttrString(const std::string &name, const std::string &fallback) const;
  /// False when the attribute is absent or not a list of ints.
  bool GetAttrListInt(const std::string &name, std::vector<int64_t> *values) const;
  bool GetAttrListListInt(const std::string &name, std::vector<std::vector<int64_t>> *values) const;

  // ---- outputs ----
  size_t GetOutputsSize() const { return op_desc_->GetOutputsSize(); }
  GeTensorDesc *MutableOutputDesc(size_t index) { return op_desc_->MutableOutputDesc(index); }
  /// Sets shape + dtype of output `index`; format (and origin format) follow input 0 when the op
  /// has inputs. Origin shape/dtype are kept in sync.
  Status SetOutput(size_t index, const std::vector<int64_t> &dims, DataType dtype);
  Status SetOutput(size_t index, const std::vector<int64_t> &dims, DataType dtype, Format format);
  /// Output `index` becomes a copy of input `input_index`'s shape/dtype/format.
  Status PassThrough(size_t input_index, size_t output_index);

  /// Records "infer shape failed for node '<name>' (<type>): <message>" and returns FAILED.
  Status Error(const std::string &message) const;
  /// Fails unless input `index` exists (message names the index); used by rules up front.
  Status RequireInputs(size_t count) const;
  Status RequireOutputs(size_t count) const;

 private:
  OpDesc *op_desc_;
  Node *node_ = nullptr;
  std::vector<bool> connected_;
  std::vector<std::pair<size_t, GeTensor>> const_inputs_;
};

/// "[2, 3]" for error messages.
std::string DimsToString(const std::vector<int64_t> &dims);

}  // namespace ge

#endif  // GE_OPS_INFER_SHAPE_CONTEXT_H_
