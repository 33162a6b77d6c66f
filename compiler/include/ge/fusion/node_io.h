// NodeIo: one input or output port of a node (which one depends on where it is used).
#ifndef GE_FUSION_NODE_IO_H_
#define GE_FUSION_NODE_IO_H_

#include <cstdint>

#include "graph/gnode.h"

namespace ge {
namespace fusion {

struct NodeIo {
  GNode node;
  int64_t index = 0;
};

}  // namespace fusion
}  // namespace ge

#endif  // GE_FUSION_NODE_IO_H_
