// EsGraphBuilder: eager graph construction over ComputeGraph and the op catalog.
#include "es/es_graph_builder.h"

#include <algorithm>
#include <set>
#include <unordered_set>

#include "common/error.h"
#include "ops/op_catalog.h"

namespace ge {
namespace es {
namespace {

const char *const kAttrIndex = "index";
const char *const kAttrValue = "value";

std::string DimsToString(const std::vector<int64_t> &dims) { return GeShape(dims).ToString(); }

/// The port name of an IR input instance: "x" or, for a dynamic input, "x0", "x1", ...
std::string PortName(const std::string &ir_name, bool dynamic, size_t instance) {
  return dynamic ? ir_name + std::to_string(instance) : ir_name;
}

// The OpDesc of a node the catalog may not know (graph inputs, Variable, NetOutput): catalog
// prototype when present, else the given ports with default descs.
Status MakeOpDesc(const std::string &name, const std::string &type,
                  const std::vector<std::string> &ins, const std::vector<std::string> &outs,
                  OpDesc *op_desc) {
  if (OpCatalog::Instance().Find(type) != nullptr) {
    return CreateOpDesc(name, type, {}, {}, op_desc);
  }
  *op_desc = OpDesc(name, type);
  for (const std::string &in : ins) {
    op_desc->AddInputDesc(in, GeTensorDesc());
  }
  for (const std::string &out : outs) {
    op_desc->AddOutputDesc(out, GeTensorDesc());
  }
  return SUCCESS;
}

}  // namespace

bool IsGraphInputType(const std::string &type) {
  return type == "Data" || type == "RefData" || type == "AippData" || type == "AnyData";
}

EsGraphBuilder::EsGraphBuilder(std::string name)
    : name_(name.empty() ? std::string("graph") : std::move(name)),
      graph_(std::make_shared<ComputeGraph>(name_)) {}

EsGraphBuilder::~EsGraphBuilder() = default;

Status EsGraphBuilder::CheckUsable(const char *operation) const {
  if (built_) {
    return Fail(std::string("cannot ") + operation + ": graph builder '" + name_ +
                "' has already been built");
  }
  return SUCCESS;
}

Status EsGraphBuilder::CheckHolder(const EsTensorHolder *tensor, const char *operation,
                                   NodePtr *node) const {
  if (CheckUsable(operation) != SUCCESS) {
    return FAILED;
  }
  if (tensor == nullptr) {
    return Fail(std::string("cannot ") + operation + ": tensor holder is null");
  }
  if (tensor->GetOwnerBuilder() != this) {
    return Fail(std::string("cannot ") + operation +
                ": the tensor belongs to another graph builder");
  }
  *node = tensor->GetProducer();
  if (*node == nullptr || (*node)->GetOwnerGraph() != graph_.get()) {
    return Fail(std::string("cannot ") + operation + ": the producer node of the tensor is gone");
  }
  return SUCCESS;
}

std::string EsGraphBuilder::NextNodeName(const std::string &type) {
  // The counter is shared by all auto-named nodes; skip names the user already took.
  std::string name = type + "_" + std::to_string(node_counter_++);
  while (graph_->FindNode(name) != nullptr) {
    name = type + "_" + std::to_string(node_counter_++);
  }
  return name;
}

EsTensorHolder *EsGraphBuilder::NewHolder(Node *node, int32_t output_index) {
  holders_.push_back(
      std::make_unique<EsTensorHolder>(this, graph_->GetNodePtr(node), output_index));
  return holders_.back().get();
}

EsTensorHolder *EsGraphBuilder::CreateInput(int64_t index, const std::string &name,
                                            const std::string &type, DataType dtype, Format format,
                                            const std::vector<int64_t> &dims, bool shape_given) {
  if (CheckUsable("create input") != SUCCESS) {
    return nullptr;
  }
  if (!IsGraphInputType(type)) {
    Fail("cannot create input " + std::to_string(index) + ": node type '" + type +
         "' is not one of Data, RefData, AippData, AnyData");
    return nullptr;
  }
  if (index < 0) {
    Fail("cannot create input: index " + std::to_string(index) + " is negative");
    return nullptr;
  }
  if (inputs_.count(index) != 0) {
    Fail("cannot create input: graph '" + name_ + "' already has input index " +
         std::to_string(index) + " (node '" + inputs_[index]->GetName() + "')");
    return nullptr;
  }
  if (!IsValidDataType(dtype) || !IsValidFormat(format)) {
    Fail("cannot create input " + std::to_string(index) + ": invalid data type " +
         std::to_string(dtype) + " or format " + std::to_string(format));
    return nullptr;
  }
  const std::string node_name = name.empty() ? "input_" + std::to_string(index) : name;
  OpDesc op_desc;
  if (MakeOpDesc(node_name, type, {"x"}, {"y"}, &op_desc) != SUCCESS) {
    return nullptr;
  }
  GeTensorDesc desc(GeShape(dims), format, dtype);
  if (shape_given) {
    desc.SetOriginShape(GeShape(dims));
  }
  desc.SetOriginFormat(format);
  desc.SetOriginDataType(dtype);
  if (op_desc.GetOutputsSize() == 0) {
    op_desc.AddOutputDesc("y", desc);
  } else {
    op_desc.UpdateOutputDesc(0, desc);
  }
  op_desc.SetAttr(kAttrIndex, GeAttrValue(index));
  Node *node = graph_->AddNode(std::move(op_desc));
  if (node == nullptr) {
    AppendLastError("cannot create input " + std::to_string(index));
    return nullptr;
  }
  inputs_[index] = node;
  return NewHolder(node, 0);
}

EsTensorHolder *EsGraphBuilder::CreateConst(GeTensor value) {
  if (CheckUsable("create constant") != SUCCESS) {
    return nullptr;
  }
  const std::string name = NextNodeName("Const");
  OpDesc op_desc;
  if (MakeOpDesc(name, "Const", {}, {"y"}, &op_desc) != SUCCESS) {
    return nullptr;
  }
  GeTensorDesc desc = value.GetTensorDesc();
  desc.SetOriginShape(desc.GetShape());
  desc.SetOriginFormat(desc.GetFormat());
  desc.SetOriginDataType(desc.GetDataType());
  value.SetTensorDesc(desc);
  op_desc.UpdateOutputDesc(0, desc);
  op_desc.SetAttr(kAttrValue, GeAttrValue(std::move(value)));
  Node *node = graph_->AddNode(std::move(op_desc));
  return node == nullptr ? nullptr : NewHolder(node, 0);
}

EsTensorHolder *EsGraphBuilder::CreateVariable(int32_t index, const std::string &name) {
  if (CheckUsable("create variable") != SUCCESS) {
    return nullptr;
  }
  if (name.empty()) {
    Fail("cannot create variable " + std::to_string(index) + ": the name is empty");
    return nullptr;
  }
  OpDesc op_desc;
  if (MakeOpDesc(name, "Variable", {"x"}, {"y"}, &op_desc) != SUCCESS) {
    return nullptr;
  }
  op_desc.SetAttr(kAttrIndex, GeAttrValue(static_cast<int64_t>(index)));
  Node *node = graph_->AddNode(std::move(op_desc));
  if (node == nullptr) {
    AppendLastError("cannot create variable '" + name + "'");
    return nullptr;
  }
  return NewHolder(node, 0);
}

Status EsGraphBuilder::CreateOp(const std::string &type,
                                const std::vector<std::vector<EsTensorHolder *>> &inputs,
                                const std::vector<int64_t> &dynamic_output_counts,
                                const std::vector<std::pair<std::string, GeAttrValue>> &attrs,
                                const std::vector<std::vector<ComputeGraphPtr>> &subgraphs,
                                std::vector<EsTensorHolder *> *outputs) {
  outputs->clear();
  if (CheckUsable("create operator") != SUCCESS) {
    return FAILED;
  }
  const OpPrototype *proto = OpCatalog::Instance().Find(type);
  if (proto == nullptr) {
    return Fail("cannot create operator: op type '" + type + "' is not in the op catalog");
  }
  // The message prefix is built only on failure: this function runs once per node.
  auto what = [&type]() { return "cannot create " + type + ": "; };
  // ---- check everything before the first edit ----
  if (inputs.size() != proto->inputs.size()) {
    return Fail(what() + "expected " + std::to_string(proto->inputs.size()) + " IR inputs, got " +
                std::to_string(inputs.size()));
  }
  std::map<std::string, int64_t> dyn_in;
  // One entry per connected input. CreateOpDesc lays the ports out in IR order (one port per
  // required/optional input, one per dynamic instance), so the port index is known here.
  struct InputEdge {
    const OpInputDef *def;
    size_t instance;  // index inside a dynamic input
    Node *producer;
    int32_t out_index;
    int32_t port;
  };
  std::vector<InputEdge> edges_in;
  edges_in.reserve(inputs.size());
  int32_t next_port = 0;
  for (size_t i = 0; i < proto->inputs.size(); ++i) {
    const OpInputDef &def = proto->inputs[i];
    const auto &given = inputs[i];
    if (def.kind == IrInputType::kRequired && (given.size() != 1 || given[0] == nullptr)) {
      return Fail(what() + "required input '" + def.name + "' is missing");
    }
    if (def.kind == IrInputType::kOptional && given.size() > 1) {
      return Fail(what() + "optional input '" + def.name + "' takes at most one tensor");
    }
    if (def.kind == IrInputType::kDynamic) {
      dyn_in[def.name] = static_cast<int64_t>(given.size());
    }
    for (size_t k = 0; k < given.size(); ++k) {
      if (given[k] == nullptr) {
        if (def.kind == IrInputType::kDynamic) {
          return Fail(what() + "dynamic input '" + def.name + "' element " + std::to_string(k) +
                      " is null");
        }
        continue;
      }
      NodePtr producer;
      if (CheckHolder(given[k], "create operator", &producer) != SUCCESS) {
        return AppendLastError(what() + "input '" + def.name + "'"), FAILED;
      }
      edges_in.push_back(InputEdge{&def, k, producer.get(), given[k]->GetOutputIndex(),
                                   next_port + static_cast<int32_t>(k)});
    }
    next_port += def.kind == IrInputType::kDynamic ? static_cast<int32_t>(given.size()) : 1;
  }
  std::map<std::string, int64_t> dyn_out;
  size_t next_dyn = 0;
  for (const OpOutputDef &def : proto->outputs) {
    if (def.kind != IrOutputType::kDynamic) {
      continue;
    }
    if (next_dyn >= dynamic_output_counts.size() || dynamic_output_counts[next_dyn] < 0) {
      return Fail(what() + "missing or negative instance count for dynamic output '" + def.name +
                  "'");
    }
    dyn_out[def.name] = dynamic_output_counts[next_dyn++];
  }
  if (next_dyn != dynamic_output_counts.size()) {
    return Fail(what() + "expected " + std::to_string(next_dyn) + " dynamic output counts, got " +
                std::to_string(dynamic_output_counts.size()));
  }
  for (const auto &attr : attrs) {
    auto it = std::find_if(proto->attrs.begin(), proto->attrs.end(),
                           [&attr](const OpAttrDef &def) { return def.name == attr.first; });
    if (it == proto->attrs.end()) {
      return Fail(what() + "the prototype has no attribute '" + attr.first + "'");
    }
    if (attr.second.GetValueType() != it->type) {
      return Fail(what() + "attribute '" + attr.first + "' expects " + AttrValueTypeName(it->type) +
                  ", got " + AttrValueTypeName(attr.second.GetValueType()));
    }
  }
  for (const OpAttrDef &def : proto->attrs) {
    bool given = std::any_of(attrs.begin(), attrs.end(),
                             [&def](const auto &attr) { return attr.first == def.name; });
    if (def.required && !given) {
      return Fail(what() + "required attribute '" + def.name + "' is missing");
    }
  }
  if (subgraphs.size() != proto->subgraphs.size()) {
    return Fail(what() + "expected " + std::to_string(proto->subgraphs.size()) +
                " IR subgraphs, got " + std::to_string(subgraphs.size()));
  }
  std::unordered_set<const ComputeGraph *> seen;
  for (size_t i = 0; i < subgraphs.size(); ++i) {
    const auto &slot = proto->subgraphs[i];
    if (slot.second == SubgraphType::kStatic && subgraphs[i].size() != 1) {
      return Fail(what() + "static subgraph '" + slot.first + "' needs exactly one graph");
    }
    for (const ComputeGraphPtr &sub : subgraphs[i]) {
      if (sub == nullptr) {
        return Fail(what() + "subgraph '" + slot.first + "' is null");
      }
      if (sub == graph_ || sub->GetParentGraph() != nullptr || sub->GetParentNode() != nullptr ||
          !seen.insert(sub.get()).second) {
        return Fail(what() + "graph '" + sub->GetName() + "' for subgraph '" + slot.first +
                    "' is already used as a subgraph");
      }
    }
  }

  // ---- build the node ----
  OpDesc op_desc;
  if (CreateOpDesc(NextNodeName(type), type, dyn_in, dyn_out, &op_desc) != SUCCESS) {
    return AppendLastError(what() + "op desc creation failed"), FAILED;
  }
  for (const auto &attr : attrs) {
    op_desc.SetAttr(attr.first, attr.second);
  }
  for (const auto &slot : subgraphs) {
    for (const ComputeGraphPtr &sub : slot) {
      op_desc.AddSubgraphInstanceName(sub->GetName());
    }
  }
  for (const InputEdge &edge : edges_in) {
    // Cheap consistency check of the layout assumption: the port carries the IR input's name
    // (dynamic instances: the name plus the instance number).
    const std::string &port_name = op_desc.GetInputName(static_cast<size_t>(edge.port));
    const bool dynamic = edge.def->kind == IrInputType::kDynamic;
    if (static_cast<size_t>(edge.port) >= op_desc.GetInputsSize() ||
        port_name.compare(0, edge.def->name.size(), edge.def->name) != 0 ||
        (!dynamic && port_name.size() != edge.def->name.size())) {
      return Fail(what() + "op desc has no input port '" +
                  PortName(edge.def->name, dynamic, edge.instance) + "'");
    }
  }
  Node *node = graph_->AddNode(std::move(op_desc));
  if (node == nullptr) {
    return AppendLastError(what() + "adding the node failed"), FAILED;
  }
  for (const InputEdge &edge : edges_in) {
    if (graph_->AddDataEdge(edge.producer, edge.out_index, node, edge.port) != SUCCESS) {
      graph_->RemoveNode(node);
      return AppendLastError(
                 what() + "connecting input '" +
                 PortName(edge.def->name, edge.def->kind == IrInputType::kDynamic, edge.instance) +
                 "' failed"),
             FAILED;
    }
  }
  for (const auto &slot : subgraphs) {
    for (const ComputeGraphPtr &sub : slot) {
      sub->SetParentGraph(graph_);
      sub->SetParentNode(node);
      attached_subgraphs_.push_back(sub);
    }
  }
  outputs->reserve(node->GetOutputsSize());
  for (size_t i = 0; i < node->GetOutputsSize(); ++i) {
    outputs->push_back(NewHolder(node, static_cast<int32_t>(i)));
  }
  return SUCCESS;
}

Status EsGraphBuilder::SetGraphOutput(EsTensorHolder *tensor, int64_t output_index) {
  NodePtr node;
  if (CheckHolder(tensor, "set graph output", &node) != SUCCESS) {
    return FAILED;
  }
  if (output_index < 0 || outputs_.count(output_index) != 0) {
    return Fail("cannot set output " + std::to_string(output_index) + " of graph '" + name_ +
                "': the index is negative or already set");
  }
  outputs_[output_index] = {node.get(), tensor->GetOutputIndex()};
  return SUCCESS;
}

Status EsGraphBuilder::SetGraphAttr(const std::string &name, GeAttrValue value) {
  if (CheckUsable("set graph attribute") != SUCCESS) {
    return FAILED;
  }
  if (name.empty()) {
    return Fail("cannot set graph attribute on graph '" + name_ + "': empty attribute name");
  }
  graph_->SetAttr(name, std::move(value));
  return SUCCESS;
}

Status EsGraphBuilder::SetTensorAttr(EsTensorHolder *tensor, const std::string &name,
                                     GeAttrValue value) {
  NodePtr node;
  if (CheckHolder(tensor, "set tensor attribute", &node) != SUCCESS) {
    return FAILED;
  }
  GeTensorDesc *desc = node->MutableOpDesc().MutableOutputDesc(tensor->GetOutputIndex());
  if (desc == nullptr || name.empty()) {
    return Fail("cannot set tensor attribute '" + name + "' on output " +
                std::to_string(tensor->GetOutputIndex()) + " of node '" + node->GetName() + "'");
  }
  desc->MutableAttrs()[name] = std::move(value);
  return SUCCESS;
}

Status EsGraphBuilder::SetNodeAttr(EsTensorHolder *tensor, const std::string &name,
                                   GeAttrValue value) {
  NodePtr node;
  if (CheckHolder(tensor, "set node attribute", &node) != SUCCESS) {
    return FAILED;
  }
  if (name.empty()) {
    return Fail("cannot set node attribute on node '" + node->GetName() + "': empty name");
  }
  node->MutableOpDesc().SetAttr(name, std::move(value));
  return SUCCESS;
}

Status EsGraphBuilder::SetDataType(EsTensorHolder *tensor, DataType dtype) {
  NodePtr node;
  if (CheckHolder(tensor, "set data type", &node) != SUCCESS) {
    return FAILED;
  }
  GeTensorDesc *desc = node->MutableOpDesc().MutableOutputDesc(tensor->GetOutputIndex());
  if (desc == nullptr || !IsValidDataType(dtype)) {
    return Fail("cannot set data type " + std::to_string(dtype) + " on node '" + node->GetName() +
                "'");
  }
  desc->SetDataType(dtype);
  desc->SetOriginDataType(dtype);
  return SUCCESS;
}

Status EsGraphBuilder::SetFormat(EsTensorHolder *tensor, Format format) {
  NodePtr node;
  if (CheckHolder(tensor, "set format", &node) != SUCCESS) {
    return FAILED;
  }
  GeTensorDesc *desc = node->MutableOpDesc().MutableOutputDesc(tensor->GetOutputIndex());
  if (desc == nullptr || !IsValidFormat(format)) {
    return Fail("cannot set format " + std::to_string(format) + " on node '" + node->GetName() +
                "'");
  }
  desc->SetFormat(format);
  desc->SetOriginFormat(format);
  return SUCCESS;
}

Status EsGraphBuilder::SetShape(EsTensorHolder *tensor, const std::vector<int64_t> &dims) {
  NodePtr node;
  if (CheckHolder(tensor, "set shape", &node) != SUCCESS) {
    return FAILED;
  }
  GeTensorDesc *desc = node->MutableOpDesc().MutableOutputDesc(tensor->GetOutputIndex());
  if (desc == nullptr) {
    return Fail("cannot set shape on node '" + node->GetName() + "'");
  }
  for (int64_t dim : dims) {
    if (dim < UNKNOWN_DIM_NUM) {
      return Fail("cannot set shape " + DimsToString(dims) + " on node '" + node->GetName() +
                  "': dims must be >= -2");
    }
  }
  desc->SetShape(GeShape(dims));
  desc->SetOriginShape(GeShape(dims));
  return SUCCESS;
}

Status EsGraphBuilder::AddControlEdge(EsTensorHolder *dst,
                                      const std::vector<EsTensorHolder *> &srcs) {
  NodePtr dst_node;
  if (CheckHolder(dst, "add control dependency", &dst_node) != SUCCESS) {
    return FAILED;
  }
  std::vector<NodePtr> src_nodes;
  for (EsTensorHolder *src : srcs) {
    NodePtr node;
    if (CheckHolder(src, "add control dependency", &node) != SUCCESS) {
      return FAILED;
    }
    if (node == dst_node) {
      return Fail("cannot add a control dependency of node '" + node->GetName() + "' on itself");
    }
    src_nodes.push_back(node);
  }
  for (const NodePtr &src : src_nodes) {
    if (!graph_->HasControlEdge(src.get(), dst_node.get()) &&
        graph_->AddControlEdge(src.get(), dst_node.get()) != SUCCESS) {
      return FAILED;
    }
  }
  return SUCCESS;
}

Status EsGraphBuilder::CollectSubgraphs(std::vector<ComputeGraphPtr> *all) const {
  // Depth first: an attached graph, then what was registered on it (when it was a root built
  // by another builder), so the root registry lists parents before children.
  std::set<std::string> names;
  for (const ComputeGraphPtr &sub : graph_->GetAllSubgraphs()) {
    names.insert(sub->GetName());
  }
  std::vector<ComputeGraphPtr> stack(attached_subgraphs_.rbegin(), attached_subgraphs_.rend());
  while (!stack.empty()) {
    ComputeGraphPtr sub = stack.back();
    stack.pop_back();
    if (sub->GetName() == name_ || !names.insert(sub->GetName()).second) {
      return Fail("cannot build graph '" + name_ + "': subgraph name '" + sub->GetName() +
                  "' is used more than once (subgraph names must be unique in the root graph)");
    }
    all->push_back(sub);
    const auto &nested = sub->GetAllSubgraphs();
    for (auto it = nested.rbegin(); it != nested.rend(); ++it) {
      stack.push_back(*it);
    }
  }
  return SUCCESS;
}

ComputeGraphPtr EsGraphBuilder::BuildAndReset() {
  if (CheckUsable("build_and_reset") != SUCCESS) {
    return nullptr;
  }
  // Indexes are map keys (sorted, unique); contiguous from 0 means the last key is size - 1.
  if (!inputs_.empty() && inputs_.rbegin()->first != static_cast<int64_t>(inputs_.size()) - 1) {
    Fail("cannot build graph '" + name_ + "': input indexes must be contiguous from 0, " +
         std::to_string(inputs_.size()) + " inputs but the largest index is " +
         std::to_string(inputs_.rbegin()->first));
    return nullptr;
  }
  if (!outputs_.empty() && outputs_.rbegin()->first != static_cast<int64_t>(outputs_.size()) - 1) {
    Fail("cannot build graph '" + name_ + "': output indexes must be contiguous from 0, " +
         std::to_string(outputs_.size()) + " outputs but the largest index is " +
         std::to_string(outputs_.rbegin()->first));
    return nullptr;
  }
  for (const auto &output : outputs_) {
    if (output.second.first->GetOwnerGraph() != graph_.get()) {
      Fail("cannot build graph '" + name_ + "': the node of output " +
           std::to_string(output.first) + " was removed");
      return nullptr;
    }
  }
  for (const auto &input : inputs_) {
    if (input.second->GetOwnerGraph() != graph_.get()) {
      Fail("cannot build graph '" + name_ + "': the node of input " + std::to_string(input.first) +
           " was removed");
      return nullptr;
    }
  }
  std::vector<ComputeGraphPtr> subgraphs;
  if (CollectSubgraphs(&subgraphs) != SUCCESS) {
    return nullptr;
  }
  const std::string net_output_name = "NetOutput_" + name_;
  if (!outputs_.empty() && graph_->FindNode(net_output_name) != nullptr) {
    Fail("cannot build graph '" + name_ + "': a node is already named '" + net_output_name + "'");
    return nullptr;
  }

  // ---- all checks passed: edit ----
  for (const auto &input : inputs_) {
    OpDesc &op = input.second->MutableOpDesc();
    if (op.GetInputsSize() > 0 && op.GetOutputsSize() > 0) {
      op.UpdateInputDesc(0, *op.GetOutputDesc(0));
    }
    graph_->AddInputNode(input.second);
  }
  std::vector<std::pair<Node *, int32_t>> outputs;
  for (const auto &output : outputs_) {
    outputs.push_back(output.second);
  }
  if (!outputs.empty()) {
    OpDesc op_desc(net_output_name, "NetOutput");
    for (size_t i = 0; i < outputs.size(); ++i) {
      op_desc.AddInputDesc("x" + std::to_string(i), GeTensorDesc());
    }
    Node *net_output = graph_->AddNode(std::move(op_desc));
    for (size_t i = 0; net_output != nullptr && i < outputs.size(); ++i) {
      graph_->AddDataEdge(outputs[i].first, outputs[i].second, net_output, static_cast<int32_t>(i));
    }
  }
  graph_->SetOutputs(outputs);
  for (const ComputeGraphPtr &sub : subgraphs) {
    // Nested graphs were registered on the subgraph that was their root; move them up.
    for (const ComputeGraphPtr &nested : std::vector<ComputeGraphPtr>(sub->GetAllSubgraphs())) {
      sub->RemoveSubgraph(nested->GetName());
    }
    graph_->AddSubgraph(sub);
  }
  built_ = true;
  ComputeGraphPtr graph = std::move(graph_);
  graph_.reset();
  inputs_.clear();
  outputs_.clear();
  attached_subgraphs_.clear();
  return graph;
}

}  // namespace es
}  // namespace ge
