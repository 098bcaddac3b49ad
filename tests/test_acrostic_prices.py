"""Letter prices: the bound holds for every exact answer set, and gaps add up to the shortfall."""

from __future__ import annotations

from itertools import product

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzing import examples
from puzzlewright.acrostic import build_acrostic
from puzzlewright.acrostic.bounds import kept_letter_bound
from puzzlewright.acrostic.candidates import make_tables
from puzzlewright.acrostic.prices import letter_prices
from puzzlewright.acrostic.tables import IntArray, WordTable, counts_of
from puzzlewright.lexicon import builtin_english

LETTERS = "ABCDE"
word = st.text(alphabet=LETTERS, min_size=1, max_size=4)
scored = st.tuples(word, st.integers(min_value=0, max_value=60))


def instance(
    lists: list[list[tuple[str, int]]], pick: list[int]
) -> tuple[list[WordTable], IntArray]:
    """One clue table per list; the target letters are those of one picked word per clue."""
    entries = {str(i): sorted(set(ws), key=lambda e: -e[1]) for i, ws in enumerate(lists)}
    tables, _ = make_tables(entries, LETTERS)
    clues = [tables[str(i)] for i in range(len(lists))]
    index = {ch: i for i, ch in enumerate(LETTERS)}
    chosen = [t.words[p % len(t)] for t, p in zip(clues, pick, strict=False)]
    target = sum((counts_of(w, index, len(LETTERS)) for w in chosen), np.zeros(5, np.int32))
    return clues, target


@settings(max_examples=examples(60), deadline=None)
@given(
    lists=st.lists(st.lists(scored, min_size=1, max_size=6), min_size=1, max_size=3),
    pick=st.lists(st.integers(min_value=0, max_value=5), min_size=3, max_size=3),
)
def test_bound_caps_every_exact_set_and_gaps_measure_the_shortfall(
    lists: list[list[tuple[str, int]]], pick: list[int]
) -> None:
    # one clue per list; the quotation's letters are those of one set of picked words
    clues, target = instance(lists, pick)
    prices = letter_prices(clues, target)
    gaps = [prices.gaps(t) for t in clues]
    for choice in product(*(range(len(t)) for t in clues)):
        used = sum(t.counts[j] for t, j in zip(clues, choice, strict=True))
        if not (used == target).all():
            continue
        total = sum(float(t.scores[j]) for t, j in zip(clues, choice, strict=True))
        shortfall = sum(float(g[j]) for g, j in zip(gaps, choice, strict=True))
        assert total <= prices.bound + 1e-6
        assert abs(total - (prices.bound - shortfall)) < 1e-6 * max(1.0, abs(total))
    assert all((g >= -1e-9).all() and g.min() < 1e-9 for g in gaps)


def test_bound_is_reported_and_not_beaten() -> None:
    words = builtin_english()
    quote = "The only way to get rid of a temptation is to yield to it."
    result = build_acrostic(quote, "Wilde Gray", words, seed=3, improve=0)
    assert result.status == "built"
    bound = result.mean_zipf_bound
    assert bound is not None
    mean = result.puzzles[0].mean_zipf()
    assert mean is not None and mean <= bound + 0.01


@settings(max_examples=examples(60), deadline=None)
@given(
    lists=st.lists(st.lists(scored, min_size=1, max_size=6), min_size=1, max_size=4),
    pick=st.lists(st.integers(min_value=0, max_value=5), min_size=4, max_size=4),
)
def test_kept_letter_bound_lies_between_the_best_set_and_the_price_bound(
    lists: list[list[tuple[str, int]]], pick: list[int]
) -> None:
    clues, target = instance(lists, pick)
    prices = letter_prices(clues, target)
    tight = kept_letter_bound(clues, prices.prices, target, prices.bound)
    best = max(
        sum(float(t.scores[j]) for t, j in zip(clues, choice, strict=True))
        for choice in product(*(range(len(t)) for t in clues))
        if (sum(t.counts[j] for t, j in zip(clues, choice, strict=True)) == target).all()
    )
    assert best - 1e-6 <= tight <= prices.bound + 1e-9


def test_kept_letters_tighten_the_bound_to_the_best_set() -> None:
    # found by a random search over small cases: the price bound is 130, the only exact
    # sets (ACE BAE CCC, ACD BAE CCC ...) reach 70, and keeping letters exact proves 70
    entries = {
        "A": [("AE", 60), ("ACE", 30), ("ACD", 20)],
        "B": [("BB", 60), ("BAC", 60), ("BAE", 10)],
        "C": [("CDD", 40), ("CCC", 40), ("CA", 10)],
    }
    tables, _ = make_tables(entries, LETTERS)
    clues = [tables[initial] for initial in entries]
    index = {ch: i for i, ch in enumerate(LETTERS)}
    target = counts_of("ACDBAECCC", index, len(LETTERS))
    prices = letter_prices(clues, target)
    tight = kept_letter_bound(clues, prices.prices, target, prices.bound)
    assert abs(tight - 70.0) < 1e-6 and prices.bound > 100.0


@settings(max_examples=examples(60), deadline=None)
@given(
    lists=st.lists(st.lists(scored, min_size=1, max_size=6), min_size=1, max_size=2),
    uses=st.lists(st.integers(min_value=0, max_value=1), min_size=2, max_size=4),
    pick=st.lists(st.integers(min_value=0, max_value=5), min_size=4, max_size=4),
)
def test_kept_letter_bound_holds_when_clues_share_an_initial(
    lists: list[list[tuple[str, int]]], uses: list[int], pick: list[int]
) -> None:
    # clues with one initial share a table and never take the same word twice
    entries = {str(i): sorted(set(ws), key=lambda e: -e[1]) for i, ws in enumerate(lists)}
    tables, _ = make_tables(entries, LETTERS)
    clues = [tables[str(u % len(lists))] for u in uses]
    index = {ch: i for i, ch in enumerate(LETTERS)}
    chosen = [t.words[p % len(t)] for t, p in zip(clues, pick, strict=False)]
    target = sum((counts_of(w, index, len(LETTERS)) for w in chosen), np.zeros(5, np.int32))
    prices = letter_prices(clues, target)
    tight = kept_letter_bound(clues, prices.prices, target, prices.bound)
    exact = [
        sum(float(t.scores[j]) for t, j in zip(clues, choice, strict=True))
        for choice in product(*(range(len(t)) for t in clues))
        if (sum(t.counts[j] for t, j in zip(clues, choice, strict=True)) == target).all()
        and len({t.words[j] for t, j in zip(clues, choice, strict=True)}) == len(clues)
    ]
    assert tight <= prices.bound + 1e-9
    if exact:
        assert max(exact) - 1e-6 <= tight


def test_clues_sharing_an_initial_take_distinct_words_in_the_bound() -> None:
    # two A clues and the letters AABB: AB + AB would score 120, but a set may use AB
    # only once, so the only exact set is A + ABB (30 + 10)
    entries = {"A": [("AB", 60), ("A", 30), ("ABB", 10)]}
    tables, _ = make_tables(entries, LETTERS)
    clues = [tables["A"], tables["A"]]
    index = {ch: i for i, ch in enumerate(LETTERS)}
    target = counts_of("AABB", index, len(LETTERS))
    prices = letter_prices(clues, target)
    tight = kept_letter_bound(clues, prices.prices, target, prices.bound)
    assert abs(tight - 40.0) < 1e-6 and prices.bound > 100.0
