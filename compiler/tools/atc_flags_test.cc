// Tests of the atc flag syntax, messages and help.
#include "tools/atc_flags.h"

#include <gtest/gtest.h>

#include <vector>

namespace ge {
namespace {

AtcParseResult Parse(std::vector<const char *> args, AtcOptions *options) {
  args.insert(args.begin(), "atc");
  return ParseAtcFlags(static_cast<int>(args.size()), args.data(), options);
}

TEST(AtcFlags, AcceptsEqualsAndSeparateValueForms) {
  AtcOptions options;
  AtcParseResult result = Parse({"--model=a.onnx", "--output", "out/m", "--framework=5"}, &options);
  ASSERT_TRUE(result.ok) << result.error;
  EXPECT_EQ(options.Get("model"), "a.onnx");
  EXPECT_EQ(options.Get("output"), "out/m");
  EXPECT_EQ(options.GetInt("framework"), 5);
  EXPECT_TRUE(options.IsSet("model"));
  EXPECT_FALSE(options.IsSet("soc_version"));
}

TEST(AtcFlags, SingleDashBeforeTwoLettersCountsAsDoubleAndDashesBecomeUnderscores) {
  AtcOptions options;
  AtcParseResult result = Parse({"-soc-version=Ascend910B1", "-mode", "6"}, &options);
  ASSERT_TRUE(result.ok) << result.error;
  EXPECT_EQ(options.Get("soc_version"), "Ascend910B1");
  EXPECT_EQ(options.GetInt("mode"), 6);
}

TEST(AtcFlags, DefaultsApplyWhenFlagsAreAbsent) {
  AtcOptions options;
  ASSERT_TRUE(Parse({}, &options).ok);
  EXPECT_EQ(options.GetInt("mode"), 0);
  EXPECT_EQ(options.GetInt("framework"), -1);
  EXPECT_EQ(options.Get("log"), "null");
  EXPECT_EQ(options.Get("oo_level"), "O3");
}

TEST(AtcFlags, UnknownFlagIsReportedByName) {
  AtcOptions options;
  AtcParseResult result = Parse({"--no_such_flag=1"}, &options);
  EXPECT_FALSE(result.ok);
  EXPECT_EQ(result.error, "ERROR: unknown command line flag 'no_such_flag'");
}

TEST(AtcFlags, MissingValueNamesTheFlagAndItsDescription) {
  AtcOptions options;
  AtcParseResult result = Parse({"--model"}, &options);
  EXPECT_FALSE(result.ok);
  EXPECT_EQ(
      result.error.rfind("ERROR: flag '--model' is missing its argument; flag description: ", 0),
      0U)
      << result.error;
  // The flag is quoted as typed, like gflags does.
  result = Parse({"-soc-version"}, &options);
  EXPECT_EQ(result.error.rfind("ERROR: flag '-soc-version' is missing its argument", 0), 0U)
      << result.error;
}

TEST(AtcFlags, StrayPositionalArgumentIsRejected) {
  AtcOptions options;
  AtcParseResult result = Parse({"model.onnx"}, &options);
  EXPECT_FALSE(result.ok);
  EXPECT_EQ(result.error, "ERROR: Non-option parameter: model.onnx");
}

TEST(AtcFlags, IntFlagsAcceptDigitsOnly) {
  AtcOptions options;
  EXPECT_FALSE(Parse({"--mode=-1"}, &options).ok);
  EXPECT_FALSE(Parse({"--mode=x"}, &options).ok);
  AtcParseResult result = Parse({"--framework=+5"}, &options);
  EXPECT_FALSE(result.ok);
  EXPECT_NE(result.error.find("int32 flag 'framework'"), std::string::npos) << result.error;
}

TEST(AtcFlags, RestrictedValuesAreCheckedAtParseTime) {
  AtcOptions options;
  AtcParseResult result = Parse({"--mode=2"}, &options);
  EXPECT_FALSE(result.ok);
  EXPECT_NE(result.error.find("--mode"), std::string::npos);
  EXPECT_NE(result.error.find("0, 1, 3, 5, 6, 7, 30"), std::string::npos) << result.error;
  EXPECT_FALSE(Parse({"--log=verbose"}, &options).ok);
  EXPECT_TRUE(Parse({"--log=debug"}, &options).ok);
}

TEST(AtcFlags, BoolFlagsTakeAnOptionalValue) {
  AtcOptions options;
  AtcParseResult bare = Parse({"--help"}, &options);
  ASSERT_TRUE(bare.ok);
  EXPECT_TRUE(bare.help);
  AtcOptions off;
  AtcParseResult explicit_off = Parse({"--help=No"}, &off);
  ASSERT_TRUE(explicit_off.ok);
  EXPECT_FALSE(explicit_off.help);
  AtcOptions bad;
  EXPECT_FALSE(Parse({"--help=maybe"}, &bad).ok);
}

TEST(AtcFlags, HelpAliasesAreRecognised) {
  for (const char *alias : {"--h", "-h", "--help"}) {
    AtcOptions options;
    AtcParseResult result = Parse({alias}, &options);
    ASSERT_TRUE(result.ok) << alias;
    EXPECT_TRUE(result.help) << alias;
  }
}

TEST(AtcFlags, HelpTextUsesTheCommandNameAndListsEveryFlag) {
  const std::string text = AtcHelpText("pyatc");
  EXPECT_NE(text.find("usage: pyatc"), std::string::npos);
  for (const AtcFlagDef &flag : GetAtcFlagDefs()) {
    if (flag.name != "h") {
      // Each flag heads its own line, optionally followed by a [n/a]-style marker.
      const std::string head = "  --" + flag.name;
      const bool listed = text.find(head + "\n") != std::string::npos ||
                          text.find(head + " [") != std::string::npos;
      EXPECT_TRUE(listed) << flag.name;
    }
  }
}

TEST(AtcFlags, CommandNameFollowsArgvZero) {
  EXPECT_EQ(AtcCommandName("/usr/local/bin/pyatc"), "pyatc");
  EXPECT_EQ(AtcCommandName("/usr/bin/python3 -m ge.pyatc"), "python3 -m ge.pyatc");
  EXPECT_EQ(AtcCommandName("./build/atc"), "atc");
  EXPECT_EQ(AtcCommandName(nullptr), "atc");
}

}  // namespace
}  // namespace ge
