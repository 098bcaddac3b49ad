"""Reading user word lists: formats, encodings, layering, normalization, errors."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import load_wordlist


def write(path: Path, text: str, encoding: str = "utf-8") -> Path:
    path.write_bytes(text.encode(encoding))
    return path


def test_three_line_formats_and_gzip(tmp_path: Path) -> None:
    plain = write(tmp_path / "plain.txt", "apple\nbanana\n")
    semi = write(tmp_path / "semi.dict", "cherry;40\ndamson;10\n")
    tabbed = tmp_path / "tab.txt.gz"
    tabbed.write_bytes(gzip.compress(b"elder\t35\nfig\t20\n"))
    words, reports = load_wordlist([plain, semi, tabbed])
    assert words.scores() == {
        "APPLE": 50,
        "BANANA": 50,
        "CHERRY": 40,
        "DAMSON": 10,
        "ELDER": 35,
        "FIG": 20,
    }
    assert [r.entries for r in reports] == [2, 2, 2]


def test_layers_override_and_remove(tmp_path: Path) -> None:
    base = write(tmp_path / "base.txt", "alpha;50\nbeta;50\ngamma;30\n")
    edits = write(tmp_path / "mine.txt", "beta;0\ngamma;60\ndelta;45\n")
    words, reports = load_wordlist([base, edits])
    assert words.scores() == {"ALPHA": 50, "GAMMA": 60, "DELTA": 45}
    assert reports[1].removed == 1


def test_normalization_squashes_phrases_and_counts_skips(tmp_path: Path) -> None:
    text = "creme brulee;50\nmother-in-law;40\nr2d2;30\ncafé;45\nhello!;20\n\n# comment\nok;x\n"
    words, reports = load_wordlist([write(tmp_path / "w.txt", text)])
    assert "CREMEBRULEE" in words and "MOTHERINLAW" in words and "CAFE" in words
    skipped = reports[0].skipped
    assert skipped["digits"] == 1
    assert skipped["characters outside the alphabet"] == 1
    assert skipped["unreadable score"] == 1


def test_russian_cp1251_list_end_to_end(tmp_path: Path) -> None:
    common = (
        "дом мама папа книга окно город время человек работа жизнь рука слово место вопрос "
        "дорога солнце вода земля небо школа письмо дерево машина улица комната история "
        "страна голова сердце ребёнок берёза ёлка чёрный зелёный мальчик девочка собака"
    ).split()
    russian = "кот;50\nкит;40\nток;30\nёж;45\nмир;20\n" + "".join(f"{w};25\n" for w in common)
    path = write(tmp_path / "ru.txt", russian, "cp1251")
    with pytest.raises(PuzzleInputError, match=r"not valid utf-8-sig \(line 1\)"):
        load_wordlist([path])
    words, _ = load_wordlist([path], encoding="cp1251")
    assert "Ё" in words.alphabet and "К" in words.alphabet
    assert [e.word for e in words.match("К?Т")] == ["КОТ", "КИТ"]
    assert [e.word for e in words.anagrams("кот")] == ["КОТ", "ТОК"]
    auto, reports = load_wordlist([path], encoding="auto")
    assert auto.scores() == words.scores()
    assert reports[0].encoding.replace("_", "").lower() in {"cp1251", "windows1251"}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "no usable words"),
        (b"1234\n5678\n", "no usable words"),
        (b"\x1f\x8b\x08broken", "damaged gzip"),
    ],
)
def test_bad_lists(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(PuzzleInputError, match=message):
        load_wordlist([path])


def test_missing_directory_and_unknown_encoding(tmp_path: Path) -> None:
    with pytest.raises(PuzzleInputError, match=r"cannot read word list .*nope\.txt: no such file"):
        load_wordlist([tmp_path / "nope.txt"])
    with pytest.raises(PuzzleInputError, match="it is a directory"):
        load_wordlist([tmp_path])
    path = write(tmp_path / "w.txt", "word\n")
    with pytest.raises(PuzzleInputError, match="unknown encoding"):
        load_wordlist([path], encoding="klingon-8")


def test_declared_alphabet_and_min_score(tmp_path: Path) -> None:
    path = write(tmp_path / "w.txt", "abc;10\nxyz;60\n")
    words, _ = load_wordlist([path], alphabet="ABCDEFGHIJKLMNOPQRSTUVW", min_score=5)
    assert words.scores() == {"ABC": 10}
    with pytest.raises(PuzzleInputError, match="unknown alphabet"):
        load_wordlist([path], alphabet="12")


def test_stwl_loads(stwl_path: Path) -> None:
    words, reports = load_wordlist([stwl_path])
    assert len(words) == 303_260
    assert reports[0].skipped["score 0 or below"] == 1_401
    assert words.score("CREMEBRULEE") is not None


def test_large_lists_are_compiled_once_and_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from puzzlewright.lexicon import loading

    monkeypatch.setenv("PUZZLEWRIGHT_CACHE_DIR", str(tmp_path / "cache"))
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    words = [a + b + c + d for a in letters[:12] for b in letters for c in letters for d in "AEIOU"]
    path = write(tmp_path / "big.txt", "".join(f"{w};{len(w) * 7}\n" for w in words))
    first, _ = load_wordlist([path], min_score=20)
    assert len(list((tmp_path / "cache" / "lists").glob("*.pwl"))) == 1

    def no_reading(*args: object) -> None:
        raise AssertionError("the cached list should not be read again")

    monkeypatch.setattr(loading, "_load_uncached", no_reading)
    again, reports = load_wordlist([path], min_score=20)
    assert again.scores() == first.scores() and reports[0].entries == len(words)
    path.write_text("changed;50\n")  # a changed file is read again, not served stale
    monkeypatch.undo()
    monkeypatch.setenv("PUZZLEWRIGHT_CACHE_DIR", str(tmp_path / "cache"))
    assert load_wordlist([path])[0].scores() == {"CHANGED": 50}


def test_endless_and_oversized_lists_stop_at_the_limit(tmp_path: Path) -> None:
    with pytest.raises(PuzzleInputError, match=r"/dev/zero: it is a character device"):
        load_wordlist(["/dev/zero"], max_bytes=2 << 20)  # refused before it is read
    bomb = tmp_path / "zeros.gz"
    bomb.write_bytes(gzip.compress(b"\0" * (8 << 20)))  # 8 KB that expand to 8 MB
    with pytest.raises(PuzzleInputError, match=r"zeros\.gz is larger than the limit of 2 MB"):
        load_wordlist([bomb], max_bytes=2 << 20)
    members = tmp_path / "two.gz"  # concatenated gzip members count together
    members.write_bytes(gzip.compress(b"a\n" * (600 << 10)) * 2)
    with pytest.raises(PuzzleInputError, match="larger than the limit"):
        load_wordlist([members], max_bytes=2 << 20)


def test_overlong_lines_and_unstorable_scores_are_skipped_and_counted(tmp_path: Path) -> None:
    text = "good;40\n" + "x" * 5000 + "\nbig;1e300\ninfinite;inf\nnotanumber;nan\nfine;-3\n"
    words, reports = load_wordlist([write(tmp_path / "w.txt", text)])
    assert words.scores() == {"GOOD": 40}
    assert reports[0].skipped["line longer than 1,000 characters"] == 1
    assert reports[0].skipped["unreadable score"] == 3


def test_repeated_letters_are_not_an_alphabet(tmp_path: Path) -> None:
    path = write(tmp_path / "w.txt", "zz\n")
    with pytest.raises(PuzzleInputError, match="repeats Z"):
        load_wordlist([path], alphabet="zz")
