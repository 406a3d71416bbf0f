"""The two-dimensional board of Crazy and Runny Rummy Tiles (CT-9).

>>> from scorekeeper.rules.tiles import NOTATION
>>> board = read_board("K5 K6 . /. K9 ./. K7", NOTATION)
>>> [[token(t) if t else "." for t in row] for row in board]
[['K5', 'K6', '.'], ['.', 'K9', '.'], ['.', 'K7']]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from ..cards import Card, Notation, tokenize
from ..reasons import Reason, quoted, say
from .crossings import join_crossings, judge_lines
from .faces import entry_points
from .sets import LineVerdict, Switches, supply_reasons, token

_ROWS = re.compile(r"[/\n]")
#: CT-9: a board written without the grid switch; its signs (``/``, ``.``) as the sentence quotes them
NEEDS_GRID = say("ct.board_needs_grid", between_rows=quoted("/"), empty_cell=quoted("."))


def is_board(text) -> bool:
    """Whether ``text`` is written as a board: rows split by ``/`` or new lines, or ``.`` cells."""
    return isinstance(text, str) and (bool(_ROWS.search(text.strip())) or "." in tokenize(text))


def read_board(text: str, notation: Notation) -> list[list[Card | None]]:
    """Board text to rows of cells (``None`` for an empty cell); NotationError on a bad token."""
    return [
        [None if t == "." else notation.parse_token(t) for t in tokenize(row)] for row in _ROWS.split(text)
    ]


@dataclass(frozen=True)
class Line:
    """A maximal line of 2+ adjacent tiles: direction, first cell (0-based) and its cells."""

    direction: str
    row: int
    col: int
    cells: tuple[tuple[int, int], ...]


def find_lines(board: list[list[Card | None]]) -> list[Line]:
    """Every maximal across and down line of two or more adjacent tiles."""

    def at(r: int, c: int) -> Card | None:
        return board[r][c] if r < len(board) and c < len(board[r]) else None

    lines: list[Line] = []
    width = max((len(row) for row in board), default=0)
    for direction, outer, inner, cell in (
        ("across", len(board), width, lambda a, b: (a, b)),
        ("down", width, len(board), lambda a, b: (b, a)),
    ):
        for a in range(outer):
            run: list[tuple[int, int]] = []
            for b in range(inner + 1):
                rc = cell(a, b)
                if b < inner and at(*rc) is not None:
                    run.append(rc)
                    continue
                if len(run) >= 2:
                    lines.append(Line(direction, run[0][0], run[0][1], tuple(run)))
                run = []
    return lines


def _where(r: int, c: int) -> Reason:
    return say("ct.cell", row=r + 1, col=c + 1)


class BoardCheck(NamedTuple):
    """A board judged (CT-9). ``parts`` has one dict per line; ``reading`` one entry per tile in
    row order, ``"K9/K6"`` where a tile is read differently across and down; ``lone_wrong`` the
    tiles of each line that is no set and that no other line crosses, as laid (where another
    order of its tiles would leave every other line as it is: N-2's hint)."""

    valid: bool
    points: int
    parts: list[dict]
    reasons: list[Reason]
    reading: list[str]
    lone_wrong: list[list[str]]


def check_board(board, sw: Switches) -> BoardCheck:
    """Judge a board (CT-9)."""
    tiles = {(r, c): t for r, row in enumerate(board) for c, t in enumerate(row) if t is not None}
    lines = find_lines(board)
    member: dict[tuple[int, int], list[int]] = {}
    for n, line in enumerate(lines):
        for rc in line.cells:
            member.setdefault(rc, []).append(n)
    reasons = _placement_reasons(tiles, member)
    crossing = [rc for rc, t in tiles.items() if t.wild and len(member.get(rc, ())) == 2]
    verdicts = judge_lines(board, lines, sw, {})
    if crossing and all(v.valid for v in verdicts) and len(crossing) <= 2:
        verdicts, joined = join_crossings(board, lines, sw, member, crossing, verdicts)
        reasons += [say("ct.joker_one_colour", cell=_where(*rc)) for rc in crossing if rc not in joined]
    parts, entries, illegal = _read_lines(lines, verdicts, tiles)
    reasons += illegal
    reading = ["/".join(dict.fromkeys(entries[rc])) if rc in entries else token(t) for rc, t in tiles.items()]
    lone_wrong = [
        part["cells"]
        for part, line in zip(parts, lines)
        if not part["valid"] and all(len(member[rc]) == 1 for rc in line.cells)
    ]
    return BoardCheck(not reasons, _board_points(tiles, entries), parts, reasons, reading, lone_wrong)


def _read_lines(lines: list[Line], verdicts: list[LineVerdict], tiles: dict):
    """Each line's part, each tile's readings ``{cell: [entry per line]}``, and a reason for
    every line that is not a legal set (CT-9)."""
    parts, entries, reasons = [], {}, []
    for line, verdict in zip(lines, verdicts):
        parts.append(_line_part(line, verdict, tiles))
        if not verdict.valid:
            key = "ct.line_across" if line.direction == "across" else "ct.line_down"
            reasons.append(say(key, cell=_where(line.row, line.col), tiles=" ".join(parts[-1]["cells"])))
        for rc, entry in zip(line.cells, verdict.best.entries if verdict.best else ()):
            entries.setdefault(rc, []).append(entry)
    return parts, entries, reasons


def _placement_reasons(tiles: dict, member: dict) -> list[str]:
    """What is wrong with the board before its lines are read: a tile in no line, more tiles
    than the supply holds (CT-9), no tile at all (CT-1)."""
    reasons = [
        say("ct.loose_tile", tile=token(t), cell=_where(*rc)) for rc, t in tiles.items() if rc not in member
    ]
    reasons += supply_reasons(tiles.values(), "CT-9", "this board shows")
    if not tiles:
        reasons.append(say("ct.number_tile"))
    return reasons


def _line_part(line: Line, verdict: LineVerdict, tiles: dict) -> dict:
    """One line as ``check_board`` reports it: where it is, its cells, and how it reads."""
    best = verdict.best
    return {
        "direction": line.direction,
        "row": line.row + 1,
        "col": line.col + 1,
        "cells": [token(tiles[rc]) for rc in line.cells],
        "valid": verdict.valid,
        "kind": best.kind if best else None,
        "reading": list(best.entries) if best else [],
        "points": best.points if best else None,
        "reasons": list(verdict.reasons),
    }


def _board_points(tiles: dict, entries: dict) -> int:
    """The board's points: each number tile its number, each joker the higher of its readings (CT-5)."""
    points = 0
    for rc, t in tiles.items():
        if not t.wild:
            points += t.rank
        elif rc in entries:
            points += max(entry_points(e) for e in entries[rc])  # CT-5: the higher number
    return points
