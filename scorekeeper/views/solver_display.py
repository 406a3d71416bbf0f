"""The best play and the whole-turn verdict made ready to draw: sentences first, then faces.

Display only: every fact comes from the engine's ``to_dict()``; this module
words it as sentences (each with the rule id that decides it, shown after
it as a small link) and pairs the tokens with the tile and card faces.

>>> sentence("CT-10: R5 left the table")
('R5 left the table', 'CT-10')
>>> sentence("no rule here")
('No rule here', '')
"""

from __future__ import annotations

from typing import Any

from ..display.card_faces import written_tokens
from ..rules import check
from .checker_display import pair, present_board, split_rule


def sentence(text: str) -> tuple[str, str]:
    """An engine message as (the sentence, capitalised; its rule id or ``""``)."""
    rid, words = split_rule(text)
    words = str(words).strip()
    return words[:1].upper() + words[1:], rid


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _row(variant: str, tokens: Any) -> list[dict]:
    """Tokens (a list, or text with ``|`` and ``/``) as faces in a row."""
    listed = written_tokens(tokens) if isinstance(tokens, str) else [str(t) for t in tokens]
    return pair(variant, listed, [])


def _table(variant: str, text: str, options: dict, parts: list | None = None) -> dict:
    """A table drawn as the checker draws it: a grid cell by cell, else one row of faces per set."""
    if "/" in text or "\n" in text:
        if parts is None:
            try:
                parts = check(variant, text, options=options).to_dict().get("parts") or []
            except ValueError:
                parts = []
        board = present_board(variant, text, parts)
        if board is not None:
            return {"board": board, "sets": []}
    return {"board": None, "sets": [_row(variant, s) for s in text.split("|") if s.strip()]}


def present_turn(variant: str, ask, result: dict) -> dict:
    """The whole-turn verdict: the sentence, the tiles played, every reason, the table after."""
    played, value = result.get("played") or [], result.get("value", 0)
    valid = bool(result.get("valid"))
    if valid:
        head = (f"A legal turn: {_count(len(played), 'tile')} played, worth {value} points" if played
                else "A legal turn: nothing played (the player draws)", "CT-5" if played else "")
    else:
        head = ("Not a legal turn", "")
    facts = []
    meld = result.get("initial_meld")
    if meld:
        facts.append((f"The initial meld is worth {meld['points']} of the {meld['needed']} points it needs",
                      "CT-6"))
    if result.get("could_play") is not None:
        facts.append((f"The rack could lay {_count(result['could_play'], 'tile')}", "CT-11"))
    options = {k: v for k, v in ask.options.items() if k != "time_limit"}
    return {"valid": valid, "head": head, "played": _row(variant, played), "facts": facts,
            "reasons": [sentence(r) for r in result.get("reasons") or []],
            "alternatives": [sentence(a) for a in result.get("alternatives") or []],
            "notes": [sentence(n) for n in result.get("notes") or []],
            "after": _table(variant, ask.after, options, result.get("parts")) if ask.after.strip() else None}


def present_best(variant: str, ask, result: dict) -> dict:
    """The best play (tile games) or a card game's hint: sentences, then what to lay, drawn."""
    shown = _HINTS.get(variant, _tiles)(variant, ask, result)
    proof = ("Proved best", "") if result.get("optimal", True) else \
        ("Best found, not proven: the time bound ran out", "")
    return {"proof": proof, "notes": [sentence(n) for n in result.get("notes") or []], **shown}


def _tiles(variant: str, ask, result: dict) -> dict:
    n, value = result["tiles_played"], result["value"]
    if n:
        head = (f"Lay {_count(n, 'tile')}, worth {value} points", "CT-5")
    elif ask.initial:
        head = ("No initial meld from this rack reaches the points it needs: draw a tile", "CT-6")
    else:
        head = ("Nothing can be laid: draw a tile", "")
    options = {k: v for k, v in ask.options.items() if k != "time_limit"}
    table = " | ".join(" ".join(s) for s in result["table"])
    return {"head": head, "play": _row(variant, result["play"]), "groups": [],
            "after": _table(variant, result.get("board") or table, options) if table else None}


def _krazy_bee(variant: str, ask, result: dict) -> dict:
    step = f"Step {result['step']}" if result.get("step") else "this Step"
    if result["can_lay"]:
        wild = f", with {_count(result['wild_bees'], 'Wild Bee')}" if result["wild_bees"] else ""
        head = (f"This hand lays {step} ({result['step_text']}){wild}", "KB-3")
    else:
        head = (f"This hand cannot lay {step if ask.options.get('step') else 'any Step of the list'}", "KB-3")
    groups = [{"label": f"Meld {i}", "cells": _row(variant, m)} for i, m in enumerate(result["melds"], 1)]
    more = [(f"Steps this hand can lay: {', '.join(map(str, result['steps']))}", "KB-3")] \
        if len(result["steps"]) > 1 else []
    return {"head": head, "groups": groups, "facts": more}


def _crib_rummy(variant: str, ask, result: dict) -> dict:
    head = (f"Lay these for {_count(result['pegs'], 'peg')}", "CR-5") if result["pegs"] else \
        ("Nothing to lay from this hand", "CR-5")
    tables = [s for s in str(ask.table or "").split("|") if s.strip()]
    groups = [{"label": f"New {m['kind'] or 'meld'}: {_count(m['pegs'], 'peg')}", "cells": _row(variant, m["cards"])}
              for m in result["melds"]]
    groups += [{"label": f"Add to meld {a['meld'] + 1} ({' '.join(tables[a['meld']].split())}): "
                         f"{_count(a['pegs'], 'peg')}", "cells": _row(variant, a["cards"])}
               for a in result["additions"]]
    return {"head": head, "groups": groups, "left": _row(variant, result["cards_left"])}


def _rumbugz(variant: str, ask, result: dict) -> dict:
    kinds = [s["kind"] for s in result["sequences"]]
    head = (f"This hand lays {_words(kinds)} Sequences", "RB-4") if kinds else \
        ("This hand lays no Sequence still missing", "RB-4")
    groups = [{"label": f"{s['kind'].capitalize()} Sequence", "cells": _row(variant, s["cards"])}
              for s in result["sequences"]]
    facts = [(f"Still missing after that: {_words(result['missing'])}", "RB-4")] if result["missing"] else \
        [("Every kind is laid", "RB-4")]
    return {"head": head, "groups": groups, "facts": facts}


def _crazy_rummy(variant: str, ask, result: dict) -> dict:
    head = (f"Lay {result['value']} points of cards", "CZ-5") if result["value"] else \
        ("Nothing to lay from this hand", "CZ-2")
    groups = [{"label": f"Set of {_count(len(s), 'card')}", "cells": _row(variant, s)} for s in result["sets"]]
    groups += [{"label": f"Bottom feeding onto board {b['board'] + 1} (CZ-4)", "cells": _row(variant, b["cards"])}
               for b in result["bottom_feeding"]]
    return {"head": head, "groups": groups, "left": _row(variant, result["cards_left"])}


def _words(items: list[str]) -> str:
    return ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else "".join(items)


_HINTS = {"krazy-bee": _krazy_bee, "crib-rummy": _crib_rummy, "rumbugz": _rumbugz, "crazy-rummy": _crazy_rummy}
