"""The built-in crossword list: its data file, its scores, its names and floors."""

from __future__ import annotations

import gzip

import pytest

from puzzlewright.lexicon import load_wordlist
from puzzlewright.lexicon.builtin import blocked_words, is_unpleasant
from puzzlewright.lexicon.crossword import (
    DEFAULT_MIN_SCORE,
    data_bytes,
    decode_entries,
    encode_entries,
    is_crossword_list,
    tie_order,
)


@pytest.fixture(scope="module")
def shipped() -> dict[str, int]:
    return dict(decode_entries(data_bytes()))


def test_front_coding_round_trips_and_is_deterministic() -> None:
    entries = [("aah", 30), ("aahed", 30), ("aa", 40), ("zebra", 90), ("ab", 25)]
    data = encode_entries(entries, ["a comment"])
    assert data == encode_entries(list(reversed(entries)), ["a comment"])  # same bytes
    assert dict(decode_entries(data)) == {w.upper(): s for w, s in entries}
    assert b"3ed;30" in gzip.decompress(data)  # AAHED shares AAH with the word before
    with pytest.raises(ValueError):
        encode_entries([("Bad", 50)])
    damaged = gzip.compress(b"0aah;30\n9zzz;40\n")  # shares more letters than it has
    with pytest.raises(ValueError, match="damaged"):
        list(decode_entries(damaged))


def test_the_shipped_list_is_cleaned(shipped: dict[str, int]) -> None:
    assert len(shipped) > 400_000
    blocked = blocked_words()
    assert not [w for w in shipped if is_unpleasant(w.lower(), blocked)]
    assert "DDDDDDDD" not in shipped and "KKKKNIGHT" not in shipped  # letter runs
    for word in ("BLUDGEON", "CYANIDE", "OVERDOSE", "KILLJOY"):  # 90 in CWL: breakfast test
        assert shipped[word] == 10
    assert min(shipped.values()) == 10 and max(shipped.values()) <= 100


def test_squashed_entries_with_an_offensive_piece_fail_the_breakfast_test(
    shipped: dict[str, int],
) -> None:
    # rule 4: pieces the English list lacks (it leaves obscenities out), so the first split
    # saw none of these; CWL scores them 100, 94, 80, 75
    for word in ("THEFUCK", "CATPISS", "FOODPORN", "ATTENTIONWHORE", "DICKPIC"):
        assert shipped[word] == 10, word
    # familiar on their own, or a real inflection that only looks like a listed word's
    for word in ("DICKINSON", "SPICEDTEA", "SPICEDHAM", "VANDYKE", "DICKENS"):
        assert shipped[word] > 10, word


def test_the_offensive_split_itself() -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    from make_crossword_list import fails_split, offensive_forms

    english = {"cat": 50, "the": 70, "spiced": 30, "tea": 50, "arm": 50, "ing": 10}
    listed = frozenset({"piss", "fart", "spic", "=pee"})
    zipfs = {"spiced": 3.0, "dickens": 3.5}
    forms = offensive_forms(listed, english, zipfs)
    assert forms["piss"] == 0 and forms["farts"] == 0 and "pee" not in forms
    assert forms["spiced"] == 30  # a word in its own right, not a form of spic
    bases = frozenset({"piss", "fart", "spic"})
    assert fails_split("catpiss", english, forms, zipfs, bases)
    assert fails_split("armfarts", english, forms, zipfs, bases)
    assert not fails_split("spicedtea", english, forms, zipfs, bases)
    assert not fails_split("catthe", english, forms, zipfs, bases)  # nothing listed
    assert not fails_split("cat", english, forms, zipfs, bases)  # an English word
    assert not fails_split("pissxq", english, forms, zipfs, bases)  # does not split


def test_partials_leave_the_default_list(shipped: dict[str, int]) -> None:
    # rule 5: fragments CWL rates 50-59 that need a blank to be clued (they came up in the
    # standard set's fills); lively ones (CWL 60+), WordNet entries, names and plurals that
    # only split like a partial, and short ones, stay
    for word in ("ASSERTTO", "SUITEDTO", "TRAINTO", "DREAMEDOF", "LIKETHE"):
        assert shipped[word] == 45, word
    for word in ("AHEADOF", "ADJACENTTO", "STANDFOR", "ASKFOR", "CAMPINAS", "RAYMILLAND"):
        assert shipped[word] >= 50, word
    assert shipped["GETAT"] >= 50 and shipped["WHERETO"] >= 50


def test_the_partial_split_itself() -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    from make_crossword_list import is_partial

    words = {"assert": 40, "to": 70, "aim": 50, "at": 70, "a": 70, "sin": 40, "of": 70}
    known = {"assertof"}.__contains__  # stands for WordNet knowing an entry
    assert is_partial("assertto", 50, words, known)
    assert not is_partial("assertto", 60, words, known)  # CWL rates it lively
    assert not is_partial("assertof", 50, words, known)  # a dictionary entry
    assert not is_partial("aimat", 50, words, known)  # too short
    assert not is_partial("aimaaimat", 50, words, known)  # ends in "at", no partial word
    assert not is_partial("assertxto", 50, words, known)  # does not split
    assert is_partial("asinofsinof", 50, words, known)  # "a" splits too


def test_evidence_breaks_ties_inside_bands(shipped: dict[str, int]) -> None:
    # HOUSE and ICECREAM are 90 in CWL, ATHALFMAST 50: common words and phrases rise
    # within the band, never past its next multiple of 5
    assert 90 < shipped["HOUSE"] < 95 and 90 < shipped["ICECREAM"] < 95
    assert shipped["ATHALFMAST"] == 50 and shipped["ERNE"] == 40
    assert all(score // 5 * 5 in range(10, 101, 5) for score in shipped.values())


def test_tie_order_puts_flexible_words_first() -> None:
    entries = [("QAJAQ", 50), ("SEALS", 50), ("XYLYL", 50), ("TEARS", 60), ("BEARS", 50)]
    ordered = [word for word, _ in tie_order(entries)]
    assert ordered[0] == "TEARS" and ordered[-1] in {"QAJAQ", "XYLYL"}


def test_names_floor_and_layers(tmp_path: pytest.TempPathFactory) -> None:
    words, reports = load_wordlist(["crossword"])
    assert reports == [] and is_crossword_list(words)
    assert min(words.scores().values()) >= DEFAULT_MIN_SCORE
    assert "ERNE" not in words and "HOUSE" in words
    lower, _ = load_wordlist(["crossword"], min_score=40)
    assert "ERNE" in lower and min(lower.scores().values()) == 40
    english, _ = load_wordlist(["builtin"])
    assert not is_crossword_list(english) and "ICECREAM" not in english
