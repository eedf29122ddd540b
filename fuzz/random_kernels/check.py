# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A program's printed buffers against the model's."""

import re

import model
from kernel_ir import INT_BITS

_MEMREF = re.compile(r"Unranked Memref base@ = \S+ rank = 1 offset = 0 "
                     r"sizes = \[(\d+)\] strides = \[1\] data = \n\[([^\]]*)\]")


def parse(output):
    """The printed buffers, in order: lists of ints."""
    buffers = []
    for m in _MEMREF.finditer(output):
        text = m.group(2).strip()
        values = [int(v) for v in text.split(",")] if text else []
        if len(values) != int(m.group(1)):
            raise ValueError("a buffer of %s elements printed %d" %
                             (m.group(1), len(values)))
        buffers.append(values)
    return buffers


def matches(expected, printed, element):
    """Whether a printed element (an int; f32 as its bits) is the model's:
    bit for bit, any NaN for a NaN."""
    if element == "f32":
        bits = printed & 0xFFFFFFFF
        if expected != expected:
            return (bits & 0x7F800000) == 0x7F800000 and bits & 0x7FFFFF
        return bits == model.f32_to_bits(expected)
    m = model.mask(INT_BITS[element])
    return (printed & m) == (expected & m)


def show(value, element):
    """An element for a report: an int, or an f32 with its bits."""
    if element == "f32":
        if isinstance(value, float):
            bits = model.f32_to_bits(value)
            return "%r (0x%08X)" % (value, bits) if value == value else "NaN"
        bits = value & 0xFFFFFFFF
        return "%r (0x%08X)" % (model.f32_from_bits(bits), bits)
    bits = INT_BITS[element]
    return str(model.signed(value & model.mask(bits), bits))


def first_mismatch(kernel, expected, printed):
    """None, or (buffer name, index tuple, expected, actual) for the first
    element of the kernel's buffers that differs from the model's."""
    for buf, got in zip(kernel.buffers, printed):
        name = buf.value.name
        want = expected[name]
        element = buf.value.type.element
        if len(got) != len(want):
            return name, (), "%d elements" % len(want), "%d" % len(got)
        for i, (w, g) in enumerate(zip(want, got)):
            if not matches(w, g, element):
                index = []
                for size in reversed(buf.value.type.shape):
                    index.insert(0, i % size)
                    i //= size
                return (name, tuple(index), show(w, element), show(g, element))
    return None
