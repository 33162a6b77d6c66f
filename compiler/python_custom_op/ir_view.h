// IrViewStorage: the effective catalog prototype of an op type as the ABI's GeCustomOpIrView (the
// `ir_meta` every callback receives), with the strings and arrays it points into. Attribute
// types outside the twelve custom-op kinds make the lookup fail, as GE's IR query does.
#ifndef GE_PYTHON_CUSTOM_OP_IR_VIEW_H_
#define GE_PYTHON_CUSTOM_OP_IR_VIEW_H_

#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "ge/custom_op/custom_op_bridge_abi.h"
#include "ops/op_catalog.h"

namespace ge {
namespace python_custom_op {

/// The instance count of each IR output of `op_desc` (a dynamic output's instances are the
/// consecutive ports named <ir_name><k>).
std::vector<size_t> IrOutputCounts(const OpDesc &op_desc);

/// The custom-op attr kind (0..11) of a catalog attribute type; -1 for any other type.
int32_t AttrKindOfValueType(AttrValueType type);

class IrViewStorage {
 public:
  /// nullptr when an attribute of `prototype` has no custom-op kind.
  static std::unique_ptr<IrViewStorage> FromPrototype(const OpPrototype &prototype);

  IrViewStorage(const IrViewStorage &) = delete;
  IrViewStorage &operator=(const IrViewStorage &) = delete;
  const GeCustomOpIrView &View() const { return view_; }

 private:
  IrViewStorage() = default;
  const char *Keep(const std::string &text);

  std::deque<std::string> strings_;
  std::vector<GeCustomOpPort> inputs_;
  std::vector<GeCustomOpIrAttr> attrs_;
  std::vector<GeCustomOpPort> outputs_;
  GeCustomOpIrView view_{};
};

}  // namespace python_custom_op
}  // namespace ge

#endif  // GE_PYTHON_CUSTOM_OP_IR_VIEW_H_
