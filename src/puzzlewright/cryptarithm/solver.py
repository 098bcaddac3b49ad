"""Cryptarithms as objects: parse once, then solve, count or test uniqueness.

Conventions (results depend on them):

1. distinct symbols take distinct digits;
2. a numeral of two or more characters does not start with 0 unless ``leading_zeros``;
   a one-letter word may be 0;
3. literal digits are constants, which symbols may equal;
4. ``/`` is exact rational division; division by zero makes that assignment invalid;
5. ``^`` is integer power; a negative or fractional exponent makes that assignment invalid.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from puzzlewright.bits import DigitSet, lsb, msb
from puzzlewright.cryptarithm.algebra import (
    Invalid,
    NeverValid,
    NotPolynomial,
    Poly,
    TooBig,
    compile_equality,
    compile_interval,
    compile_modular,
    equation_polynomial,
    has_division,
    walk_numerals,
)
from puzzlewright.cryptarithm.parse import Equation, Node, normalize, parse_equations
from puzzlewright.cryptarithm.search import TreeCheck, build_search
from puzzlewright.errors import PuzzleInputError
from puzzlewright.stopping import StopReason, StopSignal, clock, fields_json, interrupted_by

DIGIT_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
Solution = dict[str, int]

SolveStatus: TypeAlias = Literal["solved", "none", "timeout"]
"""How a solve ended, in the words of the other engines' statuses (fill's ``filled`` /
``unfillable`` / ``timeout``, pattern's and repair's ``none``): ``solved``: at least one
solution, and the search ran to its end or to the ``limit`` asked for; ``none``: the whole
search found no solution; ``timeout``: the time limit or Ctrl-C ended it first (``stop_reason``
says which; the solutions found by then are kept)."""


@dataclass
class SolveResult:
    """The solutions found and whether the search covered every assignment.

    ``stop_reason`` says why the search ended early (``limit``, ``timeout`` or
    ``interrupted``); None means it was complete. ``solutions`` holds the first ones found;
    ``omitted`` says how many more were found and counted but not kept (a puzzle with
    26,880 solutions need not hold or print them all).
    """

    puzzle: str
    symbols: tuple[str, ...]
    solutions: list[Solution]
    complete: bool
    stop_reason: StopReason | None = None
    seconds: float = 0.0
    counted: int = field(default=-1, repr=False)
    omitted: int = 0

    @property
    def count(self) -> int:
        """Number of solutions found (also when they were only counted, not kept)."""
        return len(self.solutions) if self.counted < 0 else self.counted

    @property
    def status(self) -> SolveStatus:
        """``solved``, ``none`` or ``timeout`` (:data:`SolveStatus`)."""
        if interrupted_by(self.stop_reason):
            return "timeout"
        return "solved" if self.count else "none"

    def to_json(self) -> dict[str, object]:
        """The result as ``cryptarithm solve --json`` prints it."""
        return {
            "status": self.status,
            **fields_json(self, "puzzle count complete solutions omitted stop_reason"),
            "seconds": round(self.seconds, 3),
        }


def parse_digit_set(spec: str, base: int = 10) -> frozenset[int]:
    """Digits from ``"1-9"``, ``"0,2,4-8"`` (decimal values, each below ``base``)."""
    digits: set[int] = set()
    for part in spec.replace(" ", "").split(","):
        if not part:
            continue
        low, dash, high = part.partition("-")
        try:
            a = int(low)
            b = int(high) if dash else a
        except ValueError:
            raise PuzzleInputError(
                f"bad digit list {spec!r}: expected digits and ranges such as 1-9 or 0,2,4-8"
            ) from None
        if a > b:
            raise PuzzleInputError(f"bad digit range {part!r} in {spec!r}")
        for d in (a, b):
            if not 0 <= d < base:
                raise PuzzleInputError(f"digit {d} in {spec!r} is not a digit in base {base}")
        digits.update(range(a, b + 1))
    if not digits:
        raise PuzzleInputError(f"empty digit list {spec!r}")
    return frozenset(digits)


def parse_assignments(specs: Iterable[str], base: int = 10) -> dict[str, int]:
    """Fixed letters from ``["S=9", "M=1,O=0"]``."""
    fixed: dict[str, int] = {}
    for spec in specs:
        for part in spec.split(","):
            part = part.strip()
            if not part:
                continue
            letter, eq, value = part.partition("=")
            letter = normalize(letter)
            if not eq or not letter or not value.strip().isdigit():
                raise PuzzleInputError(
                    f"bad assign {part!r}: expected LETTER=DIGIT, e.g. S=9", parameters=("assign",)
                )
            if letter in fixed and fixed[letter] != int(value):
                raise PuzzleInputError(f"assign gives {letter} two values", parameters=("assign",))
            fixed[letter] = int(value)
    return fixed


def parse_forbidden(specs: Iterable[str], base: int = 10) -> dict[str, frozenset[int]]:
    """Forbidden digits from ``["S=0,1", "E=5-9"]``."""
    forbidden: dict[str, frozenset[int]] = {}
    for spec in specs:
        letter, eq, digits = spec.partition("=")
        letter = normalize(letter)
        if not eq or not letter:
            raise PuzzleInputError(
                f"bad forbid {spec!r}: expected LETTER=DIGITS, e.g. S=0,1", parameters=("forbid",)
            )
        forbidden[letter] = forbidden.get(letter, frozenset()) | parse_digit_set(digits, base)
    return forbidden


def digit_char(value: int) -> str:
    """The character for one digit value (``0-9`` then ``A-Z``)."""
    return DIGIT_CHARS[value]


def _symbols(equations: Sequence[Equation], base: int) -> tuple[tuple[str, ...], set[str]]:
    """The symbols in order of appearance, and those that start a numeral of two or more
    characters; a literal digit that is no digit in ``base`` is an error."""
    symbols: dict[str, None] = {}
    leading: set[str] = set()
    for equation in equations:
        for side in equation.sides:
            for numeral, _ in walk_numerals(side):
                for item in numeral.items:
                    if isinstance(item, str):
                        symbols[item] = None
                    elif item >= base:
                        raise PuzzleInputError(
                            f"{item} in {numeral.text!r} is not a digit in base {base}"
                        )
                first = numeral.items[0]
                if len(numeral.items) > 1 and isinstance(first, str):
                    leading.add(first)
    return tuple(symbols), leading


def _allowed_digits(digits: Iterable[int] | str | None, base: int) -> frozenset[int]:
    """The digits every symbol may take: ``"1-9"``, an iterable, or all of the base."""
    if isinstance(digits, str):
        return parse_digit_set(digits, base)
    if digits is None:
        return frozenset(range(base))
    allowed = frozenset(digits)
    if not allowed or any(not 0 <= d < base for d in allowed):
        raise PuzzleInputError(f"the digit set must be non-empty digits below {base}")
    return allowed


def _apply_forbidden(
    masks: dict[str, DigitSet], forbid: Mapping[str, Iterable[int]], base: int
) -> None:
    """Remove each symbol's forbidden digits from its mask."""
    for letter, banned in forbid.items():
        if letter not in masks:
            raise PuzzleInputError(
                f"forbid names {letter!r}, which is not in the puzzle", parameters=("forbid",)
            )
        for d in banned:
            if not 0 <= d < base:
                raise PuzzleInputError(
                    f"forbid {letter}={d}: not a digit in base {base}", parameters=("forbid",)
                )
            masks[letter] &= ~(1 << d)


def _check_assigned(
    fixed: Mapping[str, int],
    masks: Mapping[str, DigitSet],
    allowed: frozenset[int],
    leading: set[str],
    base: int,
    *,
    leading_zeros: bool,
) -> None:
    """Refuse assignments that name no symbol, repeat a digit or break another rule."""
    taken: dict[int, str] = {}
    for letter, value in fixed.items():
        problem = None
        if letter not in masks:
            problem = f"assign names {letter!r}, which is not in the puzzle"
        elif not 0 <= value < base:
            problem = f"assign {letter}={value}: not a digit in base {base}"
        elif value in taken:
            problem = f"assign gives {taken[value]} and {letter} the same digit {value}"
        elif value not in allowed:
            problem = f"assign {letter}={value} contradicts the allowed digits"
        elif value == 0 and letter in leading and not leading_zeros:
            raise PuzzleInputError(
                f"assign {letter}=0 contradicts the puzzle: {letter} starts a number "
                "(use leading_zeros to allow it)",
                parameters=("assign", "leading_zeros"),
            )
        elif not masks[letter] >> value & 1:
            raise PuzzleInputError(
                f"assign {letter}={value} contradicts forbid", parameters=("assign", "forbid")
            )
        if problem is not None:
            raise PuzzleInputError(problem, parameters=("assign",))
        taken[value] = letter


class Cryptarithm:
    """A parsed cryptarithm with its options; ``solve()`` yields every solution."""

    def __init__(
        self,
        text: str,
        equations: list[Equation],
        symbols: tuple[str, ...],
        base: int,
        leading_zeros: bool,
        masks: list[DigitSet],
    ) -> None:
        self.text = text
        self.equations = equations
        self.symbols = symbols
        self.base = base
        self.leading_zeros = leading_zeros
        self.masks = masks
        self._index = {s: i for i, s in enumerate(symbols)}
        self._search: Callable[[StopSignal | None], Iterator[list[int]]] | None = None
        self._verifiers: list[Callable[[Sequence[int]], bool]] | None = None
        self._never = False

    # --- construction ----------------------------------------------------------------

    @classmethod
    def parse(
        cls,
        text: str,
        *,
        base: int = 10,
        leading_zeros: bool = False,
        assign: Mapping[str, int] | None = None,
        forbid: Mapping[str, Iterable[int]] | None = None,
        digits: Iterable[int] | str | None = None,
    ) -> Cryptarithm:
        """Parse a puzzle such as ``"SEND + MORE = MONEY"``; raise PuzzleInputError if bad.

        ``assign`` fixes symbols (``{"S": 9}``), ``forbid`` excludes digits per symbol,
        ``digits`` restricts every symbol to a digit set (``"1-9"`` or an iterable).
        """
        if isinstance(base, bool) or not isinstance(base, int) or not 2 <= base <= 36:
            raise PuzzleInputError(f"base must be between 2 and 36, got {base}")
        text = normalize(text)
        equations = parse_equations(text)
        names, leading = _symbols(equations, base)
        allowed = _allowed_digits(digits, base)
        if len(names) > base:
            raise PuzzleInputError(
                f"{len(names)} distinct symbols but base {base} has only {base} digits"
            )
        if len(names) > len(allowed):
            raise PuzzleInputError(
                f"{len(names)} distinct symbols but only {len(allowed)} digits are allowed"
            )
        full: DigitSet = sum(1 << d for d in allowed)
        masks = {s: full & ~1 if s in leading and not leading_zeros else full for s in names}
        _apply_forbidden(masks, forbid or {}, base)
        fixed = dict(assign or {})
        _check_assigned(fixed, masks, allowed, leading, base, leading_zeros=leading_zeros)
        taken: DigitSet = sum(1 << d for d in set(fixed.values()))
        mask_list = [1 << fixed[s] if s in fixed else masks[s] & ~taken for s in names]
        return cls(text, equations, names, base, leading_zeros, mask_list)

    def _prepare(self) -> None:
        """Turn the equations into polynomials / checks and build the search."""
        index = self._index
        base = self.base
        polys: list[Poly] = []
        trees: list[TreeCheck] = []
        verifiers: list[Callable[[Sequence[int]], bool]] = []
        n = len(self.symbols)
        rank = [1 << 30] * n
        occurrences = [0] * n
        for equation in self.equations:
            for side in equation.sides:
                for numeral, _ in walk_numerals(side):
                    size = len(numeral.items)
                    for pos, item in enumerate(numeral.items):
                        if isinstance(item, str):
                            i = index[item]
                            occurrences[i] += 1
                            rank[i] = min(rank[i], size - 1 - pos)
            for left, right in zip(equation.sides, equation.sides[1:], strict=False):
                verifiers.append(compile_equality(left, right, index, base))
                if self._never:
                    continue
                try:
                    poly = equation_polynomial(left, right, index, base)
                except NeverValid:
                    self._never = True
                    continue
                except NotPolynomial:
                    trees.extend(_tree_checks(left, right, index, base, self.masks))
                    continue
                polys.append(poly)
        self._verifiers = verifiers
        if any(m == 0 for m in self.masks):
            self._never = True
        self._search = build_search(base, self.masks, polys, trees, rank, occurrences)

    # --- solving ---------------------------------------------------------------------

    def verify(self, solution: Mapping[str, int]) -> bool:
        """True when ``solution`` satisfies every equation exactly and every convention."""
        try:
            values = [solution[s] for s in self.symbols]
        except KeyError:
            return False
        return self._verify(values)

    def _verify(self, values: list[int]) -> bool:
        if self._verifiers is None:
            self._prepare()
        if len(set(values)) != len(values):
            return False
        for value, mask in zip(values, self.masks, strict=True):
            if not 0 <= value < self.base or not mask >> value & 1:
                return False
        try:
            for equal in self._verifiers or ():
                if not equal(values):
                    return False
        except Invalid:
            return False
        return True

    def solve(
        self, *, limit: int | None = None, stop: StopSignal | None = None
    ) -> Iterator[Solution]:
        """Every solution as ``{symbol: digit}``, each verified exactly; lazily."""
        if self._search is None:
            self._prepare()
        if self._never or (limit is not None and limit <= 0):
            return
        assert self._search is not None
        found = 0
        symbols = self.symbols
        for values in self._search(stop):
            if not self._verify(values):
                continue
            yield dict(zip(symbols, values, strict=True))
            found += 1
            if found == limit:
                return

    def search(
        self,
        *,
        limit: int | None = None,
        stop: StopSignal | None = None,
        keep: bool = True,
        kept: int | None = None,
    ) -> SolveResult:
        """Solve with a limit and a stop signal; say whether the search was complete.

        ``limit`` stops the search at that many solutions; ``kept`` only bounds how many
        (the first found) the result holds, every solution is still counted; ``keep``
        False holds none."""
        started = clock()
        solutions: list[Solution] = []
        counted = 0
        room = 0 if not keep else (kept if kept is not None else -1)
        for solution in self.solve(limit=limit, stop=stop):
            counted += 1
            if room < 0 or len(solutions) < room:
                solutions.append(solution)
        reason: StopReason | None = None
        if stop is not None and stop.reason is not None:
            reason = stop.reason
        elif limit is not None and counted >= limit:
            reason = "limit"
        return SolveResult(
            puzzle=self.text,
            symbols=self.symbols,
            solutions=solutions,
            complete=reason is None,
            stop_reason=reason,
            seconds=clock() - started,
            counted=counted,
            omitted=counted - len(solutions) if keep else 0,
        )

    def count(self, limit: int | None = None, *, stop: StopSignal | None = None) -> int:
        """The number of solutions (at most ``limit``)."""
        return sum(1 for _ in self.solve(limit=limit, stop=stop))

    def is_unique(self, *, stop: StopSignal | None = None) -> bool:
        """True when the puzzle has exactly one solution (the search stops at the second)."""
        return self.search(limit=2, stop=stop, keep=False).count == 1 and (
            stop is None or stop.reason is None
        )

    def substitute(self, solution: Mapping[str, int]) -> str:
        """The puzzle with every symbol replaced by its digit: ``9567 + 1085 = 10652``."""
        return "".join(digit_char(solution[ch]) if ch in solution else ch for ch in self.text)

    def __repr__(self) -> str:
        return f"Cryptarithm({self.text!r}, base={self.base})"


def _tree_checks(
    left: Node, right: Node, index: Mapping[str, int], base: int, masks: Sequence[DigitSet]
) -> list[TreeCheck]:
    """Checks for a non-polynomial equation: exact at the end; on the way, modular ones and
    interval bounds of both sides (which catch ``A ^ B`` outgrowing ``CDE`` early).
    """
    numerals = walk_numerals(left) + walk_numerals(right)
    needs = frozenset(
        index[s] for numeral, _ in numerals for s in numeral.items if isinstance(s, str)
    )

    def exact_factory(position: Callable[[int], int]) -> Callable[[Sequence[int]], bool]:
        where = {s: position(i) for s, i in index.items() if i in needs}
        return compile_equality(left, right, where, base)

    ranges = {s: (lsb(masks[i]), msb(masks[i])) for s, i in index.items() if masks[i]}

    def interval_factory(
        position: Callable[[int], int], depth: int
    ) -> Callable[[Sequence[int]], bool] | None:
        if len(ranges) < len(index):
            return None
        where = {s: position(i) for s, i in index.items()}
        known = lambda s: where[s] <= depth  # noqa: E731
        fl = compile_interval(left, where, base, known, ranges)
        fr = compile_interval(right, where, base, known, ranges)

        def overlap(v: Sequence[int]) -> bool:
            a = fl(v)
            b = fr(v)
            return a is None or b is None or (a[0] <= b[1] and b[0] <= a[1])

        return overlap

    checks = [TreeCheck(needs, exact_factory), TreeCheck(needs, interval_factory, True)]
    if has_division(left, outside_exponents=True) or has_division(right, outside_exponents=True):
        return checks
    exponent_vars = frozenset(
        index[s]
        for numeral, inside in numerals
        if inside
        for s in numeral.items
        if isinstance(s, str)
    )
    longest = max((len(numeral.items) for numeral, inside in numerals if not inside), default=0)
    by_needs: dict[frozenset[int], int] = {}
    for k in range(1, longest + 1):
        low = frozenset(
            index[s]
            for numeral, inside in numerals
            if not inside
            for s in numeral.items[-k:]
            if isinstance(s, str)
        )
        want = low | exponent_vars
        if want != needs:
            by_needs[want] = k
    for want, k in by_needs.items():
        checks.append(TreeCheck(want, _modular_factory(left, right, index, base, k, want)))
    return checks


def _modular_factory(
    left: Node, right: Node, index: Mapping[str, int], base: int, k: int, want: frozenset[int]
) -> Callable[[Callable[[int], int]], Callable[[Sequence[int]], bool]]:
    modulus: int = base**k

    def factory(position: Callable[[int], int]) -> Callable[[Sequence[int]], bool]:
        where = {s: position(i) for s, i in index.items()}
        fl = compile_modular(left, where, base, modulus, k)
        fr = compile_modular(right, where, base, modulus, k)

        def agrees(v: Sequence[int]) -> bool:
            try:
                difference: int = fl(v) - fr(v)
            except TooBig:  # an exponent too large to compute: the other checks decide
                return True
            return difference % modulus == 0

        return agrees

    return factory


def solve(
    text: str,
    *,
    limit: int | None = None,
    timeout: float | None = None,
    stop: StopSignal | None = None,
    **options: object,
) -> SolveResult:
    """Parse and solve in one call: ``solve("SEND + MORE = MONEY").solutions``.

    ``options`` are those of :meth:`Cryptarithm.parse` (base, leading_zeros, assign, ...).
    """
    puzzle = Cryptarithm.parse(text, **options)  # type: ignore[arg-type]
    if stop is None and timeout is not None:
        stop = StopSignal(timeout)
    return puzzle.search(limit=limit, stop=stop)
