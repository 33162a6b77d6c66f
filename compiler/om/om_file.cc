// Reading and writing the .om container (docs/om_format.md).
#include "om/om_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "air/air_io.h"
#include "common/error.h"

namespace ge {
namespace {

constexpr uint32_t kSectionEntrySize = 24;
constexpr uint32_t kMaxSections = 1024;

uint32_t Crc32(const uint8_t *data, size_t size) {
  static const std::array<uint32_t, 256> table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k) {
        c = (c & 1U) != 0 ? 0xEDB88320U ^ (c >> 1) : c >> 1;
      }
      t[i] = c;
    }
    return t;
  }();
  uint32_t crc = 0xFFFFFFFFU;
  for (size_t i = 0; i < size; ++i) {
    crc = table[(crc ^ data[i]) & 0xFFU] ^ (crc >> 8);
  }
  return crc ^ 0xFFFFFFFFU;
}

void PutU32(std::string *out, size_t pos, uint32_t value) {
  for (int i = 0; i < 4; ++i) {
    (*out)[pos + i] = static_cast<char>((value >> (8 * i)) & 0xFFU);
  }
}

void PutU64(std::string *out, size_t pos, uint64_t value) {
  for (int i = 0; i < 8; ++i) {
    (*out)[pos + i] = static_cast<char>((value >> (8 * i)) & 0xFFU);
  }
}

void AppendU32(std::string *out, uint32_t value) {
  const size_t pos = out->size();
  out->resize(pos + 4);
  PutU32(out, pos, value);
}

uint32_t GetU32(const std::string &in, size_t pos) {
  uint32_t value = 0;
  for (int i = 0; i < 4; ++i) {
    value |= static_cast<uint32_t>(static_cast<uint8_t>(in[pos + i])) << (8 * i);
  }
  return value;
}

uint64_t GetU64(const std::string &in, size_t pos) {
  uint64_t value = 0;
  for (int i = 0; i < 8; ++i) {
    value |= static_cast<uint64_t>(static_cast<uint8_t>(in[pos + i])) << (8 * i);
  }
  return value;
}

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

Status MakeParentDirs(const std::string &path) {
  for (size_t pos = path.find('/', 1); pos != std::string::npos; pos = path.find('/', pos + 1)) {
    const std::string dir = path.substr(0, pos);
    if (mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) {
      return Fail("cannot create directory '" + dir + "' for '" + path +
                  "': " + std::strerror(errno));
    }
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
    out.resize((out.size() + 7) & ~static_cast<size_t>(7), '\0');  // 8-byte aligned payloads
    const size_t entry = kOmHeaderSize + kSectionEntrySize * i;
    PutU32(&out, entry, static_cast<uint32_t>(sections[i].first));
    PutU32(&out, entry + 4, 0);
    PutU64(&out, entry + 8, out.size());
    PutU64(&out, entry + 16, sections[i].second.size());
    out += sections[i].second;
  }
  PutU64(&out, 24, out.size());
  PutU32(&out, 32,
         Crc32(reinterpret_cast<const uint8_t *>(out.data()) + kOmHeaderSize,
               out.size() - kOmHeaderSize));
  *bytes = std::move(out);
  return SUCCESS;
}

Status ParseOmModel(const std::string &bytes, const std::string &source, OmModel *model) {
  if (bytes.size() < kOmHeaderSize) {
    return Fail(source + ": not a ge_py .om file: " + std::to_string(bytes.size()) +
                " bytes is shorter than the " + std::to_string(kOmHeaderSize) +
                "-byte header (truncated at byte offset " + std::to_string(bytes.size()) + ")");
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
  const uint32_t crc = Crc32(reinterpret_cast<const uint8_t *>(bytes.data()) + kOmHeaderSize,
                             bytes.size() - kOmHeaderSize);
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
  if (SerializeOmModel(model, &bytes) != SUCCESS || MakeParentDirs(path) != SUCCESS) {
    return FAILED;
  }
  const std::string temp = path + ".tmp." + std::to_string(getpid());
  {
    std::ofstream file(temp, std::ios::binary | std::ios::trunc);
    if (!file) {
      return Fail("cannot write .om file '" + path + "': " + std::strerror(errno));
    }
    file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!file) {
      std::remove(temp.c_str());
      return Fail("writing .om file '" + path + "' failed: " + std::strerror(errno));
    }
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const int error = errno;
    std::remove(temp.c_str());
    return Fail("cannot write .om file '" + path + "': " + std::strerror(error));
  }
  return SUCCESS;
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
