"""Unlocking a scrambled (locked) ``.puz`` solution by trying every 4-digit key.

Across Lite scrambles a locked solution with a 4-digit key and stores a 16-bit checksum of
the plain letters. puzpy can scramble and unscramble with a known key; this module finds
the key: it unscrambles the letters with all 10,000 keys at once as numpy arrays (the same
steps as puzpy's ``unscramble_string``, a row per key) and compares each result's
checksum with the stored one. A 16-bit checksum matches a wrong key now and then (about
one 15x15 in seven has a second key that matches), so when several keys match, the one
whose letters look most like English text wins (letter frequencies); the unlock itself is
puzpy's ``unlock_solution`` with that key.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import puz

KEYS = 10_000
BATCH_CELLS = 4_000_000  # keys x letters unscrambled at once (bounds memory for big grids)
# English letter frequencies (per cent), to choose between keys whose checksums both match
_FREQUENCY = (
    "A8.2 B1.5 C2.8 D4.3 E12.7 F2.2 G2.0 H6.1 I7.0 J0.15 K0.77 L4.0 M2.4 N6.7 O7.5 P1.9 "
    "Q0.095 R6.0 S6.3 T9.1 U2.8 V0.98 W2.4 X0.15 Y2.0 Z0.074"
)
_LOG_FREQUENCY = {item[0]: math.log(float(item[1:])) for item in _FREQUENCY.split()}


@dataclass(frozen=True)
class Unlock:
    """The key that unlocked a solution, and how many keys matched the checksum."""

    key: int
    matching: int


def unlock(source: puz.Puzzle) -> Unlock | None:
    """Unlock ``source``'s scrambled solution in place; None when no key matches its checksum."""
    if not source.is_solution_locked():
        return None
    letters = _letters(source)
    if letters is None:
        return None
    keys = matching_keys(letters, source.scrambled_cksum)
    if not keys:
        return None
    key = max(keys, key=lambda k: (_englishness(source, k), -k))
    if not source.unlock_solution(key):  # puzpy's own check; cannot fail after ours
        return None
    return Unlock(key, len(keys))


def _letters(source: puz.Puzzle) -> np.ndarray | None:
    """The scrambled letters column by column without blocks (what the key scrambled), 0-25."""
    columns = puz.replace_chars(
        puz.square(source.solution, source.width, source.height), source.blacksquare()
    )
    if not columns or not all("A" <= ch <= "Z" for ch in columns):
        return None  # puzpy scrambles only A-Z; anything else was never locked by a key
    return np.frombuffer(columns.encode("ascii"), dtype=np.uint8).astype(np.int16) - 65


def matching_keys(letters: np.ndarray, checksum: int) -> list[int]:
    """Every key in 0..9999 whose unscrambling of ``letters`` has the stored ``checksum``."""
    batch = max(1, BATCH_CELLS // max(1, len(letters)))
    found: list[int] = []
    for start in range(0, KEYS, batch):
        keys = np.arange(start, min(KEYS, start + batch))
        plain = _unscramble(letters, keys)
        sums = _checksums(plain + 65)
        found.extend(int(k) for k in keys[sums == checksum])
    return found


def _unscramble(letters: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """``letters`` unscrambled with each of ``keys`` (a row per key), as puzpy does one key."""
    length = len(letters)
    digits = np.stack([keys // 1000, keys // 100 % 10, keys // 10 % 10, keys % 10], axis=1)
    shift = digits[:, np.arange(length) % 4]  # the digit each position is shifted by
    order = np.concatenate([np.arange(1, length, 2), np.arange(0, length, 2)])
    rows = np.broadcast_to(letters, (len(keys), length)).copy()
    positions = np.arange(length)
    for step in range(3, -1, -1):
        rows = rows[:, order]  # unshuffle
        cut = digits[:, step][:, None]
        rows = np.take_along_axis(rows, (positions + length - cut) % length, axis=1)
        rows = (rows - shift) % 26  # unshift
    return rows


def _checksums(data: np.ndarray) -> np.ndarray:
    """Across Lite's 16-bit rotate-and-add checksum of each row of byte values."""
    total = np.zeros(data.shape[0], dtype=np.int64)
    for column in data.T.astype(np.int64):
        total = (((total >> 1) | ((total & 1) << 15)) + column) & 0xFFFF
    return total


def _englishness(source: puz.Puzzle, key: int) -> float:
    """How English the letters unscrambled with ``key`` look (sum of log frequencies)."""
    plain = puz.unscramble_solution(
        source.solution, source.width, source.height, key, ignore_chars=source.blacksquare()
    )
    return sum(_LOG_FREQUENCY.get(ch, -10.0) for ch in plain if ch.isalpha())
