// FormatTraceText / FormatTraceDot / FormatTraceJson.
#include "match_trace/trace_report.h"

#include "common/json.h"

namespace ge {
namespace fusion {
namespace {

std::string Bindings(const TracedCandidate &candidate) {
  std::string text;
  for (const TracedBinding &binding : candidate.bindings) {
    text += (text.empty() ? "" : ", ") + binding.pattern_node + " -> " + binding.target_node;
  }
  return text.empty() ? "(none)" : text;
}

std::string Headline(const TracedCandidate &candidate) {
  std::string line = "candidate " + candidate.candidate + ": " + MatchCheckName(candidate.check);
  if (candidate.matched) {
    return line + " (after a whole match of " + std::to_string(candidate.bound) + " nodes)";
  }
  if (!candidate.pattern_node.empty()) {
    line += " at pattern node " + candidate.pattern_node;
    if (!candidate.target_node.empty()) {
      line += " vs " + candidate.target_node;
    }
  }
  return line + " (" + std::to_string(candidate.bound) + " bound)";
}

}  // namespace

std::string FormatTraceText(const MatchTracer &tracer) {
  std::string text = "Match trace of pass " + tracer.PassName() + " (closest " +
                     std::to_string(tracer.TopN()) + " per pattern)\n";
  if (tracer.Patterns().empty()) {
    return text + "  no pattern of this pass was swept: the pass did not run (name, stage, " +
           "switch) or is not a pattern fusion pass\n";
  }
  for (const PatternTrace &pattern : tracer.Patterns()) {
    text += "pattern " + pattern.pattern + ": ";
    if (!pattern.invalid.empty()) {
      text += "invalid, " + pattern.invalid + "\n";
      continue;
    }
    text += std::to_string(pattern.candidates) + " candidates, " + std::to_string(pattern.matches) +
            " matched, " + std::to_string(pattern.rewrites) + " rewritten\n";
    if (pattern.closest.empty() && pattern.candidates == 0U) {
      text += "  no target node has the type of the pattern's first output\n";
    }
    size_t rank = 0;
    for (const TracedCandidate &candidate : pattern.closest) {
      text += "  #" + std::to_string(++rank) + " " + Headline(candidate) + "\n";
      if (!candidate.detail.empty()) {
        text += "     " + candidate.detail + "\n";
      }
      text += "     bound: " + Bindings(candidate) + "\n";
    }
  }
  return text;
}

std::string FormatTraceDot(const MatchTracer &tracer) {
  std::string dot;
  for (const PatternTrace &pattern : tracer.Patterns()) {
    for (const TracedCandidate &candidate : pattern.closest) {
      dot += "// " + pattern.pattern + ": " + Headline(candidate) + "\n" + candidate.dot;
    }
  }
  return dot;
}

std::string FormatTraceJson(const MatchTracer &tracer) {
  JsonValue root = JsonValue::MakeObject();
  root.Set("pass", tracer.PassName());
  root.Set("top_n", static_cast<uint64_t>(tracer.TopN()));
  JsonValue patterns = JsonValue::MakeArray();
  for (const PatternTrace &pattern : tracer.Patterns()) {
    JsonValue entry = JsonValue::MakeObject();
    entry.Set("pattern", pattern.pattern);
    entry.Set("invalid", pattern.invalid);
    entry.Set("candidates", pattern.candidates);
    entry.Set("matches", pattern.matches);
    entry.Set("rewrites", pattern.rewrites);
    JsonValue closest = JsonValue::MakeArray();
    for (const TracedCandidate &candidate : pattern.closest) {
      JsonValue item = JsonValue::MakeObject();
      item.Set("candidate", candidate.candidate);
      item.Set("matched", candidate.matched);
      item.Set("bound", static_cast<uint64_t>(candidate.bound));
      item.Set("check", MatchCheckName(candidate.check));
      item.Set("detail", candidate.detail);
      item.Set("pattern_node", candidate.pattern_node);
      item.Set("target_node", candidate.target_node);
      JsonValue bindings = JsonValue::MakeArray();
      for (const TracedBinding &binding : candidate.bindings) {
        JsonValue pair = JsonValue::MakeObject();
        pair.Set("pattern_node", binding.pattern_node);
        pair.Set("pattern_type", binding.pattern_type);
        pair.Set("target_node", binding.target_node);
        pair.Set("target_type", binding.target_type);
        bindings.Append(std::move(pair));
      }
      item.Set("bindings", std::move(bindings));
      item.Set("dot", candidate.dot);
      closest.Append(std::move(item));
    }
    entry.Set("closest", std::move(closest));
    patterns.Append(std::move(entry));
  }
  root.Set("patterns", std::move(patterns));
  return root.Dump(2);
}

}  // namespace fusion
}  // namespace ge
