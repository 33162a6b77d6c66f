// The importer's extension point for node mappings it does not own: Python ONNX plugins
// (compiler/onnx_plugin registers the factory; docs/onnx_plugins.md). The parser only asks, per
// node, whether a plugin maps it and lets it build the node; it knows nothing behind this.
#ifndef GE_PARSER_ONNX_NODE_PLUGINS_H_
#define GE_PARSER_ONNX_NODE_PLUGINS_H_

#include <memory>
#include <string>

#include "ge/ge_error_codes.h"
#include "parser/onnx_import_context.h"

namespace ge {

/// The plugins of one import.
class OnnxNodePlugins {
 public:
  virtual ~OnnxNodePlugins() = default;
  /// True when a plugin maps `node`. With `has_builtin` (ge_py maps the op itself) only a plugin
  /// that overrides built-in mappings does.
  virtual bool Handles(const OnnxNodeView &node, bool has_builtin) = 0;
  /// Builds `node` into the graph (after Handles returned true): the target node, wired to its
  /// inputs and bound to its outputs. Errors start with `where` and name the plugin.
  virtual Status Import(const OnnxNodeView &node, const std::string &where,
                        OnnxImportContext &ctx) = 0;
  /// What the "not supported" error of `node` adds (" (python ONNX Plugins exist for opsets
  /// 11, 13)", why plugins are disabled, ...); "" for nothing.
  virtual std::string UnsupportedHint(const OnnxNodeView &node) = 0;
};

/// Creates the plugins of an import of `source`; leaves `plugins` empty when there are none.
/// A failure fails the import (strict mode).
using OnnxNodePluginsFactory = Status (*)(const std::string &source,
                                          std::unique_ptr<OnnxNodePlugins> *plugins);

/// Installs the factory (nullptr removes it). Not thread-safe against running imports.
void SetOnnxNodePluginsFactory(OnnxNodePluginsFactory factory);
OnnxNodePluginsFactory GetOnnxNodePluginsFactory();

}  // namespace ge

#endif  // GE_PARSER_ONNX_NODE_PLUGINS_H_
