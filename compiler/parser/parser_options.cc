// Parsing of --input_shape and --out_nodes.
#include "parser/parser_options.h"

#include <cctype>

#include "common/error.h"

namespace ge {
namespace {

std::vector<std::string> SplitText(const std::string &text, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = text.find(sep, start);
    parts.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) {
      break;
    }
    start = end + 1;
  }
  return parts;
}

bool ParseInteger(const std::string &text, int64_t *value) {
  if (text.empty() || text.size() > 19) {
    return false;
  }
  size_t i = text[0] == '-' ? 1 : 0;
  if (i == text.size()) {
    return false;
  }
  for (; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) {
      return false;
    }
  }
  *value = std::stoll(text);
  return true;
}

}  // namespace

Status ParseInputShapeOption(const std::string &text,
                             std::vector<std::pair<std::string, std::vector<int64_t>>> *shapes) {
  shapes->clear();
  if (text.empty()) {
    return SUCCESS;
  }
  for (const std::string &entry : SplitText(text, ';')) {
    if (entry.empty()) {
      continue;  // a trailing ';'
    }
    const size_t colon = entry.rfind(':');
    if (colon == std::string::npos || colon == 0) {
      return Fail("--input_shape: entry '" + entry + "' is not of the form name:d0,d1,...");
    }
    const std::string name = entry.substr(0, colon);
    const std::string dims_text = entry.substr(colon + 1);
    std::vector<int64_t> dims;
    if (!dims_text.empty()) {
      for (const std::string &dim_text : SplitText(dims_text, ',')) {
        int64_t dim = 0;
        const size_t tilde = dim_text.find('~');
        if (tilde != std::string::npos) {
          int64_t low = 0;
          int64_t high = 0;
          if (!ParseInteger(dim_text.substr(0, tilde), &low) ||
              !ParseInteger(dim_text.substr(tilde + 1), &high) || low < 0 ||
              (high != -1 && high < low)) {
            return Fail("--input_shape: input '" + name + "': range '" + dim_text +
                        "' is not of the form low~high");
          }
          dim = -1;  // a range is a dynamic dim
        } else if (!ParseInteger(dim_text, &dim) || dim < -1) {
          return Fail("--input_shape: input '" + name + "': dim '" + dim_text +
                      "' is not an integer >= -1");
        }
        dims.push_back(dim);
      }
    }
    for (const auto &existing : *shapes) {
      if (existing.first == name) {
        return Fail("--input_shape: input '" + name + "' is given twice");
      }
    }
    shapes->emplace_back(name, std::move(dims));
  }
  return SUCCESS;
}

Status ParseOutNodesOption(const std::string &text,
                           std::vector<std::pair<std::string, int32_t>> *out_nodes) {
  out_nodes->clear();
  if (text.empty()) {
    return SUCCESS;
  }
  for (const std::string &entry : SplitText(text, ';')) {
    if (entry.empty()) {
      continue;
    }
    const size_t colon = entry.rfind(':');
    int64_t index = 0;
    if (colon == std::string::npos || colon == 0 ||
        !ParseInteger(entry.substr(colon + 1), &index) || index < 0 || index > INT32_MAX) {
      return Fail("--out_nodes: entry '" + entry + "' is not of the form node:output_index");
    }
    out_nodes->emplace_back(entry.substr(0, colon), static_cast<int32_t>(index));
  }
  return SUCCESS;
}

}  // namespace ge
