"""The component schemas whose shape depends on the variant: one per variant (``NewGame<Variant>``,
``RoundFacts<Variant>``, ``Round<Variant>``, ``Export<Variant>``, and a branch of each question),
and their unions, told apart by the ``variant`` each branch holds (the OpenAPI ``discriminator``).
"""

from __future__ import annotations

from typing import Any

from ..checker.solving import tile_slugs
from ..limits import AUDIT_MAX, HANDS_MAX
from ..profiles import profile
from ..rules import all_variants
from .schemas import (
    BOOL,
    INT,
    NAME,
    REF,
    ROUND,
    SCALAR,
    SEAT,
    STATUS,
    STR,
    TIME,
    array,
    check_request,
    obj,
    ref,
)
from .solver_schemas import solver_requests


def camel(slug: str) -> str:
    """A variant's part of a component name.

    >>> camel("krazy-bee"), camel("rumbugz")
    ('KrazyBee', 'Rumbugz')
    """
    return "".join(part.capitalize() for part in slug.split("-"))


def _variants(only: list[str] | None = None) -> list:
    """Every variant, or ``only`` those with these slugs."""
    return [v for v in all_variants() if only is None or v.slug in only]


def union(kind: str, description: str, only: list[str] | None = None) -> dict:
    """``kind``'s union over the variants (``only`` these slugs), told apart by ``variant``."""
    names = {v.slug: f"{kind}{camel(v.slug)}" for v in _variants(only)}
    return {
        "oneOf": [ref(name) for name in names.values()],
        "discriminator": {"propertyName": "variant", "mapping": {s: REF + n for s, n in names.items()}},
        "description": description,
    }


def _option(option) -> dict:
    """One game option's JSON value, as GET /variants describes it (null: none, where optional)."""
    schema: dict[str, Any] = {"int": INT, "bool": BOOL, "text": STR}.get(option.type, {})
    if option.choices:
        schema = {"enum": list(option.choices)}
    for key, bound in (("minimum", option.low), ("maximum", option.high)):
        if bound is not None and "enum" not in schema:
            schema = {**schema, key: bound}
    if option.optional:
        schema = {"anyOf": [schema, {"type": "null"}]}
    return {**schema, "description": f"{option.help}{f' ({option.rule})' if option.rule else ''}"}


def game_options(variant) -> dict:
    """A variant's game options: no other key."""
    return {
        **obj(extra=False, **{o.name: _option(o) for o in variant.option_spec if o.game}),
        "description": "the variant's game options; omitted options take their defaults",
    }


def _players(variant, **more: Any) -> dict:
    return array(NAME, minItems=variant.min_players, maxItems=variant.max_players, uniqueItems=True, **more)


def _new_game(variant, fields: dict[str, dict]) -> dict:
    """A new game of ``variant``: its player limits and game options, and the fields features add."""
    return {
        **obj(
            ("variant", "players"),
            extra=False,
            variant={"const": variant.slug},
            players=_players(variant, description="names in seat order"),
            options=game_options(variant),
            first_dealer={
                **SEAT,
                "maximum": variant.max_players - 1,
                "description": "the seat dealing the first hand (default 0); one of the players",
            },
            **fields,
        ),
        "description": f"A new game of {variant.name}.",
    }


def _round(variant, round_: dict) -> dict:
    """A scored hand of ``variant`` as a game shows it, its facts in the variant's shape."""
    return {
        **round_,
        "required": ["variant", *round_["required"]],
        "properties": {
            "variant": {"const": variant.slug},
            **round_["properties"],
            "facts": ref(f"RoundFacts{camel(variant.slug)}"),
        },
    }


def _export(variant) -> dict:
    """A whole game of ``variant`` as exported (and imported)."""
    player = obj(("seat", "name"), extra=False, seat={**SEAT, "maximum": variant.max_players - 1}, name=NAME)
    hand = obj(
        ("number", "facts"),
        extra=False,
        number={"type": "integer", "minimum": 1},
        facts=ref(f"RoundFacts{camel(variant.slug)}"),
        created_at=TIME,
        updated_at=TIME,
    )
    return {
        **obj(
            ("format", "version", "variant", "players"),
            extra=False,
            format={"const": "scorekeeper-game", "description": "otherwise it is not a game export"},
            version={"const": 1, "description": "otherwise it is not a game export this server reads"},
            id=STR,
            variant={"const": variant.slug},
            options=game_options(variant),
            first_dealer={**SEAT, "maximum": variant.max_players - 1},
            status=STATUS,
            created_at=TIME,
            updated_at=TIME,
            players=array(player, minItems=variant.min_players, maxItems=variant.max_players),
            rounds=array(hand, maxItems=HANDS_MAX),
            audit=array(ref("AuditEntry"), maxItems=AUDIT_MAX),
        ),
        "description": f"A whole game of {variant.name}, as GET /games/{{public_id}}/export writes it.",
    }


#: the option names a request takes besides the variant's own: the solver's clock, RumBugz's kinds laid
SOLVER_NAMES = {"time_limit": {**SCALAR, "description": "seconds the tile search may take"}}
LAID = {
    "laid": {
        "type": ["string", "array", "null"],
        "items": STR,
        "description": "the kinds laid this round (RB-4): a list, or names separated by spaces or commas",
    }
}


def _said(variant, name: str) -> str:
    """An option's help with its rule id (``This hand's wild rank (...) (CZ-1)``)."""
    option = next(o for o in variant.option_spec if o.name == name)
    return f"{option.help}{f' ({option.rule})' if option.rule else ''}"


def requests(kind: str, base: dict, only: list[str] | None = None, solver: bool = False) -> dict[str, dict]:
    """``kind`` (a question that changes nothing: ``base`` with ``variant`` and ``options``) for each
    variant (``only`` these): its own option names and no other; the values are the engine's to judge."""
    schemas: dict[str, dict] = {}
    for v in _variants(only):
        names = {o.name: {**SCALAR, "description": str(o.help)} for o in v.option_spec}
        needed: tuple[str, ...] = ()
        if solver:
            best = profile(v.slug).best  # the kinds already laid: asked where the profile says (RB-4)
            names.update({**SOLVER_NAMES, **(LAID if best is not None and best.laid_kinds else {})})
            needed = best.needs if best is not None else ()
        for name in needed:  # an option the finder cannot do without (Crazy Rummy's wild rank, CZ-1)
            names[name] = {**names[name], "type": ["string", "number"]}
        options = {
            **obj(needed, extra=False, **names),
            "description": "; ".join(f"{n} is required: {_said(v, n)}" for n in needed)
            or base["properties"]["options"]["description"],
        }
        schemas[f"{kind}{camel(v.slug)}"] = {
            **base,
            "required": [*base.get("required", ()), *(["options"] if needed else [])],
            "properties": {**base["properties"], "variant": {"const": v.slug}, "options": options},
        }
    return {
        kind: union(kind, base.get("description", f"{kind} of one variant ({kind}<Variant>)"), only),
        **schemas,
    }


def schemas(new_game_fields: dict[str, dict]) -> dict[str, dict]:
    """Every per-variant schema and the unions, by component name; a new game takes the features'
    ``new_game_fields`` too."""
    per_variant: dict[str, dict] = {}
    for v in all_variants():
        name = camel(v.slug)
        per_variant[f"NewGame{name}"] = _new_game(v, new_game_fields)
        per_variant[f"RoundFacts{name}"] = {
            **v.facts_shape.schema(),
            "description": f"One hand's facts in {v.name}.",
        }
        per_variant[f"Round{name}"] = _round(v, ROUND)
        per_variant[f"Export{name}"] = _export(v)
    facts = [f"RoundFacts{camel(v.slug)}" for v in all_variants()]
    asks = solver_requests()
    # only the variants the server answers: a points game has no cards to check or count (PG-1), and
    # no best play
    checked = [v.slug for v in all_variants() if profile(v.slug).checker is not None]
    solved = [v.slug for v in all_variants() if profile(v.slug).best is not None]
    return {
        **requests("CheckRequest", check_request(extend=True), only=checked),
        **requests("HandRequest", check_request(extend=False), only=checked),
        **requests("SolveRequest", asks["SolveRequest"], only=solved, solver=True),
        **requests("TurnRequest", asks["TurnRequest"], only=tile_slugs(), solver=True),
        "NewGame": union(
            "NewGame",
            "A new game of one variant (NewGame<Variant>): its player limits and game "
            "options as GET /variants lists them.",
        ),
        "RoundFacts": {
            "anyOf": [ref(name) for name in facts],
            "description": "One hand's facts in the shape of the game's variant (RoundFacts<Variant>); "
            "no other key. The engine judges them: a hand it refuses, or one of "
            "another variant's shape, answers 422 with field paths.",
        },
        "Round": union("Round", "A scored hand; its facts in the shape of its variant (Round<Variant>)."),
        "Export": union("Export", "A whole game (Export<Variant>): for POST /games/import."),
        **per_variant,
    }
