// Tests of the table of options the host runtime ignores and of its once-per-key warning.
#include "pipeline/host_inert_options.h"

#include <gtest/gtest.h>

#include <string>

#include "common/log.h"

namespace ge {
namespace {

size_t Count(const std::string &text, const std::string &part) {
  size_t count = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
    ++count;
  }
  return count;
}

TEST(HostInertOptions, NamesOnlyOptionsTheHostRuntimeIgnores) {
  EXPECT_NE(HostInertOptionReason("ge.exec.precision_mode", "force_fp32"), nullptr);
  EXPECT_NE(HostInertOptionReason("ge.INPUT_NODES_SET_FP16", "x"), nullptr);
  EXPECT_NE(HostInertOptionReason("ge.deterministic", "1"), nullptr);
  EXPECT_EQ(HostInertOptionReason("ge.deterministic", "0"), nullptr);
  EXPECT_EQ(HostInertOptionReason("ge.exec.precision_mode", ""), nullptr);
  // Options the compiler acts on.
  EXPECT_EQ(HostInertOptionReason("ge.oo.level", "O1"), nullptr);
  EXPECT_EQ(HostInertOptionReason("ge.fusionSwitchFile", "f.cfg"), nullptr);
  EXPECT_EQ(HostInertOptionReason("ge.optimizationSwitch", "p:off"), nullptr);
}

TEST(HostInertOptions, WarnsOncePerSourceAndKey) {
  const LogLevel level = GetLogLevel();
  SetLogLevel(LogLevel::kWarning);
  testing::internal::CaptureStderr();
  for (int round = 0; round < 3; ++round) {
    WarnHostInertOptions({{"ge.keepDtype", "keep.cfg"}, {"ge.oo.level", "O1"}},
                         OptionSource::kSession);
    WarnHostInertOptions({{"ge.keepDtype", "keep.cfg"}, {"ge.deterministic", "0"}},
                         OptionSource::kGraph);
  }
  const std::string err = testing::internal::GetCapturedStderr();
  SetLogLevel(level);
  EXPECT_EQ(Count(err,
                  "session option ge.keepDtype=keep.cfg has no effect on the host runtime: "
                  "operator precision is a choice among NPU kernels"),
            1U)
      << err;
  EXPECT_EQ(Count(err, "graph option ge.keepDtype=keep.cfg has no effect on the host runtime"), 1U)
      << err;
  EXPECT_EQ(err.find("ge.oo.level"), std::string::npos) << err;       // acted on
  EXPECT_EQ(err.find("ge.deterministic"), std::string::npos) << err;  // GE's default
}

}  // namespace
}  // namespace ge
