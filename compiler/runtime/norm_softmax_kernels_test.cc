// Tests of the normalization and softmax kernels.
#include <gtest/gtest.h>

#include <cmath>

#include "runtime/runtime_test_utils.h"

namespace ge {
namespace runtime {
namespace {

using test::F32;
using test::Run1;
using test::Values;

TEST(SoftmaxV2Kernel, IsStableForLargeLogits) {
  auto run = Run1("SoftmaxV2", {F32({2, 3}, {1000, 1001, 1002, -1000, -1000, -1000})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  const auto y = Values<float>(run.out());
  const double e0 = std::exp(-2.0), e1 = std::exp(-1.0), s = e0 + e1 + 1.0;
  EXPECT_NEAR(y[0], e0 / s, 1e-7);
  EXPECT_NEAR(y[1], e1 / s, 1e-7);
  EXPECT_NEAR(y[2], 1.0 / s, 1e-7);
  for (int i = 3; i < 6; ++i) EXPECT_NEAR(y[i], 1.0 / 3, 1e-7);
}

TEST(SoftmaxV2Kernel, NormalisesOverANonLastAxis) {
  auto run = Run1("SoftmaxV2", {F32({2, 2}, {0, 1, 0, 1})}, {{"axes", std::vector<int64_t>{0}}});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{0.5f, 0.5f, 0.5f, 0.5f}));
  auto bad = Run1("SoftmaxV2", {F32({2, 2}, {0, 1, 0, 1})}, {{"axes", std::vector<int64_t>{2}}});
  EXPECT_EQ(bad.error, "node 'n' (SoftmaxV2): axis 2 is out of range for rank 2");
}

TEST(LogSoftmaxV2Kernel, EqualsLogOfSoftmaxWithoutOverflow) {
  auto run = Run1("LogSoftmaxV2", {F32({3}, {1000, 0, -1000})});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  const auto y = Values<float>(run.out());
  EXPECT_NEAR(y[0], 0.0, 1e-6);
  EXPECT_NEAR(y[1], -1000.0, 1e-3);
  EXPECT_NEAR(y[2], -2000.0, 1e-3);
}

TEST(LayerNormKernel, NormalisesTrailingDimsAndReturnsStats) {
  const GeTensor x = F32({2, 2}, {1, 3, 2, 6});
  auto run = Run1(
      "LayerNorm", {x, F32({2}, {1, 2}), F32({2}, {0, 10})},
      {{"begin_norm_axis", int64_t{-1}}, {"begin_params_axis", int64_t{-1}}, {"epsilon", 0.0f}}, 3);
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(Values<float>(run.out(0)), (std::vector<float>{-1, 12, -1, 12}));
  EXPECT_EQ(test::Dims(run.out(1)), (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(Values<float>(run.out(1)), (std::vector<float>{2, 4}));
  EXPECT_EQ(Values<float>(run.out(2)), (std::vector<float>{1, 4}));
}

TEST(LayerNormKernel, AcceptsFullShapeGammaFromOnnxImport) {
  // The ONNX importer broadcasts Scale/B to x's full shape before LayerNorm.
  auto run = Run1("LayerNorm", {F32({1, 2}, {0, 2}), F32({1, 2}, {1, 1}), F32({1, 2}, {0, 0})},
                  {{"begin_norm_axis", int64_t{1}}, {"epsilon", 0.0f}}, 3);
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{-1, 1}));
}

TEST(LayerNormV3Kernel, ReturnsReciprocalStd) {
  auto run = Run1("LayerNormV3", {F32({1, 2}, {0, 2}), F32({2}, {1, 1}), F32({2}, {0, 0})},
                  {{"begin_norm_axis", int64_t{1}}, {"epsilon", 0.0f}}, 3);
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_FLOAT_EQ(Values<float>(run.out(2))[0], 1.0f);
}

TEST(BatchNormKernel, InferenceFormUsesGivenStatistics) {
  // NCHW [1,2,1,2]; channel 0 mean 1 var 4, channel 1 mean 0 var 1.
  const GeTensor x = F32({1, 2, 1, 2}, {1, 5, 2, -2});
  auto run =
      Run1("BatchNorm", {x, F32({2}, {2, 1}), F32({2}, {0, 1}), F32({2}, {1, 0}), F32({2}, {4, 1})},
           {{"epsilon", 0.0f}, {"data_format", std::string("NCHW")}, {"is_training", false}}, 6);
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(Values<float>(run.out(0)), (std::vector<float>{0, 4, 3, -1}));
  EXPECT_EQ(Values<float>(run.out(1)), (std::vector<float>{1, 0}));
  EXPECT_EQ(Values<float>(run.out(2)), (std::vector<float>{4, 1}));
  EXPECT_EQ(run.out(5).GetSize(), sizeof(float));
}

TEST(BatchNormKernel, InferenceWithoutMeanIsAnError) {
  const GeTensor x = F32({1, 2}, {1, 2});
  const GeTensor p = F32({2}, {1, 1});
  auto run = test::RunKernel("BatchNorm", {&x, &p, &p, nullptr, nullptr}, 1,
                             {{"is_training", false}, {"data_format", std::string("NCHW")}});
  EXPECT_EQ(run.error,
            "node 'n' (BatchNorm): inference (is_training=false) needs inputs 'mean' and "
            "'variance'");
}

TEST(BNInferenceKernel, DividesStatisticsByMomentum) {
  // mean 4/2 = 2, variance 8/2 = 4 -> (x - 2) / 2 * scale + offset.
  auto run = Run1("BNInference",
                  {F32({1, 1, 2}, {2, 6}), F32({1}, {4}), F32({1}, {8}), F32({1}, {2}),
                   F32({1}, {3}), F32({1}, {1})},
                  {{"epsilon", 0.0f}});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(Values<float>(run.out()), (std::vector<float>{1, 7}));
}

// These kernels compute in x's own floating type: an integer x fails with one message, checked
// before x's rank and before the parameters.
TEST(NormSoftmaxKernels, RejectAnIntegerXNamingItsDtype) {
  const GeTensor x = test::I32({2}, {1, 2});
  const GeTensor p = F32({2}, {1, 1});
  for (const std::string type :
       {"SoftmaxV2", "LogSoftmaxV2", "LayerNorm", "LayerNormV3", "BatchNorm", "BNInference"}) {
    auto run = test::RunKernel(type, {&x, &p, &p, &p, &p}, 1);
    EXPECT_EQ(run.status, FAILED) << type;
    EXPECT_EQ(run.error, "node 'n' (" + type + "): unsupported dtype DT_INT32 for input 'x'");
  }
}

// BatchNorm and BNInference share their check of x: inputs present, float x, a channel dim.
TEST(NormSoftmaxKernels, BatchNormFormsCheckXAlike) {
  const GeTensor p = F32({2}, {1, 1});
  const GeTensor rank1 = F32({2}, {1, 2});
  for (const std::string type : {"BatchNorm", "BNInference"}) {
    auto flat = test::RunKernel(type, {&rank1, &p, &p, &p, &p}, 1);
    EXPECT_EQ(flat.error, "node 'n' (" + type + "): x must have rank >= 2, got [2]");
    auto missing = test::RunKernel(type, {&rank1, &p, nullptr, &p}, 1);
    EXPECT_EQ(missing.error, "node 'n' (" + type + "): required input 2 is not connected");
  }
}

TEST(BNInferenceKernel, ComputesInDouble) {
  const GeTensor x = test::MakeTensor<double>({1, 1, 2}, {2, 6});
  const GeTensor p = test::MakeTensor<double>({1}, {1});
  auto run = test::RunKernel("BNInference", {&x, &p, &p, &p}, 1, {{"epsilon", 0.0f}});
  ASSERT_EQ(run.status, SUCCESS) << run.error;
  EXPECT_EQ(Values<double>(run.out()), (std::vector<double>{1, 5}));
}

}  // namespace
}  // namespace runtime
}  // namespace ge
