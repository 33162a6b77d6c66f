"""IEEE 754 half-precision helpers for FLOAT16 tensors."""

from __future__ import annotations

import math
import struct
from typing import Iterable, List

__all__ = ["float_to_fp16_bits", "fp16_bits_to_float", "floats_to_fp16_bits"]

_FP16_INF = 0x7C00
_FP16_SIGN = 0x8000


def float_to_fp16_bits(value: float) -> int:
    """The half-precision bit pattern of ``value``: round half to even, overflow to +-inf, NaN
    kept, subnormals represented."""
    value = float(value)
    try:
        return struct.unpack("<H", struct.pack("<e", value))[0]
    except OverflowError:
        # struct refuses values beyond the half range; IEEE rounding makes them infinite.
        return _FP16_INF | (_FP16_SIGN if math.copysign(1.0, value) < 0 else 0)


def fp16_bits_to_float(bits: int) -> float:
    """The float value of a half-precision bit pattern."""
    return struct.unpack("<e", struct.pack("<H", bits & 0xFFFF))[0]


def floats_to_fp16_bits(values: Iterable[float]) -> List[int]:
    return [float_to_fp16_bits(v) for v in values]
