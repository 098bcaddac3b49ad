"""The workbench's wordplay API (the ``words`` helpers over HTTP)."""

from __future__ import annotations

from starlette.testclient import TestClient

BUILTIN = {"words": ["builtin"]}


def test_phrase_anagrams_and_helpers(client: TestClient) -> None:
    doc = client.post(
        "/api/words/wordplay",
        json={"mode": "anagram", "query": "clint eastwood", "words_max": 3, **BUILTIN},
    ).json()
    assert doc["mode"] == "anagram" and doc["count"] == 50 and doc["stop_reason"] is None
    assert "OLD WEST ACTION" in [r["text"] for r in doc["results"]]
    doc = client.post(
        "/api/words/wordplay", json={"mode": "charade", "query": "partridge", **BUILTIN}
    ).json()
    assert doc["results"][0]["parts"] == ["PART", "RIDGE"]
    doc = client.post(
        "/api/words/wordplay", json={"mode": "letter-bank", "query": "settle", **BUILTIN}
    ).json()
    assert doc["mode"] == "letter-bank" and "STEEL" in [r["text"] for r in doc["results"]]


def test_the_request_word_list_is_used(client: TestClient) -> None:
    # the fixture's default list is the 3x3 square's ten words, not the built-in list
    doc = client.post("/api/words/wordplay", json={"mode": "hidden", "query": "bad one"}).json()
    assert doc["count"] == 0  # none of the square's words hides across BAD|ONE
    doc = client.post("/api/words/wordplay", json={"mode": "reversal", "query": "tab"}).json()
    assert [r["text"] for r in doc["results"]] == ["<BAT"]


def test_bad_requests_are_400_with_one_message(client: TestClient) -> None:
    for body in (
        {"mode": "nonsense", "query": "x"},
        {"mode": "charade", "query": ""},
        {"mode": "charade", "query": "x" * 500},
        {"mode": "charade", "query": "part", "limit": 100_000},
        {"mode": "anagram", "query": "abc", "timeout": 3600},
        {"mode": "charade", "query": "12"},
    ):
        response = client.post("/api/words/wordplay", json=body)
        assert response.status_code == 400, body
        assert set(response.json()) == {"error"}
