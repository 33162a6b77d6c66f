// Test-only helpers: build small graphs from catalog ops and run inference on them.
#ifndef GE_OPS_INFER_TEST_UTIL_H_
#define GE_OPS_INFER_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "graph/compute_graph.h"
#include "ops/graph_shape_inference.h"
#include "ops/op_catalog.h"

namespace ge {
namespace test {

using Dims = std::vector<int64_t>;
using Input = std::pair<Node *, int32_t>;

class TestGraph {
 public:
  explicit TestGraph(const std::string &name = "g")
      : graph_(std::make_shared<ComputeGraph>(name)) {}

  ComputeGraph &graph() { return *graph_; }
  const std::shared_ptr<ComputeGraph> &graph_ptr() { return graph_; }

  Node *Data(const std::string &name, const Dims &dims, DataType dtype = DT_FLOAT,
             int64_t index = -1, Format format = FORMAT_ND) {
    OpDesc desc;
    EXPECT_EQ(CreateOpDesc(name, "Data", {}, {}, &desc), SUCCESS) << GetLastError();
    desc.SetAttr("index", index < 0 ? next_index_++ : index);
    GeTensorDesc tensor(GeShape(dims), format, dtype);
    tensor.SetOriginFormat(format);
    desc.UpdateOutputDesc(0, tensor);
    desc.UpdateInputDesc(0, tensor);
    Node *node = graph_->AddNode(desc);
    graph_->AddInputNode(node);
    return node;
  }

  template <typename T>
  Node *Const(const std::string &name, const std::vector<T> &values, DataType dtype,
              const Dims &dims) {
    OpDesc desc;
    EXPECT_EQ(CreateOpDesc(name, "Const", {}, {}, &desc), SUCCESS) << GetLastError();
    GeTensorDesc tensor(GeShape(dims), FORMAT_ND, dtype);
    desc.SetAttr("value", GeTensor(tensor, values.data(), values.size() * sizeof(T)));
    desc.UpdateOutputDesc(0, tensor);
    return graph_->AddNode(desc);
  }
  /// A 1-D int64 constant (or a scalar when `scalar`).
  Node *Ints(const std::string &name, const std::vector<int64_t> &values, bool scalar = false) {
    return Const(name, values, DT_INT64,
                 scalar ? Dims{} : Dims{static_cast<int64_t>(values.size())});
  }
  Node *Ints32(const std::string &name, const std::vector<int32_t> &values, bool scalar = false) {
    return Const(name, values, DT_INT32,
                 scalar ? Dims{} : Dims{static_cast<int64_t>(values.size())});
  }
  Node *Floats(const std::string &name, const std::vector<float> &values, bool scalar = false) {
    return Const(name, values, DT_FLOAT,
                 scalar ? Dims{} : Dims{static_cast<int64_t>(values.size())});
  }

  /// A node of `type` with inputs connected in port order (nullptr node = leave unconnected).
  Node *Op(const std::string &type, const std::string &name, const std::vector<Input> &inputs,
           const std::map<std::string, GeAttrValue> &attrs = {},
           const std::map<std::string, int64_t> &dynamic_inputs = {},
           const std::map<std::string, int64_t> &dynamic_outputs = {}) {
    OpDesc desc;
    EXPECT_EQ(CreateOpDesc(name, type, dynamic_inputs, dynamic_outputs, &desc), SUCCESS)
        << GetLastError();
    for (const auto &attr : attrs) {
      desc.SetAttr(attr.first, attr.second);
    }
    Node *node = graph_->AddNode(desc);
    EXPECT_NE(node, nullptr);
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (inputs[i].first != nullptr) {
        EXPECT_EQ(
            graph_->AddDataEdge(inputs[i].first, inputs[i].second, node, static_cast<int32_t>(i)),
            SUCCESS)
            << GetLastError();
      }
    }
    return node;
  }

  Status Infer() { return InferGraphNodes(*graph_); }

 private:
  std::shared_ptr<ComputeGraph> graph_;
  int64_t next_index_ = 0;
};

inline Input Out(Node *node, int32_t index = 0) { return {node, index}; }
inline Dims OutDims(const Node *node, size_t index = 0) {
  return node->GetOpDesc().GetOutputDesc(index)->GetShape().GetDims();
}
inline DataType OutType(const Node *node, size_t index = 0) {
  return node->GetOpDesc().GetOutputDesc(index)->GetDataType();
}
inline bool ErrorContains(const std::string &text) {
  return GetLastError().find(text) != std::string::npos;
}

}  // namespace test
}  // namespace ge

#endif  // GE_OPS_INFER_TEST_UTIL_H_
