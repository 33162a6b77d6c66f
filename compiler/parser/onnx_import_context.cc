// Node/value bookkeeping of the ONNX importer.
#include "parser/onnx_import_context.h"

#include <algorithm>
#include <cstring>

#include "common/error.h"
#include "ops/op_catalog.h"
#include "parser/onnx_tensor.h"

namespace ge {

OnnxNodeView::OnnxNodeView(const onnx::NodeProto &proto, std::string ge_name,
                           std::string_view domain, int64_t opset)
    : proto_(proto), name_(std::move(ge_name)), domain_(domain), opset_(opset) {}

std::string OnnxNodeView::Describe() const {
  return "ONNX node '" + name_ + "' (op type '" + std::string(proto_.op_type) + "', domain '" +
         std::string(domain_) + "', opset " + std::to_string(opset_) + ")";
}

std::string ImportSubject::Text() const {
  if (node_ == nullptr) {
    return std::string(text_);
  }
  return text_.empty() ? node_->Describe()
                       : node_->Describe() + " input '" + std::string(text_) + "'";
}

int64_t OnnxNodeView::GetInt(std::string_view name, int64_t default_value) const {
  const onnx::AttributeProto *attr = proto_.FindAttr(name);
  return attr == nullptr ? default_value : attr->i;
}

float OnnxNodeView::GetFloat(std::string_view name, float default_value) const {
  const onnx::AttributeProto *attr = proto_.FindAttr(name);
  return attr == nullptr ? default_value : attr->f;
}

std::string OnnxNodeView::GetString(std::string_view name, const std::string &default_value) const {
  const onnx::AttributeProto *attr = proto_.FindAttr(name);
  return attr == nullptr ? default_value : std::string(attr->s);
}

std::vector<int64_t> OnnxNodeView::GetInts(std::string_view name,
                                           const std::vector<int64_t> &default_value) const {
  const onnx::AttributeProto *attr = proto_.FindAttr(name);
  return attr == nullptr ? default_value : attr->ints;
}

std::vector<float> OnnxNodeView::GetFloats(std::string_view name) const {
  const onnx::AttributeProto *attr = proto_.FindAttr(name);
  return attr == nullptr ? std::vector<float>() : attr->floats;
}

size_t OnnxNodeView::InputCount() const {
  size_t count = proto_.input.size();
  while (count > 0 && proto_.input[count - 1].empty()) {
    --count;
  }
  return count;
}

bool OnnxNodeView::HasInput(size_t index) const {
  return index < proto_.input.size() && !proto_.input[index].empty();
}

std::string_view OnnxNodeView::InputName(size_t index) const {
  return index < proto_.input.size() ? proto_.input[index] : std::string_view();
}

bool OnnxNodeView::HasOutput(size_t index) const {
  return index < proto_.output.size() && !proto_.output[index].empty();
}

std::string_view OnnxNodeView::OutputName(size_t index) const {
  return index < proto_.output.size() ? proto_.output[index] : std::string_view();
}

OnnxImportContext::OnnxImportContext(ComputeGraph *graph, std::string source, std::string model_dir,
                                     std::shared_ptr<const void> model_bytes)
    : graph_(graph),
      source_(std::move(source)),
      model_dir_(std::move(model_dir)),
      model_bytes_(std::move(model_bytes)) {}

Status OnnxImportContext::ConvertTensor(const onnx::TensorProto &tensor, GeTensor *out) const {
  return ConvertOnnxTensor(tensor, source_, model_dir_, model_bytes_, out);
}

void OnnxImportContext::SetInitializers(const std::vector<onnx::TensorProto> *initializers) {
  initializers_ = initializers;
  values_.Reserve(values_.Size() + initializers->size());
  for (size_t i = 0; i < initializers->size(); ++i) {
    // A later initializer with the same name wins, as in onnxruntime.
    bool inserted = false;
    values_.FindOrInsert((*initializers)[i].name, &inserted) =
        ValueEntry{OutAnchor{}, static_cast<int64_t>(i)};
  }
}

Status OnnxImportContext::UnknownValue(std::string_view value, const ImportSubject &user) const {
  return Fail(source_ + ": " + user.Text() + " uses value '" + std::string(value) +
              "', which is neither a graph input, an initializer nor the output of an "
              "earlier node");
}

Status OnnxImportContext::Resolve(std::string_view value, const ImportSubject &user,
                                  OutAnchor *anchor) {
  ValueEntry *found = values_.Find(value);
  if (found == nullptr) {
    return UnknownValue(value, user);
  }
  ValueEntry &entry = *found;
  if (!entry.anchor.IsValid()) {
    // An initializer used for the first time: its Const node is created now.
    const size_t index = static_cast<size_t>(entry.initializer);
    GeTensor ge_tensor;
    if (ConvertTensor((*initializers_)[index], &ge_tensor) != SUCCESS) {
      return FAILED;
    }
    // GE's parser names initializer constants "<tensor>_Initializer_<k>".
    const std::string name =
        UniqueName(std::string(value) + "_Initializer_" + std::to_string(index));
    if (AddConst("initializer '" + std::string(value) + "'", name, std::move(ge_tensor),
                 &entry.anchor) != SUCCESS) {
      return FAILED;
    }
  }
  *anchor = entry.anchor;
  return SUCCESS;
}

Status OnnxImportContext::ConstantValue(std::string_view value, const ImportSubject &user,
                                        GeTensor *tensor) {
  const ValueEntry *found = values_.Find(value);
  if (found == nullptr) {
    return UnknownValue(value, user);
  }
  const ValueEntry &entry = *found;
  if (!entry.anchor.IsValid()) {
    // Converted without creating the Const node: a value read only at import time (a shape, an
    // axes list) leaves no unused node behind.
    return ConvertTensor((*initializers_)[static_cast<size_t>(entry.initializer)], tensor);
  }
  const Node *producer = entry.anchor.node;
  const GeTensor *held =
      producer->GetType() == "Const" ? producer->GetOpDesc().GetAttrAs<GeTensor>("value") : nullptr;
  if (held == nullptr) {
    return Fail(source_ + ": " + user.Text() + ": value '" + std::string(value) +
                "' is produced by node '" + producer->GetName() + "' (" + producer->GetType() +
                "), not a constant (an initializer or a Constant node)");
  }
  *tensor = *held;
  return SUCCESS;
}

bool OnnxImportContext::HasConstantValue(std::string_view value) const {
  const ValueEntry *found = values_.Find(value);
  if (found == nullptr) {
    return false;
  }
  return !found->anchor.IsValid() || found->anchor.node->GetType() == "Const";
}

bool OnnxImportContext::IsBound(std::string_view value) const {
  const ValueEntry *found = values_.Find(value);
  return found != nullptr && found->anchor.IsValid();
}

bool OnnxImportContext::IsAvailable(std::string_view value) const {
  return values_.Find(value) != nullptr;
}

Status OnnxImportContext::Input(const OnnxNodeView &node, size_t index, OutAnchor *anchor) {
  if (!node.HasInput(index)) {
    return Fail(source_ + ": " + node.Describe() + " has no input #" + std::to_string(index));
  }
  return Resolve(node.InputName(index), node, anchor);
}

Status OnnxImportContext::Bind(std::string_view value, OutAnchor anchor) {
  if (value.empty()) {
    return SUCCESS;  // an unused optional output
  }
  bool inserted = false;
  ValueEntry &entry = values_.FindOrInsert(value, &inserted);
  if (!inserted && (entry.anchor.IsValid() || entry.initializer >= 0)) {
    return Fail(source_ + ": value '" + std::string(value) +
                "' is produced more than once (node '" + anchor.node->GetName() + "')");
  }
  entry.anchor = anchor;
  return SUCCESS;
}

std::string OnnxImportContext::UniqueName(std::string base) {
  auto taken = [this](const std::string &candidate) {
    return graph_->FindNode(candidate) != nullptr ||
           std::find(reserved_names_.begin(), reserved_names_.end(), candidate) !=
               reserved_names_.end();
  };
  std::string name = std::move(base);
  if (taken(name)) {
    const std::string stem = name;
    for (int suffix = 1; taken(name); ++suffix) {
      name = stem + "_" + std::to_string(suffix);
    }
  }
  reserved_names_.push_back(name);
  return name;
}

Node *OnnxImportContext::AddOp(const ImportSubject &owner, const std::string &name,
                               const std::string &type,
                               const std::map<std::string, int64_t> &dynamic_inputs,
                               const std::map<std::string, int64_t> &dynamic_outputs) {
  OpDesc desc;
  if (CreateOpDesc(name, type, dynamic_inputs, dynamic_outputs, &desc) != SUCCESS) {
    Fail(source_ + ": " + owner.Text() + ": " + GetLastError());
    return nullptr;
  }
  return AddNode(owner, std::move(desc));
}

Node *OnnxImportContext::AddMainOp(const OnnxNodeView &node, const std::string &type,
                                   const std::map<std::string, int64_t> &dynamic_inputs,
                                   const std::map<std::string, int64_t> &dynamic_outputs) {
  auto original_type = [&node] {
    return std::string(node.Domain()) + "::" + std::to_string(node.Opset()) +
           "::" + std::string(node.OpType());
  };
  if (!dynamic_inputs.empty() || !dynamic_outputs.empty()) {
    Node *op = AddOp(node, node.Name(), type, dynamic_inputs, dynamic_outputs);
    if (op != nullptr) {
      op->MutableOpDesc().SetAttr("original_type", original_type());
    }
    return op;
  }
  bool inserted = false;
  std::vector<MainOpTemplate> &templates =
      main_op_templates_.FindOrInsert(node.OpType(), &inserted);
  auto found = std::find_if(templates.begin(), templates.end(), [&](const MainOpTemplate &entry) {
    return entry.type == type && entry.domain == node.Domain();
  });
  if (found == templates.end()) {
    OpDesc desc;
    if (CreateOpDesc(node.Name(), type, {}, {}, &desc) != SUCCESS) {
      Fail(source_ + ": " + node.Describe() + ": " + GetLastError());
      return nullptr;
    }
    desc.SetAttr("original_type", original_type());
    desc.ShareAttrsWithCopies();
    templates.push_back(MainOpTemplate{node.Domain(), type, std::move(desc)});
    found = templates.end() - 1;
  }
  OpDesc desc = found->desc;
  desc.SetName(node.Name());
  return AddNode(node, std::move(desc));
}

Node *OnnxImportContext::AddNode(const ImportSubject &owner, OpDesc desc) {
  Node *node = graph_->AddNode(std::move(desc));
  if (node == nullptr) {
    // The graph's error names the node ("... already has a node named 'n'").
    Fail(source_ + ": " + owner.Text() + ": " + GetLastError());
    return nullptr;
  }
  ReleaseName(node->GetName());
  return node;
}

void OnnxImportContext::ReleaseName(const std::string &name) {
  auto reserved = std::find(reserved_names_.begin(), reserved_names_.end(), name);
  if (reserved != reserved_names_.end()) {
    *reserved = std::move(reserved_names_.back());
    reserved_names_.pop_back();
  }
}

Status OnnxImportContext::Connect(OutAnchor src, Node *dst, const std::string &ir_input) {
  const int32_t index = dst->GetOpDesc().GetInputIndexByName(ir_input);
  if (index < 0) {
    return Fail(source_ + ": node '" + dst->GetName() + "' (" + dst->GetType() +
                ") has no input named '" + ir_input + "'");
  }
  return ConnectIndex(src, dst, index);
}

Status OnnxImportContext::ConnectIndex(OutAnchor src, Node *dst, int32_t in_index) {
  if (graph_->AddDataEdge(src.node, src.index, dst, in_index) != SUCCESS) {
    return Fail(source_ + ": cannot connect '" + src.node->GetName() + ":" +
                std::to_string(src.index) + "' to '" + dst->GetName() + ":" +
                std::to_string(in_index) + "': " + GetLastError());
  }
  return SUCCESS;
}

Status OnnxImportContext::AddConst(const ImportSubject &owner, const std::string &name,
                                   GeTensor tensor, OutAnchor *anchor) {
  Node *node = AddOp(owner, name, "Const");
  if (node == nullptr) {
    return FAILED;
  }
  GeTensorDesc desc = tensor.GetTensorDesc();
  node->MutableOpDesc().UpdateOutputDesc(0, desc);
  node->MutableOpDesc().SetAttr("value", std::move(tensor));
  *anchor = OutAnchor{node, 0};
  return SUCCESS;
}

namespace {

template <typename T>
GeTensor MakeTensor(const std::vector<T> &values, DataType dtype, bool scalar) {
  std::vector<int64_t> dims;
  if (!scalar) {
    dims.push_back(static_cast<int64_t>(values.size()));
  }
  GeTensorDesc desc(GeShape(dims), FORMAT_ND, dtype);
  desc.SetOriginShape(GeShape(dims));
  desc.SetOriginDataType(dtype);
  std::vector<uint8_t> bytes(values.size() * sizeof(T));
  if (!values.empty()) {
    std::memcpy(bytes.data(), values.data(), bytes.size());
  }
  return GeTensor(desc, std::move(bytes));
}

}  // namespace

GeTensor MakeInt32Tensor(const std::vector<int64_t> &values, bool scalar) {
  std::vector<int32_t> narrowed(values.begin(), values.end());
  return MakeTensor(narrowed, DT_INT32, scalar);
}

GeTensor MakeInt64Tensor(const std::vector<int64_t> &values, bool scalar) {
  return MakeTensor(values, DT_INT64, scalar);
}

GeTensor MakeFloatTensor(const std::vector<float> &values, bool scalar) {
  return MakeTensor(values, DT_FLOAT, scalar);
}

GeTensor MakeBoolTensor(const std::vector<bool> &values, bool scalar) {
  // One byte per element, as GE stores bool.
  const std::vector<uint8_t> bytes(values.begin(), values.end());
  return MakeTensor(bytes, DT_BOOL, scalar);
}

}  // namespace ge
