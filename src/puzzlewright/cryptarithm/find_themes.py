"""Where ``find`` draws its words from: the word list's everyday words, or a theme (small
built-in lists for ``find --theme NAME``, the user's words, a file), since a puzzle page needs
a topic.

>>> from puzzlewright.lexicon import Alphabet, WordList
>>> words = WordList([("MARS", 50), ("VENUS", 45), ("ZYZZYVA", 10)], Alphabet.latin(), "demo")
>>> lexicon_pool(words, min_score=40)
['MARS', 'VENUS']
>>> theme_pool(words, ["planets"])[:3]
['MERCURY', 'VENUS', 'EARTH']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from puzzlewright.errors import PuzzleInputError
from puzzlewright.fileio import read_input
from puzzlewright.lexicon import WordList

DEFAULT_MIN_SCORE = 40
"""The built-in list only: ``find`` draws from words scoring 40+ (zipf 4, everyday words)."""

THEMES: dict[str, tuple[str, ...]] = {
    "planets": (
        "MERCURY",
        "VENUS",
        "EARTH",
        "MARS",
        "JUPITER",
        "SATURN",
        "URANUS",
        "NEPTUNE",
        "PLUTO",
        "SUN",
        "MOON",
        "COMET",
        "STAR",
        "ORBIT",
        "PLANET",
        "PLANETS",
    ),
    "colours": (
        "RED",
        "BLUE",
        "GREEN",
        "YELLOW",
        "ORANGE",
        "PURPLE",
        "PINK",
        "BROWN",
        "BLACK",
        "WHITE",
        "GREY",
        "GRAY",
        "GOLD",
        "SILVER",
        "TAN",
        "TEAL",
        "CYAN",
        "AMBER",
        "IVORY",
        "OLIVE",
        "LILAC",
        "MAUVE",
        "CORAL",
        "CREAM",
        "NAVY",
        "ROSE",
        "RUBY",
        "JADE",
        "LIME",
        "PLUM",
        "RUST",
        "SAND",
        "SKY",
        "INDIGO",
        "VIOLET",
        "MAROON",
        "SCARLET",
        "CRIMSON",
        "COLOUR",
        "COLOURS",
        "COLOR",
        "COLORS",
    ),
    "countries": (
        "CHAD",
        "CHINA",
        "CUBA",
        "EGYPT",
        "FIJI",
        "FRANCE",
        "GABON",
        "GHANA",
        "GREECE",
        "GUAM",
        "HAITI",
        "INDIA",
        "IRAN",
        "IRAQ",
        "ISRAEL",
        "ITALY",
        "JAPAN",
        "KENYA",
        "LAOS",
        "LATVIA",
        "MALI",
        "MALTA",
        "MEXICO",
        "NEPAL",
        "NIGER",
        "NORWAY",
        "OMAN",
        "PERU",
        "POLAND",
        "QATAR",
        "SPAIN",
        "SUDAN",
        "SWEDEN",
        "SYRIA",
        "TOGO",
        "TONGA",
        "TURKEY",
        "WALES",
        "YEMEN",
        "BRAZIL",
        "CANADA",
        "CHILE",
        "BENIN",
        "KOREA",
        "RUSSIA",
        "SERBIA",
        "TUNISIA",
        "UGANDA",
        "ZAMBIA",
        "ANGOLA",
        "CYPRUS",
        "IRELAND",
        "NATION",
        "NATIONS",
        "COUNTRY",
        "STATES",
    ),
}
ALIASES = {"colors": "colours", "planet": "planets", "nations": "countries"}


def theme_words(name: str) -> tuple[str, ...] | None:
    """The built-in list called ``name`` (planets, colours, countries), or None."""
    key = name.strip().lower()
    return THEMES.get(ALIASES.get(key, key))


def find_pool(
    words: WordList,
    themes: Sequence[str] = (),
    from_file: str | None = None,
    *,
    min_score: int | None = None,
    builtin: bool = False,
) -> list[str]:
    """The words a ``find`` run draws from, for the command line and the workbench alike:
    the theme's (``themes`` or ``from_file``, see :func:`theme_pool`) when one is given, else
    the word list's (:func:`lexicon_pool`). ``min_score`` 0 keeps every word; None keeps a
    theme whole and on the built-in list (``builtin``) means :data:`DEFAULT_MIN_SCORE`."""
    if themes or from_file:
        return theme_pool(words, themes, from_file, min_score=min_score)
    return lexicon_pool(words, min_score, builtin=builtin)


def lexicon_pool(words: WordList, min_score: int | None, *, builtin: bool = False) -> list[str]:
    """The list's words (best first) scoring at least ``min_score``; on the built-in list
    (``builtin``) the default is :data:`DEFAULT_MIN_SCORE`, so sampled puzzles use everyday
    words."""
    if min_score is None and builtin:
        min_score = DEFAULT_MIN_SCORE
    return [entry.word for entry in words if min_score is None or entry.score >= min_score]


def theme_pool(
    words: WordList,
    themes: Iterable[str] = (),
    from_file: str | None = None,
    *,
    min_score: int | None = None,
) -> list[str]:
    """Theme words in the list's alphabet, each once, in order: each of ``themes`` is a
    built-in theme's name or words separated by commas, spaces or new lines; ``from_file``
    has one word a line (``#`` comments, ``;score`` and tab columns ignored). With
    ``min_score`` only the words the list scores that high are kept."""
    raw: list[str] = []
    for value in themes:
        raw.extend(theme_words(value) or [part for part in value.replace(",", " ").split()])
    if from_file:
        raw.extend(_file_words(from_file))
    pool = word_pool(words, raw)
    if min_score is not None:
        scores = words.scores()
        pool = [w for w in pool if (scores.get(w) or 0) >= min_score]
    return pool


def word_pool(words: WordList, raw: Iterable[str]) -> list[str]:
    """``raw`` words in the list's alphabet, in order, without repeats (built-in theme names
    such as ``planets`` stand for their words); PuzzleInputError on a foreign word."""
    expanded: list[str] = []
    for value in raw:
        expanded.extend(theme_words(value) or [value])
    pool = [words.alphabet.normalize(word) for word in expanded]
    pool = [word for word in pool if word]
    bad = [word for word in pool if words.alphabet.foreign(word)]
    if bad:
        raise PuzzleInputError(f"theme word {bad[0]!r} has characters outside the alphabet")
    if not pool:
        raise PuzzleInputError("the theme has no words")
    return list(dict.fromkeys(pool))


def _file_words(path: str) -> list[str]:
    """The words of a theme file, one a line."""
    try:
        lines = read_input(path, "theme file").decode("utf-8-sig").splitlines()
    except UnicodeDecodeError:
        raise PuzzleInputError(f"{path} is not UTF-8 text") from None
    entries = (line.split("#", 1)[0].split(";", 1)[0].split("\t", 1)[0].strip() for line in lines)
    return [entry for entry in entries if entry]
