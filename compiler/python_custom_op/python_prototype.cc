// MaterialisePrototype and the inference it installs: the node's inputs and attributes become an
// InferMetaContext, the bridge runs the Python infer_meta, and its results become the outputs.
#include "python_custom_op/python_prototype.h"

#include <memory>
#include <set>
#include <utility>
#include <vector>

#include "ge/custom_op/infer_meta_context.h"
#include "python_bridge/bridge_library.h"
#include "python_custom_op/attr_conversion.h"
#include "python_custom_op/ir_view.h"

namespace ge {
namespace python_custom_op {
namespace {

struct InferOutput {
  std::vector<int64_t> origin;
  std::vector<int64_t> storage;
  int32_t data_type = 0;
};

int AddInferOutput(void *receiver, const int64_t *origin, size_t origin_count,
                   const int64_t *storage, size_t storage_count, int32_t data_type) {
  auto *outputs = static_cast<std::vector<InferOutput> *>(receiver);
  outputs->push_back({std::vector<int64_t>(origin, origin + origin_count),
                      std::vector<int64_t>(storage, storage + storage_count), data_type});
  return 1;
}

gert::Shape ToShape(const DimsView &dims) {
  gert::Shape shape;
  for (const int64_t dim : dims) {
    shape.AppendDim(dim);
  }
  return shape;
}

// What the inference of one Python prototype needs, shared by the catalog's copies of it.
struct PythonInfer {
  GeCustomOpInferMetaFn infer_meta = nullptr;
  std::unique_ptr<IrViewStorage> ir;
  std::vector<OpAttrDef> attrs;

  Status operator()(InferShapeContext &ctx) const;
};

Status PythonInfer::operator()(InferShapeContext &ctx) const {
  const OpDesc &op_desc = ctx.GetOpDesc();
  std::vector<size_t> input_counts;
  std::vector<custom_op::InferMetaInput> inputs;
  for (const auto &ir_input : op_desc.GetIrInputs()) {
    const std::pair<int32_t, int32_t> range = ctx.GetIrInputRange(ir_input.first);
    size_t count = 0;
    for (int32_t i = 0; i < range.second; ++i) {
      const size_t port = static_cast<size_t>(range.first + i);
      const GeTensorDesc *desc = ctx.GetInputDesc(port);
      if (desc == nullptr || !ctx.IsInputConnected(port)) {
        continue;  // an absent optional input has no instance
      }
      const gert::Shape shape = ToShape(desc->GetShape().GetDims());
      custom_op::InferMetaInput input;
      input.shape = gert::StorageShape(shape, shape);
      input.data_type = desc->GetDataType();
      input.has_shape = !desc->GetShape().IsUnknownRank();
      inputs.push_back(input);
      ++count;
    }
    input_counts.push_back(count);
  }
  std::vector<size_t> output_counts = IrOutputCounts(op_desc);
  custom_op::RuntimeAttrs values;
  std::string error;
  if (!ReadRuntimeAttrs(op_desc, attrs, values, error)) {
    return ctx.Error(error);
  }
  custom_op::InferMetaContext infer_ctx(std::move(input_counts), std::move(inputs),
                                        std::move(values), std::move(output_counts));
  std::vector<InferOutput> outputs;
  const GeCustomOpInferResult result{&outputs, &AddInferOutput};
  char *message = nullptr;
  if (infer_meta(&ir->View(), &infer_ctx, &result, &message) != GE_CUSTOM_OP_SUCCESS) {
    return ctx.Error("python infer_meta failed:\n" + python_bridge::TakeBridgeString(message));
  }
  if (outputs.size() != ctx.GetOutputsSize()) {
    return ctx.Error("python infer_meta returned " + std::to_string(outputs.size()) +
                     " output descs, the node has " + std::to_string(ctx.GetOutputsSize()) +
                     " outputs");
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    const InferOutput &output = outputs[i];
    if (output.data_type < 0 || output.data_type >= static_cast<int32_t>(DT_MAX)) {
      return ctx.Error("python infer_meta output " + std::to_string(i) +
                       " has an invalid data type " + std::to_string(output.data_type));
    }
    if (ctx.SetOutput(i, output.storage, static_cast<DataType>(output.data_type)) != SUCCESS) {
      return FAILED;
    }
    ctx.MutableOutputDesc(i)->SetOriginShape(GeShape(output.origin));
  }
  return SUCCESS;
}

bool CheckName(const char *name, const std::string &what, std::set<std::string> &seen,
               std::string &error) {
  if (name == nullptr || name[0] == '\0') {
    error = what + " has an empty name";
    return false;
  }
  if (!seen.insert(name).second) {
    error = what + " name '" + std::string(name) + "' is duplicated";
    return false;
  }
  return true;
}

}  // namespace

bool MaterialisePrototype(const GeCustomOpProtoView &view, OpPrototype &prototype,
                          std::string &error) {
  if (view.op_type == nullptr || view.op_type[0] == '\0') {
    error = "python op proto has an empty op type";
    return false;
  }
  const std::string where = "python op proto '" + std::string(view.op_type) + "'";
  if (view.infer_meta == nullptr) {
    error = where + " has no infer_meta callback";
    return false;
  }
  prototype = OpPrototype();
  prototype.type = view.op_type;
  prototype.module = "custom";
  prototype.doc = std::string("Python custom op registered by ") +
                  (view.descriptor_key == nullptr ? "" : view.descriptor_key) + ".";
  std::set<std::string> inputs;
  for (size_t i = 0; i < view.input_count; ++i) {
    const GeCustomOpPort &port = view.inputs[i];
    if (!CheckName(port.name, where + " input", inputs, error)) {
      return false;
    }
    if (port.kind < 0 || port.kind > 2) {
      error = where + " input '" + port.name + "' has an invalid kind " + std::to_string(port.kind);
      return false;
    }
    prototype.inputs.push_back({port.name, static_cast<IrInputType>(port.kind), {}});
  }
  std::set<std::string> outputs;
  for (size_t i = 0; i < view.output_count; ++i) {
    const GeCustomOpPort &port = view.outputs[i];
    if (!CheckName(port.name, where + " output", outputs, error)) {
      return false;
    }
    if (port.kind < 0 || port.kind > 1) {
      error =
          where + " output '" + port.name + "' has an invalid kind " + std::to_string(port.kind);
      return false;
    }
    prototype.outputs.push_back({port.name, static_cast<IrOutputType>(port.kind), {}});
  }
  std::set<std::string> attrs;
  for (size_t i = 0; i < view.attr_count; ++i) {
    OpAttrDef def;
    if (!CheckName(view.attrs[i].name, where + " attr", attrs, error)) {
      return false;
    }
    if (!ToAttrDef(view.attrs[i], def, error)) {
      error = where + ": " + error;
      return false;
    }
    prototype.attrs.push_back(std::move(def));
  }
  auto infer = std::make_shared<PythonInfer>();
  infer->infer_meta = view.infer_meta;
  infer->ir = IrViewStorage::FromPrototype(prototype);
  infer->attrs = prototype.attrs;
  prototype.infer_shape = [infer](InferShapeContext &ctx) { return (*infer)(ctx); };
  return true;
}

}  // namespace python_custom_op
}  // namespace ge
