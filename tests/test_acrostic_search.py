"""The acrostic search's pieces on small hand-made candidate lists, in milliseconds: the Gibbs
search reaching an exact set, one-answer repairs, two-answer splits, polishing towards common
words, several distinct sets and the stop. ``test_acrostic`` runs whole quotations."""

from __future__ import annotations

import random
from itertools import product

import numpy as np

from puzzlewright.acrostic.candidates import make_tables, score_goal, score_spread
from puzzlewright.acrostic.exact import ExactSearch
from puzzlewright.acrostic.resplit import _level, resplits
from puzzlewright.acrostic.solver import Search
from puzzlewright.acrostic.tables import counts_of, on_grid, weight_grid
from puzzlewright.stopping import NEVER, StopSignal

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
INDEX = {ch: i for i, ch in enumerate(LETTERS)}
# CAT DOG EMU is the one exact set of the letters CATDOGEMU with these initials
THREE = {
    "C": [("CAT", 50), ("COD", 40), ("CUE", 30)],
    "D": [("DOG", 50), ("DUG", 20), ("DAM", 10)],
    "E": [("EMU", 50), ("EGO", 40)],
}
# CAT DOG and COG DAT both use exactly the letters CATDOG; the first is the common one
TWO = {"C": [("CAT", 50), ("COG", 40)], "D": [("DOG", 50), ("DAT", 10)]}


def search_for(
    letters: str, lists: dict[str, list[tuple[str, int]]], seed: int = 0, stop: StopSignal = NEVER
) -> Search:
    """A search whose clue ``i`` takes the words of ``lists``' ``i``-th initial."""
    tables, hashes = make_tables(lists, LETTERS)
    return Search(
        [tables[initial] for initial in lists],
        counts_of(letters, INDEX, len(LETTERS)),
        hashes,
        score_spread(lists),
        score_goal(lists),
        random.Random(seed),
        stop,
    )


def index_of(search: ExactSearch, clue: int, word: str) -> int:
    return search.tables[clue].words.index(word)


def put_words(search: ExactSearch, words: list[str]) -> None:
    search._set_all([index_of(search, clue, word) for clue, word in enumerate(words)])


def test_find_reaches_the_exact_set() -> None:
    for seed in range(5):
        search = search_for("CATDOGEMU", THREE, seed)
        search._random_start()
        assert search._find(None)
        assert search.off_count() == 0 and search.words() == ["CAT", "DOG", "EMU"]


def test_state_tracks_the_letters_off() -> None:
    search = search_for("CATDOGEMU", THREE)
    put_words(search, ["CAT", "DOG", "EGO"])
    off = dict(zip(LETTERS, search.off.tolist(), strict=True))
    assert off["M"] == off["U"] == 1 and off["G"] == off["O"] == -1
    assert search.off_count() == 4
    assert search.letter_counts.sum(axis=0)[INDEX["O"]] == 2


def test_repair_replaces_one_answer_by_exact_lookup() -> None:
    search = search_for("CATDOGEMU", THREE)
    put_words(search, ["CAT", "DOG", "EGO"])
    assert search._repair(search.off_count())
    assert search.words() == ["CAT", "DOG", "EMU"] and search.off_count() == 0


def test_repair_fails_when_no_single_answer_fits() -> None:
    search = search_for("CATDOGEMU", THREE)
    put_words(search, ["CUE", "DAM", "EGO"])  # 8 letters off: more than a pair repair
    assert not search._repair(search.off_count())


def test_splits_divide_a_pool_between_two_answers() -> None:
    search = search_for("CATDOGEMU", THREE)
    pool = counts_of("DOGEMU", INDEX, len(LETTERS))
    pool_hash = int(pool.astype(np.int64) @ search.hashes)
    found = search._splits(1, 2, pool, pool_hash)
    assert found == [(index_of(search, 1, "DOG"), index_of(search, 2, "EMU"))]
    assert search._splits(1, 2, counts_of("DOGEMA", INDEX, len(LETTERS)), 0) == []


def test_polish_moves_to_the_more_common_exact_pair() -> None:
    search = search_for("CATDOG", TWO)
    put_words(search, ["COG", "DAT"])
    assert search.value(search.choice) < search.value([0, 0])
    assert search.polish()
    assert search.words() == ["CAT", "DOG"] and search.off_count() == 0
    assert not search.polish()  # nothing better is left


def test_run_finds_distinct_sets_best_first() -> None:
    result = search_for("CATDOG", TWO).run(count=2, improve=0)
    assert result.solutions == [["CAT", "DOG"], ["COG", "DAT"]]
    assert result.stop_reason is None


def test_improvement_prefers_common_words() -> None:
    for seed in range(3):
        result = search_for("CATDOG", TWO, seed).run(count=1, improve=0.5)
        assert result.solutions == [["CAT", "DOG"]]


def test_an_interrupted_run_keeps_what_it_found() -> None:
    stop = StopSignal()
    stop.interrupted = True  # Ctrl-C: the run ends at its first poll, after the first set
    result = search_for("CATDOG", TWO, stop=stop).run(count=2, improve=0)
    assert len(result.solutions) == 1 and result.stop_reason == "interrupted"


def test_improvement_restarts_redraw_costly_answers_more_often() -> None:
    # from CUE DAM EMU (CUE and DAM far below their clues' best letter-priced scores) one
    # redrawn answer out of three: the costly C and D answers go far more often than EMU
    search = search_for("CATDOGEMU", THREE, seed=1)
    put_words(search, ["CUE", "DAM", "EMU"])
    gaps = [float(search.base_bias[i][j]) for i, j in enumerate(search.choice)]
    assert gaps[2] < min(gaps[0], gaps[1])
    moved = [0, 0, 0]
    for _ in range(300):
        put_words(search, ["CUE", "DAM", "EMU"])
        search._redraw_costly(1 / 3)
        for clue, word in enumerate(search.words()):
            moved[clue] += word != ["CUE", "DAM", "EMU"][clue]
    assert moved[2] < min(moved[0], moved[1]) / 2


# a cyclic exchange: ADE BFG CHI -> ADF BGH CIE moves one letter round three answers, so no
# re-split of two answers is exact, but one of all three is
CYCLE = {
    "A": [("ADF", 50), ("ADE", 10)],
    "B": [("BGH", 50), ("BFG", 10)],
    "C": [("CIE", 50), ("CHI", 10)],
}


def test_resplit_of_three_answers_makes_a_cyclic_exchange_pairs_cannot() -> None:
    search = search_for("ADEBFGCHI", CYCLE)
    put_words(search, ["ADE", "BFG", "CHI"])
    assert not search.polish()
    assert search.resplit([0, 1, 2])
    assert search.words() == ["ADF", "BGH", "CIE"] and search.off_count() == 0
    assert not search.resplit([0, 1, 2])  # nothing better is left


# AKV BLW CMX DNY EOZ pass one letter each round a cycle of five to become the common AKW BLX
# CMY DNZ EOV; no smaller group of answers can change (FPQ has no other word)
FIVE = {
    "A": [("AKW", 50), ("AKV", 10)],
    "B": [("BLX", 50), ("BLW", 10)],
    "C": [("CMY", 50), ("CMX", 10)],
    "D": [("DNZ", 50), ("DNY", 10)],
    "E": [("EOV", 50), ("EOZ", 10)],
    "F": [("FPQ", 30)],
}


def test_sweep_re_splits_the_two_costliest_answers_with_three_others() -> None:
    search = search_for("AKVBLWCMXDNYEOZFPQ", FIVE)
    put_words(search, ["AKV", "BLW", "CMX", "DNY", "EOZ", "FPQ"])
    assert not search.polish() and not search.resplit([0, 1, 2, 3])
    search.sweep(10_000)
    assert search.words() == ["AKW", "BLX", "CMY", "DNZ", "EOV", "FPQ"]
    assert search.off_count() == 0
    steps = search.stats.steps
    search.sweep(10_000)  # nothing better is left: one sweep that finds nothing
    assert search.words() == ["AKW", "BLX", "CMY", "DNZ", "EOV", "FPQ"]
    assert search.stats.steps - steps <= 20


def test_resplits_are_every_exact_split_within_the_gap_budget() -> None:
    rng = random.Random(7)
    for _ in range(20):
        lists = {
            initial: [
                (initial + "".join(rng.choice("AEIRST") for _ in range(rng.randint(1, 3))), 0)
                for _ in range(12)
            ]
            for initial in "BCDF"
        }
        lists = {k: list(dict.fromkeys(v)) for k, v in lists.items()}
        tables, hashes = make_tables(lists, LETTERS)
        chosen = [tables[initial] for initial in lists]
        picks = [rng.randrange(len(table)) for table in chosen]
        pool = sum((table.counts[j] for table, j in zip(chosen, picks, strict=True)))
        pool_hash = int(pool.astype(np.int64) @ hashes)
        gaps = [np.array([rng.uniform(0, 5) for _ in table.words]) for table in chosen]
        options = [
            (np.arange(len(table), dtype=np.int64), g)
            for table, g in zip(chosen, gaps, strict=True)
        ]
        budget = 9.0
        rows, _ = resplits(chosen, options, pool.astype(np.int32), pool_hash, budget)
        expected = {
            combo
            for combo in product(*(range(len(table)) for table in chosen))
            if (sum(t.counts[j] for t, j in zip(chosen, combo, strict=True)) == pool).all()
            and sum(g[j] for g, j in zip(gaps, combo, strict=True)) <= budget
        }
        found = [tuple(row) for row in rows.tolist()]
        assert set(found) == expected and len(found) == len(expected)
        totals = [sum(g[j] for g, j in zip(gaps, row, strict=True)) for row in found]
        assert totals == sorted(totals)


def test_distances_on_the_weight_grid_are_exact_sums() -> None:
    """The search's weights lie on ``weight_grid``: then every distance equals the exact
    integer sum (in grid steps), whatever order BLAS adds it in (issue 25: the answers for
    a seed depended on the BLAS kernels, OPENBLAS_CORETYPE, before)."""
    rng = np.random.default_rng(7)
    words = ["".join(rng.choice(list("AEIRSTLNOW"), size=rng.integers(4, 16))) for _ in range(3000)]
    table = make_tables({"A": [("A" + w, 50) for w in words]}, LETTERS)[0]["A"]
    grid = weight_grid(len(LETTERS), table.longest)
    target = rng.integers(0, 9, len(LETTERS)).astype(np.int32)
    for _ in range(20):
        raw = rng.random(len(LETTERS)) * 3
        weights = on_grid((raw * len(LETTERS) / raw.sum()).astype(np.float32), grid)
        steps = np.round(weights.astype(np.float64) / grid).astype(np.int64)
        exact = np.zeros(len(table), np.int64)
        for copy in range(1, int(table.counts.max()) + 1):  # the k-th copies of each letter
            sign = np.where(target >= copy, -steps, steps)
            exact += (table.counts >= copy).astype(np.int64) @ sign
        assert (table.distances(target, weights).astype(np.float64) / grid == exact).all()


def test_a_resplit_looks_at_no_more_combinations_than_allowed() -> None:
    """Issue 31 item 4: ``most`` bounds the combinations a re-split builds (its steps); what
    a cut re-split finds is still exact and within the budget, and a bound it does not
    reach changes nothing."""
    rng = random.Random(11)
    for _ in range(20):
        lists = {
            initial: list(
                dict.fromkeys(
                    initial + "".join(rng.choice("AEIRST") for _ in range(rng.randint(1, 3)))
                    for _ in range(12)
                )
            )
            for initial in "BCDF"
        }
        tables, hashes = make_tables({k: [(w, 0) for w in v] for k, v in lists.items()}, LETTERS)
        chosen = [tables[initial] for initial in lists]
        picks = [rng.randrange(len(table)) for table in chosen]
        pool = sum(table.counts[j] for table, j in zip(chosen, picks, strict=True)).astype(np.int32)
        pool_hash = int(pool.astype(np.int64) @ hashes)
        options = [
            (
                np.arange(len(table), dtype=np.int64),
                np.array([rng.uniform(0, 5) for _ in table.words]),
            )
            for table in chosen
        ]
        full, built = resplits(chosen, options, pool, pool_hash, 9.0)
        same, again = resplits(chosen, options, pool, pool_hash, 9.0, built)
        assert again == built and same.tolist() == full.tolist()
        for most in (0, 1, built // 3, built - 1):
            rows, looked = resplits(chosen, options, pool, pool_hash, 9.0, max(0, most))
            assert looked <= max(0, most)
            assert {tuple(row) for row in rows.tolist()} <= {tuple(row) for row in full.tolist()}


def test_level_cuts_rows_evenly_to_the_allowance() -> None:
    rng = np.random.default_rng(3)
    for _ in range(200):
        room = rng.integers(0, 9, rng.integers(1, 12)).astype(np.int64)
        most = int(rng.integers(0, int(room.sum()) + 3))
        level = _level(room, most)
        assert (level <= room).all() and int(level.sum()) == min(most, int(room.sum()))
        assert (
            int(level.max(initial=0)) - int(level[level < room].min(initial=level.max(initial=0)))
            <= 1
        )
