// Host-runtime section of the C API: create an executor from a graph, run it on tensors, free the
// results. The Session layer (session_c_api.cc) sits on top. Every function is NULL-safe, catches
// all exceptions and reports failures through the thread-local last error.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <vector>

#include "c_handles/c_handles.h"
#include "ge/c_api/runtime.h"
#include "runtime/executor.h"

using ge::capi::Guard;
using ge::runtime::Executor;

extern "C" {

/// A new executor for `graph` (planned and kernel-checked), or NULL with the last error set
/// (e.g. "the host runtime has no kernel for 1 node: 'n1' (Foo)"). Free with
/// GeRuntime_DestroyExecutor.
void *GeRuntime_CreateExecutor(const GeGraphHandle *graph) {
  return Guard<void *>(nullptr, [graph]() -> void * {
    const ge::ComputeGraph *body = ge::capi::GetGraph(graph);
    if (body == nullptr) {
      return nullptr;
    }
    std::unique_ptr<Executor> executor;
    if (Executor::Create(*body, &executor) != ge::SUCCESS ||
        executor->CheckKernels() != ge::SUCCESS) {
      return nullptr;
    }
    return executor.release();
  });
}

void GeRuntime_DestroyExecutor(void *executor) {
  Guard<int>(0, [executor]() {
    delete static_cast<Executor *>(executor);
    return 0;
  });
}

/// Number of model inputs / outputs (0 for NULL).
size_t GeRuntime_GetInputCount(const void *executor) {
  return executor == nullptr ? 0 : static_cast<const Executor *>(executor)->GetInputDescs().size();
}

size_t GeRuntime_GetOutputCount(const void *executor) {
  return executor == nullptr ? 0 : static_cast<const Executor *>(executor)->GetOutputsSize();
}

/// Runs the model. On success `*outputs` is a malloc'd array of `*n_out` new tensor handles:
/// free the handles with GeApiWrapper_Tensor_DestroyEsCTensor (or all at once with
/// GeRuntime_FreeOutputs) and the array with GeRuntime_FreeTensorArray. On failure `*outputs` is
/// NULL, `*n_out` 0 and the last error names the failing input or node.
uint32_t GeRuntime_Run(void *executor, GeTensorHandle **inputs, size_t n, GeTensorHandle ***outputs,
                       size_t *n_out) {
  return Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    if (outputs == nullptr || n_out == nullptr) {
      return ge::Fail("GeRuntime_Run: outputs and n_out must not be NULL");
    }
    *outputs = nullptr;
    *n_out = 0;
    if (executor == nullptr) {
      return ge::Fail("GeRuntime_Run: executor is NULL");
    }
    if (inputs == nullptr && n != 0) {
      return ge::Fail("GeRuntime_Run: inputs is NULL but n is " + std::to_string(n));
    }
    std::vector<ge::GeTensor> in;
    in.reserve(n);
    for (size_t i = 0; i < n; ++i) {
      if (inputs[i] == nullptr) {
        return ge::Fail("GeRuntime_Run: input " + std::to_string(i) + " is NULL");
      }
      in.push_back(inputs[i]->tensor);
    }
    std::vector<ge::GeTensor> out;
    if (static_cast<Executor *>(executor)->Run(in, &out) != ge::SUCCESS) {
      return ge::FAILED;
    }
    auto **array = static_cast<GeTensorHandle **>(
        std::calloc(out.empty() ? 1 : out.size(), sizeof(GeTensorHandle *)));
    if (array == nullptr) {
      return ge::Fail("GeRuntime_Run: out of memory for the output array");
    }
    for (size_t i = 0; i < out.size(); ++i) {
      array[i] = new GeTensorHandle{std::move(out[i]), 0};
    }
    *outputs = array;
    *n_out = out.size();
    return ge::SUCCESS;
  });
}

/// Frees only the array returned by GeRuntime_Run (the handles stay owned by the caller).
void GeRuntime_FreeTensorArray(GeTensorHandle **array) { std::free(array); }

/// Frees `n` handles of the array and the array itself.
void GeRuntime_FreeOutputs(GeTensorHandle **array, size_t n) {
  if (array == nullptr) {
    return;
  }
  for (size_t i = 0; i < n; ++i) {
    delete array[i];
  }
  std::free(array);
}

}  // extern "C"
