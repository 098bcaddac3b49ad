"""Find word equations with exactly one solution: ``find`` over a word pool, in shards.

A run is a :class:`FindSpec` (the form, the word pool, the result words, the seed) cut into
independent shards. A shard is a deterministic list of candidate equations: a slice of the
full enumeration when the space is small (themes, number names, a fixed result), or draws
from ``random.Random(f"{seed}/{shard}")`` when it is not. Each candidate passes cheap filters
(lengths, at most ``base`` letters, the units column), then the fast counter of
:mod:`~puzzlewright.cryptarithm.find_checker`; each unique one is verified by the general
solver. Results are read back in shard order, so the output is the same whatever runs the
shards (one process, a pool, a Dask cluster).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations, combinations_with_replacement, islice, permutations
from math import comb, perm
from typing import Literal, TypeAlias

from puzzlewright.cryptarithm.explain import grade_of
from puzzlewright.cryptarithm.find_checker import WordEquation, count_solutions
from puzzlewright.cryptarithm.numbers import NumberNames
from puzzlewright.cryptarithm.solver import Cryptarithm
from puzzlewright.errors import PuzzleInputError
from puzzlewright.stopping import (
    NEVER,
    Counters,
    StopReason,
    StopSignal,
    clock,
    interrupted_by,
)

EXHAUSTIVE_LIMIT = 2_000_000
"""Enumerate every candidate when there are at most this many; sample otherwise."""
SHARD_CANDIDATES = 4000
"""Candidates per shard (about a second of work on one core)."""
BASE = 10


# ------------------------------------------------------------------------------------------
# Forms


@dataclass(frozen=True)
class Form:
    """An equation form: ``terms`` words joined by ``op``, equal to one result word."""

    op: str  # "+", "-" or "*"
    terms: int

    def text(self) -> str:
        """``A + B = C`` style."""
        names = [chr(ord("A") + i) for i in range(self.terms + 1)]
        return f" {self.op} ".join(names[:-1]) + f" = {names[-1]}"


_FORM = re.compile(r"^\s*[A-Za-z]\w*(\s*([-+*×x])\s*[A-Za-z]\w*)+\s*=\s*[A-Za-z]\w*\s*$")


def parse_form(text: str) -> Form:
    """``"A + B = C"``, ``"A + B + C = D"``, ``"A - B = C"`` or ``"A * B = C"``."""
    if not _FORM.match(text):
        raise PuzzleInputError(
            f"bad form {text!r}: write it like 'A + B = C', 'A + B + C = D', 'A - B = C' "
            "or 'A * B = C'",
            parameters=("form",),
        )
    left = text.split("=")[0]
    ops = set(re.findall(r"[-+*×]|(?<=\s)x(?=\s)", left))
    ops = {"*" if op in "×x" else op for op in ops}
    if len(ops) != 1:
        raise PuzzleInputError(
            f"bad form {text!r}: use one kind of operator (+, - or *)", parameters=("form",)
        )
    op = ops.pop()
    terms = len(re.findall(r"[A-Za-z]\w*", left))
    if op == "*" and terms != 2:
        raise PuzzleInputError("a product form has two factors: 'A * B = C'")
    if terms > 9:
        raise PuzzleInputError("at most 9 terms")
    return Form(op, terms)


# ------------------------------------------------------------------------------------------
# The run specification and its candidates


@dataclass(frozen=True)
class FindSpec:
    """Everything a shard needs; plain data, so it pickles to a worker process or cluster."""

    form: Form
    pool: tuple[str, ...]  # words for the terms, best first
    results: tuple[str, ...]  # words for the result (the pool, or the fixed result)
    scores: dict[str, int]
    seed: int = 0
    numbers: tuple[tuple[int, str], ...] = ()  # doubly-true: (value, name) pairs
    exhaustive: bool = True
    shard_size: int = SHARD_CANDIDATES
    tuples_per_shard: int = 1  # exhaustive: term tuples per shard
    verify: bool = True  # verify every unique candidate with the general solver

    @property
    def doubly_true(self) -> bool:
        """True when the words are number names and the sums must hold as numbers too."""
        return bool(self.numbers)


def _result_lengths(form: Form, lengths: Sequence[int]) -> range:
    """Lengths the result can have, given the terms' lengths (length arithmetic)."""
    if form.op == "+":
        # the largest term has ``top`` digits; k <= 9 terms sum to less than 10**(top + 1)
        top = max(lengths)
        return range(top, top + (2 if form.terms > 1 else 1))
    if form.op == "*":
        total = sum(lengths)
        return range(total - 1, total + 1)
    # A - B - ... = C: A = B + ... + C, so len(C) <= len(A), and the terms after A must be
    # long enough to reach A's length
    first, rest = lengths[0], lengths[1:]
    if any(n > first for n in rest):
        return range(0)
    if max(rest, default=0) >= first - 1:
        return range(1, first + 1)
    return range(first - 1, first + 1)


def _term_tuples(spec: FindSpec) -> Iterator[tuple[int, ...]]:
    """All term tuples (indexes into the pool), in enumeration order."""
    n, k = len(spec.pool), spec.form.terms
    if spec.form.op == "-":
        return permutations(range(n), k)
    if spec.doubly_true:
        return combinations_with_replacement(range(n), k)
    return combinations(range(n), k)


def _count_term_tuples(spec: FindSpec) -> int:
    n, k = len(spec.pool), spec.form.terms
    if spec.form.op == "-":
        return perm(n, k)
    if spec.doubly_true:
        return comb(n + k - 1, k)
    return comb(n, k)


def _by_length(words: Sequence[str]) -> dict[int, list[int]]:
    table: dict[int, list[int]] = {}
    for i, word in enumerate(words):
        table.setdefault(len(word), []).append(i)
    return table


def _canonical(form: Form, terms: Sequence[str]) -> tuple[str, ...]:
    """Sums and products commute: longest term first, then alphabetical (``-`` keeps order)."""
    if form.op == "-":
        return tuple(terms)
    return tuple(sorted(terms, key=lambda w: (-len(w), w)))


def _doubly_result(spec: FindSpec, values: Sequence[int]) -> int | None:
    op = spec.form.op
    if op == "+":
        return sum(values)
    if op == "*":
        return values[0] * values[1]
    return values[0] - sum(values[1:])


def candidates_of_shard(spec: FindSpec, shard: int) -> Iterator[WordEquation]:
    """The candidate equations of one shard, deterministically."""
    form = spec.form
    results = _by_length(spec.results)
    if spec.doubly_true:
        names = dict(spec.numbers)
        values = [v for v, _ in spec.numbers]
        wanted = set(spec.results)
        start = shard * spec.tuples_per_shard
        for picked in islice(_term_tuples(spec), start, start + spec.tuples_per_shard):
            terms_values = [values[i] for i in picked]
            total = _doubly_result(spec, terms_values)
            if total is None or total not in names or names[total] not in wanted:
                continue
            if form.op == "-" and any(v <= 0 for v in terms_values):
                continue
            named = [names[v] for v in terms_values]
            yield WordEquation(_canonical(form, named), names[total], form.op)
        return
    if spec.exhaustive:
        start = shard * spec.tuples_per_shard
        for picked in islice(_term_tuples(spec), start, start + spec.tuples_per_shard):
            words = [spec.pool[i] for i in picked]
            for length in _result_lengths(form, [len(t) for t in words]):
                for r in results.get(length, ()):
                    result = spec.results[r]
                    if result not in words:
                        yield WordEquation(_canonical(form, words), result, form.op)
        return
    rng = random.Random(f"{spec.seed}/{shard}")
    n = len(spec.pool)
    for _ in range(spec.shard_size):
        drawn = [spec.pool[i] for i in rng.sample(range(n), form.terms)]
        lengths = [r for r in _result_lengths(form, [len(t) for t in drawn]) if r in results]
        if not lengths:
            continue
        total = sum(len(results[r]) for r in lengths)
        choice = rng.randrange(total)
        result = ""
        for r in lengths:
            if choice < len(results[r]):
                result = spec.results[results[r][choice]]
                break
            choice -= len(results[r])
        if result in drawn:
            continue
        yield WordEquation(_canonical(form, drawn), result, form.op)


def estimate_candidates(spec: FindSpec) -> int:
    """How many candidates a full enumeration would hold (ignoring repeated words)."""
    if spec.doubly_true:
        return _count_term_tuples(spec)
    pool_lengths: dict[int, int] = {}
    for word in spec.pool:
        pool_lengths[len(word)] = pool_lengths.get(len(word), 0) + 1
    result_lengths: dict[int, int] = {}
    for word in spec.results:
        result_lengths[len(word)] = result_lengths.get(len(word), 0) + 1
    k = spec.form.terms
    keys = sorted(pool_lengths)
    total = 0
    for combo in combinations_with_replacement(keys, k):
        ways = 1
        for length in set(combo):
            ways *= comb(pool_lengths[length] + combo.count(length) - 1, combo.count(length))
        if spec.form.op == "-":
            ways *= len(set(permutations(combo)))
        fitting = sum(result_lengths.get(r, 0) for r in _result_lengths(spec.form, combo))
        total += ways * fitting
    return total


# ------------------------------------------------------------------------------------------
# Filters and checks


def cheap_filter(equation: WordEquation, base: int = BASE) -> str | None:
    """Why ``equation`` cannot be a unique puzzle, without solving (None: it may be).

    Lengths were already matched when the candidate was made."""
    letters = set("".join(equation.words))
    if len(letters) > base:
        return "letters"
    if equation.op in "+-" and len(equation.terms) == 2:
        # as p + q = t (a - b = c is b + c = a)
        a, b = equation.terms
        p, q, t = (a, b, equation.result) if equation.op == "+" else (b, equation.result, a)
        x, y, z = p[-1], q[-1], t[-1]
        # units column: a repeated letter forces a zero, impossible on a leading letter
        zero = None
        if x == y == z or y == z:
            zero = x
        elif x == z:
            zero = y
        if zero is not None and zero in equation.leading():
            return "units"
        # parity: a sum longer than both addends starts with the carry, 1; x + x = z
        # leaves z even, so z cannot be that letter
        if len(t) > max(len(p), len(q)) and x == y != z and z == t[0]:
            return "parity"
    return None


@dataclass(frozen=True)
class FoundPuzzle:
    """A word equation with exactly one solution."""

    puzzle: str
    words: tuple[str, ...]
    solution: dict[str, int]
    digits: str  # the solution written out: ``9567 + 1085 = 10652``
    scores: tuple[int | None, ...]
    shard: int
    grade: str | None = None  # the explanation grade, when asked for (find(difficulty=...))

    @property
    def score(self) -> int | None:
        """The weakest word's score (None when a word is not in the list)."""
        known = [s for s in self.scores if s is not None]
        return min(known) if len(known) == len(self.scores) else None

    def to_json(self) -> dict[str, object]:
        """One JSON Lines record."""
        return {
            "puzzle": self.puzzle,
            "words": list(self.words),
            "solution": self.solution,
            "digits": self.digits,
            "score": self.score,
            "scores": list(self.scores),
            **({"grade": self.grade} if self.grade is not None else {}),
        }


@dataclass
class ShardStats(Counters):
    """What one shard (or a whole run) did: counts, and thread CPU seconds per stage."""

    candidates: int = 0
    filtered: int = 0
    checked: int = 0
    unique: int = 0
    rejected_by_solver: int = 0
    check_seconds: float = 0.0
    verify_seconds: float = 0.0

    @property
    def checks_per_second(self) -> float:
        """Uniqueness checks per second of checking time."""
        return self.checked / self.check_seconds if self.check_seconds else 0.0


@dataclass
class ShardResult:
    """The unique puzzles of one shard, in candidate order, with its figures."""

    shard: int
    puzzles: list[FoundPuzzle]
    stats: ShardStats


def run_shard(spec: FindSpec, shard: int) -> ShardResult:
    """Filter, count and verify one shard's candidates (pure: same input, same output)."""
    stats = ShardStats()
    found: list[FoundPuzzle] = []
    seen: set[str] = set()
    for equation in candidates_of_shard(spec, shard):
        stats.candidates += 1
        if cheap_filter(equation) is not None:
            stats.filtered += 1
            continue
        started = time.thread_time()
        counted = count_solutions(equation, base=BASE, limit=2)
        stats.check_seconds += time.thread_time() - started
        stats.checked += 1
        if counted.count != 1 or counted.solution is None:
            continue
        text = equation.text()
        if text in seen:
            continue
        seen.add(text)
        solution = counted.solution
        puzzle = Cryptarithm.parse(text)
        if spec.verify:
            started = time.thread_time()
            verified = list(puzzle.solve(limit=2))
            stats.verify_seconds += time.thread_time() - started
            if len(verified) != 1 or verified[0] != solution:
                stats.rejected_by_solver += 1
                continue
        stats.unique += 1
        ordered = {letter: solution[letter] for letter in puzzle.symbols}
        found.append(
            FoundPuzzle(
                puzzle=text,
                words=equation.words,
                solution=ordered,
                digits=puzzle.substitute(ordered),
                scores=tuple(spec.scores.get(w) for w in equation.words),
                shard=shard,
            )
        )
    return ShardResult(shard, found, stats)


# ------------------------------------------------------------------------------------------
# Building a spec


def build_spec(
    form: Form,
    *,
    pool: Sequence[str],
    scores: dict[str, int],
    result: str | None = None,
    numbers: NumberNames | None = None,
    seed: int = 0,
    verify: bool = True,
) -> FindSpec:
    """A run over ``pool`` (best first), or over ``numbers`` names for doubly-true sums."""
    if numbers is not None:
        names = tuple((v, n) for v, n in numbers.names if len(set(n)) <= BASE)
        if not names:
            raise PuzzleInputError("no number name has at most 10 distinct letters")
        if result is not None and result not in {n for _, n in names}:
            raise PuzzleInputError(f"{result} is not a number name of the table")
        spec = FindSpec(
            form=form,
            pool=tuple(n for _, n in names),
            results=(result,) if result is not None else tuple(n for _, n in names),
            scores=scores,
            seed=seed,
            numbers=names,
            verify=verify,
        )
        return _with_shards(spec)
    words = tuple(dict.fromkeys(w for w in pool if len(set(w)) <= BASE))
    if result is not None:
        letters = set(result)
        if len(letters) > BASE:
            raise PuzzleInputError(f"{result} has more than {BASE} distinct letters")
        spare = BASE - len(letters)
        words = tuple(w for w in words if w != result and len(set(w) - letters) <= spare)
        results: tuple[str, ...] = (result,)
    else:
        results = words
    if len(words) < form.terms:
        raise PuzzleInputError(
            f"the form {form.text()} needs {form.terms} different words; only {len(words)} fit"
        )
    spec = FindSpec(form=form, pool=words, results=results, scores=scores, seed=seed, verify=verify)
    return _with_shards(spec)


def _with_shards(spec: FindSpec) -> FindSpec:
    """Choose exhaustive or sampled mode and the shard size; keep only the scores of the
    run's words (the spec travels to every worker)."""
    used = set(spec.pool) | set(spec.results)
    spec = replace(spec, scores={w: s for w, s in spec.scores.items() if w in used})
    total = estimate_candidates(spec)
    tuples = _count_term_tuples(spec)
    if total <= EXHAUSTIVE_LIMIT:
        per_tuple = max(1.0, total / max(1, tuples))
        per_shard = max(1, int(spec.shard_size / per_tuple))
        return replace(spec, exhaustive=True, tuples_per_shard=per_shard)
    return replace(spec, exhaustive=False)


def shard_count(spec: FindSpec) -> int | None:
    """Number of shards of an exhaustive run (None: sampling has no end of its own)."""
    if spec.exhaustive or spec.doubly_true:
        tuples = _count_term_tuples(spec)
        return -(-tuples // spec.tuples_per_shard) if tuples else 0
    return None


# ------------------------------------------------------------------------------------------
# Running


MapShards = Callable[[FindSpec, Iterable[int]], Iterator[ShardResult]]
"""Run ``run_shard(spec, i)`` for each shard index, yielding results in index order."""


def serial_map(spec: FindSpec, shards: Iterable[int]) -> Iterator[ShardResult]:
    """Run the shards one after another in this process."""
    for shard in shards:
        yield run_shard(spec, shard)


FindStatus: TypeAlias = Literal["found", "none", "timeout"]
"""How a find run ended, in the words of the other engines (pattern's ``found`` / ``none``,
fill's ``timeout``): ``found``: at least one unique puzzle, the run over or at its limit;
``none``: no puzzle; ``timeout``: the time limit or Ctrl-C ended it (``stop_reason`` says
which; the puzzles found by then were emitted)."""


@dataclass
class FindRun:
    """A finished run: the puzzles emitted and the totals."""

    puzzles: list[FoundPuzzle] = field(default_factory=list)
    stats: ShardStats = field(default_factory=ShardStats)
    shards: int = 0
    complete: bool = True  # every shard ran (exhaustive) or the limit was reached
    stop_reason: StopReason | None = None  # None: every candidate of an exhaustive run seen
    seconds: float = 0.0

    @property
    def status(self) -> FindStatus:
        """``found``, ``none`` or ``timeout`` (:data:`FindStatus`)."""
        if interrupted_by(self.stop_reason):
            return "timeout"
        return "found" if self.puzzles else "none"

    def to_json(self) -> dict[str, object]:
        """The run as JSON: how it ended, its puzzles, totals and why it ended."""
        return {
            "status": self.status,
            "puzzles": [puzzle.to_json() for puzzle in self.puzzles],
            "candidates": self.stats.candidates,
            "filtered": self.stats.filtered,
            "checked": self.stats.checked,
            "shards": self.shards,
            "complete": self.complete,
            "stop_reason": self.stop_reason,
            "seconds": round(self.seconds, 3),
        }


def _shard_indexes(spec: FindSpec, total_shards: int | None, max_candidates: int | None) -> range:
    """Every shard of an exhaustive run, else enough sampled shards for ``max_candidates``."""
    if total_shards is not None:
        return range(total_shards)
    budget = max_candidates if max_candidates is not None else 10**12
    return range(-(-budget // spec.shard_size))


def _new_puzzle(
    puzzle: FoundPuzzle, seen: set[str], grade: bool, difficulty: str | None
) -> FoundPuzzle | None:
    """``puzzle`` the first time it is seen, graded when asked; None when it was seen
    before or its grade is not ``difficulty``."""
    if puzzle.puzzle in seen:
        return None
    seen.add(puzzle.puzzle)
    if grade or difficulty is not None:
        puzzle = replace(puzzle, grade=grade_of(puzzle.puzzle))
        if difficulty is not None and puzzle.grade != difficulty:
            return None
    return puzzle


def _add_puzzles(
    run: FindRun,
    shard: ShardResult,
    seen: set[str],
    grade: bool,
    difficulty: str | None,
    on_puzzle: Callable[[FoundPuzzle], None] | None,
    limit: int | None,
) -> None:
    """Add the shard's new unique puzzles to ``run``, each streamed to ``on_puzzle``, until
    ``limit`` puzzles: then ``run.stop_reason`` is ``limit``."""
    for found in shard.puzzles:
        puzzle = _new_puzzle(found, seen, grade, difficulty)
        if puzzle is None:
            continue
        run.puzzles.append(puzzle)
        if on_puzzle is not None:
            on_puzzle(puzzle)
        if limit is not None and len(run.puzzles) >= limit:
            run.stop_reason = "limit"
            return


def find(
    spec: FindSpec,
    *,
    limit: int | None = 20,
    max_candidates: int | None = None,
    map_shards: MapShards = serial_map,
    stop: StopSignal = NEVER,
    on_puzzle: Callable[[FoundPuzzle], None] | None = None,
    on_shard: Callable[[int, int | None, FindRun], None] | None = None,
    difficulty: str | None = None,
    grade: bool = False,
) -> FindRun:
    """Run the shards in order and stream each new unique puzzle to ``on_puzzle``.

    ``grade`` adds each puzzle's explanation grade; ``difficulty`` keeps only puzzles of that
    grade (easy, medium, hard, fiendish). Stops at ``limit`` puzzles, after
    ``max_candidates`` sampled candidates, on ``stop``, or when an exhaustive run has
    covered every shard. The puzzles are the same for the
    same spec whatever ``map_shards`` runs them on.
    """
    started = clock()
    run = FindRun()
    total_shards = shard_count(spec)
    if limit is not None and limit <= 0:
        run.stop_reason = "limit"
        return run
    seen: set[str] = set()
    results = map_shards(spec, _shard_indexes(spec, total_shards, max_candidates))
    try:
        for shard in results:
            run.shards += 1
            run.stats.add(shard.stats)
            _add_puzzles(run, shard, seen, grade, difficulty, on_puzzle, limit)
            if on_shard is not None:
                on_shard(run.shards, total_shards, run)
            if run.stop_reason == "limit":
                break
            if stop.should_stop():
                run.stop_reason = stop.reason
                run.complete = False
                break
        else:
            if stop.should_stop():  # the executor stopped waiting for its shards
                run.stop_reason = stop.reason
                run.complete = False
            else:
                run.stop_reason = None if total_shards is not None else "candidates"
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
    run.seconds = clock() - started
    return run
