// Every op of the catalog runs on the host runtime and every host kernel has a catalog entry
// (docs/op_catalog.md, "Catalog and kernels"). Besides kernels the executor runs the plumbing
// ops (Data, Const, NetOutput, ...) and the control-flow ops itself; the few other catalog ops
// that have no kernel are listed here with the reason. An op added on one side only fails.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "ops/op_catalog.h"
#include "runtime/control_flow.h"
#include "runtime/kernel_registry.h"

namespace ge {
namespace {

// Catalog ops without a kernel, and why none is needed.
const std::map<std::string, std::string> &CatalogOnly() {
  static const std::map<std::string, std::string> kOps = {
      {"AippData", "a graph input (Data variant): its value is fed, not computed"},
      {"AnyData", "a graph input (Data variant): its value is fed, not computed"},
      {"Variable", "a variable: its value lives outside the graph and is never computed here"},
  };
  return kOps;
}

bool RunByExecutor(const std::string &type) {
  return runtime::IsPlumbingType(type) || runtime::ControlFlowOp::IsControlFlowType(type);
}

TEST(CatalogKernelCoverage, EveryCatalogOpRunsOrSaysWhyNot) {
  std::vector<std::string> without_kernel;
  for (const std::string &type : OpCatalog::Instance().ListTypes()) {
    if (runtime::KernelRegistry::Instance().Find(type) == nullptr && !RunByExecutor(type) &&
        CatalogOnly().count(type) == 0) {
      without_kernel.push_back(type);
    }
  }
  EXPECT_TRUE(without_kernel.empty())
      << "catalog ops without a host kernel: " << ::testing::PrintToString(without_kernel);
}

TEST(CatalogKernelCoverage, EveryKernelHasACatalogEntry) {
  std::vector<std::string> without_entry;
  for (const std::string &type : runtime::KernelRegistry::Instance().ListTypes()) {
    if (OpCatalog::Instance().Find(type) == nullptr) {
      without_entry.push_back(type);
    }
  }
  EXPECT_TRUE(without_entry.empty())
      << "host kernels without a catalog entry: " << ::testing::PrintToString(without_entry);
}

TEST(CatalogKernelCoverage, TheListedExceptionsAreCatalogOpsWithoutAKernel) {
  for (const auto &entry : CatalogOnly()) {
    EXPECT_NE(OpCatalog::Instance().Find(entry.first), nullptr) << entry.first;
    EXPECT_EQ(runtime::KernelRegistry::Instance().Find(entry.first), nullptr) << entry.first;
    EXPECT_FALSE(RunByExecutor(entry.first)) << entry.first;
  }
}

}  // namespace
}  // namespace ge
