"""English function words: the closed classes a puzzle answer should not be.

An acrostic's answers are clued words; THAT, THOSE, NEXT, NOPE make poor clues (there is
little to say about them) and constructors avoid them. The list holds the closed word
classes of English: articles and determiners, pronouns, prepositions, conjunctions,
auxiliary and modal verbs with their contractions spelt out, quantifiers, the commonest
discourse adverbs, and interjections; words with a common content sense that makes a fair
clue (DOWN, STILL, LIKE, WELL, MIGHT, CAN, WILL, LAST, ROUND ...) are left out.
``acrostic build --avoid-function-words`` (and the acrostic studio's option) excludes them
as answers; the quotation may of course use them.
"""

from __future__ import annotations

_WORDS = """
a an the this that these those such what which whose whatever whichever
i me my mine myself you your yours yourself yourselves he him his himself she her hers
herself it its itself we us our ours ourselves they them their theirs themselves one ones
oneself who whom whoever whomever somebody someone something anybody anyone anything
nobody noone nothing everybody everyone everything somewhat naught nought
about above across after against along amid amidst among amongst around as at before
below beneath beside besides between beyond but by concerning despite during
except for from in into of on onto
regarding since than through throughout to toward towards under underneath
unlike until unto upon versus with within without according thru whilst amongst
and or nor so yet because although though unless whereas whether while if then else
either neither both once lest hence thus therefore however moreover furthermore
nevertheless nonetheless otherwise instead meanwhile
be am is are was were been being have has had having do does did done doing
could shall should would ought
aint couldnt dont doesnt didnt isnt arent wasnt werent wouldnt shant shouldnt
hasnt havent hadnt mustnt neednt mightnt im ive youre youve youd youll hes shes its
were weve theyre theyve theyd theyll thats whats whos theres heres
all any each every few many much more most less least several some enough no none not
other another own same
here there where when why how now then again also too very quite rather just only
already almost ever never always often sometimes soon later next
perhaps maybe indeed really
yes no nope yep yup yeah nah okay ok oh ah aha uh um hmm hey hi hello bye goodbye
wow oops ouch alas hurrah hooray ugh eh huh ahem shh psst whoa yikes gee gosh
"""

FUNCTION_WORDS: frozenset[str] = frozenset(word.upper() for word in _WORDS.split())
"""The function words, upper case (as word lists hold them)."""
