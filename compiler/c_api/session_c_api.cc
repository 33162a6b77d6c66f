// GE initialisation, Session, allocators and tensor placement of the C API.
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "c_handles/c_handles.h"
#include "ge/c_api/ge_api.h"
#include "ge/c_api/runtime.h"
#include "ge/c_api/session.h"
#include "ge/c_api/tensor.h"
#include "om/om_file.h"
#include "runtime/device_memory.h"
#include "runtime/executor.h"
#include "session/ge_environment.h"
#include "session/session.h"

using ge::Fail;
using ge::capi::Guard;
using ge::runtime::DeviceBuffer;
using ge::runtime::DeviceBufferTable;
using ge::runtime::OptionMap;
using ge::runtime::StreamAllocatorRegistry;

namespace {

// Tensor-desc attribute holding the DeviceBufferTable id of a device tensor's memory.
constexpr const char *kDeviceBufferAttr = "_ge_py_device_buffer";
constexpr int32_t kPlacementHost = 0;
constexpr int32_t kPlacementDevice = 1;

ge::Status ToOptions(const char **keys, const char **values, int size, const char *api,
                     OptionMap *options) {
  if (size < 0) {
    return Fail(std::string(api) + ": option count " + std::to_string(size) + " is negative");
  }
  if (size > 0 && (keys == nullptr || values == nullptr)) {
    return Fail(std::string(api) + ": " + std::to_string(size) +
                " options given but the key or value array is NULL");
  }
  for (int i = 0; i < size; ++i) {
    if (keys[i] == nullptr || values[i] == nullptr) {
      return Fail(std::string(api) + ": option " + std::to_string(i) + " has a NULL key or value");
    }
    (*options)[keys[i]] = values[i];
  }
  return ge::SUCCESS;
}

ge::runtime::Session *ToSession(void *session, const char *api) {
  if (session == nullptr) {
    ge::SetLastError(std::string(api) + ": session handle is NULL");
  }
  return static_cast<ge::runtime::Session *>(session);
}

/// The DeviceBufferTable id stored on a tensor, or 0.
int64_t DeviceBufferId(const ge::GeTensor &tensor) {
  const auto &attrs = tensor.GetTensorDesc().GetAttrs();
  auto it = attrs.find(kDeviceBufferAttr);
  if (it == attrs.end()) {
    return 0;
  }
  const int64_t *id = it->second.Get<int64_t>();
  return id == nullptr ? 0 : *id;
}

void ClearDeviceBufferId(ge::GeTensor *tensor) {
  tensor->MutableTensorDesc().MutableAttrs().erase(kDeviceBufferAttr);
}

/// The tensor's value with its bytes on the host: device bytes are read from the block.
ge::Status HostValue(const GeTensorHandle &handle, size_t index, ge::GeTensor *value) {
  *value = handle.tensor;
  const int64_t id = DeviceBufferId(handle.tensor);
  if (id == 0) {
    return ge::SUCCESS;
  }
  std::shared_ptr<DeviceBuffer> buffer = DeviceBufferTable::Instance().Find(id);
  if (buffer == nullptr) {
    return Fail("input " + std::to_string(index) +
                " is a device tensor whose device memory was already released");
  }
  ClearDeviceBufferId(value);
  value->SetData(buffer->GetAddr(), buffer->GetSize());
  return ge::SUCCESS;
}

ge::Status CollectInputs(void **inputs, int input_num, std::vector<ge::GeTensor> *values) {
  if (input_num < 0) {
    return Fail("input count " + std::to_string(input_num) + " is negative");
  }
  if (inputs == nullptr && input_num != 0) {
    return Fail("inputs is NULL but the input count is " + std::to_string(input_num));
  }
  values->resize(static_cast<size_t>(input_num));
  for (int i = 0; i < input_num; ++i) {
    if (inputs[i] == nullptr) {
      return Fail("input " + std::to_string(i) + " is a NULL tensor handle");
    }
    if (HostValue(*static_cast<GeTensorHandle *>(inputs[i]), static_cast<size_t>(i),
                  &(*values)[static_cast<size_t>(i)]) != ge::SUCCESS) {
      return ge::FAILED;
    }
  }
  return ge::SUCCESS;
}

/// Moves `handles` into a malloc'd array (freed by Session_FreeTensorArray); the handles are
/// freed by GeApiWrapper_Tensor_DestroyEsCTensor.
ge::Status ExportOutputs(std::vector<std::unique_ptr<GeTensorHandle>> *handles, void ***outputs,
                         size_t *output_num) {
  auto **array =
      static_cast<void **>(std::calloc(handles->empty() ? 1 : handles->size(), sizeof(void *)));
  if (array == nullptr) {
    return Fail("out of memory for the output array");
  }
  for (size_t i = 0; i < handles->size(); ++i) {
    array[i] = (*handles)[i].release();
  }
  *outputs = array;
  *output_num = handles->size();
  return ge::SUCCESS;
}

/// A device tensor holding `value`'s bytes in a block of `allocator`.
ge::Status NewDeviceHandle(const std::shared_ptr<ge::runtime::DeviceAllocator> &allocator,
                           const ge::GeTensor &value, std::unique_ptr<GeTensorHandle> *handle) {
  auto created = std::make_unique<GeTensorHandle>();
  created->tensor = ge::GeTensor(value.GetTensorDesc());
  created->placement = kPlacementDevice;
  if (value.GetSize() != 0) {
    std::shared_ptr<DeviceBuffer> buffer;
    if (DeviceBuffer::Create(allocator, value.GetStoredBytes(), value.GetSize(), &buffer) !=
        ge::SUCCESS) {
      return ge::FAILED;
    }
    const int64_t id = DeviceBufferTable::Instance().Add(std::move(buffer));
    created->tensor.MutableTensorDesc().MutableAttrs()[kDeviceBufferAttr] = ge::GeAttrValue(id);
  }
  *handle = std::move(created);
  return ge::SUCCESS;
}

uint32_t RunSession(void *session, uint32_t graph_id, void *stream, bool on_device, void **inputs,
                    int input_num, void ***outputs, size_t *output_num) {
  const char *api = on_device ? "RunGraphWithStreamAsync" : "RunGraph";
  if (outputs == nullptr || output_num == nullptr) {
    return Fail(std::string(api) + ": outputs and output_num must not be NULL");
  }
  *outputs = nullptr;
  *output_num = 0;
  ge::runtime::Session *body = ToSession(session, api);
  if (body == nullptr) {
    return ge::FAILED;
  }
  std::vector<ge::GeTensor> in;
  if (CollectInputs(inputs, input_num, &in) != ge::SUCCESS) {
    return Fail(std::string(api) + ": " + ge::GetLastError());
  }
  std::vector<ge::GeTensor> out;
  if (body->RunGraph(graph_id, in, &out) != ge::SUCCESS) {
    return ge::FAILED;
  }
  std::vector<std::unique_ptr<GeTensorHandle>> handles;
  handles.reserve(out.size());
  if (!on_device) {
    for (ge::GeTensor &value : out) {
      handles.push_back(std::make_unique<GeTensorHandle>(GeTensorHandle{std::move(value), 0}));
    }
    return ExportOutputs(&handles, outputs, output_num);
  }
  // Host execution is synchronous; the outputs are placed in the stream allocator's memory.
  std::shared_ptr<ge::runtime::DeviceAllocator> allocator =
      StreamAllocatorRegistry::Instance().Get(stream);
  if (allocator == nullptr) {
    allocator = std::make_shared<ge::runtime::HostDeviceAllocator>();
  }
  for (size_t i = 0; i < out.size(); ++i) {
    std::unique_ptr<GeTensorHandle> handle;
    if (NewDeviceHandle(allocator, out[i], &handle) != ge::SUCCESS) {
      // Handles made so far free their blocks when `handles` goes out of scope.
      for (auto &made : handles) {
        DeviceBufferTable::Instance().Remove(DeviceBufferId(made->tensor));
      }
      return Fail(std::string(api) + ": allocating output " + std::to_string(i) + " on stream " +
                  ge::runtime::StreamText(stream) + " failed: " + ge::GetLastError());
    }
    handles.push_back(std::move(handle));
  }
  return ExportOutputs(&handles, outputs, output_num);
}

}  // namespace

extern "C" {

// ---- GE initialisation ----

uint32_t GeApiWrapper_GEInitialize(const char **keys, const char **values, int size) {
  return Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    OptionMap options;
    if (ToOptions(keys, values, size, "GEInitialize", &options) != ge::SUCCESS) {
      return ge::FAILED;
    }
    return ge::runtime::GeEnvironment::Initialize(options);
  });
}

uint32_t GeApiWrapper_GEFinalize() {
  return Guard<uint32_t>(ge::FAILED, [] { return ge::runtime::GeEnvironment::Finalize(); });
}

bool GeApiWrapper_IsGEInitialized() {
  return Guard<bool>(false, [] { return ge::runtime::GeEnvironment::IsInitialized(); });
}

// ---- Session ----

void *GeApiWrapper_Session_CreateSession() {
  return Guard<void *>(nullptr, []() -> void * { return new ge::runtime::Session(); });
}

void *GeApiWrapper_Session_CreateSessionWithOptions(const char **keys, const char **values,
                                                    int size) {
  return Guard<void *>(nullptr, [&]() -> void * {
    OptionMap options;
    if (ToOptions(keys, values, size, "CreateSession", &options) != ge::SUCCESS) {
      return nullptr;
    }
    return new ge::runtime::Session(std::move(options));
  });
}

void GeApiWrapper_Session_DestroySession(void *session) {
  Guard<int>(0, [session] {
    delete static_cast<ge::runtime::Session *>(session);
    return 0;
  });
}

uint32_t GeApiWrapper_Session_AddGraphWithOptions(void *session, uint32_t graph_id,
                                                  const GeGraphHandle *graph, const char **keys,
                                                  const char **values, int size) {
  return Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    ge::runtime::Session *body = ToSession(session, "AddGraph");
    if (body == nullptr) {
      return ge::FAILED;
    }
    const ge::ComputeGraph *source = ge::capi::GetGraph(graph);
    if (source == nullptr) {
      return Fail("AddGraph: graph handle is NULL");
    }
    OptionMap options;
    if (ToOptions(keys, values, size, "AddGraph", &options) != ge::SUCCESS) {
      return ge::FAILED;
    }
    return body->AddGraph(graph_id, *source, options);
  });
}

uint32_t GeApiWrapper_Session_AddGraph(void *session, uint32_t graph_id,
                                       const GeGraphHandle *graph) {
  return GeApiWrapper_Session_AddGraphWithOptions(session, graph_id, graph, nullptr, nullptr, 0);
}

uint32_t GeApiWrapper_Session_RemoveGraph(void *session, uint32_t graph_id) {
  return Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    ge::runtime::Session *body = ToSession(session, "RemoveGraph");
    return body == nullptr ? ge::FAILED : body->RemoveGraph(graph_id);
  });
}

uint32_t GeApiWrapper_Session_RunGraph(void *session, uint32_t graph_id, void **inputs,
                                       int input_num, void ***outputs, size_t *output_num) {
  return Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    return RunSession(session, graph_id, nullptr, false, inputs, input_num, outputs, output_num);
  });
}

uint32_t GeApiWrapper_Session_RunGraphWithStreamAsync(void *session, uint32_t graph_id,
                                                      void *stream, void **inputs, int input_num,
                                                      void ***outputs, size_t *output_num) {
  return Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    return RunSession(session, graph_id, stream, true, inputs, input_num, outputs, output_num);
  });
}

void GeApiWrapper_Session_FreeTensorArray(void **array) { std::free(array); }

// ---- allocators ----

uint32_t GeApiWrapper_Session_RegisterDefaultAllocator(void *session, void *stream) {
  return Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    if (ToSession(session, "RegisterDefaultAllocator") == nullptr) {
      return ge::FAILED;
    }
    StreamAllocatorRegistry::Instance().Register(
        stream, std::make_shared<ge::runtime::HostDeviceAllocator>());
    return ge::SUCCESS;
  });
}

uint32_t GeApiWrapper_Session_RegisterExternalAllocator(
    void *session, void *stream, GeAllocatorMallocFunc malloc_cb, GeAllocatorFreeFunc free_cb,
    GeAllocatorGetAddrFunc get_addr_cb, GeAllocatorOnDestroyFunc on_destroy_cb, void *key) {
  return Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    if (ToSession(session, "RegisterExternalAllocator") == nullptr) {
      return ge::FAILED;
    }
    if (malloc_cb == nullptr || free_cb == nullptr || get_addr_cb == nullptr) {
      // Not registered, so on_destroy is not called: the caller rolls its callbacks back.
      return Fail(
          "RegisterExternalAllocator: the malloc, free and get_addr callbacks are required");
    }
    ge::runtime::AllocatorCallbacks callbacks;
    callbacks.malloc_cb = malloc_cb;
    callbacks.free_cb = free_cb;
    callbacks.get_addr_cb = get_addr_cb;
    callbacks.on_destroy_cb = on_destroy_cb;
    callbacks.key = key;
    StreamAllocatorRegistry::Instance().Register(
        stream, std::make_shared<ge::runtime::CallbackAllocator>(callbacks));
    return ge::SUCCESS;
  });
}

uint32_t GeApiWrapper_Session_UnregisterExternalAllocator(void *session, void *stream) {
  return Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    if (ToSession(session, "UnregisterExternalAllocator") == nullptr) {
      return ge::FAILED;
    }
    if (!StreamAllocatorRegistry::Instance().Unregister(stream)) {
      return Fail("UnregisterExternalAllocator: stream " + ge::runtime::StreamText(stream) +
                  " has no allocator registered");
    }
    return ge::SUCCESS;
  });
}

bool GeApiWrapper_HasExternalAllocator(void *stream) {
  return Guard<bool>(false,
                     [&] { return StreamAllocatorRegistry::Instance().HasExternal(stream); });
}

bool GeApiWrapper_HasDefaultAllocator(void *stream) {
  return Guard<bool>(false, [&] { return StreamAllocatorRegistry::Instance().HasDefault(stream); });
}

// ---- tensor placement ----

int GeApiWrapper_Tensor_ToDevice(GeTensorHandle *tensor) {
  return Guard<int>(static_cast<int>(ge::FAILED), [&]() -> int {
    if (tensor == nullptr) {
      return static_cast<int>(Fail("Tensor_ToDevice: tensor handle is NULL"));
    }
    if (tensor->placement != kPlacementHost) {
      return static_cast<int>(Fail("Tensor_ToDevice: the tensor is already on the device"));
    }
    // No stream is named here: the built-in device allocator holds the bytes.
    std::unique_ptr<GeTensorHandle> moved;
    if (NewDeviceHandle(std::make_shared<ge::runtime::HostDeviceAllocator>(), tensor->tensor,
                        &moved) != ge::SUCCESS) {
      return static_cast<int>(Fail("Tensor_ToDevice: " + ge::GetLastError()));
    }
    *tensor = std::move(*moved);
    return 0;
  });
}

int GeApiWrapper_Tensor_ToHost(GeTensorHandle *tensor) {
  return Guard<int>(static_cast<int>(ge::FAILED), [&]() -> int {
    if (tensor == nullptr) {
      return static_cast<int>(Fail("Tensor_ToHost: tensor handle is NULL"));
    }
    if (tensor->placement != kPlacementDevice) {
      return static_cast<int>(Fail("Tensor_ToHost: the tensor is not on the device"));
    }
    ge::GeTensor value;
    if (HostValue(*tensor, 0, &value) != ge::SUCCESS) {
      return static_cast<int>(Fail("Tensor_ToHost: the device memory was already released"));
    }
    const int64_t id = DeviceBufferId(tensor->tensor);
    tensor->tensor = std::move(value);
    tensor->placement = kPlacementHost;
    if (id != 0) {
      DeviceBufferTable::Instance().Remove(id);
    }
    return 0;
  });
}

uint32_t GeApiWrapper_Tensor_ReleaseDeviceMemory(GeTensorHandle *tensor) {
  return Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    if (tensor == nullptr) {
      return Fail("Tensor_ReleaseDeviceMemory: tensor handle is NULL");
    }
    const int64_t id = DeviceBufferId(tensor->tensor);
    if (id != 0) {
      DeviceBufferTable::Instance().Remove(id);
      ClearDeviceBufferId(&tensor->tensor);
    }
    return ge::SUCCESS;
  });
}

uint32_t GeApiWrapper_Tensor_GetRawData(const GeTensorHandle *tensor, const void **data,
                                        size_t *size) {
  return Guard<uint32_t>(ge::FAILED, [&]() -> uint32_t {
    if (tensor == nullptr || data == nullptr || size == nullptr) {
      return Fail("Tensor_GetRawData: tensor, data and size must not be NULL");
    }
    if (tensor->placement != kPlacementHost) {
      return Fail("Tensor_GetRawData: the tensor is on the device; move it to the host first");
    }
    *data = tensor->tensor.GetData();
    *size = tensor->tensor.GetSize();
    return ge::SUCCESS;
  });
}

// ---- saved models ----

void *GeApiWrapper_Model_LoadOm(const char *path) {
  return Guard<void *>(nullptr, [&]() -> void * {
    if (path == nullptr) {
      Fail("Model_LoadOm: path is NULL");
      return nullptr;
    }
    ge::OmModel model;
    if (ge::LoadOmModel(path, &model) != ge::SUCCESS) {
      Fail(std::string("loading model '") + path + "' failed: " + ge::GetLastError());
      return nullptr;
    }
    std::unique_ptr<ge::runtime::Executor> executor;
    if (ge::runtime::Executor::Create(*model.graph, &executor) != ge::SUCCESS ||
        executor->CheckKernels() != ge::SUCCESS) {
      Fail(std::string("model '") + path +
           "' cannot run on the host runtime: " + ge::GetLastError());
      return nullptr;
    }
    return executor.release();
  });
}

}  // extern "C"
