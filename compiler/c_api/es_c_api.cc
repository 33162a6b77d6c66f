// The ES ("eager style") graph-builder C API (GE's ES base library), plus ONE
// generic op creator EsCreateOp used by every generated Python op function instead of GE's
// per-op `Es<OpType>` symbols (docs/es_builder.md explains why).
//
// Ownership: EsCGraphBuilder* is freed by EsDestroyGraphBuilder. EsCTensorHolder* and the
// GeNodeHandle* of EsGetProducer are owned by the builder (borrowed by callers, never freed by
// them). EsBuildGraphAndReset returns a GeGraphHandle* the caller frees with
// GeApiWrapper_Graph_DestroyGraph; EsCreateEsCTensor* return a GeTensorHandle* freed with
// GeApiWrapper_Tensor_DestroyEsCTensor.
#include <cstdint>
#include <fstream>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "c_handles/c_handles.h"
#include "es/es_graph_builder.h"
#include "ge/c_api/es_builder.h"

// Every builder created through the C API is an EsCGraphBuilder, so a holder's owner can be
// converted back with static_cast.
struct EsCGraphBuilder : ge::es::EsGraphBuilder {
  explicit EsCGraphBuilder(std::string name) : ge::es::EsGraphBuilder(std::move(name)) {}
};

// EsCTensorHolder (ge/c_api/ge_c_types.h) is never defined: it is an opaque alias of
// ge::es::EsTensorHolder.

namespace {

using ge::SetLastError;
using ge::es::EsTensorHolder;

EsCTensorHolder *ToC(EsTensorHolder *holder) { return reinterpret_cast<EsCTensorHolder *>(holder); }
EsTensorHolder *FromC(EsCTensorHolder *holder) {
  return reinterpret_cast<EsTensorHolder *>(holder);
}

// The builder owning a holder, or nullptr with a last error.
ge::es::EsGraphBuilder *BuilderOf(EsCTensorHolder *holder) {
  if (holder == nullptr) {
    SetLastError("tensor holder is null");
    return nullptr;
  }
  return FromC(holder)->GetOwnerBuilder();
}

ge::es::EsGraphBuilder *Unwrap(EsCGraphBuilder *builder) {
  if (builder == nullptr) {
    SetLastError("graph builder is null");
    return nullptr;
  }
  return builder;
}

// dims[0..n) with n == 0 meaning a scalar; fails on a negative count or a NULL array.
bool ReadDims(const int64_t *dims, int64_t n, std::vector<int64_t> *out, const char *what) {
  if (n < 0 || (n > 0 && dims == nullptr)) {
    SetLastError(std::string(what) + ": invalid dims (count " + std::to_string(n) + ")");
    return false;
  }
  out->assign(dims, dims + n);
  return true;
}

// Element count of fixed dims; -1 (with a last error) when a dim is negative or it overflows.
int64_t ElementCount(const std::vector<int64_t> &dims, const char *what) {
  int64_t count = 1;
  for (int64_t dim : dims) {
    if (dim < 0 || (dim > 0 && count > std::numeric_limits<int64_t>::max() / dim)) {
      SetLastError(std::string(what) + ": dims " + ge::GeShape(dims).ToString() +
                   " must be non-negative and fit int64");
      return -1;
    }
    count *= dim;
  }
  return count;
}

template <typename T>
EsCTensorHolder *CreateConstOf(EsCGraphBuilder *builder, const T *values, const int64_t *dims,
                               int64_t dim_num, ge::DataType dtype) {
  return ge::capi::Guard<EsCTensorHolder *>(nullptr, [&]() -> EsCTensorHolder * {
    ge::es::EsGraphBuilder *b = Unwrap(builder);
    std::vector<int64_t> shape;
    if (b == nullptr || !ReadDims(dims, dim_num, &shape, "create constant")) {
      return nullptr;
    }
    const int64_t count = ElementCount(shape, "create constant");
    if (count < 0) {
      return nullptr;
    }
    if (count > 0 && values == nullptr) {
      SetLastError("create constant: values are null");
      return nullptr;
    }
    ge::GeTensor tensor(ge::GeTensorDesc(ge::GeShape(shape), ge::FORMAT_ND, dtype), values,
                        static_cast<size_t>(count) * sizeof(T));
    return ToC(b->CreateConst(std::move(tensor)));
  });
}

uint32_t SetAttrFor(EsCTensorHolder *tensor, const char *name, ge::GeAttrValue value,
                    bool on_node) {
  return ge::capi::Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    ge::es::EsGraphBuilder *b = BuilderOf(tensor);
    if (b == nullptr || name == nullptr) {
      if (name == nullptr) SetLastError("attribute name is null");
      return ge::FAILED;
    }
    return on_node ? b->SetNodeAttr(FromC(tensor), name, std::move(value))
                   : b->SetTensorAttr(FromC(tensor), name, std::move(value));
  });
}

uint32_t SetAttrForGraph(EsCGraphBuilder *builder, const char *name, ge::GeAttrValue value) {
  return ge::capi::Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    ge::es::EsGraphBuilder *b = Unwrap(builder);
    if (b == nullptr || name == nullptr) {
      if (name == nullptr) SetLastError("attribute name is null");
      return ge::FAILED;
    }
    return b->SetGraphAttr(name, std::move(value));
  });
}

EsCTensorHolder *Binary(const char *type, EsCTensorHolder *x1, EsCTensorHolder *x2) {
  return ge::capi::Guard<EsCTensorHolder *>(nullptr, [&]() -> EsCTensorHolder * {
    ge::es::EsGraphBuilder *b = BuilderOf(x1);
    if (b == nullptr || BuilderOf(x2) == nullptr) {
      return nullptr;
    }
    std::vector<EsTensorHolder *> outputs;
    if (b->CreateOp(type, {{FromC(x1)}, {FromC(x2)}}, {}, {}, {}, &outputs) != ge::SUCCESS ||
        outputs.empty()) {
      return nullptr;
    }
    return ToC(outputs[0]);
  });
}

// A host tensor of `dtype` over `bytes` (copied). Only fixed-width numeric types and bool.
GeTensorHandle *NewTensor(const void *data, size_t available, const int64_t *dims, int64_t dim_num,
                          int32_t dtype, int32_t format, const char *what) {
  switch (dtype) {
    case ge::DT_FLOAT:
    case ge::DT_FLOAT16:
    case ge::DT_INT8:
    case ge::DT_INT16:
    case ge::DT_INT32:
    case ge::DT_INT64:
    case ge::DT_UINT8:
    case ge::DT_UINT16:
    case ge::DT_UINT32:
    case ge::DT_UINT64:
    case ge::DT_BOOL: break;
    default:
      SetLastError(std::string(what) + ": data type " + std::to_string(dtype) +
                   " is not supported (float, float16, int8/16/32/64, uint8/16/32/64, bool)");
      return nullptr;
  }
  if (!ge::IsValidFormat(format)) {
    SetLastError(std::string(what) + ": invalid format " + std::to_string(format));
    return nullptr;
  }
  std::vector<int64_t> shape;
  if (!ReadDims(dims, dim_num, &shape, what)) {
    return nullptr;
  }
  const int64_t count = ElementCount(shape, what);
  if (count < 0) {
    return nullptr;
  }
  const size_t bytes = static_cast<size_t>(count) *
                       static_cast<size_t>(ge::GetSizeByDataType(static_cast<ge::DataType>(dtype)));
  if (bytes > available) {
    SetLastError(std::string(what) + ": " + std::to_string(bytes) + " bytes needed for shape " +
                 ge::GeShape(shape).ToString() + ", only " + std::to_string(available) +
                 " available");
    return nullptr;
  }
  if (bytes > 0 && data == nullptr) {
    SetLastError(std::string(what) + ": data is null");
    return nullptr;
  }
  ge::GeTensorDesc desc(ge::GeShape(shape), static_cast<ge::Format>(format),
                        static_cast<ge::DataType>(dtype));
  desc.SetOriginShape(ge::GeShape(shape));
  desc.SetOriginFormat(static_cast<ge::Format>(format));
  desc.SetOriginDataType(static_cast<ge::DataType>(dtype));
  auto *handle = new GeTensorHandle();
  handle->tensor = ge::GeTensor(std::move(desc), data, bytes);
  return handle;
}

}  // namespace

extern "C" {

// ---- builder ----

EsCGraphBuilder *EsCreateGraphBuilder(const char *name) {
  return ge::capi::Guard<EsCGraphBuilder *>(nullptr, [&]() {
    return new EsCGraphBuilder(name == nullptr ? std::string("graph") : std::string(name));
  });
}

void EsDestroyGraphBuilder(EsCGraphBuilder *builder) {
  ge::capi::Guard<int>(0, [&]() {
    delete builder;
    return 0;
  });
}

EsCTensorHolder *EsCreateGraphInputWithDetails(EsCGraphBuilder *builder, int64_t index,
                                               const char *name, const char *type,
                                               int32_t data_type, int32_t format,
                                               const int64_t *dims, int64_t dim_num) {
  return ge::capi::Guard<EsCTensorHolder *>(nullptr, [&]() -> EsCTensorHolder * {
    ge::es::EsGraphBuilder *b = Unwrap(builder);
    std::vector<int64_t> shape;
    if (b == nullptr || !ReadDims(dims, dim_num, &shape, "create input")) {
      return nullptr;
    }
    // No dims at all (NULL) is an input created without a shape; a scalar passes 0 dims.
    return ToC(b->CreateInput(index, name == nullptr ? "" : name, type == nullptr ? "Data" : type,
                              static_cast<ge::DataType>(data_type), static_cast<ge::Format>(format),
                              shape, dims != nullptr || dim_num > 0));
  });
}

EsCTensorHolder *EsCreateGraphInput(EsCGraphBuilder *builder, int64_t index) {
  return EsCreateGraphInputWithDetails(builder, index, nullptr, "Data", ge::DT_FLOAT, ge::FORMAT_ND,
                                       nullptr, 0);
}

EsCTensorHolder *EsCreateConstInt64(EsCGraphBuilder *b, const int64_t *v, const int64_t *dims,
                                    int64_t n) {
  return CreateConstOf(b, v, dims, n, ge::DT_INT64);
}
EsCTensorHolder *EsCreateConstFloat(EsCGraphBuilder *b, const float *v, const int64_t *dims,
                                    int64_t n) {
  return CreateConstOf(b, v, dims, n, ge::DT_FLOAT);
}
EsCTensorHolder *EsCreateConstUInt64(EsCGraphBuilder *b, const uint64_t *v, const int64_t *dims,
                                     int64_t n) {
  return CreateConstOf(b, v, dims, n, ge::DT_UINT64);
}
EsCTensorHolder *EsCreateConstInt32(EsCGraphBuilder *b, const int32_t *v, const int64_t *dims,
                                    int64_t n) {
  return CreateConstOf(b, v, dims, n, ge::DT_INT32);
}
EsCTensorHolder *EsCreateConstUInt32(EsCGraphBuilder *b, const uint32_t *v, const int64_t *dims,
                                     int64_t n) {
  return CreateConstOf(b, v, dims, n, ge::DT_UINT32);
}

EsCTensorHolder *EsCreateVectorInt64(EsCGraphBuilder *b, const int64_t *v, int64_t n) {
  const int64_t dims[1] = {n};
  return CreateConstOf(b, v, dims, 1, ge::DT_INT64);
}

EsCTensorHolder *EsCreateScalarInt64(EsCGraphBuilder *b, int64_t v) {
  return CreateConstOf(b, &v, nullptr, 0, ge::DT_INT64);
}
EsCTensorHolder *EsCreateScalarInt32(EsCGraphBuilder *b, int32_t v) {
  return CreateConstOf(b, &v, nullptr, 0, ge::DT_INT32);
}
EsCTensorHolder *EsCreateScalarFloat(EsCGraphBuilder *b, float v) {
  return CreateConstOf(b, &v, nullptr, 0, ge::DT_FLOAT);
}
EsCTensorHolder *EsCreateScalarUInt64(EsCGraphBuilder *b, uint64_t v) {
  return CreateConstOf(b, &v, nullptr, 0, ge::DT_UINT64);
}
EsCTensorHolder *EsCreateScalarUInt32(EsCGraphBuilder *b, uint32_t v) {
  return CreateConstOf(b, &v, nullptr, 0, ge::DT_UINT32);
}

EsCTensorHolder *EsCreateVariable(EsCGraphBuilder *builder, int32_t index, const char *name) {
  return ge::capi::Guard<EsCTensorHolder *>(nullptr, [&]() -> EsCTensorHolder * {
    ge::es::EsGraphBuilder *b = Unwrap(builder);
    if (b == nullptr) {
      return nullptr;
    }
    return ToC(b->CreateVariable(index, name == nullptr ? "" : name));
  });
}

GeGraphHandle *EsBuildGraphAndReset(EsCGraphBuilder *builder) {
  return ge::capi::Guard<GeGraphHandle *>(nullptr, [&]() -> GeGraphHandle * {
    ge::es::EsGraphBuilder *b = Unwrap(builder);
    if (b == nullptr) {
      return nullptr;
    }
    ge::ComputeGraphPtr graph = b->BuildAndReset();
    return graph == nullptr ? nullptr : new GeGraphHandle{std::move(graph)};
  });
}

// The graph of a replacement that hands pattern inputs straight to its outputs (a Python pass's
// `return inputs[0]`): Data inputs 0..input_count-1 named "input_<k>" (DT_FLOAT, FORMAT_ND, no
// shape, as GraphBuilder.create_input makes them) and output i = input output_inputs[i], built by
// the same EsGraphBuilder steps the Python builder takes, in one call instead of five.
GeGraphHandle *EsBuildInputPassThroughGraph(const char *name, int64_t input_count,
                                            const int64_t *output_inputs, int64_t output_count) {
  return ge::capi::Guard<GeGraphHandle *>(nullptr, [&]() -> GeGraphHandle * {
    if (input_count <= 0 || output_count <= 0 || output_inputs == nullptr) {
      SetLastError("pass-through graph needs at least one input and one output");
      return nullptr;
    }
    ge::es::EsGraphBuilder builder(name == nullptr ? std::string("graph") : std::string(name));
    std::vector<EsTensorHolder *> inputs;
    inputs.reserve(static_cast<size_t>(input_count));
    for (int64_t k = 0; k < input_count; ++k) {
      EsTensorHolder *input = builder.CreateInput(k, "input_" + std::to_string(k), "Data",
                                                  ge::DT_FLOAT, ge::FORMAT_ND, {});
      if (input == nullptr) {
        return nullptr;
      }
      inputs.push_back(input);
    }
    for (int64_t i = 0; i < output_count; ++i) {
      const int64_t source = output_inputs[i];
      if (source < 0 || source >= input_count) {
        SetLastError("pass-through output " + std::to_string(i) + " names input " +
                     std::to_string(source) + ", which does not exist");
        return nullptr;
      }
      if (builder.SetGraphOutput(inputs[static_cast<size_t>(source)], i) != ge::SUCCESS) {
        return nullptr;
      }
    }
    ge::ComputeGraphPtr graph = builder.BuildAndReset();
    return graph == nullptr ? nullptr : new GeGraphHandle{std::move(graph)};
  });
}

// ---- holders ----

GeNodeHandle *EsGetProducer(EsCTensorHolder *tensor) {
  return ge::capi::Guard<GeNodeHandle *>(nullptr, [&]() -> GeNodeHandle * {
    if (BuilderOf(tensor) == nullptr) {
      return nullptr;
    }
    return FromC(tensor)->GetProducerHandle();
  });
}

EsCGraphBuilder *EsGetOwnerBuilder(EsCTensorHolder *tensor) {
  ge::es::EsGraphBuilder *b = BuilderOf(tensor);
  return b == nullptr ? nullptr : static_cast<EsCGraphBuilder *>(b);
}

uint32_t EsSetDataType(EsCTensorHolder *tensor, int32_t data_type) {
  return ge::capi::Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    ge::es::EsGraphBuilder *b = BuilderOf(tensor);
    return b == nullptr ? ge::FAILED
                        : b->SetDataType(FromC(tensor), static_cast<ge::DataType>(data_type));
  });
}

uint32_t EsSetFormat(EsCTensorHolder *tensor, int32_t format) {
  return ge::capi::Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    ge::es::EsGraphBuilder *b = BuilderOf(tensor);
    return b == nullptr ? ge::FAILED : b->SetFormat(FromC(tensor), static_cast<ge::Format>(format));
  });
}

uint32_t EsSetShape(EsCTensorHolder *tensor, const int64_t *dims, int64_t dim_num) {
  return ge::capi::Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    ge::es::EsGraphBuilder *b = BuilderOf(tensor);
    std::vector<int64_t> shape;
    if (b == nullptr || !ReadDims(dims, dim_num, &shape, "set shape")) {
      return ge::FAILED;
    }
    return b->SetShape(FromC(tensor), shape);
  });
}

uint32_t EsSetGraphOutput(EsCTensorHolder *tensor, int64_t output_index) {
  return ge::capi::Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    ge::es::EsGraphBuilder *b = BuilderOf(tensor);
    return b == nullptr ? ge::FAILED : b->SetGraphOutput(FromC(tensor), output_index);
  });
}

uint32_t EsSetInt64AttrForGraph(EsCGraphBuilder *b, const char *name, int64_t value) {
  return SetAttrForGraph(b, name, ge::GeAttrValue(value));
}
uint32_t EsSetStringAttrForGraph(EsCGraphBuilder *b, const char *name, const char *value) {
  if (value == nullptr) {
    SetLastError("attribute value is null");
    return ge::FAILED;
  }
  return SetAttrForGraph(b, name, ge::GeAttrValue(std::string(value)));
}
uint32_t EsSetBoolAttrForGraph(EsCGraphBuilder *b, const char *name, bool value) {
  return SetAttrForGraph(b, name, ge::GeAttrValue(value));
}
uint32_t EsSetInt64AttrForTensor(EsCTensorHolder *t, const char *name, int64_t value) {
  return SetAttrFor(t, name, ge::GeAttrValue(value), false);
}
uint32_t EsSetStringAttrForTensor(EsCTensorHolder *t, const char *name, const char *value) {
  if (value == nullptr) {
    SetLastError("attribute value is null");
    return ge::FAILED;
  }
  return SetAttrFor(t, name, ge::GeAttrValue(std::string(value)), false);
}
uint32_t EsSetBoolAttrForTensor(EsCTensorHolder *t, const char *name, bool value) {
  return SetAttrFor(t, name, ge::GeAttrValue(value), false);
}
uint32_t EsSetInt64AttrForNode(EsCTensorHolder *t, const char *name, int64_t value) {
  return SetAttrFor(t, name, ge::GeAttrValue(value), true);
}
uint32_t EsSetStringAttrForNode(EsCTensorHolder *t, const char *name, const char *value) {
  if (value == nullptr) {
    SetLastError("attribute value is null");
    return ge::FAILED;
  }
  return SetAttrFor(t, name, ge::GeAttrValue(std::string(value)), true);
}
uint32_t EsSetBoolAttrForNode(EsCTensorHolder *t, const char *name, bool value) {
  return SetAttrFor(t, name, ge::GeAttrValue(value), true);
}

uint32_t EsAddControlEdge(EsCTensorHolder *dst, EsCTensorHolder **srcs, int64_t src_num) {
  return ge::capi::Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    ge::es::EsGraphBuilder *b = BuilderOf(dst);
    if (b == nullptr) {
      return ge::FAILED;
    }
    if (src_num < 0 || (src_num > 0 && srcs == nullptr)) {
      SetLastError("add control edge: invalid source list");
      return ge::FAILED;
    }
    std::vector<EsTensorHolder *> sources;
    for (int64_t i = 0; i < src_num; ++i) {
      sources.push_back(FromC(srcs[i]));
    }
    return b->AddControlEdge(FromC(dst), sources);
  });
}

// ---- tensors ----

GeTensorHandle *EsCreateEsCTensor(const void *data, const int64_t *dims, int64_t dim_num,
                                  int32_t data_type, int32_t format) {
  return ge::capi::Guard<GeTensorHandle *>(nullptr, [&]() {
    return NewTensor(data, std::numeric_limits<size_t>::max(), dims, dim_num, data_type, format,
                     "create tensor");
  });
}

GeTensorHandle *EsCreateEsCTensorFromFile(const char *path, const int64_t *dims, int64_t dim_num,
                                          int32_t data_type, int32_t format) {
  return ge::capi::Guard<GeTensorHandle *>(nullptr, [&]() -> GeTensorHandle * {
    if (path == nullptr) {
      SetLastError("create tensor from file: path is null");
      return nullptr;
    }
    std::ifstream file(path, std::ios::binary);
    if (!file) {
      SetLastError(std::string("create tensor from file: cannot open '") + path + "'");
      return nullptr;
    }
    std::vector<char> bytes((std::istreambuf_iterator<char>(file)),
                            std::istreambuf_iterator<char>());
    if (bytes.empty()) {
      SetLastError(std::string("create tensor from file: '") + path + "' is empty");
      return nullptr;
    }
    const std::string what = std::string("create tensor from file '") + path + "'";
    return NewTensor(bytes.data(), bytes.size(), dims, dim_num, data_type, format, what.c_str());
  });
}

// ---- ops ----

EsCTensorHolder *EsAdd(EsCTensorHolder *x1, EsCTensorHolder *x2) { return Binary("Add", x1, x2); }
EsCTensorHolder *EsSub(EsCTensorHolder *x1, EsCTensorHolder *x2) { return Binary("Sub", x1, x2); }
EsCTensorHolder *EsMul(EsCTensorHolder *x1, EsCTensorHolder *x2) { return Binary("Mul", x1, x2); }
EsCTensorHolder *EsDiv(EsCTensorHolder *x1, EsCTensorHolder *x2) { return Binary("Div", x1, x2); }

/// The generic op creator behind every generated `ge.es` function.
///   inputs / input_counts[num_ir_inputs]: holders of each IR input, flattened; an optional
///     input has count 0 or 1 (a NULL element also means absent).
///   dynamic_output_counts[num_dynamic_outputs]: one per dynamic IR output, in IR order.
///   subgraphs / subgraph_counts[num_ir_subgraphs]: graphs of each IR subgraph, flattened. The
///     builder keeps a reference to each graph body; the handles stay the caller's.
///   attr_names / attr_values[num_attrs]: attributes overriding the prototype defaults (copied).
///   outputs[output_capacity]: receives one builder-owned holder per output port;
///   *output_num is the number of output ports.
/// Returns 0 on success; on failure the builder is unchanged and GeApiWrapper_GEGetErrorMsg()
/// names the op and the offending argument.
uint32_t EsCreateOp(EsCGraphBuilder *builder, const char *op_type, EsCTensorHolder **inputs,
                    const int64_t *input_counts, int64_t num_ir_inputs,
                    const int64_t *dynamic_output_counts, int64_t num_dynamic_outputs,
                    GeGraphHandle **subgraphs, const int64_t *subgraph_counts,
                    int64_t num_ir_subgraphs, const char **attr_names,
                    GeAttrValueHandle **attr_values, int64_t num_attrs, EsCTensorHolder **outputs,
                    int64_t output_capacity, int64_t *output_num) {
  return ge::capi::Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    ge::es::EsGraphBuilder *b = Unwrap(builder);
    if (b == nullptr) {
      return ge::FAILED;
    }
    if (op_type == nullptr) {
      SetLastError("create op: op type is null");
      return ge::FAILED;
    }
    // The message prefix is built only on failure: this entry runs once per node built.
    auto what = [op_type]() { return std::string("create op ") + op_type + ": "; };
    if (num_ir_inputs < 0 || num_dynamic_outputs < 0 || num_ir_subgraphs < 0 || num_attrs < 0 ||
        output_capacity < 0 || (num_ir_inputs > 0 && input_counts == nullptr) ||
        (num_dynamic_outputs > 0 && dynamic_output_counts == nullptr) ||
        (num_ir_subgraphs > 0 && subgraph_counts == nullptr) ||
        (num_attrs > 0 && (attr_names == nullptr || attr_values == nullptr))) {
      SetLastError(what() + "invalid argument arrays");
      return ge::FAILED;
    }
    std::vector<std::vector<EsTensorHolder *>> in(static_cast<size_t>(num_ir_inputs));
    int64_t flat = 0;
    for (int64_t i = 0; i < num_ir_inputs; ++i) {
      if (input_counts[i] < 0 || (input_counts[i] > 0 && inputs == nullptr)) {
        SetLastError(what() + "invalid count for IR input " + std::to_string(i));
        return ge::FAILED;
      }
      for (int64_t k = 0; k < input_counts[i]; ++k) {
        in[i].push_back(FromC(inputs[flat++]));
      }
    }
    std::vector<int64_t> dyn_out(dynamic_output_counts,
                                 dynamic_output_counts + num_dynamic_outputs);
    std::vector<std::vector<ge::ComputeGraphPtr>> subs(static_cast<size_t>(num_ir_subgraphs));
    flat = 0;
    for (int64_t i = 0; i < num_ir_subgraphs; ++i) {
      if (subgraph_counts[i] < 0 || (subgraph_counts[i] > 0 && subgraphs == nullptr)) {
        SetLastError(what() + "invalid count for IR subgraph " + std::to_string(i));
        return ge::FAILED;
      }
      for (int64_t k = 0; k < subgraph_counts[i]; ++k) {
        GeGraphHandle *graph = subgraphs[flat++];
        subs[i].push_back(graph == nullptr ? nullptr : graph->graph);
      }
    }
    std::vector<std::pair<std::string, ge::GeAttrValue>> attrs;
    for (int64_t i = 0; i < num_attrs; ++i) {
      if (attr_names[i] == nullptr || attr_values[i] == nullptr) {
        SetLastError(what() + "attribute " + std::to_string(i) + " has a null name or value");
        return ge::FAILED;
      }
      attrs.emplace_back(attr_names[i], attr_values[i]->value);
    }
    std::vector<EsTensorHolder *> created;
    if (b->CreateOp(op_type, in, dyn_out, attrs, subs, &created) != ge::SUCCESS) {
      return ge::FAILED;
    }
    if (output_num != nullptr) {
      *output_num = static_cast<int64_t>(created.size());
    }
    for (size_t i = 0; i < created.size() && static_cast<int64_t>(i) < output_capacity; ++i) {
      if (outputs != nullptr) {
        outputs[i] = ToC(created[i]);
      }
    }
    return ge::SUCCESS;
  });
}

/// Ownership transfer: the builder frees `graph` / `tensor` when it is destroyed. Used
/// when a Python Graph passed as a subgraph, or a Tensor passed as an attribute, stops owning
/// its handle.
uint32_t EsBuilderAdoptGraph(EsCGraphBuilder *builder, GeGraphHandle *graph) {
  return ge::capi::Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    ge::es::EsGraphBuilder *b = Unwrap(builder);
    if (b == nullptr || graph == nullptr) {
      if (graph == nullptr) SetLastError("adopt graph: graph handle is null");
      return ge::FAILED;
    }
    b->Adopt(std::shared_ptr<void>(graph, [](void *p) { delete static_cast<GeGraphHandle *>(p); }));
    return ge::SUCCESS;
  });
}

uint32_t EsBuilderAdoptTensor(EsCGraphBuilder *builder, GeTensorHandle *tensor) {
  return ge::capi::Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    ge::es::EsGraphBuilder *b = Unwrap(builder);
    if (b == nullptr || tensor == nullptr) {
      if (tensor == nullptr) SetLastError("adopt tensor: tensor handle is null");
      return ge::FAILED;
    }
    b->Adopt(
        std::shared_ptr<void>(tensor, [](void *p) { delete static_cast<GeTensorHandle *>(p); }));
    return ge::SUCCESS;
  });
}

/// Attribute values the generic AttrValue setters cannot express: a list of int lists, and an
/// empty list of a given AttrValueType (VT_LIST_*), as op defaults may need.
uint32_t EsAttrValueSetListListInt(GeAttrValueHandle *value, const int64_t *const *lists,
                                   int64_t list_num, const int64_t *sizes) {
  return ge::capi::Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    if (value == nullptr || list_num < 0 ||
        (list_num > 0 && (lists == nullptr || sizes == nullptr))) {
      SetLastError("set list-list-int attribute: invalid arguments");
      return ge::FAILED;
    }
    std::vector<std::vector<int64_t>> out;
    for (int64_t i = 0; i < list_num; ++i) {
      if (sizes[i] < 0 || (sizes[i] > 0 && lists[i] == nullptr)) {
        SetLastError("set list-list-int attribute: invalid list " + std::to_string(i));
        return ge::FAILED;
      }
      out.emplace_back(lists[i], lists[i] + sizes[i]);
    }
    value->value.Set(std::move(out));
    return ge::SUCCESS;
  });
}

uint32_t EsAttrValueSetEmptyList(GeAttrValueHandle *value, int32_t value_type) {
  return ge::capi::Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    if (value == nullptr) {
      SetLastError("set empty list attribute: value is null");
      return ge::FAILED;
    }
    switch (static_cast<ge::AttrValueType>(value_type)) {
      case ge::AttrValueType::kListInt: value->value.Set(std::vector<int64_t>{}); break;
      case ge::AttrValueType::kListFloat: value->value.Set(std::vector<float>{}); break;
      case ge::AttrValueType::kListBool: value->value.Set(std::vector<bool>{}); break;
      case ge::AttrValueType::kListString: value->value.Set(std::vector<std::string>{}); break;
      case ge::AttrValueType::kListDataType: value->value.Set(std::vector<ge::DataType>{}); break;
      case ge::AttrValueType::kListListInt:
        value->value.Set(std::vector<std::vector<int64_t>>{});
        break;
      default:
        SetLastError("set empty list attribute: value type " + std::to_string(value_type) +
                     " is not a list type");
        return ge::FAILED;
    }
    return ge::SUCCESS;
  });
}

}  // extern "C"
