"""What to print: the print options asked for (a form, the command line), validated."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext

from ..profiles import profile
from ..rules import OptionError, RulesError, options_for, say, variants
from .paper import FRAMES_VARIANT, KINDS, MAX_ROWS, ORIENTATIONS, PAPERS


class PrintInputError(ValueError):
    """Print options that cannot be used; ``errors`` maps each field to its message (the command
    line's: a game option named by its key). ``refused``: each game option's refusal by the engine
    (an ``OptionError``, for a form to word), ``variant`` the name of the game they were for."""

    def __init__(
        self, errors: Mapping[str, str], refused: Mapping[str, Any] | None = None, variant: str = ""
    ):
        self.errors = dict(errors)
        self.refused = dict(refused or {})
        self.variant = variant
        super().__init__("; ".join(f"{k}: {v}" for k, v in self.errors.items()))


@dataclass(frozen=True)
class PrintOptions:
    """One document to print: what, for which variant, how many players and rows, on what paper."""

    kind: str = "sheet"
    variant: str = "krazy-bee"
    players: int = 4
    rows: int = 20
    paper: str = "a4"
    orientation: str = "auto"
    #: the game options in force, validated by the engine, as sorted (name, value) pairs
    options: tuple[tuple[str, Any], ...] = field(default=())

    @property
    def game_options(self) -> dict[str, Any]:
        return dict(self.options)

    @property
    def filename(self) -> str:
        """``krazy-bee-sheet-4p.pdf``, ``krazy-bee-frames-4p.pdf``, ``rumbugz-rules.pdf``."""
        if self.kind == "rules":
            return f"{self.variant}-rules.pdf"
        return f"{self.variant}-{self.kind}-{self.players}p.pdf"


def _whole(raw: Any, name: str, low: int, high: int, errors: dict[str, str]) -> int | None:
    try:
        value = int(str(raw).strip())
    except ValueError:
        errors[name] = gettext("%(value)s is not a whole number", value=repr(raw))
        return None
    if not low <= value <= high:
        errors[name] = gettext("choose from %(low)s to %(high)s", low=low, high=high)
        return None
    return value


def paper_choice(raw: Any) -> str:
    """``a4`` or ``letter`` in any case, ``a4`` when not given; PrintInputError otherwise.

    >>> paper_choice("Letter"), paper_choice(None)
    ('letter', 'a4')
    """
    paper = str(raw or "a4").lower()
    if paper not in PAPERS:
        raise PrintInputError({"paper": gettext("choose a4 or letter")})
    return paper


def print_options(raw: Mapping[str, Any]) -> PrintOptions:
    """Validate raw input (strings from a form or the command line) into :class:`PrintOptions`.

    Known keys: ``kind``, ``variant``, ``players``, ``rows``, ``paper``,
    ``orientation``; any other non-empty key is a game option of the variant
    (``steps``, ``target`` ...), validated by the engine.

    >>> print_options({"variant": "crib-rummy", "players": "3", "target": "61"}).filename
    'crib-rummy-sheet-3p.pdf'
    >>> print_options({"variant": "crib-rummy", "players": "7"})
    Traceback (most recent call last):
    ...
    scorekeeper.printing.options.PrintInputError: players: choose from 2 to 4
    """
    errors: dict[str, str] = {}
    kind = str(raw.get("kind") or "sheet")
    if kind not in KINDS:
        errors["kind"] = gettext("choose one of %(choices)s", choices=", ".join(KINDS))
    slug = FRAMES_VARIANT if kind == "frames" else str(raw.get("variant") or "")
    known = {v["slug"]: v for v in variants()}
    if slug not in known:
        errors["variant"] = gettext("choose one of %(choices)s", choices=", ".join(known))
        raise PrintInputError(errors)
    spec = known[slug]
    # a rules card has no players or rows, and frames no rows: what a link carries for them is not refused
    players = (kind != "rules" and raw.get("players")) or min(4, spec["max_players"])
    players = _whole(players, "players", spec["min_players"], spec["max_players"], errors)
    rows = (kind == "sheet" and raw.get("rows")) or profile(slug).sheet.default_rows
    rows = _whole(rows, "rows", 1, MAX_ROWS, errors)
    paper, orientation = _page_setup(raw, errors)
    refused: dict[str, Any] = {}
    kept = _game_options(raw, slug, spec, errors, refused)
    if errors:
        raise PrintInputError(errors, refused, spec["name"])
    return PrintOptions(kind, slug, players, rows, paper, orientation, kept)


def _page_setup(raw: Mapping[str, Any], errors: dict[str, str]) -> tuple[str, str]:
    """The paper and orientation asked for; a field's error goes into ``errors``."""
    paper = "a4"
    try:
        paper = paper_choice(raw.get("paper"))
    except PrintInputError as err:
        errors.update(err.errors)
    orientation = str(raw.get("orientation") or "auto").lower()
    if orientation not in ORIENTATIONS:
        errors["orientation"] = gettext("choose one of %(choices)s", choices=", ".join(ORIENTATIONS))
    return paper, orientation


def _game_options(
    raw: Mapping[str, Any],
    slug: str,
    spec: Mapping[str, Any],
    errors: dict[str, str],
    refused: dict[str, Any],
) -> tuple[tuple[str, Any], ...]:
    """Every other non-empty key as a game option of the variant, validated by the engine (sorted
    pairs); an unknown name or a refused value goes into ``errors``, and the engine's refusal
    of it into ``refused``."""
    known_keys = {"kind", "variant", "players", "rows", "paper", "orientation", "csrf_token"}
    game_keys = {o["name"] for o in spec["options"] if o["game"]}
    given = {k: v for k, v in raw.items() if k not in known_keys and v not in (None, "")}
    accepted = ", ".join(sorted(game_keys))
    for name in given:
        if name not in game_keys:
            errors[name] = gettext(
                "not an option of %(variant)s; accepted: %(accepted)s",
                variant=spec["name"],
                accepted=accepted,
            )
            refused[name] = OptionError(name, say("opt.unknown"), accepted or say("opt.none"))
    try:
        opts = options_for(slug, {k: v for k, v in given.items() if k in game_keys})
    except RulesError as err:
        field = _option_field(err, given)
        errors[field], refused[field] = str(err), err
        opts = {}
    return tuple(sorted((k, v) for k, v in opts.items() if k in game_keys))


def _option_field(err: RulesError, given: Mapping[str, Any]) -> str:
    """The form field an option error is about (its name appears in the message)."""
    text = str(err)
    return next(
        (name for name in given if f"'{name}'" in text or text.startswith(name)), next(iter(given), "options")
    )
