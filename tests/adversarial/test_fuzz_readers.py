"""Fuzzing every reader through the CLI: structure-aware mutations of valid files.

Each reader gets valid sample files mutated the way its format breaks (JSON values swapped
for huge numbers, integers past the int-string limit, lone surrogates, wrong types and deep
nesting; grid characters, headers and clue numbers; binary header fields and cut sections;
word-list lines, scores, encodings and gzip). The CLI must answer every one with exit status
0, 1 or 2, never a traceback, within a few seconds of CPU.

CI runs a fixed, small budget (derandomized, a few seconds per reader). For a longer run:

    PUZZLEWRIGHT_FUZZ_EXAMPLES=5000 .venv/bin/pytest tests/adversarial/test_fuzz_readers.py

(with the variable set the examples are random, so each run explores new inputs).
"""

from __future__ import annotations

import gzip
import json
import os
import signal
import struct
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzing import PROFILE, examples
from puzzlewright.cli import cli

DATA = Path(__file__).resolve().parents[1] / "data"
LONG_RUN = os.environ.get("PUZZLEWRIGHT_FUZZ_EXAMPLES")
FUZZ = settings(
    max_examples=int(LONG_RUN or examples(60)),
    derandomize=not LONG_RUN and PROFILE != "thorough",
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
# A hang is counted in CPU seconds (a loaded machine stretches wall time, not CPU time); a
# reader blocked without using CPU meets the wall-clock backstop, far beyond any honest run.
HANG_CPU_SECONDS = 10
HANG_WALL_SECONDS = 300
COUNTS: dict[str, int] = {}


class Hang(BaseException):
    """A reader that used more than HANG_CPU_SECONDS of CPU, or waited HANG_WALL_SECONDS
    (BaseException: nothing may swallow it)."""


def on_alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang(f"no answer within {HANG_CPU_SECONDS} s of CPU ({HANG_WALL_SECONDS} s wall)")


@contextmanager
def hang_alarms() -> Iterator[None]:
    """Raise :class:`Hang` in the block when either limit passes (SIGPROF counts this
    process's CPU time, SIGALRM the wall clock)."""
    timers = ((signal.SIGPROF, signal.ITIMER_PROF, HANG_CPU_SECONDS),)
    timers += ((signal.SIGALRM, signal.ITIMER_REAL, HANG_WALL_SECONDS),)
    previous = [signal.signal(signum, on_alarm) for signum, _, _ in timers]
    for _, timer, seconds in timers:
        signal.setitimer(timer, seconds)
    try:
        yield
    finally:
        for (signum, timer, _), handler in zip(timers, previous, strict=True):
            signal.setitimer(timer, 0)
            signal.signal(signum, handler)


@pytest.fixture(scope="module", autouse=True)
def private_cache() -> Iterator[None]:
    with tempfile.TemporaryDirectory() as folder:
        old = os.environ.get("PUZZLEWRIGHT_CACHE_DIR")
        os.environ["PUZZLEWRIGHT_CACHE_DIR"] = folder
        yield
        if old is None:
            del os.environ["PUZZLEWRIGHT_CACHE_DIR"]
        else:
            os.environ["PUZZLEWRIGHT_CACHE_DIR"] = old


def run_cli(reader: str, name: str, content: bytes, *args: str) -> None:
    """Write ``content`` as ``name`` and run the CLI on it; only exit 0/1/2 are allowed."""
    COUNTS[reader] = COUNTS.get(reader, 0) + 1
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(content)
        argv = [arg.replace("{IN}", str(path)).replace("{DIR}", folder) for arg in args]
        with hang_alarms():
            result = CliRunner().invoke(cli, argv, catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"{reader}: traceback for {content[:300]!r}") from result.exception
    assert result.exit_code in (0, 1, 2), (reader, result.exit_code, result.output)
    assert "Traceback" not in result.output


# -- value strategies -------------------------------------------------------------------------
HOSTILE_NUMBERS = st.sampled_from(
    [0, -1, 1, 2**31, 2**63, 10**15, 10**16, 10**4000, -(10**300), 1e308, 0.5]
)
HOSTILE_TEXT = st.sampled_from(
    ["", "#", ".", "\0", "\ud7ff", "ЖЯ", "🧩", "A" * 5000, "9" * 5000, "[", "{", "null"]
)
# What json.dumps cannot write, spliced into its output: an integer past Python's 4,300-digit
# int-string limit (json.dumps itself would raise) and lone surrogates as JSON escapes (a
# Python string holding one is dumped as UTF-8 bytes the reader refuses before parsing).
SPLICES = {
    '"@@HUGE@@"': "9" * 5000,
    '"@@NEGATIVE@@"': "-" + "1" * 4400,
    "@@LONE@@": "\\udc00",
    "@@HIGH@@": "\\ud800x",
}
HOSTILE_SPLICES = st.sampled_from(["@@HUGE@@", "@@NEGATIVE@@", "@@LONE@@", "a@@HIGH@@b"])
JSON_LEAF = st.one_of(
    HOSTILE_NUMBERS,
    HOSTILE_TEXT,
    HOSTILE_SPLICES,
    st.none(),
    st.booleans(),
    st.text(max_size=8),
)
JSON_KEY = st.text(max_size=6) | st.just("@@LONE@@")
JSON_VALUE = st.recursive(
    JSON_LEAF,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(JSON_KEY, inner, max_size=4),
    max_leaves=12,
)


def spliced(text: str) -> str:
    """``text`` with the markers of :data:`SPLICES` replaced by what they stand for."""
    for marker, value in SPLICES.items():
        text = text.replace(marker, value)
    return text


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path to a value inside a JSON document."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


def value_at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def replace_at(doc: Any, path: tuple[Any, ...], new: Any, delete: bool) -> Any:
    if not path:
        return new
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return doc


# -- .ipuz -------------------------------------------------------------------------------------
IPUZ = json.loads((DATA / "formats" / "sampler.ipuz").read_text())
ACROSTIC = json.loads((DATA / "acrostic" / "sample.ipuz").read_text())


@st.composite
def ipuz_mutants(draw: st.DrawFn, sample: Any = IPUZ) -> bytes:
    doc = json.loads(json.dumps(sample))
    for _ in range(draw(st.integers(1, 4))):
        spots = list(paths(doc))
        path = draw(st.sampled_from(spots))
        delete = bool(path) and draw(st.booleans())
        doc = replace_at(doc, path, draw(JSON_VALUE), delete)
    texts = [path for path in paths(doc) if isinstance(value_at(doc, path), str)]
    if texts and draw(st.integers(0, 2)) == 0:  # a surrogate in text the writers print
        path = draw(st.sampled_from(texts))
        marker = draw(st.sampled_from(["@@LONE@@", "@@HIGH@@"]))
        doc = replace_at(doc, path, value_at(doc, path) + marker, False)
    text = spliced(json.dumps(doc, ensure_ascii=draw(st.booleans())))
    if draw(st.booleans()):
        text = draw(st.sampled_from(["ipuz({})", "[[[[{}]]]]", "{}\0", "\ufeff{}", "{}}}"])).format(
            text
        )
    if draw(st.integers(0, 9)) == 0:
        text = "[" * 100_000 + text
    return text.encode("utf-8", "surrogatepass")


@FUZZ
@given(ipuz_mutants())
def test_fuzz_ipuz(content: bytes) -> None:
    run_cli("ipuz", "p.ipuz", content, "convert", "{IN}", "{DIR}/out.xd")


@FUZZ
@given(ipuz_mutants())
def test_fuzz_ipuz_render(content: bytes) -> None:
    run_cli("ipuz (render)", "p.ipuz", content, "render", "{IN}", "-o", "{DIR}/out.svg")


@FUZZ
@given(ipuz_mutants(ACROSTIC))
def test_fuzz_acrostic_ipuz_render(content: bytes) -> None:
    run_cli("acrostic ipuz (render)", "a.ipuz", content, "render", "{IN}", "-o", "{DIR}/out.html")


# -- .xd ---------------------------------------------------------------------------------------
CORPUS = DATA / "corpus"
XD_SAMPLES = [DATA / "formats" / "sampler.xd", *sorted(CORPUS.glob("xd-crossword-tools/*.xd"))]
ACROSS_LITE_SAMPLES = [
    *sorted(CORPUS.glob("puzpy/text_format_*.txt")),
    *sorted(CORPUS.glob("xd-crossword-tools/*.puz.txt")),
]
XD_LINES = st.sampled_from(
    [
        "",
        "## Grid",
        "## Clues",
        "## Notes",
        "Rebus: 1=EF 2=",
        "Rebus: #=X",
        "Special: shaded",
        "Title:",
        "A99999999999999999999. x ~ Y",
        f"D{'9' * 5000}. huge ~ NUMBER",
        "A1 ^Refer: x",
        "#" * 300,
        "_" * 20,
        "ЖЯЖ#.",
        "A1. ~",
    ]
)


@st.composite
def line_mutants(draw: st.DrawFn, samples: list[Path]) -> bytes:
    lines = draw(st.sampled_from(samples)).read_text().split("\n")
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(lines)))
        action = draw(st.sampled_from(["insert", "delete", "duplicate", "edit", "swap"]))
        if action == "insert" or not lines:
            lines.insert(at, draw(XD_LINES | st.text(max_size=30)))
            continue
        at = min(at, len(lines) - 1)
        if action == "delete":
            del lines[at]
        elif action == "duplicate":
            lines.insert(at, lines[at])
        elif action == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
        else:
            line = lines[at]
            cut = draw(st.integers(0, len(line)))
            lines[at] = line[:cut] + draw(st.text(max_size=4)) + line[cut + 1 :]
    return "\n".join(lines).encode("utf-8", "surrogatepass")


@FUZZ
@given(line_mutants(XD_SAMPLES))
def test_fuzz_xd(content: bytes) -> None:
    run_cli("xd", "p.xd", content, "convert", "{IN}", "{DIR}/out.ipuz")


@FUZZ
@given(line_mutants(ACROSS_LITE_SAMPLES))
def test_fuzz_across_lite_text(content: bytes) -> None:
    run_cli("Across Lite text", "p.txt", content, "convert", "{IN}", "{DIR}/out.ipuz")


# -- .jpz --------------------------------------------------------------------------------------
JPZ_SAMPLES = sorted(CORPUS.glob("kotwords/*.jpz")) + sorted(
    CORPUS.glob("xd-crossword-tools/*.jpz")
)
JPZ_VALUES = st.sampled_from(
    ["", "0", "-1", "1", "3-1", "1-999", "9" * 5000, "²", "x", "true", "&amp;", "Ж", "255", "256"]
)


@st.composite
def jpz_mutants(draw: st.DrawFn) -> bytes:
    from xml.etree import ElementTree

    root = ElementTree.fromstring(draw(st.sampled_from(JPZ_SAMPLES)).read_bytes())
    elements = list(root.iter())
    for _ in range(draw(st.integers(1, 5))):
        element = draw(st.sampled_from(elements))
        action = draw(st.sampled_from(["attribute", "drop", "duplicate", "text"]))
        if action == "attribute":
            name = draw(
                st.sampled_from(["width", "height", "x", "y", "type", "word", *element.keys()])
            )
            element.set(name, draw(JPZ_VALUES))
        elif action == "text":
            element.text = draw(JPZ_VALUES | st.text(max_size=10))
        else:
            parent = next((p for p in root.iter() if element in list(p)), None)
            if parent is None:
                continue
            if action == "drop":
                parent.remove(element)
                elements = list(root.iter())
            else:
                parent.append(element)
    data = ElementTree.tostring(root)
    if draw(st.integers(0, 9)) == 0:  # entity expansion, refused before parsing
        data = b'<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]>' + data
    return data


@FUZZ
@given(jpz_mutants())
def test_fuzz_jpz(content: bytes) -> None:
    run_cli("jpz", "p.jpz", content, "convert", "{IN}", "{DIR}/out.ipuz")


# -- .puz --------------------------------------------------------------------------------------
PUZ_SAMPLES = [DATA / "formats" / "sampler.puz", *sorted(CORPUS.glob("puzpy/*.puz"))]
HEADER_FIELDS = [(0x2C, "B"), (0x2D, "B"), (0x2E, "<H"), (0x30, "<H"), (0x32, "<H"), (0x0E, "<H")]


@st.composite
def puz_mutants(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(st.sampled_from(PUZ_SAMPLES)).read_bytes())
    for _ in range(draw(st.integers(1, 5))):
        action = draw(st.sampled_from(["field", "flip", "cut", "insert", "extension"]))
        if action == "field":  # width, height, clue count, bitmask, scramble, checksum
            offset, fmt = draw(st.sampled_from(HEADER_FIELDS))
            limit = 255 if fmt == "B" else 65535
            if len(data) >= offset + struct.calcsize(fmt):
                struct.pack_into(fmt, data, offset, draw(st.integers(0, limit)))
        elif action == "flip" and data:
            at = draw(st.integers(0, len(data) - 1))
            data[at] = draw(st.integers(0, 255))
        elif action == "cut":
            data = data[: draw(st.integers(0, len(data)))]
        elif action == "insert":
            at = draw(st.integers(0, len(data)))
            data[at:at] = draw(st.binary(max_size=16))
        else:  # an extension section with a lying length
            name = draw(st.sampled_from([b"GRBS", b"RTBL", b"GEXT", b"LTIM", b"RUSR"]))
            body = draw(st.binary(max_size=40))
            size = draw(st.integers(0, 65535))
            data += name + struct.pack("<HH", size, 0) + body + b"\0"
    return bytes(data)


@FUZZ
@given(puz_mutants())
def test_fuzz_puz(content: bytes) -> None:
    run_cli("puz", "p.puz", content, "convert", "{IN}", "{DIR}/out.ipuz")


# -- text grids -------------------------------------------------------------------------------
GRID_CELLS = st.sampled_from(
    ["#", ".", "A", "Ж", "[AB]", "[", "]", "[]", " ", "\t", "é", "🧩", "1"]
)


@st.composite
def grid_mutants(draw: st.DrawFn) -> bytes:
    source = draw(st.sampled_from(sorted((DATA / "grids").glob("*.txt"))))
    rows = [list(row) for row in source.read_text().split("\n")]
    for _ in range(draw(st.integers(1, 6))):
        if not rows:
            rows.append([])
        r = draw(st.integers(0, len(rows) - 1))
        action = draw(st.sampled_from(["cell", "row", "drop", "widen"]))
        if action == "cell" and rows[r]:
            rows[r][draw(st.integers(0, len(rows[r]) - 1))] = draw(GRID_CELLS)
        elif action == "row":
            rows.insert(r, list(draw(st.text(max_size=20))))
        elif action == "drop":
            del rows[r]
        else:
            rows[r].extend(draw(GRID_CELLS) * draw(st.integers(1, 400)))
    text = "\n".join("".join(row) for row in rows)
    return text.encode("utf-8", "surrogatepass")


@FUZZ
@given(grid_mutants())
def test_fuzz_text_grid(content: bytes) -> None:
    run_cli("text grid", "g.txt", content, "convert", "{IN}", "{DIR}/out.xd")


@FUZZ
@given(grid_mutants())
def test_fuzz_text_grid_fill(content: bytes) -> None:
    run_cli(
        "text grid (fill)",
        "g.txt",
        content,
        "crossword",
        "fill",
        "{IN}",
        "--words",
        str(DATA / "grids" / "mini5.txt"),  # a tiny list: the reader is what is under test
        "--timeout",
        "2",
    )


# -- word lists -------------------------------------------------------------------------------
WORD_LINES = st.one_of(
    st.sampled_from(
        [
            "cat",
            "dog;50",
            "emu\t40",
            "x;1e999",
            "y;nan",
            "z;-inf",
            "w;" + "9" * 5000,
            "café;30",
            "кот;20",
            "a" * 2000,
            "# comment",
            "; 5",
            "\t",
            "mother-in-law;45",
            "\ufeffbom;10",
            "\0\0",
        ]
    ),
    st.text(max_size=20),
)


@st.composite
def word_list_mutants(draw: st.DrawFn) -> bytes:
    lines = draw(st.lists(WORD_LINES, min_size=1, max_size=30))
    ending = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    encoding = draw(st.sampled_from(["utf-8", "utf-16", "cp1251", "latin-1"]))
    data = ending.join(lines).encode(encoding, "replace")
    if draw(st.booleans()):
        data = gzip.compress(data)
        if draw(st.booleans()):
            data = data[: draw(st.integers(0, len(data)))]
    return data


@FUZZ
@given(word_list_mutants(), st.sampled_from(["utf-8-sig", "auto", "cp1251"]))
def test_fuzz_word_lists(content: bytes, encoding: str) -> None:
    run_cli(
        "word list",
        "w.txt",
        content,
        "lexicon",
        "info",
        "{IN}",
        "--encoding",
        encoding,
        "--max-list-mb",
        "1",
    )


def test_zz_fuzz_counts() -> None:
    """Report how many inputs each reader answered (printed with ``pytest -s``)."""
    for reader, count in sorted(COUNTS.items()):
        print(f"fuzzed {reader}: {count} inputs")
    assert not COUNTS or all(count > 0 for count in COUNTS.values())
