"""Reading word lists from files: formats, encodings, normalization and layering.

A line is ``word``, ``word;score`` or ``word<TAB>score``; files may be gzip-compressed.
Lists are layered in order: a later entry overrides an earlier score, and a score of 0 or
below removes the word (the constructors' "edit file" convention).
"""

from __future__ import annotations

import gzip
import os
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from puzzlewright.errors import PuzzleInputError
from puzzlewright.fileio import read_input
from puzzlewright.lexicon.alphabet import Alphabet
from puzzlewright.lexicon.wordlist import WordList

DEFAULT_SCORE = 50
"""Score given to entries of plain lists (one word per line): the top of the STWL scale."""

BUILTIN_NAMES = frozenset({"builtin", "@builtin", "english", "@english"})


@dataclass
class SourceReport:
    """What happened while reading one word list."""

    path: str
    encoding: str
    lines: int = 0
    entries: int = 0
    removed: int = 0
    skipped: Counter[str] = field(default_factory=Counter)


RawEntry = tuple[str, int]
"""An entry as read: (text before normalization, score)."""


def read_bytes(path: Path) -> bytes:
    """The file's bytes, gunzipped when it is gzip; unreadable files raise PuzzleInputError."""
    data = read_input(path, "word list")
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as exc:
            raise PuzzleInputError(f"word list {path} is a damaged gzip file: {exc}") from None
    return data


def detect_encoding(data: bytes) -> str:
    """Best guess of a word list's encoding (charset-normalizer; utf-8 when it has no idea).

    Only the words are shown to the detector: score columns (``;50``) mislead it.
    """
    from charset_normalizer import from_bytes

    words_only = re.sub(rb"[;\t][^\n]*", b"", data[:400_000])
    best = from_bytes(words_only).best()
    return "utf-8" if best is None else str(best.encoding)


def decode(data: bytes, encoding: str, path: Path, what: str = "word list") -> tuple[str, str]:
    """Decode ``data``; returns (text, encoding used). Errors name the encoding and line."""
    if encoding == "auto":
        encoding = detect_encoding(data)
    try:
        return data.decode(encoding), encoding
    except LookupError:
        raise PuzzleInputError(f"unknown encoding {encoding!r}") from None
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise PuzzleInputError(
            f"{what} {path} is not valid {encoding} (line {line}); "
            "name its encoding with --encoding (e.g. cp1251) or use --encoding auto"
        ) from None


def parse_lines(text: str, report: SourceReport) -> list[RawEntry]:
    """Split lines into (raw word, score); malformed scores are skipped and counted."""
    entries = []
    for line in text.splitlines():
        report.lines += 1
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        sep = ";" if ";" in line else "\t" if "\t" in line else None
        if sep is None:
            entries.append((line, DEFAULT_SCORE))
            continue
        word, _, raw_score = line.rpartition(sep)
        try:
            score = round(float(raw_score))
        except ValueError:
            report.skipped["unreadable score"] += 1
            continue
        entries.append((word.strip(), score))
    return entries


def read_source(path: Path, encoding: str) -> tuple[list[RawEntry], SourceReport]:
    """Read one file into raw entries with its report."""
    text, used = decode(read_bytes(path), encoding, path)
    report = SourceReport(str(path), used)
    return parse_lines(text, report), report


def skip_reason(word: str, alphabet: Alphabet) -> str | None:
    """Why a normalized entry cannot be used, or None when it can."""
    if not word:
        return "empty entry"
    if word.isdecimal() or any(ch.isdigit() for ch in word):
        return "digits"
    if alphabet.foreign(word):
        return "characters outside the alphabet"
    return None


def merge(
    layers: Iterable[tuple[list[RawEntry], SourceReport]],
    alphabet: Alphabet,
    scores: dict[str, int],
) -> None:
    """Apply each layer's entries over ``scores`` in order (in place)."""
    plain_ok = alphabet.covers_latin  # then "abc" needs only .upper()
    for entries, report in layers:
        for text, score in entries:
            if plain_ok and text.isascii() and text.isalpha():
                word = text.upper()
            else:
                word = alphabet.normalize(text)
                reason = skip_reason(word, alphabet)
                if reason:
                    report.skipped[reason] += 1
                    continue
            if score <= 0:
                report.removed += int(scores.pop(word, None) is not None)
                report.skipped["score 0 or below"] += 1
            else:
                scores[word] = score
                report.entries += 1


def load_wordlist(
    paths: Sequence[str | os.PathLike[str]],
    *,
    encoding: str = "utf-8-sig",
    alphabet: Alphabet | str | None = None,
    min_score: int | None = None,
) -> tuple[WordList, list[SourceReport]]:
    """Load and layer word lists; the name ``builtin`` stands for the built-in English list.

    With no alphabet given, it is inferred from the entries (A-Z with accents folded for
    Latin lists; otherwise the letters seen, e.g. Cyrillic). Large lists are compiled once
    and cached on disk (see :mod:`puzzlewright.lexicon.cache`).
    """
    from puzzlewright.lexicon import cache
    from puzzlewright.lexicon.builtin import cache_path

    files = [str(p) for p in paths if str(p).lower() not in BUILTIN_NAMES]
    builtin = [cache_path().name] if len(files) < len(paths) else []
    key = cache.list_key(files, (*builtin, [str(p) for p in paths], encoding, alphabet, min_score))
    cached = cache.load(key) if key else None
    if cached is not None:
        words, reports = cached
        return words, reports
    words, reports = _load_uncached(paths, encoding, alphabet)
    words = words.filtered(min_score)
    if key and sum(report.entries for report in reports) >= cache.MIN_ENTRIES:
        cache.store(key, (words.build_all(), reports))
    return words, reports


def _load_uncached(
    paths: Sequence[str | os.PathLike[str]], encoding: str, alphabet: Alphabet | str | None
) -> tuple[WordList, list[SourceReport]]:
    """Read, normalize and layer the files (the work the cache saves)."""
    from puzzlewright.lexicon.builtin import builtin_english

    if isinstance(alphabet, str):
        try:
            alphabet = Alphabet.named(alphabet)
        except ValueError as exc:
            raise PuzzleInputError(str(exc)) from None
    layers: list[tuple[list[RawEntry], SourceReport]] = []
    scores: dict[str, int] = {}
    for index, item in enumerate(paths):
        if str(item).lower() in BUILTIN_NAMES:
            if index:
                raise PuzzleInputError("the built-in list must be the first --words layer")
            base = builtin_english()
            scores.update(base.scores())
            alphabet = alphabet or base.alphabet
            continue
        layers.append(read_source(Path(item), encoding))
    if alphabet is None:
        alphabet = Alphabet.infer([text for entries, _ in layers for text, _ in entries])
    merge(layers, alphabet, scores)
    if not scores:
        names = ", ".join(str(p) for p in paths) or "(none)"
        raise PuzzleInputError(f"no usable words in {names}")
    name = "+".join(Path(str(p)).name for p in paths)
    return WordList(scores.items(), alphabet, name), [report for _, report in layers]
