// OnnxPluginTable implementation.
#include "onnx_plugin/onnx_plugin_table.h"

#include <utility>

namespace ge {
namespace onnx_plugin {

void OnnxPluginTable::Add(OnnxPluginRowInfo row) {
  const int64_t opset = row.opset;
  rows_[row.domain + "::" + row.source][opset] = std::move(row);
}

const OnnxPluginRowInfo *OnnxPluginTable::Match(const std::string &domain,
                                                const std::string &op_type,
                                                int64_t model_opset) const {
  const auto rows = rows_.find(domain + "::" + op_type);
  if (rows == rows_.end()) {
    return nullptr;
  }
  auto it = rows->second.upper_bound(model_opset);  // first row above the model's opset
  if (it == rows->second.begin()) {
    return nullptr;
  }
  return &(--it)->second;
}

std::vector<int64_t> OnnxPluginTable::Opsets(const std::string &domain,
                                             const std::string &op_type) const {
  std::vector<int64_t> opsets;
  const auto rows = rows_.find(domain + "::" + op_type);
  if (rows != rows_.end()) {
    for (const auto &entry : rows->second) {
      opsets.push_back(entry.first);
    }
  }
  return opsets;
}

}  // namespace onnx_plugin
}  // namespace ge
