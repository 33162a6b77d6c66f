// EsTensorHolder: a builder-owned reference to one node output.
#include "es/es_tensor_holder.h"

#include "c_handles/c_handles.h"

namespace ge {
namespace es {

EsTensorHolder::EsTensorHolder(EsGraphBuilder *owner, const NodePtr &node, int32_t output_index)
    : owner_(owner), node_(node), output_index_(output_index) {}

EsTensorHolder::~EsTensorHolder() = default;

NodePtr EsTensorHolder::GetProducer() const {
  NodePtr node = node_.lock();
  if (node == nullptr || node->GetOwnerGraph() == nullptr) {
    return nullptr;
  }
  return node;
}

GeNodeHandle *EsTensorHolder::GetProducerHandle() {
  if (handle_ == nullptr) {
    handle_.reset(new GeNodeHandle{node_});
  }
  return handle_.get();
}

}  // namespace es
}  // namespace ge
