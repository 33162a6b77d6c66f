// Tests of the runtime-library C API: GE init/finalize, Session add/run/remove with compile
// caching, input validation messages, external and default allocators per stream (callbacks
// really called for the output buffers), tensor placement and .om loading.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "c_api/c_api_test_graphs.h"
#include "common/error.h"
#include "ge/c_api/ge_api.h"
#include "ge/c_api/runtime.h"
#include "ge/c_api/session.h"
#include "ge/c_api/tensor.h"
#include "graph/compute_graph.h"
#include "om/om_file.h"
#include "session/session.h"

namespace {

/// x (Data, float [2]) -> op_type (Neg by default) -> NetOutput.
std::shared_ptr<ge::ComputeGraph> UnaryGraph(const std::string &op_type = "Neg") {
  return ge::test::UnaryFloatGraph("unary_graph", "the_op", op_type);
}

using ge::test::FloatTensor;

std::vector<float> FloatsOf(const GeTensorHandle *handle) {
  std::vector<float> values(handle->tensor.GetSize() / sizeof(float));
  std::memcpy(values.data(), handle->tensor.GetData(), values.size() * sizeof(float));
  return values;
}

void FreeOutputs(void **outputs, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    auto *handle = static_cast<GeTensorHandle *>(outputs[i]);
    GeApiWrapper_Tensor_ReleaseDeviceMemory(handle);
    delete handle;
  }
  GeApiWrapper_Session_FreeTensorArray(outputs);
}

class SessionCApiTest : public testing::Test {
 protected:
  void SetUp() override {
    const char *keys[] = {"ge.exec.deviceId"};
    const char *values[] = {"0"};
    ASSERT_EQ(GeApiWrapper_GEInitialize(keys, values, 1), ge::SUCCESS) << ge::GetLastError();
  }
  void TearDown() override { EXPECT_EQ(GeApiWrapper_GEFinalize(), ge::SUCCESS); }
};

TEST(SessionCApiInit, InitializeFinalizeAndIsInitialized) {
  EXPECT_FALSE(GeApiWrapper_IsGEInitialized());
  EXPECT_EQ(GeApiWrapper_GEFinalize(), ge::SUCCESS);  // without init: still success
  EXPECT_EQ(GeApiWrapper_GEInitialize(nullptr, nullptr, 0), ge::SUCCESS);
  EXPECT_TRUE(GeApiWrapper_IsGEInitialized());
  EXPECT_EQ(GeApiWrapper_GEFinalize(), ge::SUCCESS);
  EXPECT_FALSE(GeApiWrapper_IsGEInitialized());
  EXPECT_NE(GeApiWrapper_GEInitialize(nullptr, nullptr, 2), ge::SUCCESS);
  EXPECT_NE(ge::GetLastError().find("2 options given"), std::string::npos);
  EXPECT_FALSE(GeApiWrapper_IsGEInitialized());
}

TEST(SessionCApiInit, AddAndRunWithoutInitializeFail) {
  void *session = GeApiWrapper_Session_CreateSession();
  ASSERT_NE(session, nullptr);
  GeGraphHandle graph{UnaryGraph()};
  EXPECT_NE(GeApiWrapper_Session_AddGraph(session, 2, &graph), ge::SUCCESS);
  EXPECT_NE(ge::GetLastError().find("GE is not initialized"), std::string::npos);
  void **outputs = nullptr;
  size_t n_out = 0;
  EXPECT_NE(GeApiWrapper_Session_RunGraph(session, 2, nullptr, 0, &outputs, &n_out), ge::SUCCESS);
  EXPECT_NE(ge::GetLastError().find("RunGraph: GE is not initialized"), std::string::npos);
  GeApiWrapper_Session_DestroySession(session);
}

TEST(SessionCApiInit, NullHandlesFailCleanly) {
  GeGraphHandle graph{UnaryGraph()};
  EXPECT_NE(GeApiWrapper_Session_AddGraph(nullptr, 1, &graph), ge::SUCCESS);
  EXPECT_EQ(ge::GetLastError(), "AddGraph: session handle is NULL");
  EXPECT_NE(GeApiWrapper_Session_RemoveGraph(nullptr, 1), ge::SUCCESS);
  EXPECT_NE(GeApiWrapper_Session_RunGraph(nullptr, 1, nullptr, 0, nullptr, nullptr), ge::SUCCESS);
  EXPECT_NE(GeApiWrapper_Session_RegisterDefaultAllocator(nullptr, nullptr), ge::SUCCESS);
  EXPECT_NE(GeApiWrapper_Tensor_ToHost(nullptr), 0);
  EXPECT_NE(GeApiWrapper_Tensor_ToDevice(nullptr), 0);
  EXPECT_NE(GeApiWrapper_Tensor_GetRawData(nullptr, nullptr, nullptr), ge::SUCCESS);
  EXPECT_EQ(GeApiWrapper_Model_LoadOm(nullptr), nullptr);
  GeApiWrapper_Session_DestroySession(nullptr);
  GeApiWrapper_Session_FreeTensorArray(nullptr);
}

TEST_F(SessionCApiTest, RunGraphComputesAndKeepsADeepCopy) {
  void *session = GeApiWrapper_Session_CreateSession();
  auto body = UnaryGraph();
  GeGraphHandle graph{body};
  ASSERT_EQ(GeApiWrapper_Session_AddGraph(session, 1, &graph), ge::SUCCESS) << ge::GetLastError();
  // Editing the caller's graph after add_graph must not change what the session runs.
  body->FindNode("the_op")->MutableOpDesc().SetType("NotAKernel");
  GeTensorHandle *input = FloatTensor({2}, {1.5f, -2.0f});
  void *in[] = {input};
  void **outputs = nullptr;
  size_t n_out = 0;
  ASSERT_EQ(GeApiWrapper_Session_RunGraph(session, 1, in, 1, &outputs, &n_out), ge::SUCCESS)
      << ge::GetLastError();
  ASSERT_EQ(n_out, 1u);
  auto *result = static_cast<GeTensorHandle *>(outputs[0]);
  EXPECT_EQ(result->placement, 0);
  EXPECT_EQ(FloatsOf(result), (std::vector<float>{-1.5f, 2.0f}));
  FreeOutputs(outputs, n_out);
  EXPECT_EQ(GeApiWrapper_Session_AddGraph(session, 1, &graph), ge::FAILED);
  EXPECT_NE(ge::GetLastError().find("graph id 1 is already used"), std::string::npos);
  EXPECT_EQ(GeApiWrapper_Session_RemoveGraph(session, 1), ge::SUCCESS);
  EXPECT_NE(GeApiWrapper_Session_RemoveGraph(session, 1), ge::SUCCESS);
  EXPECT_EQ(ge::GetLastError(), "RemoveGraph: graph id 1 was not added to this session");
  delete input;
  GeApiWrapper_Session_DestroySession(session);
}

TEST_F(SessionCApiTest, FirstRunCompilesLaterRunsReuseTheExecutor) {
  ge::runtime::Session session;
  ASSERT_EQ(session.AddGraph(7, *UnaryGraph("Relu")), ge::SUCCESS) << ge::GetLastError();
  EXPECT_EQ(session.GetCompileCount(7), 0u);
  const float values[] = {-1.0f, 3.0f};
  const ge::GeTensor input(ge::GeTensorDesc(ge::GeShape({2}), ge::FORMAT_ND, ge::DT_FLOAT), values,
                           sizeof(values));
  for (int run = 0; run < 3; ++run) {
    std::vector<ge::GeTensor> outputs;
    ASSERT_EQ(session.RunGraph(7, {input}, &outputs), ge::SUCCESS) << ge::GetLastError();
    float result[2];
    std::memcpy(result, outputs.at(0).GetData(), sizeof(result));
    EXPECT_EQ(result[0], 0.0f);
    EXPECT_EQ(result[1], 3.0f);
  }
  EXPECT_EQ(session.GetCompileCount(7), 1u);
}

TEST_F(SessionCApiTest, DataWithoutShapeTakesTheDescOfTheFirstRun) {
  // The Data desc of UnaryGraph, its origin shape unset: an input built without a shape.
  std::shared_ptr<ge::ComputeGraph> graph = UnaryGraph("Neg");
  ge::Node *data = graph->FindNode("x");
  ASSERT_NE(data, nullptr);
  data->MutableOpDesc().MutableOutputDesc(0)->SetOriginShapeInitialized(false);
  ge::runtime::Session session;
  ASSERT_EQ(session.AddGraph(8, *graph), ge::SUCCESS) << ge::GetLastError();
  const int32_t values[] = {1, -2, 3, -4, 5, -6};
  const ge::GeTensor first(ge::GeTensorDesc(ge::GeShape({2, 3}), ge::FORMAT_ND, ge::DT_INT32),
                           values, sizeof(values));
  std::vector<ge::GeTensor> outputs;
  ASSERT_EQ(session.RunGraph(8, {first}, &outputs), ge::SUCCESS) << ge::GetLastError();
  EXPECT_EQ(outputs.at(0).GetTensorDesc().GetDataType(), ge::DT_INT32);
  EXPECT_EQ(outputs.at(0).GetTensorDesc().GetShape(), ge::GeShape({2, 3}));
  ASSERT_EQ(session.RunGraph(8, {first}, &outputs), ge::SUCCESS) << ge::GetLastError();
  const ge::GeTensor other(ge::GeTensorDesc(ge::GeShape({3, 2}), ge::FORMAT_ND, ge::DT_INT32),
                           values, sizeof(values));
  EXPECT_NE(session.RunGraph(8, {other}, &outputs), ge::SUCCESS);
  EXPECT_NE(ge::GetLastError().find("input 0 (Data node 'x') has no shape of its own and took "
                                    "[2, 3] DT_INT32 from the tensor fed to the first run; got "
                                    "[3, 2] DT_INT32"),
            std::string::npos)
      << ge::GetLastError();
  EXPECT_EQ(session.GetCompileCount(8), 1u);
}

TEST_F(SessionCApiTest, MissingKernelIsReportedNamingTheNode) {
  void *session = GeApiWrapper_Session_CreateSession();
  GeGraphHandle graph{UnaryGraph("NotAKernel")};
  ASSERT_EQ(GeApiWrapper_Session_AddGraph(session, 3, &graph), ge::SUCCESS);
  GeTensorHandle *input = FloatTensor({2}, {1, 2});
  void *in[] = {input};
  void **outputs = nullptr;
  size_t n_out = 0;
  EXPECT_NE(GeApiWrapper_Session_RunGraph(session, 3, in, 1, &outputs, &n_out), ge::SUCCESS);
  EXPECT_NE(ge::GetLastError().find("'the_op' (NotAKernel)"), std::string::npos)
      << ge::GetLastError();
  EXPECT_EQ(outputs, nullptr);
  delete input;
  GeApiWrapper_Session_DestroySession(session);
}

TEST_F(SessionCApiTest, InputErrorsNameIndexExpectedAndGot) {
  void *session = GeApiWrapper_Session_CreateSessionWithOptions(nullptr, nullptr, 0);
  GeGraphHandle graph{UnaryGraph()};
  ASSERT_EQ(GeApiWrapper_Session_AddGraph(session, 4, &graph), ge::SUCCESS);
  GeTensorHandle *wrong = FloatTensor({3}, {1, 2, 3});
  void *in[] = {wrong};
  void **outputs = nullptr;
  size_t n_out = 0;
  EXPECT_NE(GeApiWrapper_Session_RunGraph(session, 4, in, 1, &outputs, &n_out), ge::SUCCESS);
  const std::string message = ge::GetLastError();
  EXPECT_NE(message.find("input 0"), std::string::npos) << message;
  EXPECT_NE(message.find("[3]"), std::string::npos) << message;
  EXPECT_NE(message.find("[2]"), std::string::npos) << message;
  void *null_input[] = {nullptr};
  EXPECT_NE(GeApiWrapper_Session_RunGraph(session, 4, null_input, 1, &outputs, &n_out),
            ge::SUCCESS);
  EXPECT_EQ(ge::GetLastError(), "RunGraph: input 0 is a NULL tensor handle");
  delete wrong;
  GeApiWrapper_Session_DestroySession(session);
}

// An external allocator that records every callback (what a Python Allocator sees).
struct RecordingAllocator {
  std::map<void *, std::vector<uint8_t>> blocks;
  int mallocs = 0;
  int frees = 0;
  int destroyed = 0;
  size_t last_size = 0;

  static void *Malloc(void *key, size_t size) {
    auto *self = static_cast<RecordingAllocator *>(key);
    ++self->mallocs;
    self->last_size = size;
    auto *block = new int(self->mallocs);  // a distinct key per block
    self->blocks[block].resize(size);
    return block;
  }
  static void Free(void *key, void *block) {
    auto *self = static_cast<RecordingAllocator *>(key);
    ++self->frees;
    self->blocks.erase(block);
    delete static_cast<int *>(block);
  }
  static void *GetAddr(void *block) {
    // Only blocks handed out are known; the address is the block's own storage.
    return block == nullptr ? nullptr : Instance()->blocks.at(block).data();
  }
  static void OnDestroy(void *key) { ++static_cast<RecordingAllocator *>(key)->destroyed; }
  static RecordingAllocator *&Instance() {
    static RecordingAllocator *instance = nullptr;
    return instance;
  }
};

TEST_F(SessionCApiTest, ExternalAllocatorHoldsTheAsyncOutputs) {
  RecordingAllocator allocator;
  RecordingAllocator::Instance() = &allocator;
  void *session = GeApiWrapper_Session_CreateSession();
  void *stream = reinterpret_cast<void *>(0x5a);
  EXPECT_FALSE(GeApiWrapper_HasExternalAllocator(stream));
  ASSERT_EQ(GeApiWrapper_Session_RegisterExternalAllocator(
                session, stream, &RecordingAllocator::Malloc, &RecordingAllocator::Free,
                &RecordingAllocator::GetAddr, &RecordingAllocator::OnDestroy, &allocator),
            ge::SUCCESS);
  EXPECT_TRUE(GeApiWrapper_HasExternalAllocator(stream));
  EXPECT_FALSE(GeApiWrapper_HasDefaultAllocator(stream));
  GeGraphHandle graph{UnaryGraph()};
  ASSERT_EQ(GeApiWrapper_Session_AddGraph(session, 5, &graph), ge::SUCCESS);
  GeTensorHandle *input = FloatTensor({2}, {4.0f, -8.0f});
  void *in[] = {input};
  void **outputs = nullptr;
  size_t n_out = 0;
  ASSERT_EQ(
      GeApiWrapper_Session_RunGraphWithStreamAsync(session, 5, stream, in, 1, &outputs, &n_out),
      ge::SUCCESS)
      << ge::GetLastError();
  ASSERT_EQ(n_out, 1u);
  EXPECT_EQ(allocator.mallocs, 1);
  EXPECT_EQ(allocator.last_size, 2 * sizeof(float));
  auto *result = static_cast<GeTensorHandle *>(outputs[0]);
  EXPECT_EQ(result->placement, 1);
  EXPECT_EQ(result->tensor.GetSize(), 0u);  // the bytes live in the allocator's block
  float in_block[2];
  std::memcpy(in_block, allocator.blocks.begin()->second.data(), sizeof(in_block));
  EXPECT_EQ(in_block[0], -4.0f);
  EXPECT_EQ(in_block[1], 8.0f);
  const void *data = nullptr;
  size_t size = 0;
  EXPECT_NE(GeApiWrapper_Tensor_GetRawData(result, &data, &size), ge::SUCCESS);
  // A device output feeds the next run directly.
  void *chained[] = {result};
  void **second = nullptr;
  size_t n_second = 0;
  ASSERT_EQ(GeApiWrapper_Session_RunGraph(session, 5, chained, 1, &second, &n_second), ge::SUCCESS)
      << ge::GetLastError();
  EXPECT_EQ(FloatsOf(static_cast<GeTensorHandle *>(second[0])), (std::vector<float>{4.0f, -8.0f}));
  FreeOutputs(second, n_second);
  ASSERT_EQ(GeApiWrapper_Tensor_ToHost(result), 0) << ge::GetLastError();
  EXPECT_EQ(allocator.frees, 1);
  EXPECT_EQ(result->placement, 0);
  EXPECT_EQ(FloatsOf(result), (std::vector<float>{-4.0f, 8.0f}));
  FreeOutputs(outputs, n_out);
  EXPECT_EQ(allocator.destroyed, 0);
  ASSERT_EQ(GeApiWrapper_Session_UnregisterExternalAllocator(session, stream), ge::SUCCESS);
  EXPECT_EQ(allocator.destroyed, 1);
  EXPECT_FALSE(GeApiWrapper_HasExternalAllocator(stream));
  EXPECT_NE(GeApiWrapper_Session_UnregisterExternalAllocator(session, stream), ge::SUCCESS);
  EXPECT_NE(ge::GetLastError().find("stream 0x5a has no allocator"), std::string::npos);
  delete input;
  GeApiWrapper_Session_DestroySession(session);
}

TEST_F(SessionCApiTest, DeviceBlockOutlivesUnregisterUntilReleased) {
  RecordingAllocator allocator;
  RecordingAllocator::Instance() = &allocator;
  void *session = GeApiWrapper_Session_CreateSession();
  void *stream = reinterpret_cast<void *>(0x77);
  ASSERT_EQ(GeApiWrapper_Session_RegisterExternalAllocator(
                session, stream, &RecordingAllocator::Malloc, &RecordingAllocator::Free,
                &RecordingAllocator::GetAddr, &RecordingAllocator::OnDestroy, &allocator),
            ge::SUCCESS);
  GeGraphHandle graph{UnaryGraph()};
  ASSERT_EQ(GeApiWrapper_Session_AddGraph(session, 6, &graph), ge::SUCCESS);
  GeTensorHandle *input = FloatTensor({2}, {1.0f, 2.0f});
  void *in[] = {input};
  void **outputs = nullptr;
  size_t n_out = 0;
  ASSERT_EQ(
      GeApiWrapper_Session_RunGraphWithStreamAsync(session, 6, stream, in, 1, &outputs, &n_out),
      ge::SUCCESS);
  ASSERT_EQ(GeApiWrapper_Session_UnregisterExternalAllocator(session, stream), ge::SUCCESS);
  EXPECT_EQ(allocator.destroyed, 0);  // the output block still refers to the allocator
  FreeOutputs(outputs, n_out);        // ReleaseDeviceMemory frees the block
  EXPECT_EQ(allocator.frees, 1);
  EXPECT_EQ(allocator.destroyed, 1);
  delete input;
  GeApiWrapper_Session_DestroySession(session);
}

TEST_F(SessionCApiTest, DefaultAllocatorAndPlacementRoundTrip) {
  void *session = GeApiWrapper_Session_CreateSession();
  void *stream = reinterpret_cast<void *>(0x99);
  ASSERT_EQ(GeApiWrapper_Session_RegisterDefaultAllocator(session, stream), ge::SUCCESS);
  EXPECT_TRUE(GeApiWrapper_HasDefaultAllocator(stream));
  EXPECT_FALSE(GeApiWrapper_HasExternalAllocator(stream));
  GeTensorHandle *tensor = FloatTensor({2}, {3.0f, 5.0f});
  EXPECT_NE(GeApiWrapper_Tensor_ToHost(tensor), 0);  // already on the host
  ASSERT_EQ(GeApiWrapper_Tensor_ToDevice(tensor), 0);
  EXPECT_EQ(tensor->placement, 1);
  EXPECT_EQ(tensor->tensor.GetSize(), 0u);
  EXPECT_NE(GeApiWrapper_Tensor_ToDevice(tensor), 0);
  ASSERT_EQ(GeApiWrapper_Tensor_ToHost(tensor), 0);
  EXPECT_EQ(FloatsOf(tensor), (std::vector<float>{3.0f, 5.0f}));
  EXPECT_EQ(GeApiWrapper_Session_UnregisterExternalAllocator(session, stream), ge::SUCCESS);
  EXPECT_FALSE(GeApiWrapper_HasDefaultAllocator(stream));
  delete tensor;
  GeApiWrapper_Session_DestroySession(session);
}

TEST(SessionCApiOm, LoadOmRunsTheSavedModelAndNamesMissingFiles) {
  const std::string path = "/tmp/ge_session_c_api_test_" + std::to_string(getpid()) + ".om";
  ge::OmModel model;
  model.graph = UnaryGraph();
  ASSERT_EQ(ge::SaveOmModel(model, path), ge::SUCCESS) << ge::GetLastError();
  void *executor = GeApiWrapper_Model_LoadOm(path.c_str());
  ASSERT_NE(executor, nullptr) << ge::GetLastError();
  GeTensorHandle *input = FloatTensor({2}, {2.0f, -1.0f});
  GeTensorHandle **outputs = nullptr;
  size_t n_out = 0;
  ASSERT_EQ(GeRuntime_Run(executor, &input, 1, &outputs, &n_out), ge::SUCCESS);
  EXPECT_EQ(FloatsOf(outputs[0]), (std::vector<float>{-2.0f, 1.0f}));
  GeRuntime_FreeOutputs(outputs, n_out);
  GeRuntime_DestroyExecutor(executor);
  delete input;
  std::remove(path.c_str());
  EXPECT_EQ(GeApiWrapper_Model_LoadOm("/nonexistent/model.om"), nullptr);
  EXPECT_NE(ge::GetLastError().find("'/nonexistent/model.om'"), std::string::npos);
}

}  // namespace
