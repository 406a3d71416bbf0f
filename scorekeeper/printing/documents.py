"""How to print: each document's context, rendered to HTML and PDF (the options are :mod:`.options`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from functools import lru_cache
from types import SimpleNamespace
from typing import Any

from babel.dates import format_date
from flask_babel import gettext
from markupsafe import Markup

from ..display.counts import counted_ngettext
from ..display.isolates import isolated, mixed, visual_order
from ..display.qr import qr_png_url
from ..display.sheets import layout
from ..display.standings import standings
from ..display.words import FILTERS, dealt
from ..limits import SHEET_HANDS_MAX
from ..profiles import profile
from ..profiles.sheet_layouts import blank_sheet, filled_sheet
from ..rulebook.reasons import reason_html
from ..rules import GameScore, RulesError, options_for, step_texts
from ..storage.paths import TEMPLATES
from ..web.languages import direction, english_unless_translated, translated
from .language import in_language, language_now
from .options import PAPERS, PrintOptions
from .sheet_blocks import block_grid, blocks, foot_size, label_line, label_size, standings_lines

#: blank lines added under an unfinished game's hands, to go on by hand
EXTRA_ROWS = 5


@lru_cache(maxsize=1)
def environment():
    """The Jinja environment of the print templates (no Flask app needed)."""
    import flask_babel
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=select_autoescape(["html", "svg"]),
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    # the request's language (docs/languages.md); English outside a request
    # newstyle: Jinja fills the values itself ({% trans count=n %}...{% pluralize %}: %(count)s), so the
    # plural form is looked up without Flask-Babel's own formatting (which knows only %(num)s)
    env.install_gettext_callables(
        lambda text: flask_babel.gettext(text),
        lambda one, many, n: flask_babel.get_translations().ngettext(one, many, n),
        newstyle=True,
    )
    # a plural count written the reader's way: 3,911 games, 3.911 Spiele (display/counts.py)
    env.globals["ngettext"] = counted_ngettext(
        lambda one, many, n: flask_babel.get_translations().ngettext(one, many, n)
    )
    env.filters.update(FILTERS)
    env.filters["translated"] = translated
    env.filters["reason"] = reason_html  # the sentence, then its rule id in small print
    env.filters["visual_order"] = visual_order  # an SVG's Hebrew text: WeasyPrint draws it with no bidi
    return env


def render_html(template: str, **context: Any) -> str:
    language = language_now()
    context.setdefault("language", language)
    context.setdefault("direction", direction(language))  # Hebrew runs right to left: dir="rtl"
    context.setdefault("english", Markup("") if language == "en" else Markup(' lang="en"'))
    context.setdefault("english_unless", english_unless_translated)
    context.setdefault("printed_on", format_date(date.today(), "medium", locale=language))  # Babel's wording
    return environment().get_template(template).render(**context)


def render_pdf(template: str, **context: Any) -> bytes:
    from ..limits.pool import run
    from .pdf import html_to_pdf

    return run(html_to_pdf, render_html(template, **context))  # laid out in a worker process (if not in one)


def page(paper: str, orientation: str) -> dict[str, str]:
    """The ``@page`` size of a paper and orientation."""
    return {"paper": paper, "orientation": orientation, "size": f"{PAPERS[paper]} {orientation}"}


def blank_sheet_pdf(opts: PrintOptions) -> bytes:
    """A blank score sheet for ``opts.variant``."""
    sheet = blank_sheet(profile(opts.variant).sheet, opts.variant, opts.players, opts.rows, opts.game_options)
    return sheet_pdf(
        sheet, opts.paper, opts.orientation, title=gettext("%(name)s score sheet", name=sheet.name)
    )


def sheet_pdf(sheet, paper: str, orientation: str, **context: Any) -> bytes:
    """A score sheet laid out on ``paper`` (``auto`` orientation: portrait when it fits) as PDF bytes."""
    sheet = layout(sheet, paper, orientation)
    sheet.rtl = direction(language_now()) == "rtl"  # Hebrew: the first column on the right
    return render_pdf(
        "pdf/sheet.html",
        sheet=sheet,
        page=page(paper, sheet.orientation),
        blocks=blocks,
        block_grid=block_grid,
        label_line=label_line,
        label_size=label_size,
        foot_size=foot_size,
        **context,
    )


def frames_pdf(
    steps: Sequence[str], names: Sequence[str], paper: str = "a4", current: Sequence[int | None] | None = None
) -> bytes:
    """Krazy Bee Step Indicator Frames: one per name (blank names for a blank frame); ``current``:
    each player's Step now (1-based; None: done), marked on a frame printed mid-game."""
    # four frames a page (Letter's shorter page too); longer lists get tighter lines, then two tall frames a page
    per_page = 4 if len(steps) <= 18 else 2
    frames = [
        {"name": n, "seat": i + 1, "current": current[i] if current else None} for i, n in enumerate(names)
    ]
    pages = [frames[i : i + per_page] for i in range(0, len(frames), per_page)]
    return render_pdf(
        "pdf/frames.html",
        steps=list(steps),
        pages=pages,
        per_page=per_page,
        paper=paper,
        compact=len(steps) > 12,
        page=page(paper, "portrait"),
        title=gettext("Krazy Bee Step Indicator Frames"),
    )


def blank_frames_pdf(opts: PrintOptions) -> bytes:
    return frames_pdf(step_texts(opts.game_options), [""] * opts.players, opts.paper)


def rules_pdf(opts: PrintOptions, rulings: Sequence[tuple[str, str, str]] = (), table: str = "") -> bytes:
    """The variant's quick-reference card in our own words (from :mod:`scorekeeper.rulebook`),
    with a table's ``rulings`` (day, ruling, note) when printed for ``table``."""
    from ..rulebook import SWITCH_WORDS, rulebook

    book = rulebook(opts.variant)
    return render_pdf(
        "pdf/rules.html",
        book=book,
        switch_words=SWITCH_WORDS,
        rulings=list(rulings),
        table=table,
        page=page(opts.paper, "portrait"),
        title=gettext("%(name)s: quick reference", name=book.name),
    )


def document_pdf(opts: PrintOptions) -> bytes:
    """Whatever ``opts.kind`` names: a blank sheet, frames or a rules card."""
    return {"sheet": blank_sheet_pdf, "frames": blank_frames_pdf, "rules": rules_pdf}[opts.kind](opts)


# -- a game's documents ----------------------------------------------------------


def game_sheet_pdf(game, score: GameScore, follow_url: str, paper: str = "a4") -> bytes:
    """The filled score sheet of ``game`` with a QR code to ``follow_url`` (its read-only page), laid
    out, rendered and printed in a worker process (:mod:`scorekeeper.limits.pool`): a long game's sheet is
    seconds of work that must not hold the server's other requests."""
    from ..limits.pool import run

    held = SimpleNamespace(
        names=list(game.names),
        variant=game.variant,
        options=dict(game.options or {}),
        public_id=game.public_id,
    )
    return run(in_language, language_now(), game_sheet_job, held, score, follow_url, paper)


def game_sheet_job(game, score: GameScore, follow_url: str, paper: str) -> bytes:
    """The job :func:`game_sheet_pdf` sends to a worker process (its warm-up makes one too)."""
    names = game.names
    opts, layout = options_for(game.variant, game.options), profile(game.variant).sheet
    # an unfinished game gets a few empty lines to go on by hand, while they fit on the page
    extra = 0 if score.finished else max(0, min(EXTRA_ROWS, layout.default_rows - len(score.rounds)))
    # a long game's sheet carries its last SHEET_HANDS_MAX hands: each line's running totals, and the
    # foot's, count every hand (the game's page and its export hold them all)
    shown = replace(score, rounds=score.rounds[-SHEET_HANDS_MAX:])
    sheet = filled_sheet(layout, game.variant, names, shown, opts, extra_rows=extra)
    # the title's names isolated where they mix directions: "Ann B." between Hebrew names, not ".Ann B"
    titled = [isolated(n) for n in names] if mixed(names, direction(language_now()) == "rtl") else names
    return sheet_pdf(
        sheet,
        paper,
        "auto",
        title=f"{sheet.name}: {', '.join(titled)}",
        game={**game_summary(game, score), "shown": len(shown.rounds)},
        qr=qr_png_url(follow_url, border=2),
        follow_url=follow_url,
    )


def game_frames_pdf(game, paper: str = "a4") -> bytes:
    """The game's Step Indicator Frames: its own Step list, one frame per named player."""
    from ..services import game_score

    steps = step_texts(options_for(game.variant, game.options))
    try:
        progress = game_score(game).progress
    except RulesError:  # hands that no longer score: frames without marks
        progress = None
    current = [None if p.get("done") else p["completed"] + 1 for p in progress] if progress else None
    return frames_pdf(steps, game.names, paper, current if current and any(progress_made(progress)) else None)


def progress_made(progress) -> list[bool]:
    """Whether each player has laid a Step yet (a fresh game's frames stay blank)."""
    return [p.get("completed", 0) > 0 or bool(p.get("done")) for p in progress]


def game_summary(game, score: GameScore) -> dict[str, Any]:
    """Standings, progress and the winner, in words for the sheet's header."""
    names = game.names
    lines = standings(names, score, game.options or {}, short=True)
    return {
        "public_id": game.public_id,
        "variant": game.variant,
        "finished": score.finished,
        "standings": lines,
        "standing_lines": standings_lines(lines, isolate=direction(language_now()) == "rtl"),
        "winners": [names[s] for s in score.winners],
        "hands": len(score.rounds),
        # a game with a dealer says who deals next; a tile or bag game who plays first, as its page
        # does (a tile round's winner starts the next one, sheet step 14: not the seat to the left)
        "dealer": names[score.dealer] if score.dealer is not None and dealt(game.variant) else "",
        "starter": names[score.first_to_play]
        if not dealt(game.variant) and score.first_to_play is not None
        else "",
        "high_wins": score.high_wins,
        "notes": list(score.notes),
    }
