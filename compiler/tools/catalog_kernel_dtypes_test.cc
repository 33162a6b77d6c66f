// The op catalog's dtype lists and the host kernels must agree (docs/op_catalog.md, "Dtypes"): a
// graph that compiles must run, and what does not compile must not run either. For every catalog
// op with a kernel, a one-op graph is built from a sample (shapes, attributes, constant inputs)
// for every dtype combination the catalog's port lists allow, and for each dtype outside a port's
// list; the compile steps that decide dtypes (whole-graph inference with its dtype checks and the
// promotion Casts) run, then the host executor.
//   - compiled: the run must succeed, with the output dtypes (and fully known shapes) inferred;
//   - refused: the kernel must refuse the same graph run uncompiled.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "common/error.h"
#include "graph/compute_graph.h"
#include "ops/graph_shape_inference.h"
#include "ops/op_catalog.h"
#include "pipeline/promotion_casts.h"
#include "runtime/dtype_utils.h"
#include "runtime/executor.h"
#include "runtime/kernel_registry.h"

namespace ge {
namespace {

using Dims = std::vector<int64_t>;

// One input of a sample: fed by a Data node, or a Const holding `values` (value-carrying inputs
// such as axes, shapes and paddings), or left unconnected (an absent optional input).
struct In {
  Dims dims;
  std::vector<double> values;  // non-empty: a Const with these values
  bool absent = false;
};

In Fed(Dims dims) { return In{std::move(dims), {}, false}; }
In Constant(Dims dims, std::vector<double> values) {
  return In{std::move(dims), std::move(values), false};
}
In Absent() { return In{{}, {}, true}; }

struct Sample {
  Sample(std::string op_type, std::vector<In> op_inputs,
         std::map<std::string, GeAttrValue> op_attrs = {},
         std::map<std::string, int64_t> dynamic_in = {},
         std::map<std::string, int64_t> dynamic_out = {}, std::string varied_attr = "")
      : type(std::move(op_type)),
        inputs(std::move(op_inputs)),
        attrs(std::move(op_attrs)),
        dynamic_inputs(std::move(dynamic_in)),
        dynamic_outputs(std::move(dynamic_out)),
        dtype_attr(std::move(varied_attr)) {}

  std::string type;
  std::vector<In> inputs;
  std::map<std::string, GeAttrValue> attrs;
  std::map<std::string, int64_t> dynamic_inputs;
  std::map<std::string, int64_t> dynamic_outputs;
  // An integer attribute holding a dtype (Cast's dst_type), varied like an input's dtype.
  std::string dtype_attr;
};

using ListInt = std::vector<int64_t>;

GeAttrValue Ints(ListInt values) { return GeAttrValue(std::move(values)); }

// Every op of the catalog that has a host kernel needs a sample here.
std::vector<Sample> Samples() {
  const std::vector<In> binary = {Fed({2, 3}), Fed({3})};
  const std::vector<In> unary = {Fed({2, 3})};
  const In axis0 = Constant({}, {0});
  std::vector<Sample> samples = {
      {"AccumulateNV2", {Fed({2, 3}), Fed({3})}, {{"N", int64_t{2}}}, {{"x", 2}}},
      {"AvgPool",
       {Fed({1, 4, 4, 1})},
       {{"ksize", Ints({1, 2, 2, 1})}, {"strides", Ints({1, 2, 2, 1})}, {"padding", "VALID"}}},
      {"AvgPoolV2",
       {Fed({1, 1, 4, 4})},
       {{"ksize", Ints({1, 1, 2, 2})}, {"strides", Ints({1, 1, 2, 2})}}},
      {"AvgPool3D",
       {Fed({1, 2, 2, 2, 1})},
       {{"ksize", Ints({1, 2, 2, 2, 1})},
        {"strides", Ints({1, 1, 1, 1, 1})},
        {"pads", Ints({0, 0, 0, 0, 0, 0})}}},
      {"BNInference", {Fed({1, 2, 2, 2}), Fed({2}), Fed({2}), Fed({1}), Fed({2}), Fed({2})}},
      {"BatchMatMul", {Fed({2, 2, 3}), Fed({2, 3, 2})}},
      {"BatchMatMulV2", {Fed({2, 3}), Fed({3, 2}), Fed({2}), Absent()}},
      {"BatchNorm",
       {Fed({1, 2, 2, 2}), Fed({2}), Fed({2}), Fed({2}), Fed({2})},
       {{"data_format", "NCHW"}, {"is_training", false}}},
      {"BiasAdd", {Fed({2, 3}), Fed({3})}},
      {"BroadcastTo", {Fed({1, 3}), Constant({2}, {2, 3})}},
      {"Cast", unary, {}, {}, {}, "dst_type"},
      {"ClipByValue", {Fed({2, 3}), Fed({}), Fed({})}},
      {"Concat", {axis0, Fed({1, 3}), Fed({2, 3})}, {{"N", int64_t{2}}}, {{"x", 2}}},
      {"ConcatD",
       {Fed({1, 3}), Fed({2, 3})},
       {{"concat_dim", int64_t{0}}, {"N", int64_t{2}}},
       {{"x", 2}}},
      {"ConcatV2", {Fed({1, 3}), Fed({2, 3}), axis0}, {{"N", int64_t{2}}}, {{"x", 2}}},
      {"ConcatV2D",
       {Fed({1, 3}), Fed({2, 3})},
       {{"concat_dim", int64_t{0}}, {"N", int64_t{2}}},
       {{"x", 2}}},
      {"Conv2D",
       {Fed({1, 1, 4, 4}), Fed({1, 1, 3, 3}), Fed({1}), Absent()},
       {{"strides", Ints({1, 1, 1, 1})}, {"pads", Ints({0, 0, 0, 0})}, {"data_format", "NCHW"}}},
      {"Conv2DV2",
       {Fed({1, 1, 4, 4}), Fed({1, 1, 3, 3}), Absent(), Absent()},
       {{"strides", Ints({1, 1, 1, 1})}}},
      {"DepthwiseConv2D",
       {Fed({1, 2, 4, 4}), Fed({2, 1, 3, 3}), Absent(), Absent()},
       {{"strides", Ints({1, 1, 1, 1})}, {"pads", Ints({0, 0, 0, 0})}, {"data_format", "NCHW"}}},
      {"Dropout", {Fed({2, 3}), Absent(), Absent()}},
      {"Einsum",
       {Fed({2, 3}), Fed({3, 2})},
       {{"equation", "ij,jk->ik"}, {"N", int64_t{2}}},
       {{"x", 2}}},
      {"Expand", {Fed({1, 3}), Constant({2}, {2, 3})}},
      {"ExpandD", {Fed({1, 3})}, {{"shape", Ints({2, 3})}}},
      {"ExpandDims", {Fed({2, 3}), axis0}},
      {"Fill", {Constant({2}, {2, 3}), Fed({})}},
      {"Flatten", {Fed({2, 3, 2})}},
      {"FlattenV2", {Fed({2, 3, 2})}},
      {"GEMM", {Fed({2, 3}), Fed({3, 2}), Fed({2, 2}), Fed({}), Fed({})}},
      {"Gather", {Fed({3, 2}), Fed({2})}},
      {"GatherV2", {Fed({3, 2}), Fed({2}), axis0}},
      {"GatherV2D", {Fed({3, 2}), Fed({2})}, {{"axis", int64_t{0}}}},
      {"GatherElements", {Fed({2, 3}), Fed({2, 2})}, {{"dim", int64_t{1}}}},
      {"GlobalAveragePool", {Fed({1, 2, 3, 3})}},
      {"GlobalMaxPool", {Fed({1, 2, 3, 3})}},
      {"IdentityN", {Fed({2, 3}), Fed({3})}, {}, {{"x", 2}}, {{"y", 2}}},
      {"LayerNorm",
       {Fed({2, 4}), Fed({4}), Fed({4})},
       {{"begin_norm_axis", int64_t{1}}, {"begin_params_axis", int64_t{1}}}},
      {"LayerNormV3",
       {Fed({2, 4}), Fed({4}), Fed({4})},
       {{"begin_norm_axis", int64_t{1}}, {"begin_params_axis", int64_t{1}}}},
      {"MatMul", {Fed({2, 3}), Fed({3, 2}), Fed({2})}},
      {"MatMulV2", {Fed({2, 3}), Fed({3, 2}), Fed({2}), Absent()}},
      {"MatMulV3", {Fed({2, 3}), Fed({3, 2}), Fed({2}), Absent()}},
      {"MaskedFill", {Fed({2, 3}), Fed({3}), Fed({})}},
      {"MaxPool",
       {Fed({1, 4, 4, 1})},
       {{"ksize", Ints({1, 2, 2, 1})}, {"strides", Ints({1, 2, 2, 1})}, {"padding", "VALID"}}},
      {"MaxPool3D",
       {Fed({1, 2, 2, 2, 1})},
       {{"ksize", Ints({1, 2, 2, 2, 1})},
        {"strides", Ints({1, 1, 1, 1, 1})},
        {"padding", "VALID"}}},
      {"MaxPoolV3",
       {Fed({1, 1, 4, 4})},
       {{"ksize", Ints({1, 1, 2, 2})}, {"strides", Ints({1, 1, 2, 2})}}},
      {"MirrorPad", {Fed({3, 3}), Constant({2, 2}, {1, 1, 0, 1})}, {{"mode", "REFLECT"}}},
      {"Pack", {Fed({2}), Fed({2})}, {{"N", int64_t{2}}}, {{"x", 2}}},
      {"Pad", {Fed({2, 3}), Constant({2, 2}, {1, 1, 0, 1})}},
      {"PadD",
       {Fed({2, 3})},
       {{"paddings", GeAttrValue(std::vector<std::vector<int64_t>>{{1, 1}, {0, 1}})}}},
      {"PadV2", {Fed({2, 3}), Constant({2, 2}, {1, 1, 0, 1}), Fed({})}},
      {"PadV3", {Fed({2, 3}), Constant({4}, {1, 1, 0, 1}), Fed({})}},
      {"Range", {Constant({}, {0}), Constant({}, {3}), Constant({}, {1})}},
      {"Reshape", {Fed({2, 3}), Constant({2}, {3, 2})}},
      {"ScatterElements", {Fed({2, 3}), Fed({2, 2}), Fed({2, 2})}, {{"axis", int64_t{1}}}},
      {"ScatterElements",
       {Fed({2, 3}), Fed({2, 2}), Fed({2, 2})},
       {{"axis", int64_t{1}}, {"reduction", "mul"}}},
      {"Select", {Fed({2, 3}), Fed({2, 3}), Fed({2, 3})}},
      {"SelectV2", {Fed({2, 3}), Fed({2, 3}), Fed({3})}},
      {"Shape", unary, {}, {}, {}, "dtype"},
      {"Slice", {Fed({3, 3}), Constant({2}, {0, 1}), Constant({2}, {2, 2})}},
      {"SliceD", {Fed({3, 3})}, {{"offsets", Ints({0, 1})}, {"size", Ints({2, 2})}}},
      {"Split", {axis0, Fed({4, 2})}, {{"num_split", int64_t{2}}}, {}, {{"y", 2}}},
      {"SplitD",
       {Fed({4, 2})},
       {{"split_dim", int64_t{0}}, {"num_split", int64_t{2}}},
       {},
       {{"y", 2}}},
      {"SplitV",
       {Fed({4, 2}), Constant({2}, {1, 3}), axis0},
       {{"num_split", int64_t{2}}},
       {},
       {{"y", 2}}},
      {"SplitVD",
       {Fed({4, 2})},
       {{"size_splits", Ints({1, 3})}, {"split_dim", int64_t{0}}, {"num_split", int64_t{2}}},
       {},
       {{"y", 2}}},
      {"Squeeze", {Fed({1, 3})}, {{"axis", Ints({0})}}},
      {"SqueezeV3", {Fed({1, 3}), Constant({1}, {0})}},
      {"StridedSlice",
       {Fed({3, 3}), Constant({2}, {0, 0}), Constant({2}, {2, 3}), Constant({2}, {1, 1})}},
      {"StridedSliceD",
       {Fed({3, 3})},
       {{"begin", Ints({0, 0})}, {"end", Ints({2, 3})}, {"strides", Ints({1, 1})}}},
      {"StridedSliceV2", {Fed({3, 3}), Constant({1}, {0}), Constant({1}, {2}), Absent(), Absent()}},
      {"Tile", {Fed({2, 3}), Constant({2}, {2, 1})}},
      {"TopKV2", {Fed({2, 3}), Constant({}, {2})}},
      {"TileD", {Fed({2, 3})}, {{"multiples", Ints({2, 1})}}},
      {"TransData", {Fed({1, 2, 2, 3})}, {{"src_format", "NCHW"}, {"dst_format", "NHWC"}}},
      {"Transpose", {Fed({2, 3}), Constant({2}, {1, 0})}},
      {"TransposeD", {Fed({2, 3})}, {{"perm", Ints({1, 0})}}},
      {"Trilu", {Fed({3, 3}), Absent()}},
      {"Unsqueeze", {Fed({3})}, {{"axes", Ints({0})}}},
      {"UnsqueezeV3", {Fed({3}), Constant({1}, {0})}},
  };
  for (const char *type :
       {"Add",        "AddV2",     "Sub",      "Mul",      "Div",       "RealDiv",
        "Maximum",    "Minimum",   "Pow",      "FloorDiv", "FloorMod",  "Mod",
        "Equal",      "NotEqual",  "Less",     "Greater",  "LessEqual", "GreaterEqual",
        "LogicalAnd", "LogicalOr", "AddCustom"}) {
    samples.push_back({type, binary});
  }
  for (const char *type :
       {"Abs",          "Ceil",       "Erf",        "Exp",        "FastGelu",
        "Floor",        "Gelu",       "GeluV2",     "Identity",   "Log",
        "LogSoftmaxV2", "LogicalNot", "Neg",        "Reciprocal", "Relu",
        "Relu6",        "Rsqrt",      "Sigmoid",    "SoftmaxV2",  "Sqrt",
        "Square",       "Tanh",       "TensorMove", "ZerosLike",  "OnesLike",
        "Sin",          "Cos",        "Sign",       "HardSwish",  "Tan",
        "Asin",         "Acos",       "Atan",       "Sinh",       "Cosh",
        "Asinh",        "Acosh",      "Atanh",      "Round",      "Softplus",
        "Softsign",     "Mish",       "Elu",        "Selu",       "ThresholdedRelu"}) {
    samples.push_back({type, unary});
  }
  samples.push_back({"LeakyRelu", unary, {{"negative_slope", 0.1F}}});
  samples.push_back({"HardSigmoid", unary, {{"alpha", 0.2F}, {"beta", 0.5F}}});
  for (const char *type : {"Adds", "Muls"}) {
    samples.push_back({type, unary, {{"value", 2.0F}}});
  }
  for (const char *type : {"ReduceMax", "ReduceMean", "ReduceMin", "ReduceProd", "ReduceSum"}) {
    samples.push_back({type, {Fed({2, 3}), Constant({1}, {1})}});
  }
  samples.push_back({"Cumsum", {Fed({2, 3}), Constant({}, {1})}, {{"reverse", true}}});
  samples.push_back(
      {"Conv2DTranspose",
       {Constant({4}, {1, 2, 4, 4}), Fed({1, 1, 3, 3}), Fed({1, 2, 2, 2}), Fed({2}), Absent()},
       {{"strides", Ints({1, 1, 1, 1})}, {"pads", Ints({0, 0, 0, 0})}}});
  samples.push_back({"Conv3DTranspose",
                     {Constant({5}, {1, 2, 3, 3, 3}), Fed({1, 1, 2, 2, 2}), Fed({1, 2, 2, 2, 2}),
                      Fed({2}), Absent()},
                     {{"strides", Ints({1, 1, 1, 1, 1})},
                      {"pads", Ints({0, 0, 0, 0, 0, 0})},
                      {"data_format", "NCDHW"}}});
  samples.push_back({"Resize",
                     {Fed({1, 1, 2, 2}), Absent(), Constant({4}, {1, 1, 2, 2}), Absent()},
                     {{"mode", "linear"}}});
  samples.push_back({"LRN", {Fed({1, 4, 2, 2})}, {{"depth_radius", int64_t{1}}}});
  for (const char *type : {"ArgMaxV2", "ArgMin"}) {
    samples.push_back({type, {Fed({2, 3}), Constant({}, {1})}, {{"dtype", int64_t{DT_INT64}}}});
  }
  samples.push_back({"Where", {Fed({2, 3})}});
  samples.push_back({"Conv3D",
                     {Fed({1, 1, 3, 3, 3}), Fed({2, 1, 2, 2, 2}), Fed({2}), Absent()},
                     {{"strides", Ints({1, 1, 1, 1, 1})},
                      {"pads", Ints({0, 0, 0, 0, 0, 0})},
                      {"data_format", "NCDHW"}}});
  for (const char *type :
       {"ReduceMaxD", "ReduceMeanD", "ReduceMinD", "ReduceProdD", "ReduceSumD"}) {
    samples.push_back({type, unary, {{"axes", Ints({1})}}});
  }
  return samples;
}

// Every valid dtype: what a port may be given, whether the host runs it or not.
std::vector<DataType> AllDtypes() {
  std::vector<DataType> types;
  for (int32_t value = 0; value < DT_MAX; ++value) {
    if (IsValidDataType(value) && value != DT_UNDEFINED) {
      types.push_back(static_cast<DataType>(value));
    }
  }
  return types;
}

// A tensor of `dtype` holding `values` (one value fills every element); types without a host
// element type get zero bytes of their storage size.
GeTensor MakeTensor(DataType dtype, const Dims &dims, const std::vector<double> &values) {
  const int64_t count = runtime::ElementCount(dims);
  const int32_t width = GetSizeByDataType(dtype);
  const int64_t size = GetSizeInBytes(count, dtype);
  std::vector<uint8_t> bytes(size > 0 ? static_cast<size_t>(size) : 0, 0);
  for (int64_t i = 0; i < count && width > 0; ++i) {
    const double value = values.size() == 1 ? values[0] : values[static_cast<size_t>(i)];
    uint8_t *at = bytes.data() + i * width;
    if (dtype == DT_FLOAT16 || dtype == DT_BF16) {
      const uint16_t bits = dtype == DT_FLOAT16 ? runtime::FloatToHalf(static_cast<float>(value))
                                                : runtime::FloatToBf16(static_cast<float>(value));
      std::memcpy(at, &bits, sizeof(bits));
      continue;
    }
    runtime::DispatchNative(dtype, [&](auto tag) {
      using T = decltype(tag);
      const T element = static_cast<T>(value);
      std::memcpy(at, &element, sizeof(T));
    });
  }
  return GeTensor(GeTensorDesc(GeShape(dims), FORMAT_ND, dtype), std::move(bytes));
}

struct Case {
  ComputeGraphPtr graph;
  std::vector<GeTensor> feeds;
};

// The sample's op on Data/Const inputs of `dtypes` (absent inputs skipped), all outputs to a
// NetOutput; `attr_dtype` goes into the sample's dtype attribute when it has one.
Case Build(const Sample &sample, const std::vector<DataType> &dtypes, DataType attr_dtype) {
  Case built;
  built.graph = std::make_shared<ComputeGraph>("check_" + sample.type);
  ComputeGraph &graph = *built.graph;
  OpDesc desc;
  EXPECT_EQ(CreateOpDesc("op", sample.type, sample.dynamic_inputs, sample.dynamic_outputs, &desc),
            SUCCESS)
      << GetLastError();
  for (const auto &attr : sample.attrs) desc.SetAttr(attr.first, attr.second);
  if (!sample.dtype_attr.empty()) {
    desc.SetAttr(sample.dtype_attr, GeAttrValue(static_cast<int64_t>(attr_dtype)));
  }
  Node *op = graph.AddNode(std::move(desc));
  int64_t index = 0;
  for (size_t i = 0; i < sample.inputs.size(); ++i) {
    const In &in = sample.inputs[i];
    if (in.absent) {
      continue;
    }
    OpDesc source;
    const GeTensor value =
        MakeTensor(dtypes[i], in.dims, in.values.empty() ? std::vector<double>{1} : in.values);
    const std::string name = "in" + std::to_string(i);
    if (in.values.empty()) {
      EXPECT_EQ(CreateOpDesc(name, "Data", {}, {}, &source), SUCCESS);
      source.SetAttr("index", index++);
      (void)source.UpdateOutputDesc(0, value.GetTensorDesc());
      (void)source.UpdateInputDesc(0, value.GetTensorDesc());
      built.feeds.push_back(value);
    } else {
      EXPECT_EQ(CreateOpDesc(name, "Const", {}, {}, &source), SUCCESS);
      (void)source.UpdateOutputDesc(0, value.GetTensorDesc());
      source.SetAttr("value", GeAttrValue(value));
    }
    Node *node = graph.AddNode(std::move(source));
    EXPECT_EQ(graph.AddDataEdge(node, 0, op, static_cast<int32_t>(i)), SUCCESS) << GetLastError();
    if (in.values.empty()) {
      EXPECT_EQ(graph.AddInputNode(node), SUCCESS);
    }
  }
  OpDesc out_desc;
  EXPECT_EQ(CreateOpDesc("out", "NetOutput", {{"x", static_cast<int64_t>(op->GetOutputsSize())}},
                         {}, &out_desc),
            SUCCESS);
  Node *out = graph.AddNode(std::move(out_desc));
  for (size_t i = 0; i < op->GetOutputsSize(); ++i) {
    EXPECT_EQ(graph.AddDataEdge(op, static_cast<int32_t>(i), out, static_cast<int32_t>(i)),
              SUCCESS);
  }
  return built;
}

// The compile steps that decide dtypes: whole-graph inference (with its port dtype checks) and
// the promotion Casts.
bool Compiles(ComputeGraph &graph) {
  return InferGraphShape(graph, {}) == SUCCESS && InsertPromotionCasts(graph) == SUCCESS;
}

bool Runs(const ComputeGraph &graph, const std::vector<GeTensor> &feeds,
          std::vector<GeTensor> *outputs) {
  std::unique_ptr<runtime::Executor> executor;
  return runtime::Executor::Create(graph, &executor) == SUCCESS &&
         executor->CheckKernels() == SUCCESS && executor->Run(feeds, outputs) == SUCCESS;
}

std::string Describe(const Sample &sample, const std::vector<DataType> &dtypes,
                     DataType attr_dtype) {
  std::string text = sample.type + "(";
  for (size_t i = 0; i < dtypes.size(); ++i) {
    if (sample.inputs[i].absent) continue;
    text += (text.back() == '(' ? "" : ", ") + DataTypeToString(dtypes[i]);
  }
  text += ")";
  if (!sample.dtype_attr.empty())
    text += " " + sample.dtype_attr + "=" + DataTypeToString(attr_dtype);
  return text;
}

class Checker {
 public:
  // Checks one combination; returns true when it compiled.
  bool Check(const Sample &sample, const std::vector<DataType> &dtypes, DataType attr_dtype) {
    ++checked_;
    Case built = Build(sample, dtypes, attr_dtype);
    const ComputeGraphPtr raw = built.graph->Clone();
    std::vector<GeTensor> outputs;
    if (!Compiles(*built.graph)) {
      const std::string why = GetLastError();
      if (Runs(*raw, built.feeds, &outputs)) {
        Violation(Describe(sample, dtypes, attr_dtype) + ": refused at compile (" + why +
                  ") but the kernel runs it");
      }
      return false;
    }
    if (!Runs(*built.graph, built.feeds, &outputs)) {
      Violation(Describe(sample, dtypes, attr_dtype) +
                ": compiles but fails at run time: " + GetLastError());
      return true;
    }
    const Node *out = built.graph->FindNode("out");
    for (size_t i = 0; i < outputs.size(); ++i) {
      const GeTensorDesc &inferred = *out->GetOpDesc().GetInputDesc(i);
      const GeTensorDesc &got = outputs[i].GetTensorDesc();
      const auto &dims = inferred.GetShape().GetDims();
      const bool known = std::all_of(dims.begin(), dims.end(), [](int64_t d) { return d >= 0; });
      if (got.GetDataType() != inferred.GetDataType() ||
          (known && got.GetShape().GetDims() != dims)) {
        Violation(Describe(sample, dtypes, attr_dtype) + ": output " + std::to_string(i) + " is " +
                  got.GetShape().ToString() + " " + DataTypeToString(got.GetDataType()) +
                  " at run time but was inferred " + inferred.GetShape().ToString() + " " +
                  DataTypeToString(inferred.GetDataType()));
      }
    }
    return true;
  }

  const std::vector<std::string> &violations() const { return violations_; }
  size_t checked() const { return checked_; }

 private:
  void Violation(const std::string &text) { violations_.push_back(text); }
  std::vector<std::string> violations_;
  size_t checked_ = 0;
};

// Dtypes a port's list allows (every dtype when the list is empty).
std::vector<DataType> Listed(const OpPrototype &prototype, const OpDesc &desc, size_t port) {
  const std::string &name = desc.GetInputName(port);
  for (const OpInputDef &input : prototype.inputs) {
    const bool dynamic = input.kind == IrInputType::kDynamic;
    if (name == input.name ||
        (dynamic && name.compare(0, input.name.size(), input.name) == 0 &&
         name.find_first_not_of("0123456789", input.name.size()) == std::string::npos)) {
      return input.dtypes.empty() ? AllDtypes() : input.dtypes;
    }
  }
  return AllDtypes();
}

void CheckSample(const Sample &sample, Checker *checker, bool *compiled_any) {
  const OpPrototype *prototype = OpCatalog::Instance().Find(sample.type);
  ASSERT_NE(prototype, nullptr) << sample.type;
  OpDesc desc;
  ASSERT_EQ(CreateOpDesc("op", sample.type, sample.dynamic_inputs, sample.dynamic_outputs, &desc),
            SUCCESS)
      << GetLastError();
  ASSERT_EQ(desc.GetInputsSize(), sample.inputs.size()) << sample.type;
  std::vector<std::vector<DataType>> lists;
  for (size_t i = 0; i < sample.inputs.size(); ++i) {
    lists.push_back(sample.inputs[i].absent ? std::vector<DataType>{DT_FLOAT}
                                            : Listed(*prototype, desc, i));
  }
  const std::vector<DataType> attr_values =
      sample.dtype_attr.empty() ? std::vector<DataType>{DT_UNDEFINED} : AllDtypes();
  // Every combination the lists allow.
  std::vector<DataType> base;
  DataType base_attr = DT_UNDEFINED;
  std::vector<size_t> at(lists.size(), 0);
  for (bool more = true; more;) {
    std::vector<DataType> dtypes;
    for (size_t i = 0; i < lists.size(); ++i) dtypes.push_back(lists[i][at[i]]);
    for (DataType attr : attr_values) {
      if (checker->Check(sample, dtypes, attr) && base.empty()) {
        base = dtypes;
        base_attr = attr;
      }
    }
    more = false;
    for (size_t i = 0; i < at.size() && !more; ++i) {
      more = ++at[i] < lists[i].size();
      if (!more) at[i] = 0;
    }
  }
  *compiled_any = !base.empty();
  if (base.empty()) {
    return;
  }
  // Every fed input in one dtype outside the lists (constant inputs as in a combination that
  // compiled), then each dtype outside a port's list with the other ports as in that combination.
  for (DataType dtype : AllDtypes()) {
    std::vector<DataType> dtypes = base;
    bool outside = false;
    for (size_t i = 0; i < lists.size(); ++i) {
      if (!sample.inputs[i].absent && sample.inputs[i].values.empty()) {
        dtypes[i] = dtype;
        outside |= std::find(lists[i].begin(), lists[i].end(), dtype) == lists[i].end();
      }
    }
    if (outside) {
      checker->Check(sample, dtypes, base_attr);
    }
  }

  for (size_t i = 0; i < lists.size(); ++i) {
    if (sample.inputs[i].absent) continue;
    for (DataType dtype : AllDtypes()) {
      if (std::find(lists[i].begin(), lists[i].end(), dtype) == lists[i].end()) {
        std::vector<DataType> dtypes = base;
        dtypes[i] = dtype;
        checker->Check(sample, dtypes, base_attr);
      }
    }
  }
}

TEST(CatalogKernelDtypes, EveryCatalogOpWithAKernelHasASample) {
  std::set<std::string> sampled;
  for (const Sample &sample : Samples()) sampled.insert(sample.type);
  std::vector<std::string> missing;
  for (const std::string &type : OpCatalog::Instance().ListTypes()) {
    if (runtime::KernelRegistry::Instance().Find(type) != nullptr && sampled.count(type) == 0) {
      missing.push_back(type);
    }
  }
  EXPECT_TRUE(missing.empty()) << "no sample for: " << ::testing::PrintToString(missing);
}

TEST(CatalogKernelDtypes, WhatCompilesRunsAndWhatIsRefusedDoesNotRun) {
  Checker checker;
  std::vector<std::string> never_compiled;
  for (const Sample &sample : Samples()) {
    bool compiled_any = false;
    CheckSample(sample, &checker, &compiled_any);
    if (!compiled_any) never_compiled.push_back(sample.type);
  }
  std::printf("checked %zu dtype combinations\n", checker.checked());
  // A sample no combination of which compiles proves nothing: its shapes or attributes are wrong.
  EXPECT_TRUE(never_compiled.empty()) << ::testing::PrintToString(never_compiled);
  std::string report;
  for (size_t i = 0; i < checker.violations().size() && i < 200; ++i) {
    report += checker.violations()[i] + "\n";
  }
  EXPECT_TRUE(checker.violations().empty()) << checker.violations().size() << " disagreements:\n"
                                            << report;
}

// Graph inputs and constants: the dtypes Data and Const accept are those the executor can hold.
TEST(CatalogKernelDtypes, DataAndConstTakeWhatTheExecutorHolds) {
  std::vector<std::string> violations;
  for (DataType dtype : AllDtypes()) {
    for (bool as_const : {false, true}) {
      Sample sample{"Identity", {as_const ? Constant({2}, {1, 1}) : Fed({2})}};
      Case built = Build(sample, {dtype}, DT_UNDEFINED);
      // Identity is byte-generic: whatever refuses here is the Data or Const node.
      const ComputeGraphPtr raw = built.graph->Clone();
      std::vector<GeTensor> outputs;
      const bool compiled = Compiles(*built.graph);
      const bool ran = Runs(compiled ? *built.graph : *raw, built.feeds, &outputs);
      if (compiled != ran) {
        violations.push_back(std::string(as_const ? "Const " : "Data ") + DataTypeToString(dtype) +
                             (compiled ? " compiles" : " is refused") +
                             (ran ? " and runs" : " but does not run: " + GetLastError()));
      }
    }
  }
  EXPECT_TRUE(violations.empty()) << ::testing::PrintToString(violations);
}

}  // namespace
}  // namespace ge
