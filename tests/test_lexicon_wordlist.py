"""WordList queries against brute-force answers over the same entries."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzing import examples
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import Alphabet, WordList, iter_bits

ENTRIES = {
    "CROSS": 50,
    "CROPS": 40,
    "CHOPS": 45,
    "CLODS": 30,
    "CLOTS": 30,
    "COOKS": 36,
    "HOUSE": 57,
    "LISTEN": 51,
    "SILENT": 44,
    "ENLIST": 34,
    "TINSEL": 30,
    "INLETS": 26,
    "TO": 74,
    "BE": 68,
    "EGG": 45,
    "ZEPHYR": 28,
    "PUZZLE": 40,
    "PULE": 17,
    "LUPE": 20,
}
WORDS = WordList(ENTRIES.items(), Alphabet.latin(), "sample")


def brute_match(pattern: str) -> list[str]:
    regex = re.compile("^" + pattern.replace("?", ".") + "$")
    hits = [w for w in ENTRIES if regex.match(w)]
    return sorted(hits, key=lambda w: (-ENTRIES[w], w))


def test_pattern_query_ranks_by_score() -> None:
    ranked = ["CROSS", "CHOPS", "CROPS", "COOKS", "CLODS", "CLOTS"]
    assert [e.word for e in WORDS.match("C?O?S")] == ranked
    assert [e.word for e in WORDS.match("c.o.s", limit=2)] == ranked[:2]
    assert [e.word for e in WORDS.match("C?O?S", min_score=40)] == ranked[:3]
    assert WORDS.count_matches("C?O?S") == 6
    assert WORDS.match("Q????") == []


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.sampled_from("?CROSLPHTEIN"), min_size=2, max_size=6))
def test_pattern_equals_regex_scan(chars: list[str]) -> None:
    pattern = "".join(chars)
    assert [e.word for e in WORDS.match(pattern)] == brute_match(pattern)


def test_anagrams_and_within() -> None:
    assert [e.word for e in WORDS.anagrams("listen")] == [
        "LISTEN",
        "SILENT",
        "ENLIST",
        "TINSEL",
        "INLETS",
    ]
    within = {e.word for e in WORDS.within("PUZZLES", min_length=4)}
    assert within == {"PUZZLE", "PULE", "LUPE"}
    pool = Counter("SILENTCROSS")
    expected = {w for w in ENTRIES if not Counter(w) - pool}
    assert {e.word for e in WORDS.within("SILENTCROSS", min_length=1)} == expected


def test_bitsets_agree_with_words() -> None:
    index = WORDS.index(5)
    for pos in range(5):
        for letter, bits in index.bits[pos].items():
            assert {index.words[i] for i in iter_bits(bits)} == {
                w for w in index.words if w[pos] == letter
            }


def test_bad_queries_raise_input_errors() -> None:
    with pytest.raises(PuzzleInputError, match="outside the alphabet"):
        WORDS.match("AB1")
    with pytest.raises(PuzzleInputError, match="empty"):
        WORDS.match("")
    with pytest.raises(PuzzleInputError, match="negative"):
        WORDS.match("C?O?S", limit=-1)


def test_filtered_and_initial_index() -> None:
    strong = WORDS.filtered(45)
    assert "CROPS" not in strong and "CHOPS" in strong
    assert WORDS.starting_with("C")[:2] == ["CROSS", "CHOPS"]


def test_pickle_round_trip_keeps_indexes() -> None:
    import pickle

    clone = pickle.loads(pickle.dumps(WORDS.build_all()))
    assert [e.word for e in clone.match("C?O?S")] == [e.word for e in WORDS.match("C?O?S")]
    assert clone.scores() == WORDS.scores() and len(clone) == len(WORDS)
    assert "ZEPHYR" in clone and clone.score("EGG") == 45
    assert clone.lengths == WORDS.lengths
    assert [e.word for e in clone.anagrams("listen")] == [e.word for e in WORDS.anagrams("listen")]
    assert list(clone) == list(WORDS)
