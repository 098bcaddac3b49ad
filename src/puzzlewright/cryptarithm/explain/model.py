"""The column model of a word sum, as a person writes it down to solve it by hand.

``A + B + ... = R`` (a difference ``A - B = C`` is read as ``B + C = A``) becomes one linear
equation per column, units first: the addends' digits plus the carry in equal the result's
digit plus ``base`` times the carry out. Variables are the letters and the carries (named
``c2``, ``c3``, ... for the carry *into* column 2, 3, ..., counted from the right); every
variable has a domain, a bitset of the digits it may still take.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from puzzlewright.bits import DigitSet, iter_bits, popcount
from puzzlewright.cryptarithm.parse import BinOp, Negate, Node, Numeral, Sum
from puzzlewright.cryptarithm.solver import Cryptarithm
from puzzlewright.errors import PuzzleInputError

Var = str
"""A letter (one character) or a carry (``c`` followed by its column number)."""


def is_carry(var: Var) -> bool:
    """Carries have names of two or more characters; letters are single symbols."""
    return len(var) > 1


@dataclass(frozen=True, slots=True)
class Column:
    """``sum(coef * var) + constant = 0`` for column ``number`` (1 = units).

    ``left`` and ``right`` keep the column as written (addend items plus carry in; result
    item plus ``base`` times carry out) for sentences."""

    number: int
    coefs: tuple[tuple[Var, int], ...]
    constant: int
    left: tuple[str, ...]
    right: tuple[str, ...]

    def variables(self) -> list[Var]:
        """The column's variables."""
        return [v for v, _ in self.coefs]


@dataclass(frozen=True, slots=True)
class Model:
    """A sum in columns: its letters, leading letters, columns and the first domains."""

    text: str
    base: int
    addends: tuple[str, ...]
    result: str
    letters: tuple[str, ...]
    leading: frozenset[str]
    columns: tuple[Column, ...]
    start: dict[Var, DigitSet] = field(hash=False)
    cache: dict[tuple[object, ...], Any] = field(default_factory=dict, hash=False, compare=False)
    """Column supports already listed, by column and domains (rules recheck columns often)."""
    kind: str = "sum"
    """``"sum"`` (the columns hold the puzzle) or ``"product"`` (``A * B = C``: ``words``)."""
    words: tuple[tuple[str | int, ...], ...] = ()
    """A product's factors and result, most significant item first."""


def _signed_numerals(node: Node, sign: int, out: list[tuple[int, Numeral]]) -> None:
    """Flatten one side into signed numerals; products and powers are not column sums."""
    if isinstance(node, Numeral):
        out.append((sign, node))
    elif isinstance(node, Negate):
        _signed_numerals(node.operand, -sign, out)
    elif isinstance(node, Sum):
        for term_sign, term in node.terms:
            _signed_numerals(term, sign * term_sign, out)
    else:
        raise PuzzleInputError(
            "explanations cover sums and differences (A + B = C, A - B = C) and products of "
            "two numbers (A * B = C); this puzzle has another product, a quotient or a power"
        )


def _text(item: str | int) -> str:
    return item if isinstance(item, str) else str(item)


def _product_model(problem: Cryptarithm, factors: BinOp, result: Numeral) -> Model:
    """``A * B = C`` for the product rules (no columns)."""
    left, right = factors.left, factors.right
    if not isinstance(left, Numeral) or not isinstance(right, Numeral):
        raise PuzzleInputError("explanations cover products of two numbers (A * B = C)")
    numerals = (left, right, result)
    leading = frozenset(
        n.items[0] for n in numerals if len(n.items) > 1 and isinstance(n.items[0], str)
    )
    return Model(
        problem.text,
        problem.base,
        (left.text, right.text),
        result.text,
        problem.symbols,
        leading,
        (),
        dict(zip(problem.symbols, problem.masks, strict=True)),
        kind="product",
        words=tuple(n.items for n in numerals),
    )


def _column(
    j: int,
    addends: list[Numeral],
    result: Numeral,
    base: int,
    width: int,
    start: dict[Var, DigitSet],
) -> Column:
    """Column ``j`` from the right as an equation over its letters and carries; its carry
    out (below the number of addends) is added to ``start``."""
    n_carry = len(addends)  # carries stay below the number of addends
    coefs: dict[Var, int] = {}
    constant = 0
    shown_left: list[str] = []
    for numeral in addends:
        if j < len(numeral.items):
            item = numeral.items[-1 - j]
            shown_left.append(_text(item))
            if isinstance(item, str):
                coefs[item] = coefs.get(item, 0) + 1
            else:
                constant += item
    if j > 0:
        carry_in = f"c{j + 1}"
        coefs[carry_in] = coefs.get(carry_in, 0) + 1
        shown_left.append(carry_in)
    shown_right: list[str] = []
    if j < len(result.items):
        item = result.items[-1 - j]
        shown_right.append(_text(item))
        if isinstance(item, str):
            coefs[item] = coefs.get(item, 0) - 1
        else:
            constant -= item
    if j + 1 < width:
        carry_out = f"c{j + 2}"
        coefs[carry_out] = coefs.get(carry_out, 0) - base
        start[carry_out] = (1 << n_carry) - 1
        shown_right.append(f"{base}×{carry_out}")
    return Column(
        j + 1,
        tuple((v, c) for v, c in coefs.items() if c),
        constant,
        tuple(shown_left) or ("0",),
        tuple(shown_right) or ("0",),
    )


def _other_side_first(numerals: list[Numeral], right: Node) -> list[Numeral]:
    """The numerals of the right side first, then the rest (each group in order)."""
    on_right: list[tuple[int, Numeral]] = []
    _signed_numerals(right, 1, on_right)
    ids = {id(n) for _, n in on_right}
    return [n for n in numerals if id(n) in ids] + [n for n in numerals if id(n) not in ids]


def build_model(problem: Cryptarithm) -> Model:
    """The model of a parsed one-equation sum, difference or product of two numbers."""
    if len(problem.equations) != 1 or len(problem.equations[0].sides) != 2:
        raise PuzzleInputError("explanations cover one equation with two sides")
    left, right = problem.equations[0].sides
    for factors, result in ((left, right), (right, left)):
        if isinstance(factors, BinOp) and factors.op == "*" and isinstance(result, Numeral):
            return _product_model(problem, factors, result)
    terms: list[tuple[int, Numeral]] = []
    _signed_numerals(left, 1, terms)
    _signed_numerals(right, -1, terms)
    plus = [n for s, n in terms if s > 0]
    minus = [n for s, n in terms if s < 0]
    if len(minus) == 1:
        addends, result = plus, minus[0]
    elif len(plus) == 1:
        # A - B = C is C + B = A: the other side's numbers first, as a person rewrites it
        addends, result = _other_side_first(minus, right), plus[0]
    else:
        raise PuzzleInputError("an explanation needs one side to be a single number (A + B = C)")
    if not addends:
        raise PuzzleInputError("an explanation needs at least one addend")
    base = problem.base
    width = max(len(n.items) for n in [*addends, result])
    start: dict[Var, DigitSet] = dict(zip(problem.symbols, problem.masks, strict=True))
    columns = [_column(j, addends, result, base, width, start) for j in range(width)]
    leading = frozenset(
        n.items[0] for n in [*addends, result] if len(n.items) > 1 and isinstance(n.items[0], str)
    )
    return Model(
        problem.text,
        base,
        tuple(n.text for n in addends),
        result.text,
        problem.symbols,
        leading,
        tuple(columns),
        start,
    )


def describe_domain(mask: DigitSet) -> str:
    """``8 or 9``, ``0, 2 or 4``, ``no digit``."""
    values = [str(d) for d in iter_bits(mask)]
    if not values:
        return "no digit"
    if len(values) == 1:
        return values[0]
    return ", ".join(values[:-1]) + " or " + values[-1]


def single(mask: DigitSet) -> int | None:
    """The one digit of a one-digit domain, else None."""
    return mask.bit_length() - 1 if mask and popcount(mask) == 1 else None
