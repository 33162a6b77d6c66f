// OpDefBuilder: a compact way to write an OpPrototype in the order GE's REG_OP declares it
// (inputs, outputs, attributes, subgraphs), plus the dtype sets of the built-in prototypes.
#ifndef GE_OPS_OP_DEF_BUILDER_H_
#define GE_OPS_OP_DEF_BUILDER_H_

#include <string>
#include <utility>
#include <vector>

#include "ops/op_catalog.h"

namespace ge {

/// The dtype lists of the built-in prototypes. Where GE's prototype names types the host
/// runtime does not run (complex, quantized, strings, ...) or the host runs more, the catalog
/// lists what the host runs (docs/op_catalog.md, "Dtypes").
namespace dtypes {
const std::vector<DataType> &Index();      // {int32, int64}
const std::vector<DataType> &Bool();       // {bool}
const std::vector<DataType> &Host();       // bool, the eight integer types, fp16, bf16, fp32, fp64
const std::vector<DataType> &HostReal();   // Host() without bool
const std::vector<DataType> &HostFloat();  // {fp16, bf16, fp32, fp64}
/// MatMul/GEMM: {fp16, bf16, fp32, fp64, int32, int64}.
const std::vector<DataType> &HostMatMul();
/// Every dtype of 1, 2, 4, 8 or 16 bytes an element: what the executor holds and the data-movement
/// kernels (reshape, concat, gather, pad, ...) copy.
const std::vector<DataType> &HostStorable();
/// The storage-only types the host Cast converts to and from (float8 E4M3FN/E5M2/E8M0, float4
/// E2M1, int4, int2, uint2); no other kernel computes in them.
const std::vector<DataType> &HostNarrow();
/// What the executor holds: HostStorable() plus the packed (sub-byte) types of HostNarrow().
/// Graph inputs and Cast take these; data-movement kernels do not (they copy whole bytes).
const std::vector<DataType> &HostHeld();
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
