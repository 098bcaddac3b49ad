"""Bit helpers on Python ints, written once for every engine.

puzzlewright keeps sets as bits of a Python ``int``: the words of a length that fit a
pattern, the letters a cell may still take, the digits a letter may still be. Bit ``i``
set means member ``i`` is in the set. These helpers name the idioms so that a reader
sees ``lsb(mask)`` instead of ``(mask & -mask).bit_length() - 1``. Hot loops may still
inline the idiom (a function call costs ~50 ns), with a comment naming the helper.

>>> lsb(0b10100), msb(0b10100), popcount(0b10100)
(2, 4, 2)
>>> list(iter_bits(0b10100))
[2, 4]
>>> first_bits(0b1011_0000, 2)
[4, 5]
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TypeAlias

Bitset: TypeAlias = int
"""A set of small non-negative integers: bit ``i`` set means ``i`` is a member."""

_NONZERO_BYTE = re.compile(rb"[^\x00]")
_BYTE_BITS = [tuple(i for i in range(8) if byte >> i & 1) for byte in range(256)]
_CHUNK_BITS = 1024
_CHUNK = (1 << _CHUNK_BITS) - 1


def lsb(mask: Bitset) -> int:
    """Index of the lowest set bit (-1 for an empty set)."""
    return (mask & -mask).bit_length() - 1


def msb(mask: Bitset) -> int:
    """Index of the highest set bit (-1 for an empty set)."""
    return mask.bit_length() - 1


def popcount(mask: Bitset) -> int:
    """How many bits are set."""
    return mask.bit_count()


def iter_bits(mask: Bitset) -> Iterator[int]:
    """Indexes of the set bits of ``mask``, lowest first.

    Small masks peel off the lowest bit; large ones are read as bytes, skipping zero bytes
    at C speed, because each big-int operation costs time proportional to the mask's size.
    """
    if mask.bit_length() <= 512:
        while mask:
            low = mask & -mask
            yield low.bit_length() - 1
            mask ^= low
        return
    data = mask.to_bytes((mask.bit_length() + 7) // 8, "little")
    for found in _NONZERO_BYTE.finditer(data):
        base = found.start() * 8
        for bit in _BYTE_BITS[data[found.start()]]:
            yield base + bit


def first_bits(mask: Bitset, limit: int) -> list[int]:
    """The indexes of the lowest ``limit`` set bits of ``mask``.

    Reads the int 1024 bits at a time through ``bin``, so a dense mask costs one C call.
    """
    found: list[int] = []
    base = 0
    while mask and len(found) < limit:
        chunk = mask & _CHUNK
        if chunk:
            text = bin(chunk)[:1:-1]  # least significant bit first
            at = text.find("1")
            while at >= 0 and len(found) < limit:
                found.append(base + at)
                at = text.find("1", at + 1)
        mask >>= _CHUNK_BITS
        base += _CHUNK_BITS
    return found


def bits_of(mask: Bitset) -> list[tuple[Bitset, int]]:
    """(single-bit mask, index) for each set bit, lowest first: for loops that need both."""
    found: list[tuple[Bitset, int]] = []
    while mask:
        low = mask & -mask
        found.append((low, low.bit_length() - 1))
        mask ^= low
    return found


LetterSet: TypeAlias = Bitset
"""Letters of an alphabet: bit ``i`` is the alphabet's ``i``-th letter (a cell's options)."""

WordSet: TypeAlias = Bitset
"""Words of one length bucket: bit ``i`` is word ``i`` of that bucket, best score first."""

DigitSet: TypeAlias = Bitset
"""Digits of a number base: bit ``d`` is digit ``d`` (a cryptarithm letter's options)."""
