// ONNX Reduce* ops, before (attribute) and after (input) axes moved to an input; ArgMax/ArgMin,
// TopK and CumSum.
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "parser/onnx_op_mapper.h"

namespace ge {
namespace {

using onnx_map::BindOutput;
using onnx_map::CheckInputCount;
using onnx_map::ConnectConst;
using onnx_map::ConnectInput;
using onnx_map::HelperOp;
using onnx_map::MainOp;
using onnx_map::NodeError;

/// Adds reduce op `type` over `x` with the node's axes (input 1 when present: ReduceSum >= 13,
/// all >= 18; else the attribute as an int32 Const, empty = all axes) and keepdims. `main`: the
/// op carries the ONNX node's name, else it is the helper "<name>/<type>".
Node *AddReduce(const OnnxNodeView &node, OnnxImportContext &ctx, const std::string &type,
                OutAnchor x, bool main) {
  Node *op = main ? MainOp(node, ctx, type) : HelperOp(node, ctx, type, type);
  if (op == nullptr || ctx.Connect(x, op, "x") != SUCCESS) {
    return nullptr;
  }
  const bool axes_input = node.Opset() >= 13 && node.HasInput(1);
  if (axes_input) {
    if (ConnectInput(node, ctx, 1, op, "axes") != SUCCESS) {
      return nullptr;
    }
  } else if (ConnectConst(node, ctx, "axes", MakeInt32Tensor(node.GetInts("axes", {})), op,
                          "axes") != SUCCESS) {
    return nullptr;
  }
  op->MutableOpDesc().SetAttr("keep_dims", node.GetInt("keepdims", 1) != 0);
  // Before opset 13 an empty axes list always means "reduce everything".
  const bool noop = node.Opset() >= 13 && node.GetInt("noop_with_empty_axes", 0) != 0;
  op->MutableOpDesc().SetAttr("noop_with_empty_axes", noop);
  return op;
}

/// A unary op `type` over `x`, named after the node when `main`.
Node *AddUnary(const OnnxNodeView &node, OnnxImportContext &ctx, const std::string &type,
               OutAnchor x, bool main) {
  Node *op = main ? MainOp(node, ctx, type) : HelperOp(node, ctx, type, type);
  if (op == nullptr || ctx.Connect(x, op, "x") != SUCCESS) {
    return nullptr;
  }
  return op;
}

Status MapReduce(const OnnxNodeView &node, OnnxImportContext &ctx) {
  OutAnchor x;
  if (CheckInputCount(node, ctx, 1, 2) != SUCCESS || ctx.Input(node, 0, &x) != SUCCESS) {
    return FAILED;
  }
  // ReduceMean -> ReduceMean, ...
  Node *op = AddReduce(node, ctx, std::string(node.OpType()), x, true);
  return op == nullptr ? FAILED : BindOutput(node, ctx, 0, {op, 0});
}

/// The ONNX reductions without an Ascend IR op of their own, as ONNX's function bodies define
/// them: an elementwise op before ReduceSum and/or one after it.
Status MapComposedReduce(const OnnxNodeView &node, OnnxImportContext &ctx) {
  static const std::map<std::string, std::pair<std::string, std::string>, std::less<>> kParts = {
      {"ReduceL1", {"Abs", ""}},           {"ReduceL2", {"Square", "Sqrt"}},
      {"ReduceSumSquare", {"Square", ""}}, {"ReduceLogSum", {"", "Log"}},
      {"ReduceLogSumExp", {"Exp", "Log"}},
  };
  const auto &parts = kParts.find(node.OpType())->second;
  OutAnchor x;
  if (CheckInputCount(node, ctx, 1, 2) != SUCCESS || ctx.Input(node, 0, &x) != SUCCESS) {
    return FAILED;
  }
  if (!parts.first.empty()) {
    Node *before = AddUnary(node, ctx, parts.first, x, false);
    if (before == nullptr) {
      return FAILED;
    }
    x = {before, 0};
  }
  Node *sum = AddReduce(node, ctx, "ReduceSum", x, parts.second.empty());
  if (sum == nullptr) {
    return FAILED;
  }
  OutAnchor y{sum, 0};
  if (!parts.second.empty()) {
    Node *after = AddUnary(node, ctx, parts.second, y, true);
    if (after == nullptr) {
      return FAILED;
    }
    y = {after, 0};
  }
  return BindOutput(node, ctx, 0, y);
}

/// ArgMax / ArgMin -> ArgMaxV2 / ArgMin (int64 indices, the axis as an int32 Const); keepdims
/// puts the reduced axis back with Unsqueeze. select_last_index is kept as the op's attribute.
Status MapArgReduce(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 1, 1) != SUCCESS) {
    return FAILED;
  }
  const std::string type = node.OpType() == "ArgMax" ? "ArgMaxV2" : "ArgMin";
  const int64_t axis = node.GetInt("axis", 0);
  const bool keep = node.GetInt("keepdims", 1) != 0;
  Node *op = keep ? HelperOp(node, ctx, type, type) : MainOp(node, ctx, type);
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS ||
      ConnectConst(node, ctx, "dimension", MakeInt32Tensor({axis}, true), op, "dimension") !=
          SUCCESS) {
    return FAILED;
  }
  op->MutableOpDesc().SetAttr("dtype", static_cast<int64_t>(DT_INT64));
  op->MutableOpDesc().SetAttr("select_last_index", node.GetInt("select_last_index", 0) != 0);
  if (!keep) {
    return BindOutput(node, ctx, 0, {op, 0});
  }
  // A negative axis counts from the end of x, which is also the end of the unsqueezed output.
  Node *unsqueeze = MainOp(node, ctx, "Unsqueeze");
  if (unsqueeze == nullptr || ctx.Connect({op, 0}, unsqueeze, "x") != SUCCESS) {
    return FAILED;
  }
  unsqueeze->MutableOpDesc().SetAttr("axes", std::vector<int64_t>{axis});
  return BindOutput(node, ctx, 0, {unsqueeze, 0});
}

/// CumSum -> Cumsum(x, axis) with exclusive / reverse as bools.
Status MapCumSum(const OnnxNodeView &node, OnnxImportContext &ctx) {
  if (CheckInputCount(node, ctx, 2, 2) != SUCCESS) {
    return FAILED;
  }
  Node *op = MainOp(node, ctx, "Cumsum");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS ||
      ConnectInput(node, ctx, 1, op, "axis") != SUCCESS) {
    return FAILED;
  }
  op->MutableOpDesc().SetAttr("exclusive", node.GetInt("exclusive", 0) != 0);
  op->MutableOpDesc().SetAttr("reverse", node.GetInt("reverse", 0) != 0);
  return BindOutput(node, ctx, 0, {op, 0});
}

/// TopK -> TopKV2(x, k; dim, largest, sorted, indices_dtype int64). Before opset 10 k is an
/// attribute (a Const here); largest and sorted exist from opset 11 (both default true).
Status MapTopK(const OnnxNodeView &node, OnnxImportContext &ctx) {
  const bool k_input = node.Opset() >= 10;
  if (CheckInputCount(node, ctx, k_input ? 2 : 1, k_input ? 2 : 1) != SUCCESS) {
    return FAILED;
  }
  if (!k_input && !node.HasAttr("k")) {
    return NodeError(node, ctx, "required attribute 'k' is missing");
  }
  Node *op = MainOp(node, ctx, "TopKV2");
  if (op == nullptr || ConnectInput(node, ctx, 0, op, "x") != SUCCESS ||
      (k_input ? ConnectInput(node, ctx, 1, op, "k")
               : ConnectConst(node, ctx, "k", MakeInt64Tensor({node.GetInt("k", 0)}), op, "k")) !=
          SUCCESS) {
    return FAILED;
  }
  OpDesc &desc = op->MutableOpDesc();
  desc.SetAttr("dim", node.GetInt("axis", -1));
  desc.SetAttr("largest", node.GetInt("largest", 1) != 0);
  desc.SetAttr("sorted", node.GetInt("sorted", 1) != 0);
  desc.SetAttr("indices_dtype", static_cast<int64_t>(DT_INT64));
  if (BindOutput(node, ctx, 0, {op, 0}) != SUCCESS) {
    return FAILED;
  }
  return node.HasOutput(1) ? BindOutput(node, ctx, 1, {op, 1}) : SUCCESS;
}

}  // namespace

void AppendReduceMappings(std::vector<OnnxOpMapping> *mappings) {
  for (const char *type : {"ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceSum"}) {
    mappings->push_back({type, kMinOnnxOpset, kMaxOnnxOpset, MapReduce});
  }
  for (const char *type :
       {"ReduceL1", "ReduceL2", "ReduceSumSquare", "ReduceLogSum", "ReduceLogSumExp"}) {
    mappings->push_back({type, kMinOnnxOpset, kMaxOnnxOpset, MapComposedReduce});
  }
  mappings->push_back({"ArgMax", kMinOnnxOpset, kMaxOnnxOpset, MapArgReduce});
  mappings->push_back({"ArgMin", kMinOnnxOpset, kMaxOnnxOpset, MapArgReduce});
  mappings->push_back({"CumSum", 11, kMaxOnnxOpset, MapCumSum});
  mappings->push_back({"TopK", kMinOnnxOpset, kMaxOnnxOpset, MapTopK});
}

}  // namespace ge
