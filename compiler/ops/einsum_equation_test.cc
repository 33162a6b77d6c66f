// Tests of Einsum equation resolution: explicit and implicit outputs, ellipsis broadcasting,
// diagonals, unknown dims and the errors.
#include "ops/einsum_equation.h"

#include <gtest/gtest.h>

namespace ge {
namespace {

using Dims = std::vector<int64_t>;

Dims OutputOf(const std::string &equation, const std::vector<Dims> &shapes) {
  EinsumPlan plan;
  std::string why;
  EXPECT_TRUE(ResolveEinsum(equation, shapes, &plan, &why)) << equation << ": " << why;
  return plan.OutputDims();
}

std::string ErrorOf(const std::string &equation, const std::vector<Dims> &shapes) {
  EinsumPlan plan;
  std::string why;
  EXPECT_FALSE(ResolveEinsum(equation, shapes, &plan, &why)) << equation;
  return why;
}

TEST(EinsumEquation, ExplicitOutputs) {
  EXPECT_EQ(OutputOf("bij, bjk -> bik", {{5, 2, 3}, {5, 3, 4}}), (Dims{5, 2, 4}));
  EXPECT_EQ(OutputOf("ij->ji", {{3, 4}}), (Dims{4, 3}));
  EXPECT_EQ(OutputOf("ij->i", {{3, 4}}), (Dims{3}));
  EXPECT_EQ(OutputOf("->", {{}}), (Dims{}));
}

TEST(EinsumEquation, ImplicitOutputKeepsLabelsUsedOnceInNumpyOrder) {
  EXPECT_EQ(OutputOf("i,i", {{5}, {5}}), (Dims{}));
  EXPECT_EQ(OutputOf("ij,jk", {{2, 3}, {3, 4}}), (Dims{2, 4}));
  EXPECT_EQ(OutputOf("ba", {{2, 3}}), (Dims{3, 2}));  // alphabetical: a, then b
  EXPECT_EQ(OutputOf("aB", {{2, 3}}), (Dims{3, 2}));  // upper case sorts first
  EXPECT_EQ(OutputOf("ii", {{4, 4}}), (Dims{}));      // a trace
}

TEST(EinsumEquation, EllipsisDimsBroadcastAndLeadTheImplicitOutput) {
  EXPECT_EQ(OutputOf("...ii->...i", {{3, 5, 5}}), (Dims{3, 5}));
  EXPECT_EQ(OutputOf("...ij,...jk->...ik", {{2, 1, 2, 3}, {4, 3, 5}}), (Dims{2, 4, 2, 5}));
  EXPECT_EQ(OutputOf("...j,j", {{7, 3}, {3}}), (Dims{7}));
}

TEST(EinsumEquation, UnknownDimsStayUnknownUnlessAnotherOperandKnowsThem) {
  EXPECT_EQ(OutputOf("ij,jk->ik", {{-1, 3}, {-1, 4}}), (Dims{-1, 4}));
  EXPECT_EQ(OutputOf("ij,jk->ik", {{2, -1}, {3, -1}}), (Dims{2, -1}));
}

TEST(EinsumEquation, ErrorsSayWhatIsWrong) {
  EXPECT_EQ(ErrorOf("ij,jk->ik", {{2, 3}}),
            "equation 'ij,jk->ik' has 2 operands, the op has 1 inputs");
  EXPECT_EQ(ErrorOf("ij->ij", {{2, 3, 4}}), "operand 0 'ij' does not fit its rank 3");
  EXPECT_EQ(ErrorOf("ij,jk->ik", {{2, 3}, {4, 5}}),
            "a label of operand 1 'jk' has size 4 here and 3 elsewhere");
  EXPECT_EQ(ErrorOf("i1->i", {{2}}), "term 'i1' has '1', expected letters or '...'");
  EXPECT_EQ(ErrorOf("i->ii", {{2}}),
            "the output of 'i->ii' names a label twice or one no operand has");
  EXPECT_EQ(ErrorOf("...i->i", {{2, 3}}),
            "the output of '...i->i' drops the operands' ellipsis dims");
}

}  // namespace
}  // namespace ge
