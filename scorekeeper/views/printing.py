"""The Print page (blank sheets, Step Indicator Frames, rules cards) and a game's PDFs."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request
from flask_babel import gettext

from .. import services
from ..display.reasons import reason_of
from ..display.words import round_word
from ..printing import documents as printing
from ..printing import options as choices
from ..rules import RulesError, find_variant, variants
from ..web.addresses import external_url
from ..web.described import spoken_reason
from ..web.option_errors import option_error
from .print_waiting import pdf_answer, pdf_response  # noqa: F401 - pdf_response: tables.views_rulings reads it here
from .variant_lookup import variant_or_404

bp = Blueprint("printing", __name__, url_prefix="/print")

#: the Print page's forms, in page order: (kind, heading)
FORMS = (
    ("sheet", "Blank score sheet"),
    ("frames", "Krazy Bee Step Indicator Frames"),
    ("rules", "Rules quick-reference card"),
)


@bp.get("/")
def index():
    """The Print page: one small form per kind of document."""
    return _page()


def _page(kind: str | None = None, errors: dict | None = None, status: int = 200):
    values = request.args if kind else {}
    return render_template(
        "print/index.html",
        forms=FORMS,
        variants=variants(),
        failed=kind,
        errors=errors or {},
        values=values,
        max_rows=choices.MAX_ROWS,
        papers=choices.PAPERS,
        orientations=choices.ORIENTATIONS,
    ), status


@bp.get("/pdf")
def document():
    """A blank sheet, frames or a rules card as chosen on the Print page (the form's errors otherwise)."""
    if _known_variant(request.args.get("variant")):
        variant_or_404(request.args["variant"], "variant")  # another spelling: to the canonical address
    try:
        opts = choices.print_options(request.args)
    except choices.PrintInputError as err:
        # an unknown kind ("poster") is the blank sheet's form, the default kind: "Please check the
        # blank score sheet form below", not "the  form" with no name
        kind = request.args.get("kind")
        return _page(kind if kind in dict(FORMS) else "sheet", _field_errors(err), 400)
    return pdf_answer(lambda: printing.document_pdf(opts), opts.filename)


def _field_errors(err: choices.PrintInputError) -> dict:
    """Each field's error as the form says it: a game option's in player words, not by its key."""
    worded = {name: option_error(name, refusal, err.variant) for name, refusal in err.refused.items()}
    return {**err.errors, **worded}


def _known_variant(slug: str | None) -> bool:
    """Whether ``slug`` names a variant in some spelling (an unknown one is the form's error)."""
    try:
        find_variant(slug or "")
    except RulesError:
        return False
    return True


def _paper() -> str:
    try:
        return choices.paper_choice(request.args.get("paper"))
    except choices.PrintInputError:
        abort(400, description=gettext("Paper must be a4 or letter."))


@bp.get("/game/<public_id>/sheet.pdf")
def game_sheet(public_id: str):
    """A game's filled score sheet, with a QR code to its read-only page."""
    game = services.get_game(public_id)
    try:
        score = services.game_score(game)
    except RulesError as err:
        abort(
            409,
            description=gettext(
                "This game's %(rounds)s cannot be scored: %(reason)s",
                rounds=round_word(game.variant, 2),
                reason=spoken_reason(reason_of(err)),
            ),
        )
    follow_url = external_url("games.show", public_id=game.public_id)
    paper = _paper()
    return pdf_answer(
        lambda: printing.game_sheet_pdf(game, score, follow_url, paper),
        f"{game.variant}-{game.public_id}-sheet.pdf",
    )


@bp.get("/game/<public_id>/frames.pdf")
def game_frames(public_id: str):
    """A Krazy Bee game's Step Indicator Frames: its own Step list, one frame per player."""
    game = services.get_game(public_id)
    if game.variant != choices.FRAMES_VARIANT:
        abort(404, description=gettext("Step Indicator Frames are for Krazy Bee games only."))
    paper = _paper()
    return pdf_answer(lambda: printing.game_frames_pdf(game, paper), f"krazy-bee-{game.public_id}-frames.pdf")
