"""Multi-word phrases for crossword fills: ``builtin+phrases`` (lexicon/phrases.py)."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.lexicon import builtin_english, load_wordlist
from puzzlewright.lexicon.phrases import phrase_lines, phrase_score, phrase_scores, phrases_text

DATA = Path(__file__).parents[1] / "src" / "puzzlewright" / "lexicon" / "data"


def test_the_shipped_file_is_well_formed_small_and_licensed() -> None:
    text = phrases_text()
    assert len(text.encode()) < 500_000
    assert "WordNet 3.0" in text.splitlines()[3]
    assert "Princeton University" in (DATA / "WORDNET-LICENSE").read_text()
    phrases = {" ".join(tokens): letters for tokens, letters in phrase_lines(text)}
    assert len(phrases) > 5_000
    for phrase, letters in phrases.items():
        assert re.fullmatch(r"[a-z]+( [a-z]+)+", phrase), phrase
        assert 3 <= len(phrase.replace(" ", "")) <= 15, phrase
        assert set(letters) <= set("tsvk"), (phrase, letters)
    for wanted in ("ice cream", "at once", "in vain", "round robin", "non sequitur", "x ray"):
        assert wanted in phrases
    # proper names (WordNet writes every sense capitalized) and taxonomy stay out
    for unwanted in ("new york", "abraham lincoln", "genus rosa", "family canidae"):
        assert unwanted not in phrases
    assert "v" in phrases["at once"] and "t" in phrases["ice cream"]


def test_evidence_raises_a_phrase() -> None:
    assert phrase_score(50, "tsv") > phrase_score(50, "t") > phrase_score(50, "tk") >= 1
    assert phrase_score(50, "g") == phrase_score(50, "t") > phrase_score(50, "s")
    assert phrase_score(60, "t") == phrase_score(50, "t")  # the rarest word counts up to 50
    assert phrase_score(20, "t") < phrase_score(40, "t")
    assert 1 <= phrase_score(1, "k") < phrase_score(1, "t")


def test_phrases_need_evidence_every_word_in_the_list_and_yield_to_a_word() -> None:
    words = {"ICE": 46, "CREAM": 45, "BOX": 48, "AT": 70, "ONCE": 55, "ATONE": 30, "ONE": 60}
    text = (
        "# comment\nice cream\tt\nat once\tv\nat one\tv\nice cold\tt\nx ray\tts\n"
        "x at\tv\nice box\t\nbox at\t\nice pick\tk\n"
    )
    scores = phrase_scores(text, words, frozenset({"ice cream", "ice box"}))
    # ATONE is a word already; ICECOLD needs COLD; XRAY needs RAY; XAT's only long word is
    # AT; BOXAT has no evidence; ICEPICK is only a species name (and needs PICK)
    assert set(scores) == {"ICECREAM", "ATONCE", "XAT", "ICEBOX"}
    assert scores["ICECREAM"] == phrase_score(45, "tg")  # GCIDE agrees: the g bonus
    assert scores["ICEBOX"] == phrase_score(46, "g")  # GCIDE alone is evidence
    assert scores["ATONCE"] == phrase_score(55, "v")
    unpleasant = phrase_scores(text, words, frozenset(), lambda token: token == "cream")
    assert set(unpleasant) == {"ATONCE", "XAT"}


def test_crossword_list_holds_the_words_and_the_phrases() -> None:
    words = builtin_english()
    crossword = builtin_english(phrases=True)
    assert words is builtin_english(False) and crossword is builtin_english(True)  # one each
    for phrase in ("ICECREAM", "ATONCE", "INVAIN", "ROUNDROBIN", "NONSEQUITUR"):
        assert phrase not in words and phrase in crossword
    assert words.scores().items() <= crossword.scores().items()
    assert crossword.score("ATONCE") >= 40 and crossword.score("ICECREAM") >= 32
    loaded, _ = load_wordlist(["builtin"], phrases=True)
    assert "ATONCE" in loaded and "ATONCE" not in load_wordlist(["builtin"])[0]


def test_a_layer_over_the_crossword_list_can_remove_a_phrase(tmp_path: Path) -> None:
    edits = tmp_path / "edits.txt"
    edits.write_text("ICECREAM;0\nZZZTOP;60\n")
    layered, _ = load_wordlist(["builtin+phrases", str(edits)])
    assert "ICECREAM" not in layered and "ATONCE" in layered and "ZZZTOP" in layered


def test_phrases_come_only_when_asked_for(tmp_path: Path) -> None:
    runner = CliRunner()
    grid = tmp_path / "row.txt"
    grid.write_text("ICECR.AM\n")
    for command in (["words", "ICECR?AM"], ["crossword", "fill", str(grid), "--json"]):
        plain = runner.invoke(cli, [*command, "--words", "english"])
        assert plain.exit_code == 1 and '"ICECREAM"' not in plain.stdout
        default = runner.invoke(cli, command)  # the crossword list has its phrases
        assert default.exit_code == 0 and "ICECREAM" in default.stdout
        asked = runner.invoke(cli, [*command, "--words", "builtin+phrases"])
        assert asked.exit_code == 0, asked.stderr
        assert "ICECREAM" in asked.stdout
