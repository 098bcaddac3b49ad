"""Fixtures shared by the whole suite."""

from __future__ import annotations

import os
from pathlib import Path

# The engines' numpy products are small (thousands of words by 26 letters): BLAS threads only
# add overhead there (an acrostic build took 5 s of CPU instead of 0.6 s on this 2-core
# machine); the answers do not depend on it (tests/adversarial/test_long_work.py checks the
# acrostic's). One thread for the suite; set before anything imports numpy.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import pytest  # noqa: E402  (after the thread settings, in case it brings numpy in)
from hypothesis import settings  # noqa: E402

from fuzzing import PROFILE  # noqa: E402

# Hypothesis profiles (PUZZLEWRIGHT_HYPOTHESIS=thorough for a long hunt; see tests/fuzzing.py
# for the per-test budgets). The example database lives in .hypothesis/ and is shared safely
# by the xdist workers (one file per example, written atomically).
settings.register_profile("thorough", max_examples=2000, deadline=None)
settings.load_profile(PROFILE)

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
STWL = SHARED_DATA / "spreadthewordlist_via_blacksquare_0.10.0.dict.gz"


def pytest_configure(config: pytest.Config) -> None:
    """Compiled word lists go to a cache folder of the checkout's own (.pytest_cache/), not
    the user's: a run never reads or writes ~/.cache, and the built-in list is compiled once
    per checkout instead of once per test process. The xdist workers inherit the variable and
    share the folder safely (entries are content-keyed and written atomically). A cache folder
    set by the caller is kept."""
    if os.environ.get("PUZZLEWRIGHT_CACHE_DIR"):
        return
    folder = config.rootpath / ".pytest_cache" / "puzzlewright-lists"
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o700)  # the cache refuses a folder others can write (umask 002 makes one)
    os.environ["PUZZLEWRIGHT_CACHE_DIR"] = str(folder)
    if getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput"):
        _compile_builtin_list()


def _compile_builtin_list() -> None:
    """In the xdist controller, before the workers start: the built-in list (both score
    variants) compiled into the run's cache when it is not there yet (a fresh checkout).
    Otherwise the first module of each worker needs it at once and every worker compiles
    it (2-3 s of CPU each)."""
    from puzzlewright.lexicon.builtin import cache_path

    if not cache_path().exists():
        from puzzlewright.lexicon import builtin_english

        builtin_english()
    from puzzlewright.lexicon.familiar import builtin_familiar, familiar_cache_path

    if not familiar_cache_path().exists():  # the acrostic's scores
        builtin_familiar()
    from puzzlewright.lexicon.crossword import DEFAULT_MIN_SCORE, builtin_crossword
    from puzzlewright.lexicon.crossword import cache_path as crossword_path

    if not crossword_path(DEFAULT_MIN_SCORE).exists():  # the fill's default list: compiled
        builtin_crossword()  # here, a command's stderr never says "building" in a test


@pytest.fixture(scope="session")
def stwl_path() -> Path:
    """Spread the Wordlist (CC BY-NC-SA; tests only, never bundled). Skips when absent."""
    if not STWL.exists():
        pytest.skip("Spread the Wordlist not found beside the repo (../shared/data)")
    return STWL


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Conftest files are plugins, not doctest modules: ``--doctest-modules`` would import a
    second ``conftest`` (tests/adversarial, tests/workbench) under the same module name."""
    return True if collection_path.name == "conftest.py" else None


# -- scheduling: the longest test modules start first ------------------------------------------
# pytest-xdist (--dist worksteal) deals the tests to the workers in collection order, and a
# worker that runs out steals from the other's queue; a long test that starts last still
# leaves one core idle at the end. Each run records how long every module took (in
# .pytest_cache) and the next run starts the longest first. Without a record (a clean
# clone), modules go first by how many tests they mark ``slow`` (a few seconds each).
MODULE_SECONDS = "puzzlewright/module-seconds"
SLOW_WITHOUT_RECORD = 30.0
_seconds: dict[str, float] = {}


def _module_of(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def _record(config: pytest.Config) -> dict[str, float]:
    """Module -> seconds of the last runs (empty without a cache or with a damaged one)."""
    cache = getattr(config, "cache", None)
    record = cache.get(MODULE_SECONDS, {}) if cache is not None else {}
    if not isinstance(record, dict):
        return {}
    return {k: float(v) for k, v in record.items() if isinstance(v, int | float)}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Order the modules longest first by the last run's record, else by their slow tests
    (stable within a module)."""
    record = _record(config)
    weight: dict[str, float] = {}
    for item in items:
        module = _module_of(item.nodeid)
        if module in record:
            weight[module] = record[module]
        elif item.get_closest_marker("slow") is not None:
            weight[module] = weight.get(module, 0.0) + SLOW_WITHOUT_RECORD
        else:
            weight.setdefault(module, 0.0)
    position = {item.nodeid: i for i, item in enumerate(items)}
    items.sort(key=lambda item: (-weight[_module_of(item.nodeid)], position[item.nodeid]))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Add up each module's seconds (in the controller the workers' reports arrive here)."""
    module = _module_of(report.nodeid)
    _seconds[module] = _seconds.get(module, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Keep the record of the modules this run timed (not in a worker: the controller does)."""
    cache = getattr(session.config, "cache", None)
    if cache is None or hasattr(session.config, "workerinput") or not _seconds:
        return
    record = _record(session.config)
    record.update({module: round(seconds, 2) for module, seconds in _seconds.items()})
    cache.set(MODULE_SECONDS, record)
