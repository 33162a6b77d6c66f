// Graph building helpers of the pipeline tests: catalog-prototype nodes (the ports and attributes
// real imports get), seeded random float data, node-type summaries.
#ifndef GE_PIPELINE_PIPELINE_TEST_GRAPHS_H_
#define GE_PIPELINE_PIPELINE_TEST_GRAPHS_H_

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "ops/op_catalog.h"

namespace ge {
namespace pipeline_test {

using Port = std::pair<Node *, int32_t>;

inline std::vector<float> Random(size_t n, uint32_t seed, float lo = -1.0F, float hi = 1.0F) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (auto &x : v) x = dist(gen);
  return v;
}

inline GeTensor F32(std::vector<int64_t> dims, const std::vector<float> &values,
                    Format format = FORMAT_ND) {
  GeTensorDesc desc(GeShape(std::move(dims)), format, DT_FLOAT);
  return GeTensor(desc, values.data(), values.size() * sizeof(float));
}

/// Graphs from catalog prototypes (the ports and attributes real imports get).
class Builder {
 public:
  Builder() : graph_(std::make_shared<ComputeGraph>("fold")) {}

  Node *Op(const std::string &name, const std::string &type, const std::vector<Port> &inputs,
           const std::map<std::string, GeAttrValue> &attrs = {},
           const std::map<std::string, int64_t> &dynamic_inputs = {}) {
    OpDesc desc;
    EXPECT_EQ(CreateOpDesc(name, type, dynamic_inputs, {}, &desc), SUCCESS) << GetLastError();
    for (const auto &attr : attrs) desc.SetAttr(attr.first, attr.second);
    Node *node = graph_->AddNode(std::move(desc));
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
  Node *Data(const std::string &name, std::vector<int64_t> dims) {
    Node *node = Op(name, "Data", {}, {{"index", GeAttrValue(int64_t{0})}});
    GeTensorDesc desc(GeShape(dims), FORMAT_ND, DT_FLOAT);
    node->MutableOpDesc().UpdateInputDesc(0, desc);
    node->MutableOpDesc().UpdateOutputDesc(0, desc);
    EXPECT_EQ(graph_->AddInputNode(node), SUCCESS);
    return node;
  }
  Node *Const(const std::string &name, const GeTensor &value) {
    Node *node = Op(name, "Const", {}, {{"value", GeAttrValue(value)}});
    node->MutableOpDesc().UpdateOutputDesc(0, value.GetTensorDesc());
    return node;
  }
  Node *Vec(const std::string &name, const std::vector<float> &values) {
    return Const(name, F32({static_cast<int64_t>(values.size())}, values));
  }
  Node *Output(const std::vector<Port> &inputs) {
    return Op("out", "NetOutput", inputs, {}, {{"x", static_cast<int64_t>(inputs.size())}});
  }
  /// Conv (NCHW unless `nhwc`) -> BatchNorm (inference) [-> Relu]; channels `cout`.
  Node *ConvBn(Node *x, const std::string &prefix, const std::string &conv_type, int64_t cin,
               int64_t cout, int64_t groups, bool nhwc, bool bias, uint32_t seed) {
    const int64_t cin_g = cin / groups;
    Node *filter =
        nhwc ? Const(prefix + "_w",
                     F32({3, 3, cin_g, cout}, Random(9 * cin_g * cout, seed), FORMAT_HWCN))
             : Const(prefix + "_w", F32({cout, cin_g, 3, 3}, Random(9 * cin_g * cout, seed)));
    std::map<std::string, GeAttrValue> attrs = {
        {"strides", GeAttrValue(std::vector<int64_t>{1, 1, 1, 1})},
        {"pads", GeAttrValue(std::vector<int64_t>{1, 1, 1, 1})},
        {"data_format", GeAttrValue(std::string(nhwc ? "NHWC" : "NCHW"))}};
    if (conv_type != "DepthwiseConv2D") {
      attrs["groups"] = GeAttrValue(groups);
    }
    Node *conv =
        Op(prefix, conv_type,
           {{x, 0}, {filter, 0}, {bias ? Vec(prefix + "_b", Random(cout, seed + 1)) : nullptr, 0}},
           attrs);
    if (nhwc) {
      conv->MutableOpDesc().MutableInputDesc(1)->SetFormat(FORMAT_HWCN);
    }
    Node *bn = Op(prefix + "_bn", "BatchNorm",
                  {{conv, 0},
                   {Vec(prefix + "_scale", Random(cout, seed + 2, 0.5F, 1.5F)), 0},
                   {Vec(prefix + "_offset", Random(cout, seed + 3)), 0},
                   {Vec(prefix + "_mean", Random(cout, seed + 4)), 0},
                   {Vec(prefix + "_var", Random(cout, seed + 5, 0.5F, 1.5F)), 0}},
                  {{"epsilon", GeAttrValue(1e-5F)},
                   {"is_training", GeAttrValue(false)},
                   {"data_format", GeAttrValue(std::string(nhwc ? "NHWC" : "NCHW"))}});
    return bn;
  }
  const ComputeGraphPtr &Get() const { return graph_; }

 private:
  ComputeGraphPtr graph_;
};

/// Sorted node types of `graph`, Const nodes left out.
inline std::vector<std::string> Types(const ComputeGraph &graph) {
  std::vector<std::string> types;
  for (Node *node : graph.GetDirectNodes()) {
    if (node->GetType() != "Const") types.push_back(node->GetType());
  }
  std::sort(types.begin(), types.end());
  return types;
}

/// `options` plus switching off the always-failing pass compile_graph_test.cc registers in the
/// pipeline_test binary.
inline std::map<std::string, std::string> WithoutTestFailures(
    std::map<std::string, std::string> options) {
  options["AlwaysFailingPass"] = "off";
  return options;
}

}  // namespace pipeline_test
}  // namespace ge

#endif  // GE_PIPELINE_PIPELINE_TEST_GRAPHS_H_
