#include "graph/node_order.h"

namespace ge {

void NodeOrder::PushBack(Node *node) {
  node->order_pos_ = slots_.size();
  slots_.push_back(node);
}

void NodeOrder::Erase(Node *node) {
  slots_[node->order_pos_] = nullptr;
  ++holes_;
  if (node->order_pos_ + 1 == slots_.size()) {
    // Removing from the end (undoing the last additions) leaves nothing to compact later.
    size_t size = slots_.size();
    while (size > 0 && slots_[size - 1] == nullptr) {
      --size;
      --holes_;
    }
    slots_.resize(size);
  } else if (holes_ >= kMinHolesToCompact && holes_ * 2 > slots_.size()) {
    Compact();
  }
}

void NodeOrder::Clear() {
  slots_.clear();
  holes_ = 0;
}

Node *NodeOrder::NextFrom(size_t from, size_t *next) const {
  for (size_t i = from; i < slots_.size(); ++i) {
    if (slots_[i] != nullptr) {
      *next = i + 1;
      return slots_[i];
    }
  }
  *next = slots_.size();
  return nullptr;
}

void NodeOrder::Compact() {
  size_t kept = 0;
  for (Node *node : slots_) {
    if (node != nullptr) {
      node->order_pos_ = kept;
      slots_[kept++] = node;
    }
  }
  slots_.resize(kept);
  holes_ = 0;
}

}  // namespace ge
