// Little-endian helpers, CRC-32 and the atomic file write of the .om containers.
#include "om/om_codec.h"

#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "common/error.h"

namespace ge {
namespace om {
namespace {

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

uint32_t Crc32(const char *data, size_t size) {
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
    crc = table[(crc ^ static_cast<uint8_t>(data[i])) & 0xFFU] ^ (crc >> 8);
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

void AlignTo8(std::string *out) { out->resize((out->size() + 7) & ~static_cast<size_t>(7), '\0'); }

Status WriteFileAtomically(const std::string &bytes, const std::string &path, const char *what) {
  if (MakeParentDirs(path) != SUCCESS) {
    return FAILED;
  }
  const std::string temp = path + ".tmp." + std::to_string(getpid());
  {
    std::ofstream file(temp, std::ios::binary | std::ios::trunc);
    if (!file) {
      return Fail(std::string("cannot write ") + what + " '" + path + "': " + std::strerror(errno));
    }
    file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    file.flush();
    if (!file) {
      const int error = errno;
      std::remove(temp.c_str());
      return Fail(std::string("writing ") + what + " '" + path +
                  "' failed: " + std::strerror(error));
    }
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const int error = errno;
    std::remove(temp.c_str());
    return Fail(std::string("cannot write ") + what + " '" + path + "': " + std::strerror(error));
  }
  return SUCCESS;
}

}  // namespace om
}  // namespace ge
