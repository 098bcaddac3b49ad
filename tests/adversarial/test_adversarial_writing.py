"""The hard cases of issue 25 about files, streams and sizes, each run through the real CLI.

Every case failed on main before the issue was fixed; the docstring says what it did then.
Writing onto devices is tested root-safe: as root the device is a node made with
``os.mknod`` in the test's own folder (a regression replaces that node, never one in
/dev); as another user /dev/full itself, which such a user cannot replace. The cache as a
new process reads it, streams that fail and FIFOs that could hang run in a fresh process
(``cli``, with a timeout); the rest in this process (``cli_here``).
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from adversarial.clirun import WRAPPER, Run
from adversarial.test_adversarial_cases import cached_list

DATA = Path(__file__).resolve().parents[1] / "data"
SAMPLER = str(DATA / "formats" / "sampler.ipuz")
GRID = str(DATA / "grids" / "mini5.txt")
CliRun = Callable[..., Run]
HANG = 60  # seconds: a FIFO that is opened waits forever; the fixed CLI answers at once


def device(tmp_path: Path) -> Path:
    """A character device nobody minds losing: a node of /dev/null's kind in ``tmp_path``
    as root, /dev/full (which only root could replace) otherwise."""
    if os.geteuid() != 0:
        return Path("/dev/full")
    node = tmp_path / "null-device"
    os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    return node


def kind(path: Path) -> str:
    mode = os.lstat(path).st_mode
    for test, name in ((stat.S_ISCHR, "chr"), (stat.S_ISFIFO, "fifo"), (stat.S_ISLNK, "link")):
        if test(mode):
            return name
    return "other"


# -- 1. output only to regular files ----------------------------------------------------------
def hostile_target(name: str, tmp_path: Path) -> tuple[Path, str, str]:
    """An output path of the kind ``name``, what must stay at it, and the error's words."""
    if name == "fifo":
        path = tmp_path / "out.fifo"
        os.mkfifo(path)
        return path, "fifo", "FIFO"
    if name == "device":
        path = device(tmp_path)
        return path, "chr", "character device"
    if name == "link to a device":
        path = tmp_path / "link.xd"
        path.symlink_to(device(tmp_path))
        return path, "link", "symbolic link to"
    path = tmp_path / "dangling.xd"
    path.symlink_to(tmp_path / "elsewhere" / "made.xd")
    (tmp_path / "elsewhere").mkdir()
    return path, "link", "which does not exist"


@pytest.mark.parametrize("name", ["fifo", "device", "link to a device", "dangling link"])
@pytest.mark.parametrize("command", ["convert", "render"])
def test_25_01_output_onto_a_device_fifo_or_dangling_link_is_refused(
    cli_here: CliRun, cache_dir: Path, tmp_path: Path, name: str, command: str
) -> None:
    """Before: ``render X.ipuz --format html -o /dev/full`` as root exited 0 and /dev/full
    became an HTML file (the temporary file made in /dev was renamed over the device); a
    FIFO was replaced the same way, and a dangling link made a file where it pointed."""
    path, stays, words = hostile_target(name, tmp_path)
    args = [SAMPLER, str(path), "--to", "xd"] if command == "convert" else []
    args = args or [SAMPLER, "--format", "html", "-o", str(path)]
    cli_here(command, *args, cache=cache_dir).one_error(words)
    assert kind(path) == stays
    if os.path.islink(path) and os.path.exists(path):  # the device it leads to is untouched
        assert kind(Path(os.path.realpath(path))) == "chr"
    leftovers = [p for p in path.parent.iterdir() if p.name.endswith(".pwtmp")]
    assert leftovers == [] and not (tmp_path / "elsewhere" / "made.xd").exists()


def test_25_01b_a_link_to_a_regular_file_is_written_in_its_targets_folder(
    cli_here: CliRun, cache_dir: Path, tmp_path: Path
) -> None:
    """The policy's other half: a link to a regular file is followed; the temporary file is
    made beside the target (the rename stays in one folder) and the link stays a link."""
    (tmp_path / "links").mkdir()
    (tmp_path / "files").mkdir()
    real = tmp_path / "files" / "real.xd"
    real.write_text("old")
    link = tmp_path / "links" / "out.xd"
    link.symlink_to(real)
    run = cli_here("convert", SAMPLER, str(link), cache=cache_dir)
    assert run.code == 0, run.stderr
    assert link.is_symlink() and real.read_text().startswith("Title: Format Sampler")
    assert sorted(p.name for p in tmp_path.rglob("*") if p.name.startswith(".")) == []


def test_25_01c_dev_stdout_is_refused_not_renamed_over(cache_dir: Path, tmp_path: Path) -> None:
    """Before: ``-o /dev/stdout`` with stdout redirected to a file renamed the output over
    that file (the link leads there through /proc/self/fd/1), so the shell's ``>`` file was
    replaced and what the command printed afterwards went to a deleted file."""
    log = tmp_path / "stdout.txt"
    log.write_text("kept\n")
    env = {**os.environ, "PUZZLEWRIGHT_CACHE_DIR": str(cache_dir)}
    with log.open("a") as stream:
        done = subprocess.run(
            [sys.executable, "-c", WRAPPER, "convert", SAMPLER, "/dev/stdout", "--to", "xd"],
            env=env,
            stdout=stream,
            stderr=subprocess.PIPE,
            timeout=HANG,
        )
    stderr = done.stderr.decode().rpartition("PEAK_RSS_KB")[0]
    Run(done.returncode, "", stderr, 0.0).one_error("open file descriptor", "(- writes")
    assert log.read_text() == "kept\n"


# -- 2. the cache holds only regular files --------------------------------------------------------
def plant(entry: Path, what: str, tmp_path: Path) -> Path | None:
    """Replace the cache entry by ``what``; returns the file a write-through would damage."""
    entry.unlink()
    precious = tmp_path / "precious.txt"
    precious.write_text("the user's own file\n")
    if what == "link to a user file":
        entry.symlink_to(precious)
        return precious
    if what == "link to a device":
        entry.symlink_to(device(tmp_path))
        return None
    if what == "fifo":
        os.mkfifo(entry)
        return None
    entry.mkdir()
    (entry / "inside").symlink_to(precious)
    return precious


def test_25_02_a_link_fifo_or_folder_planted_in_the_cache_is_replaced(
    cli: CliRun, warm_cache: Path, tmp_path: Path
) -> None:
    """Before: a symlink at a compiled list's name made the rebuild write through it (a
    user file was replaced by a 2.7 MB cache blob; as root, /dev/zero was), and a FIFO
    there hung every command. Now each is a miss, replaced by a regular entry."""
    words = cached_list(tmp_path / "big.txt")
    first = cli("words", "BABAA", "--words", str(words), cache=warm_cache)
    assert first.code == 0, first.stderr
    (entry,) = (warm_cache / "lists").glob("*.pwl")
    for what in ("link to a user file", "link to a device", "fifo", "folder"):
        precious = plant(entry, what, tmp_path)
        run = cli("words", "BABAA", "--words", str(words), cache=warm_cache, timeout=HANG)
        assert run.code == 0 and "BABAA" in run.stdout, (what, run.stderr)
        assert "Traceback" not in run.stderr and "warning" not in run.stderr
        assert stat.S_ISREG(os.lstat(entry).st_mode), what
        assert entry.read_bytes().startswith(b"\x89PWL"), what
        if precious is not None:
            assert precious.read_text() == "the user's own file\n", what
    if os.geteuid() == 0:
        assert kind(tmp_path / "null-device") == "chr"


def test_25_02b_a_symlinked_cache_folder_is_not_used(
    cli: CliRun, cache_dir: Path, tmp_path: Path
) -> None:
    """The folder itself must be ours and not a link (a link can be moved to lead into
    someone else's folder): one warning, the command works without the cache, and nothing
    is written where the link leads."""
    words = cached_list(tmp_path / "big.txt")
    link = tmp_path / "cache-link"
    link.symlink_to(cache_dir)
    run = cli("words", "BABAA", "--words", str(words), cache=link)
    assert run.code == 0 and "BABAA" in run.stdout
    warnings = [line for line in run.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "symbolic link" in warnings[0]
    assert list(cache_dir.rglob("*.pwl")) == []


# -- 3. standard output that cannot be written --------------------------------------------------
STREAM_COMMANDS = [
    ("words", "C?T"),
    ("words", "C?T", "--json"),
    ("convert", SAMPLER, "-", "--to", "xd"),
    ("cryptarithm", "encode", "1234 + 5678 = 6912"),  # rich's table
]
STREAM_IDS = ["words", "words --json", "convert to -", "encode"]


def run_into(stdout: int | None, args: tuple[str, ...], cache: Path) -> Run:
    """Run the CLI in a fresh process with ``stdout`` as its standard output (None: closed,
    as the shell's ``>&-`` leaves it)."""
    env = {**os.environ, "PUZZLEWRIGHT_CACHE_DIR": str(cache)}
    closing = ["sh", "-c", 'exec "$0" "$@" >&-'] if stdout is None else []
    done = subprocess.run(
        [*closing, sys.executable, "-c", WRAPPER, *args],
        env=env,
        stdout=stdout,
        stderr=subprocess.PIPE,
        timeout=HANG,
    )
    stderr = done.stderr.decode("utf-8", "replace").rpartition("PEAK_RSS_KB")[0]
    return Run(done.returncode, "", stderr, 0.0)


@pytest.mark.parametrize("args", STREAM_COMMANDS, ids=STREAM_IDS)
def test_25_03_a_full_standard_output_is_one_error(warm_cache: Path, args: tuple[str, ...]) -> None:
    """Before: ``words C?T > /dev/full`` was an OSError traceback (from rich or click)."""
    with open("/dev/full", "wb") as full:
        run = run_into(full.fileno(), args, warm_cache)
    run.one_error("cannot write to standard output", "No space left on device")
    assert "Exception ignored" not in run.stderr


@pytest.mark.parametrize("args", STREAM_COMMANDS, ids=STREAM_IDS)
def test_25_03b_a_closed_pipe_ends_quietly_with_status_2(
    warm_cache: Path, args: tuple[str, ...]
) -> None:
    """Before: ``| head -1`` ended with status 1 from rich's or click's own handler, or 0, or
    a BrokenPipeError at exit, depending on the command. Now: no message (as is
    customary for a reader that went away), exit status 2 (the output is incomplete)."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first byte
    try:
        run = run_into(write_end, args, warm_cache)
    finally:
        os.close(write_end)
    assert run.code == 2, run.stderr
    assert run.stderr.strip() == "", run.stderr


@pytest.mark.parametrize("args", STREAM_COMMANDS, ids=STREAM_IDS)
def test_25_03c_a_closed_standard_output_is_one_error(
    warm_cache: Path, args: tuple[str, ...]
) -> None:
    """Before: ``words C?T >&-`` printed nothing and ended in an AttributeError traceback
    (Python's ``sys.stdout`` is None when descriptor 1 is closed), exit status 1."""
    run = run_into(None, args, warm_cache)
    run.one_error("cannot write to standard output: it is closed")
    assert "Exception ignored" not in run.stderr


# -- 4. inputs only from regular files --------------------------------------------------------
FIFO_READERS = [
    ("convert", "{FIFO}", "out.xd"),
    ("render", "{FIFO}", "-o", "out.svg"),
    ("crossword", "fill", "{FIFO}"),
    ("words", "C?T", "--words", "{FIFO}"),
    ("acrostic", "build", "@{FIFO}", "Wilde"),
    ("cryptarithm", "solve", "--layout-file", "{FIFO}"),
]


@pytest.mark.parametrize("args", FIFO_READERS, ids=lambda args: " ".join(args[:2]).strip("{}"))
def test_25_04_a_fifo_given_as_an_input_is_refused_at_once(
    cli: CliRun, warm_cache: Path, tmp_path: Path, args: tuple[str, ...]
) -> None:
    """Before: every reader opened the FIFO and waited forever for a writer."""
    fifo = tmp_path / "input.ipuz"
    os.mkfifo(fifo)
    argv = [arg.replace("{FIFO}", str(fifo)) for arg in args]
    cli(*argv, cache=warm_cache, timeout=HANG).one_error("FIFO", "- reads standard input")


@pytest.mark.parametrize("path", ["/dev/zero", "{DEVICE}", "{FOLDER}"])
def test_25_04b_a_device_or_folder_given_as_an_input_is_refused(
    cli_here: CliRun, cache_dir: Path, tmp_path: Path, path: str
) -> None:
    """Before: /dev/zero was read up to the 64 MB limit (a second of work and 64 MB of
    memory for an answer known at once); a folder gave the right answer already."""
    (tmp_path / "folder.ipuz").mkdir()
    where = path.replace("{FOLDER}", str(tmp_path / "folder.ipuz"))
    where = where.replace("{DEVICE}", str(device(tmp_path)))
    words = "it is a directory" if "FOLDER" in path else "character device"
    cli_here("cryptarithm", "solve", "--layout-file", where, cache=cache_dir).one_error(words)


def test_25_04c_standard_input_stays_allowed(cli_here: CliRun, warm_cache: Path) -> None:
    run = cli_here(
        "crossword", "fill", "-", "--json", cache=warm_cache, stdin=Path(GRID).read_bytes()
    )
    assert run.code == 0, run.stderr
    assert json.loads(run.stdout)["status"] == "filled"


# -- 7. lone surrogates in JSON ------------------------------------------------------------------
def with_surrogate(path: Path, sample: Path, where: str) -> Path:
    """A copy of ``sample`` with ``\\udc00`` (as a JSON escape) spliced in at ``where``."""
    doc = json.loads(sample.read_text())
    if where == "title":
        doc["title"] = "Lone @@ here"
    elif where == "clue":
        doc["clues"]["Across"][0][1] = "@@"
    else:
        doc["@@"] = 1
    path.write_text(json.dumps(doc).replace("@@", "\\udc00"))
    return path


@pytest.mark.parametrize("where", ["title", "clue", "key"])
@pytest.mark.parametrize(
    "command",
    [
        ("convert", "{IN}", "out.xd"),
        ("convert", "{IN}", "out.puz"),
        ("render", "{IN}", "-o", "out.html"),
    ],
)
def test_25_07_a_lone_surrogate_in_an_ipuz_is_one_error(
    cli_here: CliRun, cache_dir: Path, tmp_path: Path, where: str, command: tuple[str, ...]
) -> None:
    """Before: ``"\\udc00"`` in any string of an .ipuz was read as a Python string that no
    writer could encode: a UnicodeEncodeError traceback from ``convert`` and ``render``."""
    source = with_surrogate(tmp_path / "lone.ipuz", DATA / "formats" / "sampler.ipuz", where)
    argv = [arg.replace("{IN}", str(source)) for arg in command]
    cli_here(*argv, cache=cache_dir).one_error("lone.ipuz", "\\udc00")
    assert not list(tmp_path.glob("out.*"))


def test_25_07b_a_lone_surrogate_in_an_acrostic_ipuz_is_one_error(
    cli_here: CliRun, cache_dir: Path, tmp_path: Path
) -> None:
    source = with_surrogate(tmp_path / "acro.ipuz", DATA / "acrostic" / "sample.ipuz", "title")
    for args in (["render", str(source), "-o", "out.pdf"], ["convert", str(source), "a.jpz"]):
        cli_here(*args, cache=cache_dir).one_error("acro.ipuz", "\\udc00")


# -- 14. output bounded like the search ------------------------------------------------------
def test_25_14_solutions_listed_are_bounded_and_the_rest_counted(
    cli_here: CliRun, cache_dir: Path
) -> None:
    """Before: ``cryptarithm solve '(A+B)^(C*D*E*F)=G' --timeout 20`` found 21,312
    solutions and printed a rich table for each for 150 s after the time limit. Now 20
    are listed by default (``--show N``), the rest counted; the JSON holds at most 10,000
    or ``--show N`` and says how many it left out."""
    text = cli_here("cryptarithm", "solve", "NUM + BER = PLAY", cache=cache_dir)
    assert text.code == 0 and text.stdout.count("Solution ") == 20
    assert "76 more are not" in text.stdout
    run = cli_here(
        "cryptarithm",
        "solve",
        "ABCDEFGHIJ = ABCDEFGHIJ",
        "--json",
        "--timeout",
        "0.3",
        "--show",
        "50",
        cache=cache_dir,
    )
    doc = json.loads(run.stdout)
    assert run.code == 1 and doc["stop_reason"] == "timeout"
    assert len(doc["solutions"]) == min(50, doc["count"])
    assert doc["omitted"] == doc["count"] - len(doc["solutions"])


# -- 15. every size bounded ----------------------------------------------------------------------
QUOTE = "There is no such thing as a moral or an immoral book."
BIG = "1000000000"
SIZES = [
    (("acrostic", "build", QUOTE, "Oscar", "--width", BIG), "--width"),
    (("acrostic", "build", QUOTE, "Oscar", "--count", BIG), "--count"),
    (("acrostic", "build", QUOTE, "Oscar", "--tries", BIG + "000"), "--tries"),
    (("acrostic", "build", QUOTE, "Oscar", "--improve", "nan"), "--improve"),
    (("acrostic", "build", QUOTE, "Oscar", "--improve", "inf"), "--improve"),
    (("acrostic", "build", QUOTE, "Oscar", "--min-length", BIG), "--min-length"),
    (("words", "C?T", "--timeout", "nan"), "--timeout"),
    (("words", "C?T", "--limit", BIG + "000"), "--limit"),
    (("words", "C?T", "--max-list-mb", BIG), "--max-list-mb"),
    (("crossword", "fill", GRID, "--count", BIG), "--count"),
    (("crossword", "fill", GRID, "--max-shared-substring", BIG), "--max-shared-substring"),
    (("crossword", "pattern", "--count", BIG), "--count"),
    (("crossword", "pattern", "--unches", "nan", "--barred"), "--unches"),
    (("crossword", "check", GRID, "--min-length", "-1"), "--min-length"),
    (("crossword", "layout", "answers.txt", "--timeout", "nan"), "--timeout"),
    (("crossword", "layout", "answers.txt", "--tries", BIG + "000"), "--tries"),
    (("cryptarithm", "solve", "A+B=C", "--limit", BIG + "000"), "--limit"),
    (("cryptarithm", "solve", "A+B=C", "--show", BIG + "000"), "--show"),
    (("cryptarithm", "encode", "1 + 2 = 3", "--limit", BIG), "--limit"),
    (("cryptarithm", "find", "--candidates", BIG + "000"), "--candidates"),
]


def size_id(case: tuple[tuple[str, ...], str]) -> str:
    args, flag = case
    return f"{args[0]} {args[1]} {flag} {args[args.index(flag) + 1][:6]}"


@pytest.mark.parametrize(("args", "flag"), SIZES, ids=[size_id(case) for case in SIZES])
def test_25_15_every_size_option_is_bounded(
    cli_here: CliRun, cache_dir: Path, tmp_path: Path, args: tuple[str, ...], flag: str
) -> None:
    """Before: ``acrostic build ... --width 1000000000`` searched, then laid out a grid a
    billion cells wide (13 GB, a MemoryError traceback); NaN efforts were ValueError
    tracebacks or searches that never stopped (``--timeout nan`` passes every comparison).
    Now each is refused before any work, naming the flag."""
    (tmp_path / "answers.txt").write_text("CAT: pet\nTIGER: big cat\n")
    cli_here(*args, cache=cache_dir).one_error(flag)


def test_25_15b_the_library_bounds_the_acrostic_width_and_effort() -> None:
    """The library refuses the same before searching (the workbench calls it directly)."""
    from puzzlewright.acrostic import build_acrostic
    from puzzlewright.errors import PuzzleInputError
    from puzzlewright.lexicon import Alphabet, WordList

    words = WordList([("CAT", 50), ("DOG", 50)], Alphabet.latin(), "x")
    for options, parameter in (({"width": 10**9}, "width"), ({"improve": float("nan")}, "improve")):
        with pytest.raises(PuzzleInputError) as caught:
            build_acrostic("Cat, dog.", "CD", words, min_length=3, **options)  # type: ignore[arg-type]
        assert caught.value.parameters == (parameter,)
