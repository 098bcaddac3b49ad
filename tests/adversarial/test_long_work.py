"""Long work on several processes and the clock (issue 25, items 12, 13, 16, 17).

- ``--jobs`` is bounded and the processes are capped at the usable CPUs (a warning says
  so; the answer stays that of ``--jobs`` searches), and ``--timeout`` counts the workers'
  start-up: ``fill --jobs 40 --timeout 8`` ran 36 s, ``--jobs 5000`` past 60 s.
- A Ctrl-C while the workers start stops the command with the usual partial result and
  exit 1; it used to print the workers' KeyboardInterrupt tracebacks and never exit.
- No default effort is measured in seconds: with a clock that races ahead, every engine's
  default answer is unchanged (the acrostic's 120 s default limit used to cut the search
  on a loaded machine, and ``pattern --fillable`` gave each trial fill 10 s).
- Dask workers with several threads are warned about, and a cluster of real worker
  processes (one thread each) runs a fill and a find.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from adversarial.clirun import (
    Run,
    start_watched,
    wait_until_starting_workers,
    worker_children,
)
from puzzlewright import stopping, workers

CliRun = Callable[..., Run]
ROOT = Path(__file__).resolve().parents[2]
OPEN7 = str(ROOT / "benchmarks" / "grids" / "open7.txt")  # no fill in seconds: a long search
MINI5 = str(ROOT / "tests" / "data" / "grids" / "mini5.txt")
TWAIN = "The report of my death was an exaggeration."
TEMPTATION = "The only way to get rid of a temptation is to yield to it."
PRIDE = (
    "It is a truth universally acknowledged, that a single man in possession of a good "
    "fortune, must be in want of a wife."
)


# -- 12. --jobs bounded, processes capped, start-up inside the time limit --------------------
@pytest.mark.parametrize(
    "args",
    [
        ("crossword", "fill", MINI5, "--jobs", "5000"),
        ("cryptarithm", "find", "--jobs", "5000"),
        ("acrostic", "build", TWAIN, "Twain", "--jobs", "5000"),
    ],
)
def test_absurd_jobs_are_one_error(cli_here: CliRun, warm_cache: Path, args: tuple[str]) -> None:
    """Before: 5000 processes were started (fill ran past 60 s with --timeout 5)."""
    cli_here(*args, cache=warm_cache).one_error("--jobs", "256")


@pytest.mark.slow
def test_more_jobs_than_cpus_run_on_fewer_processes_with_the_same_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Three members on one process give the three-member answer (the least work wins
    whatever runs the members), and a warning says that fewer processes run them."""
    from puzzlewright.crossword import Grid
    from puzzlewright.crossword.fill import FillRequest
    from puzzlewright.crossword.fill.portfolio import fill_portfolio
    from puzzlewright.lexicon import builtin_english
    from test_fill_portfolio import serial_answer

    words, grid = builtin_english(), Grid.parse(Path(MINI5).read_text())
    expected = serial_answer(grid, words, 5, 3, min_score=30)
    monkeypatch.setattr(workers, "usable_cpus", lambda: 1)
    with pytest.warns(workers.WorkersWarning, match="3 jobs on 1 processes"):
        result = fill_portfolio(FillRequest(grid, seed=5, min_score=30), words, jobs=3)
    assert result.status == "filled"
    assert result.grid.rows_text() == expected.grid.rows_text()


@dataclass
class Watched:
    """One command run under :func:`run_watching_workers`."""

    code: int
    stdout: str
    stderr: str
    wall: float
    workers: set[int]  # the worker processes seen while it ran


def run_watching_workers(runs: list[list[str]], cache: Path, folder: Path) -> list[Watched]:
    """Run the ``puzzlewright`` commands ``runs`` side by side (so they see the same load),
    noting every worker process each one starts; output goes to files, not pipes."""
    env = {**os.environ, "PUZZLEWRIGHT_CACHE_DIR": str(cache)}
    files = [(folder / f"out{i}", folder / f"err{i}") for i in range(len(runs))]
    started = time.monotonic()
    children = []
    for args, (out, err) in zip(runs, files, strict=True):
        with out.open("w") as stdout, err.open("w") as stderr:
            command = [sys.executable, "-m", "puzzlewright", *args]
            children.append(
                subprocess.Popen(command, env=env, cwd=folder, stdout=stdout, stderr=stderr)
            )
    seen: list[set[int]] = [set() for _ in runs]
    walls = [0.0] * len(runs)
    try:
        while any(walls[i] == 0.0 for i in range(len(runs))):
            for i, child in enumerate(children):
                if walls[i] == 0.0:
                    seen[i].update(worker_children(child.pid))
                    if child.poll() is not None:
                        walls[i] = time.monotonic() - started
            assert time.monotonic() - started < 300, "a command never ended"  # a hang
            time.sleep(0.05)
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
                child.wait()
    return [
        Watched(child.returncode, out.read_text(), err.read_text(), wall, workers)
        for child, (out, err), wall, workers in zip(children, files, walls, seen, strict=True)
    ]


@pytest.mark.slow
def test_many_jobs_keep_the_time_limit(warm_cache: Path, tmp_path: Path) -> None:
    """Before: ``--jobs 40 --timeout 8`` took 36 s (40 processes started one by one, each
    joined for up to 5 s); now the processes are capped at the usable CPUs, a warning says
    so, and the limit counts from the command's start. No fixed number of seconds (the
    machine may be loaded): the run with 40 jobs takes about as long as the same command
    run beside it with as many jobs as it has processes (the old bug: 6 times as long). The
    first worker starts 1.5 s after the command (load 17); the 6 s limit leaves room."""
    cpus = workers.usable_cpus()
    fill = ["crossword", "fill", OPEN7, "--timeout", "6", "--json", "--jobs"]
    many, baseline = run_watching_workers(
        [[*fill, "40"], [*fill, str(min(40, cpus))]], warm_cache, tmp_path
    )
    for run in (many, baseline):
        assert run.code == 1 and json.loads(run.stdout)["stop_reason"] == "timeout", run.stderr
        assert "Traceback" not in run.stderr
    if cpus < 40:
        assert "processes, one per usable CPU" in many.stderr
    assert len(many.workers) <= min(40, cpus), many.workers
    assert many.wall < 2 * baseline.wall, (many.wall, baseline.wall)
    if not many.workers:  # start-up counts against the limit: all 6 s went on start-up
        pytest.skip("too loaded for a worker to start within the limit: the cap went unseen")


# -- 13. Ctrl-C while the workers start ------------------------------------------------------
def ctrl_c_while_workers_start(
    *args: str, cache: Path, tmp_path: Path
) -> tuple[int, str, str, list[int]]:
    """Start ``puzzlewright ARGS`` in its own session, press Ctrl-C (SIGINT to the whole
    process group, as a terminal does) as its first worker process starts; return the exit
    status, the output and the worker processes that were running when Ctrl-C was pressed.
    A command that never exits (the old bug) fails after two minutes, however loaded the
    machine (here it exits 0.6-1.5 s after Ctrl-C)."""
    marker = tmp_path / "ctrl-c-handler-installed"
    child = start_watched(args, cache, marker, own_session=True)
    try:
        wait_until_starting_workers(child.pid, marker)
        started = worker_children(child.pid)
        os.killpg(child.pid, signal.SIGINT)
        out, err = child.communicate(timeout=120)
    except BaseException:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        raise
    return child.returncode, out, err, started


def running(pid: int) -> bool:
    """Whether process ``pid`` exists and has not exited (a zombie has)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ("crossword", "fill", OPEN7, "--jobs", "2", "--json"),
        ("cryptarithm", "find", "--jobs", "2", "--limit", "1000", "--json"),
        ("acrostic", "build", TEMPTATION, "Wilde Gray", "--jobs", "2", "--json"),
    ],
    ids=["fill", "find", "acrostic"],
)
def test_ctrl_c_while_workers_start_stops_with_the_partial_result(
    warm_cache: Path, tmp_path: Path, args: tuple[str]
) -> None:
    """Before: the workers died of KeyboardInterrupt mid-import (tracebacks) and the
    command waited for them forever. Now it exits 1 with its partial result, and the
    workers it had started are gone."""
    code, out, err, started = ctrl_c_while_workers_start(*args, cache=warm_cache, tmp_path=tmp_path)
    assert code == 1, err[-2000:]
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err[-2000:]
    if args[0] == "cryptarithm":  # JSON Lines of the puzzles, the stop on stderr
        assert "stopped by the interrupt" in err
    else:
        assert json.loads(out)["stop_reason"] == "interrupted"
    assert started and not [pid for pid in started if running(pid)]  # none left behind


# -- 16. no default effort in seconds -----------------------------------------------------------
DEFAULT_RUNS = {
    "acrostic": ("acrostic", "build", TEMPTATION, "Wilde Gray", "--seed", "2", "--improve", "0.01"),
    "pattern": ("crossword", "pattern", "--size", "5x5", "--fillable", "--seed", "2"),
    "fill": ("crossword", "fill", MINI5, "--min-score", "30", "--seed", "2"),
    "find": ("cryptarithm", "find", "--limit", "3", "--seed", "2"),
    "encode": ("cryptarithm", "encode", "12 + 34 = 46", "--limit", "3"),
}


def answer_of(run: Run) -> object:
    """What a run answered, without its timings."""
    try:
        documents = [json.loads(run.stdout)]
    except json.JSONDecodeError:  # JSON Lines
        documents = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    timings = {"seconds", "elapsed", "timings", "check_seconds", "stats", "checks_per_second"}
    return [
        {k: v for k, v in document.items() if k not in timings}
        if isinstance(document, dict)
        else document
        for document in documents
    ]


@pytest.mark.parametrize("engine", sorted(DEFAULT_RUNS))
def test_default_answers_do_not_depend_on_the_clock(
    cli_here: CliRun, warm_cache: Path, monkeypatch: pytest.MonkeyPatch, engine: str
) -> None:
    """Before: ``acrostic build`` stopped on its 120 s default limit (exit 1, another set;
    under load the README example gave ALWAY), ``pattern --fillable`` on 10 s per trial."""
    args = (*DEFAULT_RUNS[engine], "--json")
    normal = cli_here(*args, cache=warm_cache)
    assert normal.code == 0, normal.stderr[-2000:]
    readings = iter(range(0, 10**9, 3600))  # an hour passes at every reading of the clock
    monkeypatch.setattr(stopping, "clock", lambda: float(next(readings)))
    racing = cli_here(*args, cache=warm_cache)
    assert racing.code == 0, racing.stderr[-2000:]
    assert answer_of(racing) == answer_of(normal)


BLAS_RUN = """
import json, sys
from puzzlewright.acrostic import build_acrostic
from puzzlewright.lexicon import builtin_english
result = build_acrostic(sys.argv[1], "Oscar Wilde Gray", builtin_english(), seed=1, improve=0.2,
                        tries=1)
print(json.dumps([[a.word for a in result.puzzles[0].answers], result.mean_zipf_bound]))
"""
DORIAN = (
    "There is no such thing as a moral or an immoral book. Books are well written, or badly "
    "written. That is all."
)


@pytest.mark.slow
def test_acrostic_answers_do_not_depend_on_blas_threads_or_kernels(warm_cache: Path) -> None:
    """Before: the search summed float tables through BLAS in an order that depends on its
    kernels, so one BLAS thread gave OTHER SMALL CONTROL ... and two threads on another
    CPU's kernels (OPENBLAS_CORETYPE=Prescott) OTHER STREET CRIMINAL ... for seed 1. Now
    every sum is exact (values on power-of-two grids), so any threads and kernels agree."""
    answers = []
    for threads, kernels in (("1", ""), ("2", ""), ("2", "Prescott")):
        env = {**os.environ, "PUZZLEWRIGHT_CACHE_DIR": str(warm_cache)}
        env.update(OPENBLAS_NUM_THREADS=threads, OMP_NUM_THREADS=threads)
        env.pop("OPENBLAS_CORETYPE", None)
        if kernels:
            env["OPENBLAS_CORETYPE"] = kernels
        run = subprocess.run(
            [sys.executable, "-c", BLAS_RUN, DORIAN], env=env, capture_output=True, text=True
        )
        assert run.returncode == 0, run.stderr[-2000:]
        answers.append(json.loads(run.stdout))
    assert answers[0] == answers[1] == answers[2]


def test_the_library_and_the_command_give_the_same_acrostic(
    cli_here: CliRun, warm_cache: Path
) -> None:
    """Before: ``build_acrostic`` defaulted to one try, the command to two (here they
    answered WITTY ... YEAH and WIFE ... YAHOO)."""
    from puzzlewright.acrostic import build_acrostic
    from puzzlewright.lexicon import builtin_english

    command = cli_here(*DEFAULT_RUNS["acrostic"], "--json", cache=warm_cache)
    library = build_acrostic(TEMPTATION, "Wilde Gray", builtin_english(), seed=2, improve=0.01)
    assert [a["word"] for a in json.loads(command.stdout)["answers"]] == [
        a.word for a in library.puzzles[0].answers
    ]


def test_a_spent_step_budget_says_so(cli_here: CliRun, warm_cache: Path) -> None:
    """The default effort's end is reported as such (stop_reason steps, a note), not as a
    time limit."""
    run = cli_here(
        "acrostic", "build", PRIDE, "Austen Pride", "--max-steps", "300", "--json", cache=warm_cache
    )
    document = json.loads(run.stdout)
    assert run.code == 1 and document["status"] == "timeout"
    assert document["stop_reason"] == "steps" and "step budget" in document["reason"]
    assert "stopped after its step budget" in run.stderr


# -- 17. Dask workers --------------------------------------------------------------------------
def test_threaded_dask_workers_are_warned_about_once() -> None:
    workers._WARNED_WORKERS.clear()
    threads = {"tcp://10.0.0.5:40001": 4, "tcp://10.0.0.5:40002": 1}
    with pytest.warns(workers.WorkersWarning, match="--nworkers N --nthreads 1"):
        workers.warn_threaded_workers(threads)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        workers.warn_threaded_workers(threads)  # the same worker again: no second warning
        workers.warn_threaded_workers({"tcp://10.0.0.5:40002": 1})


@pytest.mark.slow
def test_a_cluster_of_worker_processes_runs_fill_and_find(
    cli_here: CliRun, warm_cache: Path
) -> None:
    """Two real worker processes with one thread each (as docs/cryptarithm-encode-find.md now
    tells users to start them): a fill and a find through --scheduler, the same answers as on this
    process, and no warning about threads."""
    distributed = pytest.importorskip("distributed")
    fill = ("crossword", "fill", MINI5, "--min-score", "30", "--seed", "1", "--jobs", "2", "--json")
    find = ("cryptarithm", "find", "--limit", "2", "--seed", "2", "--json")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        on_fill = cli_here(*fill, "--scheduler", address, cache=warm_cache)
        on_find = cli_here(*find, "--scheduler", address, cache=warm_cache)
    assert on_fill.code == 0 and on_find.code == 0, on_fill.stderr + on_find.stderr
    assert "thread" not in on_fill.stderr + on_find.stderr
    local_find = cli_here(*find, cache=warm_cache)
    assert answer_of(on_find) == answer_of(local_find)
    local_fill = cli_here(*fill, cache=warm_cache)  # the same race on local processes
    assert json.loads(on_fill.stdout)["grid"] == json.loads(local_fill.stdout)["grid"]


def test_the_help_states_the_library_defaults(cli_here: CliRun, warm_cache: Path) -> None:
    """The command passes no effort of its own (so it answers as the library does); its
    help text states the library's defaults, which must stay true."""
    from puzzlewright.acrostic.build import DEFAULT_TRIES, MAX_STEPS
    from puzzlewright.crossword.pattern import TRIAL_EFFORT

    acrostic = " ".join(cli_here("acrostic", "build", "--help", cache=warm_cache).stdout.split())
    assert f"Default: {DEFAULT_TRIES}." in acrostic and f"Default: {MAX_STEPS:,}." in acrostic
    pattern = " ".join(cli_here("crossword", "pattern", "--help", cache=warm_cache).stdout.split())
    assert f"Default: {TRIAL_EFFORT:,}," in pattern
