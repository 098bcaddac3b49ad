"""workbench.fanout: a check job's screen split across forked processes gives every
candidate the verdict brute force gives, streams as each finishes, stops with the job,
and says when a process failed."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from puzzlewright.crossword.analysis import entry_candidates
from puzzlewright.crossword.fill_checks import prepare_checks
from puzzlewright.crossword.grid import Grid
from puzzlewright.stopping import StopSignal
from puzzlewright.workbench import fanout, jobs
from puzzlewright.workbench.rooms import crossword_jobs
from puzzlewright.workbench.rooms.crossword_jobs import CheckTask
from test_fill_checks import brute_verdict, small_words


def test_split_deals_the_best_first_to_every_share() -> None:
    assert fanout.split(list("abcdefg"), 3) == [["a", "d", "g"], ["b", "e"], ["c", "f"]]
    assert fanout.split(["a", "b"], 8) == [["a"], ["b"]]
    assert fanout.split([], 4) == [[]]


@pytest.mark.parametrize("parts", [1, 3])
@pytest.mark.parametrize(
    "text", ["...\n...\n...", "B..\n...\n...", "..D\n...\n..E", "Q..\n...\n..."]
)
def test_split_check_job_agrees_with_brute_force(
    text: str, parts: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(crossword_jobs, "cpus", lambda: parts)
    words = small_words()
    grid = Grid.parse(text)
    candidates = [c.word for c in entry_candidates(grid, words, "1D").words] + ["XYZ", "TEN"]
    task = CheckTask(grid, "1D", candidates, words, None, 10.0, 60.0)
    events: list[dict[str, object]] = []
    task.run(StopSignal(60), events.append)
    assert events[0]["type"] == "grid"
    verdicts = {e["word"]: e["verdict"] for e in events[1:] if e["type"] == "verdict"}
    if events[0]["verdict"] == "dead end":  # said once, no candidate checked
        assert len(events) == 1
        return
    assert len(events) == 1 + len(candidates) and sorted(verdicts) == sorted(set(candidates))
    for word, verdict in verdicts.items():
        assert verdict == brute_verdict(grid, words, "1D", word), word


def slow(label: str, seconds: float) -> fanout.Share:
    def share(stop: StopSignal) -> Iterator[dict[str, object]]:
        time.sleep(seconds)
        yield {"share": label, "stopped": stop.should_stop()}

    return share


def test_shares_run_at_once_and_stream_as_each_finishes() -> None:
    started = time.monotonic()
    events = fanout.run_shares([slow("late", 1.0), slow("early", 0.1)], StopSignal())
    first = next(events)
    assert first["share"] == "early" and time.monotonic() - started < 0.9
    assert [e["share"] for e in events] == ["late"]


@pytest.mark.parametrize("cancelled", [True, False])
def test_cancel_or_timeout_stops_every_share(cancelled: bool) -> None:
    """The job's stop signal (its cancel event, its timeout) reaches the forked shares."""

    def until_stopped(stop: StopSignal) -> Iterator[dict[str, object]]:
        spins = 0
        while not stop.should_stop():
            spins += 1
        yield {"spins": spins}

    cancel = jobs.context().Event()
    stop = jobs.CancelStop(cancel, None if cancelled else 0.5)
    if cancelled:
        threading.Timer(0.5, cancel.set).start()
    started = time.monotonic()
    events = list(fanout.run_shares([until_stopped] * 3, stop))
    assert len(events) == 3 and time.monotonic() - started < 5


def test_a_failed_share_is_an_error_not_a_silent_gap() -> None:
    def broken(stop: StopSignal) -> Iterator[dict[str, object]]:
        yield {"ok": True}
        raise ValueError("a bug")

    events = fanout.run_shares([broken, slow("fine", 0.0)], StopSignal())
    with pytest.raises(RuntimeError, match="1 of 2 check processes failed"):
        list(events)


def test_shared_turns_give_each_candidate_one_verdict() -> None:
    """Two processes sharing one screen's turns: every candidate gets one verdict (as
    brute force says), however the turns fall."""
    words = small_words()
    grid = Grid.parse("B..\n...\n...")
    candidates = [c.word for c in entry_candidates(grid, words, "1D").words] * 3
    whole, checker = prepare_checks(grid, words, "1D", candidates, budget=10, stop=StopSignal())
    assert checker is not None and whole.verdict == "fills"
    shares = crossword_jobs.check_shares(checker, candidates, 2)
    assert len(shares) == 2
    verdicts = [event for event in fanout.run_shares(shares, StopSignal(60))]
    assert sorted(e["word"] for e in verdicts) == sorted(candidates)
    for event in verdicts:
        assert event["verdict"] == brute_verdict(grid, words, "1D", str(event["word"]))
