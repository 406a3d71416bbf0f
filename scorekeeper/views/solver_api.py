"""``POST /api/v1/solve`` and ``POST /api/v1/turn``: the best play and the whole-turn verdict (issue 12).

The same blueprint prefix, rules and error body as :mod:`.api`: strict JSON
checked against the document's ``SolveRequest`` / ``TurnRequest``, 400 for
the wrong shape, 422 naming the token or option the rules refuse. Nothing
is stored, so no edit secret is asked; CSRF-exempt like every API route (no
cookie is read). The search is bounded in time
(:func:`scorekeeper.solving.bounded`).
"""

from __future__ import annotations

from flask import Blueprint

from ..extensions import csrf
from ..solving import best_play, judge_turn, solve_from_json, turn_from_json
from .api import answered

bp = Blueprint("solver_api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)


@bp.post("/solve")
def solve():
    """The best play for a rack on a table (tile games), or what a hand can lay (card games)."""
    return answered("SolveRequest", solve_from_json, best_play)


@bp.post("/turn")
def turn():
    """Judge a whole tile turn: the table before, the rack, the table after."""
    return answered("TurnRequest", turn_from_json, judge_turn)
