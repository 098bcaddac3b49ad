"""Playable pages without a browser: the payload, the scramble, the CLI and its errors."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from play_helpers import SAMPLER, acrostic_answers, clued_acrostic
from puzzlewright.cli import cli
from puzzlewright.crossword.formats import load_puzzle, save_puzzle
from puzzlewright.crossword.grid import Grid
from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.render import load_document, render
from puzzlewright.render.playdata import play_payload, scramble, unscramble
from test_render_samples import big_puzzle


def payload_of(html: str) -> dict[str, Any]:
    match = re.search(r'<script type="application/json" id="pw-data">(.*?)</script>', html, re.S)
    assert match, "no payload in the page"
    data: dict[str, Any] = json.loads(match.group(1))
    return data


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@given(st.lists(st.text(max_size=4).filter(lambda s: "\x1f" not in s), max_size=30), st.integers())
def test_scramble_round_trips_any_text(answers: list[str], key: int) -> None:
    text = scramble(answers, key)
    assert unscramble(text, key) == (answers or [""])


def test_sampler_payload_entries_rebus_and_circles() -> None:
    data = play_payload(load_document(SAMPLER))
    assert data["kind"] == "crossword"
    assert (data["width"], data["height"]) == (5, 5)
    assert data["layout"] == "#...#" + "....." * 3 + "#...#"
    across, down = data["sections"]
    assert [c["label"] for c in across["clues"]] == ["1", "4", "6", "7", "8"]
    assert across["clues"][1] == {"label": "4", "clue": "Rebus row", "cells": [5, 6, 7, 8, 9]}
    assert down["clues"][0]["cells"] == [1, 6, 11, 16, 21]
    assert data["circles"] == [2, 12, 19]
    answers = unscramble(data["solution"], data["key"])
    assert answers[6] == "EF" and answers[0] == "" and answers[24] == ""
    assert "".join(answers) == "ABCDEFGHIJKLMNOPQRSTUV"


def test_answers_are_not_in_the_page_source(tmp_path: Path) -> None:
    puzzle = big_puzzle()
    path = tmp_path / "big.ipuz"
    save_puzzle(puzzle, path)
    html = render(load_document(path), "play").decode("utf-8")
    grid = puzzle.grid
    words = {grid.word(slot) for slot in grid.slots() if slot.length >= 5}
    assert words
    assert not [word for word in words if word in html or word.lower() in html]
    assert "http://" not in html.replace("http://ipuz.org", "")  # nothing to fetch
    assert "https://" not in html and "src=" not in html


def test_acrostic_blanks_point_at_numbered_squares(tmp_path: Path) -> None:
    source = clued_acrostic(tmp_path)
    data = play_payload(load_document(source))
    answers = unscramble(data["solution"], data["key"])
    numbers = data["numbers"]
    want = acrostic_answers(source)
    (section,) = data["sections"]
    assert len(section["clues"]) == 11
    for clue in section["clues"]:
        assert "".join(answers[i] for i in clue["cells"]) == want[clue["label"]]
        assert all(str(i) in numbers for i in clue["cells"])
    quote = "".join(answers[i] for i in range(len(answers)) if data["layout"][i] == ".")
    assert quote == want["[QUOTE]"]
    assert data["punct"] and data["corners"]["0"] == "F"


def test_cli_writes_a_page_beside_the_input(tmp_path: Path) -> None:
    source = tmp_path / "sampler.ipuz"
    source.write_bytes(SAMPLER.read_bytes())
    code, out, err = run("render", str(source), "--format", "play")
    assert code == 0, err
    target = tmp_path / "sampler-play.html"
    assert out.strip() == f"wrote {target} (play, crossword 5x5, 10 clues)"
    html = target.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "<title>Format Sampler</title>" in html
    assert payload_of(html)["title"] == "Format Sampler"


def test_cli_json_report_and_html_extension(tmp_path: Path) -> None:
    target = tmp_path / "page.html"
    code, out, err = run("render", str(SAMPLER), "--format", "play", "-o", str(target), "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["format"] == "play" and report["warnings"] == []
    assert report["bytes"] == target.stat().st_size


def test_cli_refuses_key_and_unsolved_grids(tmp_path: Path) -> None:
    code, _, err = run("render", str(SAMPLER), "--format", "play", "--key", "-o", "-")
    assert code == 2 and err.startswith("error: --key does not apply")
    blank = Puzzle(Grid.parse("....\n....\n....\n"), title="Empty")
    path = tmp_path / "blank.ipuz"
    save_puzzle(blank, path)
    code, _, err = run("render", str(path), "--format", "play", "-o", str(tmp_path / "x.html"))
    assert code == 2
    assert err.strip() == "error: a playable page needs the solution to check answers, " + (
        "but the puzzle's grid is not filled in"
    )
    assert not (tmp_path / "x.html").exists()


def test_clue_markup_is_kept_and_script_text_escaped(tmp_path: Path) -> None:
    puzzle = load_puzzle(SAMPLER)
    puzzle.clues["1A"] = "<i>Hamlet</i> </script><script>alert(1)</script> & co"
    puzzle.title = "Fish & chips < 5"
    path = tmp_path / "tricky.ipuz"
    save_puzzle(puzzle, path)
    html = render(load_document(path), "play").decode("utf-8")
    assert html.count("</script>") == 2  # the payload's and the page script's own
    data = payload_of(html)
    clue = data["sections"][0]["clues"][0]["clue"]
    assert clue == "<i>Hamlet</i> alert(1) &amp; co"  # unknown tags dropped, text escaped
    assert "<title>Fish &amp; chips &lt; 5</title>" in html
