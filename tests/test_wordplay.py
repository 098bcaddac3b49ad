"""Wordplay helpers and multi-word anagrams on real word lists (built-in English, STWL)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import Alphabet, WordList, builtin_english, load_wordlist
from puzzlewright.lexicon import wordplay as wp
from puzzlewright.lexicon.anagrams import phrase_anagrams


@pytest.fixture(scope="module")
def english() -> WordList:
    return builtin_english()


def small(*words: str) -> WordList:
    return WordList(((w, 50 - i) for i, w in enumerate(words)), Alphabet.latin(), "small")


def test_clint_eastwood_is_old_west_action(english: WordList) -> None:
    found = phrase_anagrams(english, "clint eastwood", words_max=3, limit=100)
    assert ("OLD", "WEST", "ACTION") in [p.words for p in found]
    for phrase in found:  # every result uses exactly the phrase's letters
        assert Counter("".join(phrase.words)) == Counter("CLINTEASTWOOD")
        assert 1 <= len(phrase.words) <= 3
    keys = [(-p.score, -p.total) for p in found]
    assert keys == sorted(keys)
    assert len({tuple(sorted(p.words)) for p in found}) == len(found)


def test_ranked_top_is_the_true_top(english: WordList) -> None:
    """The stepped score floor returns the same best 20 as the exhaustive search."""
    top = phrase_anagrams(english, "the morse code", words_max=3, limit=20)
    everything = phrase_anagrams(english, "the morse code", words_max=3, limit=None)
    assert len(everything) > 200
    assert [(p.score, p.total) for p in top] == [(p.score, p.total) for p in everything[:20]]


def test_require_and_result_pattern(english: WordList) -> None:
    found = phrase_anagrams(english, "clint eastwood", words_max=3, require="west", limit=None)
    assert found and all("WEST" in p.words for p in found)
    shaped = phrase_anagrams(english, "clint eastwood", pattern="O?? ???? ??????", limit=None)
    assert shaped[0].words == ("OLD", "WEST", "ACTION")
    assert all(p.words[0][0] == "O" and list(map(len, p.words)) == [3, 4, 6] for p in shaped)
    assert ("OLD", "WEST", "ACTION") in [
        p.words for p in phrase_anagrams(english, "clint eastwood", pattern="3,4,6", limit=None)
    ]
    with pytest.raises(PuzzleInputError, match="letters"):
        phrase_anagrams(english, "clint eastwood", pattern="3,4")
    with pytest.raises(PuzzleInputError, match="not within"):
        phrase_anagrams(english, "clint eastwood", require="zebra")


def test_the_input_words_themselves_are_not_an_anagram() -> None:
    words = small("LISTEN", "SILENT", "ENLIST", "TINSEL")
    found = phrase_anagrams(words, "silent", words_max=2, limit=None)
    assert {p.text for p in found} == {"LISTEN", "ENLIST", "TINSEL"}


def test_repeated_word_and_two_words_with_shared_signature() -> None:
    words = small("AB", "BA", "ABAB")
    found = {p.text for p in phrase_anagrams(words, "aabb", words_max=2, limit=None)}
    assert found == {"ABAB", "AB AB", "AB BA", "BA BA"}


def test_hidden_words_span_breaks_forwards_and_reversed(english: WordList) -> None:
    found = {f.parts[0]: f for f in wp.hidden_words(english, "clint eastwood")}
    assert "TEA" in found and found["TEA"].text == "TEA: clinT EAstwood"
    assert "EAST" not in found  # inside one word only
    everywhere = {
        f.parts[0] for f in wp.hidden_words(english, "clint eastwood", across_breaks=False)
    }
    assert "EAST" in everywhere
    reversed_ = wp.hidden_words(english, "a lone gnu rides")  # U N G E N O L A reversed...
    assert any(f.kind == "hidden reversed" for f in reversed_)
    assert all(
        f.kind == "hidden" for f in wp.hidden_words(english, "a lone gnu", reversed_too=False)
    )


def test_hiders_hide_the_answer(english: WordList) -> None:
    found = wp.hiders(english, "tease", limit=30)
    assert found
    for finding in found:
        joined = "".join(finding.parts)
        assert "TEASE" in joined and not any(p == "TEASE" for p in finding.parts)
        assert all(p in english for p in finding.parts)
        assert "".join(ch for ch in finding.text if ch.isupper()) == "TEASE"


def test_charades_containers_deletions_reversals(english: WordList) -> None:
    assert "PART + RIDGE" in [f.text for f in wp.charades(english, "partridge")]
    assert all(len(f.parts) in (2, 3) for f in wp.charades(english, "cartoon"))
    assert "CAR + TOON" in [f.text for f in wp.charades(english, "cartoon")]
    assert "PI(RAT)E: RAT in PIE" in [f.text for f in wp.containers(english, "pirate")]
    deletions = {f.text: f.kind for f in wp.deletions(english, "rain")}
    assert deletions["TRAIN minus T"] == "beheadment"
    assert deletions["RAINS minus S"] == "curtailment"
    assert wp.deletions(english, "ran") and "RAIN minus I" in {
        f.text for f in wp.deletions(english, "ran")
    }
    reversals = {f.text for f in wp.reversals(english, "part")}
    assert "<TRAP" in reversals
    assert "<RAT + <TRAP" not in reversals
    assert "<LAP + PAL" not in reversals


def test_letter_bank_and_spoonerisms(english: WordList) -> None:
    bank = {f.text for f in wp.letter_bank(english, "settle")}
    assert {"STEEL", "TELLS"} <= bank and "SETTLE" not in bank
    assert all(set(word) == set("SETTLE") for word in bank)
    assert [f.text for f in wp.spoonerisms(english, "bear hug")] == ["BEAR HUG -> HEAR BUG"]
    partners = {f.parts[0] for f in wp.spoonerisms(english, "light", limit=None)}
    assert "FINE" in partners  # FIGHT LINE
    assert wp.split_onset("STRING") == ("STR", "ING")
    assert wp.split_onset("YELLOW") == ("Y", "ELLOW")
    with pytest.raises(PuzzleInputError):
        wp.spoonerisms(english, "one two three")


def test_bad_input(english: WordList) -> None:
    with pytest.raises(PuzzleInputError):
        wp.charades(english, "12")
    with pytest.raises(PuzzleInputError):
        phrase_anagrams(english, "x" * 41)


def test_stwl_anagram_phrase(stwl_path: Path) -> None:
    words, _ = load_wordlist([stwl_path])
    found = phrase_anagrams(words, "clint eastwood", words_max=3, limit=200)
    assert len(found) == 200
    assert ("OLD", "WEST", "ACTION") in [
        p.words
        for p in phrase_anagrams(words, "clint eastwood", pattern="O?? W??? ??????", limit=None)
    ]
