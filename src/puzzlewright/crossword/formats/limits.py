"""Bounds every puzzle reader applies to what it parses: JSON documents and whole numbers.

Python turns a 5,000-digit number into a ValueError (the int-string limit) and a long one
into slow arithmetic; neither may reach the user as a traceback. Readers parse JSON with
:func:`load_json` and digit strings with :func:`whole_number`, which raise a one-line
:class:`~puzzlewright.errors.PuzzleInputError` instead.
"""

from __future__ import annotations

import json
from typing import Any

from puzzlewright.errors import PuzzleInputError

MAX_DIGITS = 15
"""Longest whole number a puzzle file may hold (sizes, clue numbers: a few digits)."""


def whole_number(text: str, what: str) -> int:
    """``text`` (ASCII digits, perhaps signed) as an int; PuzzleInputError when too long."""
    digits = text.strip().lstrip("+-")
    if not (digits.isascii() and digits.isdigit()):
        raise PuzzleInputError(f"{what}: {shorten_number(text)} is not a whole number")
    if len(digits) > MAX_DIGITS:
        raise PuzzleInputError(
            f"{what}: a number of {len(digits):,} digits (at most {MAX_DIGITS} are read)"
        )
    return int(text)


def shorten_number(text: str, limit: int = 20) -> str:
    """A long number cut for a message: ``1111111111...(5000 digits)``."""
    return repr(text) if len(text) <= limit else f"'{text[:10]}...' ({len(text):,} characters)"


def load_json(text: str, what: str) -> Any:
    """``text`` parsed as JSON, with every integer bounded (:data:`MAX_DIGITS`) and NaN or
    Infinity refused; a one-line PuzzleInputError names what is wrong and where."""

    def reject(name: str) -> Any:
        raise PuzzleInputError(f"{what}: {name} is not a number JSON allows")

    try:
        return json.loads(
            text, parse_int=lambda digits: whole_number(digits, what), parse_constant=reject
        )
    except json.JSONDecodeError as exc:
        raise PuzzleInputError(
            f"{what}: corrupt JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except RecursionError:
        raise PuzzleInputError(f"{what}: corrupt JSON: nested too deeply") from None
