// EsGraphBuilder: eager-style construction of one ComputeGraph. Every
// call adds nodes immediately; BuildAndReset() checks the inputs/outputs, appends the NetOutput
// node, hoists nested subgraphs to the root and hands the graph over. After a successful build
// the builder is "built" and every mutating call fails.
#ifndef GE_ES_ES_GRAPH_BUILDER_H_
#define GE_ES_ES_GRAPH_BUILDER_H_

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "es/es_tensor_holder.h"
#include "ge/ge_error_codes.h"
#include "graph/attr_value.h"
#include "graph/compute_graph.h"
#include "graph/ge_tensor.h"

namespace ge {
namespace es {

/// Node types accepted as graph inputs (Python InputType).
bool IsGraphInputType(const std::string &type);

class EsGraphBuilder {
 public:
  /// An empty name becomes "graph".
  explicit EsGraphBuilder(std::string name);
  ~EsGraphBuilder();
  EsGraphBuilder(const EsGraphBuilder &) = delete;
  EsGraphBuilder &operator=(const EsGraphBuilder &) = delete;

  const std::string &GetName() const { return name_; }
  bool IsBuilt() const { return built_; }
  /// The graph under construction (nullptr once built).
  const ComputeGraphPtr &GetGraph() const { return graph_; }

  // All creators return nullptr (with SetLastError naming the problem) on failure.

  /// A graph input node of `type` (Data/RefData/AippData/AnyData) with attr `index`, named
  /// `name` (empty: "input_<index>"). Its output desc is (dtype, format, dims). Without
  /// `shape_given` the desc's origin shape stays uninitialised: the input has no shape yet, and a
  /// Session takes shape, dtype and format from the tensor fed to its first run (as GE does).
  EsTensorHolder *CreateInput(int64_t index, const std::string &name, const std::string &type,
                              DataType dtype, Format format, const std::vector<int64_t> &dims,
                              bool shape_given = true);
  /// A Const node `Const_<n>` whose `value` attribute is `value`.
  EsTensorHolder *CreateConst(GeTensor value);
  /// A Variable node named `name` with attr `index`.
  EsTensorHolder *CreateVariable(int32_t index, const std::string &name);

  /// One instance of a catalog op. `inputs` has one entry per IR input (required: exactly one
  /// holder; optional: zero or one, nullptr = absent; dynamic: any number). `dynamic_output_counts`
  /// has one count per dynamic IR output in IR order. `attrs` override prototype defaults;
  /// `subgraphs` has one entry per IR subgraph (static: exactly one). The graphs are attached
  /// to the new node and hoisted to the root at build time. Fills `outputs` with one holder per
  /// output port.
  Status CreateOp(const std::string &type, const std::vector<std::vector<EsTensorHolder *>> &inputs,
                  const std::vector<int64_t> &dynamic_output_counts,
                  const std::vector<std::pair<std::string, GeAttrValue>> &attrs,
                  const std::vector<std::vector<ComputeGraphPtr>> &subgraphs,
                  std::vector<EsTensorHolder *> *outputs);

  Status SetGraphOutput(EsTensorHolder *tensor, int64_t output_index);
  Status SetGraphAttr(const std::string &name, GeAttrValue value);
  /// An attribute of the producer's output desc at the holder's output index.
  Status SetTensorAttr(EsTensorHolder *tensor, const std::string &name, GeAttrValue value);
  Status SetNodeAttr(EsTensorHolder *tensor, const std::string &name, GeAttrValue value);
  Status SetDataType(EsTensorHolder *tensor, DataType dtype);
  Status SetFormat(EsTensorHolder *tensor, Format format);
  Status SetShape(EsTensorHolder *tensor, const std::vector<int64_t> &dims);
  /// Control edges from each source's producer to the destination's producer, in order. An
  /// edge that already exists is kept (scopes may repeat a tensor).
  Status AddControlEdge(EsTensorHolder *dst, const std::vector<EsTensorHolder *> &srcs);

  /// Finishes the graph: input and output indexes must each be 0..n-1, NetOutput_<name> gets
  /// one input per output, every subgraph attached to an op is registered on the root (names
  /// must be unique). Returns nullptr on failure, leaving the builder unbuilt and unchanged.
  /// The builder keeps no reference to the built graph: holders read their nodes while the
  /// returned graph lives and fail cleanly afterwards.
  ComputeGraphPtr BuildAndReset();

  /// Keeps a C handle alive as long as the builder (ownership transfer from Python).
  void Adopt(std::shared_ptr<void> object) { adopted_.push_back(std::move(object)); }

 private:
  Status CheckUsable(const char *operation) const;
  Status CheckHolder(const EsTensorHolder *tensor, const char *operation, NodePtr *node) const;
  std::string NextNodeName(const std::string &type);
  EsTensorHolder *NewHolder(Node *node, int32_t output_index);
  Status CollectSubgraphs(std::vector<ComputeGraphPtr> *all) const;

  std::string name_;
  ComputeGraphPtr graph_;
  bool built_ = false;
  int64_t node_counter_ = 0;
  std::deque<std::unique_ptr<EsTensorHolder>> holders_;
  std::map<int64_t, Node *> inputs_;
  std::map<int64_t, std::pair<Node *, int32_t>> outputs_;
  // Subgraphs attached to ops of this graph, in attachment order (hoisted at build).
  std::vector<ComputeGraphPtr> attached_subgraphs_;
  std::vector<std::shared_ptr<void>> adopted_;
};

}  // namespace es
}  // namespace ge

#endif  // GE_ES_ES_GRAPH_BUILDER_H_
