// OpCatalog registry, OpDesc creation from prototypes and per-node inference dispatch.
#include "ops/op_catalog.h"

#include <set>
#include <unordered_map>

#include "common/error.h"
#include "common/log.h"

namespace ge {
namespace {
Status ValidatePrototype(const OpPrototype &prototype) {
  const std::string where = "op prototype '" + prototype.type + "'";
  if (prototype.type.empty()) {
    return Fail("op prototype has an empty type name");
  }
  std::set<std::string> inputs;
  for (const OpInputDef &input : prototype.inputs) {
    if (input.name.empty() || !inputs.insert(input.name).second) {
      return Fail(where + ": input name '" + input.name + "' is empty or duplicated");
    }
  }
  std::set<std::string> outputs;
  for (const OpOutputDef &output : prototype.outputs) {
    if (output.name.empty() || !outputs.insert(output.name).second) {
      return Fail(where + ": output name '" + output.name + "' is empty or duplicated");
    }
  }
  std::set<std::string> attrs;
  for (const OpAttrDef &attr : prototype.attrs) {
    if (attr.name.empty() || !attrs.insert(attr.name).second) {
      return Fail(where + ": attribute name '" + attr.name + "' is empty or duplicated");
    }
    if (attr.type == AttrValueType::kNone) {
      return Fail(where + ": attribute '" + attr.name + "' has no type");
    }
    if (!attr.required && !attr.default_value.IsEmpty() &&
        attr.default_value.GetValueType() != attr.type) {
      return Fail(where + ": default of attribute '" + attr.name + "' is of type '" +
                  AttrValueTypeName(attr.default_value.GetValueType()) + "', expected '" +
                  AttrValueTypeName(attr.type) + "'");
    }
  }
  std::set<std::string> subgraphs;
  for (const auto &subgraph : prototype.subgraphs) {
    if (subgraph.first.empty() || !subgraphs.insert(subgraph.first).second) {
      return Fail(where + ": subgraph name '" + subgraph.first + "' is empty or duplicated");
    }
  }
  return SUCCESS;
}

IrMetadataPtr MakeMetadata(const OpPrototype &prototype) {
  auto metadata = std::make_shared<IrMetadata>();
  for (const OpInputDef &input : prototype.inputs) {
    metadata->inputs.emplace_back(input.name, input.kind);
  }
  for (const OpOutputDef &output : prototype.outputs) {
    metadata->outputs.emplace_back(output.name, output.kind);
  }
  for (const OpAttrDef &attr : prototype.attrs) {
    metadata->attr_names.push_back(attr.name);
  }
  metadata->subgraphs = prototype.subgraphs;
  return metadata;
}

// Reads a dynamic port count, rejecting names that are not dynamic ports of the prototype.
Status CheckCounts(const OpPrototype &prototype, const std::map<std::string, int64_t> &counts,
                   bool for_inputs, const std::string &node_name) {
  for (const auto &entry : counts) {
    bool is_dynamic = false;
    if (for_inputs) {
      for (const OpInputDef &input : prototype.inputs) {
        is_dynamic |= input.name == entry.first && input.kind == IrInputType::kDynamic;
      }
    } else {
      for (const OpOutputDef &output : prototype.outputs) {
        is_dynamic |= output.name == entry.first && output.kind == IrOutputType::kDynamic;
      }
    }
    const char *what = for_inputs ? "input" : "output";
    if (!is_dynamic) {
      return Fail("cannot create node '" + node_name + "' of type '" + prototype.type + "': '" +
                  entry.first + "' is not a dynamic " + what + " of the prototype");
    }
    if (entry.second < 0) {
      return Fail("cannot create node '" + node_name + "' of type '" + prototype.type +
                  "': negative instance count " + std::to_string(entry.second) + " for dynamic " +
                  what + " '" + entry.first + "'");
    }
  }
  return SUCCESS;
}

int64_t CountOf(const std::map<std::string, int64_t> &counts, const std::string &name) {
  auto it = counts.find(name);
  return it == counts.end() ? 0 : it->second;
}

// Rule for prototypes without a shape function: outputs of unknown rank (see op_catalog.h).
Status InferUnknownOutputs(InferShapeContext &context) {
  DataType dtype = DT_FLOAT;
  if (context.GetInputsSize() > 0) {
    dtype = context.GetInputDesc(0)->GetDataType();
  }
  for (size_t i = 0; i < context.GetOutputsSize(); ++i) {
    Status status = context.SetOutput(i, {UNKNOWN_DIM_NUM}, dtype);
    if (status != SUCCESS) {
      return status;
    }
  }
  return SUCCESS;
}
}  // namespace

int32_t OpPrototype::FindAttr(const std::string &name) const {
  for (size_t i = 0; i < attrs.size(); ++i) {
    if (attrs[i].name == name) {
      return static_cast<int32_t>(i);
    }
  }
  return -1;
}

int32_t OpPrototype::FindInput(const std::string &name) const {
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (inputs[i].name == name) {
      return static_cast<int32_t>(i);
    }
  }
  return -1;
}

OpCatalog::OpCatalog() { RegisterBuiltinOps(*this); }

OpCatalog &OpCatalog::Instance() {
  // Leaked on purpose: prototypes must outlive every static graph destroyed at exit.
  static OpCatalog *instance = new OpCatalog();
  return *instance;
}

Status OpCatalog::Register(OpPrototype prototype, bool replace) {
  if (ValidatePrototype(prototype) != SUCCESS) {
    return FAILED;
  }
  prototype.metadata = MakeMetadata(prototype);
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = prototypes_.find(prototype.type);
  if (it != prototypes_.end()) {
    if (!replace) {
      return Fail("op type '" + prototype.type +
                  "' is already registered in the op catalog (pass replace to override it)");
    }
    retired_.push_back(it->second);
  }
  std::string type = prototype.type;
  prototypes_[type] = std::make_shared<const OpPrototype>(std::move(prototype));
  generation_.fetch_add(1U, std::memory_order_acq_rel);
  GELOGD("op catalog: registered %s", type.c_str());
  return SUCCESS;
}

Status OpCatalog::Unregister(const std::string &type) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = prototypes_.find(type);
  if (it == prototypes_.end()) {
    return Fail("op type '" + type + "' is not registered in the op catalog");
  }
  retired_.push_back(it->second);
  prototypes_.erase(it);
  generation_.fetch_add(1U, std::memory_order_acq_rel);
  return SUCCESS;
}

const OpPrototype *OpCatalog::Find(const std::string &type) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = prototypes_.find(type);
  return it == prototypes_.end() ? nullptr : it->second.get();
}

std::vector<std::string> OpCatalog::ListTypes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> types;
  types.reserve(prototypes_.size());
  for (const auto &entry : prototypes_) {
    types.push_back(entry.first);
  }
  return types;
}

namespace {

// Importers and rewrites create many nodes of the same few types, most without dynamic ports.
// Those copy a template desc kept per type and thread: a copy allocates the port vectors and
// shares the default attrs, while building one takes the catalog lock, interns every port name
// and fills the defaults one by one. The templates are valid for one catalog generation.
struct DescTemplates {
  uint64_t generation = 0;
  std::unordered_map<std::string, OpDesc> by_type;
};

const OpDesc *FindTemplate(DescTemplates &templates, const std::string &type) {
  const uint64_t generation = OpCatalog::Instance().Generation();
  if (templates.generation != generation) {
    templates.by_type.clear();
    templates.generation = generation;
    return nullptr;
  }
  auto it = templates.by_type.find(type);
  return it == templates.by_type.end() ? nullptr : &it->second;
}

}  // namespace

Status CreateOpDesc(const std::string &name, const std::string &type,
                    const std::map<std::string, int64_t> &dynamic_input_counts,
                    const std::map<std::string, int64_t> &dynamic_output_counts, OpDesc *op_desc) {
  if (op_desc == nullptr) {
    return Fail("CreateOpDesc: output OpDesc is null");
  }
  thread_local DescTemplates templates;
  const bool fixed_ports = dynamic_input_counts.empty() && dynamic_output_counts.empty();
  if (fixed_ports) {
    if (const OpDesc *found = FindTemplate(templates, type)) {
      *op_desc = *found;
      op_desc->SetName(name);
      return SUCCESS;
    }
  }
  const OpPrototype *prototype = OpCatalog::Instance().Find(type);
  if (prototype == nullptr) {
    return Fail("cannot create node '" + name + "': op type '" + type +
                "' is not registered in the op catalog");
  }
  if (CheckCounts(*prototype, dynamic_input_counts, true, name) != SUCCESS ||
      CheckCounts(*prototype, dynamic_output_counts, false, name) != SUCCESS) {
    return FAILED;
  }
  OpDesc desc(name, type);
  for (const OpInputDef &input : prototype->inputs) {
    if (input.kind == IrInputType::kDynamic) {
      int64_t count = CountOf(dynamic_input_counts, input.name);
      for (int64_t i = 0; i < count; ++i) {
        desc.AddInputDesc(input.name + std::to_string(i), GeTensorDesc());
      }
    } else {
      desc.AddInputDesc(input.name, GeTensorDesc());
    }
  }
  for (const OpOutputDef &output : prototype->outputs) {
    if (output.kind == IrOutputType::kDynamic) {
      int64_t count = CountOf(dynamic_output_counts, output.name);
      for (int64_t i = 0; i < count; ++i) {
        desc.AddOutputDesc(output.name + std::to_string(i), GeTensorDesc());
      }
    } else {
      desc.AddOutputDesc(output.name, GeTensorDesc());
    }
  }
  for (const OpAttrDef &attr : prototype->attrs) {
    if (!attr.required && !attr.default_value.IsEmpty()) {
      desc.SetAttr(attr.name, attr.default_value);
    }
  }
  desc.SetIrMetadata(prototype->metadata);
  if (fixed_ports) {
    desc.ShareAttrsWithCopies();
    templates.by_type[type] = desc;
  }
  *op_desc = std::move(desc);
  return SUCCESS;
}

Status InferOpDescShape(InferShapeContext &context) {
  const OpPrototype *prototype = OpCatalog::Instance().Find(context.GetOpType());
  if (prototype == nullptr) {
    return context.Error("op type '" + context.GetOpType() +
                         "' is not registered in the op catalog");
  }
  for (const OpAttrDef &attr : prototype->attrs) {
    if (attr.required && !context.HasAttr(attr.name)) {
      return context.Error("required attribute '" + attr.name + "' is not set");
    }
  }
  if (!prototype->infer_shape) {
    return InferUnknownOutputs(context);
  }
  return prototype->infer_shape(context);
}

Status InferNodeShape(Node *node) {
  if (node == nullptr) {
    return Fail("InferNodeShape: node is null");
  }
  InferShapeContext context(node);
  return InferOpDescShape(context);
}

}  // namespace ge
