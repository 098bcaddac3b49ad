"""Long division and long multiplication layouts with digits hidden, as newspaper teasers
print them (New Scientist Enigma, Sunday Times Teaser).

A *pattern* is a number as written on paper: a letter is a digit (same letter, same digit;
different letters, different digits unless ``distinct=False``), ``?`` or ``*`` is any digit
and a literal digit is itself. Numbers are written without leading zeros, so a pattern's
length is the number's length; ``.`` (the empty pattern) is a difference of 0 that is not
written.

Long division ``dividend / divisor = quotient`` has one *step* per quotient digit: the
multiple of the divisor subtracted and the difference (before the next digit is brought
down), or no lines at all for a quotient digit 0 (``-`` in a layout file). Long
multiplication ``multiplicand * multiplier = product`` has one partial product per
multiplier digit, units digit first (``-`` for a 0 digit, whose line is not written).

The solver is a search on the numbers a person fills in first: the divisor (multiplicand),
then the quotient (multiplier) digit by digit against the lines their multiples must match,
then the rest follows by arithmetic and is matched against its patterns.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from puzzlewright.errors import PuzzleInputError
from puzzlewright.stopping import NEVER, StopReason, StopSignal, clock

WILD = "?*"
MAX_PATTERN = 12
"""Longest number in a layout."""
MAX_SEARCHED = 5
"""Longest divisor or multiplicand: the search runs over its digits (at most 90,000 values)."""

Mapping = dict[str, int]


@dataclass(frozen=True, slots=True)
class DivisionLayout:
    """``dividend / divisor = quotient`` with one (product, difference) pair per quotient
    digit, None for a zero digit; ``steps`` may be empty (only the header is known).
    ``remainder`` is the remainder's pattern when the header gives one (``r ?``); else the
    last step's difference is the remainder, or 0 when there are no steps."""

    dividend: str
    divisor: str
    quotient: str
    steps: tuple[tuple[str, str] | None, ...] = ()
    remainder: str | None = None

    kind = "division"


@dataclass(frozen=True, slots=True)
class MultiplicationLayout:
    """``multiplicand * multiplier = product`` with one partial product per multiplier
    digit, units first (None for a zero digit); ``partials`` may be empty."""

    multiplicand: str
    multiplier: str
    product: str
    partials: tuple[str | None, ...] = ()

    kind = "multiplication"


Layout = DivisionLayout | MultiplicationLayout


@dataclass(frozen=True, slots=True)
class LayoutSolution:
    """The numbers of a solved layout and the letters' digits."""

    numbers: tuple[int, int, int, int]  # (dividend, divisor, quotient, remainder) or (a, b, c, 0)
    letters: dict[str, int]


@dataclass(frozen=True, slots=True)
class LayoutResult:
    """Solutions found, whether the search finished, why it ended early (``stop_reason``,
    None when it ran to its end) and how long it took."""

    solutions: list[LayoutSolution]
    count: int
    complete: bool
    stop_reason: StopReason | None
    seconds: float = 0.0


# --------------------------------------------------------------------------------------
# Parsing


_TOKEN = re.compile(r"^[A-Za-z0-9?*]+$")


def _pattern(text: str, what: str) -> str:
    if text == ".":
        return ""
    if not _TOKEN.match(text) or len(text) > MAX_PATTERN:
        raise PuzzleInputError(
            f"bad {what} {text!r}: use letters, digits, ? or * (at most {MAX_PATTERN})"
        )
    if len(text) > 1 and text[0] == "0":
        raise PuzzleInputError(f"bad {what} {text!r}: numbers are written without a leading 0")
    return text


_DIV = re.compile(r"^\s*(\S+)\s*[/÷:]\s*(\S+)\s*=\s*(\S+?)(?:\s+r(?:em)?\s+(\S+))?\s*$")
_MUL = re.compile(r"^\s*(\S+)\s*[*×x]\s*(\S+)\s*=\s*(\S+)\s*$")


def parse_layout(kind: str, header: str, lines: list[str]) -> Layout:
    """A layout from its header (``pkmkh / ?? = ???``) and intermediate lines.

    Division lines: ``PRODUCT DIFFERENCE`` (or ``PARTIAL - PRODUCT = DIFFERENCE``), ``-``
    for a zero quotient digit, ``.`` for a difference of 0. Multiplication lines: one
    partial product per multiplier digit, units first, ``-`` for a zero digit."""
    lines = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    if kind == "division":
        match = _DIV.match(header)
        if not match:
            raise PuzzleInputError(f"a division layout reads 'ABCDE / FG = HIJ', not {header!r}")
        dividend, divisor, quotient = (_pattern(t, "number") for t in match.groups()[:3])
        if not dividend or not divisor or not quotient:
            raise PuzzleInputError("dividend, divisor and quotient must be written")
        steps: list[tuple[str, str] | None] = []
        for line in lines:
            if line == "-":
                steps.append(None)
                continue
            parts = re.split(r"\s*[-=]\s*|\s+", line)
            if len(parts) not in (2, 3):
                raise PuzzleInputError(f"a division step reads 'PRODUCT DIFFERENCE', not {line!r}")
            steps.append((_pattern(parts[-2], "product"), _pattern(parts[-1], "difference")))
        if steps and len(steps) != len(quotient):
            raise PuzzleInputError(
                f"{len(steps)} division steps for a {len(quotient)}-digit quotient: give one "
                "per quotient digit ('-' for a 0 digit)"
            )
        if len(quotient) > len(dividend):
            raise PuzzleInputError("the quotient is longer than the dividend")
        if len(divisor) > MAX_SEARCHED:
            raise PuzzleInputError(f"the divisor has at most {MAX_SEARCHED} digits")
        remainder = None if match.group(4) is None else _pattern(match.group(4), "remainder")
        return DivisionLayout(dividend, divisor, quotient, tuple(steps), remainder)
    if kind == "multiplication":
        match = _MUL.match(header)
        if not match:
            raise PuzzleInputError(
                f"a multiplication layout reads 'ABC * DE = FGHI', not {header!r}"
            )
        a, b, c = (_pattern(t, "number") for t in match.groups())
        if not a or not b or not c:
            raise PuzzleInputError("every number of a multiplication must be written")
        if len(a) > MAX_SEARCHED or len(b) > MAX_PATTERN // 2:
            raise PuzzleInputError(
                f"the multiplicand has at most {MAX_SEARCHED} digits, the multiplier "
                f"{MAX_PATTERN // 2}"
            )
        partials = tuple(None if line == "-" else _pattern(line, "partial") for line in lines)
        if partials and len(partials) != len(b):
            raise PuzzleInputError(
                f"{len(partials)} partial products for a {len(b)}-digit multiplier: give one "
                "per multiplier digit, units first ('-' for a 0 digit)"
            )
        return MultiplicationLayout(a, b, c, partials)
    raise PuzzleInputError(f"unknown layout {kind!r}: use division or multiplication")


def read_layout_file(text: str) -> Layout:
    """A layout file: the kind (``division`` / ``multiplication``), the header, the lines."""
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    if len(lines) < 2:
        raise PuzzleInputError("a layout file has a kind line and a header line at least")
    return parse_layout(lines[0].lower(), lines[1], lines[2:])


# --------------------------------------------------------------------------------------
# Matching numbers against patterns


@dataclass(slots=True)
class _Match:
    distinct: bool

    def number(self, mapping: Mapping, pattern: str, value: int) -> Mapping | None:
        """``mapping`` extended so that ``value`` is written as ``pattern``, or None."""
        if pattern == "":
            return mapping if value == 0 else None
        text = str(value)
        if len(text) != len(pattern) or value < 0:
            return None
        out = mapping
        for symbol, ch in zip(pattern, text, strict=True):
            digit = ord(ch) - 48
            if symbol in WILD:
                continue
            if symbol.isdigit():
                if ord(symbol) - 48 != digit:
                    return None
                continue
            have = out.get(symbol)
            if have is None:
                if self.distinct and digit in out.values():
                    return None
                if out is mapping:
                    out = dict(mapping)
                out[symbol] = digit
            elif have != digit:
                return None
        return out

    def numbers(self, mapping: Mapping, pattern: str) -> Iterator[tuple[int, Mapping]]:
        """Every number written as ``pattern`` with ``mapping`` extended to it."""
        if pattern == "":
            yield 0, mapping
            return

        def walk(i: int, value: int, current: Mapping) -> Iterator[tuple[int, Mapping]]:
            if i == len(pattern):
                yield value, current
                return
            low = 1 if i == 0 and len(pattern) > 1 else 0
            for digit in range(low, 10):
                extended = self.digit(current, pattern[i], digit)
                if extended is not None:
                    yield from walk(i + 1, value * 10 + digit, extended)

        yield from walk(0, 0, mapping)

    def digit(self, mapping: Mapping, symbol: str, digit: int) -> Mapping | None:
        """``mapping`` extended with ``symbol = digit``, or None."""
        if symbol in WILD:
            return mapping
        if symbol.isdigit():
            return mapping if ord(symbol) - 48 == digit else None
        have = mapping.get(symbol)
        if have is not None:
            return mapping if have == digit else None
        if self.distinct and digit in mapping.values():
            return None
        return {**mapping, symbol: digit}


# --------------------------------------------------------------------------------------
# Long division


def division_steps(dividend: int, divisor: int, places: int) -> list[tuple[int, int, int]]:
    """The written steps ``(partial, product, difference)`` of a long division whose
    quotient has ``places`` digits; ``(partial, 0, partial)`` for a zero quotient digit."""
    text = str(dividend)
    first = len(text) - places + 1
    partial = int(text[:first])
    steps = []
    for k in range(places):
        q = partial // divisor
        product = q * divisor
        difference = partial - product
        steps.append((partial, product, difference))
        if first + k < len(text):
            partial = difference * 10 + int(text[first + k])
    return steps


def _solve_division(
    layout: DivisionLayout, match: _Match, stop: StopSignal
) -> Iterator[LayoutSolution]:
    places = len(layout.quotient)
    steps = layout.steps or (None,) * places
    given = bool(layout.steps)
    final = _final_difference(layout)
    for divisor, m1 in match.numbers({}, layout.divisor):
        if divisor == 0 or stop.should_stop():
            continue
        for quotient, m2 in _quotients(layout, steps, given, divisor, match, m1):
            remainders = (
                match.numbers(m2, final) if final is not None else ((r, m2) for r in range(divisor))
            )
            for remainder, m3 in remainders:
                if remainder >= divisor:
                    continue
                dividend = divisor * quotient + remainder
                m4 = match.number(m3, layout.dividend, dividend)
                if m4 is None or len(str(quotient)) != places:
                    continue
                m5 = _match_steps(layout, match, m4, dividend, divisor) if given else m4
                if m5 is not None:
                    yield LayoutSolution((dividend, divisor, quotient, remainder), m5)


def _final_difference(layout: DivisionLayout) -> str | None:
    """The pattern of the remainder: the header's, else the last step's difference (None
    when zero quotient digits follow it: digits brought down after it are unknown)."""
    if layout.remainder is not None:
        return layout.remainder
    if not layout.steps:
        return ""
    last = layout.steps[-1]
    return None if last is None else last[1]


def _quotients(
    layout: DivisionLayout,
    steps: tuple[tuple[str, str] | None, ...],
    given: bool,
    divisor: int,
    match: _Match,
    mapping: Mapping,
) -> Iterator[tuple[int, Mapping]]:
    """Quotients whose digits match the quotient pattern and whose multiples of the
    divisor match the steps' product lines (a written step means a nonzero digit)."""

    def walk(k: int, value: int, current: Mapping) -> Iterator[tuple[int, Mapping]]:
        if k == len(steps):
            yield value, current
            return
        step = steps[k]
        if given and step is None:
            digits: range | tuple[int, ...] = (0,)
        elif given:
            digits = range(1, 10)
        else:
            digits = range(1 if k == 0 else 0, 10)
        for digit in digits:
            extended = match.digit(current, layout.quotient[k], digit)
            if extended is None:
                continue
            if step is not None:
                extended = match.number(extended, step[0], digit * divisor)
                if extended is None:
                    continue
            yield from walk(k + 1, value * 10 + digit, extended)

    yield from walk(0, 0, mapping)


def _match_steps(
    layout: DivisionLayout, match: _Match, mapping: Mapping, dividend: int, divisor: int
) -> Mapping | None:
    """Check every written difference against the layout's steps."""
    current: Mapping | None = mapping
    for (_, product, difference), step in zip(
        division_steps(dividend, divisor, len(layout.quotient)), layout.steps, strict=True
    ):
        if step is None:
            if product:
                return None
            continue
        if not product:
            return None
        assert current is not None
        current = match.number(current, step[1], difference)
        if current is None:
            return None
    return current


# --------------------------------------------------------------------------------------
# Long multiplication


def _multipliers(
    layout: MultiplicationLayout, a: int, match: _Match, mapping: Mapping
) -> Iterator[tuple[int, Mapping]]:
    """Multipliers whose digits (units first) match the multiplier's pattern and whose
    partial products with ``a`` match the partial lines (a written line: a nonzero digit)."""
    partials = layout.partials
    given = bool(partials)
    places = len(layout.multiplier)

    def walk(j: int, value: int, current: Mapping) -> Iterator[tuple[int, Mapping]]:
        if j == places:
            yield value, current
            return
        line = partials[j] if given else None
        low = 1 if j == places - 1 and places > 1 else 0
        digits = (0,) if given and line is None else range(max(low, int(given)), 10)
        for digit in digits:
            extended = match.digit(current, layout.multiplier[-1 - j], digit)
            if extended is not None and line is not None:
                extended = match.number(extended, line, a * digit)
            if extended is not None:
                yield from walk(j + 1, value + digit * 10**j, extended)

    yield from walk(0, 0, mapping)


def _solve_multiplication(
    layout: MultiplicationLayout, match: _Match, stop: StopSignal
) -> Iterator[LayoutSolution]:
    for a, m1 in match.numbers({}, layout.multiplicand):
        if stop.should_stop():
            return
        for b, m2 in _multipliers(layout, a, match, m1):
            m3 = match.number(m2, layout.product, a * b)
            if m3 is not None:
                yield LayoutSolution((a, b, a * b, 0), m3)


# --------------------------------------------------------------------------------------
# Solving


def iter_solutions(
    layout: Layout, *, distinct: bool = True, stop: StopSignal = NEVER
) -> Iterator[LayoutSolution]:
    """Every solution of ``layout`` (letters distinct unless ``distinct=False``)."""
    match = _Match(distinct)
    if isinstance(layout, DivisionLayout):
        yield from _solve_division(layout, match, stop)
    else:
        yield from _solve_multiplication(layout, match, stop)


def solve_layout(
    layout: Layout,
    *,
    limit: int | None = None,
    distinct: bool = True,
    keep: bool = True,
    stop: StopSignal = NEVER,
) -> LayoutResult:
    """Solve a layout: all solutions, up to ``limit`` (2 answers "is it unique?")."""
    started = clock()
    found: list[LayoutSolution] = []
    count = 0
    for solution in iter_solutions(layout, distinct=distinct, stop=stop):
        count += 1
        if keep:
            found.append(solution)
        if limit is not None and count >= limit:
            return LayoutResult(found, count, False, "limit", clock() - started)
    if stop.should_stop():
        return LayoutResult(found, count, False, stop.reason, clock() - started)
    return LayoutResult(found, count, True, None, clock() - started)


# --------------------------------------------------------------------------------------
# On paper


@dataclass(frozen=True, slots=True)
class PaperLine:
    """One line of a layout as written: its text, its right edge (in columns from the
    left of the dividend / product), and whether it is a rule drawn under a number."""

    text: str
    right: int
    rule: bool = False
    prefix: str = ""


def paper_lines(layout: Layout, solution: LayoutSolution | None = None) -> list[PaperLine]:
    """The layout's lines as on paper, with the solution's digits or the patterns."""
    if isinstance(layout, DivisionLayout):
        return _division_paper(layout, solution)
    return _multiplication_paper(layout, solution)


def _show(value: int | None, pattern: str) -> str:
    if value is None:
        return pattern
    return "" if pattern == "" and value == 0 else str(value)


def _division_paper(layout: DivisionLayout, solution: LayoutSolution | None) -> list[PaperLine]:
    n = len(layout.dividend)
    places = len(layout.quotient)
    numbers = solution.numbers if solution else None
    divisor = _show(numbers[1] if numbers else None, layout.divisor)
    lines = [
        PaperLine(_show(numbers[2] if numbers else None, layout.quotient), n - 1),
        PaperLine("-" * (n + 1), n - 1, rule=True),
        PaperLine(_show(numbers[0] if numbers else None, layout.dividend), n - 1, prefix=divisor),
    ]
    if not layout.steps:
        return lines
    worked = division_steps(numbers[0], numbers[1], places) if numbers else None
    written = [k for k, step in enumerate(layout.steps) if step is not None]
    for index, k in enumerate(written):
        step = layout.steps[k]
        assert step is not None
        right = n - places + k
        product = _show(worked[k][1] if worked else None, step[0])
        if index > 0:  # the partial: last difference with the digits brought down
            partial = _show(worked[k][0] if worked else None, _partial_pattern(layout, k))
            lines.append(PaperLine(partial, right))
        lines.append(PaperLine(product, right))
        lines.append(PaperLine("-" * max(len(product), 1), right, rule=True))
        if index == len(written) - 1:
            pattern = step[1] if layout.remainder is None else layout.remainder
            remainder = _show(numbers[3] if numbers else None, pattern)
            lines.append(PaperLine(remainder or ("0" if numbers else ""), n - 1))
    return lines


def _partial_pattern(layout: DivisionLayout, k: int) -> str:
    """The pattern of step ``k``'s partial: the previous written difference followed by the
    dividend's digits brought down since."""
    places = len(layout.quotient)
    first = len(layout.dividend) - places + 1
    previous = max(j for j in range(k) if layout.steps[j] is not None)
    step = layout.steps[previous]
    assert step is not None
    brought = layout.dividend[first + previous : first + k]
    return step[1] + brought


def _multiplication_paper(
    layout: MultiplicationLayout, solution: LayoutSolution | None
) -> list[PaperLine]:
    numbers = solution.numbers if solution else None
    width = max(len(layout.product), len(layout.multiplicand), len(layout.multiplier) + 2)
    right = width - 1
    lines = [
        PaperLine(_show(numbers[0] if numbers else None, layout.multiplicand), right),
        PaperLine(_show(numbers[1] if numbers else None, layout.multiplier), right, prefix="×"),
        PaperLine("-" * width, right, rule=True),
    ]
    if layout.partials and len(layout.multiplier) > 1:
        for j, line in enumerate(layout.partials):
            if line is None:
                continue
            digit = int(str(numbers[1])[-1 - j]) if numbers else 0
            value = numbers[0] * digit if numbers else None
            lines.append(PaperLine(_show(value, line), right - j))
        lines.append(PaperLine("-" * width, right, rule=True))
    lines.append(PaperLine(_show(numbers[2] if numbers else None, layout.product), right))
    return lines


def paper_text(layout: Layout, solution: LayoutSolution | None = None) -> str:
    """The layout as plain text, aligned as on paper."""
    lines = paper_lines(layout, solution)
    prefix = max((len(line.prefix) for line in lines), default=0)
    margin = prefix + 3 if isinstance(layout, DivisionLayout) else 2
    out = []
    for line in lines:
        left = margin + line.right + 1 - len(line.text)
        if line.prefix and isinstance(layout, DivisionLayout):
            out.append(f"{line.prefix:>{prefix}} ) {line.text}")
        elif line.prefix:
            out.append(line.prefix + " " * (left - 1) + line.text)
        else:
            out.append(" " * left + line.text)
    return "\n".join(s.rstrip() for s in out) + "\n"


# --------------------------------------------------------------------------------------
# Making puzzles: hide digits of a true layout until it only just stays unique


def true_division(dividend: int, divisor: int) -> DivisionLayout:
    """The fully written long division of ``dividend / divisor`` (every digit shown)."""
    if divisor <= 0 or dividend < divisor:
        raise PuzzleInputError("a long division needs 0 < divisor <= dividend")
    quotient, remainder = divmod(dividend, divisor)
    worked = division_steps(dividend, divisor, len(str(quotient)))
    steps = tuple(
        None if not product else (str(product), str(difference) if difference else "")
        for _, product, difference in worked
    )
    # the remainder is written in the header only when zero digits end the quotient
    written = str(remainder) if steps[-1] is None else None
    return DivisionLayout(str(dividend), str(divisor), str(quotient), steps, written)


def true_multiplication(a: int, b: int) -> MultiplicationLayout:
    """The fully written long multiplication ``a * b``."""
    if a <= 0 or b <= 0:
        raise PuzzleInputError("a long multiplication needs positive numbers")
    partials = tuple(str(a * int(d)) if d != "0" else None for d in reversed(str(b)))
    return MultiplicationLayout(str(a), str(b), str(a * b), partials)


def _fields(layout: Layout) -> list[str]:
    """The layout's patterns in one list (the steps' products and differences inline)."""
    if isinstance(layout, DivisionLayout):
        out = [layout.dividend, layout.divisor, layout.quotient]
        for step in layout.steps:
            if step is not None:
                out.extend(step)
        if layout.remainder is not None:
            out.append(layout.remainder)
        return out
    return [layout.multiplicand, layout.multiplier, layout.product] + [
        p for p in layout.partials if p is not None
    ]


def _with_fields(layout: Layout, fields: list[str]) -> Layout:
    if isinstance(layout, DivisionLayout):
        rest = iter(fields[3:])
        steps = tuple(None if s is None else (next(rest), next(rest)) for s in layout.steps)
        remainder = None if layout.remainder is None else next(rest)
        return replace(
            layout,
            dividend=fields[0],
            divisor=fields[1],
            quotient=fields[2],
            steps=steps,
            remainder=remainder,
        )
    rest = iter(fields[3:])
    partials = tuple(None if p is None else next(rest) for p in layout.partials)
    return replace(
        layout, multiplicand=fields[0], multiplier=fields[1], product=fields[2], partials=partials
    )


LETTERS = "ABCDEFGHJK"


def hide_digits(
    layout: Layout, *, seed: int = 0, style: str = "stars", stop: StopSignal = NEVER
) -> Layout:
    """Hide the digits of a true ``layout`` one at a time, in an order drawn from
    ``seed``, keeping each hiding that leaves the solution unique.

    ``style="stars"``: hidden digits become ``?``, the rest stay digits. ``"letters"``:
    first digits become letters (one letter per digit, drawn from ``seed``) wherever the
    layout stays unique, then digits are hidden as ``?`` the same way. The result has
    exactly one solution, the true one."""
    if style not in ("stars", "letters"):
        raise PuzzleInputError(f"unknown style {style!r}: use stars or letters")
    searched = layout.divisor if isinstance(layout, DivisionLayout) else layout.multiplicand
    if len(searched) > MAX_SEARCHED:
        raise PuzzleInputError(
            f"the divisor or multiplicand of a puzzle has at most {MAX_SEARCHED} digits"
        )
    rng = random.Random(seed)
    fields = _fields(layout)
    if solve_layout(layout, limit=2, keep=False, stop=stop).count != 1:
        raise PuzzleInputError("the fully shown layout is not unique; nothing to hide")
    cells = [(i, j) for i, f in enumerate(fields) for j in range(len(f))]
    passes = ["?"]
    if style == "letters":
        code = list(LETTERS)
        rng.shuffle(code)
        passes.insert(0, "".join(code))
    current = layout
    for replacement in passes:
        rng.shuffle(cells)
        for i, j in cells:
            if stop.should_stop():
                return current
            symbol = fields[i][j]
            if symbol == "?" or (replacement != "?" and not symbol.isdigit()):
                continue
            new = "?" if replacement == "?" else replacement[int(symbol)]
            trial = list(fields)
            trial[i] = trial[i][:j] + new + trial[i][j + 1 :]
            candidate = _with_fields(layout, trial)
            if solve_layout(candidate, limit=2, keep=False, stop=stop).count == 1:
                fields, current = trial, candidate
    return current


def random_layout(kind: str, rng: random.Random, digits: tuple[int, int] = (2, 3)) -> Layout:
    """A random true layout: divisor/multiplier of ``digits[0]`` digits, quotient /
    multiplicand of ``digits[1]``."""
    small = rng.randrange(10 ** (digits[0] - 1), 10 ** digits[0])
    large = rng.randrange(10 ** (digits[1] - 1), 10 ** digits[1])
    if kind == "division":
        return true_division(small * large + rng.randrange(small), small)
    if kind == "multiplication":
        return true_multiplication(large, small)
    raise PuzzleInputError(f"unknown layout {kind!r}: use division or multiplication")


def layout_text(layout: Layout) -> str:
    """The layout in the file format ``read_layout_file`` reads."""
    if isinstance(layout, DivisionLayout):
        header = f"{layout.dividend} / {layout.divisor} = {layout.quotient}"
        if layout.remainder is not None:
            header += f" r {layout.remainder or '.'}"
        steps = ["-" if s is None else f"{s[0]} {s[1] or '.'}" for s in layout.steps]
        return "\n".join(["division", header, *steps]) + "\n"
    header = f"{layout.multiplicand} * {layout.multiplier} = {layout.product}"
    partials = ["-" if p is None else p for p in layout.partials]
    return "\n".join(["multiplication", header, *partials]) + "\n"
