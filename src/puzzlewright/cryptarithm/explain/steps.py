"""Plain step data: what the explanation engine did, one checkable rule at a time."""

from __future__ import annotations

from dataclasses import dataclass, field

from puzzlewright.bits import DigitSet, iter_bits
from puzzlewright.cryptarithm.explain.model import Var, is_carry

Domains = dict[Var, DigitSet]
"""Digits each letter and carry may still take."""


@dataclass(frozen=True, slots=True)
class Branch:
    """One case of a case split: the value supposed, its steps and what came of it
    (``"impossible"``, ``"solved"``, ``"open"`` or ``"solutions: N"``)."""

    var: Var
    value: int
    steps: tuple[Step, ...]
    outcome: str
    solutions: int | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """One application of a rule: its name, one sentence, the variables it narrowed with
    their digits after it, the domains of every letter and carry after it, and (for a
    case split) the branches tried."""

    rule: str
    sentence: str
    changed: dict[Var, tuple[int, ...]]
    domains: dict[Var, tuple[int, ...]] = field(default_factory=dict)
    branches: tuple[Branch, ...] = ()
    contradiction: bool = False

    def to_json(self) -> dict[str, object]:
        """The step as JSON: rule, sentence, letters/carries and digits affected, domains."""
        data: dict[str, object] = {
            "rule": self.rule,
            "sentence": self.sentence,
            "letters": [v for v in self.changed if not is_carry(v)],
            "carries": [v for v in self.changed if is_carry(v)],
            "digits": {v: list(d) for v, d in self.changed.items()},
            "domains": {v: list(d) for v, d in self.domains.items() if not is_carry(v)},
            "carry_domains": {v: list(d) for v, d in self.domains.items() if is_carry(v)},
        }
        if self.branches:
            data["branches"] = [
                {
                    "suppose": {b.var: b.value},
                    "outcome": b.outcome,
                    "solutions": b.solutions,
                    "steps": [s.to_json() for s in b.steps],
                }
                for b in self.branches
            ]
        if self.contradiction:
            data["contradiction"] = True
        return data


def digits_of(mask: DigitSet) -> tuple[int, ...]:
    """A domain as a tuple of digits."""
    return tuple(iter_bits(mask))


def snapshot(domains: Domains) -> dict[Var, tuple[int, ...]]:
    """Every domain as digits (for a step's ``domains``)."""
    return {v: digits_of(m) for v, m in domains.items()}
