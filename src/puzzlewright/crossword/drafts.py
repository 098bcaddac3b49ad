"""Draft clues from WordNet: definition-style starting points a constructor edits.

For an entry (a word, or a phrase squashed as a grid holds it: ``ICECREAM``) the drafts
come from its WordNet senses, most familiar first (:mod:`puzzlewright.lexicon.definitions`):

* ``definition``: the sense's definition cut to clue length (no article, no parenthesis,
  the first clause), inflected like the entry (``CITIES``: "Large and densely populated
  urban areas"; ``STOPPED``: "Came to a halt");
* ``synonym``: another lemma of the sense (``LARGE``: "Big"), inflected too;
* ``blank``: the sense's example with the entry blanked ("The ___ barked all night").

Every draft is leak-checked: it holds no word that is the answer, starts with it or with
one of its stems, or with a part of a phrase (``ICE``, ``CREAM``), nor words that run
together into the answer. Senses marked offensive, and drafts with a word that fails the
breakfast test, are dropped. Phrases get their enumeration: "(3,5)".
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from functools import lru_cache
from typing import Literal

from puzzlewright.crossword.puzzle import Puzzle
from puzzlewright.errors import PuzzleInputError
from puzzlewright.lexicon.definitions import Definitions, Sense, definitions, squash

DraftKind = Literal["definition", "synonym", "blank"]
MAX_WORDS = 9
MAX_CHARS = 56
MAX_BLANK_CHARS = 60
SAME_SPELLING = 0.85  # a draft word this close to the answer is a variant spelling
CUT_OFF_CHARS = 40  # a definition the generator cut ends at a boundary this early
DEFAULT_LIMIT = 6
_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")
_PARENS = re.compile(r"\s*\([^()]*\)")
_CLAUSE = re.compile(
    r",|;| (?:that|which|who|whose|where|when|especially|usually|typically|often|"
    r"esp\.|e\.g\.|as in|in which|for example|or other|resulting from|used|etc)\b"
)
_HEAD_END = re.compile(
    r",| (?:of|that|which|who|with|in|for|to|from|by|on|at|as|used|containing|consisting|"
    r"made|having)\b"
)
_TRAILING = frozenset(
    "a an the of and or to in on with for by from at as that which who but into its their "
    "your his her is are be consisting containing having made used especially usually often "
    "typically".split()
)
_ANY_OF = re.compile(
    r"^any (?:of )?(?:various |several |numerous |many |a number of )?(?:the )?(.*)"
)
_OFFENSIVE = re.compile(r"offensive|slur|obscene|vulgar|derogatory|disparaging|disrespectful")
IRREGULAR = {  # the verbs WordNet's definitions start with most often, and a few more
    "be": ("is", "was", "being"),
    "have": ("has", "had", "having"),
    "make": ("makes", "made", "making"),
    "take": ("takes", "took", "taking"),
    "give": ("gives", "gave", "giving"),
    "go": ("goes", "went", "going"),
    "get": ("gets", "got", "getting"),
    "put": ("puts", "put", "putting"),
    "come": ("comes", "came", "coming"),
    "become": ("becomes", "became", "becoming"),
    "set": ("sets", "set", "setting"),
    "cut": ("cuts", "cut", "cutting"),
    "keep": ("keeps", "kept", "keeping"),
    "hold": ("holds", "held", "holding"),
    "bring": ("brings", "brought", "bringing"),
    "run": ("runs", "ran", "running"),
    "move": ("moves", "moved", "moving"),
    "leave": ("leaves", "left", "leaving"),
    "feel": ("feels", "felt", "feeling"),
    "find": ("finds", "found", "finding"),
    "lose": ("loses", "lost", "losing"),
    "pay": ("pays", "paid", "paying"),
    "say": ("says", "said", "saying"),
    "tell": ("tells", "told", "telling"),
    "think": ("thinks", "thought", "thinking"),
    "send": ("sends", "sent", "sending"),
    "stand": ("stands", "stood", "standing"),
    "break": ("breaks", "broke", "breaking"),
    "fall": ("falls", "fell", "falling"),
    "throw": ("throws", "threw", "throwing"),
    "draw": ("draws", "drew", "drawing"),
    "grow": ("grows", "grew", "growing"),
    "speak": ("speaks", "spoke", "speaking"),
    "see": ("sees", "saw", "seeing"),
    "know": ("knows", "knew", "knowing"),
    "lay": ("lays", "laid", "laying"),
    "lie": ("lies", "lay", "lying"),
    "die": ("dies", "died", "dying"),
}
VOWELS = frozenset("aeiou")
NO_PLURAL = frozenset(
    "people men women children police cattle data series species someone somebody something "
    "anything one".split()
)


@dataclass(frozen=True)
class Draft:
    """One draft clue: its text, kind, the sense it came from and the enumeration."""

    text: str
    kind: DraftKind
    sense: int  # rank of the sense among the entry's senses (0: most familiar)
    pos: str  # n v a r
    lemma: str  # the WordNet lemma the entry matched (``ice cream``)
    enumeration: str = ""  # "(3,5)" for phrases, "" for single words

    @property
    def clue(self) -> str:
        """The text with the enumeration, as it goes into a puzzle."""
        return f"{self.text} {self.enumeration}" if self.enumeration else self.text

    def to_json(self) -> dict[str, object]:
        """Every field, and the clue as it would be written."""
        return {**asdict(self), "clue": self.clue}


@dataclass(frozen=True)
class DraftSet:
    """The drafts for one entry, best first (empty when WordNet does not know it)."""

    entry: str
    drafts: list[Draft] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        """The entry and its drafts."""
        return {"entry": self.entry, "drafts": [draft.to_json() for draft in self.drafts]}


def enumeration(lemma: str) -> str:
    """``(3,5)`` for ``ice cream``, ``(1-3)`` for ``x-ray``; "" for one word."""
    words = [word for word in lemma.replace("'", "").replace(".", "").split(" ") if word]
    if len(words) == 1 and "-" not in words[0]:
        return ""
    lengths = ["-".join(str(len(squash(part))) for part in word.split("-")) for word in words]
    return "(" + ",".join(lengths) + ")"


# -- leak check ---------------------------------------------------------------------------------
def forbidden_roots(answer: str, lemmas: list[str]) -> frozenset[str]:
    """Upper-case roots no draft word may start with: the answer, its stems, the lemmas it
    matched and the parts of a phrase (three letters or more)."""
    from puzzlewright.lexicon.builtin import stems

    roots = {answer}
    roots.update(squash(stem) for stem in stems(answer.lower()) if len(stem) >= 3)
    for lemma in lemmas:
        roots.add(squash(lemma))
        roots.update(squash(part) for part in re.split(r"[ '-]+", lemma) if len(squash(part)) >= 3)
    return frozenset(root for root in roots if len(root) >= 2)


def leaks(text: str, roots: frozenset[str], answer: str = "") -> bool:
    """True when a word of ``text``, or a run of its words, starts with a root; or a
    word of four letters or more is inside ``answer`` (``Storm`` for FIRESTORM), or has
    ``answer`` as a stem (``carving`` for CARVE)."""
    from puzzlewright.lexicon.builtin import stems

    tokens = [squash(token) for token in _WORD.findall(text)]
    for token in tokens:
        if len(token) >= 4 and token in answer:
            return True
        if answer and _same_root(token, answer):
            return True
        if answer and any(squash(stem) == answer for stem in stems(token.lower())):
            return True
    longest = max((len(root) for root in roots), default=0)
    for i in range(len(tokens)):
        joined = ""
        for token in tokens[i : i + 6]:
            joined += token
            if any(joined.startswith(root) for root in roots if len(root) > 2 or joined == root):
                return True
            if len(joined) > longest:
                break
    return False


def _same_root(token: str, answer: str) -> bool:
    """``token`` looks like a form or a spelling of ``answer``: they begin with the same
    five letters or more, all but the last three of the shorter (OSTRACIZED, OSTRACISM),
    or they are nearly the same letters (HAREEMS, HAREMS)."""
    from difflib import SequenceMatcher

    prefix = next(
        (i for i, (a, b) in enumerate(zip(token, answer, strict=False)) if a != b),
        min(len(token), len(answer)),
    )
    shorter = min(len(token), len(answer))
    if prefix >= 5 and prefix >= shorter - 3:
        return True
    return shorter >= 4 and SequenceMatcher(None, token, answer).ratio() >= SAME_SPELLING


# -- shortening and inflecting -----------------------------------------------------------------
def _tidy(text: str) -> str:
    """Strip trailing function words and punctuation; capitalize."""
    words = text.strip(" ,;:.").split()
    while len(words) > 1 and words[-1].lower() in _TRAILING:
        words.pop()
    text = " ".join(words)
    return text[:1].upper() + text[1:]


def clause_cuts(text: str) -> list[str]:
    """Every prefix of ``text`` that ends before a clause boundary, a preposition or a
    participle (``Frozen dessert`` from ``frozen dessert containing cream``), longest first."""
    cuts = {m.start() for m in _CLAUSE.finditer(text)} | {
        m.start() for m in _HEAD_END.finditer(text)
    }
    cuts |= {m.start() for m in re.finditer(r" \w+(?:ing|ed)\b", text) if m.start() > 0}
    prefixes = [_tidy(text[:cut]) for cut in sorted(cuts, reverse=True) if cut > 0]
    return [prefix for prefix in prefixes if prefix]


def shorten(definition: str, pos: str) -> str:
    """A definition cut to clue length: no parentheses, first clause, no leading article."""
    cut_off = definition.endswith("...")
    text = _PARENS.sub("", definition.removesuffix("...")).split("(")[0].strip()
    if pos == "n":
        text = re.sub(r"^(?:a|an|the)\s+", "", text)
    elif pos == "v":
        text = re.sub(r"^to\s+", "", text)  # "to make a mistake": the verb starts the clue
    if cut_off:  # the generator cut the definition: end it at a clause boundary
        cuts = clause_cuts(text)
        fits = [cut for cut in cuts if len(cut) <= CUT_OFF_CHARS and " " in cut]
        text = next(iter(fits or cuts), text)
    while len(text) > MAX_CHARS or len(text.split()) > MAX_WORDS:
        match = next(
            (m for m in _CLAUSE.finditer(text) if len(text[: m.start()].split()) >= 2), None
        )
        if match is not None:
            text = text[: match.start()]
            continue
        short = [cut for cut in clause_cuts(text) if len(cut) <= MAX_CHARS]
        short.sort(key=lambda cut: len(cut.split()) < 2)  # a one-word cut only if no other
        text = short[0] if short else " ".join(text.split()[:MAX_WORDS])[:MAX_CHARS]
        break
    return _tidy(text)


def inflect_word(word: str, how: str, irregular: list[str] | None = None) -> str:
    """``word`` with the entry's ending: ``s`` (plural), ``vs`` (3rd person), ``ed``,
    ``ing``; ``irregular`` holds WordNet's irregular forms of the word (``fled``)."""
    lower = word.lower()
    if how in ("ed", "ing", "vs") and lower in IRREGULAR:
        third, past, participle = IRREGULAR[lower]
        return {"ed": past, "ing": participle, "vs": third}[how]
    known = _irregular_form(irregular or [], how)
    if known:
        return known
    if how in ("s", "vs"):
        if lower.endswith("man") and how == "s":
            return word[:-3] + "men"
        if lower.endswith(("s", "x", "z", "ch", "sh")):
            return word + "es"
        if lower.endswith("y") and len(lower) > 1 and lower[-2] not in VOWELS:
            return word[:-1] + "ies"
        return word + "s"
    if how in ("ed", "ing"):
        if lower.endswith("e") and how == "ed":
            return word + "d"
        if lower.endswith("ie") and how == "ing":
            return word[:-2] + "ying"
        if lower.endswith("e") and not lower.endswith(("ee", "ye", "oe")):
            return word[:-1] + how
        if lower.endswith("y") and how == "ed" and len(lower) > 1 and lower[-2] not in VOWELS:
            return word[:-1] + "ied"
        if _doubles(lower):
            return word + word[-1] + how
        return word + how
    return word


def _irregular_form(forms: list[str], how: str) -> str | None:
    """The irregular form that fits ``how`` (``ed``: a past, not a participle in -n)."""
    if how == "ing":
        return next((f for f in forms if f.endswith("ing")), None)
    if how == "ed":
        past = [f for f in forms if not f.endswith(("ing", "s"))]
        past.sort(key=lambda f: (f.endswith("n"), f))
        return past[0] if past else None
    return None


def _doubles(word: str) -> bool:
    """A short word ending consonant-vowel-consonant doubles it (``stop`` -> ``stopped``)."""
    return (
        len(word) in (3, 4)
        and word[-1] not in VOWELS | {"w", "x", "y"}
        and word[-2] in VOWELS
        and word[-3] not in VOWELS
    )


def inflect(text: str, pos: str, how: str, data: Definitions | None = None) -> str | None:
    """A definition or synonym in the entry's form; None when it cannot be done."""
    if not how:
        return text
    words = text.split()

    def forms(word: str) -> list[str]:
        return data.irregular_forms(word, pos) if data is not None else []

    if pos == "v" and how in ("s", "es", "ies", "ed", "ing"):
        verb = "vs" if how in ("s", "es", "ies") else how
        changed = [0, 2] if len(words) > 2 and words[1].lower() in ("or", "and") else [0]
        for i in changed:
            words[i] = inflect_word(words[i].lower(), verb, forms(words[i]))
        return _tidy(" ".join(words))
    if pos == "n" and how not in ("ed", "ing", "er", "est", "irregular"):
        match = _HEAD_END.search(text)
        head = len(text[: match.start()].split()) - 1 if match else len(words) - 1
        if head > 0 and words[head].lower().endswith(("ed", "ing")):
            head -= 1  # "district established", "bruise caused": the noun comes before
        if head < 0 or words[head].lower() in NO_PLURAL or words[head].endswith("s"):
            return None
        words[head] = inflect_word(
            words[head], "s", data.irregular_forms(words[head], "n") if data else []
        )
        return " ".join(words)
    return None


# -- drafting -----------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _unpleasant() -> frozenset[str]:
    from puzzlewright.lexicon.builtin import unpleasant_words

    return unpleasant_words()


def _clean(text: str) -> bool:
    """No word of ``text`` fails the breakfast test."""
    from puzzlewright.lexicon.builtin import is_unpleasant

    bad = _unpleasant()
    return not any(is_unpleasant(token.lower(), bad) for token in _WORD.findall(text))


def _blank(example: str, answer: str) -> str | None:
    """The example with the entry (as the answer spells it) blanked out, or None."""
    tokens = list(_WORD.finditer(example))
    for i in range(len(tokens)):
        joined = ""
        for j in range(i, min(i + 5, len(tokens))):
            joined += squash(tokens[j].group())
            if joined == answer:
                text = example[: tokens[i].start()] + "___" + example[tokens[j].end() :]
                text = text.rstrip(" .!")
                return text[:1].upper() + text[1:] if len(text) <= MAX_BLANK_CHARS else None
            if not answer.startswith(joined):
                break
    return None


def _definition(sense: Sense, answer: str, roots: frozenset[str], data: Definitions) -> str | None:
    """The sense's definition at clue length in the entry's form; when that leaks, the
    longest clause prefix that does not (``Frozen dessert`` for ICECREAM)."""
    definition, how = sense.definition, sense.form
    kinds = _ANY_OF.match(definition)
    if kinds and sense.pos == "n":  # "any of various small rodents": a class, plural already
        plural = how and how not in ("ed", "ing", "er", "est", "irregular")
        singular = re.sub(r"^any of ", "one of ", definition)
        definition, how = (kinds.group(1), "") if plural else (re.sub(r"^any ", "", singular), how)
    short = shorten(definition, sense.pos)
    for text in [short, *(cut for cut in clause_cuts(short) if " " in cut)]:
        form = inflect(text, sense.pos, how, data)
        if form and not leaks(form, roots, answer) and _clean(form):
            return _tidy(form)
    return None


def _sense_drafts(
    sense: Sense, answer: str, roots: frozenset[str], data: Definitions
) -> list[tuple[str, DraftKind]]:
    """The leak-checked drafts of one sense: definition, synonym, blanked example."""
    found: list[tuple[str, DraftKind]] = []
    definition = _definition(sense, answer, roots, data) if sense.definition else None
    if definition:
        found.append((definition, "definition"))
    for synonym in sorted(sense.synonyms, key=lambda s: (" " in s, s[:1].isupper())):
        form = inflect(synonym, sense.pos, sense.form, data)
        if form and len(form) <= 24 and not leaks(form, roots, answer) and _clean(form):
            found.append((form[:1].upper() + form[1:], "synonym"))
            break
    blank = _blank(sense.example, answer) if sense.example else None
    if blank and not leaks(blank, roots, answer) and _clean(blank):
        found.append((blank, "blank"))
    return found


def draft_clues(
    entry: str,
    *,
    limit: int = DEFAULT_LIMIT,
    data: Definitions | None = None,
    prefer: Callable[[Sense], float] | None = None,
) -> DraftSet:
    """Ranked draft clues for ``entry`` (a word or squashed phrase), best first.

    ``data`` defaults to the bundled WordNet extract; ``prefer`` scores senses (higher
    first, familiarity breaking ties: a topic, see :func:`topic_preference`). Returns an
    empty DraftSet when WordNet has no sense of the entry or every draft leaked.
    """
    source = definitions() if data is None else data
    answer = squash(entry)
    if not answer:
        raise PuzzleInputError(f"{entry!r} has no letters to look up")
    senses = [s for s in source.senses(answer) if not _OFFENSIVE.search(s.definition)]
    if prefer is not None:
        senses.sort(key=lambda sense: (-prefer(sense), sense.rank))
    roots = forbidden_roots(answer, sorted({sense.lemma for sense in senses}))
    drafts: list[Draft] = []
    seen: set[str] = set()
    for sense in senses:
        enum = enumeration(sense.lemma) if squash(sense.lemma) == answer else ""
        for text, kind in _sense_drafts(sense, answer, roots, source):
            if text.lower() not in seen:
                seen.add(text.lower())
                drafts.append(Draft(text, kind, sense.rank, sense.pos, sense.lemma, enum))
    return DraftSet(answer, drafts[:limit])


# -- senses on a topic ---------------------------------------------------------------------------
_COMMON = frozenset(
    "something someone person people thing things kind part act state used make made one "
    "two form forms having being small large any various especially usually often very more "
    "most other such not than into out over under about between".split()
)


def _content_words(text: str) -> set[str]:
    """The content words of a text, lower case, a final ``s`` dropped (``animals``)."""
    words = {w.lower() for w in _WORD.findall(text) if len(w) > 2}
    return {w[:-1] if w.endswith("s") and len(w) > 4 else w for w in words} - _TRAILING - _COMMON


def _sense_words(sense: Sense) -> set[str]:
    return _content_words(" ".join([sense.definition, sense.lemma, *sense.synonyms]))


def topic_preference(
    entries: list[str], data: Definitions | None = None
) -> Callable[[str], Callable[[Sense], float]]:
    """For a list of entries on one topic (a teacher's word list), a sense scorer per
    entry: for each content word of the sense, the square of how many *other* entries have
    a sense with that word (when two or more), over the root of the sense's word count, plus
    four for each other entry it names (``PREY``: "animal hunted ... for food" beats
    "a person who is the aim of an attack" among animals and habitats)."""
    source = definitions() if data is None else data
    answers = [squash(entry) for entry in entries]
    vocab: dict[str, set[str]] = {}
    for answer in dict.fromkeys(answers):
        words: set[str] = set()
        for sense in source.senses(answer):
            words |= _sense_words(sense)
        vocab[answer] = words
    seen = Counter(word for words in vocab.values() for word in words)
    names = {entry.lower().rstrip("s") for entry in entries}

    def scorer(entry: str) -> Callable[[Sense], float]:
        own = vocab.get(squash(entry), set())

        def score(sense: Sense) -> float:
            words = _sense_words(sense)
            others = [seen[word] - (word in own) for word in words]
            shared = sum(n * n for n in others if n >= 2) / max(1.0, len(words)) ** 0.5
            named = len(words & (names - {entry.lower().rstrip("s")}))
            return float(shared + 4 * named)

        return score

    return scorer


# -- drafting a puzzle's missing clues ------------------------------------------------------------
DRAFT_MARK = "[draft] "


@dataclass
class PuzzleDrafts:
    """A puzzle whose empty clues got drafts, which entries got one and which did not."""

    puzzle: Puzzle
    drafted: list[tuple[str, str, str]] = field(default_factory=list)  # key, answer, clue
    undrafted: list[tuple[str, str]] = field(default_factory=list)  # key, answer

    def to_json(self) -> dict[str, object]:
        """The drafted clues and the entries WordNet could not clue."""
        return {
            "drafted": [{"key": k, "answer": a, "clue": c} for k, a, c in self.drafted],
            "undrafted": [{"key": k, "answer": a} for k, a in self.undrafted],
        }


def draft_missing(
    puzzle: Puzzle, *, mark: str = DRAFT_MARK, data: Definitions | None = None
) -> PuzzleDrafts:
    """A copy of ``puzzle`` whose empty clues hold their best draft, prefixed by ``mark``
    (so a constructor, ``crossword check`` and the workbench can tell drafts from clues).

    An answer used twice gets its next draft the second time. Entries with empty cells
    are left alone and listed as undrafted.
    """
    grid = puzzle.grid
    clues = dict(puzzle.clues)
    report = PuzzleDrafts(puzzle)
    used: dict[str, int] = {}
    for slot in sorted(grid.slots(), key=lambda s: (s.direction != "across", s.number)):
        if clues.get(slot.key, "").strip():
            continue
        answer = squash(grid.word(slot))
        drafts = draft_clues(answer, data=data).drafts if len(answer) == slot.length else []
        if not drafts:
            report.undrafted.append((slot.key, grid.word(slot)))
            continue
        chosen = drafts[min(used.get(answer, 0), len(drafts) - 1)]
        used[answer] = used.get(answer, 0) + 1
        clues[slot.key] = mark + chosen.clue
        report.drafted.append((slot.key, answer, chosen.clue))
    report.puzzle = replace(puzzle, clues=clues)
    return report


__all__ = [
    "DRAFT_MARK",
    "Draft",
    "DraftSet",
    "PuzzleDrafts",
    "draft_clues",
    "draft_missing",
    "enumeration",
    "forbidden_roots",
    "leaks",
    "shorten",
    "topic_preference",
]
