// Einsum equation parsing and resolution against operand shapes.
#include "ops/einsum_equation.h"

#include <algorithm>
#include <cctype>

namespace ge {
namespace {

constexpr int32_t kLetterLabels = 52;  // a-z, A-Z

/// One operand or output term: its letters in order, and where its ellipsis sits (-1: none).
struct Term {
  std::vector<int32_t> letters;
  int64_t ellipsis_at = -1;
};

int32_t LetterLabel(char c) { return std::islower(c) ? c - 'a' : 26 + (c - 'A'); }

bool ParseTerm(const std::string &text, Term *term, std::string *why) {
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '.') {
      if (text.compare(i, 3, "...") != 0 || term->ellipsis_at >= 0) {
        *why = "term '" + text + "' has a stray '.' or a second ellipsis";
        return false;
      }
      term->ellipsis_at = static_cast<int64_t>(term->letters.size());
      i += 3;
      continue;
    }
    if (!std::isalpha(static_cast<unsigned char>(c))) {
      *why = "term '" + text + "' has '" + std::string(1, c) + "', expected letters or '...'";
      return false;
    }
    term->letters.push_back(LetterLabel(c));
    ++i;
  }
  return true;
}

std::vector<std::string> SplitTerms(const std::string &text) {
  std::vector<std::string> terms(1);
  for (char c : text) {
    if (c == ',') {
      terms.emplace_back();
    } else {
      terms.back().push_back(c);
    }
  }
  return terms;
}

/// The labels of a term whose ellipsis covers `ellipsis_rank` dims, the last of `max_rank`
/// broadcast ellipsis dims (labels kLetterLabels + 0 .. max_rank - 1, right-aligned).
std::vector<int32_t> TermLabels(const Term &term, int64_t ellipsis_rank, int64_t max_rank) {
  std::vector<int32_t> labels;
  for (size_t i = 0; i <= term.letters.size(); ++i) {
    if (static_cast<int64_t>(i) == term.ellipsis_at) {
      for (int64_t e = max_rank - ellipsis_rank; e < max_rank; ++e) {
        labels.push_back(kLetterLabels + static_cast<int32_t>(e));
      }
    }
    if (i < term.letters.size()) labels.push_back(term.letters[i]);
  }
  return labels;
}

}  // namespace

std::vector<int64_t> EinsumPlan::OutputDims() const {
  std::vector<int64_t> dims;
  for (int32_t label : output_labels) dims.push_back(label_sizes[static_cast<size_t>(label)]);
  return dims;
}

bool ResolveEinsum(const std::string &equation, const std::vector<std::vector<int64_t>> &shapes,
                   EinsumPlan *plan, std::string *why) {
  std::string text;
  for (char c : equation) {
    if (!std::isspace(static_cast<unsigned char>(c))) text.push_back(c);
  }
  const size_t arrow = text.find("->");
  const bool explicit_output = arrow != std::string::npos;
  const std::vector<std::string> input_texts = SplitTerms(text.substr(0, arrow));
  if (input_texts.size() != shapes.size()) {
    *why = "equation '" + equation + "' has " + std::to_string(input_texts.size()) +
           " operands, the op has " + std::to_string(shapes.size()) + " inputs";
    return false;
  }
  std::vector<Term> inputs(input_texts.size());
  int64_t max_ellipsis = 0;
  std::vector<int64_t> ellipsis_ranks(inputs.size(), 0);
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!ParseTerm(input_texts[i], &inputs[i], why)) return false;
    const int64_t rank = static_cast<int64_t>(shapes[i].size());
    const int64_t letters = static_cast<int64_t>(inputs[i].letters.size());
    const bool has_ellipsis = inputs[i].ellipsis_at >= 0;
    if (has_ellipsis ? rank < letters : rank != letters) {
      *why = "operand " + std::to_string(i) + " '" + input_texts[i] + "' does not fit its rank " +
             std::to_string(rank);
      return false;
    }
    ellipsis_ranks[i] = has_ellipsis ? rank - letters : 0;
    max_ellipsis = std::max(max_ellipsis, ellipsis_ranks[i]);
  }
  plan->label_sizes.assign(static_cast<size_t>(kLetterLabels + max_ellipsis), 1);
  std::vector<int> uses(plan->label_sizes.size(), 0);
  std::vector<bool> known(plan->label_sizes.size(), false);
  plan->operand_labels.clear();
  for (size_t i = 0; i < inputs.size(); ++i) {
    plan->operand_labels.push_back(TermLabels(inputs[i], ellipsis_ranks[i], max_ellipsis));
    const std::vector<int32_t> &labels = plan->operand_labels.back();
    for (size_t d = 0; d < labels.size(); ++d) {
      const size_t label = static_cast<size_t>(labels[d]);
      const int64_t size = shapes[i][d];
      ++uses[label];
      int64_t &seen = plan->label_sizes[label];
      if (size == 1) continue;  // broadcasts against any size
      if (size < 0) {
        if (!known[label]) seen = -1;
        continue;
      }
      if (known[label] && seen != size) {
        *why = "a label of operand " + std::to_string(i) + " '" + input_texts[i] + "' has size " +
               std::to_string(size) + " here and " + std::to_string(seen) + " elsewhere";
        return false;
      }
      seen = size;
      known[label] = true;
    }
  }
  plan->output_labels.clear();
  if (explicit_output) {
    Term output;
    if (!ParseTerm(text.substr(arrow + 2), &output, why)) return false;
    if (output.ellipsis_at < 0 && max_ellipsis > 0) {
      *why = "the output of '" + equation + "' drops the operands' ellipsis dims";
      return false;
    }
    plan->output_labels = TermLabels(output, max_ellipsis, max_ellipsis);
    std::vector<int32_t> sorted = output.letters;
    std::sort(sorted.begin(), sorted.end());
    for (size_t i = 0; i < sorted.size(); ++i) {
      if (uses[static_cast<size_t>(sorted[i])] == 0 || (i > 0 && sorted[i] == sorted[i - 1])) {
        *why = "the output of '" + equation + "' names a label twice or one no operand has";
        return false;
      }
    }
  } else {
    for (int64_t e = 0; e < max_ellipsis; ++e) {
      plan->output_labels.push_back(kLetterLabels + static_cast<int32_t>(e));
    }
    for (int32_t label = 0; label < kLetterLabels; ++label) {
      // numpy's alphabetical order: upper case before lower case.
      const int32_t ordered = label < 26 ? 26 + label : label - 26;
      if (uses[static_cast<size_t>(ordered)] == 1) plan->output_labels.push_back(ordered);
    }
  }
  return true;
}

}  // namespace ge
