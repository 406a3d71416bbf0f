"""A table's rulings: the list, adopting a checker verdict, choosing an option, recording a reading,
withdrawing one, and the printed rules card with them. Every POST needs the table's secret."""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.datastructures import MultiDict

from ..checker.checking import InputError, from_query, run
from ..checker.ruling_words import sentence
from ..display.reasons import reason_of, render_reason
from ..display.words import in_marks
from ..printing.documents import rules_pdf
from ..printing.options import PrintInputError, PrintOptions, paper_choice
from ..rulebook.book import N_
from ..rules import RulesError, find_variant, whole_number
from ..services.tables import roster as services
from ..services.tables import rulings
from ..storage.extensions import db
from ..views.printing import pdf_response
from ..views.variant_lookup import variant_or_404
from ..web import table_access as access
from ..web.form_once import taken_once
from ..web.forms import ConfirmForm
from ..web.languages import request_locale
from .forms import OptionRulingForm, ReadingRulingForm, RulingForm, option_choices, variant_choices
from .views import bp, field_errors, variant_names


def _forms(formdata=None) -> dict:
    """The page's two forms, each with its own field names (``option-note``, ``reading-note``), filled
    from ``formdata`` when it was the one sent. Their CSRF token is the page's own ``csrf_token``
    field, which the app-wide CSRF protection checks on every POST."""
    option = OptionRulingForm(
        formdata if formdata is not None and formdata.get("kind") == "option" else None,
        prefix="option",
        meta={"csrf": False},
    )
    option.option.choices = option_choices()
    reading = ReadingRulingForm(
        formdata if formdata is not None and formdata.get("kind") == "reading" else None,
        prefix="reading",
        meta={"csrf": False},
    )
    reading.variant.choices = variant_choices()
    return {"option_form": option, "reading_form": reading}


def _page(table, status: int = 200, **forms):
    listed = rulings.rulings_of(table)
    return render_template(
        "tables/rulings.html",
        table=table,
        rulings=listed,
        sentence=sentence,
        variant_names=variant_names(),
        editor=access.can_change(table),
        confirm=ConfirmForm(),
        variants_ruled=sorted({r.variant for r in listed}),
        **{**_forms(), **forms},
    ), status


@bp.get("/<table_id>/rulings")
def rulings_page(table_id: str):
    """Every ruling of the table, newest decision last, with forms for its phones."""
    return _page(services.get_table(table_id))


@bp.post("/<table_id>/rulings")
@taken_once  # a double tap on Keep keeps the ruling once
def add_ruling(table_id: str):
    """Keep a new ruling: an adopted verdict, an option choice or a reading."""
    table, _ = access.changeable_table(table_id)
    kind = request.form.get("kind")
    forms = _forms(request.form)
    form = {"option": forms["option_form"], "reading": forms["reading_form"]}.get(kind) or RulingForm()
    if form.validate_on_submit():
        try:
            ruling = _keep(table, kind, form)
        except (RulesError, InputError) as err:
            db.session.rollback()
            table = services.get_table(table_id)
            if kind == "verdict":
                flash(gettext("Not adopted: %(reason)s", reason=err), "error")
                return redirect(url_for(".rulings_page", table_id=table_id))
            field_errors(form, err)
        else:
            db.session.commit()
            flash(gettext("Ruling kept: %(ruling)s", ruling=sentence(ruling)), "success")
            return redirect(url_for(".rulings_page", table_id=table_id) + f"#ruling-{ruling.id}")
    elif kind not in ("option", "reading", "verdict"):
        form.form_errors.append("choose what kind of ruling to keep")
    return _page(table, 422, **forms)


def _keep(table, kind: str | None, form):
    when, note = form.decided_on.data, form.note.data
    if kind == "option":
        variant, _, option = (form.option.data or "").partition(":")
        return rulings.choose_option(table, variant, option, form.value.data, note, when)
    if kind == "reading":
        return rulings.record_reading(
            table, form.variant.data, form.question.data, form.answer.data, note, when
        )
    if kind == "verdict":
        query = MultiDict((k, v) for k, v in request.form.items(multi=True) if k.startswith("ask."))
        query = MultiDict((k[4:], v) for k, v in query.items(multi=True))
        return rulings.adopt_verdict(table, query.get("variant", ""), query, note, when)
    raise RulesError("choose what kind of ruling to keep")


@bp.get("/<table_id>/rulings/adopt")
def adopt(table_id: str):
    """Confirm adopting a checker verdict (the checker's link, asked again) with its day and a note."""
    table = services.get_table(table_id)
    slug = request.args.get("variant", "")
    try:
        variant = find_variant(slug).describe()
        verdict = run(from_query(variant["slug"], request.args))
    except (RulesError, InputError) as err:
        said = render_reason(reason_of(err), request_locale(), quote=in_marks)
        raise RulesError(gettext("This check cannot be adopted: %(reason)s", reason=said)) from err
    asked = [(key, value) for key, value in request.args.items(multi=True) if key not in ("game",)]
    return render_template(
        "tables/adopt.html",
        table=table,
        variant=variant,
        verdict=verdict,
        asked=asked,
        form=RulingForm(),
        editor=access.can_change(table),
        checker_url=url_for(
            "checker.variant",
            slug=variant["slug"],
            **{k: v for k, v in request.args.items() if k != "variant"},
        ),
    )


@bp.post("/<table_id>/rulings/withdraw")
def withdraw(table_id: str):
    """Take back one of the table's rulings."""
    table, _ = access.changeable_table(table_id)
    ConfirmForm().validate_on_submit()
    ruling_id = request.form.get("ruling", "")
    number = whole_number(ruling_id)  # not a bare isdigit(): "²" is a digit int() cannot read
    removed = (
        rulings.withdraw(table, number) if number is not None and 0 <= number < 2**62 else None
    )  # an SQL integer
    if removed is None:
        flash(gettext("No such ruling at this table."), "error")
    else:
        db.session.commit()
        flash(gettext("Ruling withdrawn: %(ruling)s", ruling=sentence(removed)), "success")
    return redirect(url_for(".rulings_page", table_id=table_id))


@bp.get("/<table_id>/rules/<variant>.pdf")
def rules_card(table_id: str, variant: str):
    """The variant's printed rules card with the table's rulings on it."""
    table = services.get_table(table_id)
    slug = variant_or_404(variant, "variant", N_("There is no rules card for %(slug)s.")).slug
    try:
        paper = paper_choice(request.args.get("paper"))
    except PrintInputError as err:
        raise InputError("; ".join(err.errors.values())) from err
    listed = [(r.decided_on.date().isoformat(), sentence(r), r.note) for r in rulings.rulings_of(table, slug)]
    pdf = rules_pdf(PrintOptions(kind="rules", variant=slug, paper=paper), rulings=listed, table=table.name)
    return pdf_response(pdf, f"{slug}-rules-{table.public_id}.pdf")
