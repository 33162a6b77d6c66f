// The OnnxNodePlugins of one import (parser/onnx_node_plugins.h) backed by Python ONNX plugins:
// dispatch by the plugin table, and the node a plugin builds — target created from its catalog
// prototype, filled by the callback through a borrowed operator, validated, then wired
// positionally (docs/onnx_plugins.md).
#ifndef GE_ONNX_PLUGIN_PYTHON_ONNX_PLUGINS_H_
#define GE_ONNX_PLUGIN_PYTHON_ONNX_PLUGINS_H_

#include <memory>
#include <string>
#include <vector>

#include "onnx_plugin/onnx_plugin_bridge.h"
#include "parser/onnx_node_plugins.h"

namespace ge {
namespace onnx_plugin {

/// How a node is mapped by the plugin the table gives.
class PythonOnnxPlugins : public OnnxNodePlugins {
 public:
  /// `load` is the loaded table (`loaded` false: not loaded yet, loaded at the first node ge_py
  /// cannot map itself); `disabled` is why plugins are unavailable ("" when they are).
  PythonOnnxPlugins(bool loaded, OnnxPluginLoad load, std::string disabled);

  bool Handles(const OnnxNodeView &node, bool has_builtin) override;
  Status Import(const OnnxNodeView &node, const std::string &where,
                OnnxImportContext &ctx) override;
  std::string UnsupportedHint(const OnnxNodeView &node) override;

 private:
  void EnsureLoaded();

  bool loaded_;
  OnnxPluginLoad load_;
  std::string disabled_;
  bool override_all_;
};

/// The factory the parser calls per import (installed when the library loads).
Status CreatePythonOnnxPlugins(const std::string &source,
                               std::unique_ptr<OnnxNodePlugins> *plugins);

}  // namespace onnx_plugin
}  // namespace ge

#endif  // GE_ONNX_PLUGIN_PYTHON_ONNX_PLUGINS_H_
