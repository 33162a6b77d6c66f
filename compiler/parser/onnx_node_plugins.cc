// The installed OnnxNodePluginsFactory.
#include "parser/onnx_node_plugins.h"

#include <atomic>

namespace ge {
namespace {
std::atomic<OnnxNodePluginsFactory> g_factory{nullptr};
}  // namespace

void SetOnnxNodePluginsFactory(OnnxNodePluginsFactory factory) { g_factory.store(factory); }
OnnxNodePluginsFactory GetOnnxNodePluginsFactory() { return g_factory.load(); }

}  // namespace ge
