// Node/value bookkeeping of the ONNX importer.
#include "parser/onnx_import_context.h"

#include <cstring>

#include "common/error.h"
#include "ops/op_catalog.h"
#include "parser/onnx_tensor.h"

namespace ge {

OnnxNodeView::OnnxNodeView(const onnx::NodeProto &proto, std::string ge_name, std::string domain,
                           int64_t opset)
    : proto_(proto), name_(std::move(ge_name)), domain_(std::move(domain)), opset_(opset) {}

std::string OnnxNodeView::Describe() const {
  return "ONNX node '" + name_ + "' (op type '" + proto_.op_type + "', domain '" + domain_ +
         "', opset " + std::to_string(opset_) + ")";
}

int64_t OnnxNodeView::GetInt(const std::string &name, int64_t default_value) const {
  const onnx::AttributeProto *attr = proto_.FindAttr(name);
  return attr == nullptr ? default_value : attr->i;
}

float OnnxNodeView::GetFloat(const std::string &name, float default_value) const {
  const onnx::AttributeProto *attr = proto_.FindAttr(name);
  return attr == nullptr ? default_value : attr->f;
}

std::string OnnxNodeView::GetString(const std::string &name,
                                    const std::string &default_value) const {
  const onnx::AttributeProto *attr = proto_.FindAttr(name);
  return attr == nullptr ? default_value : attr->s;
}

std::vector<int64_t> OnnxNodeView::GetInts(const std::string &name,
                                           const std::vector<int64_t> &default_value) const {
  const onnx::AttributeProto *attr = proto_.FindAttr(name);
  return attr == nullptr ? default_value : attr->ints;
}

std::vector<float> OnnxNodeView::GetFloats(const std::string &name) const {
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

const std::string &OnnxNodeView::InputName(size_t index) const {
  static const std::string kEmpty;
  return index < proto_.input.size() ? proto_.input[index] : kEmpty;
}

bool OnnxNodeView::HasOutput(size_t index) const {
  return index < proto_.output.size() && !proto_.output[index].empty();
}

const std::string &OnnxNodeView::OutputName(size_t index) const {
  static const std::string kEmpty;
  return index < proto_.output.size() ? proto_.output[index] : kEmpty;
}

OnnxImportContext::OnnxImportContext(ComputeGraph *graph, std::string source, std::string model_dir)
    : graph_(graph), source_(std::move(source)), model_dir_(std::move(model_dir)) {}

void OnnxImportContext::SetInitializers(const std::vector<onnx::TensorProto> *initializers) {
  initializers_ = initializers;
  initializer_index_.clear();
  for (size_t i = 0; i < initializers->size(); ++i) {
    // A later initializer with the same name wins, as in onnxruntime.
    initializer_index_[(*initializers)[i].name] = i;
  }
}

Status OnnxImportContext::Resolve(const std::string &value, const std::string &user,
                                  OutAnchor *anchor) {
  auto it = values_.find(value);
  if (it != values_.end()) {
    *anchor = it->second;
    return SUCCESS;
  }
  auto init = initializer_index_.find(value);
  if (init == initializer_index_.end()) {
    return Fail(source_ + ": " + user + " uses value '" + value +
                "', which is neither a graph input, an initializer nor the output of an "
                "earlier node");
  }
  const onnx::TensorProto &tensor = (*initializers_)[init->second];
  GeTensor ge_tensor;
  if (ConvertOnnxTensor(tensor, source_, model_dir_, &ge_tensor) != SUCCESS) {
    return FAILED;
  }
  // GE's parser names initializer constants "<tensor>_Initializer_<k>".
  const std::string name = UniqueName(value + "_Initializer_" + std::to_string(init->second));
  OutAnchor created;
  if (AddConst("initializer '" + value + "'", name, std::move(ge_tensor), &created) != SUCCESS) {
    return FAILED;
  }
  values_[value] = created;
  *anchor = created;
  return SUCCESS;
}

Status OnnxImportContext::ConstantValue(const std::string &value, const std::string &user,
                                        GeTensor *tensor) {
  auto it = values_.find(value);
  if (it != values_.end()) {
    const Node *producer = it->second.node;
    const GeTensor *held = producer->GetType() == "Const"
                               ? producer->GetOpDesc().GetAttrAs<GeTensor>("value")
                               : nullptr;
    if (held == nullptr) {
      return Fail(source_ + ": " + user + ": value '" + value + "' is produced by node '" +
                  producer->GetName() + "' (" + producer->GetType() +
                  "), not a constant (an initializer or a Constant node)");
    }
    *tensor = *held;
    return SUCCESS;
  }
  auto init = initializer_index_.find(value);
  if (init == initializer_index_.end()) {
    return Fail(source_ + ": " + user + " uses value '" + value +
                "', which is neither a graph input, an initializer nor the output of an "
                "earlier node");
  }
  return ConvertOnnxTensor((*initializers_)[init->second], source_, model_dir_, tensor);
}

bool OnnxImportContext::HasConstantValue(const std::string &value) const {
  auto it = values_.find(value);
  if (it != values_.end()) {
    return it->second.node->GetType() == "Const";
  }
  return initializer_index_.count(value) != 0;
}

Status OnnxImportContext::Input(const OnnxNodeView &node, size_t index, OutAnchor *anchor) {
  if (!node.HasInput(index)) {
    return Fail(source_ + ": " + node.Describe() + " has no input #" + std::to_string(index));
  }
  return Resolve(node.InputName(index), node.Describe(), anchor);
}

Status OnnxImportContext::Bind(const std::string &value, OutAnchor anchor) {
  if (value.empty()) {
    return SUCCESS;  // an unused optional output
  }
  if (values_.count(value) != 0 || initializer_index_.count(value) != 0) {
    return Fail(source_ + ": value '" + value + "' is produced more than once (node '" +
                anchor.node->GetName() + "')");
  }
  values_[value] = anchor;
  return SUCCESS;
}

std::string OnnxImportContext::UniqueName(const std::string &base) {
  std::string name = base;
  for (int suffix = 1; used_names_.count(name) != 0 || graph_->FindNode(name) != nullptr;
       ++suffix) {
    name = base + "_" + std::to_string(suffix);
  }
  used_names_.insert(name);
  return name;
}

Node *OnnxImportContext::AddOp(const std::string &owner, const std::string &name,
                               const std::string &type,
                               const std::map<std::string, int64_t> &dynamic_inputs,
                               const std::map<std::string, int64_t> &dynamic_outputs) {
  OpDesc desc;
  if (CreateOpDesc(name, type, dynamic_inputs, dynamic_outputs, &desc) != SUCCESS) {
    Fail(source_ + ": " + owner + ": " + GetLastError());
    return nullptr;
  }
  used_names_.insert(name);
  Node *node = graph_->AddNode(std::move(desc));
  if (node == nullptr) {
    Fail(source_ + ": " + owner + ": cannot add node '" + name + "': " + GetLastError());
  }
  return node;
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

Status OnnxImportContext::AddConst(const std::string &owner, const std::string &name,
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
