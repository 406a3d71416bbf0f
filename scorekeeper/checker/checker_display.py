"""The engine's verdict made ready to draw: card faces paired with readings, rule links."""

from __future__ import annotations

from typing import Any

from flask import url_for
from flask_babel import gettext
from werkzeug.routing import BuildError

from ..display.card_faces import canonical, face, faces_of_reading, written_tokens
from ..rules import find_variant, read_board, split_of
from .checking import CheckInput

_SEPARATORS = ("|", "/")


def rule_link(variant: str, rule_id: str) -> str:
    """Where the rules page explains ``rule_id`` (``/rules/<variant>#KB-3``; the page itself for ``""``)."""
    try:
        return url_for("rules_pages.variant", variant=variant, _anchor=rule_id or None)
    except BuildError:  # the rules pages are not mounted: the contract's address
        return f"/rules/{variant}" + (f"#{rule_id}" if rule_id else "")


def pair(variant: str, tokens: list[str], reading: list[Any]) -> list[dict]:
    """One cell per position: the card as typed and, when it stands for something else, its reading."""
    if len(tokens) != len(reading):
        return [_cell(variant, t, None) for t in tokens]
    return [_cell(variant, t, r) for t, r in zip(tokens, reading)]


def _cell(variant: str, token: str, read: Any) -> dict:
    if token in _SEPARATORS:
        return {"separator": token}
    shown = face(variant, token)
    reads = []
    if read is not None and str(read).upper() != canonical(variant, token):
        reads = faces_of_reading(variant, read)
    split = _split_words(read) if reads and shown.get("wild") else ""
    return {"face": shown, "reads": reads, "read_text": _plain(read) if reads else "", "split": split}


def _split_words(read: Any) -> str:
    """For a wild read as a split tile (CT-1), the tile it stands for, in the page's words (the
    CLI's English: display/card_faces.split_words); else ``""``."""
    split = split_of(read)
    if split is None:
        return ""
    tile, (first, second) = split
    if tile == 11:
        return gettext("stands for an 11, read as %(first)s + %(second)s", first=first, second=second)
    return gettext(
        "stands for a %(tile)s, read as %(first)s + %(second)s", tile=tile, first=first, second=second
    )


def _plain(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return " / ".join(_plain(v) for v in value)
    return str(value)


def _reasons(values: list[str]) -> list[str]:
    return [v if isinstance(v, str) else str(v) for v in values or []]  # a reason stays one (its words)


def present_part(variant: str, index: int, part: Any) -> dict:
    """One meld of a Step laydown (or one line of a grid) ready to draw."""
    if not isinstance(part, dict):
        return {
            "label": gettext("Part %(number)s", number=index),
            "text": str(part),
            "cells": [],
            "reasons": [],
        }
    cards = part.get("cells", part.get("cards") or "")
    tokens = written_tokens(cards) if isinstance(cards, str) else [str(c) for c in cards]
    where = {"row": part.get("row"), "col": part.get("col")}
    if part.get("direction") == "down":
        label = gettext("Down from row %(row)s, column %(col)s", **where)
    elif part.get("direction"):
        label = gettext("Across from row %(row)s, column %(col)s", **where)
    else:
        label = gettext("Meld %(j)s", j=index)
    requirement = str(part.get("requirement") or "") if not part.get("direction") else ""
    return {
        "label": label,  # the heading; the Step's requirement beside it is notation (KB-3)
        "requirement": requirement,
        "spoken": f"{label}: {requirement}" if requirement else label,
        "valid": bool(part.get("valid")),
        "kind": part.get("kind"),
        "kinds": part.get("kinds") or [],
        "points": part.get("points"),
        "cells": pair(variant, tokens, list(part.get("reading") or [])),
        "reasons": _reasons(part.get("reasons")),
        "raw": part,
    }


def _mark_wild_rank(variant: str, ask: CheckInput, cells: list[dict]) -> list[dict]:
    """Crazy Rummy (CZ-1): cards of the hand's wild rank are drawn as wildcards."""
    try:
        rules = find_variant(variant)
        wild = rules.options(ask.options).get("wild") if rules.wild_rank else None
    except ValueError:
        wild = None
    for cell in cells if wild else ():
        if cell.get("face", {}).get("label") == str(wild):
            cell["face"] = {**cell["face"], "wild": True, "symbol": "★", "name": f"{wild} (wildcard)"}
    return cells


def present(variant: str, ask: CheckInput, result: dict) -> dict:
    """The verdict (or hand value) as the page draws it."""
    if ask.action == "hand":
        return {
            "hand": True,
            "cards": pair(variant, written_tokens(ask.cards), []),
            "breakdown": [
                {"face": face(variant, b["card"]), "points": b["points"]} for b in result.get("breakdown", [])
            ],
        }
    tokens = written_tokens(ask.cards)
    reading = list(result.get("reading") or [])
    taken = [t[1:] for t in tokens if t.startswith("-")] if result.get("removed") else []
    if taken:  # a change (RB-5): the cards taken off are shown apart, the cards added read as laid
        tokens = [t for t in tokens if not t.startswith("-")]
    parts = result.get("parts") or []
    board = (
        present_board(variant, ask.cards, parts, result.get("reasons")) if _is_board(result, parts) else None
    )
    tables = result.get("extend_readings") or []

    def table_with(n: int) -> list | None:
        """N-3: the table's wild cards as reading ``n`` needs them, where that differs from the first."""
        return (
            _table_cells(variant, ask.extend, tables[n])
            if n < len(tables) and tables[n] != tables[0]
            else None
        )

    others = [
        {
            "cells": pair(variant, tokens, list(r)),
            "table": table_with(n),
            "after": _meld_after(
                variant, ask, result, tokens, list(r), tables[n] if n < len(tables) else None
            ),
        }
        for n, r in enumerate((result.get("readings") or [])[1:], 1)
    ]
    kinds = list(result.get("kinds") or [])
    by_kind = result.get("points_by_kind") or {}
    return {
        "hand": False,
        "board": board,
        "valid": bool(result.get("valid")),
        "kind": result.get("kind"),
        "kinds": kinds,
        "other_kinds": [k for k in kinds if k != result.get("kind")],
        "cells": [] if board else _mark_wild_rank(variant, ask, pair(variant, tokens, reading)),
        "paired": len(tokens) == len(reading),
        "reading_text": " ".join(_plain(r) for r in reading),
        "other_readings": others,
        "truncated": bool(result.get("readings_truncated")),
        "reasons": _reasons(result.get("reasons")),
        "alternatives": _reasons(result.get("alternatives")),
        "notes": _reasons(result.get("notes")),
        "parts": [present_part(variant, i, p) for i, p in enumerate(parts, 1)],
        "table": _table_pairs(variant, ask, result),
        "taken_off": pair(variant, taken, []),
        "after": _meld_after(variant, ask, result, tokens, reading),
        "points_by_kind": result.get("points_by_kind") if len(by_kind) > 1 else None,
    }


def _meld_after(
    variant: str, ask: CheckInput, result: dict, added: list[str], reading: list, table: list | None = None
) -> list:
    """A legal extension or change: the meld as it stands after it, the cards kept on the table and
    those added (read as ``reading``, the table as ``table``: the first reading's by default), in the
    order the meld climbs (each read as a number: a run or Sequence in any order, N-3); ``[]`` where
    a card does not read as one number (a tile, a card game's set)."""
    table = list(table if table is not None else result.get("extend_reading") or [])
    typed = written_tokens(ask.extend or "")
    if not (result.get("valid") and table and len(typed) == len(table) and len(added) == len(reading)):
        return []
    kept = [(t, r) for t, r in zip(typed, table) if r is not None] + list(zip(added, reading))
    if not all(isinstance(r, (int, str)) and str(r).isdecimal() for _, r in kept):
        return []
    kept.sort(key=lambda tr: int(tr[1]))
    return pair(variant, [t for t, _ in kept], [r for _, r in kept])


def _is_board(result: dict, parts: list[Any]) -> bool:
    """Whether the verdict is on a tile grid: its kind, or parts that run across or down (CT-9)."""
    return result.get("kind") == "board" or any(isinstance(p, dict) and p.get("direction") for p in parts)


def _table_pairs(variant: str, ask: CheckInput, result: dict) -> list:
    """The table's cards (an extension's meld, a turn's table) paired with how the engine read them."""
    return _table_cells(
        variant, ask.extend, list(result.get("extend_reading") or result.get("table_reading") or [])
    )


def _table_cells(variant: str, extend: str | None, reading: list) -> list:
    """The table's cards as typed, each with its reading; a card the change takes off (read as
    None: RumBugz's ``-3``) is marked ``off``."""
    cells = pair(variant, written_tokens(extend or ""), reading)
    if len(cells) == len(reading):
        for cell, read in zip(cells, reading):
            if read is None and "face" in cell:
                cell["off"] = True
    return cells


def present_board(variant: str, cards: str, parts: list[Any], reasons: Any = ()) -> dict | None:
    """A tile grid drawn cell by cell: each tile, the lines it is in, and how each line reads it (CT-9);
    each cell's label says what the line list and the board's ``reasons`` say of it."""
    notation = find_variant(variant).notation
    try:
        rows = read_board(cards, notation)
    except ValueError:
        return None
    cells: dict[tuple[int, int], dict] = {
        (r, c): {"face": face(variant, notation.format(t)), "lines": [], "reads": [], "ok": False}
        for r, row in enumerate(rows)
        for c, t in enumerate(row)
        if t is not None
    }
    for n, part in enumerate(parts, 1):
        if isinstance(part, dict) and part.get("direction") in ("across", "down"):
            _mark_line(variant, cells, n, part)
    clashes = _joker_clashes(reasons)
    for where, cell in cells.items():
        cell["ok"], cell["label"] = _cell_judgement(
            [line["valid"] for line in cell["lines"]], where in clashes
        )
    width = max((len(row) for row in rows), default=0)
    return {"width": width, "rows": [[cells.get((r, c)) for c in range(width)] for r in range(len(rows))]}


def _mark_line(variant: str, cells: dict[tuple[int, int], dict], n: int, part: dict) -> None:
    """Line ``n`` marked on each of its cells: that it passes there, and how it reads the tile
    where that differs from the tile as written."""
    across = part["direction"] == "across"
    r0, c0 = int(part.get("row", 1)) - 1, int(part.get("col", 1)) - 1
    reading = list(part.get("reading") or [])
    for i in range(len(part.get("cells") or [])):
        cell = cells.get((r0, c0 + i) if across else (r0 + i, c0))
        if cell is None:
            continue
        cell["lines"].append({"number": n, "valid": bool(part.get("valid"))})
        read = reading[i] if i < len(reading) else None
        if read is not None and str(read) != cell["face"]["token"]:
            cell["reads"].append(
                {"arrow": "→" if across else "↓", "text": str(read), "faces": faces_of_reading(variant, read)}
            )


def _joker_clashes(reasons: Any) -> set[tuple[int, int]]:
    """The cells (0-based) of crossing jokers the board's reasons refuse: their two lines read
    them in two colours (CT-9), though each line alone is legal."""
    out = set()
    for reason in reasons or ():
        cell = (
            getattr(reason, "values", {}).get("cell")
            if getattr(reason, "key", "") == "ct.joker_one_colour"
            else None
        )
        if cell is not None and hasattr(cell, "values"):
            out.add((int(cell.values["row"]) - 1, int(cell.values["col"]) - 1))
    return out


def _cell_judgement(valid: list[bool], clash: bool) -> tuple[bool, str]:
    """A tile's frame (legal or not) and its words, following the lines it is in (``valid``, one
    flag per line) and whether it is a joker its lines read in two colours."""
    if clash:
        return False, gettext("a joker its two legal lines read in two colours")
    if not valid:
        return False, gettext("in no line")
    if all(valid):
        return True, gettext("in a legal line") if len(valid) == 1 else gettext("in two legal lines")
    if any(valid):
        return False, gettext("in a legal line and in a line that is not legal")
    return False, gettext("in no legal line")
