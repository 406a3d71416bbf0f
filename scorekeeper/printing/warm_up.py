"""What a worker process of the pool does once, before its first job: each heavy library loaded and
used on something tiny, so a player's first PDF, best play or rack photo finds it ready.

Runs only in a pool process (:func:`scorekeeper.limits.pool_process.serve` imports it by name, as it
is a layer above the pool): the imports stay inside the functions, so the web process never loads
WeasyPrint, HiGHS or onnxruntime for them. It lives with the PDFs, the highest layer of the three.
"""

from __future__ import annotations

from collections.abc import Callable

TINY_PAGE = '<html lang="en"><body><h1>Scorekeeper</h1><p>R7 R8 K2 · 1 2 3 · äöü</p></body></html>'


def _pdf() -> None:
    """WeasyPrint, the print stylesheet and its fonts: one tiny page laid out and written."""
    from .pdf import html_to_pdf

    html_to_pdf(TINY_PAGE)


def _solver() -> None:
    """HiGHS and the engine's model: a tiny best play and a tiny whole turn."""
    from ..checker.solving import SolveAsk, TurnAsk, best_play, judge_turn

    best_play(SolveAsk("rummikub", "R7 R8 K2", "R4 R5 R6"))
    judge_turn(TurnAsk("rummikub", "R5 R6 R7", "R8", "R5 R6 R7 R8"))


def _photo() -> None:
    """onnxruntime and the rack photo's two models, loaded once."""
    from ..photo import photo

    photo._session("detector")
    photo._session("reader")


STEPS: dict[str, Callable[[], None]] = {"pdf": _pdf, "solver": _solver, "photo": _photo}


def warm_up() -> dict[str, bool | str]:
    """Each step done (True), or why it failed (the jobs will say so themselves when asked)."""
    done: dict[str, bool | str] = {}
    for name, step in STEPS.items():
        try:
            step()
            done[name] = True
        except Exception as err:  # a missing model or font must not stop the process serving the rest
            done[name] = f"{type(err).__name__}: {err}"
    return done
