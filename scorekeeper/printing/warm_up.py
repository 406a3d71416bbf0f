"""What a worker process of the pool does once, before its first job: each heavy library loaded and
used as a player's first job uses it, so a first PDF or best play finds it ready.

The app factory gives :data:`STEPS` to the pool (``create_app``: the pool, a
floor below, knows nothing of its jobs), and only a pool process runs them: the imports stay inside
the functions, so the web process never loads WeasyPrint or HiGHS for them. It lives with the PDFs,
the highest layer of the three.
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

#: the game whose sheet the warm-up prints: four players, three hands of Rummikub (a game's sheet
#: as a player prints it: names, lines of hands, totals, standings and the QR code)
NAMES = ["Ann", "Bob", "Cy", "Dee"]
RACKS = ["R5 B7", "K2 G9 J", "B11 R1", "G3"]
FOLLOW_URL = "http://127.0.0.1:5000/games/warm-up"


def _weasyprint() -> None:
    """The import alone (most of the PDF's warm-up), which a job may run beside."""
    import weasyprint  # noqa: F401


def _pdf() -> bytes:
    """A real game's score sheet, through the very job a player's sheet is (``game_sheet_job``, in
    English): the print stylesheet parsed and its fonts loaded (regular, bold and the monospaced
    lines), Pango's shaping of them, the sheet's template compiled, a QR code drawn, Babel's dates.
    A tiny page warmed less than half of it (a first sheet then took 0.38 s of CPU, a later one 0.13)."""
    from ..rules import score_game
    from .documents import game_sheet_job
    from .language import in_language

    hands = [
        {"winner": n % 4, "players": [{"rack": "" if s == n % 4 else RACKS[(s + n) % 4]} for s in range(4)]}
        for n in range(3)
    ]
    game = SimpleNamespace(names=NAMES, variant="rummikub", options={}, public_id="warm-up")
    score = score_game("rummikub", hands, players=len(NAMES), names=NAMES)
    return in_language("en", game_sheet_job, game, score, FOLLOW_URL, "a4")


def _solver() -> None:
    """HiGHS and the engine's model: a tiny best play and a tiny whole turn."""
    from ..checker.solving import SolveAsk, TurnAsk, best_play, judge_turn

    best_play(SolveAsk("rummikub", "R7 R8 K2", "R4 R5 R6"))
    judge_turn(TurnAsk("rummikub", "R5 R6 R7", "R8", "R5 R6 R7 R8"))


#: in this order, cheapest first: a process takes a waiting job between two steps, and beside an
#: import (:func:`scorekeeper.limits.pool_process.serve`), so a first best play waits for the solver's
#: step at most, never for WeasyPrint's. The rack photo's models (onnxruntime, 26 MB a process, 0.1 s to
#: load) are not warmed: only a process that reads a photo loads them, as it does (issue 35's small box)
STEPS: dict[str, Callable[[], None]] = {"solver": _solver, "import weasyprint": _weasyprint, "pdf": _pdf}
