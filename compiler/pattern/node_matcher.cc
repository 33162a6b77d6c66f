// Node matchers: Data (anything), const (real consts, optional value equality), normal (type,
// optional IR attrs).
#include "pattern/node_matcher.h"

#include <algorithm>
#include <cstring>

#include "common/log.h"
#include "graph/attr_value.h"
#include "ops/op_catalog.h"
#include "pattern/fusion_utils.h"

namespace ge {
namespace fusion {
namespace {

bool ConstMatches(const Node &pattern_node, const Node &target_node,
                  const PatternMatcherConfig &config) {
  if (!IsRealConstType(target_node.GetType())) {
    return false;
  }
  if (!config.IsEnableConstValueMatch()) {
    return true;
  }
  const GeTensor *expected = pattern_node.GetOpDesc().GetAttrAs<GeTensor>(kAttrValue);
  if (expected == nullptr) {
    return true;  // a pattern const without value stands for any const
  }
  const GeTensor *actual = target_node.GetOpDesc().GetAttrAs<GeTensor>(kAttrValue);
  if (actual == nullptr) {
    GELOGW("Const node[%s] has no value attr, it cannot match pattern const[%s].",
           target_node.GetName().c_str(), pattern_node.GetName().c_str());
    return false;
  }
  const GeTensorDesc &a = expected->GetTensorDesc();
  const GeTensorDesc &b = actual->GetTensorDesc();
  if (a.GetDataType() != b.GetDataType() || a.GetShape() != b.GetShape() ||
      expected->GetSize() != actual->GetSize()) {
    return false;
  }
  // Bitwise: no float tolerance, so -0.0 != 0.0 and NaN == NaN of the same bits (documented).
  return expected->GetSize() == 0U ||
         std::memcmp(expected->GetData(), actual->GetData(), expected->GetSize()) == 0;
}

// The value a node has for IR attr `name`: its own, else the catalog's default for its type (an
// optional attribute the node does not carry is at its default), else nullptr.
const GeAttrValue *IrAttrValue(const Node &node, const OpPrototype *prototype,
                               const std::string &name) {
  const GeAttrValue *value = node.GetOpDesc().GetAttr(name);
  if (value != nullptr || prototype == nullptr) {
    return value;
  }
  const int32_t index = prototype->FindAttr(name);
  if (index < 0 || prototype->attrs[static_cast<size_t>(index)].required) {
    return nullptr;
  }
  return &prototype->attrs[static_cast<size_t>(index)].default_value;
}

bool IrAttrsMatch(const Node &pattern_node, const Node &target_node) {
  std::vector<std::string> pattern_names = pattern_node.GetOpDesc().GetIrAttrNames();
  std::vector<std::string> target_names = target_node.GetOpDesc().GetIrAttrNames();
  if (pattern_names.size() != target_names.size()) {
    return false;
  }
  std::sort(pattern_names.begin(), pattern_names.end());
  std::sort(target_names.begin(), target_names.end());
  if (pattern_names != target_names) {
    return false;
  }
  // Both nodes have the same type here, so one prototype gives both nodes' defaults.
  const OpPrototype *prototype =
      pattern_names.empty() ? nullptr : OpCatalog::Instance().Find(pattern_node.GetType());
  for (const std::string &name : pattern_names) {
    const GeAttrValue *a = IrAttrValue(pattern_node, prototype, name);
    const GeAttrValue *b = IrAttrValue(target_node, prototype, name);
    if ((a == nullptr) != (b == nullptr) || (a != nullptr && !(*a == *b))) {
      GELOGD("IR attr[%s] of pattern node[%s] differs from target node[%s].", name.c_str(),
             pattern_node.GetName().c_str(), target_node.GetName().c_str());
      return false;
    }
  }
  return true;
}

}  // namespace

bool IsCommutativeType(const std::string &type) {
  static const char *const kCommutativeTypes[] = {
      "Add", "AddV2", "Mul", "Maximum", "Minimum", "LogicalAnd", "LogicalOr", "Equal", "NotEqual",
  };
  for (const char *commutative : kCommutativeTypes) {
    if (type == commutative) {
      return true;
    }
  }
  return false;
}

bool NodeMatches(const Node &pattern_node, const Node &target_node,
                 const PatternMatcherConfig &config) {
  const std::string &type = pattern_node.GetType();
  if (TypeIs(type, kData)) {
    return true;
  }
  if (IsRealConstType(type)) {
    return ConstMatches(pattern_node, target_node, config);
  }
  if (type != target_node.GetType()) {
    return false;
  }
  return !config.IsEnableIrAttrMatch() || IrAttrsMatch(pattern_node, target_node);
}

}  // namespace fusion
}  // namespace ge
