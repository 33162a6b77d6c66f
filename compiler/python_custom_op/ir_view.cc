// IrViewStorage implementation.
#include "python_custom_op/ir_view.h"

namespace ge {
namespace python_custom_op {

std::vector<size_t> IrOutputCounts(const OpDesc &op_desc) {
  std::vector<size_t> counts;
  size_t port = 0;
  for (const auto &ir_output : op_desc.GetIrOutputs()) {
    size_t count = 1;
    if (ir_output.second == IrOutputType::kDynamic) {
      count = 0;
      while (port + count < op_desc.GetOutputsSize() &&
             op_desc.GetOutputName(port + count) == ir_output.first + std::to_string(count)) {
        ++count;
      }
    }
    counts.push_back(count);
    port += count;
  }
  return counts;
}

int32_t AttrKindOfValueType(AttrValueType type) {
  switch (type) {
    case AttrValueType::kInt: return 0;
    case AttrValueType::kFloat: return 1;
    case AttrValueType::kBool: return 2;
    case AttrValueType::kString: return 3;
    case AttrValueType::kDataType: return 4;
    case AttrValueType::kTensor: return 5;
    case AttrValueType::kListInt: return 6;
    case AttrValueType::kListFloat: return 7;
    case AttrValueType::kListBool: return 8;
    case AttrValueType::kListString: return 9;
    case AttrValueType::kListDataType: return 10;
    case AttrValueType::kListListInt: return 11;
    default: return -1;
  }
}

const char *IrViewStorage::Keep(const std::string &text) {
  strings_.push_back(text);
  return strings_.back().c_str();
}

std::unique_ptr<IrViewStorage> IrViewStorage::FromPrototype(const OpPrototype &prototype) {
  std::unique_ptr<IrViewStorage> storage(new IrViewStorage());
  for (const OpInputDef &input : prototype.inputs) {
    storage->inputs_.push_back({storage->Keep(input.name), static_cast<int32_t>(input.kind)});
  }
  for (const OpAttrDef &attr : prototype.attrs) {
    const int32_t kind = AttrKindOfValueType(attr.type);
    if (kind < 0) {
      return nullptr;
    }
    storage->attrs_.push_back({storage->Keep(attr.name), kind});
  }
  for (const OpOutputDef &output : prototype.outputs) {
    storage->outputs_.push_back({storage->Keep(output.name), static_cast<int32_t>(output.kind)});
  }
  GeCustomOpIrView &view = storage->view_;
  view.op_type = storage->Keep(prototype.type);
  view.inputs = storage->inputs_.data();
  view.input_count = storage->inputs_.size();
  view.attrs = storage->attrs_.data();
  view.attr_count = storage->attrs_.size();
  view.outputs = storage->outputs_.data();
  view.output_count = storage->outputs_.size();
  return storage;
}

}  // namespace python_custom_op
}  // namespace ge
