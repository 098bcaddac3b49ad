"""Bounds every puzzle reader applies to what it parses: JSON documents and whole numbers.

Python turns a 5,000-digit number into a ValueError (the int-string limit) and a long one
into slow arithmetic; neither may reach the user as a traceback. Readers parse JSON with
:func:`load_json` and digit strings with :func:`whole_number`, which raise a one-line
:class:`~puzzlewright.errors.PuzzleInputError` instead. JSON may also escape half of a
surrogate pair alone (``"\\udc00"``): Python reads it as a string that no UTF-8 writer
can encode, so :func:`load_json` refuses it at the door (:func:`refuse_lone_surrogates`).
"""

from __future__ import annotations

import json
import re
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
        document = json.loads(
            text, parse_int=lambda digits: whole_number(digits, what), parse_constant=reject
        )
    except json.JSONDecodeError as exc:
        raise PuzzleInputError(
            f"{what}: corrupt JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except RecursionError:
        raise PuzzleInputError(f"{what}: corrupt JSON: nested too deeply") from None
    if MAY_HOLD_SURROGATES.search(text):  # the walk only for documents that may need it
        refuse_lone_surrogates(document, what)
    return document


SURROGATE = re.compile("[\ud800-\udfff]")
MAY_HOLD_SURROGATES = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")
"""A JSON escape of half a surrogate pair (alone, or one of a pair that reads as one
character), or a surrogate in the text itself (text decoded with ``surrogateescape``)."""


def refuse_lone_surrogates(document: Any, what: str) -> None:
    """PuzzleInputError when a string of a parsed JSON ``document`` (a key or a value) holds
    a lone surrogate (``"\\udc00"``: no character, and no UTF-8 writer can encode it).
    Walks with a list, not recursion, so a deeply nested document cannot overflow it."""
    pending = [document]
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            pending.extend(value.keys())
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
        elif isinstance(value, str) and (found := SURROGATE.search(value)):
            code = ord(found.group())
            raise PuzzleInputError(
                f"{what}: a string holds \\u{code:04x}, half of a surrogate pair alone "
                "(not a character)"
            )
