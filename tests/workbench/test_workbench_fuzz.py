"""Fuzzing the workbench's readers: any JSON gives a puzzle or one clean error, never a crash."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from fuzzing import examples
from puzzlewright.errors import PuzzleInputError
from puzzlewright.workbench.puzzles import puzzle_from_json, puzzle_to_json

HUGE = "<a 5,000-digit integer>"  # put in the body's text as digits (json.dumps cannot)
HOSTILE = st.sampled_from(["\udc00", "A\ud800", "\udfff\udc00", HUGE, 2**70, 1e308, -0.0])
"""Values a page never sends: lone surrogates, integers past any bound (issue 25)."""
CELL = st.one_of(st.none(), st.sampled_from(["", "A", "Q", "ING", "é", "1", " ", "AB CD"]))
JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-5, 30), st.text(max_size=5), HOSTILE),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)
GRIDS = st.integers(1, 6).flatmap(
    lambda w: st.lists(st.lists(CELL, min_size=w, max_size=w), min_size=1, max_size=6)
)
PUZZLES = st.fixed_dictionaries(
    {"cells": st.one_of(GRIDS, JSON)},
    optional={
        "bars": st.one_of(
            st.lists(st.lists(st.integers(-1, 7), min_size=3, max_size=3), max_size=4), JSON
        ),
        "circles": st.one_of(
            st.lists(st.lists(st.integers(-1, 7), min_size=2, max_size=2), max_size=4), JSON
        ),
        "clues": st.one_of(
            st.dictionaries(st.sampled_from(["1A", "1D", "2D", "9A"]), st.text(max_size=8)), JSON
        ),
        "title": JSON,
    },
)


@given(PUZZLES)
@settings(max_examples=examples(300), deadline=None)
def test_puzzle_reader_accepts_or_refuses_cleanly(doc: dict[str, Any]) -> None:
    try:
        puzzle = puzzle_from_json(doc)
    except PuzzleInputError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    again = puzzle_from_json(puzzle_to_json(puzzle))  # what it writes, it reads back
    assert again.grid.cells == puzzle.grid.cells and again.grid.bars == puzzle.grid.bars
    assert again.clues == puzzle.clues and again.circles == puzzle.circles


@given(PUZZLES, st.sampled_from(["analyse", "candidates", "pattern"]))
@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
def test_api_never_fails_with_a_server_error(
    client: TestClient, doc: dict[str, Any], route: str
) -> None:
    body = {**doc, "entry": "1A"} if route == "candidates" else doc
    text = json.dumps(body).replace(json.dumps(HUGE), "9" * 5000)
    response = client.post(
        f"/api/crossword/{route}", content=text, headers={"content-type": "application/json"}
    )
    assert response.status_code < 500, response.text
    assert isinstance(response.json(), dict)
