"""What a worker process of the pool does once, before its first job: each heavy library loaded and
used on something tiny, so a player's first PDF or best play finds it ready.

The app factory gives :data:`STEPS` to the pool (``create_app``: the pool, a floor below, knows
nothing of its jobs), and only a pool process runs them: the imports stay inside the functions, so
the web process never loads WeasyPrint or HiGHS for them. It lives with the PDFs, the highest
layer of the three.
"""

from __future__ import annotations

from collections.abc import Callable

TINY_PAGE = '<html lang="en"><body><h1>Scorekeeper</h1><p>R7 R8 K2 · 1 2 3 · äöü</p></body></html>'


def _weasyprint() -> None:
    """The import alone (most of the PDF's warm-up), which a job may run beside."""
    import weasyprint  # noqa: F401


def _pdf() -> None:
    """WeasyPrint, the print stylesheet and its fonts: one tiny page laid out and written."""
    from .pdf import html_to_pdf

    html_to_pdf(TINY_PAGE)


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
