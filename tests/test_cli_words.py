"""The ``words`` and ``lexicon`` commands through the real CLI entry point."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from puzzlewright.cli import cli


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_pattern_json_is_one_document() -> None:
    code, out, _ = run("words", "C?O?S", "--limit", "3", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["mode"] == "pattern" and doc["count"] == 3
    assert all(len(w["word"]) == 5 and w["word"][0] == "C" for w in doc["words"])
    scores = [w["score"] for w in doc["words"]]
    assert scores == sorted(scores, reverse=True)


def test_anagram_and_within() -> None:
    code, out, _ = run("words", "--anagram", "silent", "--json")
    assert code == 0 and "LISTEN" in {w["word"] for w in json.loads(out)["words"]}
    code, out, _ = run("words", "--within", "puzzle", "--min-length", "5", "--json")
    assert code == 0 and "PUZZLE" in {w["word"] for w in json.loads(out)["words"]}


def test_no_match_exits_1() -> None:
    code, out, _ = run("words", "QXQ")
    assert code == 1 and "no words" in out


def test_user_list_and_layering(tmp_path: Path) -> None:
    mine = tmp_path / "mine.txt"
    mine.write_text("zyzzyva;60\nhouse;0\n")
    code, out, _ = run("words", "Z?Z?Y?A", "--words", "builtin", "--words", str(mine), "--json")
    assert code == 0 and json.loads(out)["words"][0] == {"word": "ZYZZYVA", "score": 60}
    code, _, _ = run("words", "HOUSE", "--words", "builtin", "--words", str(mine))
    assert code == 1


def test_bad_input_is_one_error_line_and_status_2(tmp_path: Path) -> None:
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("caf\xe9\n".encode("latin-1"))
    cases = [
        ("words", "AB1"),
        ("words", "C?O?S", "--limit", "-1"),
        ("words", "A?", "--words", str(tmp_path / "missing.txt")),
        ("words", "A?", "--words", str(latin1)),
        ("words",),
        ("lexicon", "info", str(tmp_path)),
    ]
    for args in cases:
        code, out, err = run(*args)
        assert code == 2, args
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), (args, err)
        assert "Traceback" not in err + out


def test_lexicon_info_json(tmp_path: Path) -> None:
    path = tmp_path / "w.txt"
    path.write_text("apple;50\npear;30\nr2d2;10\n")
    code, out, _ = run("lexicon", "info", str(path), "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["words"] == 2
    assert doc["by_length"] == {"4": 1, "5": 1}
    assert doc["score_histogram"] == {"30": 1, "50": 1}
    assert doc["sources"][0]["skipped"] == {"digits": 1}
