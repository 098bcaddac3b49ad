"""The candidate answers of one initial as numpy arrays: move scoring and exact lookups.

A word is a vector of letter counts. The search scores every candidate of a clue at once:
``sum_l w[l] * |t[l] - c[l]|`` (how far the answers would be from the quotation with this
word in) equals ``c @ w - 2 * sum_k (c >= k) @ (w * (t >= k))`` plus a constant, which is a
few matrix-vector products over precomputed 0/1 matrices instead of a Python loop.

Exact lookups ("which words have exactly these letters?") go through a linear hash of the
count vector: ``hash(a - b) == hash(a) - hash(b)`` (64-bit wrap-around), so "which words
complete this pool" is one vectorized subtraction and a dictionary probe per word; every
hit is verified against the counts.

Exact sums: the matrix-vector products run through BLAS, whose threads and kernels may add
in any order, and float additions in another order may round otherwise, which once made the
answers for a seed depend on the BLAS thread count. So every value summed is kept on a grid
(a multiple of a power of two, :func:`on_grid`) coarse enough that every partial sum is a
whole number of grid steps that the float type holds exactly: the letter weights on
:func:`weight_grid`, the letter prices on ``prices.PRICE_GRID``. Sums of such values are
exact in any order, so the same seed gives the same answers with any BLAS and thread count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int32]
FloatArray = npt.NDArray[np.float32]
HashArray = npt.NDArray[np.int64]
HASH_SEED = 20240607  # fixed: hashes must agree between tables built in one run


def letter_hashes(size: int) -> HashArray:
    """Random 62-bit weights, one per letter, for the linear multiset hash."""
    rng = np.random.default_rng(HASH_SEED)
    return rng.integers(1, 1 << 62, size, dtype=np.int64)


def on_grid(values: npt.NDArray[Any], grid: float) -> npt.NDArray[Any]:
    """``values`` rounded to the nearest multiples of ``grid`` (a power of two: exact),
    ties to even; three passes over a new array, no more (the prices round 100,000 values
    per iteration)."""
    scaled: npt.NDArray[Any] = values * (1.0 / grid)
    np.rint(scaled, out=scaled)
    scaled *= grid
    return scaled.astype(values.dtype, copy=False)


def weight_grid(size: int, longest: int) -> float:
    """The grid of the letter weights (adding up to ``size``) that keeps every distance sum
    exact in float32.

    A word's distance sums at most ``size`` weights per 0/1 matrix (two of them) plus its
    later copies (at most ``longest`` weights), so every partial sum stays below
    ``(longest + 2) * size`` in absolute value; float32 holds every multiple of the grid
    below that exactly while it is under 2**24 grid steps. At most 2**-12 (a weight moves
    by 0.01 per adaptation, so finer would not change the search)."""
    bits = 23 - ((max(longest, 1) + 2) * max(size, 1)).bit_length()
    return float(2.0 ** -max(0, min(12, bits)))


def counts_of(word: str, index: dict[str, int], size: int) -> IntArray:
    """The letter-count vector of ``word``."""
    vector = np.zeros(size, np.int32)
    for ch in word:
        vector[index[ch]] += 1
    return vector


class WordTable:
    """All candidate answers for one initial, best score first."""

    def __init__(
        self,
        words: Sequence[str],
        scores: Sequence[int],
        stems: Sequence[str],
        counts: IntArray,
        hashes: HashArray,
    ) -> None:
        self.words = list(words)
        self.scores = np.asarray(scores, np.float32)
        self.stems = list(stems)
        self.counts = counts  # (n, letters) int32
        self.size = int(counts.shape[1])
        self.lengths = counts.sum(axis=1)
        self.longest = int(self.lengths.max()) if len(words) else 0
        # first and second copies of each letter as 0/1 matrices side by side (one matrix-
        # vector product; column-major runs about twice as fast), later copies as (word,
        # letter, copy) triples
        self.copies = np.asfortranarray(np.concatenate([counts >= 1, counts >= 2], 1), np.float32)
        word_ix, letter_ix = np.nonzero(counts >= 3)
        extra = counts[word_ix, letter_ix] - 2
        self.more_word = np.repeat(word_ix, extra).astype(np.intp)
        self.more_letter = np.repeat(letter_ix, extra).astype(np.intp)
        starts = np.cumsum(extra) - extra
        self.more_copy = (
            np.arange(int(extra.sum()), dtype=np.int32) - np.repeat(starts, extra) + 3
        ).astype(np.int32)
        # "which words fit a pool": per letter, the words with more than p copies of it as a
        # bitset (bit j = word j), over[letter][p] for p = 0 .. the most any word has - 1
        most = counts.max(axis=0).tolist() if len(words) else [0] * self.size
        self.over = [
            [_bitset(counts[:, letter] > p) for p in range(top)] for letter, top in enumerate(most)
        ]
        # the letters some word holds: (letter, its bitsets, how many), the only ones to look at
        self.held = [(letter, over, len(over)) for letter, over in enumerate(self.over) if over]
        self.every = (1 << len(words)) - 1
        self.hash = counts.astype(np.int64) @ hashes
        self.by_hash: dict[int, list[int]] = {}
        for j, h in enumerate(self.hash.tolist()):
            self.by_hash.setdefault(h, []).append(j)
        self.hash_set = frozenset(self.by_hash)

    def __len__(self) -> int:
        return len(self.words)

    def distances(self, target: IntArray, weights: FloatArray) -> FloatArray:
        """Weighted letter distance to ``target`` for every word, up to a shared constant.

        Exact (the same in any order of summing) when ``weights`` lie on
        :func:`weight_grid` of this alphabet and the longest word.

        A word's k-th copy of letter l moves ``|target[l] - count|`` by -1 while
        ``target[l] >= k`` and by +1 after, so each copy adds ``w[l] * (1 - 2 [target[l] >= k])``.
        """
        both = np.concatenate([weights, weights])
        reach = np.concatenate([target >= 1, target >= 2])
        result: FloatArray = self.copies @ np.where(reach, -both, both)
        if self.more_word.size:
            letters = self.more_letter
            extra = np.where(target[letters] >= self.more_copy, -weights[letters], weights[letters])
            np.add.at(result, self.more_word, extra)  # exact in float32 too: on the grid
        return result

    def exact(self, pool: IntArray, pool_hash: int) -> list[int]:
        """Indexes of the words whose letters are exactly ``pool``."""
        return [j for j in self.by_hash.get(pool_hash, ()) if (self.counts[j] == pool).all()]

    def fitting(self, pool: IntArray) -> npt.NDArray[np.intp]:
        """Indexes of the words whose letters are all in ``pool``, in order: the words with
        no letter beyond the pool's count, one bitset union per letter."""
        limits = pool.tolist()
        if min(limits) < 0:
            return np.zeros(0, np.intp)
        beyond = 0
        for letter, over, top in self.held:
            limit = limits[letter]
            if limit < top:  # else no word has more of this letter than the pool
                beyond |= over[limit]
        inside = self.every & ~beyond
        if not inside:
            return np.zeros(0, np.intp)
        data = np.frombuffer(inside.to_bytes((inside.bit_length() + 7) // 8, "little"), np.uint8)
        return np.flatnonzero(np.unpackbits(data, bitorder="little"))


def _bitset(members: npt.NDArray[np.bool_]) -> int:
    """``members`` as a Python int: bit j is set when ``members[j]`` is."""
    return int.from_bytes(np.packbits(members, bitorder="little").tobytes(), "little")
