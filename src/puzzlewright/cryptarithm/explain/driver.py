"""The explanation driver: rules until none applies, then the case split with fewest cases.

``propagate`` applies the catalogue (simplest rule first, from the top again after every
step) until the puzzle is solved, contradicts itself or no rule narrows anything. Then
``split`` looks for a variable (a carry or letter with few digits left) where the rules
alone kill every case but one: "Suppose S = 8: ...impossible; so S = 9". When no such
variable exists it splits a letter with the fewest digits, explains the dead cases with
nested splits (up to ``MAX_DEPTH``) and, when two or more cases hold solutions, stops at
that branching point with the number of solutions in each (counted by the fast solver).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from puzzlewright.bits import iter_bits, popcount
from puzzlewright.cryptarithm.explain.catalogue import RULES
from puzzlewright.cryptarithm.explain.model import Model, Var, describe_domain, is_carry, single
from puzzlewright.cryptarithm.explain.steps import Branch, Domains, Step, snapshot
from puzzlewright.cryptarithm.solver import Cryptarithm
from puzzlewright.stopping import StopSignal

MAX_DEPTH = 3
"""Nested case splits explained in a dead branch before the fast solver vouches for it."""
SPLIT_CANDIDATES = 12
"""Variables tried for a split that the rules alone settle (fewest digits first)."""
TRIAL_BUDGET = 40
"""Trial propagations (one per case of a candidate split) of careful explanation; after that
dead cases are vouched for by the fast solver instead of nested splits and fewer split
candidates are tried, so that an explanation stays under a second. A count, not a time, so
the same puzzle always gets the same explanation."""
HURRIED_CANDIDATES = 3
BRANCH_SENTENCES = 2
"""Steps of a dead case quoted in the split's sentence (the last ones, which end in the
contradiction); the JSON keeps the last three."""


@dataclass
class Run:
    """Mutable state of one explanation: the model, the problem, the stop signal."""

    model: Model
    problem: Cryptarithm
    stop: StopSignal | None
    trials: int = 0
    branches_counted: dict[tuple[int, ...], int] = field(default_factory=dict)

    def stopped(self) -> bool:
        """Time limit or interrupt."""
        return self.stop is not None and self.stop.should_stop()

    def hurry(self) -> bool:
        """Past the budget for careful explanation."""
        return self.trials > TRIAL_BUDGET


def propagate(model: Model, domains: Domains, steps: list[Step]) -> str:
    """Apply rules until ``"solved"``, ``"impossible"`` or ``"stuck"``."""
    while True:
        for rule in RULES:
            step = rule.apply(model, domains)
            if step is not None:
                steps.append(step)
                if step.contradiction:
                    return "impossible"
                break
        else:
            if all(single(domains[v]) is not None for v in domains):
                return "solved"
            return "stuck"


def count_in(run: Run, domains: Domains) -> int:
    """Solutions of the puzzle within the letters' domains (the fast solver, up to 1000)."""
    key = tuple(domains[x] for x in run.model.letters)
    found = run.branches_counted.get(key)
    if found is None:
        problem = run.problem
        forbid = {
            x: [d for d in range(run.model.base) if not domains[x] >> d & 1]
            for x in run.model.letters
        }
        narrowed = Cryptarithm.parse(
            problem.text,
            base=problem.base,
            leading_zeros=problem.leading_zeros,
            forbid={x: ds for x, ds in forbid.items() if ds},
        )
        if any(m == 0 for m in narrowed.masks):
            found = 0
        else:
            found = narrowed.search(limit=1000, keep=False, stop=run.stop).count
        run.branches_counted[key] = found
    return found


def _try(model: Model, domains: Domains, var: Var, value: int) -> tuple[str, list[Step], Domains]:
    trial = dict(domains)
    trial[var] = 1 << value
    steps: list[Step] = []
    return propagate(model, trial, steps), steps, trial


def _name(var: Var) -> str:
    return f"the carry into column {var[1:]}" if is_carry(var) else var


def _candidates(domains: Domains, limit: int) -> list[Var]:
    open_vars = [v for v in domains if single(domains[v]) is None and domains[v]]
    open_vars.sort(key=lambda v: (popcount(domains[v]), not is_carry(v)))
    return open_vars[:limit]


def _perfect_split(run: Run, domains: Domains) -> tuple[Var, list[Branch], int] | None:
    """The variable whose cases all die by rules alone but one, fewest cases first."""
    model = run.model
    best: tuple[tuple[int, int], Var, list[Branch], int] | None = None
    limit = HURRIED_CANDIDATES if run.hurry() else SPLIT_CANDIDATES
    for var in _candidates(domains, limit):
        branches: list[Branch] = []
        alive: list[int] = []
        size = 0
        for value in iter_bits(domains[var]):
            run.trials += 1
            outcome, steps, _ = _try(model, domains, var, value)
            size += len(steps)
            if outcome == "impossible":
                branches.append(Branch(var, value, tuple(steps[-3:]), "impossible"))
            else:
                alive.append(value)
        if len(alive) == 1:
            key = (popcount(domains[var]), size)
            if best is None or key < best[0]:
                best = (key, var, branches, alive[0])
        if best is not None and best[0][0] == 2:
            break
    return None if best is None else (best[1], best[2], best[3])


def lower_first(text: str) -> str:
    """A sentence continued mid-sentence: ``Column 2: ...`` -> ``column 2: ...``, ``No digit``
    -> ``no digit``; a letter or word of the puzzle (``M = 1``, ``MONEY is``) keeps its case."""
    word = text.split(" ", 1)[0]
    if len(word) > 1 and word[0].isupper() and word[1:].islower():
        return text[0].lower() + text[1:]
    return text


def _conclusion(branch: Branch) -> str:
    """The end of a dead case's last sentence: ``no digit is left for S``."""
    if not branch.steps:
        return NO_REASON
    last = branch.steps[-1]
    if last.rule == "case split" and last.branches:
        values = describe_domain(sum(1 << b.value for b in last.branches))
        return f"every case of {_name(last.branches[0].var)} ({values}) fails, as listed below"
    text = last.sentence.rstrip(".")
    cut = max(text.rfind(", so "), text.rfind("; so "))
    return lower_first(text[cut + 5 :] if cut >= 0 else text)


NO_REASON = "the solver tries every digit still open and finds no solution"
"""Said of a dead case only when its steps were not worked out (past ``MAX_DEPTH``)."""


def _chain(branch: Branch) -> list[str]:
    """The last sentences of a dead case, the contradiction always among them."""
    if not branch.steps:
        return [NO_REASON]
    last = branch.steps[-1]
    telling = [s for s in branch.steps[:-1] if s.rule != "taken digit"]
    chosen = [*telling[-(BRANCH_SENTENCES - 1) :], last] if BRANCH_SENTENCES > 1 else [last]
    return [lower_first(s.sentence.rstrip(".")) for s in chosen]


def _sentence(var: Var, branches: list[Branch], value: int | None) -> str:
    if len(branches) > BRANCH_SENTENCES:
        cases = "; ".join(f"{_name(var)} = {b.value}: {_conclusion(b)}" for b in branches)
        ending = f" So {_name(var)} = {value}." if value is not None else ""
        return f"Suppose in turn {cases}; each is impossible.{ending}"
    parts = []
    for branch in branches:
        chain = _chain(branch)
        parts.append(
            f"Suppose {_name(var)} = {branch.value}: then {'; then '.join(chain)}; impossible."
        )
    if value is not None:
        parts.append(f"So {_name(var)} = {value}.")
    return " ".join(parts)


def explain_from(run: Run, domains: Domains, steps: list[Step], depth: int) -> tuple[str, int]:
    """Explain from ``domains`` on, appending steps; returns (outcome, solutions):
    ``"solved"``, ``"impossible"``, ``"several"`` (stopped at a branching point) or
    ``"stopped"``."""
    model = run.model
    while True:
        outcome = propagate(model, domains, steps)
        if outcome != "stuck":
            return outcome, 1 if outcome == "solved" else 0
        if run.stopped():
            return "stopped", 0
        found = _perfect_split(run, domains)
        if found is not None:
            var, branches, value = found
            domains[var] = 1 << value
            sentence = _sentence(var, branches, value)
            steps.append(
                Step("case split", sentence, {var: (value,)}, snapshot(domains), tuple(branches))
            )
            continue
        return _branching_split(run, domains, steps, depth)


def _dead_case(run: Run, trial: Domains, var: Var, value: int, depth: int) -> Branch:
    """A case the solver found empty, with the steps that show why: the rules alone when
    they reach a contradiction, else nested splits (up to ``MAX_DEPTH``)."""
    sub: list[Step] = []
    outcome = propagate(run.model, dict(trial), sub)
    if outcome != "impossible":
        sub = []
        if depth < MAX_DEPTH:
            outcome, _ = explain_from(run, trial, sub, depth + 1)
        if outcome != "impossible":
            sub = []
    what = "impossible" if outcome == "impossible" else "impossible (by search)"
    return Branch(var, value, tuple(sub), what)


def _branching_split(run: Run, domains: Domains, steps: list[Step], depth: int) -> tuple[str, int]:
    """Split the letter with the fewest digits; explain dead cases, count live ones."""
    model = run.model
    letters = [x for x in model.letters if single(domains[x]) is None]
    var = min(letters, key=lambda x: popcount(domains[x]))
    branches: list[Branch] = []
    alive: list[tuple[int, int]] = []
    for value in iter_bits(domains[var]):
        trial = dict(domains)
        trial[var] = 1 << value
        count = count_in(run, trial)
        if count:
            alive.append((value, count))
            continue
        branches.append(_dead_case(run, trial, var, value, depth))
    if len(alive) == 1:
        value = alive[0][0]
        domains[var] = 1 << value
        steps.append(
            Step(
                "case split",
                _sentence(var, branches, value),
                {var: (value,)},
                snapshot(domains),
                tuple(branches),
            )
        )
        return explain_from(run, domains, steps, depth)
    if not alive:
        steps.append(
            Step(
                "case split",
                _sentence(var, branches, None),
                {},
                snapshot(domains),
                tuple(branches),
                contradiction=True,
            )
        )
        return "impossible", 0
    for value, count in alive:
        branches.append(Branch(var, value, (), f"solutions: {count}", count))
    total = sum(c for _, c in alive)
    listing = "; ".join(f"{var} = {v} gives {c} solution{'s' if c > 1 else ''}" for v, c in alive)
    sentence = (
        f"Here the puzzle branches: {var} can be {describe_domain(domains[var])} and more than "
        f"one case holds solutions ({listing}); {total} solutions in all."
    )
    steps.append(Step("branch point", sentence, {}, snapshot(domains), tuple(branches)))
    return "several", total
