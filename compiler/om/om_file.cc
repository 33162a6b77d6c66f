// Reading and writing the .om container (docs/om_format.md).
#include "om/om_file.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "air/air_io.h"
#include "common/error.h"
#include "om/om_bundle.h"
#include "om/om_codec.h"

namespace ge {
namespace {

constexpr uint32_t kSectionEntrySize = 24;
constexpr uint32_t kMaxSections = 1024;

using om::AppendU32;
using om::GetU32;
using om::GetU64;
using om::PutU32;
using om::PutU64;

std::string EncodeKeyValues(const std::map<std::string, std::string> &values) {
  std::string out;
  AppendU32(&out, static_cast<uint32_t>(values.size()));
  for (const auto &kv : values) {  // std::map: sorted by key, so the bytes are deterministic
    AppendU32(&out, static_cast<uint32_t>(kv.first.size()));
    out += kv.first;
    AppendU32(&out, static_cast<uint32_t>(kv.second.size()));
    out += kv.second;
  }
  return out;
}

Status DecodeKeyValues(const std::string &bytes, size_t begin, size_t size,
                       const std::string &source, const char *section,
                       std::map<std::string, std::string> *values) {
  const size_t end = begin + size;
  size_t pos = begin;
  auto fail = [&](const std::string &what) {
    return Fail(source + ": corrupt .om " + section + " section: " + what + " at byte offset " +
                std::to_string(pos));
  };
  if (size < 4) {
    return fail("missing entry count");
  }
  const uint32_t count = GetU32(bytes, pos);
  pos += 4;
  for (uint32_t i = 0; i < count; ++i) {
    std::string parts[2];
    for (std::string &part : parts) {
      if (end - pos < 4) {
        return fail("truncated length");
      }
      const uint32_t length = GetU32(bytes, pos);
      pos += 4;
      if (end - pos < length) {
        return fail("string of " + std::to_string(length) + " bytes overruns the section");
      }
      part = bytes.substr(pos, length);
      pos += length;
    }
    (*values)[parts[0]] = parts[1];
  }
  if (pos != end) {
    return fail(std::to_string(end - pos) + " trailing bytes");
  }
  return SUCCESS;
}

}  // namespace

Status SerializeOmModel(const OmModel &model, std::string *bytes) {
  if (model.graph == nullptr) {
    return Fail("SerializeOmModel: the model has no graph");
  }
  std::string model_def;
  if (SerializeGraphToModelDef(model.graph, &model_def) != SUCCESS) {
    return Fail("writing .om: serializing graph '" + model.graph->GetName() +
                "' failed: " + GetLastError());
  }
  std::vector<std::pair<OmSectionKind, std::string>> sections;
  sections.emplace_back(OmSectionKind::kModelDef, std::move(model_def));
  sections.emplace_back(OmSectionKind::kBuildInfo, EncodeKeyValues(model.build_info));
  sections.emplace_back(OmSectionKind::kCompileOptions, EncodeKeyValues(model.compile_options));
  sections.emplace_back(OmSectionKind::kPlatform, EncodeKeyValues(model.platform));

  std::string out(kOmHeaderSize + kSectionEntrySize * sections.size(), '\0');
  std::memcpy(&out[0], kOmMagic, sizeof(kOmMagic));
  PutU32(&out, 8, kOmFormatVersion);
  PutU32(&out, 12, kOmHeaderSize);
  PutU32(&out, 16, static_cast<uint32_t>(sections.size()));
  PutU32(&out, 20, 0);  // flags
  for (size_t i = 0; i < sections.size(); ++i) {
    om::AlignTo8(&out);  // 8-byte aligned payloads
    const size_t entry = kOmHeaderSize + kSectionEntrySize * i;
    PutU32(&out, entry, static_cast<uint32_t>(sections[i].first));
    PutU32(&out, entry + 4, 0);
    PutU64(&out, entry + 8, out.size());
    PutU64(&out, entry + 16, sections[i].second.size());
    out += sections[i].second;
  }
  PutU64(&out, 24, out.size());
  PutU32(&out, 32, om::Crc32(out.data() + kOmHeaderSize, out.size() - kOmHeaderSize));
  *bytes = std::move(out);
  return SUCCESS;
}

Status ParseOmModel(const std::string &bytes, const std::string &source, OmModel *model) {
  if (bytes.size() < kOmHeaderSize) {
    return Fail(source + ": not a ge_py .om file: " + std::to_string(bytes.size()) +
                " bytes is shorter than the " + std::to_string(kOmHeaderSize) +
                "-byte header (truncated at byte offset " + std::to_string(bytes.size()) + ")");
  }
  if (std::memcmp(bytes.data(), kOmBundleMagic, sizeof(kOmBundleMagic)) == 0) {
    return Fail(source + ": this is an .om bundle (several models, written by " +
                "bundle_save_model), not a single model; atc --mode=6 describes its models");
  }
  if (std::memcmp(bytes.data(), kOmMagic, sizeof(kOmMagic)) != 0) {
    return Fail(source + ": not a ge_py .om file: bad magic at byte offset 0");
  }
  const uint32_t version = GetU32(bytes, 8);
  if (version == 0 || version > kOmFormatVersion) {
    return Fail(source + ": .om format version " + std::to_string(version) +
                " (byte offset 8) is not supported; this build reads versions 1 to " +
                std::to_string(kOmFormatVersion));
  }
  const uint32_t header_size = GetU32(bytes, 12);
  const uint32_t count = GetU32(bytes, 16);
  const uint64_t file_size = GetU64(bytes, 24);
  if (header_size < kOmHeaderSize || header_size > bytes.size()) {
    return Fail(source + ": corrupt .om header: header size " + std::to_string(header_size) +
                " at byte offset 12");
  }
  if (file_size != bytes.size()) {
    return Fail(source + ": .om file is " + std::to_string(bytes.size()) +
                " bytes but its header (byte offset 24) says " + std::to_string(file_size) +
                (bytes.size() < file_size ? " - the file is truncated" : " - trailing garbage"));
  }
  const uint32_t crc = om::Crc32(bytes.data() + kOmHeaderSize, bytes.size() - kOmHeaderSize);
  if (crc != GetU32(bytes, 32)) {
    return Fail(source +
                ": .om checksum mismatch (header byte offset 32): the data after byte "
                "offset " +
                std::to_string(kOmHeaderSize) + " is corrupt");
  }
  if (count > kMaxSections ||
      header_size + static_cast<uint64_t>(count) * kSectionEntrySize > bytes.size()) {
    return Fail(source + ": corrupt .om header: section count " + std::to_string(count) +
                " at byte offset 16 does not fit the file");
  }
  OmModel parsed;
  parsed.format_version = version;
  parsed.file_size = file_size;
  bool has_model_def = false;
  for (uint32_t i = 0; i < count; ++i) {
    const size_t entry = header_size + static_cast<size_t>(kSectionEntrySize) * i;
    const uint32_t kind = GetU32(bytes, entry);
    const uint64_t offset = GetU64(bytes, entry + 8);
    const uint64_t size = GetU64(bytes, entry + 16);
    if (offset > bytes.size() || size > bytes.size() - offset) {
      return Fail(source + ": corrupt .om section table: section " + std::to_string(i) +
                  " (entry at byte offset " + std::to_string(entry) + ") spans [" +
                  std::to_string(offset) + ", +" + std::to_string(size) + ") outside the file");
    }
    Status status = SUCCESS;
    switch (static_cast<OmSectionKind>(kind)) {
      case OmSectionKind::kModelDef:
        status = ParseModelDef(bytes.substr(offset, size),
                               source +
                                   " (ModelDef section at byte "
                                   "offset " +
                                   std::to_string(offset) + ")",
                               &parsed.graph);
        parsed.model_def_size = size;
        has_model_def = status == SUCCESS;
        break;
      case OmSectionKind::kBuildInfo:
        status = DecodeKeyValues(bytes, offset, size, source, "build info", &parsed.build_info);
        break;
      case OmSectionKind::kCompileOptions:
        status = DecodeKeyValues(bytes, offset, size, source, "compile options",
                                 &parsed.compile_options);
        break;
      case OmSectionKind::kPlatform:
        status = DecodeKeyValues(bytes, offset, size, source, "platform", &parsed.platform);
        break;
      default: break;  // a section of a newer minor revision: skipped
    }
    if (status != SUCCESS) {
      return FAILED;
    }
  }
  if (!has_model_def) {
    return Fail(source + ": .om file has no model section");
  }
  *model = std::move(parsed);
  return SUCCESS;
}

Status SaveOmModel(const OmModel &model, const std::string &path) {
  std::string bytes;
  if (SerializeOmModel(model, &bytes) != SUCCESS) {
    return FAILED;
  }
  return om::WriteFileAtomically(bytes, path, ".om file");
}

Status LoadOmModel(const std::string &path, OmModel *model) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    return Fail("cannot open .om file '" + path + "': " + std::strerror(errno));
  }
  std::ostringstream content;
  content << file.rdbuf();
  return ParseOmModel(content.str(), path, model);
}

bool IsOmFile(const std::string &path) {
  std::ifstream file(path, std::ios::binary);
  char magic[sizeof(kOmMagic)] = {};
  return file.read(magic, sizeof(magic)) && std::memcmp(magic, kOmMagic, sizeof(kOmMagic)) == 0;
}

}  // namespace ge
