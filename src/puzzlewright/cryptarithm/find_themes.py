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

from collections.abc import Iterable

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


def lexicon_pool(words: WordList, min_score: int | None, *, builtin: bool = False) -> list[str]:
    """The list's words (best first) scoring at least ``min_score``; on the built-in list
    (``builtin``) the default is :data:`DEFAULT_MIN_SCORE`, so sampled puzzles use everyday
    words."""
    from puzzlewright.cryptarithm.studio import lexicon_pool as scored_words

    if min_score is None and builtin:
        min_score = DEFAULT_MIN_SCORE
    return scored_words(words, min_score)


def theme_pool(
    words: WordList,
    themes: Iterable[str] = (),
    from_file: str | None = None,
    *,
    min_score: int | None = None,
) -> list[str]:
    """Theme words in the list's alphabet, each once, in order: each of ``themes`` is a
    built-in theme's name or words separated by commas or spaces; ``from_file`` has one word
    a line (``#`` comments, ``;score`` and tab columns ignored). With ``min_score`` only the
    words the list scores that high are kept."""
    from puzzlewright.cryptarithm.studio import word_pool

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


def _file_words(path: str) -> list[str]:
    """The words of a theme file, one a line."""
    try:
        lines = read_input(path, "theme file").decode("utf-8-sig").splitlines()
    except UnicodeDecodeError:
        raise PuzzleInputError(f"{path} is not UTF-8 text") from None
    entries = (line.split("#", 1)[0].split(";", 1)[0].split("\t", 1)[0].strip() for line in lines)
    return [entry for entry in entries if entry]
