// The operator catalog: one registry of Ascend IR prototypes with shape + dtype
// inference, queryable at run time and extensible by custom operators.
//
// INTERFACE CONTRACT (used by compiler/es, compiler/c_api, the parser and the passes):
//   - OpCatalog::Instance().Find(type) -> const OpPrototype* (nullptr when unknown)
//   - CreateOpDesc(...) builds an OpDesc with the prototype's ports, port names, attribute
//     defaults and shared IrMetadata.
//   - InferNodeShape(node) runs the prototype's inference on one node of a graph.
#ifndef GE_OPS_OP_CATALOG_H_
#define GE_OPS_OP_CATALOG_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/attr_value.h"
#include "graph/node.h"
#include "graph/op_desc.h"
#include "ops/infer_shape_context.h"

namespace ge {

/// One attribute of a prototype. `required` attributes have no default.
struct OpAttrDef {
  std::string name;
  AttrValueType type = AttrValueType::kNone;
  bool required = false;
  GeAttrValue default_value;
};

struct OpInputDef {
  std::string name;
  IrInputType kind = IrInputType::kRequired;
  std::vector<DataType> dtypes;  // accepted types; empty = any
};

struct OpOutputDef {
  std::string name;
  IrOutputType kind = IrOutputType::kRequired;
  std::vector<DataType> dtypes;
};

/// Fills output descs (shape, dtype, format) from input descs, attributes and constant inputs.
/// Returns SUCCESS, or FAILED with SetLastError naming the node and the problem.
using InferShapeFn = std::function<Status(InferShapeContext &)>;

struct OpPrototype {
  std::string type;
  std::vector<OpInputDef> inputs;
  std::vector<OpOutputDef> outputs;
  std::vector<OpAttrDef> attrs;
  std::vector<std::pair<std::string, SubgraphType>> subgraphs;
  /// Module of the generated Python functions: "math", "nn", "control", ... (docs/op_catalog.md;
  /// every op is also in "all").
  std::string module;
  std::string doc;
  InferShapeFn infer_shape;
  /// Shared by every OpDesc created from this prototype (filled by OpCatalog::Register).
  IrMetadataPtr metadata;

  /// Index of an attribute definition, -1 when absent.
  int32_t FindAttr(const std::string &name) const;
  /// Index of an IR input, -1 when absent.
  int32_t FindInput(const std::string &name) const;
};

class OpCatalog {
 public:
  /// The process-wide catalog; the built-in ops are registered when it is first used
  /// (RegisterBuiltinOps, never static initialisers, so link order cannot drop an op).
  static OpCatalog &Instance();
  /// Adds or (when `replace`) overrides a prototype. Fails on an invalid prototype (empty type,
  /// duplicate port/attribute names, a default whose type differs from the attribute's) or,
  /// without `replace`, a duplicate type. Thread-safe.
  Status Register(OpPrototype prototype, bool replace = false);
  Status Unregister(const std::string &type);
  /// nullptr when unknown. The pointer stays valid for the life of the process, even after the
  /// type is replaced or unregistered (retired prototypes are kept, never freed).
  const OpPrototype *Find(const std::string &type) const;
  /// Registered types, sorted.
  std::vector<std::string> ListTypes() const;
  /// Bumped by every successful Register / Unregister: a cache of anything derived from the
  /// prototypes (e.g. SimpleGraphBuilder's per-type OpDesc templates) is valid while this value
  /// is unchanged. Lock-free.
  uint64_t Generation() const { return generation_.load(std::memory_order_acquire); }

 private:
  OpCatalog();
  std::atomic<uint64_t> generation_{0};
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const OpPrototype>> prototypes_;
  std::vector<std::shared_ptr<const OpPrototype>> retired_;
};

/// Registers every built-in op family into `catalog` (called once by the OpCatalog constructor).
void RegisterBuiltinOps(OpCatalog &catalog);

/// Builds the OpDesc of a new node of `type` named `name`. `dynamic_input_counts` /
/// `dynamic_output_counts` give the instance count of each dynamic port (by IR name; missing = 0).
/// Optional inputs get a port each (left unconnected when absent). Attributes get their defaults.
Status CreateOpDesc(const std::string &name, const std::string &type,
                    const std::map<std::string, int64_t> &dynamic_input_counts,
                    const std::map<std::string, int64_t> &dynamic_output_counts, OpDesc *op_desc);

/// Runs the catalog inference of `node`'s type, updating its output descs. Fails (naming the
/// node) when the type is unknown, a required attribute is missing or the rule rejects the inputs.
/// Prototypes without a rule (e.g. custom ops registered from JSON) get unknown-rank outputs
/// ([-2]) with the dtype of input 0 (DT_FLOAT without inputs).
Status InferNodeShape(Node *node);

/// The same on a detached OpDesc (see InferShapeContext's second constructor).
Status InferOpDescShape(InferShapeContext &context);

}  // namespace ge

#endif  // GE_OPS_OP_CATALOG_H_
