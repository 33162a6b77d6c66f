// The .om bundle: several complete .om model images in one file (ge.offline_compile
// bundle_build_model / bundle_save_model), docs/om_format.md §5.
#ifndef GE_OM_OM_BUNDLE_H_
#define GE_OM_OM_BUNDLE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "ge/ge_error_codes.h"
#include "om/om_file.h"

namespace ge {

/// Bundle format version this build writes; readers accept 1..kOmBundleFormatVersion.
constexpr uint32_t kOmBundleFormatVersion = 1;
/// The first 8 bytes of every bundle (differs from kOmMagic in the last byte only).
constexpr char kOmBundleMagic[8] = {'G', 'E', 'P', 'Y', '_', 'O', 'M', 'B'};
constexpr uint32_t kOmBundleHeaderSize = 64;
/// Upper bound on models per bundle; a larger count in a header means a corrupt file.
constexpr uint32_t kOmBundleMaxModels = 4096;

/// Packs complete .om images (each as SerializeOmModel writes it; at least one) into bundle
/// bytes. Every image is checked to be a single-model .om first.
Status SerializeOmBundle(const std::vector<std::string> &model_images, std::string *bytes);

/// Splits bundle bytes into the model images (not parsed). Errors name `source` and the byte
/// offset of the bad field.
Status SplitOmBundle(const std::string &bytes, const std::string &source,
                     std::vector<std::string> *model_images);

/// Parses every model of a bundle (each error names the model index).
Status ParseOmBundle(const std::string &bytes, const std::string &source,
                     std::vector<OmModel> *models);

Status SaveOmBundle(const std::vector<std::string> &model_images, const std::string &path);
Status LoadOmBundle(const std::string &path, std::vector<OmModel> *models,
                    uint64_t *file_size = nullptr);

/// True when `bytes` / the file at `path` start with the bundle magic.
bool IsOmBundle(const std::string &bytes);
bool IsOmBundleFile(const std::string &path);

}  // namespace ge

#endif  // GE_OM_OM_BUNDLE_H_
