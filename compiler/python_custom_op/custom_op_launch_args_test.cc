// The task-plan step: logical memory of a graph's tensors and workspaces, one declare_launch_args
// per node recorded as node attributes, a plan kept without a second call, nodes with unknown
// shapes left without one, and the failures that name node and op type.
#include "python_custom_op/custom_op_launch_args.h"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "common/error.h"
#include "ge/custom_op/annotated_args_context.h"
#include "ops/op_catalog.h"

namespace ge {
namespace python_custom_op {
namespace {

int g_calls = 0;

// declare_launch_args as the bridge serves it: a 100-byte workspace and one launch over both
// inputs, the output, the workspace and the scalar 9.
uint32_t DeclareOneLaunch(void * /*holder*/, void *ctx, char ** /*error*/) {
  ++g_calls;
  auto *context = static_cast<custom_op::AnnotatedArgsContext *>(ctx);
  const auto address = [](const gert::Tensor *tensor) {
    return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(tensor->GetAddr()));
  };
  const custom_op::OpCompileContext &ports = context->GetPorts();
  size_t workspace = 0;
  uint64_t workspace_addr = 0;
  EXPECT_TRUE(context->MallocWorkspace(100, workspace, workspace_addr));
  using Kind = custom_op::KernelArgSlot::Kind;
  std::vector<custom_op::KernelArgSlot> args{
      {Kind::kInput, 0, address(ports.GetRequiredInputTensor(0))},
      {Kind::kInput, 1, address(ports.GetRequiredInputTensor(1))},
      {Kind::kOutput, 0, address(ports.GetRequiredOutputTensor(0))},
      {Kind::kWorkspace, workspace, workspace_addr},
      {Kind::kScalar, 0, 9}};
  const custom_op::AnnotatedKernelLaunchInfo info("k_add", {1, 2, 3}, 4, context->GetStreamId());
  EXPECT_TRUE(context->AddLaunch(info, std::move(args)));
  return GE_CUSTOM_OP_SUCCESS;
}

uint32_t DeclareNothing(void *, void *, char **) { return GE_CUSTOM_OP_SUCCESS; }

uint32_t Raise(void *, void *, char **error) {
  *error = strdup("Traceback ...\nRuntimeError: no plan");
  return GE_CUSTOM_OP_FAILED;
}

class LaunchArgsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    g_calls = 0;
    x_ = AddOp("x", "Data", {2, 3});
    y_ = AddOp("y", "Data", {2, 3});
    add_ = AddOp("add", "Add", {2, 3});
    ASSERT_EQ(graph_.AddDataEdge(x_, 0, add_, 0), SUCCESS);
    ASSERT_EQ(graph_.AddDataEdge(y_, 0, add_, 1), SUCCESS);
    entry_.op_type = "Add";
    entry_.descriptor_key = "plugin:AddImpl:Add";
    entry_.holder = &entry_;  // any non-null instance: the callbacks above ignore it
    entry_.callbacks.declare_launch_args = &DeclareOneLaunch;
  }

  Node *AddOp(const std::string &name, const std::string &type, std::vector<int64_t> dims) {
    OpDesc desc;
    EXPECT_EQ(CreateOpDesc(name, type, {}, {}, &desc), SUCCESS) << GetLastError();
    for (size_t i = 0; i < desc.GetInputsSize(); ++i) {
      desc.MutableInputDesc(i)->SetShape(GeShape(dims));
    }
    for (size_t i = 0; i < desc.GetOutputsSize(); ++i) {
      desc.MutableOutputDesc(i)->SetShape(GeShape(dims));
    }
    return graph_.AddNode(std::move(desc));
  }

  ComputeGraph graph_{"g"};
  Node *x_ = nullptr;
  Node *y_ = nullptr;
  Node *add_ = nullptr;
  ImplEntry entry_;
};

TEST_F(LaunchArgsTest, TensorsHaveAlignedDistinctBlocksAndWorkspacesFollow) {
  LogicalMemory memory(graph_);
  const uint64_t x = memory.OutputAddress(x_, 0);
  const uint64_t y = memory.OutputAddress(y_, 0);
  const uint64_t add = memory.OutputAddress(add_, 0);
  EXPECT_NE(x, 0U);
  EXPECT_EQ(x % 512U, 0U);
  EXPECT_EQ(y, x + 512U);  // 24 bytes take one block
  EXPECT_EQ(add, y + 512U);
  EXPECT_EQ(memory.OutputAddress(add_, 1), 0U);
  EXPECT_EQ(memory.WorkspaceStart(), add + 512U);
  EXPECT_EQ(memory.TakeWorkspace(600), add + 512U);
  EXPECT_EQ(memory.WorkspaceStart(), add + 512U + 1024U);
}

TEST_F(LaunchArgsTest, TheDeclaredLaunchBecomesNodeAttributesOnce) {
  LogicalMemory memory(graph_);
  const uint64_t workspace = memory.WorkspaceStart();
  ASSERT_EQ(RunDeclareLaunchArgs(entry_, *add_, memory), SUCCESS) << GetLastError();
  const OpDesc &desc = add_->GetOpDesc();
  EXPECT_EQ(*desc.GetAttrAs<std::string>(kAttrTaskArgsMode), "AnnotatedArgs");
  EXPECT_EQ(*desc.GetAttrAs<int64_t>(kAttrTaskPlan), 1);
  EXPECT_EQ(*desc.GetAttrAs<std::string>("_custom_launch_0_kernel_name"), "k_add");
  EXPECT_EQ(desc.GetAttrAs<Bytes>("_custom_launch_0_kernel_bin")->data,
            (std::vector<uint8_t>{1, 2, 3}));
  EXPECT_EQ(*desc.GetAttrAs<int64_t>("_custom_launch_0_block_dim"), 4);
  EXPECT_EQ(*desc.GetAttrAs<int64_t>("_custom_launch_0_stream_id"), 0);
  EXPECT_EQ(*desc.GetAttrAs<std::string>("_custom_launch_0_args_format"), "{i0}{i1}{o0}{ws0}{c}");
  const std::vector<int64_t> expected{static_cast<int64_t>(memory.OutputAddress(x_, 0)),
                                      static_cast<int64_t>(memory.OutputAddress(y_, 0)),
                                      static_cast<int64_t>(memory.OutputAddress(add_, 0)),
                                      static_cast<int64_t>(workspace), 9};
  EXPECT_EQ(*desc.GetAttrAs<std::vector<int64_t>>("_custom_launch_0_args"), expected);
  EXPECT_EQ(*desc.GetAttrAs<std::vector<int64_t>>(kAttrWorkspaceBytes),
            (std::vector<int64_t>{100}));
  // The next node's workspaces start after this one's.
  EXPECT_EQ(memory.WorkspaceStart(), workspace + 512U);

  ASSERT_EQ(RunDeclareLaunchArgs(entry_, *add_, memory), SUCCESS);
  EXPECT_EQ(g_calls, 1);
}

TEST_F(LaunchArgsTest, AnUnknownShapeGetsNoPlanAndNoCall) {
  add_->MutableOpDesc().MutableOutputDesc(0)->SetShape(GeShape({-1, 3}));
  LogicalMemory memory(graph_);
  ASSERT_EQ(RunDeclareLaunchArgs(entry_, *add_, memory), SUCCESS);
  EXPECT_EQ(g_calls, 0);
  EXPECT_FALSE(add_->GetOpDesc().HasAttr(kAttrTaskPlan));
}

TEST_F(LaunchArgsTest, NoLaunchOrARaisingCallbackFailsNamingNodeAndOp) {
  LogicalMemory memory(graph_);
  entry_.callbacks.declare_launch_args = &DeclareNothing;
  EXPECT_NE(RunDeclareLaunchArgs(entry_, *add_, memory), SUCCESS);
  EXPECT_EQ(GetLastError(),
            "custom op 'Add' (node 'add'): declare_launch_args did not call AddLaunch");
  entry_.callbacks.declare_launch_args = &Raise;
  EXPECT_NE(RunDeclareLaunchArgs(entry_, *add_, memory), SUCCESS);
  EXPECT_EQ(GetLastError(),
            "custom op 'Add' (node 'add'): python declare_launch_args failed "
            "(plugin:AddImpl:Add):\nTraceback ...\nRuntimeError: no plan");
  EXPECT_FALSE(add_->GetOpDesc().HasAttr(kAttrTaskPlan));
}

}  // namespace
}  // namespace python_custom_op
}  // namespace ge
