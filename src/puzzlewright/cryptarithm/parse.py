"""The cryptarithm input language: a tokenizer and recursive-descent parser (never ``eval``).

A puzzle is one or more equations separated by ``,``, ``;`` or newlines. An equation is two or
more expressions joined by ``=`` (or ``==``). Expressions use ``+ - * / ^`` (also ``**``, ``×``,
``·``, ``÷``, ``:`` and the minus sign ``−``), parentheses and a leading unary minus. A *numeral*
is a run of letters and digits: every letter is a symbol standing for one digit, every digit is
a constant. Precedence: ``^`` (right-associative) binds tighter than unary minus, which binds
tighter than ``* /``, which bind tighter than ``+ -``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import TypeAlias

from puzzlewright.errors import PuzzleInputError

DIGITS = "0123456789"
OPERATOR_SPELLINGS: dict[str, str] = {
    "+": "+",
    "-": "-",
    "\u2212": "-",  # minus sign
    "*": "*",
    "\u00d7": "*",  # multiplication sign
    "\u00b7": "*",  # middle dot
    "\u22c5": "*",  # dot operator
    "/": "/",
    "\u00f7": "/",  # division sign
    ":": "/",
    "^": "^",
}
SEPARATORS = ",;\n"


@dataclass(frozen=True, slots=True)
class Numeral:
    """A run of symbols and digits, most significant first: ``SEND``, ``13``, ``1AB``."""

    items: tuple[str | int, ...]
    text: str
    column: int


@dataclass(frozen=True, slots=True)
class Negate:
    """Unary minus."""

    operand: Node


@dataclass(frozen=True, slots=True)
class Sum:
    """``t1 + t2 - t3 ...`` as (sign, term) pairs: flat, so 1000 addends nest no deeper."""

    terms: tuple[tuple[int, Node], ...]


@dataclass(frozen=True, slots=True)
class BinOp:
    """A binary operation; ``op`` is one of ``* / ^``."""

    op: str
    left: Node
    right: Node


Node: TypeAlias = Numeral | Negate | Sum | BinOp


@dataclass(frozen=True, slots=True)
class Equation:
    """One ``=``-chain ``A = B = C`` as its sides, with the source text of the equation."""

    sides: tuple[Node, ...]
    text: str


@dataclass(frozen=True, slots=True)
class Token:
    """A token: kind is ``num``, ``op``, ``(``, ``)``, ``=``, ``sep`` or ``end``."""

    kind: str
    value: str
    start: int  # offset in the normalized text
    items: tuple[str | int, ...] = ()


def normalize(text: str) -> str:
    """NFC-normalize and trim a puzzle, so composed and decomposed letters are one symbol."""
    return unicodedata.normalize("NFC", text).replace("\r\n", "\n").replace("\r", "\n").strip()


def _where(text: str, offset: int) -> str:
    """``column N`` (or ``line L, column N`` in a multi-line puzzle), 1-based."""
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    if "\n" in text:
        return f"line {line}, column {column}"
    return f"column {column}"


_TOKEN = re.compile(r"([^\W_]+)|([^\S\n]+)|(\*\*|==|.)", re.DOTALL)


def tokenize(text: str) -> list[Token]:
    """Split a normalized puzzle into tokens; reject characters outside the language."""
    tokens: list[Token] = []
    append = tokens.append
    for match in _TOKEN.finditer(text):
        word, space, other = match.groups()
        if space:
            continue
        i = match.start()
        if word:
            items: list[str | int] = []
            for offset, c in enumerate(word):
                if c in DIGITS:
                    items.append(ord(c) - 48)
                elif c.isalpha():
                    items.append(c)
                else:
                    _bad_character(text, i + offset)
            append(Token("num", word, i, tuple(items)))
        elif other in SEPARATORS:
            append(Token("sep", other, i))
        elif other == "=" or other == "==":
            append(Token("=", other, i))
        elif other == "**":
            append(Token("op", "^", i))
        elif other in OPERATOR_SPELLINGS:
            append(Token("op", OPERATOR_SPELLINGS[other], i))
        elif other == "(" or other == ")":
            append(Token(other, other, i))
        elif not other.isspace():
            _bad_character(text, i)
    append(Token("end", "", len(text)))
    return tokens


def _bad_character(text: str, i: int) -> None:
    ch = text[i]
    name = unicodedata.name(ch, "")
    shown = f"{ch!r} ({name})" if name and not ch.isprintable() else repr(ch)
    raise PuzzleInputError(
        f"unexpected character {shown} at {_where(text, i)}: "
        "use letters, digits, + - * / ^, parentheses and ="
    )


def _describe(token: Token) -> str:
    if token.kind == "end":
        return "the end"
    if token.kind == "sep":
        return "the end of the equation" if token.value != "\n" else "the end of the line"
    return f"'{token.value}'"


class _Parser:
    """Recursive descent over the tokens of one equation."""

    def __init__(self, text: str, tokens: list[Token]) -> None:
        self.text = text
        self.tokens = tokens
        self.pos = 0

    def error(self, message: str, token: Token, hint: str = "") -> PuzzleInputError:
        where = _where(self.text, token.start)
        return PuzzleInputError(f"{message} at {where}" + (f"; {hint}" if hint else ""))

    def peek(self) -> Token:
        return self.tokens[self.pos]

    def equation(self) -> tuple[Node, ...]:
        sides = [self.side(None)]
        while self.peek().kind == "=":
            eq = self.peek()
            self.pos += 1
            sides.append(self.side(eq))
        return tuple(sides)

    def side(self, eq: Token | None) -> Node:
        token = self.peek()
        if token.kind in ("=", "end", "sep"):
            if eq is None:
                raise self.error(f"empty left side of '{token.value or '='}'", token)
            raise self.error(f"empty right side of '{eq.value}'", eq)
        node = self.expression(start=True)
        token = self.peek()
        if token.kind not in ("=", "end", "sep"):
            raise self.unexpected_after_operand(token)
        return node

    def unexpected_after_operand(self, token: Token) -> PuzzleInputError:
        if token.kind in ("num", "("):
            previous = self.tokens[self.pos - 1]
            return self.error(
                f"missing operator between {_describe(previous)} and {_describe(token)}", token
            )
        return self.error(f"unexpected {_describe(token)}", token)

    def expression(self, start: bool) -> Node:
        first = self.term(start)
        terms: list[tuple[int, Node]] = [(1, first)]
        while True:
            token = self.peek()
            if token.kind != "op" or token.value not in "+-":
                break
            self.pos += 1
            terms.append((1 if token.value == "+" else -1, self.term(False, token)))
        return first if len(terms) == 1 else Sum(tuple(terms))

    def term(self, start: bool, after: Token | None = None) -> Node:
        node = self.unary(start, after)
        while True:
            token = self.peek()
            if token.kind != "op" or token.value not in "*/":
                return node
            self.pos += 1
            node = BinOp(token.value, node, self.unary(False, token))

    def unary(self, start: bool, after: Token | None) -> Node:
        token = self.peek()
        if start and token.kind == "op" and token.value == "-":
            self.pos += 1
            return Negate(self.unary(False, token))
        return self.power(after)

    def power(self, after: Token | None) -> Node:
        base = self.atom(after)
        token = self.peek()
        if token.kind == "op" and token.value == "^":
            self.pos += 1
            return BinOp("^", base, self.power(token))
        return base

    def atom(self, after: Token | None) -> Node:
        token = self.peek()
        if token.kind == "num":
            self.pos += 1
            return Numeral(token.items, token.value, token.start)
        if token.kind == "(":
            self.pos += 1
            if self.peek().kind == ")":
                raise self.error("empty parentheses", token)
            node = self.expression(start=True)
            closing = self.peek()
            if closing.kind != ")":
                raise self.unexpected_after_operand(closing)
            self.pos += 1
            return node
        if after is None:
            raise self.error(f"expected a number, found {_describe(token)}", token)
        if token.kind == "op":
            raise self.error(
                f"two operators in a row ('{after.value} {token.value}')",
                token,
                "write a negative operand in parentheses, e.g. A * (-B)"
                if token.value == "-"
                else "",
            )
        raise self.error(f"missing operand after '{after.value}'", after)


def _check_parentheses(text: str, tokens: list[Token]) -> None:
    """Report unbalanced parentheses (and ``=`` inside them) before parsing."""
    open_stack: list[Token] = []
    for token in tokens:
        if token.kind == "(":
            open_stack.append(token)
        elif token.kind == ")":
            if not open_stack:
                where = _where(text, token.start)
                raise PuzzleInputError(
                    f"unbalanced parentheses: ')' at {where} has no matching '('"
                )
            open_stack.pop()
        elif token.kind in ("sep", "end", "=") and open_stack:
            raise PuzzleInputError(
                f"unbalanced parentheses: '(' at {_where(text, open_stack[-1].start)} "
                f"is not closed before {_describe(token)}"
            )


def parse_equations(text: str) -> list[Equation]:
    """Parse a normalized puzzle into equations; raise PuzzleInputError with the position."""
    if not text:
        raise PuzzleInputError("empty puzzle: give an equation such as SEND + MORE = MONEY")
    tokens = tokenize(text)
    _check_parentheses(text, tokens)
    equations: list[Equation] = []
    start = 0
    for index, token in enumerate(tokens):
        if token.kind not in ("sep", "end"):
            continue
        chunk = tokens[start:index]
        start = index + 1
        if not chunk:
            continue
        parser = _Parser(text, [*chunk, token])
        try:
            sides = parser.equation()
        except RecursionError:
            raise PuzzleInputError("the puzzle nests parentheses or powers too deeply") from None
        if len(sides) == 1:
            source = text[chunk[0].start : token.start].strip()
            raise PuzzleInputError(f"no '=' in {source!r}: an equation needs two sides")
        source = text[chunk[0].start : token.start].strip()
        equations.append(Equation(sides, source))
    if not equations:
        raise PuzzleInputError("empty puzzle: give an equation such as SEND + MORE = MONEY")
    return equations
