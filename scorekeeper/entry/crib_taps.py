"""Crib Rummy's one-tap buttons, read from a new turn's post: pegs for a meld laid (``quick``, the
*Longer:* ones), for cards added (``added``, CR-6), a meld laid beside them (``laid``) and a card
added to a table meld (``add``). A button that records the turn at once wins over cards typed in
the turn's meld rows (issue 33): the tap is the player's last choice, said after the turn."""

from __future__ import annotations

from flask_babel import gettext

from ..display.words import in_marks
from ..rules import RUN_PEGS, SET_PEGS, whole_number
from ..rules import have_laid as engine_have_laid
from .base import HandContext, Submission

#: the one-tap peg buttons of a turn: (pegs, what they are for)
QUICK = ((2, "set"), (3, "run"))
#: a meld laid longer than 3 in one turn, in one tap (CR-5): (pegs, kind, length)
LONGER = tuple(
    (table[length], kind, length)
    for kind, table, lengths in (("set", SET_PEGS, (4,)), ("run", RUN_PEGS, (4, 5, 6)))
    for length in lengths
)
#: what an added card pegs (CR-5: a set's 4th 2; a run's 4th 3, 5th-7th 4, 8th-10th 5, 11th-12th 6)
ADDED = (2, 3, 4, 5, 6)


def laid(ctx: HandContext) -> list[int]:
    """CR-6: the seats that have laid a meld this hand, as the engine counts them."""
    return engine_have_laid(ctx.facts or {}, ctx.players, ctx.options, dealer=ctx.dealer, names=ctx.names)


def one_tap(sub: Submission, ctx: HandContext, turn: dict, k: int) -> None:
    """A new turn's one-tap buttons: a card added to a table meld (``add``), or pegs for the turn:
    ``quick`` for a meld laid, ``added`` for cards added, which needs a meld laid before or this
    turn (CR-6), and ``laid`` (a set +2 or a run +3) for a meld laid beside them."""
    lay, added_pegs = sub.number("laid"), sub.number("added")
    if lay not in (None, *(pegs for pegs, _ in QUICK)):
        sub.fail("laid", gettext("choose a set or a run"))
        return
    if added_pegs is not None and not lay and turn["player"] not in laid(ctx):
        sub.fail(
            "added",
            gettext(
                "%(name)s has laid no meld this hand yet, so has no cards to add to a meld (CR-6)",
                name=ctx.names[turn["player"]],
            ),
        )
        return
    added = sub.text("add")
    if added:
        meld, _, card = added.partition(":")
        number = whole_number(meld)
        if number is None or meld.startswith("-") or not card:
            sub.fail("add", gettext("%(value)s is not a table meld and a card", value=in_marks(added[:20])))
            return
        if lay:
            sub.fail(
                "laid",
                gettext(
                    "a meld laid by its pegs is not on the table: type its cards to add a card this turn"
                ),
            )
            return
        turn.pop("pegs", None)
        turn.setdefault("melds", []).append({"cards": card, "extend": number})
    quick = sub.number("quick") if added_pegs is None else added_pegs
    if lay and quick is None and turn.get("melds"):  # Record turn: the cards are the turn
        sub.fail(
            "laid",
            gettext(
                "A meld laid by its pegs or the turn's melds as cards, not both: the pegs are taken "
                "back, so Record turn now records the cards."
            ),
        )
        return
    if quick is not None and turn.get("melds") and not added:  # the button tapped last wins
        unused(sub, turn.pop("melds"))
    if quick is not None or lay:
        if turn.get("melds"):
            sub.fail(f"turns.{k}.pegs", gettext("enter the melds or a peg count for the turn, not both"))
            return
        turn.pop("melds", None)
        turn["pegs"] = turn.get("pegs", 0) + (quick or 0) + (lay or 0)


def unused(sub: Submission, melds: list[dict]) -> None:
    """A button that records the turn at once, tapped with cards typed: the tap wins, said."""
    if melds:
        cards = "; ".join(meld["cards"] for meld in melds)
        sub.notes.append(
            gettext(
                "The cards typed were not used (%(cards)s): the button tapped recorded the turn.", cards=cards
            )
        )
