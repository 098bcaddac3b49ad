"""Global constraints on real grids: a pangram, banned letters, quotas and ninas hold in the
output (not just in the report), and an impossible request says why it cannot be met."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzlewright.cli import cli
from puzzlewright.crossword import Grid
from puzzlewright.crossword.fill import FillRequest, fill
from puzzlewright.crossword.fill.constrained import fill_constrained
from puzzlewright.crossword.fill.constraints import Constraints, letter_counts, without_letters
from puzzlewright.crossword.fill.pangram import LOCK_AT_MOST, lock_rare, rarest_first
from puzzlewright.crossword.fill.portfolio import fill_portfolio
from puzzlewright.crossword.fill.result import FillResult
from puzzlewright.crossword.nina import Nina, letters_of, perimeter, placements
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon import WordList, builtin_english
from puzzlewright.lexicon.crossword import builtin_crossword
from puzzlewright.stopping import StopSignal
from test_fill import GRIDS, assert_valid, grid_file, tiny_list


@pytest.fixture(scope="module")
def english() -> WordList:
    return builtin_english()


def constrained(name: str, words: WordList, **asked: object) -> tuple[Grid, object]:
    request = FillRequest(grid_file(name), constraints=Constraints(**asked))  # type: ignore[arg-type]
    result = fill_constrained(request, words)
    return result.grid, result


def test_nina_in_the_unches_of_a_british_grid(english: WordList) -> None:
    grid = grid_file("british15.txt")
    request = FillRequest(grid, constraints=Constraints(nina=Nina("Puzzle wrights", "unches")))
    result = fill_constrained(request, english)
    assert_valid(result, english)
    report = result.constraints
    assert report is not None and report.met and report.nina is not None
    unchecked = grid.unchecked()
    letters = [result.grid.cells[r][c] for r, c in report.nina.cells]
    assert "".join(letters) == "PUZZLEWRIGHTS"
    assert set(report.nina.cells) <= unchecked
    assert json.loads(json.dumps(result.to_json()))["constraints"]["met"] is True


def test_banned_letters_are_absent_and_the_fill_is_valid(english: WordList) -> None:
    request = FillRequest(grid_file("british15.txt"), constraints=Constraints(banned="qxzjk"))
    result = fill_portfolio(request, english, jobs=1)
    assert_valid(result, english)
    assert not set("QXZJK") & set(letter_counts(result.grid))
    assert result.constraints is not None and result.constraints.met


@pytest.mark.parametrize(("letter", "most"), [("V", 1), ("C", 2)])
def test_quota_holds_in_the_output(english: WordList, letter: str, most: int) -> None:
    plain = fill(FillRequest(grid_file("british15.txt")), english)
    assert letter_counts(plain.grid)[letter] > most  # the plain fill breaks the quota
    asked = Constraints(quotas=((letter, most),))
    result = fill_constrained(FillRequest(grid_file("british15.txt"), constraints=asked), english)
    assert_valid(result, english)
    assert letter_counts(result.grid)[letter] <= most
    assert result.constraints is not None and result.constraints.met


def test_pangram_uses_every_letter(english: WordList) -> None:
    request = FillRequest(grid_file("british15.txt"), constraints=Constraints(pangram=True))
    result = fill_constrained(request, english)
    assert_valid(result, english)
    assert set(letter_counts(result.grid)) >= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert result.constraints is not None and result.constraints.met


@pytest.mark.parametrize(
    ("asked", "reason"),
    [
        ({"nina": Nina("A" * 60, "perimeter")}, "too-long"),
        ({"nina": Nina("ЖУК", "any")}, "alphabet"),
        ({"pangram": True, "banned": "Q"}, "conflict"),
        ({"nina": Nina("QZQZQZQ", "row", 2)}, "unfillable"),
    ],
)
def test_impossible_requests_say_why(
    english: WordList, asked: dict[str, object], reason: str
) -> None:
    request = FillRequest(grid_file("mini7.txt"), constraints=Constraints(**asked))  # type: ignore[arg-type]
    result = fill_constrained(request, english)
    assert result.status == "unfillable"
    assert result.constraints is not None and not result.constraints.met
    assert result.constraints.reason == reason
    assert result.constraints.detail


def test_given_letters_breaking_a_ban_are_refused(english: WordList) -> None:
    grid = Grid.parse((GRIDS / "mini7.txt").read_text().replace(".", "Z", 1))
    result = fill_constrained(FillRequest(grid, constraints=Constraints(banned="Z")), english)
    assert result.constraints is not None and result.constraints.reason == "given"


def test_fill_refuses_a_request_with_constraints(english: WordList) -> None:
    with pytest.raises(PuzzleInputError, match="fill_constrained"):
        fill(FillRequest(grid_file("mini7.txt"), constraints=Constraints(pangram=True)), english)


def test_placements_spread_first_and_stay_on_the_path() -> None:
    grid = grid_file("mini7.txt")
    ring = perimeter(grid)
    found = list(placements(ring, 5))
    assert found[0].step == (len(ring.cells) - 1) // 4
    assert found[-1].step == 1
    assert all(set(p.cells) <= set(ring.cells) for p in found)
    assert letters_of("Hi, Mum!") == "HIMUM"


def test_cli_bans_letters_and_reports_cannot(tmp_path: Path) -> None:
    grid = str(GRIDS / "british15.txt")
    runner = CliRunner()
    done = runner.invoke(cli, ["crossword", "fill", grid, "--ban-letters", "QXZ", "--json"])
    assert done.exit_code == 0, done.output
    document = json.loads(done.stdout)
    assert document["constraints"]["met"] and not set("QXZ") & set("".join(document["grid"]))
    cannot = runner.invoke(
        cli, ["crossword", "fill", grid, "--nina", "X" * 120, "--nina-where", "unches", "--json"]
    )
    assert cannot.exit_code == 1
    assert json.loads(cannot.stdout)["constraints"]["reason"] == "too-long"
    bad = runner.invoke(cli, ["crossword", "fill", grid, "--quota", "Z"])
    assert bad.exit_code == 2 and "--quota takes LETTER:N" in bad.output


def test_a_stopped_search_is_a_timeout_with_its_reason(english: WordList) -> None:
    stop = StopSignal()
    stop.interrupted = True  # Ctrl-C before the first fill ends
    request = FillRequest(grid_file("british15.txt"), constraints=Constraints(pangram=True))
    result = fill_constrained(request, english, stop=stop)
    assert result.status == "timeout" and result.stop_reason == "interrupted"
    assert result.constraints is not None and result.constraints.reason == "stopped"


def test_budget_of_one_fill_is_a_limit(english: WordList) -> None:
    asked = Constraints(quotas=(("E", 3),), budget=1)  # (a pangram now takes one fill)
    result = fill_constrained(FillRequest(grid_file("british15.txt"), constraints=asked), english)
    assert result.status == "timeout" and result.stop_reason == "limit"
    assert result.constraints is not None and result.constraints.reason == "budget"
    assert result.constraints.over  # the one plain fill has too many Es


def test_a_letter_no_entry_can_take_is_refused_before_any_fill(english: WordList) -> None:
    less_q = without_letters(english, "Q")  # same alphabet, no word with a Q
    request = FillRequest(grid_file("mini7.txt"), constraints=Constraints(pangram=True))
    result = fill_constrained(request, less_q)
    report = result.constraints
    assert result.status == "unfillable" and report is not None
    assert report.reason == "unfillable" and "Q" in report.detail and report.steps == 0


def test_a_grid_with_fewer_cells_than_letters_is_no_pangram(english: WordList) -> None:
    request = FillRequest(grid_file("mini5.txt"), constraints=Constraints(pangram=True))
    result = fill_constrained(request, english)
    assert result.constraints is not None and result.constraints.reason == "conflict"
    assert "open cells" in result.constraints.detail


def test_a_repair_keeps_the_rare_letters_it_would_clear(english: WordList) -> None:
    filled = fill(FillRequest(grid_file("british15.txt")), english).grid
    counts = letter_counts(filled)
    rare = [x for x in sorted(counts) if counts[x] <= LOCK_AT_MOST]
    assert rare  # a real fill has letters held once or twice
    empty = Grid.parse(grid_file("british15.txt").to_text())
    focus = {next(iter(empty.positions()))}
    locked = lock_rare(empty, filled, focus, "".join(sorted(counts)), english)
    kept = letter_counts(locked)
    assert all(kept[x] == 1 for x in rare)
    assert sum(kept.values()) == len(rare)
    for r, c in locked.positions():  # each kept letter sits where the fill had it
        assert locked.cells[r][c] in ("", filled.cells[r][c])


def test_the_rarest_missing_letter_is_supplied_first(english: WordList) -> None:
    assert rarest_first(grid_file("british15.txt"), english, "EQS")[0] == "Q"


def test_a_pangram_repair_is_deterministic(english: WordList) -> None:
    request = FillRequest(grid_file("british15.txt"), constraints=Constraints(pangram=True))
    first = fill_constrained(request, english)
    again = fill_constrained(request, english)
    assert first.grid.to_text() == again.grid.to_text()
    assert first.constraints is not None and again.constraints is not None
    assert first.constraints.steps == again.constraints.steps


def test_a_pangram_is_found_in_one_search(english: WordList) -> None:
    request = FillRequest(grid_file("british15.txt"), constraints=Constraints(pangram=True))
    result = fill_constrained(request, english)
    assert_valid(result, english)
    assert set(letter_counts(result.grid)) >= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert result.constraints is not None and result.constraints.steps == 1  # no refill


RING = Grid.parse("...\n.#.\n...")
RING_WORDS = ["ABC", "ADG", "CHE", "GIE", "QXY"]  # one fill (ABC/ADG/CHE/GIE), none with Q


def test_required_letters_prove_a_grid_unfillable() -> None:
    words = tiny_list(RING_WORDS)
    assert fill(FillRequest(RING), words).status == "filled"
    result = fill(FillRequest(RING, letters="q"), words)  # QXY fits no slot of a fill
    assert result.status == "unfillable" and result.stop_reason is None


def test_required_letters_are_held_when_a_fill_can_hold_them() -> None:
    words = tiny_list([*RING_WORDS, "AQG"])  # the left column can take a Q (unchecked)
    result = fill(FillRequest(RING, letters="Q"), words)
    assert result.status == "filled" and "Q" in letter_counts(result.grid)


def test_repairs_given_up_at_their_work_limit_are_no_proof(english: WordList) -> None:
    calls = []

    def filler(request: FillRequest, words: WordList, stop: StopSignal) -> FillResult:
        calls.append(request)
        plain = fill(replace(request, letters=""), words)  # a fill that is no pangram
        if len(calls) == 1:
            return plain
        return replace(plain, status="timeout", stop_reason="timeout")  # a work limit hit

    request = FillRequest(grid_file("mini7.txt"), constraints=Constraints(pangram=True))
    result = fill_constrained(request, english, filler=filler)
    report = result.constraints
    assert len(calls) > 1 and report is not None and not report.met
    assert result.status == "timeout" and result.stop_reason == "limit"
    assert report.reason == "budget" and "not proved impossible" in report.detail


TWO_ROWS = Grid.parse("." * 13 + "\n" + "#" * 13 + "\n" + "." * 13)  # two unchecked entries


@pytest.mark.parametrize(
    "listed",
    [
        ["ABCDEFGHIJKLM", "NOPQRSTUVWXYA", "ZZZZZZZZZZZZZ"],  # every letter fits, never all
        ["ABCDEFGHIJKLM", "NOPQRSTUVWXYA", "ZZZZZZZZZZZZZ", "NOPQRSTUVWXYZ"],  # one pangram
        ["ABCDEFGHIJKLZ", "MNOPQRSTUVWXY", "ABCDEFGHIJKLM", "NOPQRSTUVWXYZ", "AAAAAAAAAAAAZ"],
    ],
)
def test_a_pangram_proof_agrees_with_trying_every_fill(listed: list[str]) -> None:
    """The search's "no pangram" is a proof: it matches trying every pair of different
    words in the two entries, and a found pangram really holds all 26 letters."""
    words = tiny_list(listed)
    exists = any(len(set(a + b)) == 26 for a in listed for b in listed if a != b)
    request = FillRequest(TWO_ROWS, constraints=Constraints(pangram=True))
    result = fill_constrained(request, words)
    report = result.constraints
    assert report is not None
    if exists:
        assert_valid(result, words)
        assert len(set(letter_counts(result.grid))) == 26 and report.met
    else:
        assert result.status == "unfillable" and result.stop_reason is None
        assert report.reason == "unfillable" and "every letter" in report.detail


def test_a_pangram_with_the_default_list_on_a_themed_15x15() -> None:
    """The built-in crossword list (the fill's default) gives a real 15x15 pangram: a
    valid fill whose cells hold all 26 letters, in one search."""
    words = builtin_crossword()
    request = FillRequest(grid_file("themed15.txt"), constraints=Constraints(pangram=True))
    result = fill_constrained(request, words)
    assert_valid(result, words)
    assert set(letter_counts(result.grid)) == set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert result.constraints is not None and result.constraints.met
