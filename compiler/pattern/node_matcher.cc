// Node matchers: Data (anything), const (real consts, optional value equality), normal (type,
// optional IR attrs).
#include "pattern/node_matcher.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "common/log.h"
#include "graph/attr_value.h"
#include "ops/op_catalog.h"
#include "pattern/fusion_utils.h"

namespace ge {
namespace fusion {
namespace {

// Sets the check that failed (when asked: a tracer is listening) and returns false.
bool Refuse(NodeCheckFailure *failure, MatchCheck check, const std::string &detail) {
  if (failure != nullptr) {
    failure->check = check;
    failure->detail = detail;
  }
  return false;
}
bool Refuse(NodeCheckFailure *failure, MatchCheck check, const char *detail) {
  return failure == nullptr ? false : Refuse(failure, check, std::string(detail));
}

bool ConstMatches(const Node &pattern_node, const Node &target_node,
                  const PatternMatcherConfig &config, NodeCheckFailure *failure) {
  if (!IsRealConstType(target_node.GetType())) {
    return Refuse(failure, MatchCheck::kNotConst,
                  failure == nullptr ? "" : "target type " + target_node.GetType());
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
    return Refuse(failure, MatchCheck::kConstValue, "the target const has no value");
  }
  const GeTensorDesc &a = expected->GetTensorDesc();
  const GeTensorDesc &b = actual->GetTensorDesc();
  if (a.GetDataType() != b.GetDataType()) {
    return Refuse(failure, MatchCheck::kDtype,
                  failure == nullptr ? ""
                                     : "pattern " + DataTypeToString(a.GetDataType()) +
                                           ", target " + DataTypeToString(b.GetDataType()));
  }
  if (a.GetShape() != b.GetShape() || expected->GetSize() != actual->GetSize()) {
    return Refuse(failure, MatchCheck::kConstValue, "shapes differ");
  }
  // Bitwise: no float tolerance, so -0.0 != 0.0 and NaN == NaN of the same bits (documented).
  if (expected->GetSize() != 0U &&
      std::memcmp(expected->GetStoredBytes(), actual->GetStoredBytes(), expected->GetSize()) != 0) {
    return Refuse(failure, MatchCheck::kConstValue, "values differ");
  }
  return true;
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

std::string JoinNames(const std::vector<std::string> &names) {
  std::string joined;
  for (const std::string &name : names) {
    joined += (joined.empty() ? "" : ", ") + name;
  }
  return "{" + joined + "}";
}

bool IrAttrsMatch(const Node &pattern_node, const Node &target_node, NodeCheckFailure *failure) {
  std::vector<std::string> pattern_names = pattern_node.GetOpDesc().GetIrAttrNames();
  std::vector<std::string> target_names = target_node.GetOpDesc().GetIrAttrNames();
  if (failure == nullptr && pattern_names.size() != target_names.size()) {
    return false;
  }
  std::sort(pattern_names.begin(), pattern_names.end());
  std::sort(target_names.begin(), target_names.end());
  if (pattern_names != target_names) {
    return Refuse(failure, MatchCheck::kIrAttr,
                  failure == nullptr
                      ? ""
                      : "IR attribute names differ: pattern " + JoinNames(pattern_names) +
                            ", target " + JoinNames(target_names));
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
      return Refuse(failure, MatchCheck::kIrAttr, "IR attribute " + name + " differs");
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
                 const PatternMatcherConfig &config, NodeCheckFailure *failure) {
  const std::string &type = pattern_node.GetType();
  if (TypeIs(type, kData)) {
    return true;
  }
  if (IsRealConstType(type)) {
    return ConstMatches(pattern_node, target_node, config, failure);
  }
  if (type != target_node.GetType()) {
    return Refuse(
        failure, MatchCheck::kOpType,
        failure == nullptr ? "" : "pattern " + type + ", target " + target_node.GetType());
  }
  return !config.IsEnableIrAttrMatch() || IrAttrsMatch(pattern_node, target_node, failure);
}

}  // namespace fusion
}  // namespace ge
