// Little-endian field access and the CRC-32 shared by the .om model and .om bundle containers.
#ifndef GE_OM_OM_CODEC_H_
#define GE_OM_OM_CODEC_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "ge/ge_error_codes.h"

namespace ge {
namespace om {

/// CRC-32 (IEEE polynomial, as zlib's crc32) of `size` bytes at `data`.
uint32_t Crc32(const char *data, size_t size);

/// Overwrite 4/8 bytes at `pos` (the caller has sized `out`).
void PutU32(std::string *out, size_t pos, uint32_t value);
void PutU64(std::string *out, size_t pos, uint64_t value);
void AppendU32(std::string *out, uint32_t value);

/// Read 4/8 bytes at `pos` (the caller has checked the bounds).
uint32_t GetU32(const std::string &in, size_t pos);
uint64_t GetU64(const std::string &in, size_t pos);

/// Pads `out` with zero bytes to a multiple of 8 (payload alignment of both containers).
void AlignTo8(std::string *out);

/// Writes `bytes` to `path` through a temporary file + rename (parent directories are
/// created), so a reader never sees a half-written file. `what` names the file kind in errors.
Status WriteFileAtomically(const std::string &bytes, const std::string &path, const char *what);

}  // namespace om
}  // namespace ge

#endif  // GE_OM_OM_CODEC_H_
