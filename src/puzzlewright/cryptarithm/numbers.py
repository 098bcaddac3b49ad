"""Number names for doubly-true alphametics (``ONE + TWO + FIVE = EIGHT``).

English is built in (1 to 100, compounds written solid: ``TWENTYONE``). Other languages come
from a table file: one ``VALUE NAME`` pair per line (tab, ``;``, ``=`` or spaces between),
``#`` comments; names are upper-cased and squashed like word-list entries (``soixante-dix``
-> ``SOIXANTEDIX``), accents folded for Latin scripts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import Alphabet

_UNITS = (
    "ZERO ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT NINE TEN ELEVEN TWELVE THIRTEEN FOURTEEN "
    "FIFTEEN SIXTEEN SEVENTEEN EIGHTEEN NINETEEN"
).split()
_TENS = "TWENTY THIRTY FORTY FIFTY SIXTY SEVENTY EIGHTY NINETY".split()


def english_name(value: int) -> str:
    """The English name of 0..100 written solid: 21 -> ``TWENTYONE``."""
    if value == 100:
        return "HUNDRED"
    if not 0 <= value < 100:
        raise ValueError(f"no built-in English name for {value}")
    if value < 20:
        return _UNITS[value]
    tens, units = divmod(value, 10)
    return _TENS[tens - 2] + (_UNITS[units] if units else "")


@dataclass(frozen=True)
class NumberNames:
    """A table of numbers and their names, in ascending value order."""

    language: str
    names: tuple[tuple[int, str], ...]

    def name(self, value: int) -> str | None:
        """The name of ``value``, or None when the table has none."""
        return self._by_value().get(value)

    def _by_value(self) -> dict[int, str]:
        return dict(self.names)


def english(low: int = 1, high: int = 100) -> NumberNames:
    """The built-in English table (1 to 100 by default; ZERO only when asked)."""
    return NumberNames("english", tuple((v, english_name(v)) for v in range(low, high + 1)))


_SPLIT = re.compile(r"^\s*(-?\d+)\s*[\t;=,:]?\s*(.+?)\s*$")


def load_number_names(path: str | Path) -> NumberNames:
    """Read a ``VALUE NAME`` table; a bad line is a PuzzleInputError naming its number."""
    source = Path(path)
    try:
        lines = source.read_text(encoding="utf-8-sig").splitlines()
    except OSError as exc:
        raise PuzzleInputError(f"cannot read {source}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise PuzzleInputError(f"{source} is not UTF-8 text") from None
    raw: list[tuple[int, str]] = []
    for number, line in enumerate(lines, 1):
        body = line.split("#", 1)[0].strip()
        if not body:
            continue
        match = _SPLIT.match(body)
        if not match:
            raise PuzzleInputError(
                f"{source}, line {number}: expected 'VALUE NAME' such as '3 TROIS', got {line!r}"
            )
        raw.append((int(match.group(1)), match.group(2)))
    if not raw:
        raise PuzzleInputError(f"{source} has no 'VALUE NAME' lines")
    alphabet = Alphabet.infer([name for _, name in raw])
    table: dict[int, str] = {}
    for value, name in raw:
        letters = alphabet.normalize(name)
        if not letters or not all(ch.isalpha() for ch in letters):
            raise PuzzleInputError(f"{source}: the name {name!r} of {value} is not made of letters")
        if value in table and table[value] != letters:
            raise PuzzleInputError(f"{source}: {value} has two names, {table[value]} and {letters}")
        table[value] = letters
    return NumberNames(source.stem, tuple(sorted(table.items())))
