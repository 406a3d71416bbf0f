"""The reader's language: which one a request gets, the footer's switch, and the words the scripts use.

A request gets the language its phone chose in the footer (the ``lang`` cookie,
set by ``/language/<code>``), else the best of its browser's
``Accept-Language``, else English: the pages' words and the engine's alike (an API
client without the cookie gets what its ``Accept-Language`` asks for). Nothing of it is in a page's address, so a
share link or QR code opens in the follower's own language. The words live in
gettext catalogs under ``scorekeeper/translations/<code>/LC_MESSAGES/messages.po``
(``make messages`` extracts, ``make translations`` compiles; docs/languages.md).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from flask import Blueprint, Flask, current_app, has_request_context, redirect, request, url_for
from flask_babel import Babel, get_locale, get_translations, gettext, refresh
from markupsafe import Markup

from ..display.counts import counted_ngettext
from ..display.isolates import right_to_left
from ..display.reasons import ENGLISH, rendered
from ..limits import BACK_HERE_MAX
from ..rulebook import Phrase
from ..storage.paths import PACKAGE, STATIC

TRANSLATIONS = PACKAGE / "translations"


class Language(NamedTuple):
    """A language a reader may choose: its name in its own words, and which way its text runs."""

    name: str
    direction: str = "ltr"


#: the languages a reader may choose, by code, each named in its own words. A language whose
#: catalog is not there yet (or lacks a word) shows the English words: gettext falls back.
LANGUAGES = {
    "en": Language("English"),
    "de": Language("Deutsch"),
    "he": Language("עברית", "rtl"),
    "nl": Language("Nederlands"),
    "pl": Language("Polski"),
}
#: the pseudo-locale the tests switch on (``PSEUDO_LOCALE``): a CLDR locale no reader asks for
PSEUDO = "en_001"
#: its mirrored twin: the same words on pages that run right to left (tests/pseudo_locale.py)
PSEUDO_RTL = "en_150"
COOKIE = "lang"
#: a year: the choice is the phone's, until it chooses again
COOKIE_AGE = 365 * 24 * 3600
#: ``_("...")`` in the pages' scripts: the words they show (pybabel's javascript extractor reads the same)
JS_MESSAGE = re.compile(r"""\b_\(\s*"((?:[^"\\]|\\.)*)"\s*[,)]""")

bp = Blueprint("languages", __name__)


def languages() -> dict[str, str]:
    """The codes a request may get: the shipped ones, and the pseudo-locale when the tests ask for it."""
    if current_app.config.get("PSEUDO_LOCALE"):
        return {**LANGUAGES, PSEUDO: Language("Pseudo"), PSEUDO_RTL: Language("Pseudo", "rtl")}
    return LANGUAGES


def select_locale() -> str:
    """The footer's choice (the cookie), else the browser's ``Accept-Language``, else English."""
    if not has_request_context():  # an app's work outside a request (a command, a job): English
        return "en"
    chosen = request.cookies.get(COOKIE)
    available = languages()
    if chosen in available:
        return chosen
    return request.accept_languages.best_match(list(available), default="en")


def request_locale() -> str:
    """The request's language (:func:`select_locale`'s choice) for the engine's words too; English
    outside a request."""
    return str(get_locale()) if has_request_context() else ENGLISH


def spoken(answer: Any) -> Any:
    """A JSON answer with the engine's reasons in the reader's language, and beside each list of them
    their rule ids, keys and values (``reasons_keys``, ``notes_keys`` ...)."""
    return rendered(answer, request_locale(), keyed=True)


def same_site(target: str | None) -> str:
    """``target`` when it is a path on this site (``/games/x``), else the home page: never another host.
    A browser drops tabs and line breaks from an address, so ``/\\t/evil.com`` would be ``//evil.com``
    (another host), and a line break in a header is refused (a 500): no control character or space
    is taken (one leading "/" then leaves no room for a scheme or a host)."""
    if (
        not target
        or not target.startswith("/")
        or target.startswith("//")
        or "\\" in target
        or any(ch.isspace() or ord(ch) < 32 or ord(ch) == 127 for ch in target)
    ):
        return url_for("main.index")
    return target


@bp.get("/language/<code>")
def choose(code: str):
    """The footer's switch: remember ``code`` on this phone and go back to the page it was on.

    A GET that only sets a preference and redirects to a path of this site: no
    state of any game changes, so a forged link can do no more than change words.
    """
    response = redirect(same_site(request.args.get("next")), code=303)
    if code in languages():
        response.set_cookie(COOKIE, code, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    return response


@cache
def script_messages(folder: Path = STATIC / "js") -> tuple[str, ...]:
    """Every msgid the pages' scripts pass to ``_()``, in file order."""
    found: dict[str, None] = {}
    for path in sorted(folder.glob("*.js")):
        for match in JS_MESSAGE.finditer(path.read_text(encoding="utf-8")):
            found[json.loads(f'"{match[1]}"')] = None
    return tuple(found)


def script_words() -> Markup:
    """The scripts' words in the request's language, as a JSON island for ``static/js/i18n.js``.

    The words travel inside each page, so a page the service worker kept shows them
    offline in the language it was read in, and no build step or extra file is needed.
    English pages carry none: the scripts' own words are the English.
    """
    if str(get_locale()) == "en":
        return Markup("")
    words = {text: gettext(text) for text in script_messages()}
    payload = json.dumps({k: v for k, v in words.items() if v != k}, ensure_ascii=False)
    payload = payload.replace("<", "\\u003c")
    return Markup(f'<script type="application/json" id="script-words">{payload}</script>')


def direction(code: str | None = None) -> str:
    """``rtl`` or ``ltr``: which way the text of language ``code`` (the request's by default) runs."""
    code = str(get_locale()) if code is None else code
    known = languages() if has_request_context() else LANGUAGES
    return known.get(code, LANGUAGES["en"]).direction


def page_rtl() -> bool:
    """Whether the page being answered reads right to left (False outside a request)."""
    return has_request_context() and direction() == "rtl"


def option_name(name: object) -> str:
    """A player's name as an ``<option>``'s text, where no ``<bdi>`` can go: between first-strong
    isolates (U+2068, U+2069) on a right-to-left page or when the name is written right to left,
    so "Ann-Marie (2)" or "Dee." keeps its order in a Hebrew page's select; else as it is. The
    scripts' ``isolatedName`` (static/js/i18n.js) does the same for the names they write.

    >>> option_name("Ann"), option_name("דנה") == "\u2068דנה\u2069"
    ('Ann', True)
    """
    text = str(name)
    return f"\u2068{text}\u2069" if text and (page_rtl() or right_to_left(text)) else text


def html_lang() -> str:
    """``<html lang>``: the request's language as BCP 47 (``de``, ``en``)."""
    return str(get_locale()).replace("_", "-")


def english_mark() -> Markup:
    """`` lang="en"`` for words that stay English on a page in another language (the rules' own
    sentences, not yet translated), so screen readers read them as English and the pseudo-locale
    sweep sees them declared; nothing on an English page."""
    return Markup("") if str(get_locale()) == "en" else Markup(' lang="en"')


def english_unless_translated(text: str) -> Markup:
    """`` lang="en"`` for a text of the rulebook that the catalog does not translate yet (shown as it
    is), nothing once it does, or on an English page."""
    source = getattr(text, "template", text)  # a line built at run time: its template
    return english_mark() if source and gettext(source) == source else Markup("")


def translated(text: str) -> str:
    """``{{ text | translated }}``: data the catalog may translate (the rulebook's sentences), as plain
    text that the page escapes like any other (the templates' ``_()`` marks its answer safe)."""
    if isinstance(text, Phrase):  # a line the rulebook built at run time, its values in the same language
        return text.said(gettext)
    return str(gettext(text)) if text else text


def back_here() -> str:
    """Where the switch goes back to: this page, but never an address that holds a secret (a join
    link): its secret would be written into every link of the page; and without its query past
    :data:`~scorekeeper.limits.BACK_HERE_MAX` characters (each language's link carried it whole)."""
    if "secret" in (request.view_args or {}):
        return url_for("main.index")
    here = request.full_path.rstrip("?")
    return here if len(here) <= BACK_HERE_MAX else request.path


def vary_by_language(response: Any) -> Any:
    """Every answer but a static file is written in the reader's language, chosen by the ``lang``
    cookie or ``Accept-Language``: a browser's or a proxy's cache keeps one copy per language."""
    if request.endpoint != "static":
        response.vary.update(("Accept-Language", "Cookie"))
    return response


def init_app(app: Flask) -> None:
    """Flask-Babel with the catalogs under ``translations/``, the switch's route, the templates' helpers."""
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    Babel(app, locale_selector=select_locale)
    # a plural count written the reader's way: 3,911 games, 3.911 Spiele (display/counts.py)
    app.jinja_env.globals["ngettext"] = counted_ngettext(
        lambda s, p, n: get_translations().ungettext(s, p, n)
    )
    # Flask-Babel keeps the chosen locale on the app context's ``g``: where one app context serves
    # several requests (a test client inside ``app.app_context()``), each request chooses anew
    app.before_request(refresh)
    app.register_blueprint(bp)
    app.add_template_filter(translated)
    app.after_request(vary_by_language)

    @app.context_processor
    def language_helpers():
        return {
            "html_lang": html_lang,
            "html_dir": direction,
            "english": english_mark(),
            "english_unless": english_unless_translated,
            "script_words": script_words,
            "language_choices": languages,
            "language_url": lambda code: url_for("languages.choose", code=code, next=back_here()),
        }


def form_sentence(message: str) -> str:
    """A form's refusal (a :class:`~scorekeeper.services.SetupError` message) in the reader's
    language: a :class:`~scorekeeper.club.errors.Sentence` by its template, then its values."""
    template, values = getattr(message, "template", message), getattr(message, "values", {})
    return gettext(template) % values if values else gettext(template)
