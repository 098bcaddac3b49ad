"""The hard cases of issue 12, each run through the real CLI.

Every case was a failure on main before the issue was fixed; the docstring says what it did
then. Bounded inputs also assert the child's peak memory (``resource``), so a limit that
exists on paper but reads the whole stream first would fail here. Those, the list cache as a
new process reads it, warnings and Ctrl-C run the CLI in a fresh process (``cli``); the cases
about the CLI's answer alone (exit status, one ``error:`` line, files written) run it in the
test's process (``cli_here``, click's CliRunner), which saves a fresh interpreter each.
"""

from __future__ import annotations

import gzip
import json
import os
import pickle
import signal
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from adversarial.clirun import Run, start_watched, wait_until_searching

DATA = Path(__file__).resolve().parents[1] / "data"
CliRun = Callable[..., Run]
BASELINE_MB = 150  # the interpreter, click, rich, numpy and a word list fit well below this


class Payload:
    """A pickle that runs a shell command when unpickled (what an attacker would plant)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return os.system, (f"touch {self.marker}",)


def plant(path: Path, marker: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pickle.dumps(Payload(marker)))


def cached_list(path: Path, first: str = "") -> Path:
    """A word list big enough to be compiled into the cache (27,075 entries + ``first``)."""
    consonants, vowels = "bcdfghjklmnpqrstvwxz", "aeiou"
    words = (
        a + b + c + d + e
        for a in consonants[:19]
        for b in vowels
        for c in consonants[:19]
        for d in vowels
        for e in "aeo"
    )
    path.write_text((f"{first}\n" if first else "") + "".join(f"{w}\n" for w in words))
    return path


def builtin_entry(cache: Path) -> Path:
    (entry,) = cache.glob("english-*.pwl")
    return entry


# -- 1. the cache never runs code -------------------------------------------------------------
@pytest.mark.slow
def test_01_malicious_pickle_at_the_builtin_cache_name_does_not_run(
    cli: CliRun, warm_cache: Path, tmp_path: Path
) -> None:
    """Before: a pickle at the built-in list's predictable name ran os.system on
    ``puzzlewright words CAT``. Now entries are data only: the pickle is a miss, rebuilt."""
    marker = tmp_path / "pwned"
    entry = builtin_entry(warm_cache)
    plant(entry, marker)
    plant(entry.with_suffix(".pickle"), marker)  # the old name too
    run = cli("words", "CAT", cache=warm_cache)
    assert run.code == 0, run.stderr
    assert "CAT" in run.stdout
    assert not marker.exists()
    assert entry.read_bytes().startswith(b"\x89PWL")  # rebuilt as data


def test_01b_malicious_pickles_among_compiled_user_lists_do_not_run(
    cli: CliRun, warm_cache: Path, tmp_path: Path
) -> None:
    """The same attack on the folder of compiled user lists, at every plausible name."""
    marker = tmp_path / "pwned"
    words = cached_list(tmp_path / "big.txt")
    for name in ("0" * 32 + ".pickle", "0" * 32 + ".pwl"):
        plant(warm_cache / "lists" / name, marker)
    first = cli("words", "BABAA", "--words", str(words), cache=warm_cache)
    entries = list((warm_cache / "lists").glob("*.pwl"))
    assert len(entries) == 2  # the planted one and the compiled list
    for entry in entries:
        plant(entry, marker)
    second = cli("words", "BABAA", "--words", str(words), cache=warm_cache)
    assert first.code == second.code == 0 and not marker.exists()
    assert "BABAA" in second.stdout


def test_02_an_edit_with_size_and_mtime_restored_is_seen(
    cli: CliRun, warm_cache: Path, tmp_path: Path
) -> None:
    """Before: the cache key was size + mtime, so ``cp -p``/``tar``/``touch -d`` served
    stale words. Now the key is the content's blake2b digest."""
    words = cached_list(tmp_path / "mine.txt", "zzyzx")
    assert cli("words", "ZZYZX", "--words", str(words), cache=warm_cache).code == 0
    assert list((warm_cache / "lists").glob("*.pwl"))  # compiled and cached
    stat = words.stat()
    cached_list(words, "qqyqx")
    os.utime(words, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert words.stat().st_size == stat.st_size
    assert cli("words", "QQYQX", "--words", str(words), cache=warm_cache).code == 0
    assert cli("words", "ZZYZX", "--words", str(words), cache=warm_cache).code == 1


def test_03_a_cache_entry_of_the_wrong_shape_is_a_miss(
    cli: CliRun, warm_cache: Path, tmp_path: Path
) -> None:
    """Before: another object at a user list's key raised unpack/attribute tracebacks."""
    words = cached_list(tmp_path / "mine.txt")
    assert cli("words", "BABAA", "--words", str(words), cache=warm_cache).code == 0
    (entry,) = (warm_cache / "lists").glob("*.pwl")
    for content in (entry.read_bytes()[:100] + b"\0" * 100, pickle.dumps(("a", "b", "c"))):
        entry.write_bytes(content)
        run = cli("words", "BABAA", "--words", str(words), cache=warm_cache)
        assert run.code == 0 and "Traceback" not in run.stderr and "BABAA" in run.stdout


def test_03b_a_cache_folder_others_can_write_is_not_used(
    cli: CliRun, cache_dir: Path, tmp_path: Path
) -> None:
    """A shared folder (mode 777) is refused with one warning; the command still works.

    The folder is checked before any entry in it is read, the built-in list's or a user
    list's; a user list big enough to be cached, with pickles planted at the names its entries
    get in a private cache, shows it without compiling the built-in list (2-3 s of CPU)."""
    words = cached_list(tmp_path / "big.txt")
    assert cli("words", "BABAA", "--words", str(words), cache=cache_dir).code == 0
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    marker = tmp_path / "pwned"
    entries = [entry.relative_to(cache_dir) for entry in cache_dir.rglob("*.pwl")]
    assert entries  # the list was compiled into the private cache
    for entry in entries:
        plant(shared / entry, marker)
    run = cli("words", "BABAA", "--words", str(words), cache=shared)
    assert run.code == 0 and "BABAA" in run.stdout and not marker.exists()
    warnings = [line for line in run.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "writable by others" in warnings[0]
    for entry in entries:  # not read, and not replaced by the compiled list either
        assert not (shared / entry).read_bytes().startswith(b"\x89PWL")


# -- 2. bounded inputs ----------------------------------------------------------------------
def gzip_bomb(path: Path, megabytes: int) -> Path:
    """A small gzip file that expands to ``megabytes`` of zeros: one gzip member of 1 MiB of
    zeros, repeated (gzip readers join members; compressing once instead of ``megabytes``
    times saves the test two seconds)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    member = packer.compress(b"\0" * (1 << 20)) + packer.flush()
    with path.open("wb") as handle:
        for _ in range(megabytes):
            handle.write(member)
    return path


@pytest.mark.slow
def test_04_a_gzip_bomb_stops_at_the_limit(cli: CliRun, warm_cache: Path, tmp_path: Path) -> None:
    """Before: a 1 MB gzip of zeros expanding to 1 GB cost a minute and 3 GB of memory."""
    bomb = gzip_bomb(tmp_path / "bomb.dict.gz", 1024)
    assert bomb.stat().st_size < 2 << 20
    run = cli("words", "CAT", "--words", str(bomb), "--max-list-mb", "20", cache=warm_cache)
    run.one_error("bomb.dict.gz is larger than the limit of 20 MB")
    assert run.peak_mb < BASELINE_MB + 20 * 3, run.peak_mb
    default = cli("words", "CAT", "--words", str(bomb), cache=warm_cache)
    default.one_error("larger than the limit of 200 MB")
    assert default.peak_mb < BASELINE_MB + 200 * 3, default.peak_mb


def test_05_an_endless_stream_stops_at_the_limit(cli: CliRun, warm_cache: Path) -> None:
    """Before: ``--words /dev/zero`` read forever, growing without bound. Since issue 25
    a device is refused before it is read; a stream on standard input (``--words -``) is
    read, and stops at the limit."""
    run = cli("words", "CAT", "--words", "/dev/zero", "--max-list-mb", "10", cache=warm_cache)
    run.one_error("/dev/zero: it is a character device")
    stream = b"\0" * (12 << 20)
    run = cli("words", "CAT", "--words", "-", "--max-list-mb", "10", cache=warm_cache, stdin=stream)
    run.one_error("word list - is larger than the limit of 10 MB")
    assert run.peak_mb < BASELINE_MB + 10 * 3 + 12, run.peak_mb  # + the test's own 12 MB


def test_05b_overlong_lines_are_skipped_and_counted(
    cli_here: CliRun, warm_cache: Path, tmp_path: Path
) -> None:
    words = tmp_path / "w.txt"
    words.write_text("cat\n" + "a" * 100_000 + "\ndog\n")
    run = cli_here("lexicon", "info", str(words), "--json", cache=warm_cache)
    assert run.code == 0, run.stderr
    (source,) = json.loads(run.stdout)["sources"]
    assert source["skipped"] == {"line longer than 1,000 characters": 1}


BIG = "9" * 5000


@pytest.mark.parametrize(
    ("name", "content"),
    [
        (
            "wide.ipuz",
            '{"kind": ["http://ipuz.org/crossword#1"], "dimensions": {"width": '
            + BIG
            + ', "height": 1}, "puzzle": [[0]]}',
        ),
        ("clue.xd", f"Title: t\n\n\nAB\nCD\n\n\nA{BIG}. Clue ~ AB\n"),
        ("nan.ipuz", '{"kind": ["http://ipuz.org/crossword#1"], "dimensions": NaN}'),
    ],
)
@pytest.mark.parametrize("command", ["convert", "render"])
def test_06_huge_numbers_in_puzzle_files_are_one_error(
    cli_here: CliRun, cache_dir: Path, tmp_path: Path, name: str, content: str, command: str
) -> None:
    """Before: a 5,000-digit ``width`` raised the int-string-limit ValueError traceback."""
    (tmp_path / name).write_text(content)
    out = "out.txt" if command == "convert" else "out.svg"
    args = [name, out] if command == "convert" else [name, "-o", out]
    cli_here(command, *args, cache=cache_dir).one_error(name)


def test_06b_a_puzzle_file_that_never_ends_is_refused(
    cli_here: CliRun, cache_dir: Path, tmp_path: Path
) -> None:
    """Before: read up to the 64 MB limit; since issue 25 a link to a device is refused
    before it is opened (only regular files are read; ``-`` reads standard input)."""
    (tmp_path / "zero.ipuz").symlink_to("/dev/zero")
    cli_here("convert", "zero.ipuz", "out.xd", cache=cache_dir).one_error("character device")


# -- 3. output files ------------------------------------------------------------------------
def test_13_output_onto_a_symlink_writes_through(
    cli_here: CliRun, cache_dir: Path, tmp_path: Path
) -> None:
    """Before: ``-o link`` replaced the symlink by a file."""
    (tmp_path / "real.xd").write_text("old")
    (tmp_path / "link.xd").symlink_to("real.xd")
    run = cli_here("convert", str(DATA / "formats" / "sampler.ipuz"), "link.xd", cache=cache_dir)
    assert run.code == 0, run.stderr
    assert (tmp_path / "link.xd").is_symlink()
    assert (tmp_path / "real.xd").read_text().startswith("Title: Format Sampler")


def test_13b_leftover_temporary_files_are_cleaned(
    cli_here: CliRun, cache_dir: Path, tmp_path: Path
) -> None:
    """Before: a crashed write left ``.out.xd.XXXX`` behind for good."""
    leftover = tmp_path / ".out.xd.999999999.abcdefgh.pwtmp"  # no such process
    leftover.write_text("partial")
    run = cli_here("convert", str(DATA / "formats" / "sampler.ipuz"), "out.xd", cache=cache_dir)
    assert run.code == 0 and not leftover.exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


@pytest.mark.parametrize(
    "args",
    [
        ["convert", str(DATA / "formats" / "sampler.xd"), "-"],
        ["crossword", "fill", str(DATA / "grids" / "mini5.txt"), "-o", "-"],
        ["crossword", "layout", "answers.txt", "--seed", "1", "-o", "-"],
    ],
)
def test_13c_dash_writes_the_document_to_stdout(
    cli_here: CliRun, warm_cache: Path, tmp_path: Path, args: list[str]
) -> None:
    """Before: ``-o -`` wrote a file named ``-``."""
    (tmp_path / "answers.txt").write_text("CAT: pet\nTIGER: big cat\nHORSE: steed\nGOAT: kid\n")
    run = cli_here(*args, cache=warm_cache)
    assert run.code == 0, run.stderr
    assert json.loads(run.stdout)["kind"] == ["http://ipuz.org/crossword#1"]


# -- 4. the built-in list ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "word", ["MASSS", "YESSS", "YRS", "SLA", "ASCII", "OREO", "SUMATRA", "UTA"]
)
def test_14_the_builtin_list_holds_no_elongations_acronyms_or_brands(
    cli_here: CliRun, warm_cache: Path, word: str
) -> None:
    """Before: all of these were words, and a 15x15 fill used MASSS, UTA, ORN, IYO, ARN."""
    run = cli_here("words", word, cache=warm_cache)
    assert run.code == 1 and "no words match" in run.stdout


# -- 5. small things ----------------------------------------------------------------------------
def test_15_encoding_with_the_builtin_list_warns(cli: CliRun, warm_cache: Path) -> None:
    """Before: ``--encoding`` was silently ignored with the built-in list."""
    run = cli("words", "CAT", "--encoding", "cp1251", cache=warm_cache)
    assert run.code == 0
    assert "warning: --encoding cp1251 ignored" in run.stderr


def test_16_a_repeated_alphabet_is_refused(cli_here: CliRun, warm_cache: Path) -> None:
    """Before: ``--alphabet zz`` was read as the alphabet Z."""
    cli_here("words", "Z", "--alphabet", "zz", cache=warm_cache).one_error("repeats Z")


def test_17_a_cyrillic_quotation_with_the_english_list_is_bad_input(
    cli_here: CliRun, warm_cache: Path
) -> None:
    """Before: exit 1 ("impossible"), as if a search had failed."""
    run = cli_here("acrostic", "build", "Война и мир, сказал он.", "ВИМ", cache=warm_cache)
    run.one_error("outside the alphabet")


def test_18_one_entry_is_singular(cli_here: CliRun, cache_dir: Path, tmp_path: Path) -> None:
    """Before: "1 entries"."""
    (tmp_path / "one.txt").write_text("CAT\n")
    run = cli_here("convert", "one.txt", "one.xd", cache=cache_dir)
    assert run.code == 0 and "1 entry)" in run.stdout and "1 entries" not in run.stdout


def test_19_py_typed_ships() -> None:
    import puzzlewright

    assert (Path(puzzlewright.__file__).parent / "py.typed").exists()


def test_gzip_of_a_valid_list_still_loads(
    cli_here: CliRun, warm_cache: Path, tmp_path: Path
) -> None:
    """The bounds do not get in the way of a real compressed list."""
    path = tmp_path / "w.txt.gz"
    path.write_bytes(gzip.compress(b"zyzzyva;50\nquokka;40\n" * 3))
    run = cli_here("words", "Q?OKKA", "--words", str(path), "--max-list-mb", "1", cache=warm_cache)
    assert run.code == 0 and "QUOKKA" in run.stdout


# -- 3. the stop contract, with a real Ctrl-C (SIGINT) to a fresh process ----------------------
def interrupt_while_searching(
    *args: str, cache: Path, tmp_path: Path, cpu: float = 0.3
) -> tuple[int, str, str]:
    """Start ``puzzlewright ARGS``, send SIGINT once its search has run for ``cpu`` seconds of
    CPU, return what it printed."""
    marker = tmp_path / "ctrl-c-handler-installed"
    child = start_watched(args, cache, marker)
    try:
        wait_until_searching(child.pid, marker, cpu)
    except BaseException:
        child.kill()
        child.communicate()
        raise
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=120)
    return child.returncode, out, err


def test_20_ctrl_c_in_cryptarithm_solve_exits_1_with_the_partial_count(
    warm_cache: Path, tmp_path: Path
) -> None:
    """Before: Ctrl-C in ``cryptarithm solve`` exited 0."""
    args = ("cryptarithm", "solve", "ABCDEFGHIJ = ABCDEFGHIJ", "--count", "--json")
    code, out, err = interrupt_while_searching(*args, cache=warm_cache, tmp_path=tmp_path)
    document = json.loads(out)
    assert code == 1, err
    assert document["stop_reason"] == "interrupted" and not document["complete"]
    assert 0 < document["count"] < 3_628_800
    assert "Traceback" not in err


def test_21_ctrl_c_in_crossword_layout_exits_1_with_the_best_layout(
    warm_cache: Path, tmp_path: Path
) -> None:
    """Before: Ctrl-C in ``crossword layout`` exited 0."""
    words = tmp_path / "words.txt"
    fruit = "APPLE PEAR PLUM LEMON MELON OLIVE GRAPE MANGO PAPAYA GUAVA LIME KIWI FIG DATE"
    words.write_text("".join(f"{w}: fruit\n" for w in fruit.split()))
    args = ("crossword", "layout", str(words), "--tries", "100000000", "--json")
    code, out, err = interrupt_while_searching(*args, cache=warm_cache, tmp_path=tmp_path)
    document = json.loads(out)
    assert code == 1, err
    assert document["stop_reason"] == "interrupted" and document["placed"] >= 2


def test_22_a_fill_that_times_out_says_timeout_and_exits_1(
    cli_here: CliRun, warm_cache: Path, tmp_path: Path
) -> None:
    """Before: the JSON said ``timeout`` for an interrupt too, and ``-o`` wrote nothing
    silently; now the stop reason is the real one and ``--write-partial`` writes the fill."""
    grid = str(DATA / "grids" / "themed15.txt")
    run = cli_here("crossword", "fill", grid, "--json", "--timeout", "0.001", cache=warm_cache)
    document = json.loads(run.stdout)
    assert run.code == 1 and document["stop_reason"] == "timeout"
    quiet = cli_here(
        "crossword", "fill", grid, "--timeout", "0.001", "-o", "out.ipuz", cache=warm_cache
    )
    assert quiet.code == 1 and "nothing written to out.ipuz" in quiet.stderr
    assert not (tmp_path / "out.ipuz").exists()
    kept = cli_here(
        "crossword",
        "fill",
        grid,
        "--timeout",
        "0.001",
        "-o",
        "p.ipuz",
        "--write-partial",
        cache=warm_cache,
    )
    assert kept.code == 1 and (tmp_path / "p.ipuz").exists()


def test_23_acrostic_output_is_checked_before_the_search(
    cli_here: CliRun, warm_cache: Path
) -> None:
    """Before: ``acrostic build -o missing/x.ipuz`` failed only after a search of up to 120 s."""
    quote = "It is a truth universally acknowledged, that a single man must be in want of a wife"
    run = cli_here("acrostic", "build", quote, "Austen", "-o", "missing/x.ipuz", cache=warm_cache)
    run.one_error("does not exist")


# -- 2b. cryptarithm powers (fixed on branch vocab, now merged) ---------------------------------
def test_07_a_tower_of_letter_powers_answers_cleanly(cli_here: CliRun, cache_dir: Path) -> None:
    """Before: ``A^B^C^D=EF`` raised the TooBig traceback."""
    run = cli_here("cryptarithm", "solve", "A^B^C^D=EF", "--count", cache=cache_dir)
    assert run.code == 0 and "Traceback" not in run.stderr
    assert "38 solution" in run.stdout


def test_08_a_tower_of_digit_powers_is_one_error(cli_here: CliRun, cache_dir: Path) -> None:
    """Before: ``2^2^2^2^2^2=A`` raised the int-string-limit ValueError traceback."""
    cli_here("cryptarithm", "solve", "2^2^2^2^2^2=A", cache=cache_dir).one_error("too large")
