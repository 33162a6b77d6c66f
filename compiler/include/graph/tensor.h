// Tensor: the public value type for a constant tensor (desc + bytes). Bytes are shared between
// copies and never changed in place, so copying a weight is cheap.
#ifndef GE_GRAPH_TENSOR_H_
#define GE_GRAPH_TENSOR_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "ge/ge_error_codes.h"
#include "graph/tensor_desc.h"

namespace ge {

class GeTensor;

class Tensor {
 public:
  Tensor();
  explicit Tensor(const TensorDesc &desc);
  Tensor(const TensorDesc &desc, const std::vector<uint8_t> &data);
  Tensor(const TensorDesc &desc, const uint8_t *data, size_t size);
  Tensor(const Tensor &other);
  Tensor(Tensor &&other) noexcept;
  Tensor &operator=(const Tensor &other);
  Tensor &operator=(Tensor &&other) noexcept;
  ~Tensor();

  TensorDesc GetTensorDesc() const;
  graphStatus SetTensorDesc(const TensorDesc &desc);
  /// nullptr when the tensor has no bytes.
  const uint8_t *GetData() const;
  size_t GetSize() const;
  graphStatus SetData(const std::vector<uint8_t> &data);
  graphStatus SetData(const uint8_t *data, size_t size);

  /// The IR value behind this tensor (for compiler-internal code).
  const GeTensor &GetGeTensor() const;
  GeTensor &MutableGeTensor();
  explicit Tensor(const GeTensor &tensor);

 private:
  // The GeTensor lives in this buffer (see TensorDesc): no allocation per Tensor.
  alignas(16) unsigned char storage_[160];
};

}  // namespace ge

#endif  // GE_GRAPH_TENSOR_H_
