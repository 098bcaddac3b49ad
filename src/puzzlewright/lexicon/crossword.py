"""The built-in crossword list: the Collaborative Word List (MIT), cleaned and re-ranked.

The list ships compiled into the package's data as ``data/crossword.dict.gz`` (its MIT
notice beside it, ``data/CWL-LICENSE``); ``tools/make_crossword_list.py`` rebuilds that file
byte for byte from ``../shared/data/cwl/`` and says how the scores are made (see
docs/lexicon.md, "The built-in crossword list"). Here it is only read, compiled and cached.

The file is gzip'd text, alphabetical, front-coded: each line is the number of leading
letters shared with the previous word, the rest of the word, ``;`` and the score
(``0aah;30``, ``3ed;30`` for ``AAHED``). Front coding halves the text and gzip then takes it
to about 1.3 MB.

Scores keep the Collaborative Word List's scale, on which 50 is clean fill. A process loads
the list at ``DEFAULT_MIN_SCORE`` unless asked for a lower floor: both variants are compiled
once and kept in the compiled-list cache (``lexicon.cache``: data-only, validated).
"""

from __future__ import annotations

import gzip
import re
import zlib
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path

from puzzlewright.lexicon.alphabet import Alphabet
from puzzlewright.lexicon.cache import SUFFIX, VERSION, cache_dir, cached_list
from puzzlewright.lexicon.wordlist import WordList

FORMAT = 2  # bump when the reading below changes (the data file's checksum keys the rest)
DATA_NAME = "crossword.dict.gz"
DEFAULT_MIN_SCORE = 50
"""The floor a command uses with the crossword list when given no ``--min-score``: clean
fill. Lower floors (down to the file's lowest score) load the rest of the list."""
SEARCH_SCORE_WEIGHT = 0.05
"""The factor a fill search puts on this list's scores against the options a word leaves its
crossings (the engine weighs one score point as one nat of options). Every score from 50 up
is clean fill (CWL's community bands, ticks of evidence inside them), so at the engine's
weight a 90 outranked a 50 leaving its crossings e^40 times more options, and the 15x15
themeless and the open 6x6 did not fill within 12 s of CPU; at 0.05 both fill (the one-block
7x7 got slower: docs/lexicon.md, "Filling with it", has the benchmark). Polishing afterwards
still lifts the weakest entries to the list's top tier."""
LINE = re.compile(r"(\d+)([a-z]*);(\d+)")
HEADER = "# puzzlewright crossword list"


def is_crossword_list(words: WordList) -> bool:
    """True for the built-in crossword list, alone or as the first layer under user lists
    (``crossword``, ``crossword+mine.txt``: load_wordlist names lists after their files)."""
    return words.name.split("+", 1)[0].lower() in ("crossword", "@crossword")


def data_path() -> Path:
    """The shipped data file (beside this module in an ordinary install)."""
    return Path(__file__).with_name("data") / DATA_NAME


@lru_cache(maxsize=1)
def data_bytes() -> bytes:
    """The shipped file's bytes (gzip), through importlib.resources when not beside us."""
    path = data_path()
    if path.is_file():
        return path.read_bytes()
    from importlib.resources import files

    return files("puzzlewright.lexicon").joinpath(f"data/{DATA_NAME}").read_bytes()


def encode_entries(entries: Iterable[tuple[str, int]], comments: Iterable[str] = ()) -> bytes:
    """The data file for ``entries`` (lower-case ``a-z`` words and scores): front-coded
    text, alphabetical, gzip'd with a fixed header (no name, time 0) so that the same
    entries always give the same bytes."""
    lines = [HEADER, *(f"# {line}".rstrip() for line in comments)]
    previous = ""
    for word, score in sorted(entries):
        if not (word.isascii() and word.isalpha() and word.islower()):
            raise ValueError(f"not a lower-case a-z word: {word!r}")
        shared = 0
        limit = min(len(word), len(previous))
        while shared < limit and word[shared] == previous[shared]:
            shared += 1
        lines.append(f"{shared}{word[shared:]};{score}")
        previous = word
    return gzip.compress(("\n".join(lines) + "\n").encode("ascii"), 9, mtime=0)


def decode_entries(data: bytes) -> Iterator[tuple[str, int]]:
    """(upper-case word, score) of a data file made by :func:`encode_entries`; a line that
    does not parse raises ValueError (the file ships with the package: damage is a bug)."""
    text = gzip.decompress(data).decode("ascii")
    previous = ""
    for number, line in enumerate(text.splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        found = LINE.fullmatch(line)
        if found is None or int(found[1]) > len(previous):
            raise ValueError(f"{DATA_NAME} line {number} is damaged: {line[:40]!r}")
        previous = previous[: int(found[1])] + found[2]
        yield previous.upper(), int(found[3])


def cache_path(floor: int) -> Path:
    """The compiled list's cache file for ``floor`` (keyed by the data's checksum)."""
    key = f"crossword-f{FORMAT}-c{VERSION}-d{zlib.crc32(data_bytes()):08x}-m{floor}"
    return cache_dir() / f"{key}{SUFFIX}"


def lowest_score() -> int:
    """The lowest score in the shipped list (its floor when every entry is asked for)."""
    return min(score for _, score in decode_entries(data_bytes()))


def builtin_crossword(min_score: int | None = None) -> WordList:
    """The built-in crossword list at ``min_score`` (``DEFAULT_MIN_SCORE`` when None): the
    compiled list of its floor from the cache (built and cached on a miss), then filtered
    when ``min_score`` is another value."""
    floor = DEFAULT_MIN_SCORE if min_score is None else min_score
    base = _compiled(DEFAULT_MIN_SCORE if floor >= DEFAULT_MIN_SCORE else 0)
    return base if floor in (DEFAULT_MIN_SCORE, 0) else base.filtered(floor)


@lru_cache(maxsize=2)
def _compiled(floor: int) -> WordList:
    """The list of words scoring ``floor`` or more, once per process (cached on disk)."""
    return cached_list(cache_path(floor), lambda: _build(floor))


def _build(floor: int) -> WordList:
    entries = [(w, s) for w, s in decode_entries(data_bytes()) if s >= floor]
    return WordList(tie_order(entries), Alphabet.latin(), "crossword", keep_order=True)


def tie_order(entries: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """``entries`` best score first and, inside one score, the words that leave crossing
    entries the most options first (then alphabetically): a word's flexibility is the sum,
    over its letters, of the log of how many words of its length have that letter there,
    the static form of the options a filler weighs (as ingrid_core orders its candidates).
    A fill, a candidate list or a pattern query that stops after the first few hundred
    words of a score then sees the friendliest ones, not those starting with A."""
    from math import log

    counts: dict[tuple[int, int, str], int] = {}
    for word, _ in entries:
        n = len(word)
        for position, letter in enumerate(word):
            at = (n, position, letter)
            counts[at] = counts.get(at, 0) + 1

    def key(item: tuple[str, int]) -> tuple[int, float, str]:
        word, score = item
        n = len(word)
        flexibility = sum(log(counts[n, p, letter]) for p, letter in enumerate(word))
        return -score, -round(flexibility, 6), word

    return sorted(entries, key=key)
