"""The best play and the whole-turn verdict made ready to draw: sentences first, then faces."""

from __future__ import annotations

from collections import Counter
from typing import Any

from flask_babel import gettext

from ..display.card_faces import canonical, written_tokens
from ..rules import check
from .checker_display import _mark_wild_rank, pair, present_board


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _row(variant: str, tokens: Any) -> list[dict]:
    """Tokens (a list, or text with ``|`` and ``/``) as faces in a row."""
    listed = written_tokens(tokens) if isinstance(tokens, str) else [str(t) for t in tokens]
    return pair(variant, listed, [])


def _table(variant: str, text: str, options: dict, played: list[str], parts: list | None = None) -> dict:
    """A table drawn as the checker draws it: a grid cell by cell, else one row of faces per set; the
    ``played`` tiles are marked as the rack's (the last ones of each kind: new sets come last)."""
    board = None
    if "/" in text or "\n" in text:
        if parts is None:
            try:
                parts = check(variant, text, options=options).to_dict().get("parts") or []
            except ValueError:
                parts = []
        board = present_board(variant, text, parts)
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
            f"CT-5: a legal turn: {_count(len(played), 'tile')} played, worth {value} points"
            if played
            else "A legal turn: nothing played (the player draws)"
        )
    else:
        head = "Not a legal turn"
    facts = []
    meld = result.get("initial_meld")
    if meld:
        facts.append(f"CT-6: the initial meld is worth {meld['points']} points, {meld['needed']} needed")
    if result.get("could_play") is not None:
        facts.append(f"CT-11: the rack could lay {_count(result['could_play'], 'tile')}")
    options = {k: v for k, v in ask.options.items() if k != "time_limit"}
    return {
        "valid": valid,
        "head": head,
        "played": _row(variant, played),
        "facts": facts,
        "reasons": result.get("reasons") or [],
        "alternatives": result.get("alternatives") or [],
        "notes": result.get("notes") or [],
        "after": _table(variant, ask.after, options, played, result.get("parts"))
        if ask.after.strip()
        else None,
    }


def present_best(variant: str, ask, result: dict, hints) -> dict:
    """The best play (tile games) or a card game's hint: sentences, then what to lay, drawn
    (``hints``: the variant's own, named by its profile)."""
    shown = hints(variant, ask, result)
    proof = "Proved best" if result.get("optimal", True) else "Best found, not proven"
    if result.get("bound") is not None and not result.get("optimal", True):
        proof += (
            f": a play might reach {result['bound']} {'tiles' if result.get('goal') == 'tiles' else 'points'}"
        )
    return {"proof": proof, "notes": result.get("notes") or [], **shown}


def tiles_hints(variant: str, ask, result: dict) -> dict:
    n, value = result["tiles_played"], result["value"]
    if n:
        head = f"CT-5: lay {_count(n, 'tile')}, worth {value} points"
    elif ask.initial:
        head = "CT-6: no initial meld from this rack reaches the points it needs: draw a tile"
    else:
        head = "Nothing can be laid: draw a tile"
    options = {k: v for k, v in ask.options.items() if k != "time_limit"}
    table = " | ".join(" ".join(s) for s in result["table"])
    return {
        "head": head,
        "play": _row(variant, result["play"]),
        "groups": [],
        "after": _table(variant, result.get("board") or table, options, result["play"]) if table else None,
    }


def krazy_bee_hints(variant: str, ask, result: dict) -> dict:
    step = f"Step {result['step']}" if result.get("step") else "this Step"
    if result["can_lay"]:
        wild = f", with {_count(result['wild_bees'], 'Wild Bee')}" if result["wild_bees"] else ""
        head = f"KB-3: this hand lays {step} ({result['step_text']}){wild}"
    else:
        head = f"KB-3: this hand cannot lay {step if ask.options.get('step') else 'any Step of the list'}"
    groups = [
        {"label": gettext("Meld %(j)s", j=i), "cells": _row(variant, m)}
        for i, m in enumerate(result["melds"], 1)
    ]
    more = (
        [f"KB-3: Steps this hand can lay: {', '.join(map(str, result['steps']))}"]
        if len(result["steps"]) > 1
        else []
    )
    return {"head": head, "groups": groups, "facts": more}


def crib_rummy_hints(variant: str, ask, result: dict) -> dict:
    head = (
        f"CR-5: lay these for {_count(result['pegs'], 'peg')}"
        if result["pegs"]
        else "CR-5: nothing to lay from this hand"
    )
    tables = [s for s in str(ask.table or "").split("|") if s.strip()]
    groups = [
        {
            "label": f"New {m['kind'] or 'meld'}: {_count(m['pegs'], 'peg')}",
            "cells": _row(variant, m["cards"]),
        }
        for m in result["melds"]
    ]
    groups += [
        {
            "label": f"Add to meld {a['meld'] + 1} ({' '.join(tables[a['meld']].split())}): "
            f"{_count(a['pegs'], 'peg')}",
            "cells": _row(variant, a["cards"]),
        }
        for a in result["additions"]
    ]
    return {"head": head, "groups": groups, "left": _row(variant, result["cards_left"])}


def rumbugz_hints(variant: str, ask, result: dict) -> dict:
    kinds = [s["kind"] for s in result["sequences"]]
    head = (
        f"RB-4: this hand lays {_words(kinds)} Sequences"
        if kinds
        else "RB-4: this hand lays no Sequence still missing"
    )
    groups = [
        {"label": f"{s['kind'].capitalize()} Sequence", "cells": _row(variant, s["cards"])}
        for s in result["sequences"]
    ]
    facts = (
        [f"RB-4: still missing after that: {_words(result['missing'])}"]
        if result["missing"]
        else ["RB-4: every kind is laid"]
    )
    return {"head": head, "groups": groups, "facts": facts}


def crazy_rummy_hints(variant: str, ask, result: dict) -> dict:
    def row(variant, tokens):  # CZ-1: the wild rank's cards drawn as wildcards, as the checker draws them
        return _mark_wild_rank(variant, ask, pair(variant, [str(t) for t in tokens], []))

    head = (
        f"CZ-5: lay {result['value']} points of cards"
        if result["value"]
        else "CZ-2: nothing to lay from this hand"
    )
    groups = [{"label": f"Set of {_count(len(s), 'card')}", "cells": row(variant, s)} for s in result["sets"]]
    groups += [
        {"label": f"Bottom feeding onto board {b['board'] + 1} (CZ-4)", "cells": row(variant, b["cards"])}
        for b in result["bottom_feeding"]
    ]
    return {"head": head, "groups": groups, "left": row(variant, result["cards_left"])}


def _words(items: list[str]) -> str:
    return ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else "".join(items)
