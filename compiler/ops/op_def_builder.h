// OpDefBuilder: a compact way to write an OpPrototype in the order GE's REG_OP declares it
// (inputs, outputs, attributes, subgraphs), plus the dtype sets the op protos use.
#ifndef GE_OPS_OP_DEF_BUILDER_H_
#define GE_OPS_OP_DEF_BUILDER_H_

#include <string>
#include <utility>
#include <vector>

#include "ops/op_catalog.h"

namespace ge {

/// dtype sets named after GE's prototype type lists (TensorType::ALL() and the like).
namespace dtypes {
const std::vector<DataType> &All();     // TensorType::ALL()
const std::vector<DataType> &Basic();   // BasicType()
const std::vector<DataType> &Number();  // NumberType()
const std::vector<DataType> &Real();    // RealNumberType()
const std::vector<DataType> &Fp();      // {fp16, fp32, bf16}
const std::vector<DataType> &Index();   // {int32, int64}
const std::vector<DataType> &Unary();   // {fp16, fp32, fp64, bf16, complex64, complex128}
const std::vector<DataType> &Bool();    // {bool}

// What the host runtime computes in (docs/op_catalog.md, "Dtypes"): the catalog lists these
// where the host kernels run more or fewer types than GE's prototype names.
const std::vector<DataType> &Host();       // bool, the eight integer types, fp16, bf16, fp32, fp64
const std::vector<DataType> &HostReal();   // Host() without bool
const std::vector<DataType> &HostFloat();  // {fp16, bf16, fp32, fp64}
}  // namespace dtypes

class OpDefBuilder {
 public:
  OpDefBuilder(std::string type, std::string module);

  OpDefBuilder &Input(std::string name, std::vector<DataType> types = {});
  OpDefBuilder &OptionalInput(std::string name, std::vector<DataType> types = {});
  OpDefBuilder &DynamicInput(std::string name, std::vector<DataType> types = {});
  OpDefBuilder &Output(std::string name, std::vector<DataType> types = {});
  OpDefBuilder &DynamicOutput(std::string name, std::vector<DataType> types = {});
  /// An optional attribute with its default (the default's type must match `type`).
  OpDefBuilder &Attr(std::string name, AttrValueType type, GeAttrValue default_value);
  OpDefBuilder &RequiredAttr(std::string name, AttrValueType type);
  OpDefBuilder &Subgraph(std::string name);
  OpDefBuilder &DynamicSubgraph(std::string name);
  OpDefBuilder &Doc(std::string doc);
  OpDefBuilder &Infer(InferShapeFn fn);

  OpPrototype Build() const { return prototype_; }

 private:
  OpPrototype prototype_;
};

}  // namespace ge

#endif  // GE_OPS_OP_DEF_BUILDER_H_
