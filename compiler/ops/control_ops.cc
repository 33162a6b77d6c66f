// Control-flow ops with subgraphs (GE's functional op protos): If, Case, While, PartitionedCall.
// Their inference feeds the node's input descs to the subgraphs' Data nodes, infers the
// subgraphs and reads the outputs back from each subgraph's NetOutput.
#include "common/error.h"
#include "graph/compute_graph.h"
#include "ops/builtin_ops.h"
#include "ops/graph_shape_inference.h"
#include "ops/infer_helpers.h"

namespace ge {
namespace {
constexpr const char *kParentNodeIndex = "_parent_node_index";

// The subgraph instances a control node owns (empty while none is attached yet).
Status CollectSubgraphs(InferShapeContext &context, std::vector<ComputeGraphPtr> *subgraphs) {
  Node *node = context.GetNode();
  if (node == nullptr || node->GetOwnerGraph() == nullptr) {
    return SUCCESS;
  }
  ComputeGraph *root = node->GetOwnerGraph()->GetRootGraph();
  for (const std::string &name : node->GetOpDesc().GetSubgraphInstanceNames()) {
    if (name.empty()) {
      continue;
    }
    ComputeGraphPtr subgraph = root->GetSubgraph(name);
    if (subgraph == nullptr) {
      return context.Error("subgraph '" + name + "' is not registered on root graph '" +
                           root->GetName() + "'");
    }
    subgraphs->push_back(subgraph);
  }
  return SUCCESS;
}

// Feeds parent inputs to the subgraph's Data nodes (parent index = attr _parent_node_index,
// else Data index + `index_offset`), infers it and returns the NetOutput input descs.
Status InferBody(InferShapeContext &context, ComputeGraph &subgraph, int64_t index_offset,
                 const std::vector<GeTensorDesc> &parent_inputs,
                 std::vector<GeTensorDesc> *outputs) {
  Node *net_output = nullptr;
  for (Node *node : subgraph.GetDirectNodes()) {
    if (node->GetType() == "NetOutput") {
      net_output = node;
    }
    if (!IsDataType(node->GetType())) {
      continue;
    }
    const int64_t *parent_index = node->GetOpDesc().GetAttrAs<int64_t>(kParentNodeIndex);
    const int64_t *index = node->GetOpDesc().GetAttrAs<int64_t>("index");
    int64_t source =
        parent_index != nullptr ? *parent_index : (index == nullptr ? 0 : *index) + index_offset;
    if (source < 0 || static_cast<size_t>(source) >= parent_inputs.size()) {
      return context.Error("Data node '" + node->GetName() + "' of subgraph '" +
                           subgraph.GetName() + "' maps to parent input " + std::to_string(source) +
                           " but the node has " + std::to_string(parent_inputs.size()) + " inputs");
    }
    OpDesc &desc = node->MutableOpDesc();
    for (GeTensorDesc *port : {desc.MutableOutputDesc(0), desc.MutableInputDesc(0)}) {
      if (port != nullptr) {
        CopyTensorMeta(parent_inputs[static_cast<size_t>(source)], port);
      }
    }
  }
  if (InferGraphNodes(subgraph) != SUCCESS) {
    AppendLastError("while inferring node '" + context.GetNodeName() + "' (" + context.GetOpType() +
                    ")");
    return FAILED;
  }
  outputs->clear();
  if (net_output != nullptr) {
    outputs->assign(net_output->GetOpDesc().GetAllInputDescs().begin(),
                    net_output->GetOpDesc().GetAllInputDescs().end());
  }
  return SUCCESS;
}

// Shape both branches agree on: equal dims stay, differing dims become -1, differing ranks [-2].
Dims MergeDims(const Dims &a, const Dims &b) {
  if (a == b) {
    return a;
  }
  if (IsUnknownRankDims(a) || IsUnknownRankDims(b) || a.size() != b.size()) {
    return UnknownRankDims();
  }
  Dims merged = a;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) {
      merged[i] = UNKNOWN_DIM;
    }
  }
  return merged;
}

Status SetOutputs(InferShapeContext &context, const std::vector<GeTensorDesc> &outputs) {
  if (outputs.size() != context.GetOutputsSize()) {
    return context.Error("its subgraphs produce " + std::to_string(outputs.size()) +
                         " outputs but the node has " + std::to_string(context.GetOutputsSize()));
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (context.SetOutput(i, outputs[i].GetShape().GetDims(), outputs[i].GetDataType(),
                          outputs[i].GetFormat()) != SUCCESS) {
      return FAILED;
    }
  }
  return SUCCESS;
}

Status SetAllUnknown(InferShapeContext &context) {
  for (size_t i = 0; i < context.GetOutputsSize(); ++i) {
    const GeTensorDesc *out = context.MutableOutputDesc(i);
    if (context.SetOutput(i, UnknownRankDims(), out->GetDataType()) != SUCCESS) {
      return FAILED;
    }
  }
  return SUCCESS;
}

// If / Case / PartitionedCall: every branch sees the same inputs; outputs are merged.
Status InferBranches(InferShapeContext &context, int64_t index_offset) {
  std::vector<ComputeGraphPtr> subgraphs;
  if (CollectSubgraphs(context, &subgraphs) != SUCCESS) {
    return FAILED;
  }
  if (subgraphs.empty()) {
    return SetAllUnknown(context);  // subgraphs not attached yet
  }
  std::vector<GeTensorDesc> parent_inputs = context.GetOpDesc().GetAllInputDescs();
  std::vector<GeTensorDesc> merged;
  for (size_t s = 0; s < subgraphs.size(); ++s) {
    std::vector<GeTensorDesc> outputs;
    if (InferBody(context, *subgraphs[s], index_offset, parent_inputs, &outputs) != SUCCESS) {
      return FAILED;
    }
    if (s == 0) {
      merged = outputs;
      continue;
    }
    if (outputs.size() != merged.size()) {
      return context.Error("subgraph '" + subgraphs[s]->GetName() + "' has " +
                           std::to_string(outputs.size()) + " outputs but subgraph '" +
                           subgraphs[0]->GetName() + "' has " + std::to_string(merged.size()));
    }
    for (size_t i = 0; i < outputs.size(); ++i) {
      merged[i].SetShape(
          GeShape(MergeDims(merged[i].GetShape().GetDims(), outputs[i].GetShape().GetDims())));
    }
  }
  return SetOutputs(context, merged);
}

Status InferIf(InferShapeContext &context) { return InferBranches(context, 1); }
Status InferCase(InferShapeContext &context) { return InferBranches(context, 1); }
Status InferPartitionedCall(InferShapeContext &context) { return InferBranches(context, 0); }

// While: loop-carried values; the body runs with the merged shapes until they stop changing.
Status InferWhile(InferShapeContext &context) {
  std::vector<ComputeGraphPtr> subgraphs;
  if (CollectSubgraphs(context, &subgraphs) != SUCCESS) {
    return FAILED;
  }
  std::vector<GeTensorDesc> carried = context.GetOpDesc().GetAllInputDescs();
  if (subgraphs.empty()) {
    return SetOutputs(context, carried);
  }
  // Instance order follows the IR: cond, then body.
  ComputeGraphPtr body = subgraphs.back();
  constexpr int kMaxRounds = 3;  // shapes only widen (to -1, then [-2]); 3 rounds reach a fixpoint
  for (int round = 0; round < kMaxRounds; ++round) {
    std::vector<GeTensorDesc> outputs;
    if (InferBody(context, *body, 0, carried, &outputs) != SUCCESS) {
      return FAILED;
    }
    if (outputs.size() != carried.size()) {
      return context.Error("body subgraph '" + body->GetName() + "' returns " +
                           std::to_string(outputs.size()) + " values but the loop carries " +
                           std::to_string(carried.size()));
    }
    bool changed = false;
    for (size_t i = 0; i < carried.size(); ++i) {
      if (outputs[i].GetDataType() != carried[i].GetDataType()) {
        return context.Error("body subgraph '" + body->GetName() + "' changes the dtype of loop " +
                             "value " + std::to_string(i) + " from " +
                             DataTypeToString(carried[i].GetDataType()) + " to " +
                             DataTypeToString(outputs[i].GetDataType()));
      }
      Dims merged = MergeDims(carried[i].GetShape().GetDims(), outputs[i].GetShape().GetDims());
      if (merged != carried[i].GetShape().GetDims()) {
        carried[i].SetShape(GeShape(merged));
        changed = true;
      }
    }
    if (!changed) {
      break;
    }
  }
  if (subgraphs.size() > 1) {
    std::vector<GeTensorDesc> cond_outputs;
    if (InferBody(context, *subgraphs.front(), 0, carried, &cond_outputs) != SUCCESS) {
      return FAILED;
    }
  }
  return SetOutputs(context, carried);
}
}  // namespace

void RegisterControlOps(OpCatalog &catalog) {
  RegisterBuiltin(catalog, OpDefBuilder("If", "control")
                               .Input("cond", dtypes::Host())
                               .DynamicInput("input", dtypes::HostStorable())
                               .DynamicOutput("output", dtypes::HostStorable())
                               .Subgraph("then_branch")
                               .Subgraph("else_branch")
                               .Doc("Runs then_branch if cond is true (non-zero), else "
                                    "else_branch; subgraph Data(index=i) is input i.")
                               .Infer(InferIf));
  RegisterBuiltin(catalog, OpDefBuilder("Case", "control")
                               .Input("branch_index", dtypes::Index())
                               .DynamicInput("input", dtypes::HostStorable())
                               .DynamicOutput("output", dtypes::HostStorable())
                               .DynamicSubgraph("branches")
                               .Doc("Runs branches[branch_index] (out of range: the last one).")
                               .Infer(InferCase));
  RegisterBuiltin(catalog, OpDefBuilder("While", "control")
                               .DynamicInput("input", dtypes::HostStorable())
                               .DynamicOutput("output", dtypes::HostStorable())
                               .Subgraph("cond")
                               .Subgraph("body")
                               .Attr("parallel_iterations", AttrValueType::kInt, int64_t{10})
                               .Doc("while cond(values): values = body(values).")
                               .Infer(InferWhile));
  RegisterBuiltin(catalog, OpDefBuilder("PartitionedCall", "control")
                               .DynamicInput("args", dtypes::HostStorable())
                               .DynamicOutput("output", dtypes::HostStorable())
                               .Subgraph("f")
                               .Attr("config", AttrValueType::kString, "")
                               .Attr("config_proto", AttrValueType::kString, "")
                               .Attr("executor_type", AttrValueType::kString, "")
                               .Doc("Calls subgraph f; inside, Data(index=i) is args_i.")
                               .Infer(InferPartitionedCall));
}

}  // namespace ge
