"""A reader of ``cryptarithm solve --explain`` text that checks each step follows from the
steps before it, using only what the sentences say.

It knows the puzzle (its words, in columns it builds itself) and, step by step, the digits
each letter and carry may still take *as the text has stated them*: the start (any digit;
a carry at most the number of addends minus one), then every "X = 7", "X is 2, 3 or 4",
"no other letter is 7", "M is the carry out of column 4"... A step fails the reading when

* a column it shows has a digit put in that no earlier sentence gave (or leaves a stated
  digit out): ``Column 1: 7 + 5 = Y`` before E = 5 was said;
* what it concludes does not follow from the earlier statements and the rule it cites: the
  digits the column (or the two columns, or the whole puzzle for a case split) can still
  take, with different letters on different digits, must all be among the claimed ones;
* after it, the engine knows a digit the text never stated (a value "from nowhere");
* a case of a case split is called impossible without a reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import product

from puzzlewright.cryptarithm.solver import Cryptarithm

CARRY = r"the carry into column (\d+)"
VAR = rf"(?:{CARRY}|\b([A-Z])\b)"
DIGITS = r"(\d+(?:, \d+)*(?: or \d+)?)"
CONTRADICTION = (
    "no digit is left",
    "does not add up",
    "has no case",
    "no digits fit",
    "fails",
    "finds no solution",
    "no digit for",
)


class ReadingError(AssertionError):
    """A step that does not follow from what the text said before it."""


def _var(match: re.Match[str], first: int) -> str:
    carry, letter = match.group(first), match.group(first + 1)
    return f"c{carry}" if carry else letter


def _digits(text: str) -> set[int]:
    return {int(d) for d in re.findall(r"\d+", text)}


def claims(text: str) -> dict[str, set[int]]:
    """The narrowings a conclusion states: ``X = 7``, ``X is 2 or 3 (not ...)``, ``no digit
    is left for X``, ``no digit for X``."""
    found: dict[str, set[int]] = {}
    for match in re.finditer(rf"no digit (?:is left )?for {VAR}", text):
        found[_var(match, 1)] = set()
    for match in re.finditer(rf"{VAR} = (\d+)", text):
        found.setdefault(_var(match, 1), {int(match.group(3))})
    for match in re.finditer(rf"{VAR} is {DIGITS} \(not", text):
        found.setdefault(_var(match, 1), _digits(match.group(3)))
    return found


@dataclass
class Reader:
    """The puzzle in columns and the digits the text has allowed so far."""

    puzzle: str
    base: int = 10
    addends: list[str] = field(default_factory=list)
    result: str = ""
    known: dict[str, set[int]] = field(default_factory=dict)
    checked: int = 0

    def __post_init__(self) -> None:
        self.problem = Cryptarithm.parse(self.puzzle, base=self.base)
        self.letters = list(self.problem.symbols)
        self.known = {x: set(range(self.base)) for x in self.letters}
        if "*" not in self.puzzle:
            self._columns_of(self.puzzle)

    # -- the puzzle as columns ------------------------------------------------------------
    def _columns_of(self, equation: str) -> None:
        left, right = (side.strip() for side in equation.split("="))
        if "-" in left or "-" in right:
            return  # a difference: the rewrite step says which sum is checked
        self.addends = [w.strip() for w in left.split("+")]
        self.result = right
        self.width = max(len(w) for w in [*self.addends, self.result])
        for k in range(2, self.width + 1):
            self.known[f"c{k}"] = set(range(len(self.addends)))

    def column(self, k: int) -> tuple[list[str], list[str]]:
        """Column ``k`` (1 = units) as written: addend letters and carry in; result letter
        and ``base×carry out``."""
        left = [w[-k] for w in self.addends if len(w) >= k]
        if k > 1:
            left.append(f"c{k}")
        right = [self.result[-k]] if len(self.result) >= k else []
        if k < self.width:
            right.append(f"{self.base}×c{k + 1}")
        return left or ["0"], right or ["0"]

    def shown(self, k: int) -> str:
        """The column with every value the text has fixed put in."""

        def item(text: str) -> str:
            if "×" in text:
                base, var = text.split("×")
                return f"{base}×{self._one(var)}" if self._one(var) is not None else text
            value = self._one(text) if text in self.known else None
            return str(value) if value is not None else text

        left, right = self.column(k)
        return f"{' + '.join(map(item, left))} = {' + '.join(map(item, right))}"

    def _one(self, var: str) -> int | None:
        values = self.known.get(var, set())
        return next(iter(values)) if len(values) == 1 else None

    # -- what a column (or the puzzle) still allows ---------------------------------------
    def support(self, ks: list[int]) -> dict[str, set[int]]:
        """Digits each variable of columns ``ks`` takes in some assignment that satisfies
        them all (letters on different digits, none taken by a known letter outside)."""
        equations = [self.column(k) for k in ks]
        names = list(
            dict.fromkeys(v.split("×")[-1] for eq in equations for side in eq for v in side)
        )
        names = [v for v in names if v in self.known]
        outside = {self._one(x) for x in self.letters if x not in names} - {None}
        seen: dict[str, set[int]] = {v: set() for v in names}
        for values in product(*(sorted(self.known[v]) for v in names)):
            value = dict(zip(names, values, strict=True))
            digits = [value[v] for v in names if not v.startswith("c")]
            if len(set(digits)) < len(digits) or outside & set(digits):
                continue
            if all(self._holds(eq, value) for eq in equations):
                for v in names:
                    seen[v].add(value[v])
        return seen

    def _holds(self, equation: tuple[list[str], list[str]], value: dict[str, int]) -> bool:
        def total(side: list[str]) -> int:
            out = 0
            for item in side:
                if "×" in item:
                    base, var = item.split("×")
                    out += int(base) * value[var]
                else:
                    out += value[item] if item in value else int(item)
            return out

        return total(equation[0]) == total(equation[1])

    def solutions_support(self) -> dict[str, set[int]]:
        """Digits each letter takes in some solution of the whole puzzle within the known
        digits (the fast solver enumerates them)."""
        forbid = {x: [d for d in range(self.base) if d not in self.known[x]] for x in self.letters}
        narrowed = Cryptarithm.parse(
            self.puzzle, base=self.base, forbid={x: ds for x, ds in forbid.items() if ds}
        )
        seen: dict[str, set[int]] = {x: set() for x in self.known}
        if any(m == 0 for m in narrowed.masks):
            return seen
        for solution in narrowed.solve(limit=100_000):
            carries = self._carries(solution)
            if any(d not in self.known[c] for c, d in carries.items()):
                continue
            for x, d in [*solution.items(), *carries.items()]:
                seen[x].add(d)
        return seen

    def _carries(self, solution: dict[str, int]) -> dict[str, int]:
        """The carry into each column of a solution of the sum."""
        carries: dict[str, int] = {}
        if not self.addends:
            return carries
        for k in range(2, self.width + 1):
            unit = self.base ** (k - 1)
            total = sum(self._value(w, solution) % unit for w in self.addends)
            carries[f"c{k}"] = total // unit
        return carries

    def _value(self, word: str, solution: dict[str, int]) -> int:
        out = 0
        for ch in word:
            out = out * self.base + (solution[ch] if ch in solution else int(ch, self.base))
        return out

    # -- reading --------------------------------------------------------------------------
    def read(self, rule: str, sentence: str) -> None:
        """Check one step against what came before, then learn what it states."""
        handler = getattr(self, "_" + rule.replace(" ", "_"))
        stated = handler(sentence)
        for var, digits in stated.items():
            if not digits <= self.known[var]:
                raise ReadingError(f"{sentence!r} gives {var} digits it had lost")
            self.known[var] = set(digits)
        self.checked += 1

    def _implied(self, sentence: str, stated: dict[str, set[int]], allowed: dict[str, set[int]]):
        for var, digits in stated.items():
            if var in allowed and not allowed[var] <= digits:
                raise ReadingError(
                    f"{sentence!r}: {var} can still be {sorted(allowed[var] - digits)}"
                )
        return stated

    def _rewrite(self, sentence: str) -> dict[str, set[int]]:
        match = re.match(r"(.+) is checked as (.+?): the numbers added are", sentence)
        if not match or match.group(1) != self.problem.text:
            raise ReadingError(f"bad rewrite {sentence!r}")
        self._columns_of(match.group(2))
        return {}

    def _leading_zero(self, sentence: str) -> dict[str, set[int]]:
        if not re.search(r"so (?:it is not|none is) 0\.$", sentence):
            raise ReadingError(f"leading zero says otherwise: {sentence!r}")
        names = re.findall(r"\b([A-Z])\b", sentence.split(" start")[0])
        firsts = {w.strip()[0] for w in re.split(r"[-+=*]", self.puzzle) if len(w.strip()) > 1}
        if set(names) != firsts:
            raise ReadingError(f"{sentence!r} names {names}, leading letters are {firsts}")
        return {x: self.known[x] - {0} for x in names}

    def _leading_digit(self, sentence: str) -> dict[str, set[int]]:
        match = re.search(r"first letter ([A-Z]) is the carry out of column (\d+)", sentence)
        if not match or match.group(1) != self.result[0]:
            raise ReadingError(f"bad leading digit {sentence!r}")
        letter, carry = match.group(1), f"c{int(match.group(2)) + 1}"
        both = self.known[letter] & self.known[carry] - ({0} if len(self.result) > 1 else set())
        stated = claims(sentence.rsplit("; ", 1)[1])
        self._implied(sentence, stated, {letter: both})
        return {**stated, carry: stated[letter]}

    def _taken_digit(self, sentence: str) -> dict[str, set[int]]:
        match = re.match(
            r"([A-Z]) = (\d+), so no other letter is (\d+) \(not ([A-Z, ]+)\)", sentence
        )
        if not match or self._one(match.group(1)) != int(match.group(2)):
            raise ReadingError(f"{sentence!r} uses a digit not stated before")
        value = int(match.group(2))
        after = {x: self.known[x] - {value} for x in match.group(4).split(", ")}
        stated = claims(sentence[match.end() :])
        for x, digits in after.items():
            if len(digits) <= 1 and len(self.known[x]) > 1 and stated.get(x) != digits:
                raise ReadingError(f"{sentence!r} leaves {x} = {digits} unsaid")
        return {**after, **stated}

    def _column_rule(self, sentence: str) -> dict[str, set[int]]:
        match = re.match(r"Column (\d+): ", sentence)
        if not match:
            raise ReadingError(f"no column in {sentence!r}")
        k = int(match.group(1))
        expected = f"Column {k}: {self.shown(k)}"
        if not sentence.startswith(expected):
            raise ReadingError(f"{sentence!r} should show {expected!r}")
        rest = sentence[len(expected) :]
        allowed = self.support([k])
        if "does not add up" in rest or "no digits fit" in rest or "has no case" in rest:
            if any(allowed.values()):
                raise ReadingError(f"{sentence!r}: the column still adds up")
            return {v: set() for v in allowed}
        return self._implied(sentence, claims(rest), allowed)

    _column_sum = _column_bounds = _carry_bounds = _column_cases = _column_rule

    def _units_digit(self, sentence: str) -> dict[str, set[int]]:
        if "*" in self.puzzle:
            return self._whole(sentence)
        return self._column_rule(sentence)

    def _two_columns(self, sentence: str) -> dict[str, set[int]]:
        match = re.match(r"Columns (\d+) and (\d+) together", sentence)
        if not match:
            raise ReadingError(f"bad two columns {sentence!r}")
        k = int(match.group(1))
        rest = sentence.split(" works in ", 1)[-1] if " works in " in sentence else ""
        return self._implied(sentence, claims(rest), self.support([k, k + 1]))

    def _only_place(self, sentence: str) -> dict[str, set[int]]:
        match = re.search(r"only ([A-Z]) can still be (\d+)", sentence)
        if not match:
            raise ReadingError(f"bad only place {sentence!r}")
        letter, d = match.group(1), int(match.group(2))
        union = set().union(*(self.known[x] for x in self.letters))
        others = [x for x in self.letters if x != letter and d in self.known[x]]
        if len(union) != len(self.letters) or others:
            raise ReadingError(f"{sentence!r}: {others} can still be {d}")
        return {letter: {d}}

    def _whole(self, sentence: str) -> dict[str, set[int]]:
        """A claim checked against every solution within the stated digits."""
        tail = sentence.rsplit(", so ", 1)[-1] if ", so " in sentence else sentence
        tail = tail.split(": ", 1)[-1] if tail is sentence else tail
        return self._implied(sentence, claims(tail), self.solutions_support())

    _magnitude = _last_digits = _casting_out_nines = _whole

    def _case_split(self, sentence: str) -> dict[str, set[int]]:
        cases = re.split(
            r"(?:Suppose in turn |; (?=(?:the carry into column \d+|[A-Z]) = \d+: ))", sentence
        )
        if "Suppose in turn" not in sentence:
            cases = re.findall(r"Suppose .*?impossible\.", sentence)
        for case in cases:
            if case and not any(phrase in case for phrase in CONTRADICTION):
                raise ReadingError(f"a case without its contradiction: {case!r}")
        match = re.search(rf"So {VAR} = (\d+)\.$", sentence)
        if match is None:
            if any(self.solutions_support().values()):
                raise ReadingError(f"{sentence!r} ends the puzzle but solutions are left")
            return {}
        var, value = _var(match, 1), int(match.group(3))
        return self._implied(sentence, {var: {value}}, self.solutions_support())

    def _branch_point(self, sentence: str) -> dict[str, set[int]]:
        return {}
