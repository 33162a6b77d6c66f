// EsTensorHolder: one output (node, output index) of a graph under construction by an
// EsGraphBuilder. Holders are owned by their builder and stay valid as long as it lives, even
// after the graph was built (they then refer to the nodes of the returned graph).
#ifndef GE_ES_ES_TENSOR_HOLDER_H_
#define GE_ES_ES_TENSOR_HOLDER_H_

#include <cstdint>
#include <memory>

#include "graph/node.h"

struct GeNodeHandle;

namespace ge {
namespace es {

class EsGraphBuilder;

class EsTensorHolder {
 public:
  EsTensorHolder(EsGraphBuilder *owner, const NodePtr &node, int32_t output_index);
  ~EsTensorHolder();
  EsTensorHolder(const EsTensorHolder &) = delete;
  EsTensorHolder &operator=(const EsTensorHolder &) = delete;

  EsGraphBuilder *GetOwnerBuilder() const { return owner_; }
  /// The producer node, or nullptr when it (or its graph) is gone.
  NodePtr GetProducer() const;
  int32_t GetOutputIndex() const { return output_index_; }
  /// A node handle owned by this holder (the C API hands it out as a borrowed pointer, so
  /// Python never frees it and repeated calls return the same object).
  GeNodeHandle *GetProducerHandle();

 private:
  EsGraphBuilder *owner_;
  std::weak_ptr<Node> node_;
  int32_t output_index_;
  std::unique_ptr<GeNodeHandle> handle_;
};

}  // namespace es
}  // namespace ge

#endif  // GE_ES_ES_TENSOR_HOLDER_H_
