// Writing and reading the .om bundle container (docs/om_format.md §5).
#include "om/om_bundle.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "common/error.h"
#include "om/om_codec.h"

namespace ge {
namespace {

constexpr uint32_t kModelEntrySize = 16;  // u64 offset, u64 size

std::string At(size_t offset) { return " at byte offset " + std::to_string(offset); }

Status ReadWholeFile(const std::string &path, std::string *bytes) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    return Fail("cannot open .om bundle '" + path + "': " + std::strerror(errno));
  }
  std::ostringstream content;
  content << file.rdbuf();
  *bytes = content.str();
  return SUCCESS;
}

}  // namespace

bool IsOmBundle(const std::string &bytes) {
  return bytes.size() >= sizeof(kOmBundleMagic) &&
         std::memcmp(bytes.data(), kOmBundleMagic, sizeof(kOmBundleMagic)) == 0;
}

bool IsOmBundleFile(const std::string &path) {
  std::ifstream file(path, std::ios::binary);
  char magic[sizeof(kOmBundleMagic)] = {};
  return file.read(magic, sizeof(magic)) &&
         std::memcmp(magic, kOmBundleMagic, sizeof(kOmBundleMagic)) == 0;
}

Status SerializeOmBundle(const std::vector<std::string> &model_images, std::string *bytes) {
  if (model_images.empty()) {
    return Fail("an .om bundle needs at least one model");
  }
  if (model_images.size() > kOmBundleMaxModels) {
    return Fail("an .om bundle holds at most " + std::to_string(kOmBundleMaxModels) +
                " models, got " + std::to_string(model_images.size()));
  }
  for (size_t i = 0; i < model_images.size(); ++i) {
    const std::string &image = model_images[i];
    if (image.size() < kOmHeaderSize ||
        std::memcmp(image.data(), kOmMagic, sizeof(kOmMagic)) != 0) {
      return Fail("bundle model " + std::to_string(i) + " is not a single-model .om image");
    }
  }
  std::string out(kOmBundleHeaderSize + kModelEntrySize * model_images.size(), '\0');
  std::memcpy(&out[0], kOmBundleMagic, sizeof(kOmBundleMagic));
  om::PutU32(&out, 8, kOmBundleFormatVersion);
  om::PutU32(&out, 12, kOmBundleHeaderSize);
  om::PutU32(&out, 16, static_cast<uint32_t>(model_images.size()));
  om::PutU32(&out, 20, 0);  // flags
  for (size_t i = 0; i < model_images.size(); ++i) {
    om::AlignTo8(&out);
    const size_t entry = kOmBundleHeaderSize + kModelEntrySize * i;
    om::PutU64(&out, entry, out.size());
    om::PutU64(&out, entry + 8, model_images[i].size());
    out += model_images[i];
  }
  om::PutU64(&out, 24, out.size());
  om::PutU32(&out, 32,
             om::Crc32(out.data() + kOmBundleHeaderSize, out.size() - kOmBundleHeaderSize));
  *bytes = std::move(out);
  return SUCCESS;
}

Status SplitOmBundle(const std::string &bytes, const std::string &source,
                     std::vector<std::string> *model_images) {
  if (bytes.size() < kOmBundleHeaderSize) {
    return Fail(source + ": not a ge_py .om bundle: " + std::to_string(bytes.size()) +
                " bytes is shorter than the " + std::to_string(kOmBundleHeaderSize) +
                "-byte header (truncated" + At(bytes.size()) + ")");
  }
  if (!IsOmBundle(bytes)) {
    return Fail(source + ": not a ge_py .om bundle: bad magic" + At(0));
  }
  const uint32_t version = om::GetU32(bytes, 8);
  if (version == 0 || version > kOmBundleFormatVersion) {
    return Fail(source + ": .om bundle format version " + std::to_string(version) +
                " (byte offset 8) is not supported; this build reads versions 1 to " +
                std::to_string(kOmBundleFormatVersion));
  }
  const uint32_t header_size = om::GetU32(bytes, 12);
  const uint32_t count = om::GetU32(bytes, 16);
  const uint64_t file_size = om::GetU64(bytes, 24);
  if (header_size < kOmBundleHeaderSize || header_size > bytes.size()) {
    return Fail(source + ": corrupt .om bundle header: header size " + std::to_string(header_size) +
                At(12));
  }
  if (file_size != bytes.size()) {
    return Fail(source + ": .om bundle is " + std::to_string(bytes.size()) +
                " bytes but its header (byte offset 24) says " + std::to_string(file_size) +
                (bytes.size() < file_size ? " - the file is truncated" : " - trailing garbage"));
  }
  if (om::Crc32(bytes.data() + kOmBundleHeaderSize, bytes.size() - kOmBundleHeaderSize) !=
      om::GetU32(bytes, 32)) {
    return Fail(source +
                ": .om bundle checksum mismatch (header byte offset 32): the data after byte "
                "offset " +
                std::to_string(kOmBundleHeaderSize) + " is corrupt");
  }
  if (count == 0 || count > kOmBundleMaxModels ||
      header_size + static_cast<uint64_t>(count) * kModelEntrySize > bytes.size()) {
    return Fail(source + ": corrupt .om bundle header: model count " + std::to_string(count) +
                At(16) + " does not fit the file");
  }
  std::vector<std::string> images;
  for (uint32_t i = 0; i < count; ++i) {
    const size_t entry = header_size + static_cast<size_t>(kModelEntrySize) * i;
    const uint64_t offset = om::GetU64(bytes, entry);
    const uint64_t size = om::GetU64(bytes, entry + 8);
    if (offset > bytes.size() || size > bytes.size() - offset) {
      return Fail(source + ": corrupt .om bundle model table: model " + std::to_string(i) +
                  " (entry" + At(entry) + ") spans [" + std::to_string(offset) + ", +" +
                  std::to_string(size) + ") outside the file");
    }
    images.push_back(bytes.substr(offset, size));
  }
  *model_images = std::move(images);
  return SUCCESS;
}

Status ParseOmBundle(const std::string &bytes, const std::string &source,
                     std::vector<OmModel> *models) {
  std::vector<std::string> images;
  if (SplitOmBundle(bytes, source, &images) != SUCCESS) {
    return FAILED;
  }
  std::vector<OmModel> parsed(images.size());
  for (size_t i = 0; i < images.size(); ++i) {
    if (ParseOmModel(images[i], source + " (bundle model " + std::to_string(i) + ")", &parsed[i]) !=
        SUCCESS) {
      return FAILED;
    }
  }
  *models = std::move(parsed);
  return SUCCESS;
}

Status SaveOmBundle(const std::vector<std::string> &model_images, const std::string &path) {
  std::string bytes;
  if (SerializeOmBundle(model_images, &bytes) != SUCCESS) {
    return FAILED;
  }
  return om::WriteFileAtomically(bytes, path, ".om bundle");
}

Status LoadOmBundle(const std::string &path, std::vector<OmModel> *models, uint64_t *file_size) {
  std::string bytes;
  if (ReadWholeFile(path, &bytes) != SUCCESS || ParseOmBundle(bytes, path, models) != SUCCESS) {
    return FAILED;
  }
  if (file_size != nullptr) {
    *file_size = bytes.size();
  }
  return SUCCESS;
}

}  // namespace ge
