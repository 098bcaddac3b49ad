"""Reading word lists from files: formats, encodings, normalization and layering.

A line is ``word``, ``word;score`` or ``word<TAB>score``; files may be gzip-compressed.
Lists are layered in order: a later entry overrides an earlier score, and a score of 0 or
below removes the word (the constructors' "edit file" convention).

Every list is bounded: at most ``max_bytes`` of text (200 MB by default), counted while
reading and while gunzipping, so ``/dev/zero`` or a gzip bomb stops at the limit with one
error; lines longer than ``MAX_LINE`` characters are skipped and counted.
"""

from __future__ import annotations

import gzip
import io
import math
import os
import re
import zlib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path

from puzzlewright.errors import PuzzleInputError
from puzzlewright.fileio import InputTooLarge, byte_size, read_input
from puzzlewright.lexicon.alphabet import Alphabet
from puzzlewright.lexicon.wordlist import WordList

DEFAULT_SCORE = 50
"""Score given to entries of plain lists (one word per line): the top of the STWL scale."""

BUILTIN_NAMES = frozenset({"builtin", "@builtin", "english", "@english"})
"""The general English list (``builtin``: its name from before there were two built-in
lists, kept for scripts; it always means the English list)."""
PHRASE_NAMES = frozenset({"builtin+phrases", "@builtin+phrases", "english+phrases"})
"""The built-in English list with multi-word phrases (``lexicon.phrases``)."""
CROSSWORD_NAMES = frozenset({"crossword", "@crossword"})
"""The built-in crossword list (``lexicon.crossword``: the Collaborative Word List, cleaned),
the default of everything that fills or proposes crossword entries."""

DEFAULT_MAX_MB = 200
DEFAULT_MAX_BYTES = DEFAULT_MAX_MB << 20
"""Largest word list read, in bytes of text (after gunzipping); ``--max-list-mb`` changes it."""
MAX_LINE = 1_000
"""Longer lines are not entries (a binary file, a pasted paragraph): skipped and counted."""
MAX_SCORE = 10**9
"""Scores beyond +-MAX_SCORE (and inf, nan) are unreadable: they could not be stored."""


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


def read_raw(path: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> bytes:
    """The file's bytes as stored (perhaps gzip), bounded: a gzip file may be a little larger
    than the text it holds, so it gets 1/64 of slack; the text itself is checked later."""
    try:
        return read_input(path, "word list", max_bytes=max_bytes + max_bytes // 64 + 65_536)
    except InputTooLarge:
        raise _too_large(path, max_bytes) from None


def text_bytes(raw: bytes, path: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> bytes:
    """The text of a raw file: gunzipped (at most ``max_bytes``) when it is gzip."""
    if raw[:2] != b"\x1f\x8b":
        data = raw
    else:
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(raw)) as stream:
                data = stream.read(max_bytes + 1)
        except (OSError, EOFError, zlib.error) as exc:
            raise PuzzleInputError(f"word list {path} is a damaged gzip file: {exc}") from None
    if len(data) > max_bytes:
        raise _too_large(path, max_bytes)
    return data


def _too_large(path: Path, max_bytes: int) -> PuzzleInputError:
    return PuzzleInputError(
        f"word list {path} is larger than the limit of {byte_size(max_bytes)} of text "
        "(--max-list-mb raises it)"
    )


def read_bytes(path: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> bytes:
    """The file's text bytes, gunzipped when it is gzip, at most ``max_bytes``; unreadable
    or oversized files raise PuzzleInputError."""
    return text_bytes(read_raw(path, max_bytes), path, max_bytes)


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
        if len(line) > MAX_LINE:
            report.skipped[f"line longer than {MAX_LINE:,} characters"] += 1
            continue
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        sep = ";" if ";" in line else "\t" if "\t" in line else None
        if sep is None:
            entries.append((line, DEFAULT_SCORE))
            continue
        word, _, raw_score = line.rpartition(sep)
        value = _number(raw_score)
        if value is None:
            report.skipped["unreadable score"] += 1
            continue
        score = round(value)
        entries.append((word.strip(), score))
    return entries


def _number(text: str) -> float | None:
    """A finite score within +-MAX_SCORE, or None."""
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) and abs(value) <= MAX_SCORE else None


def read_source(
    path: Path, encoding: str, raw: bytes | None = None, max_bytes: int = DEFAULT_MAX_BYTES
) -> tuple[list[RawEntry], SourceReport]:
    """Read one file (or its ``raw`` bytes, read already) into raw entries with its report."""
    if raw is None:
        raw = read_raw(path, max_bytes)
    text, used = decode(text_bytes(raw, path, max_bytes), encoding, path)
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
    max_bytes: int = DEFAULT_MAX_BYTES,
    phrases: bool = False,
) -> tuple[WordList, list[SourceReport]]:
    """Load and layer word lists; ``english`` (or ``builtin``) stands for the built-in
    English list, ``builtin+phrases`` for it with multi-word phrases and ``crossword`` for
    the built-in crossword list, whose entries under its ``DEFAULT_MIN_SCORE`` (clean fill)
    are left out unless ``min_score`` asks for them.

    With no alphabet given, it is inferred from the entries (A-Z with accents folded for
    Latin lists; otherwise the letters seen, e.g. Cyrillic). Each file holds at most
    ``max_bytes`` of text. Large lists are compiled once and cached on disk, keyed by the
    files' contents (see :mod:`puzzlewright.lexicon.cache`).
    """
    from puzzlewright.lexicon import cache

    phrases = phrases or any(str(p).lower() in PHRASE_NAMES for p in paths)
    if all(_is_builtin(p) for p in paths) and len(paths) == 1:
        base = _builtin_list(paths[0], phrases, min_score)  # compiled: no re-sort, no copy
        if alphabet is None or _same_alphabet(alphabet, base.alphabet):
            return base.renamed(Path(str(paths[0])).name), []
    raws = [None if _is_builtin(p) else read_raw(Path(p), max_bytes) for p in paths]
    builtin = [_builtin_key(paths[0], phrases)] if None in raws else []
    options = (*builtin, [str(p) for p in paths], encoding, repr(alphabet), min_score, max_bytes)
    key = cache.content_key([raw for raw in raws if raw is not None], options)

    @lru_cache(maxsize=1)
    def rebuilt() -> tuple[WordList, list[SourceReport]]:
        words, reports = _load_uncached(
            paths, raws, encoding, alphabet, max_bytes, phrases, min_score
        )
        words = words.filtered(min_score)
        if sum(report.entries for report in reports) >= cache.MIN_ENTRIES:
            cache.store(key, words, [_report_json(report) for report in reports])
        return words, reports

    cached = cache.load(key, lambda length: rebuilt()[0].index(length))
    reports = _reports_from_json(cached[1]) if cached else None
    if cached and reports is not None and len(reports) == len(raws) - len(builtin):
        return cached[0], reports
    return rebuilt()


def _is_builtin(path: str | os.PathLike[str]) -> bool:
    return str(path).lower() in BUILTIN_NAMES | PHRASE_NAMES | CROSSWORD_NAMES


def _builtin_list(path: str | os.PathLike[str], phrases: bool, min_score: int | None) -> WordList:
    """The built-in list ``path`` names at ``min_score`` (the crossword list's default
    floor when None)."""
    if str(path).lower() in CROSSWORD_NAMES:
        from puzzlewright.lexicon.crossword import builtin_crossword

        return builtin_crossword(min_score)
    from puzzlewright.lexicon.builtin import builtin_english

    return builtin_english(phrases).filtered(min_score)


def _builtin_key(path: str | os.PathLike[str], phrases: bool) -> str:
    """What keys a layered list on the built-in list ``path``: its cache file's name."""
    if str(path).lower() in CROSSWORD_NAMES:
        from puzzlewright.lexicon.crossword import cache_path as crossword_path

        return crossword_path(0).name
    from puzzlewright.lexicon.builtin import cache_path

    return cache_path(phrases).name


def _same_alphabet(asked: Alphabet | str, alphabet: Alphabet) -> bool:
    """True when the ``--alphabet`` asked for is ``alphabet`` (a bad name is not)."""
    if isinstance(asked, str):
        try:
            asked = Alphabet.named(asked)
        except ValueError:
            return False
    return asked == alphabet


def _report_json(report: SourceReport) -> dict[str, object]:
    """A load report as JSON-able data (cached with the compiled list)."""
    return {**asdict(report), "skipped": dict(report.skipped)}


def _reports_from_json(data: object) -> list[SourceReport] | None:
    """Load reports from cached data, or None when the data has the wrong shape."""
    if not isinstance(data, list):
        return None
    reports = []
    for item in data:
        if not isinstance(item, dict):
            return None
        path, encoding, skipped = item.get("path"), item.get("encoding"), item.get("skipped")
        counts = [item.get(name) for name in ("lines", "entries", "removed")]
        if not (
            isinstance(path, str)
            and isinstance(encoding, str)
            and all(type(count) is int for count in counts)
            and isinstance(skipped, dict)
            and all(type(count) is int for count in skipped.values())
        ):
            return None
        lines, entries, removed = (int(count) for count in counts)  # type: ignore[arg-type]
        reports.append(SourceReport(path, encoding, lines, entries, removed, Counter(skipped)))
    return reports


def _load_uncached(
    paths: Sequence[str | os.PathLike[str]],
    raws: Sequence[bytes | None],
    encoding: str,
    alphabet: Alphabet | str | None,
    max_bytes: int,
    phrases: bool = False,
    min_score: int | None = None,
) -> tuple[WordList, list[SourceReport]]:
    """Read, normalize and layer the files (the work the cache saves)."""
    if isinstance(alphabet, str):
        try:
            alphabet = Alphabet.named(alphabet)
        except ValueError as exc:
            raise PuzzleInputError(str(exc)) from None
    layers: list[tuple[list[RawEntry], SourceReport]] = []
    scores: dict[str, int] = {}
    for index, (item, raw) in enumerate(zip(paths, raws, strict=True)):
        if raw is None:
            if index:
                raise PuzzleInputError("a built-in list must be the first --words layer")
            base = _builtin_list(item, phrases, min_score)
            scores.update(base.scores())
            alphabet = alphabet or base.alphabet
            continue
        layers.append(read_source(Path(item), encoding, raw, max_bytes))
    if alphabet is None:
        alphabet = Alphabet.infer([text for entries, _ in layers for text, _ in entries])
    merge(layers, alphabet, scores)
    if not scores:
        names = ", ".join(str(p) for p in paths) or "(none)"
        raise PuzzleInputError(f"no usable words in {names}")
    name = "+".join(Path(str(p)).name for p in paths)
    return WordList(scores.items(), alphabet, name), [report for _, report in layers]
