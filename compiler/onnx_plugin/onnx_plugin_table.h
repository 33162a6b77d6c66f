// The plugin table of one import: one row per registered origin type, looked up by (domain, op
// type) at the model's opset — the row of that opset, else the highest one below it (an ONNX op
// definition holds until a later opset changes it), never one above.
#ifndef GE_ONNX_PLUGIN_ONNX_PLUGIN_TABLE_H_
#define GE_ONNX_PLUGIN_ONNX_PLUGIN_TABLE_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ge {
namespace onnx_plugin {

struct OnnxPluginRowInfo {
  std::string descriptor_key;
  std::string domain;
  std::string source;
  std::string target;
  std::string origin_type;
  std::string plugin_file;
  std::string qualname;
  int64_t opset = 0;
  bool override_builtin = false;
};

class OnnxPluginTable {
 public:
  /// Adds a row; a second row for one origin type replaces the first.
  void Add(OnnxPluginRowInfo row);
  /// The matched row of (domain, op type) at `model_opset`; nullptr when none.
  const OnnxPluginRowInfo *Match(const std::string &domain, const std::string &op_type,
                                 int64_t model_opset) const;
  /// Opsets of the rows of (domain, op type), ascending.
  std::vector<int64_t> Opsets(const std::string &domain, const std::string &op_type) const;
  bool Empty() const { return rows_.empty(); }

 private:
  // "<domain>::<op type>" -> opset -> row
  std::map<std::string, std::map<int64_t, OnnxPluginRowInfo>> rows_;
};

}  // namespace onnx_plugin
}  // namespace ge

#endif  // GE_ONNX_PLUGIN_ONNX_PLUGIN_TABLE_H_
