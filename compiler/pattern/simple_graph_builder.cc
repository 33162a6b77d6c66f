// SimpleGraphBuilder: builds pattern/replacement graphs for C++ passes.
#include "ge/fusion/simple_graph_builder.h"

#include <map>
#include <string>
#include <string_view>

#include "common/error.h"
#include "graph/compute_graph.h"
#include "graph_api/node_adapter.h"
#include "ops/op_catalog.h"
#include "pattern/fusion_utils.h"
#include "support/inline_vector.h"

namespace ge {
namespace fusion {

namespace {
// The node behind output port `io` of `graph`, or nullptr when it is not one.
Node *ResolveOutput(const ComputeGraph *graph, const NodeIo &io) {
  Node *node = NodeAdapter::GNode2RawNode(io.node);
  if (node == nullptr || node->GetOwnerGraph() != graph || io.index < 0 ||
      static_cast<size_t>(io.index) >= node->GetOutputsSize()) {
    return nullptr;
  }
  return node;
}
}  // namespace

namespace {
// The catalog's desc when it knows `type` (dynamic ports sized from the counts given), else a
// desc with plain ports. Unnamed: the caller names the copy.
OpDesc BuildTemplate(const std::string &type, size_t inputs, size_t outputs) {
  const OpPrototype *proto = OpCatalog::Instance().Find(type);
  if (proto != nullptr) {
    std::map<std::string, int64_t> dyn_in;
    std::map<std::string, int64_t> dyn_out;
    size_t fixed_in = 0;
    size_t fixed_out = 0;
    for (const OpInputDef &input : proto->inputs) {
      fixed_in += input.kind == IrInputType::kDynamic ? 0U : 1U;
    }
    for (const OpOutputDef &output : proto->outputs) {
      fixed_out += output.kind == IrOutputType::kDynamic ? 0U : 1U;
    }
    for (const OpInputDef &input : proto->inputs) {
      if (input.kind == IrInputType::kDynamic) {
        dyn_in[input.name] = inputs > fixed_in ? static_cast<int64_t>(inputs - fixed_in) : 0;
        break;
      }
    }
    for (const OpOutputDef &output : proto->outputs) {
      if (output.kind == IrOutputType::kDynamic) {
        dyn_out[output.name] = outputs > fixed_out ? static_cast<int64_t>(outputs - fixed_out) : 0;
        break;
      }
    }
    OpDesc desc;
    if (CreateOpDesc(std::string(), type, dyn_in, dyn_out, &desc) == SUCCESS &&
        desc.GetInputsSize() >= inputs && desc.GetOutputsSize() >= outputs) {
      return desc;
    }
  }
  OpDesc desc(std::string(), type);
  for (size_t i = 0; i < inputs; ++i) {
    desc.AddInputDesc("x" + std::to_string(i), GeTensorDesc());
  }
  for (size_t i = 0; i < outputs; ++i) {
    desc.AddOutputDesc("y" + std::to_string(i), GeTensorDesc());
  }
  return desc;
}

// Replacement hooks build the same few node kinds for every match, so each thread keeps one
// template desc per (type, port counts) and copies it: a copy allocates the two port vectors
// and nothing else, while building runs the catalog lookup, interns every port name and fills
// the default attrs one by one. The templates built from the catalog are keyed by its
// generation: registering or replacing a type later makes them rebuild.
struct DescTemplate {
  std::string type;
  size_t inputs;
  size_t outputs;
  uint64_t generation;
  OpDesc desc;
};

OpDesc MakeDesc(std::string name, std::string_view type, size_t inputs, size_t outputs) {
  // A handful of types per thread (those of the loaded passes' replacements): a linear scan.
  thread_local std::vector<DescTemplate> templates;
  const uint64_t generation = OpCatalog::Instance().Generation();
  DescTemplate *found = nullptr;
  for (DescTemplate &entry : templates) {
    if (entry.inputs == inputs && entry.outputs == outputs && entry.type == type) {
      found = &entry;
      break;
    }
  }
  if (found == nullptr) {
    constexpr size_t kMaxTemplates = 64U;  // bounded: a builder fed many types stays small
    if (templates.size() >= kMaxTemplates) {
      templates.clear();
    }
    templates.push_back(DescTemplate{std::string(type), inputs, outputs, generation, OpDesc()});
    found = &templates.back();
    found->desc = BuildTemplate(found->type, inputs, outputs);
    found->desc.ShareAttrsWithCopies();
  } else if (found->generation != generation) {
    found->generation = generation;
    found->desc = BuildTemplate(found->type, inputs, outputs);
    found->desc.ShareAttrsWithCopies();
  }
  OpDesc desc = found->desc;
  desc.SetName(std::move(name));
  return desc;
}

// The Data and NetOutput descs every replacement has, as templates for the same reason (they
// do not depend on the catalog). The Data templates of the first few indexes come complete with
// their name and `index` attr: a copy then needs no formatting and no attr lookup.
OpDesc DataDesc(int64_t index) {
  auto make = [](int64_t data_index) {
    OpDesc desc(NumberedName("input", {}, static_cast<uint64_t>(data_index)), kData);
    desc.AddInputDesc("x", GeTensorDesc());
    desc.AddOutputDesc("y", GeTensorDesc());
    desc.SetAttr(kAttrIndex, GeAttrValue(data_index));
    desc.ShareAttrsWithCopies();  // copies share the `index` attr until one is written
    return desc;
  };
  constexpr int64_t kCachedIndexes = 16;
  thread_local std::vector<OpDesc> by_index;  // by_index[i]: Data `index` i
  if (index < 0 || index >= kCachedIndexes) {
    // Negative indexes keep their sign in the name ("input_-1"), as before.
    OpDesc desc = make(0);
    desc.SetName("input_" + std::to_string(index));
    desc.SetAttr(kAttrIndex, GeAttrValue(index));
    return desc;
  }
  while (static_cast<int64_t>(by_index.size()) <= index) {
    by_index.push_back(make(static_cast<int64_t>(by_index.size())));
  }
  return by_index[static_cast<size_t>(index)];
}

OpDesc NetOutputDesc(size_t inputs) {
  thread_local std::vector<OpDesc> by_count;  // by_count[n]: n inputs
  while (by_count.size() <= inputs && by_count.size() < 16U) {
    OpDesc desc("NetOutput", kNetOutput);
    for (size_t i = 0; i < by_count.size(); ++i) {
      desc.AddInputDesc("x" + std::to_string(i), GeTensorDesc());
    }
    by_count.push_back(std::move(desc));
  }
  if (inputs < by_count.size()) {
    return by_count[inputs];
  }
  OpDesc desc("NetOutput", kNetOutput);
  for (size_t i = 0; i < inputs; ++i) {
    desc.AddInputDesc("x" + std::to_string(i), GeTensorDesc());
  }
  return desc;
}
}  // namespace

SimpleGraphBuilder::SimpleGraphBuilder(const char *name)
    : graph_(std::make_shared<ComputeGraph>(name == nullptr ? "graph" : name)) {}

SimpleGraphBuilder::~SimpleGraphBuilder() = default;

NodeIo SimpleGraphBuilder::AddInput(int64_t index) {
  if (graph_ == nullptr) {
    return NodeIo{};
  }
  Node *node = graph_->AddNode(DataDesc(index));
  return NodeIo{NodeAdapter::Node2GNode(node), 0};
}

NodeIo SimpleGraphBuilder::AddConst(const Tensor *value) {
  if (graph_ == nullptr) {
    return NodeIo{};
  }
  // The bare Const (type and output port "y", both interned) is a per-thread template like the
  // Data and NetOutput descs; only the value and its desc are filled in per call.
  thread_local const OpDesc kBareConst = [] {
    OpDesc desc(std::string(), "Const");
    desc.AddOutputDesc("y", GeTensorDesc());
    return desc;
  }();
  thread_local const std::string kValueKey(kAttrValue);
  OpDesc desc = kBareConst;
  desc.SetName(NumberedName("Const", {}, counter_++));
  if (value != nullptr) {
    const GeTensor &tensor = value->GetGeTensor();
    *desc.MutableOutputDesc(0) = tensor.GetTensorDesc();
    desc.SetAttr(kValueKey, GeAttrValue(tensor));
  }
  Node *node = graph_->AddNode(std::move(desc));
  return NodeIo{NodeAdapter::Node2GNode(node), 0};
}

GNode SimpleGraphBuilder::AddNode(const char *type, const std::vector<NodeIo> &inputs,
                                  size_t output_count, size_t input_count) {
  if (graph_ == nullptr || type == nullptr) {
    return GNode();
  }
  // Every input is checked before the node is added; the producers of the usual few inputs stay
  // in the vector's inline storage.
  InlineVector<Node *, 8> producers;
  producers.reserve(inputs.size());
  for (const NodeIo &input : inputs) {
    Node *producer = ResolveOutput(graph_.get(), input);
    if (producer == nullptr) {
      SetLastError(std::string("SimpleGraphBuilder::AddNode: an input of the new ") + type +
                   " node is not an output of this builder's graph");
      return GNode();
    }
    producers.push_back(producer);
  }
  const std::string_view type_name(type);
  Node *node = graph_->AddNode(MakeDesc(NumberedName(type_name, {}, counter_++), type_name,
                                        std::max(inputs.size(), input_count), output_count));
  if (node == nullptr) {
    return GNode();
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (graph_->AddDataEdge(producers[i], static_cast<int32_t>(inputs[i].index), node,
                            static_cast<int32_t>(i)) != SUCCESS) {
      return GNode();
    }
  }
  return NodeAdapter::Node2GNode(node);
}

GraphUniqPtr SimpleGraphBuilder::Build(const std::vector<NodeIo> &outputs) {
  if (graph_ == nullptr) {
    return nullptr;
  }
  Node *net_output = graph_->AddNode(NetOutputDesc(outputs.size()));
  for (size_t i = 0; i < outputs.size(); ++i) {
    Node *producer = ResolveOutput(graph_.get(), outputs[i]);
    if (producer == nullptr ||
        graph_->AddDataEdge(producer, static_cast<int32_t>(outputs[i].index), net_output,
                            static_cast<int32_t>(i)) != SUCCESS) {
      SetLastError("SimpleGraphBuilder::Build: output " + std::to_string(i) +
                   " is not an output of this builder's graph");
      return nullptr;
    }
  }
  ComputeGraphPtr graph = std::move(graph_);
  return GraphUtilsEx::CreateGraphUniqPtrFromComputeGraph(graph);
}

}  // namespace fusion
}  // namespace ge
