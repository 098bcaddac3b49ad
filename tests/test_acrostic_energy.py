"""The moves' memory (acrostic.energy.Draws) and the bitset fit (WordTable.fitting): both
must give exactly what a fresh computation gives, or the same seed would find other answers
(issue 31 item 4: the step made cheaper, every step the same)."""

from __future__ import annotations

import numpy as np
import pytest

from puzzlewright.acrostic import build
from puzzlewright.acrostic.candidates import make_tables
from puzzlewright.acrostic.energy import Draw, Draws
from puzzlewright.acrostic.exact import BARRED, SplitMemory
from puzzlewright.acrostic.tables import IntArray, WordTable, on_grid, weight_grid
from puzzlewright.lexicon.familiar import builtin_familiar, familiar_scores

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
TEMPERATURE = 0.25
PRIDE = (
    "It is a truth universally acknowledged, that a single man in possession of a good "
    "fortune, must be in want of a wife."
)


def random_table(rng: np.random.Generator, size: int = 2000) -> WordTable:
    """Words of 3-16 letters from a small alphabet, so letters repeat up to six times."""
    words = {
        "S" + "".join(rng.choice(list("AEIRSTLNOW"), size=rng.integers(2, 16))) for _ in range(size)
    }
    return make_tables({"S": [(w, 50) for w in sorted(words)]}, LETTERS)[0]["S"]


def same_draw(kept: Draw | None, fresh: Draw | None) -> bool:
    if kept is None or fresh is None:
        return kept is fresh
    return (
        kept.low == fresh.low
        and np.array_equal(kept.near, fresh.near)
        and np.array_equal(kept.odds, fresh.odds)
        and kept.total == fresh.total
    )


def test_kept_draws_are_the_fresh_ones_bit_for_bit() -> None:
    """A walk of targets (one to five letters moved at a time, some below zero), new
    weights on their grid now and then and a new bias now and then: every kept or updated
    draw equals the one computed from scratch."""
    rng = np.random.default_rng(5)
    table = random_table(rng)
    grid = weight_grid(len(LETTERS), table.longest)
    draws = Draws(1, TEMPERATURE, BARRED)
    target = rng.integers(0, 6, len(LETTERS)).astype(np.int32)
    weights = np.ones(len(LETTERS), np.float32)
    bias = (rng.random(len(table)) * 3).astype(np.float32)
    updated = 0
    for move in range(600):
        if move % 50 == 49:
            raw = rng.random(len(LETTERS)) * 3
            weights = on_grid((raw * len(LETTERS) / raw.sum()).astype(np.float32), grid)
        if move % 97 == 96:
            bias = (rng.random(len(table)) * 3).astype(np.float32)
        if rng.random() < 0.5:
            letters = rng.choice(len(LETTERS), size=rng.integers(1, 6), replace=False)
            target[letters] += rng.integers(-3, 4, letters.size).astype(np.int32)
            updated += 1
        fresh = Draws(1, TEMPERATURE, BARRED)._draw(table.distances(target, weights) + bias)
        assert same_draw(draws.draw(0, table, target.copy(), weights, bias), fresh)
    assert updated > 200


def test_a_barred_clue_draws_nothing_until_its_bias_changes() -> None:
    rng = np.random.default_rng(2)
    table = random_table(rng, 300)
    draws = Draws(1, TEMPERATURE, BARRED)
    target = np.full(len(LETTERS), 2, np.int32)
    weights = np.ones(len(LETTERS), np.float32)
    barred = np.full(len(table), BARRED, np.float32)
    assert draws.draw(0, table, target, weights, barred) is None
    assert draws.draw(0, table, target, weights, barred) is None
    assert draws.draw(0, table, target, weights, np.zeros(len(table), np.float32)) is not None


def brute_fit(table: WordTable, pool: IntArray) -> np.ndarray:
    return np.flatnonzero((table.counts <= pool).all(axis=1))


def test_fitting_is_every_word_within_the_pool_in_order() -> None:
    rng = np.random.default_rng(9)
    table = random_table(rng, 1500)
    for _ in range(300):
        pool = rng.integers(0, 5, len(LETTERS)).astype(np.int32)
        if rng.random() < 0.2:
            pool[rng.integers(len(LETTERS))] = -rng.integers(1, 3)  # an overused letter
        found = table.fitting(pool)
        assert found.dtype == np.intp and np.array_equal(found, brute_fit(table, pool))
    empty = make_tables({"S": []}, LETTERS)[0]["S"]
    assert empty.fitting(np.full(len(LETTERS), 9, np.int32)).size == 0


class Forgetful(Draws):
    """Draws with no memory: every move computed from scratch, as before issue 31."""

    def draw(self, clue: int, *args: object) -> Draw | None:  # type: ignore[override]
        self.kept[clue] = None
        return super().draw(clue, *args)  # type: ignore[arg-type]


class Amnesic(SplitMemory):
    """A split memory that never recalls: every two-answer split computed afresh."""

    def get(self, key: tuple[int, int, bytes]) -> tuple[tuple[int, int], ...] | None:
        return None


@pytest.mark.parametrize("seed", [3])
def test_the_search_moves_as_it_did_without_the_memory(seed: int) -> None:
    """A real quotation's whole search (a set, improved), step for step the same
    with and without kept draws and remembered splits: the same sets after the same
    number of steps."""
    words = builtin_familiar()
    plan = build.plan_answers(PRIDE, "Austen Pride", words, (), 4, None)
    assert not isinstance(plan, str)
    setup = build._prepare_search(plan, PRIDE, familiar_scores(words), (), None)
    assert not isinstance(setup, str)
    searches = [setup.make(seed), setup.make(seed)]
    searches[1].draws = Forgetful(searches[1].n, TEMPERATURE, BARRED)
    searches[1].split_memory = Amnesic()
    kept, fresh = (search.run(count=1, improve=0.2) for search in searches)
    assert kept.stats.steps == fresh.stats.steps and kept.solutions == fresh.solutions
    assert searches[0].split_memory.hits > 100 and searches[1].split_memory.hits == 0
    assert kept.stats.steps > 5000 and len(kept.solutions) == 1


def test_the_split_memory_stays_bounded() -> None:
    memory = SplitMemory(limit=2)
    for n in range(5):
        memory.put((0, 1, bytes([n])), ((n, n),))
        assert len(memory.pairs) <= 2 and memory.get((0, 1, bytes([n]))) == ((n, n),)
    assert memory.get((0, 1, bytes([0]))) is None and memory.hits == 5
