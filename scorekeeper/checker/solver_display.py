"""The best play and the whole-turn verdict made ready to draw: sentences first, then faces."""

from __future__ import annotations

from collections import Counter
from typing import Any

from flask_babel import Domain, gettext, ngettext

from ..display.card_faces import canonical, written_tokens
from ..rules import check
from .checker_display import _mark_wild_rank, pair, present_board

_ENGINE = Domain(
    domain="engine"
)  # the engine's describing words (a meld's kind), as web/described.py reads them


def _tiles(n: int) -> str:
    return ngettext("%(num)s tile", "%(num)s tiles", n)


def _pegs(n: int) -> str:
    return ngettext("%(num)s peg", "%(num)s pegs", n)


def _kind(word: str) -> str:
    """A meld's kind (``run``, ``double``) as the engine's catalog writes it."""
    return str(_ENGINE.gettext(word)) if word else word


def _row(variant: str, tokens: Any) -> list[dict]:
    """Tokens (a list, or text with ``|`` and ``/``) as faces in a row."""
    listed = written_tokens(tokens) if isinstance(tokens, str) else [str(t) for t in tokens]
    return pair(variant, listed, [])


def _table(
    variant: str, text: str, options: dict, played: list[str], parts: list | None = None, reasons: Any = ()
) -> dict:
    """A table drawn as the checker draws it: a grid cell by cell, else one row of faces per set; the
    ``played`` tiles are marked as the rack's (the last ones of each kind: new sets come last)."""
    board = None
    if "/" in text or "\n" in text:
        if parts is None:
            try:
                judged = check(variant, text, options=options)
                parts, reasons = list(judged.parts), judged.reasons
            except ValueError:
                parts = []
        board = present_board(variant, text, parts, reasons)
    sets = [] if board else [_row(variant, s) for s in text.split("|") if s.strip()]
    cells = [c for row in board["rows"] for c in row if c] if board else [c for row in sets for c in row]
    left = Counter(canonical(variant, t) for t in played)
    for cell in reversed(cells):
        if cell.get("face") and left[cell["face"]["token"]] > 0:
            left[cell["face"]["token"]] -= 1
            cell["mine"] = True
    return {"board": board, "sets": sets}


def present_turn(variant: str, ask, result: dict) -> dict:
    """The whole-turn verdict: the sentence, the tiles played, every reason, the table after."""
    played, value = result.get("played") or [], result.get("value", 0)
    valid = bool(result.get("valid"))
    if valid:
        head = (
            gettext(
                "CT-5: a legal turn: %(tiles)s played, worth %(value)s points",
                tiles=_tiles(len(played)),
                value=value,
            )
            if played
            else gettext("A legal turn: nothing played (the player draws)")
        )
    else:
        head = gettext("Not a legal turn")
    facts = []
    meld = result.get("initial_meld")
    if meld:
        facts.append(
            gettext(
                "CT-6: the initial meld is worth %(points)s points, %(needed)s needed",
                points=meld["points"],
                needed=meld["needed"],
            )
        )
    if result.get("could_play") is not None:
        facts.append(gettext("CT-11: the rack could lay %(tiles)s", tiles=_tiles(result["could_play"])))
    options = {k: v for k, v in ask.options.items() if k != "time_limit"}
    instead = result.get("instead")
    return {
        "valid": valid,
        "head": head,
        "played": _row(variant, played),
        "facts": facts,
        "reasons": result.get("reasons") or [],
        "alternatives": result.get("alternatives") or [],
        "notes": result.get("notes") or [],
        "after": _table(variant, ask.after, options, played, result.get("parts"), result.get("reasons"))
        if ask.after.strip()
        else None,
        "instead": _instead(variant, instead, options) if instead else None,
    }


def _instead(variant: str, instead: dict, options: dict) -> dict:
    """The legal turn the alternatives suggest, drawn as its table after (a grid's board where two
    lines share a tile, CT-9) with its worth; ``after`` is the text that checks it on this page."""
    return {
        "head": ngettext(
            "Lay %(tiles)s, worth %(num)s point; the table after:",
            "Lay %(tiles)s, worth %(num)s points; the table after:",
            instead["value"],
            tiles=" ".join(instead["play"]),
        ),
        "after": _table(variant, instead["after"], options, instead["play"]),
        "text": instead["after"],
    }


def present_best(variant: str, ask, result: dict, hints) -> dict:
    """The best play (tile games) or a card game's hint: sentences, then what to lay, drawn
    (``hints``: the variant's own, named by its profile)."""
    shown = hints(variant, ask, result)
    proof = gettext("Proved best") if result.get("optimal", True) else gettext("Best found, not proven")
    if result.get("bound") is not None and not result.get("optimal", True):
        proof = (
            gettext("Best found, not proven: a play might reach %(tiles)s", tiles=_tiles(result["bound"]))
            if result.get("goal") == "tiles"
            else gettext("Best found, not proven: a play might reach %(value)s points", value=result["bound"])
        )
    return {"proof": proof, "notes": result.get("notes") or [], **shown}


def tiles_hints(variant: str, ask, result: dict) -> dict:
    n, value = result["tiles_played"], result["value"]
    if n:
        head = gettext("CT-5: lay %(tiles)s, worth %(value)s points", tiles=_tiles(n), value=value)
    elif ask.initial:
        head = gettext("CT-6: no initial meld from this rack reaches the points it needs: draw a tile")
    else:
        head = gettext("Nothing can be laid: draw a tile")
    options = {k: v for k, v in ask.options.items() if k != "time_limit"}
    table = " | ".join(" ".join(s) for s in result["table"])
    return {
        "head": head,
        "play": _row(variant, result["play"]),
        "groups": [],
        "after": _table(variant, result.get("board") or table, options, result["play"]) if table else None,
    }


def krazy_bee_hints(variant: str, ask, result: dict) -> dict:
    step = gettext("Step %(step)s", step=result["step"]) if result.get("step") else gettext("this Step")
    if result["can_lay"]:
        head = (
            ngettext(
                "KB-3: this hand lays %(step)s, with %(num)s Wild Bee",
                "KB-3: this hand lays %(step)s, with %(num)s Wild Bees",
                result["wild_bees"],
                step=step,
            )
            if result["wild_bees"]
            else gettext("KB-3: this hand lays %(step)s", step=step)
        )
    elif ask.options.get("step"):
        head = gettext("KB-3: this hand cannot lay %(step)s", step=step)
    else:
        head = gettext("KB-3: this hand cannot lay any Step of the list")
    groups = [
        {"label": gettext("Meld %(j)s", j=i), "cells": _row(variant, m)}
        for i, m in enumerate(result["melds"], 1)
    ]
    more = (
        [gettext("KB-3: Steps this hand can lay: %(steps)s", steps=", ".join(map(str, result["steps"])))]
        if len(result["steps"]) > 1
        else []
    )
    return {
        "head": head,
        "step_text": result.get("step_text") if result["can_lay"] else "",
        "groups": groups,
        "facts": more,
    }


def crib_rummy_hints(variant: str, ask, result: dict) -> dict:
    head = (
        gettext("CR-5: lay these for %(pegs)s", pegs=_pegs(result["pegs"]))
        if result["pegs"]
        else gettext("CR-5: nothing to lay from this hand")
    )
    tables = [s for s in str(ask.table or "").split("|") if s.strip()]
    groups = [
        {
            "label": gettext("New %(kind)s: %(pegs)s", kind=_kind(m["kind"]), pegs=_pegs(m["pegs"]))
            if m["kind"]
            else gettext("New meld: %(pegs)s", pegs=_pegs(m["pegs"])),
            "cells": _row(variant, m["cards"]),
        }
        for m in result["melds"]
    ]
    groups += [
        {
            "label": gettext(
                "Add to meld %(number)s (%(cards)s): %(pegs)s",
                number=a["meld"] + 1,
                cards=" ".join(tables[a["meld"]].split()),
                pegs=_pegs(a["pegs"]),
            ),
            "cells": _row(variant, a["cards"]),
        }
        for a in result["additions"]
    ]
    return {"head": head, "groups": groups, "left": _row(variant, result["cards_left"])}


def rumbugz_hints(variant: str, ask, result: dict) -> dict:
    kinds = [s["kind"] for s in result["sequences"]]
    head = (
        gettext("RB-4: this hand lays %(kinds)s Sequences", kinds=_words(kinds))
        if kinds
        else gettext("RB-4: this hand lays no Sequence still missing")
    )
    groups = [
        {
            "label": gettext("%(kind)s Sequence", kind=_kind(s["kind"]).capitalize()),
            "cells": _row(variant, s["cards"]),
        }
        for s in result["sequences"]
    ]
    facts = (
        [gettext("RB-4: still missing after that: %(kinds)s", kinds=_words(result["missing"]))]
        if result["missing"]
        else [gettext("RB-4: every kind is laid")]
    )
    return {"head": head, "groups": groups, "facts": facts}


def crazy_rummy_hints(variant: str, ask, result: dict) -> dict:
    def row(variant, tokens):  # CZ-1: the wild rank's cards drawn as wildcards, as the checker draws them
        return _mark_wild_rank(variant, ask, pair(variant, [str(t) for t in tokens], []))

    head = (
        gettext("CZ-5: lay %(value)s points of cards", value=result["value"])
        if result["value"]
        else gettext("CZ-2: nothing to lay from this hand")
    )
    groups = [
        {"label": ngettext("Set of %(num)s card", "Set of %(num)s cards", len(s)), "cells": row(variant, s)}
        for s in result["sets"]
    ]
    groups += [
        {
            "label": gettext("Bottom feeding onto board %(number)s (CZ-4)", number=b["board"] + 1),
            "cells": row(variant, b["cards"]),
        }
        for b in result["bottom_feeding"]
    ]
    return {"head": head, "groups": groups, "left": row(variant, result["cards_left"])}


def _words(items: list[str]) -> str:
    words = [_kind(i) for i in items]
    if len(words) < 2:
        return "".join(words)
    return gettext("%(some)s and %(last)s", some=", ".join(words[:-1]), last=words[-1])
