"""An engine message as a player reads it: the sentence first, then the rule id.

>>> split_reason("CR-1: two packs hold 2 of each card")
Reason(sentence='Two packs hold 2 of each card', rules=('CR-1',))
>>> reason_text("hand 3: players.1.hand: KB-7: 'ZZ' is not a card")
"Hand 3: players.1.hand: 'ZZ' is not a card (KB-7)"
>>> reason_text("Needs at least 3 cards (CR-1)")
'Needs at least 3 cards (CR-1)'
>>> str(reason_html("CT-2: a <group> needs", lambda rid: f"/rules/x#{rid}"))
'A &lt;group&gt; needs <a class="rule-ref" href="/rules/x#CT-2">(CT-2)</a>'
>>> str(reason_html("N-1: bad token"))
'Bad token <small class="rule-ref">(N-1)</small>'
>>> str(reason_html("KB-1: the melds are 3 3 (a book of 2); 4 5 6 7 (a run of 4); the numbers differ (5, 6, 8)",
...                  right_to_left=True))
'The melds are <bdi dir="ltr">3 3</bdi> (a book of 2); <bdi dir="ltr">4 5 6 7</bdi> (a run of 4); the numbers \
differ (<bdi dir="ltr">5, 6, 8</bdi>) <small class="rule-ref">(KB-1)</small>'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from markupsafe import Markup, escape

from ..display.bidi import runs_isolated
from ..rules import all_variants

#: a rule id of any family: the common N rules and every variant's own (its ``rules_home``)
_FAMILIES = dict.fromkeys(["N", *(f for v in all_variants() for f in v.rules_home)])
RULE_ID_TEXT = _ID = rf"(?:{'|'.join(_FAMILIES)})-\d{{1,2}}"
#: a rule id written as a label ("CR-1: ..."), which moves after the sentence
_LABEL = re.compile(rf"\b({_ID})\s*:\s*")
#: a rule id already after its sentence, in brackets: "(CR-1)" or "(CR-1, CR-3)"
_TRAILING = re.compile(rf"\s*\(((?:{_ID})(?:\s*,\s*{_ID})*)\)\s*$")
#: any rule id in running text (linked where it stands)
_ANY = re.compile(rf"\b({_ID})\b")
#: one card or tile as the notation writes it, with a reading ("W=7", "R10=R0+R1", "10H", "JK", "P")
_CARD = r"(?:JK|[RBKGOY]?\d{1,2}[SHDC♠♥♦♣]?|[AJQKTWP][SHDC♠♥♦♣]?|\*)(?:=[\w+/]+)?"
#: two or more of them in a row ("4 5 6 7", "(5, 6, 8)", "R1 R2 R3", "A 2..10"), and a range ("1–9", "8–K")
CARD_RUN = re.compile(rf"(?<![\w-])(?:{_CARD}(?:(?:, | |\.\.)(?:{_CARD}))+|{_CARD}–{_CARD})(?![\w-])")
#: a Krazy Bee Step as the engine names it, in the game's own words ("Step 4 (run of 7)", "Step
#: 'book of 3'"; the sentence escaped)
STEP_LABEL = re.compile(r"\bStep (?:\d+ \([^()]*\)|&#39;[^&]*&#39;)")


class Reason(NamedTuple):
    """A message's words without its rule ids, and those ids in order."""

    sentence: str
    rules: tuple[str, ...]


def split_reason(text: object) -> Reason:
    """``"CR-1: too few"`` as ``Reason("Too few", ("CR-1",))``: labels and a trailing "(CR-1)" move
    into ``rules``; the sentence starts with a capital. Ids inside the sentence stay where they are."""
    words = str(text if text is not None else "")
    rules = [m.upper() for m in _LABEL.findall(words)]
    words = _LABEL.sub("", words)
    trailing = _TRAILING.search(words)
    if trailing:
        rules += [r.strip().upper() for r in trailing.group(1).split(",")]
        words = words[: trailing.start()]
    words = words.strip()
    seen = tuple(dict.fromkeys(rules))
    return Reason(words[:1].upper() + words[1:], seen)


def reason_text(text: object) -> str:
    """The message in plain text, sentence first: ``"Too few (CR-1)"``."""
    sentence, rules = split_reason(text)
    return f"{sentence} ({', '.join(rules)})" if rules else sentence


def reason_html(
    text: object, href: Callable[[str], str | None] | None = None, *, right_to_left: bool = False
) -> Markup:
    """The message as HTML: the escaped sentence, then each rule id small, a link when ``href``
    gives its address (rule ids inside the sentence are linked too). ``right_to_left``: for a page
    that runs right to left, the cards the sentence names isolated left to right (:data:`CARD_RUN`)."""
    sentence, rules = split_reason(text)

    def ref(rule_id: str, label: str) -> str:
        where = href(rule_id) if href else None
        if where:
            return f'<a class="rule-ref" href="{escape(where)}">{label}</a>'
        return f'<small class="rule-ref">{label}</small>'

    body = str(escape(sentence))
    if right_to_left:  # cards in a sentence read left to right there too: "4 5 6 7", never "7 6 5 4"
        body = runs_isolated(runs_isolated(body, STEP_LABEL), CARD_RUN)
    if href:  # a rule the sentence itself names ("as in KB-8") links where it stands
        body = _ANY.sub(lambda m: ref(m.group(1).upper(), m.group(1)), body)
    if len(rules) == 1:  # the brackets belong to the link: "(CR-1)" is one tap target
        return Markup(f"{body} {ref(rules[0], f'({rules[0]})')}")
    if rules:
        return Markup(f"{body} ({', '.join(ref(r, r) for r in rules)})")
    return Markup(body)
