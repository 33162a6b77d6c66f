// GEMM and Conv2D throughput of the host runtime (run by hand, not in CI).
//
// Build against a development libge_compiler.so, e.g.:
//   c++ -O2 -std=c++17 -Icompiler/include -Icompiler bench/runtime/gemm_conv_bench.cc \
//       -Lbuild/runtime/compiler -lge_compiler -Wl,-rpath,$PWD/build/runtime/compiler \
//       -o /tmp/gemm_conv_bench && /tmp/gemm_conv_bench
// Prints GFLOP/s for square GEMMs and for ResNet-style 3x3 / 1x1 / grouped convolutions.
#include <chrono>
#include <cstdio>
#include <random>
#include <vector>

#include "graph/op_desc.h"
#include "runtime/gemm.h"
#include "runtime/kernel_context.h"
#include "runtime/kernel_registry.h"

namespace {

using Clock = std::chrono::steady_clock;

std::vector<float> Random(size_t n) {
  std::mt19937 gen(7);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<float> v(n);
  for (auto &x : v) x = dist(gen);
  return v;
}

ge::GeTensor Tensor(std::vector<int64_t> dims) {
  size_t n = 1;
  for (int64_t d : dims) n *= static_cast<size_t>(d);
  const auto values = Random(n);
  return ge::GeTensor(ge::GeTensorDesc(ge::GeShape(dims), ge::FORMAT_NCHW, ge::DT_FLOAT),
                      values.data(), n * sizeof(float));
}

/// Seconds per call, best of `reps` after one warm-up.
template <typename F>
double Time(F &&fn, int reps) {
  fn();
  double best = 1e30;
  for (int i = 0; i < reps; ++i) {
    const auto start = Clock::now();
    fn();
    best = std::min(best, std::chrono::duration<double>(Clock::now() - start).count());
  }
  return best;
}

void BenchGemm(int64_t n) {
  const auto a = Random(n * n), b = Random(n * n);
  std::vector<float> c(n * n);
  const double s = Time(
      [&] { ge::runtime::Gemm<float>(false, false, n, n, n, a.data(), n, b.data(), n, c.data(), n, false); },
      3);
  std::printf("GEMM %4lldx%-4lld       %8.2f ms  %6.2f GFLOP/s\n", static_cast<long long>(n),
              static_cast<long long>(n), s * 1e3, 2.0 * n * n * n / s / 1e9);
}

void BenchConv(const char *label, int64_t n, int64_t c, int64_t hw, int64_t cout, int64_t k,
               int64_t stride, int64_t groups) {
  const int64_t pad = k / 2;
  const ge::GeTensor x = Tensor({n, c, hw, hw});
  const ge::GeTensor f = Tensor({cout, c / groups, k, k});
  ge::OpDesc desc("conv", "Conv2D");
  desc.AddInputDesc("x", x.GetTensorDesc());
  desc.AddInputDesc("filter", f.GetTensorDesc());
  desc.AddOutputDesc("y", ge::GeTensorDesc());
  desc.SetAttr("strides", std::vector<int64_t>{1, 1, stride, stride});
  desc.SetAttr("pads", std::vector<int64_t>{pad, pad, pad, pad});
  desc.SetAttr("groups", groups);
  desc.SetAttr("data_format", std::string("NCHW"));
  const auto *kernel = ge::runtime::KernelRegistry::Instance().Find("Conv2D");
  const double s = Time(
      [&] {
        ge::runtime::KernelContext ctx(desc, {&x, &f}, 1);
        if (kernel->fn(ctx) != ge::SUCCESS) std::printf("conv failed\n");
      },
      3);
  const int64_t out = (hw + 2 * pad - k) / stride + 1;
  const double flops = 2.0 * n * cout * out * out * (c / groups) * k * k;
  std::printf("%-20s %8.2f ms  %6.2f GFLOP/s\n", label, s * 1e3, flops / s / 1e9);
}

}  // namespace

int main() {
  for (int64_t n : {128, 256, 512, 1024}) BenchGemm(n);
  BenchConv("conv3x3 64->64 56", 1, 64, 56, 64, 3, 1, 1);
  BenchConv("conv1x1 256->64 56", 1, 256, 56, 64, 1, 1, 1);
  BenchConv("conv7x7/2 3->64 224", 1, 3, 224, 64, 7, 2, 1);
  BenchConv("dw3x3 128 g128 56", 1, 128, 56, 128, 3, 1, 128);
  return 0;
}
