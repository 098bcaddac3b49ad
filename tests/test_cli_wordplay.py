"""``puzzlewright words`` wordplay options through the real CLI entry point."""

from __future__ import annotations

import json

from click.testing import CliRunner

from puzzlewright.cli import cli


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_anagram_server_json() -> None:
    code, out, _ = run("words", "--anagram", "clint eastwood", "--words-max", "3", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["mode"] == "anagram" and doc["count"] == 50
    assert "OLD WEST ACTION" in [r["text"] for r in doc["results"]]
    code, out, _ = run("words", "--anagram", "clint eastwood", "--result", "O?? W??? ??????")
    assert code == 0 and "OLD WEST ACTION" in out


def test_single_word_anagram_is_unchanged() -> None:
    code, out, _ = run("words", "--anagram", "silent", "--json")
    assert code == 0 and "words" in json.loads(out)


def test_each_helper_finds_its_example() -> None:
    cases = {
        "--hidden": ("clint eastwood", "TEA: clinT EAstwood"),
        "--hider": ("tease", "TE AS E"),
        "--charade": ("partridge", "PART + RIDGE"),
        "--container": ("pirate", "PI(RAT)E"),
        "--deletion": ("rain", "TRAIN minus T"),
        "--reversal": ("part", "<TRAP"),
        "--letter-bank": ("settle", "STEEL"),
        "--spoonerism": ("bear hug", "HEAR BUG"),
    }
    for option, (query, expected) in cases.items():
        code, out, _ = run("words", option, query, "--limit", "0", "--json")
        doc = json.loads(out)
        texts = [r["text"] for r in doc["results"]]
        assert code == 0, option
        if option == "--hider":
            assert any("TE AS E" in t.upper() for t in texts)
        else:
            assert any(expected in t for t in texts), (option, texts[:5])


def test_nothing_found_and_bad_input() -> None:
    code, out, _ = run("words", "--charade", "xylyx")
    assert code == 1 and "nothing found" in out
    code, _, err = run("words", "--charade", "part", "--hidden", "a b")
    assert code == 2 and err.startswith("error:")
    code, _, err = run("words", "--anagram", "abc", "--require", "zz", "--words-max", "2")
    assert code == 2 and "not within" in err
    code, _, err = run("words", "C?T", "--require", "cat")
    assert code == 2 and "--anagram" in err


def test_anagram_timeout_reports_partial_and_exits_1() -> None:
    code, out, err = run(
        "words",
        "--anagram",
        "the quick brown fox jumps over",
        "--words-max",
        "5",
        "--timeout",
        "0.2",
        "--json",
    )
    doc = json.loads(out)
    assert code == 1 and doc["stop_reason"] == "timeout"
    assert "time limit" in err
