// Tests of AtcMain's messages and exit codes that need no model.
#include "tools/atc_main.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ge/c_api/atc.h"

namespace ge {
namespace {

struct AtcRunResult {
  int code;
  std::string out;
  std::string err;
};

AtcRunResult RunAtc(std::vector<const char *> args) {
  args.insert(args.begin(), "atc");
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  const int code = AtcMain(static_cast<int>(args.size()), args.data());
  AtcRunResult run{code, testing::internal::GetCapturedStdout(),
                   testing::internal::GetCapturedStderr()};
  return run;
}

TEST(AtcMain, HelpPrintsUsageAndSucceeds) {
  AtcRunResult run = RunAtc({"--help"});
  EXPECT_EQ(run.code, 0);
  EXPECT_EQ(run.out.rfind("ATC start working now, please wait for a moment.\n", 0), 0U);
  EXPECT_NE(run.out.find("usage: atc"), std::string::npos);
}

TEST(AtcMain, UnknownFlagFailsWithMinusOne) {
  AtcRunResult run = RunAtc({"--bogus=1"});
  EXPECT_EQ(run.code, -1);
  EXPECT_NE(run.err.find("ERROR: unknown command line flag 'bogus'"), std::string::npos);
  EXPECT_NE(run.out.find("ATC run failed, Please check the detail log, Try 'atc --help' for more "
                         "information"),
            std::string::npos);
}

TEST(AtcMain, BuildWithoutFrameworkReportsE10007) {
  AtcRunResult run = RunAtc({"--model=x.onnx", "--output=out/x", "--soc_version=Ascend910B1"});
  EXPECT_EQ(run.code, -1);
  EXPECT_NE(run.out.find("E10007: [--framework] is required"), std::string::npos) << run.out;
}

TEST(AtcMain, BuildWithoutModelNamesTheMissingFlag) {
  AtcRunResult run = RunAtc({"--framework=5"});
  EXPECT_EQ(run.code, -1);
  EXPECT_NE(run.out.find("[--model] is required"), std::string::npos) << run.out;
}

TEST(AtcMain, MissingModelFileIsNamed) {
  AtcRunResult run = RunAtc({"--model=/nonexistent/m.onnx", "--framework=5",
                             "--output=/tmp/ge_front_x", "--soc_version=Ascend910B1"});
  EXPECT_EQ(run.code, -1);
  EXPECT_NE(run.out.find("/nonexistent/m.onnx"), std::string::npos) << run.out;
}

TEST(AtcMain, UnsupportedModeFailsClearly) {
  AtcRunResult run = RunAtc({"--mode=7"});
  EXPECT_EQ(run.code, -1);
  EXPECT_NE(run.out.find("--mode=7 (OM2) is not supported"), std::string::npos) << run.out;
}

TEST(AtcMain, NpuOnlyFlagIsReportedNotApplicable) {
  AtcRunResult run = RunAtc({"--mode=6", "--om=/nonexistent.om", "--op_debug_level=3"});
  EXPECT_EQ(run.code, -1);  // the .om does not exist, but the flag was reported first
  EXPECT_NE(run.out.find("--op_debug_level=3 is not applicable on this target"), std::string::npos)
      << run.out;
}

TEST(AtcMain, CompileOptionWithoutHostEffectIsReportedOnce) {
  AtcRunResult run = RunAtc({"--mode=6", "--om=/nonexistent.om", "--precision_mode=force_fp16",
                             "--output_type=FP16", "--deterministic=0"});
  EXPECT_EQ(run.code, -1);  // the .om does not exist, but the flags were reported first
  const std::string warning = "is recorded in the .om but has no effect on the host runtime";
  const std::string precision = "--precision_mode=force_fp16 " + warning;
  const size_t first = run.out.find(precision);
  EXPECT_NE(first, std::string::npos) << run.out;
  EXPECT_EQ(run.out.find(precision, first + 1), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("--output_type=FP16 " + warning), std::string::npos) << run.out;
  // GE's default value asks for nothing, so there is nothing to report.
  EXPECT_EQ(run.out.find("--deterministic=0"), std::string::npos) << run.out;
}

TEST(AtcMain, DeprecatedFlagFails) {
  AtcRunResult run = RunAtc({"--mode=6", "--om=/nonexistent.om", "--auto_tune_mode=RL"});
  EXPECT_EQ(run.code, -1);
  EXPECT_NE(run.out.find("--auto_tune_mode is deprecated"), std::string::npos) << run.out;
}

TEST(AtcCApi, RejectsEmptyOrNullArguments) {
  EXPECT_EQ(GeApiWrapper_Atc_Main(0, nullptr), 1);
  const char *args[] = {"atc", nullptr};
  EXPECT_EQ(GeApiWrapper_Atc_Main(2, args), 1);
  EXPECT_EQ(GeApiWrapper_Atc_Main(1, nullptr), 1);
}

}  // namespace
}  // namespace ge
