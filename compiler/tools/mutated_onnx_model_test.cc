// Corrupt ONNX models through the whole offline path: import, CompileGraph and a host run. The
// models come from tests/models/generate_all.py and are mutated byte by byte with a fixed seed.
// Every stage must either succeed or fail with a message; none may crash, hang or fail silently.
// A model that compiles must not then fail for a dtype: the compile checks every port's dtype
// against what the host kernels run (docs/op_catalog.md, "Dtypes").
// A longer campaign of the same kind (~1.3M mutants, 290k of them under ASan+UBSan) found two bugs,
// each now covered by its own unit test: a Reshape target whose element count overflowed int64 (a
// crash in an optimized build) and an Add that lost an input compiling and failing only at run
// time. This test keeps a smaller, fixed sample of that campaign in every run.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "common/error.h"
#include "parser/generated_models_test_util.h"
#include "parser/onnx_importer.h"
#include "pipeline/compile_graph.h"
#include "runtime/executor.h"

namespace ge {
namespace {

constexpr const char *kSource = "mutant.onnx";
// Inputs larger than this are not fed: the point is the checks, not the arithmetic.
constexpr int64_t kMaxFedElements = int64_t{1} << 20;

class MutatedOnnxModelTest : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    models_ = new test::GeneratedModels("ge_mutated_onnx_test", GE_SOURCE_DIR);
  }
  static void TearDownTestSuite() {
    delete models_;
    models_ = nullptr;
  }
  void SetUp() override { ASSERT_TRUE(models_->ok()) << test::GeneratedModels::FailureMessage(); }

  static test::GeneratedModels *models_;
};

test::GeneratedModels *MutatedOnnxModelTest::models_ = nullptr;

// One to three edits: truncation, a random byte, a flipped bit, inserted bytes, or a byte set to
// 0x7f / 0xff (large varints and lengths).
std::string Mutate(std::string bytes, std::mt19937 &rng) {
  const int edits = 1 + static_cast<int>(rng() % 3);
  for (int k = 0; k < edits && !bytes.empty(); ++k) {
    const size_t pos = rng() % bytes.size();
    switch (rng() % 5) {
      case 0: bytes.resize(pos); break;
      case 1: bytes[pos] = static_cast<char>(rng()); break;
      case 2: bytes[pos] = static_cast<char>(bytes[pos] ^ (1 << (rng() % 8))); break;
      case 3: bytes.insert(pos, std::string(1 + rng() % 4, static_cast<char>(rng()))); break;
      default: bytes[pos] = static_cast<char>(rng() % 2 != 0 ? 0x7f : 0xff); break;
    }
  }
  return bytes;
}

// Zero-filled inputs for the executor's input descs (unknown dims fed as 1); false when an input
// would be too large to bother.
bool ZeroInputs(const runtime::Executor &executor, std::vector<GeTensor> *inputs) {
  for (const GeTensorDesc &desc : executor.GetInputDescs()) {
    std::vector<int64_t> dims;
    int64_t count = 1;
    for (int64_t dim : desc.GetShape().GetDims()) {
      dims.push_back(std::max<int64_t>(dim, 1));
      if (dims.back() > kMaxFedElements / count) {
        return false;
      }
      count *= dims.back();
    }
    const size_t bytes =
        static_cast<size_t>(count) *
        static_cast<size_t>(std::max<int32_t>(GetSizeByDataType(desc.GetDataType()), 0));
    const std::vector<uint8_t> zeros(bytes, 0);
    inputs->emplace_back(GeTensorDesc(GeShape(dims), desc.GetFormat(), desc.GetDataType()),
                         zeros.data(), zeros.size());
  }
  return true;
}

// Why a compiled model did not run. Kernels and the executor say "dtype" (or name the one dtype
// they take, or the conversion they cannot do) when they refuse a dtype; anything else is a shape
// or value problem, e.g. an unknown dim fed as 1.
bool IsDtypeRefusal(const std::string &message) {
  for (const char *mark : {"dtype", "must be DT_", "int32 or int64", "cannot convert"}) {
    if (message.find(mark) != std::string::npos) {
      return true;
    }
  }
  return false;
}

TEST(MutatedOnnxRunFailures, DtypeRefusalsAreToldFromOtherFailures) {
  for (const char *message :
       {"node 'c' (Conv2D): unsupported dtype DT_INT16 for input 'x'",
        "node 'a' (Add): inputs 0 and 1 must have the same dtype, got DT_FLOAT and DT_INT32",
        "node 's' (Select): condition must be DT_BOOL, got DT_FLOAT",
        "node 'g' (GatherV2): input 'axis' must be int32 or int64, got DT_FLOAT",
        "node 'p' (PadV2): constant_values: cannot convert DT_STRING to DT_FLOAT: unsupported "
        "dtype",
        "input 0 (Data node 'x'): dtype DT_STRING is not supported by the host runtime"}) {
    EXPECT_TRUE(IsDtypeRefusal(message)) << message;
  }
  for (const char *message :
       {"node 'a' (Add): shapes [2] and [3] are not broadcastable",
        "input 0 (Data node 'x'): shape [1] DT_FLOAT needs 4 bytes, but the tensor holds 8",
        "node 'r' (Reshape): cannot reshape x [1, 1] (1 elements) to [2]"}) {
    EXPECT_FALSE(IsDtypeRefusal(message)) << message;
  }
}

TEST_F(MutatedOnnxModelTest, EveryStageSucceedsOrFailsWithAMessage) {
  std::vector<std::string> models;
  for (const char *name :
       {"add_zero.onnx", "matmul_add.onnx", "grouped_conv.onnx", "transformer_block.onnx",
        "transformer_block_opset18.onnx", "resnet_small_external.onnx", "unmapped_op.onnx"}) {
    models.push_back(models_->Read(name));
    ASSERT_FALSE(models.back().empty()) << name;
  }
  std::mt19937 rng(20261206);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  int iterations = 0;
  int rejected = 0;
  int compile_failed = 0;
  int not_planned = 0;
  int run_failed = 0;
  int ran = 0;
  for (; iterations < 20000 && std::chrono::steady_clock::now() < deadline; ++iterations) {
    const std::string bytes = Mutate(models[rng() % models.size()], rng);
    ComputeGraphPtr graph;
    if (ImportOnnxBytes(bytes, nullptr, kSource, models_->dir(), {}, &graph) != SUCCESS) {
      ++rejected;
      ASSERT_NE(GetLastError().find(kSource), std::string::npos) << GetLastError();
      continue;
    }
    ASSERT_NE(graph, nullptr);
    CompileResult result;
    if (CompileGraph(graph, {}, &result) != SUCCESS) {
      ++compile_failed;
      ASSERT_EQ(GetLastError().rfind("CompileGraph: ", 0), 0U) << GetLastError();
      continue;
    }
    std::unique_ptr<runtime::Executor> executor;
    std::vector<GeTensor> inputs;
    if (runtime::Executor::Create(*graph, &executor) != SUCCESS ||
        executor->CheckKernels() != SUCCESS) {
      ++not_planned;
      ASSERT_FALSE(GetLastError().empty());
      ASSERT_FALSE(IsDtypeRefusal(GetLastError())) << "compiled, then: " << GetLastError();
      continue;
    }
    if (!ZeroInputs(*executor, &inputs)) {
      continue;
    }
    std::vector<GeTensor> outputs;
    if (executor->Run(inputs, &outputs) != SUCCESS) {
      // A model with unknown dims fed as 1 may be refused at run time; it must say why, and the
      // reason may not be a dtype the compile let through.
      ++run_failed;
      ASSERT_FALSE(GetLastError().empty());
      ASSERT_FALSE(IsDtypeRefusal(GetLastError())) << "compiled, then: " << GetLastError();
      continue;
    }
    ASSERT_EQ(outputs.size(), executor->GetOutputsSize());
    ++ran;
  }
  std::printf(
      "mutants: %d, rejected by the importer %d, by the compiler %d; compiled but not planned %d, "
      "failed at run time (shape or value) %d, run %d\n",
      iterations, rejected, compile_failed, not_planned, run_failed, ran);
  // The mix must reach every stage, or the test proves nothing about the later ones.
  EXPECT_GT(rejected, 0);
  EXPECT_GT(compile_failed, 0);
  EXPECT_GT(ran, 0);
}

}  // namespace
}  // namespace ge
