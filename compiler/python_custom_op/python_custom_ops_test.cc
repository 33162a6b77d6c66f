// The load transaction of PythonCustomOps, with a bridge table written here standing in for the
// interpreter: a prototype enters the op catalog and an implementation becomes a host kernel at
// commit, the last unload takes both out again, and a load that fails part-way leaves nothing.
#include "python_custom_op/python_custom_ops.h"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <string>

#include "common/error.h"
#include "python_custom_op/custom_op_bridge.h"
#include "test_support/scoped_env.h"
#include "test_support/temp_dir.h"

namespace ge {
namespace python_custom_op {
namespace {

constexpr const char *kOpType = "TableTestOp";

struct TableCalls {
  int registrations = 0;
  int resets = 0;
  bool fail_after_proto = false;
};
TableCalls g_calls;

uint32_t RefuseInferMeta(const GeCustomOpIrView *, void *, const GeCustomOpInferResult *,
                         char **error) {
  *error = strdup("RuntimeError: not inferred in these tests");
  return GE_CUSTOM_OP_FAILED;
}

void *CreateHolder(const GeCustomOpHolderView *, char **) { return &g_calls; }
void DestroyHolder(void *) {}
uint32_t Execute(void *, void *, char **) { return GE_CUSTOM_OP_SUCCESS; }

uint32_t SetArtifactConfig(const PythonFusionPassBridgeArtifactConfig *, char **) {
  return GE_CUSTOM_OP_SUCCESS;
}

uint32_t RegisterCustomOps(const GeCustomOpRegistrar *registrar, char **error) {
  ++g_calls.registrations;
  static const GeCustomOpPort kInputs[] = {{"x", 0}};
  static const GeCustomOpPort kOutputs[] = {{"y", 0}};
  GeCustomOpProtoView proto{};
  proto.descriptor_key = "p:TableTestOp";
  proto.op_type = kOpType;
  proto.inputs = kInputs;
  proto.input_count = 1;
  proto.outputs = kOutputs;
  proto.output_count = 1;
  proto.infer_meta = &RefuseInferMeta;
  if (registrar->register_op_proto(&proto, error) == 0) {
    return GE_CUSTOM_OP_FAILED;
  }
  if (g_calls.fail_after_proto) {
    *error = strdup("ImportError: a later plugin failed");
    return GE_CUSTOM_OP_FAILED;
  }
  const GeCustomOpAdapterView adapter{kOpType, "m:TableTestImpl:TableTestOp",
                                      GE_CUSTOM_OP_CAP_EAGER_EXECUTE};
  GeCustomOpCallbacks callbacks{};
  callbacks.create_impl_holder = &CreateHolder;
  callbacks.destroy_impl_holder = &DestroyHolder;
  callbacks.execute = &Execute;
  callbacks.infer_meta = &RefuseInferMeta;
  return registrar->register_op_impl(&adapter, &callbacks, error) != 0 ? GE_CUSTOM_OP_SUCCESS
                                                                       : GE_CUSTOM_OP_FAILED;
}

void ResetBridgeState() { ++g_calls.resets; }
void ShutdownBridge() {}

const PythonCustomOpBridgeApi kTable = {GE_CUSTOM_OP_BRIDGE_ABI_VERSION, &SetArtifactConfig,
                                        &RegisterCustomOps, &ResetBridgeState, &ShutdownBridge};

class PythonCustomOpsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    g_calls = TableCalls{};
    plugin_ = dir_.path() + "/ops.py";
    std::ofstream(plugin_) << "# the table of this test stands in for what Python would load\n";
    CustomOpBridge::Instance().UseTableForTesting(&kTable);
  }
  void TearDown() override { CustomOpBridge::Instance().UseTableForTesting(nullptr); }

  static bool InCatalog() { return OpCatalog::Instance().Find(kOpType) != nullptr; }
  static bool HasKernel() { return runtime::KernelRegistry::Instance().Find(kOpType) != nullptr; }

  test_support::TempDir dir_{"custom_ops_test"};
  std::string plugin_;
};

TEST_F(PythonCustomOpsTest, LoadCommitsBothAndTheLastUnloadRemovesThem) {
  test_support::ScopedEnv path("ASCEND_CUSTOM_OPP_PATH", plugin_);
  PythonCustomOps &ops = PythonCustomOps::Instance();
  ASSERT_EQ(ops.Load(), SUCCESS) << GetLastError();
  ASSERT_EQ(ops.Load(), SUCCESS);  // a second user loads nothing again
  EXPECT_EQ(g_calls.registrations, 1);
  EXPECT_TRUE(InCatalog());
  EXPECT_TRUE(HasKernel());
  EXPECT_EQ(ops.ListPrototypeTypes(), std::vector<std::string>{kOpType});
  EXPECT_EQ(ops.ListImplTypes(), std::vector<std::string>{kOpType});

  ASSERT_EQ(ops.Unload(), SUCCESS);
  EXPECT_TRUE(InCatalog()) << "one user is left";
  ASSERT_EQ(ops.Unload(), SUCCESS);
  EXPECT_FALSE(InCatalog());
  EXPECT_FALSE(HasKernel());
  EXPECT_EQ(g_calls.resets, 1);
  EXPECT_EQ(ops.GetActiveUsers(), 0);
}

TEST_F(PythonCustomOpsTest, ALoadFailingPartWayLeavesNothingBehind) {
  test_support::ScopedEnv path("ASCEND_CUSTOM_OPP_PATH", plugin_);
  g_calls.fail_after_proto = true;
  PythonCustomOps &ops = PythonCustomOps::Instance();
  ASSERT_NE(ops.Load(), SUCCESS);
  EXPECT_NE(
      GetLastError().find("Load python custom ops failed: ImportError: a later plugin failed"),
      std::string::npos)
      << GetLastError();
  EXPECT_FALSE(InCatalog()) << "the prototype registered before the failure is taken out";
  EXPECT_FALSE(HasKernel());
  EXPECT_EQ(ops.GetActiveUsers(), 0);

  g_calls.fail_after_proto = false;  // the next load starts from a clean state
  ASSERT_EQ(ops.Load(), SUCCESS) << GetLastError();
  EXPECT_TRUE(InCatalog());
  ASSERT_EQ(ops.Unload(), SUCCESS);
  EXPECT_FALSE(InCatalog());
}

TEST_F(PythonCustomOpsTest, WithoutAPythonEntryNothingIsAskedOfTheBridge) {
  test_support::ScopedEnv path("ASCEND_CUSTOM_OPP_PATH", dir_.path() + "/no_such_opp_root");
  PythonCustomOps &ops = PythonCustomOps::Instance();
  ASSERT_EQ(ops.Load(), SUCCESS);
  EXPECT_EQ(g_calls.registrations, 0);
  EXPECT_FALSE(InCatalog());
  ASSERT_EQ(ops.Unload(), SUCCESS);
}

TEST_F(PythonCustomOpsTest, AMissingPythonFileFailsTheLoadNamingIt) {
  test_support::ScopedEnv path("ASCEND_CUSTOM_OPP_PATH", dir_.path() + "/missing.py");
  PythonCustomOps &ops = PythonCustomOps::Instance();
  ASSERT_NE(ops.Load(), SUCCESS);
  EXPECT_NE(GetLastError().find("missing.py"), std::string::npos) << GetLastError();
  EXPECT_EQ(g_calls.registrations, 0);
  EXPECT_EQ(ops.GetActiveUsers(), 0);
}

}  // namespace
}  // namespace python_custom_op
}  // namespace ge
