"""crossword.fill_checks: the candidates' fill checks agree with a fresh search per
candidate (analysis.check_candidate) and with brute force; the grid's own check agrees
with analysis.check_entry_grid and proves a candidate with its fill."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from puzzlewright.crossword.analysis import (
    GridVerdict,
    check_candidate,
    check_entry_grid,
    entry_candidates,
)
from puzzlewright.crossword.fill import fill_grid
from puzzlewright.crossword.fill.problem import build_problem
from puzzlewright.crossword.fill.propagate import Propagator
from puzzlewright.crossword.fill_checks import (
    CandidateCheck,
    Turns,
    assume,
    check_candidates,
    entry_checks,
    network,
    solve,
)
from puzzlewright.crossword.grid import Grid
from puzzlewright.lexicon import Alphabet, WordList, load_wordlist
from puzzlewright.stopping import StopSignal

GRID = Path(__file__).parents[1] / "benchmarks" / "grids" / "themed1.txt"
SQUARE = ["BAD", "ONE", "ATE", "BOA", "ANT", "DEE", "BAT", "OAT", "XYZ", "TEA", "EON", "TEN"]


def small_words() -> WordList:
    return WordList([(w, 60 - i) for i, w in enumerate(SQUARE)], Alphabet.latin())


def brute_verdict(grid: Grid, words: WordList, key: str, word: str) -> str:
    """``fills`` when some complete fill (no answer twice) has ``word`` in ``key``."""
    slots = grid.slots()
    trial = grid.copy()
    trial.place(next(s for s in slots if s.key == key), word)

    def fits(pattern: str, answer: str) -> bool:
        return all(p in ("?", a) for p, a in zip(pattern, answer, strict=True))

    options = [[w for w in words.scores() if fits(trial.word(s), w)] for s in slots]
    for choice in itertools.product(*options):
        if len(set(choice)) < len(choice):
            continue
        letters: dict[tuple[int, int], str] = {}
        for slot, answer in zip(slots, choice, strict=True):
            for pos, letter in zip(slot.cells, answer, strict=True):
                if letters.setdefault(pos, letter) != letter:
                    break
            else:
                continue
            break
        else:
            return "fills"
    return "dead end"


@pytest.mark.parametrize(
    "text", ["...\n...\n...", "B..\n...\n...", "...\n.N.\n...", "..D\n...\n..E"]
)
def test_verdicts_agree_with_brute_force(text: str) -> None:
    words = small_words()
    grid = Grid.parse(text)
    candidates = [c.word for c in entry_candidates(grid, words, "1A").words] + ["XYZ"]
    whole = check_entry_grid(grid, words, "1A")
    found = list(check_candidates(grid, words, "1A", candidates, fill=whole.fill, budget=10))
    assert sorted(check.word for check in found) == sorted(candidates)
    for check in found:
        assert check.verdict == brute_verdict(grid, words, "1A", check.word), check


@pytest.fixture(scope="module")
def half_filled() -> tuple[Grid, WordList]:
    """The benchmark's themed 15x15, its top half filled by the filler, the built-in list."""
    words, _ = load_wordlist(["crossword"])
    empty = Grid.parse(GRID.read_text())
    full = fill_grid(empty, words, min_score=50, stop=StopSignal(120))
    assert full.status == "filled"
    half = empty.copy()
    for r, c in empty.positions():
        if r < 7:
            half.cells[r][c] = full.grid.cells[r][c]
    return half, words


def valid_fill(base: Grid, filled: Grid, words: WordList, min_score: int) -> bool:
    """Every entry of ``filled`` complete, in the list at ``min_score`` (or complete in
    ``base`` already), no answer twice, every letter of ``base`` kept."""
    answers = [filled.word(slot) for slot in filled.slots()]
    given = {base.word(slot) for slot in base.slots() if "?" not in base.word(slot)}
    kept = all(not base.cells[r][c] or filled.cells[r][c] == base.cells[r][c]
               for r, c in base.positions())  # fmt: skip
    scored = all(answer in given or (words.score(answer) or 0) >= min_score for answer in answers)
    return "?" not in "".join(answers) and len(set(answers)) == len(answers) and kept and scored


@pytest.mark.slow
def test_verdicts_agree_with_a_search_per_candidate(half_filled: tuple[Grid, WordList]) -> None:
    half, words = half_filled
    keys = [s.key for s in half.slots() if "?" in half.word(s)]
    for key in keys[len(keys) // 2 :: 12]:  # entries of the empty half
        candidates = [
            c.word for c in entry_candidates(half, words, key, min_score=50, limit=5).words
        ]
        whole = check_entry_grid(half, words, key, min_score=50, stop=StopSignal(30))
        found = check_candidates(
            half, words, key, candidates, min_score=50, budget=30, fill=whole.fill
        )
        for check in found:
            alone = check_candidate(half, words, key, check.word, min_score=50, stop=StopSignal(30))
            assert check.verdict == alone != "unknown", (key, check)


@pytest.mark.parametrize(
    "text", ["...\n...\n...", "B..\n...\n...", "...\n.N.\n...", "..D\n...\n..E", "X..\n...\n..."]
)
def test_entry_checks_agree_with_brute_force_and_the_grid_check(text: str) -> None:
    """One network for the grid's question and the candidates': the same verdicts as
    brute force, and the grid's as analysis.check_entry_grid's (a fresh fill)."""
    words = small_words()
    grid = Grid.parse(text)
    candidates = [c.word for c in entry_candidates(grid, words, "1D").words] + ["XYZ", "TEN"]
    found = list(entry_checks(grid, words, "1D", candidates, budget=10))
    whole, checks = found[0], found[1:]
    assert isinstance(whole, GridVerdict)
    assert whole.verdict == check_entry_grid(grid, words, "1D").verdict
    if whole.verdict == "dead end":
        assert whole.responsible and not checks
        assert all(brute_verdict(grid, words, "1D", word) == "dead end" for word in candidates)
        return
    assert sorted(check.word for check in checks) == sorted(candidates)
    for check in checks:
        assert isinstance(check, CandidateCheck)
        assert check.verdict == brute_verdict(grid, words, "1D", check.word), check


def test_a_dead_grid_names_its_entries_and_checks_no_candidate() -> None:
    words = small_words()
    grid = Grid.parse("Q..\n...\n...")  # no word starts with Q
    found = list(entry_checks(grid, words, "1D", ["BOA"], budget=10))
    assert found == [GridVerdict("dead end", ["1A"])]


@pytest.mark.slow
def test_the_grids_fill_marks_a_first_screen_candidate(half_filled: tuple[Grid, WordList]) -> None:
    """The grid's search prefers the candidates asked about, so its fill proves one of
    them without a search of its own; each verdict says how it was reached."""
    half, words = half_filled
    keys = [s.key for s in half.slots() if "?" in half.word(s)]
    for key in keys[len(keys) // 2 :: 10]:
        candidates = [
            c.word for c in entry_candidates(half, words, key, min_score=50, limit=16).words
        ]
        found = list(entry_checks(half, words, key, candidates, min_score=50, budget=30))
        whole, checks = found[0], found[1:]
        assert isinstance(whole, GridVerdict) and whole.verdict == "fills"
        assert whole.fill[key] in candidates
        filled = half.copy()
        for slot in half.slots():
            filled.place(slot, whole.fill[slot.key])
        assert valid_fill(half, filled, words, 50)
        known = [c for c in checks if isinstance(c, CandidateCheck) and c.method == "known"]
        assert [c.word for c in known] == [whole.fill[key]]
        # every other candidate gets a proved verdict (with the crossword list of issue 26's
        # second session one of them, LARGEPRINTCLUES, is a dead end there)
        assert all(isinstance(c, CandidateCheck) for c in checks)
        assert all(c.verdict in ("fills", "dead end") for c in checks)
        assert sum(c.verdict == "fills" for c in checks) > len(checks) // 2


def test_turns_give_every_quick_search_before_any_full_one() -> None:
    """Turns deal each candidate's quick search once, in order, then the full searches of
    those left undecided, each once, whoever asks (the job's processes share them)."""
    turns = Turns.local(4)
    assert [turns.take(), turns.take()] == [(0, True), (1, True)]
    turns.leave(1, 0.25)  # candidate 1's quick search gave no verdict
    turns.done(0)
    assert turns.take() == (2, True)
    turns.leave(2, 0.5)
    assert turns.take() == (3, True)  # fresh ones first, even after one was left
    assert [turns.take(), turns.take(), turns.take()] == [(1, False), (2, False), None]
    assert list(turns.spent) == [0.0, 0.25, 0.5, 0.0]


@pytest.mark.parametrize("text", ["...\n...\n...", "B..\n...\n...", "...\n.N.\n..."])
def test_a_candidate_is_assumed_without_the_last_searchs_nogoods(text: str) -> None:
    """A candidate's search learns nogoods that hold under its own root (its word in the
    entry); the next candidate's propagation must not fire them. Before the fix, on the
    benchmark's grid with the built-in list, DYSTOPIANFUTURE in 53A was called a dead
    end after TOUCHDOWNDANCES's search had restarted. Here such a nogood is planted: "with
    this word in the entry, a crossing is not its word of a real fill"."""
    words = small_words()
    grid = Grid.parse(text)
    slot = next(s for s in grid.slots() if s.key == "1A")
    net = network(grid, words, slot, None)
    assert net is not None and net.root is not None
    status, fill = solve(net, net.root.copy(), StopSignal(10))
    assert status == "filled" and fill is not None
    v, word = net.v, fill[net.v]
    y = next(u for u, i in enumerate(fill) if u != v and i >= 0 and net.root.size[u] > 1)
    net.search.network.nogoods.learn((False, y, 1 << fill[y], (True, v, 1 << word, None)))
    state = assume(net, {v: word})
    assert state is not None
    assert all(i < 0 or state.dom[u] >> i & 1 for u, i in enumerate(fill))


def test_a_new_root_drops_the_nogoods_of_an_earlier_search() -> None:
    """The fill's tiers each build a root: nogoods learned under one tier's words do not
    hold under the next (more words), so they must not fire in its root's propagation
    (before the fix they did: here the root came out None, no fill)."""
    problem = build_problem(Grid.parse("..D\n...\n..E"), small_words(), None)
    propagator = Propagator(problem)
    first = propagator.root()
    assert first is not None and all(first.done)  # every entry forced at the root
    propagator.nogoods.learn((False, 1, first.dom[1], (True, 0, first.dom[0], None)))
    again = propagator.root()
    assert again is not None and again.dom == first.dom
