"""Block patterns: empty crossword grids that follow the constructor's rules.

A pattern is grown from an all-white grid by placing symmetric groups of blocks (a cell and
its mirror images) one group at a time, in a seeded random order that prefers cells in long
runs and away from other blocks. A move is kept only if the grid still obeys every rule
(entry lengths, checking, connectivity, no row or column all blocks); otherwise it is undone
and another group is tried. So every intermediate grid is itself a legal pattern, and the
search stops when the block or word count asked for is reached.

>>> run = generate_patterns(PatternSpec(5, 5, blocks=4), seed=1)
>>> run.status, run.stop_reason, run.patterns[0].rows_text()
('found', None, ['#...#', '.....', '.....', '.....', '#...#'])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import KW_ONLY, dataclass, field
from typing import TYPE_CHECKING, Literal, Protocol, TypeAlias, cast

from puzzlewright.crossword.grid import Grid, Position
from puzzlewright.errors import PuzzleInputError
from puzzlewright.stopping import (
    NEVER,
    EitherStop,
    PollBudget,
    StopReason,
    StopSignal,
    fields_json,
)

if TYPE_CHECKING:
    from puzzlewright.lexicon import WordList

PatternStatus: TypeAlias = Literal["found", "partial", "none", "timeout", "interrupted"]
"""How a pattern search ended: every pattern asked for, fewer (``partial``), none, or
stopped by the time limit or Ctrl-C (``stop_reason`` says the same in the shared words)."""

Symmetry = Literal["rotational", "mirror", "diagonal", "none"]
SYMMETRIES: tuple[Symmetry, ...] = ("rotational", "mirror", "diagonal", "none")
MAX_SIDE = 99
DEFAULT_DENSITY = 1 / 6  # about 38 blocks in a 15x15 grid, as in published dailies
SHORT_PENALTY = 0.6  # each entry of the minimum length a move creates makes it less likely
LONG_BAR = 4  # a straight line of this many blocks is a clump to avoid
STALE_LIMIT = 100  # give up after this many attempts in a row without a new pattern


@dataclass(frozen=True)
class PatternSpec:
    """What pattern to make: size, symmetry, entry rules and the block or word count."""

    width: int
    height: int
    blocks: int | None = None
    max_words: int | None = None
    symmetry: Symmetry = "rotational"
    min_length: int = 3
    allow_unchecked: bool = False

    @property
    def size(self) -> str:
        return f"{self.width}x{self.height}"

    def orbit(self, r: int, c: int) -> tuple[tuple[int, int], ...]:
        """The cell and its images under the symmetry, without repeats, in row order."""
        images = {(r, c)}
        if self.symmetry == "rotational":
            images.add((self.height - 1 - r, self.width - 1 - c))
        elif self.symmetry == "mirror":
            images.add((r, self.width - 1 - c))
        elif self.symmetry == "diagonal":
            images.add((c, r))
        return tuple(sorted(images))

    def singletons(self) -> int:
        """How many cells are their own mirror image (blocks there come alone, not in pairs)."""
        return sum(
            len(self.orbit(r, c)) == 1 for r in range(self.height) for c in range(self.width)
        )

    def default_blocks(self) -> int:
        """A typical block count for the size: about one cell in six (even if it must be)."""
        blocks = round(self.width * self.height * DEFAULT_DENSITY)
        return blocks + 1 if blocks % 2 and self.singletons() == 0 else blocks

    def attempt(self, rng: random.Random, stop: StopSignal) -> Grid | None:
        """One attempt at a pattern (:func:`generate_pattern`)."""
        return generate_pattern(self, rng, stop=stop)

    def budget(self, count: int) -> tuple[int, int | None]:
        """Attempts for ``count`` patterns (200 + 50 each), and at most :data:`STALE_LIMIT`
        in a row that give nothing new (small grids run out of distinct patterns)."""
        return 200 + 50 * count, STALE_LIMIT

    def validate(self) -> None:
        """Raise PuzzleInputError when the request is impossible on its face."""
        w, h, m = self.width, self.height, self.min_length
        if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
            raise PuzzleInputError(
                f"impossible grid size {self.size} (each side must be 1 to {MAX_SIDE})"
            )
        if self.symmetry not in SYMMETRIES:
            raise PuzzleInputError(
                f"unknown symmetry {self.symmetry!r} (use {', '.join(SYMMETRIES)})"
            )
        if m < 2:
            raise PuzzleInputError("the minimum entry length must be at least 2")
        if w < m or h < m:
            raise PuzzleInputError(
                f"impossible: a {self.size} grid cannot hold entries of at least {m} letters "
                "both across and down"
            )
        if self.symmetry == "diagonal" and w != h:
            raise PuzzleInputError(f"diagonal symmetry needs a square grid, not {self.size}")
        if self.blocks is not None:
            self._validate_blocks(self.blocks)
        if self.max_words is not None:
            least = 0 if self.allow_unchecked else w + h
            if self.max_words < max(least, 1):
                raise PuzzleInputError(
                    f"impossible: a {self.size} grid with every cell checked has at least "
                    f"{w + h} entries, so max_words {self.max_words} cannot be met"
                    if least
                    else f"max_words must be positive, not {self.max_words}",
                    parameters=("max_words",),
                )

    def _validate_blocks(self, blocks: int) -> None:
        cells = self.width * self.height
        if blocks < 0:
            raise PuzzleInputError(f"the block count must not be negative ({blocks})")
        if blocks > cells - self.min_length:
            raise PuzzleInputError(
                f"impossible: {blocks} blocks leave no room for entries in a {self.size} grid"
            )
        if blocks % 2 and self.singletons() == 0:
            raise PuzzleInputError(
                f"impossible: with {self.symmetry} symmetry on a {self.size} grid blocks come "
                f"in pairs, so the block count must be even, not {blocks}"
            )


@dataclass(frozen=True)
class PatternStats:
    """Figures an editor looks at: blocks, entries, lengths, unchecked cells."""

    blocks: int
    words: int
    average_length: float
    longest: int
    shortest: int
    unchecked: int

    @classmethod
    def of(cls, grid: Grid) -> PatternStats:
        """The figures of ``grid``."""
        slots = grid.slots()
        lengths = [slot.length for slot in slots] or [0]
        return cls(
            blocks=grid.block_count(),
            words=len(slots),
            average_length=round(sum(lengths) / len(lengths), 2),
            longest=max(lengths),
            shortest=min(lengths),
            unchecked=len(grid.unchecked()),
        )


def pattern_json(grid: Grid, fill: Grid | None = None) -> dict[str, object]:
    """One pattern as JSON: its rows and figures, and its trial fill when there is one."""
    stats = PatternStats.of(grid)
    document: dict[str, object] = {
        "rows": grid.rows_text(),
        "blocks": stats.blocks,
        "words": stats.words,
        "average_length": stats.average_length,
        "longest": stats.longest,
        "unchecked": stats.unchecked,
    }
    if fill is not None:
        document["fill"] = fill.rows_text()
    return document


@dataclass
class PatternRun:
    """The patterns found, how many attempts it took and why the search ended."""

    patterns: list[Grid] = field(default_factory=list)
    attempts: int = 0
    status: PatternStatus = "found"
    rejected: int = 0  # patterns built but refused by the caller's test (e.g. not fillable)
    stop_reason: StopReason | None = None  # "timeout" or "interrupted" when stopped early
    fills: dict[str, Grid] = field(default_factory=dict)  # pattern text -> its trial fill

    def to_json(self) -> dict[str, object]:
        """The run as JSON: status, stop reason, attempts and every pattern with its fill."""
        return {
            **fields_json(self, "status stop_reason attempts rejected"),
            "patterns": [pattern_json(g, self.fills.get(g.to_text())) for g in self.patterns],
        }


TRIAL_EFFORT = 2_500
"""The default effort of one trial fill of :class:`FillCheck`, in polls of its stop signal
(one per 16 search nodes): about 10 s on a 2020s core. Counted, so a seed keeps the same
patterns on any machine."""


@dataclass(eq=False)
class FillCheck:
    """The "fillable" test for :func:`generate_patterns`: does the filler fill a pattern
    within ``effort`` polls (:data:`TRIAL_EFFORT`; deterministic)? ``timeout`` (seconds,
    None: none) is a safety net per trial, and ``cut`` counts the trials it ended (their
    verdict depends on the machine). Each trial stops early too when ``outer`` fires (Ctrl-C
    on the whole job); the fills found are kept by pattern text in ``fills``."""

    words: WordList
    _: KW_ONLY
    min_score: int | None = None
    seed: int = 0
    effort: int = TRIAL_EFFORT
    timeout: float | None = None
    outer: StopSignal = NEVER
    fills: dict[str, Grid] = field(default_factory=dict, init=False)
    tried: int = field(default=0, init=False)
    cut: int = field(default=0, init=False)

    def __call__(self, grid: Grid) -> bool:
        """True (and the fill kept) when the filler fills ``grid`` within the effort."""
        from puzzlewright.crossword.fill import fill_grid

        self.tried += 1
        stop = PollBudget(self.effort, EitherStop(self.timeout, self.outer))
        result = fill_grid(grid, self.words, min_score=self.min_score, seed=self.seed, stop=stop)
        if result.status == "filled":
            self.fills[grid.to_text()] = result.grid
            return True
        if stop.reason == "timeout" and not stop.spent and self.outer.reason is None:
            self.cut += 1  # the safety net, not the effort, ended this trial
        return False


class _Builder:
    """Grows one pattern on a flat array of cells (1 = block) with undoable moves."""

    def __init__(self, spec: PatternSpec, rng: random.Random) -> None:
        self.spec = spec
        self.rng = rng
        self.w, self.h, self.m = spec.width, spec.height, spec.min_length
        self.n = self.w * self.h
        self.block = bytearray(self.n)
        self.count = 0
        orbits: dict[tuple[int, ...], None] = {}
        for r in range(self.h):
            for c in range(self.w):
                orbits[tuple(rr * self.w + cc for rr, cc in spec.orbit(r, c))] = None
        self.orbits = list(orbits)

    # -- rules -----------------------------------------------------------------------------
    def _run_ok(self, length: int) -> bool:
        return length == 0 or length >= self.m or (length == 1 and self.spec.allow_unchecked)

    def _line_ok(self, start: int, step: int, size: int) -> bool:
        """Every run of white cells along one row or column has a legal length."""
        run = 0
        blocks = 0
        cell = start
        for _ in range(size):
            if self.block[cell]:
                if not self._run_ok(run):
                    return False
                run = 0
                blocks += 1
            else:
                run += 1
            cell += step
        return self._run_ok(run) and blocks < size

    def _connected(self) -> bool:
        white = self.n - self.count
        if white == 0:
            return False
        start = self.block.index(0)
        seen = bytearray(self.block)  # blocks count as seen
        seen[start] = 1
        stack = [start]
        reached = 1
        w, n = self.w, self.n
        while stack:
            i = stack.pop()
            c = i % w
            for j in (i - w, i + w, i - 1 if c else -1, i + 1 if c + 1 < w else -1):
                if 0 <= j < n and not seen[j]:
                    seen[j] = 1
                    reached += 1
                    stack.append(j)
        return reached == white

    def _legal_after(self, orbit: tuple[int, ...]) -> bool:
        """True when the grid is still a legal pattern after blocking ``orbit``."""
        rows = {i // self.w for i in orbit}
        cols = {i % self.w for i in orbit}
        for r in rows:
            if not self._line_ok(r * self.w, 1, self.w):
                return False
        for c in cols:
            if not self._line_ok(c, self.w, self.h):
                return False
        return self._connected()

    def legal(self) -> bool:
        """True when the whole grid obeys the rules (every line's runs, connectivity)."""
        lines_ok = all(self._line_ok(start, step, size) for start, step, size in self._lines())
        return lines_ok and self._connected()

    def words(self) -> int:
        """The number of entries (runs of two or more white cells)."""
        total = 0
        for start, step, size in self._lines():
            run = 0
            cell = start
            for _ in range(size):
                if self.block[cell]:
                    total += run >= 2
                    run = 0
                else:
                    run += 1
                cell += step
            total += run >= 2
        return total

    def _lines(self) -> Iterator[tuple[int, int, int]]:
        for r in range(self.h):
            yield r * self.w, 1, self.w
        for c in range(self.w):
            yield c, self.w, self.h

    # -- moves -----------------------------------------------------------------------------
    def _set(self, orbit: tuple[int, ...], value: int) -> None:
        for i in orbit:
            self.block[i] = value
        self.count += len(orbit) if value else -len(orbit)

    def _spans(self) -> tuple[list[int], list[int], list[int], list[int]]:
        """For every cell, how many white cells lie before/after it across and down."""
        w, h, block = self.w, self.h, self.block
        left = [0] * self.n
        right = [0] * self.n
        up = [0] * self.n
        down = [0] * self.n
        for r in range(h):
            base = r * w
            for c in range(1, w):
                i = base + c
                left[i] = 0 if block[i - 1] else left[i - 1] + 1
            for c in range(w - 2, -1, -1):
                i = base + c
                right[i] = 0 if block[i + 1] else right[i + 1] + 1
        for i in range(w, self.n):
            up[i] = 0 if block[i - w] else up[i - w] + 1
        for i in range(self.n - w - 1, -1, -1):
            down[i] = 0 if block[i + w] else down[i + w] + 1
        return left, right, up, down

    def _candidates(self) -> list[tuple[tuple[int, ...], float]]:
        """White orbits whose blocking keeps runs legal, each with a preference weight."""
        left, right, up, down = self._spans()
        ok = self._run_ok
        block, w, h = self.block, self.w, self.h
        out = []
        for orbit in self.orbits:
            if block[orbit[0]]:
                continue
            weight = 1.0
            for i in orbit:
                a, b, u, d = left[i], right[i], up[i], down[i]
                if not (ok(a) and ok(b) and ok(u) and ok(d)):
                    break
                r, c = divmod(i, w)
                length = a + b + u + d + 2
                near = 0
                for dr in (-1, 0, 1):
                    rr = r + dr
                    if 0 <= rr < h:
                        for dc in (-1, 0, 1):
                            cc = c + dc
                            if 0 <= cc < w and block[rr * w + cc]:
                                near += 1
                weight *= length * length / (1 + 2 * near) ** 2
                if self._closes_square(r, c):
                    weight *= 0.02
                if self._bar(r, c) >= LONG_BAR:
                    weight *= 0.1
                if 1 in (a, b, u, d):
                    weight *= 0.2  # an unchecked cell: allowed, not preferred
                weight *= SHORT_PENALTY ** ((a, b, u, d).count(self.m))
            else:
                out.append((orbit, weight))
        return out

    def _bar(self, r: int, c: int) -> int:
        """The longest straight line of blocks through (r, c) if it were blocked."""
        w, h, block = self.w, self.h, self.block
        longest = 1
        for dr, dc in ((0, 1), (1, 0)):
            length = 1
            for sign in (1, -1):
                rr, cc = r + sign * dr, c + sign * dc
                while 0 <= rr < h and 0 <= cc < w and block[rr * w + cc]:
                    length += 1
                    rr, cc = rr + sign * dr, cc + sign * dc
            longest = max(longest, length)
        return longest

    def _closes_square(self, r: int, c: int) -> bool:
        """True when blocking (r, c) would complete a 2x2 square of blocks."""
        w, h, block = self.w, self.h, self.block
        for dr in (-1, 1):
            for dc in (-1, 1):
                rr, cc = r + dr, c + dc
                if (
                    0 <= rr < h
                    and 0 <= cc < w
                    and block[rr * w + c]
                    and block[r * w + cc]
                    and block[rr * w + cc]
                ):
                    return True
        return False

    def _pick(self, weighted: list[tuple[tuple[int, ...], float]]) -> tuple[int, ...]:
        """Draw one orbit by weight and remove it from the list."""
        total = sum(weight for _, weight in weighted)
        x = self.rng.random() * total
        chosen = len(weighted) - 1
        for k, item in enumerate(weighted):
            x -= item[1]
            if x <= 0:
                chosen = k
                break
        return weighted.pop(chosen)[0]

    def grow(self, target: int, exact: bool, stop: StopSignal) -> bool:
        """Add legal block groups up to ``target`` blocks, never passing the word cap.

        With ``exact`` the target must be met (True on success); otherwise the growth stops
        early, successfully, when the word cap is reached or no legal move is left.
        """
        cap = self.spec.max_words
        words = self.words()
        if cap is not None and words > cap:
            return False
        singles = [orbit for orbit in self.orbits if len(orbit) == 1]
        if target % 2 and len(singles) == 1:  # an odd count needs the lone centre cell
            if not self._try(singles[0]):
                return not exact
            if cap is not None:
                words = self.words()
                if words > cap:  # the centre block alone splits entries past the cap
                    self._set(singles[0], 0)
                    return not exact
        while self.count < target:
            if stop.should_stop():
                return False
            if cap is not None and words >= cap and not exact:
                return True
            remaining = target - self.count
            weighted = [
                (orbit, weight)
                for orbit, weight in self._candidates()
                if self._fits(orbit, remaining)
            ]
            while weighted:
                orbit = self._pick(weighted)
                if not self._try(orbit):
                    continue
                if cap is not None:
                    now = self.words()
                    if now > cap:
                        self._set(orbit, 0)
                        continue
                    words = now
                break
            else:
                return not exact  # stuck: fine for a soft target, a failure for an exact one
        return True

    def _fits(self, orbit: tuple[int, ...], remaining: int) -> bool:
        """True when blocking ``orbit`` still lets the block count end exactly on target."""
        if len(orbit) > remaining:
            return False
        left = remaining - len(orbit)
        if left % 2 == 0:
            return True
        singles = sum(1 for o in self.orbits if len(o) == 1 and o != orbit and not self.block[o[0]])
        return singles > 0

    def _try(self, orbit: tuple[int, ...]) -> bool:
        self._set(orbit, 1)
        if self._legal_after(orbit):
            return True
        self._set(orbit, 0)
        return False

    def grid(self) -> Grid:
        return Grid(
            [
                [None if self.block[r * self.w + c] else "" for c in range(self.w)]
                for r in range(self.h)
            ]
        )


def generate_pattern(
    spec: PatternSpec, rng: random.Random, *, stop: StopSignal = NEVER
) -> Grid | None:
    """One attempt at a pattern for ``spec``; None when this attempt got stuck."""
    builder = _Builder(spec, rng)
    if spec.blocks is not None:
        ok = builder.grow(spec.blocks, True, stop)
    else:  # the usual density, stopping early if the word cap (if any) is reached
        ok = builder.grow(spec.default_blocks(), False, stop)
    return builder.grid() if ok else None


def grow_around(
    spec: PatternSpec,
    rng: random.Random,
    blocks: Iterable[Position],
    white: Iterable[Position],
    *,
    stop: StopSignal = NEVER,
) -> Grid | None:
    """One attempt at a pattern for ``spec`` that has ``blocks`` and keeps ``white`` open
    (theme entries: :mod:`puzzlewright.crossword.theme`); None when it got stuck or the
    given blocks alone break a rule. Both sets must already be symmetric."""
    builder = _Builder(spec, rng)
    keep = {r * builder.w + c for r, c in white}
    for r, c in blocks:
        builder.block[r * builder.w + c] = 1
    builder.count = sum(builder.block)
    builder.orbits = [
        orbit for orbit in builder.orbits if not keep & set(orbit) and not builder.block[orbit[0]]
    ]
    if not builder.legal():
        return None
    target = spec.blocks if spec.blocks is not None else max(spec.default_blocks(), builder.count)
    ok = builder.grow(target, spec.blocks is not None, stop)
    return builder.grid() if ok else None


class Designer(Protocol):
    """A kind of pattern :func:`generate_patterns` makes: blocked (:class:`PatternSpec`) or
    barred and British blocked (:class:`~puzzlewright.crossword.barred.BarredSpec`)."""

    def validate(self) -> None:
        """Raise PuzzleInputError when the request is impossible on its face."""

    def attempt(self, rng: random.Random, stop: StopSignal) -> Grid | None:
        """One attempt at a pattern; None when it got stuck."""

    def budget(self, count: int) -> tuple[int, int | None]:
        """The default number of attempts for ``count`` patterns, and how many attempts in
        a row may give nothing new (None: no such limit)."""


def generate_patterns(
    spec: Designer,
    count: int = 1,
    *,
    seed: int = 0,
    attempts: int | None = None,
    accept: Callable[[Grid], bool] | None = None,
    stop: StopSignal = NEVER,
) -> PatternRun:
    """Up to ``count`` distinct patterns for ``spec`` (blocked or barred), reproducible per
    ``seed``.

    ``accept`` (e.g. "the filler can fill it") filters the patterns built. Each attempt has
    its own generator drawn from ``seed``. The search gives up after ``attempts`` tries
    (default: the spec's budget, e.g. 200 + 50 per blocked pattern asked for), after the
    spec's number of attempts in a row that give nothing new (the distinct patterns may be
    used up), or when ``stop`` fires.
    """
    spec.validate()
    default, stale_limit = spec.budget(count)
    if count < 1:
        raise PuzzleInputError(f"the pattern count must be at least 1, not {count}")
    limit = attempts if attempts is not None else default
    rng = random.Random(seed)
    run = PatternRun()
    seen: set[str] = set()
    stale = 0
    while len(run.patterns) < count and run.attempts < limit:
        if stale_limit is not None and stale >= stale_limit:
            break
        if stop.should_stop():
            run.status = run.stop_reason = stop.reason or "timeout"
            break
        run.attempts += 1
        stale += 1
        grid = spec.attempt(random.Random(rng.getrandbits(64)), stop)
        if grid is None:
            continue
        text = grid.to_text()
        if text in seen:
            continue
        seen.add(text)
        stale = 0
        if accept is not None and not accept(grid):
            run.rejected += 1
            continue
        run.patterns.append(grid)
    if run.status == "found" and len(run.patterns) < count:
        run.status = "partial" if run.patterns else "none"
    if isinstance(accept, FillCheck):
        run.fills = dict(accept.fills)
    return run


BLOCK_SYMMETRIES: tuple[str, ...] = (*SYMMETRIES, "mirror-tb")
"""The symmetries a blocked pattern can be asked for by name (the workbench's *New*):
those of :class:`PatternSpec`, and ``mirror-tb``, the top-bottom mirror."""


def symmetric_pattern(
    width: int,
    height: int,
    symmetry: str,
    *,
    seed: int,
    min_length: int = 3,
    accept: Callable[[Grid], bool] | None = None,
    attempts: int | None = None,
) -> Grid | None:
    """One blocked ``width`` x ``height`` pattern with ``symmetry`` (one of
    :data:`BLOCK_SYMMETRIES`), reproducible per ``seed``, that ``accept`` (e.g. a
    :class:`FillCheck`) takes, within ``attempts`` patterns built; None when none was found.

    ``mirror-tb`` is a left-right mirror pattern of the transposed size, transposed back
    (so it is as varied as ``mirror``)."""
    if symmetry not in BLOCK_SYMMETRIES:
        raise PuzzleInputError(f"symmetry must be one of {', '.join(BLOCK_SYMMETRIES)}")
    flip = symmetry == "mirror-tb"
    spec = PatternSpec(
        height if flip else width,
        width if flip else height,
        symmetry=cast("Symmetry", "mirror" if flip else symmetry),
        min_length=min_length,
    )
    run = generate_patterns(spec, 1, seed=seed, attempts=attempts, accept=accept)
    if not run.patterns:
        return None
    grid = run.patterns[0]
    if flip:
        grid = transposed(grid)
    return grid


def transposed(grid: Grid) -> Grid:
    """``grid`` turned about its main diagonal (rows become columns)."""
    return Grid([list(row) for row in zip(*grid.cells, strict=True)])


def checked_fill(check: FillCheck, grid: Grid) -> Grid | None:
    """The fill ``check`` found for ``grid``, a pattern :func:`symmetric_pattern` returned
    (a ``mirror-tb`` one was checked before it was turned), or None."""
    found = check.fills.get(grid.to_text())
    if found is None and (turned := check.fills.get(transposed(grid).to_text())) is not None:
        found = transposed(turned)
    return found


def describe(spec: PatternSpec) -> str:
    """A short phrase naming the request, for messages: ``15x15, 38 blocks, rotational``."""
    parts = [spec.size]
    if spec.blocks is not None:
        parts.append(f"{spec.blocks} blocks")
    if spec.max_words is not None:
        parts.append(f"at most {spec.max_words} words")
    parts.append(f"{spec.symmetry} symmetry")
    parts.append(f"entries of {spec.min_length}+ letters")
    if spec.allow_unchecked:
        parts.append("unchecked cells allowed")
    return ", ".join(parts)
