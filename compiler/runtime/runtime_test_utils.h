// Helpers shared by the runtime unit tests: typed tensor construction/readback and running one
// kernel on a hand-built OpDesc.
#ifndef GE_RUNTIME_RUNTIME_TEST_UTILS_H_
#define GE_RUNTIME_RUNTIME_TEST_UTILS_H_

#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "graph/op_desc.h"
#include "runtime/dtype_utils.h"
#include "runtime/kernel_context.h"
#include "runtime/kernel_registry.h"

namespace ge {
namespace runtime {
namespace test {

template <typename T>
DataType DtypeFor();
template <>
inline DataType DtypeFor<float>() {
  return DT_FLOAT;
}
template <>
inline DataType DtypeFor<double>() {
  return DT_DOUBLE;
}
template <>
inline DataType DtypeFor<int8_t>() {
  return DT_INT8;
}
template <>
inline DataType DtypeFor<uint8_t>() {
  return DT_UINT8;
}
template <>
inline DataType DtypeFor<int32_t>() {
  return DT_INT32;
}
template <>
inline DataType DtypeFor<int64_t>() {
  return DT_INT64;
}
template <>
inline DataType DtypeFor<bool>() {
  return DT_BOOL;
}

template <typename T>
GeTensor MakeTensor(std::vector<int64_t> dims, const std::vector<T> &values) {
  GeTensorDesc desc(GeShape(std::move(dims)), FORMAT_ND, DtypeFor<T>());
  std::vector<uint8_t> bytes(values.size() * sizeof(T));
  for (size_t i = 0; i < values.size(); ++i) {
    const T value = values[i];  // a copy: std::vector<bool> has no addressable elements
    std::memcpy(bytes.data() + i * sizeof(T), &value, sizeof(T));
  }
  return GeTensor(desc, std::move(bytes));
}

inline GeTensor F32(std::vector<int64_t> dims, const std::vector<float> &values) {
  return MakeTensor<float>(std::move(dims), values);
}
inline GeTensor I32(std::vector<int64_t> dims, const std::vector<int32_t> &values) {
  return MakeTensor<int32_t>(std::move(dims), values);
}
inline GeTensor I64(std::vector<int64_t> dims, const std::vector<int64_t> &values) {
  return MakeTensor<int64_t>(std::move(dims), values);
}

template <typename T>
std::vector<T> Values(const GeTensor &tensor) {
  std::vector<T> values(tensor.GetSize() / sizeof(T));
  for (size_t i = 0; i < values.size(); ++i) {
    T value;
    std::memcpy(&value, tensor.GetData() + i * sizeof(T), sizeof(T));
    values[i] = value;
  }
  return values;
}

/// Result of running one kernel: status, outputs and the error text.
struct KernelRun {
  Status status = FAILED;
  std::vector<GeTensor> outputs;
  std::string error;
  const GeTensor &out(size_t i = 0) const { return outputs.at(i); }
};

/// Runs the registered kernel of `type` on `inputs` (nullptr entries = absent optional inputs).
/// `attrs` are set on a node named "n"; input descs get `input_formats` when given.
inline KernelRun RunKernel(const std::string &type, const std::vector<const GeTensor *> &inputs,
                           size_t num_outputs,
                           const std::vector<std::pair<std::string, GeAttrValue>> &attrs = {},
                           const std::vector<Format> &input_formats = {}) {
  OpDesc desc("n", type);
  for (size_t i = 0; i < inputs.size(); ++i) {
    GeTensorDesc in = inputs[i] != nullptr ? inputs[i]->GetTensorDesc() : GeTensorDesc();
    if (i < input_formats.size()) in.SetFormat(input_formats[i]);
    desc.AddInputDesc("", in);
  }
  for (size_t i = 0; i < num_outputs; ++i) desc.AddOutputDesc("", GeTensorDesc());
  for (const auto &attr : attrs) desc.SetAttr(attr.first, attr.second);
  KernelRun run;
  const KernelDef *def = KernelRegistry::Instance().Find(type);
  if (def == nullptr) {
    run.error = "no kernel for " + type;
    return run;
  }
  ClearLastError();
  KernelContext ctx(desc, inputs, num_outputs);
  run.status = def->fn(ctx);
  run.outputs = ctx.MutableOutputs();
  run.error = GetLastError();
  return run;
}

inline KernelRun Run1(const std::string &type, const std::vector<GeTensor> &inputs,
                      const std::vector<std::pair<std::string, GeAttrValue>> &attrs = {},
                      size_t num_outputs = 1) {
  std::vector<const GeTensor *> ptrs;
  for (const auto &t : inputs) ptrs.push_back(&t);
  return RunKernel(type, ptrs, num_outputs, attrs);
}

inline std::vector<int64_t> Dims(const GeTensor &t) { return DimsOf(t); }

}  // namespace test
}  // namespace runtime
}  // namespace ge

#endif  // GE_RUNTIME_RUNTIME_TEST_UTILS_H_
