// JSON rendering for atc --mode=1, built on the common JSON value (compiler/common/json.h).
#include "om/model_json.h"

#include <cmath>

#include "common/json.h"
#include "om/om_bundle.h"

namespace ge {
namespace {

JsonValue Number(float value) {
  if (!std::isfinite(value)) {
    // JSON has no NaN/Infinity; keep them readable as strings.
    return JsonValue(std::isnan(value) ? "nan" : (value > 0 ? "inf" : "-inf"));
  }
  return JsonValue(static_cast<double>(value));
}

template <typename T, typename F>
JsonValue List(const std::vector<T> &items, F render) {
  JsonValue out = JsonValue::MakeArray();
  for (const T &item : items) {
    out.Append(render(item));
  }
  return out;
}

JsonValue Dims(const GeShape &shape) {
  return List(shape.GetDims().ToVector(), [](int64_t d) { return JsonValue(d); });
}

JsonValue Desc(const GeTensorDesc &desc) {
  JsonValue out = JsonValue::MakeObject();
  out.Set("dtype", DataTypeToString(desc.GetDataType()));
  out.Set("shape", Dims(desc.GetShape()));
  out.Set("layout", FormatToString(desc.GetFormat()));
  return out;
}

JsonValue TensorSummary(const GeTensor &tensor) {
  // Weights are summarised, not dumped: a JSON view of a model should stay readable.
  JsonValue out = JsonValue::MakeObject();
  out.Set("dtype", DataTypeToString(tensor.GetTensorDesc().GetDataType()));
  out.Set("shape", Dims(tensor.GetTensorDesc().GetShape()));
  out.Set("bytes", static_cast<int64_t>(tensor.GetSize()));
  return out;
}

struct ValueVisitor {
  JsonValue operator()(const std::monostate &) const { return JsonValue(); }
  JsonValue operator()(const std::string &v) const { return JsonValue(v); }
  JsonValue operator()(float v) const { return Number(v); }
  JsonValue operator()(bool v) const { return JsonValue(v); }
  JsonValue operator()(int64_t v) const { return JsonValue(v); }
  JsonValue operator()(const AttrBox<GeTensorDesc> &v) const { return Desc(v.Value()); }
  JsonValue operator()(const AttrBox<GeTensor> &v) const { return TensorSummary(v.Value()); }
  JsonValue operator()(const Bytes &v) const {
    JsonValue out = JsonValue::MakeObject();
    out.Set("bytes", static_cast<int64_t>(v.data.size()));
    return out;
  }
  JsonValue operator()(const ComputeGraphPtr &v) const {
    return JsonValue(v == nullptr ? std::string() : v->GetName());
  }
  JsonValue operator()(const AttrBox<NamedAttrs> &v) const { return JsonValue(v.Value().name); }
  JsonValue operator()(const std::vector<std::vector<int64_t>> &v) const {
    return List(v, [](const std::vector<int64_t> &row) {
      return List(row, [](int64_t x) { return JsonValue(x); });
    });
  }
  JsonValue operator()(DataType v) const { return JsonValue(DataTypeToString(v)); }
  JsonValue operator()(const std::vector<std::vector<float>> &v) const {
    return List(v, [](const std::vector<float> &row) { return List(row, Number); });
  }
  JsonValue operator()(const std::vector<std::string> &v) const {
    return List(v, [](const std::string &s) { return JsonValue(s); });
  }
  JsonValue operator()(const SharedStringList &v) const { return (*this)(*v); }
  JsonValue operator()(const std::vector<float> &v) const { return List(v, Number); }
  JsonValue operator()(const AttrBox<std::vector<bool>> &v) const {
    JsonValue out = JsonValue::MakeArray();
    for (bool b : v.Value()) {
      out.Append(JsonValue(b));
    }
    return out;
  }
  JsonValue operator()(const std::vector<int64_t> &v) const {
    return List(v, [](int64_t x) { return JsonValue(x); });
  }
  JsonValue operator()(const std::vector<GeTensorDesc> &v) const { return List(v, Desc); }
  JsonValue operator()(const std::vector<GeTensor> &v) const { return List(v, TensorSummary); }
  JsonValue operator()(const std::vector<Bytes> &v) const {
    return List(v, [this](const Bytes &b) { return (*this)(b); });
  }
  JsonValue operator()(const std::vector<ComputeGraphPtr> &v) const {
    return List(v, [this](const ComputeGraphPtr &g) { return (*this)(g); });
  }
  JsonValue operator()(const std::vector<NamedAttrs> &v) const {
    return List(v, [](const NamedAttrs &n) { return JsonValue(n.name); });
  }
  JsonValue operator()(const std::vector<DataType> &v) const {
    return List(v, [](DataType t) { return JsonValue(DataTypeToString(t)); });
  }
};

JsonValue Attrs(const AttrMap &attrs) {
  JsonValue out = JsonValue::MakeObject();
  for (const auto &kv : attrs) {  // AttrMap iterates in name order: stable output
    out.Set(kv.first, std::visit(ValueVisitor{}, kv.second.GetStorage()));
  }
  return out;
}

JsonValue KeyValues(const std::map<std::string, std::string> &values) {
  JsonValue out = JsonValue::MakeObject();
  for (const auto &kv : values) {
    out.Set(kv.first, kv.second);
  }
  return out;
}

JsonValue GraphJson(const ComputeGraph &graph) {
  JsonValue out = JsonValue::MakeObject();
  out.Set("name", graph.GetName());
  JsonValue inputs = JsonValue::MakeArray();
  for (Node *input : graph.GetInputNodes()) {
    inputs.Append(input->GetName() + ":0");
  }
  out.Set("input", std::move(inputs));
  JsonValue outputs = JsonValue::MakeArray();
  for (const auto &output : graph.GetOutputs()) {
    outputs.Append(output.first->GetName() + ":" + std::to_string(output.second));
  }
  out.Set("output", std::move(outputs));
  out.Set("attr", Attrs(graph.GetAllAttrs()));
  JsonValue ops = JsonValue::MakeArray();
  for (Node *node : graph.GetDirectNodes()) {
    const OpDesc &desc = node->GetOpDesc();
    JsonValue op = JsonValue::MakeObject();
    op.Set("name", node->GetName());
    op.Set("type", node->GetType());
    // ge_ir OpDef.input strings: "<src>:<index>", "" when unconnected, "<src>:-1" for control.
    JsonValue op_inputs = JsonValue::MakeArray();
    for (size_t i = 0; i < node->GetInputsSize(); ++i) {
      InDataPeer peer = node->GetInDataPeer(i);
      op_inputs.Append(peer.IsConnected()
                           ? peer.node->GetName() + ":" + std::to_string(peer.out_index)
                           : std::string());
    }
    for (Node *ctrl : node->GetInControlNodes()) {
      op_inputs.Append(ctrl->GetName() + ":-1");
    }
    op.Set("input", std::move(op_inputs));
    op.Set("attr", Attrs(desc.GetAllAttrs()));
    op.Set("input_desc", List(desc.GetAllInputDescs(), Desc));
    op.Set("output_desc", List(desc.GetAllOutputDescs(), Desc));
    ops.Append(std::move(op));
  }
  out.Set("op", std::move(ops));
  return out;
}

JsonValue ModelJson(const ComputeGraph &graph) {
  JsonValue out = JsonValue::MakeObject();
  out.Set("name", graph.GetName());
  JsonValue graphs = JsonValue::MakeArray();
  graphs.Append(GraphJson(graph));
  for (const ComputeGraphPtr &sub : graph.GetAllSubgraphs()) {
    graphs.Append(GraphJson(*sub));
  }
  out.Set("graph", std::move(graphs));
  return out;
}

}  // namespace

std::string GraphToJson(const ComputeGraph &graph) { return ModelJson(graph).Dump(2) + "\n"; }

namespace {

JsonValue OmModelJson(const OmModel &model) {
  JsonValue out = ModelJson(*model.graph);
  JsonValue om = JsonValue::MakeObject();
  om.Set("format_version", static_cast<int64_t>(model.format_version));
  om.Set("build_info", KeyValues(model.build_info));
  om.Set("compile_options", KeyValues(model.compile_options));
  om.Set("platform", KeyValues(model.platform));
  out.Set("om", std::move(om));
  return out;
}

}  // namespace

std::string OmModelToJson(const OmModel &model) { return OmModelJson(model).Dump(2) + "\n"; }

std::string OmBundleToJson(const std::vector<OmModel> &models) {
  JsonValue list = JsonValue::MakeArray();
  for (const OmModel &model : models) {
    list.Append(OmModelJson(model));
  }
  JsonValue bundle = JsonValue::MakeObject();
  bundle.Set("format_version", static_cast<int64_t>(kOmBundleFormatVersion));
  bundle.Set("models", std::move(list));
  JsonValue out = JsonValue::MakeObject();
  out.Set("bundle", std::move(bundle));
  return out.Dump(2) + "\n";
}

}  // namespace ge
