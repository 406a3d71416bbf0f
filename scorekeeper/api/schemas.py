"""The component schemas of the OpenAPI document: what ``/api/v1`` accepts and answers.

Request schemas say exactly what the API takes (:mod:`.shapes` checks every body against them): a
body of another shape is a 400, values they refuse a 422.
"""

from __future__ import annotations

from typing import Any

from ..checker.checking import MAX_CARDS_CHARS
from ..limits import NAME_MAX, PUBLIC_ID_PATTERN
from ..rules import all_variants as _all
from ..storage.seat_models import SEAT_LOG_ACTIONS

REF = "#/components/schemas/"


def ref(name: str) -> dict:
    return {"$ref": REF + name}


def obj(required: tuple[str, ...] = (), extra: bool = True, **props: Any) -> dict:
    schema: dict[str, Any] = {"type": "object", "properties": props}
    if required:
        schema["required"] = list(required)
    if not extra:
        schema["additionalProperties"] = False
    return schema


def array(items: dict, **bounds: int) -> dict:
    return {"type": "array", "items": items, **bounds}


STR, INT, BOOL = {"type": "string"}, {"type": "integer"}, {"type": "boolean"}
NULL_STR, NULL_INT = {"type": ["string", "null"]}, {"type": ["integer", "null"]}
SCALAR = {"type": ["string", "number", "boolean", "null"]}
SEAT = {"type": "integer", "minimum": 0, "description": "a seat: 0 is the first player"}
OPTIONS = {
    "type": "object",
    "additionalProperties": SCALAR,
    "description": "Option names to values (see GET /variants); omitted options take their defaults.",
}
CARDS = {
    "type": "string",
    "maxLength": MAX_CARDS_CHARS,
    "description": "Card or tile notation (RULES.md N-1): tokens separated by spaces or commas; '|' between "
    "the melds of a Krazy Bee Step laydown; '/' or newlines between grid rows, '.' an empty cell.",
}
#: a time as exports write it: an RFC 3339 date-time (UTC or with an offset) from year 1000 to 2999, so
#: that it is a time this server can store in UTC whatever the offset (no 0000-00-00)
STAMP = {
    "type": "string",
    "format": "date-time",
    "pattern": r"^[12][0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]"
    r"(\.[0-9]{1,6})?(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$",
    "description": "RFC 3339 (ISO 8601) from year 1000 to 2999: 2024-05-01T20:30:00Z",
}
TIME = {**STAMP, "type": ["string", "null"]}
#: a name the services refuse (a 422, as for a new game): blank, or holding a control character (Unicode Cc)
NAME = {
    "type": "string",
    "minLength": 1,
    "not": {"pattern": "^\\s*$|[\\u0000-\\u001f\\u007f-\\u009f]"},
    "description": f"a player's name: not blank, no control characters, at most {NAME_MAX} characters once "
    "spaces are tidied, kept in NFC; refused (422) when it holds a lone surrogate or only invisible "
    "characters, or when it looks the same as another player's (case, NFKC, invisible characters and "
    "Latin look-alikes aside; docs/limits.md, Names)",
}
STATUS = {"enum": ["in_progress", "finished"]}
#: a game's or a table's id: 12 URL-safe characters (as the API's path converters take them)
PUBLIC_ID = {"type": "string", "pattern": f"^{PUBLIC_ID_PATTERN}$"}
NULL_STRS = {"type": ["array", "null"], "items": STR}
#: what a change log entry held before and after: a hand's facts, a new game's setup, or nothing
LOGGED = {"anyOf": [{"type": "object"}, {"type": "array", "items": {}}, {"type": "null"}]}


#: an engine sentence as data, beside its text: a client renders its own words from it
REASON = obj(
    ("rule", "key", "values"),
    rule={**NULL_STR, "description": "the rule id the sentence names (RULES.md), or null"},
    key={
        "type": "string",
        "description": "the message key (the engine's catalog, scorekeeper/rules/messages/)",
    },
    values={
        "type": "object",
        "description": "the sentence's values by placeholder: cards and tiles in RULES.md notation, "
        "numbers, names; a nested sentence is itself a Reason (a list of them: a list)",
    },
    option={
        "type": "string",
        "description": "only on a sentence that points at an option (its words name none): the key to "
        "set in a request's 'options' (GET /variants lists a variant's), e.g. wild, ace_high, kind",
    },
    option_value={
        "type": ["string", "integer", "boolean"],
        "description": "with 'option', where one value would change the verdict: that value "
        '(ace_high true, jokers 4, kind "run"); left out where any accepted value may do',
    },
)


def keyed(text: str) -> dict:
    """The field beside a list of engine sentences ``text``: each one's rule, key and values, in order
    (null for a sentence the catalog does not hold)."""
    return array(
        {"anyOf": [ref("Reason"), {"type": "null"}]},
        description=f"each of {text} as data (rule, key, values; the option a sentence points at), in order",
    )


#: a scored hand's fields but its variant and facts (``Round<Variant>`` adds them, :mod:`.variant_schemas`)
ROUND = obj(
    ("number", "dealer", "changes", "totals", "progress", "complete", "facts"),
    number=INT,
    dealer=INT,
    starter=NULL_INT,
    changes=array(INT),
    totals=array(INT),
    progress=array({"type": "object"}),
    details={"type": "object"},
    complete=BOOL,
)


def slugs() -> list[str]:
    return [v.slug for v in _all()]


def check_request(extend: bool) -> dict:
    """A check (``extend``) or a hand's value: the cards to judge (a check needs some); the variant's own
    (``CheckRequest<Variant>``, :mod:`.variant_schemas`) names its options."""
    cards = (
        {
            **CARDS,
            "minLength": 1,
            # \s differs: Python's also takes U+001C-U+001F and U+0085 (str.split() does), ECMA-262's not
            "pattern": r"[^\s,|/.\u001c-\u001f\u0085]",
            "description": f"{CARDS['description']} At least one card.",
        }
        if extend
        else CARDS
    )
    fields = {"variant": {"enum": slugs()}, "cards": cards, "options": OPTIONS}
    if extend:
        fields["extend"] = {
            **CARDS,
            "type": ["string", "null"],
            "description": "the meld already on the table that the cards are added to",
        }
    return obj(("variant", "cards") if extend else ("variant",), extra=False, **fields)


def core_schemas() -> dict[str, dict]:
    """The core's own component schemas (not per variant), by name."""
    option = obj(
        ("name", "type", "default"),
        name=STR,
        type={"enum": ["int", "bool", "choice", "text"]},
        default=SCALAR,
        help=STR,
        rule=STR,
        choices=array(SCALAR),
        low=NULL_INT,
        high=NULL_INT,
        optional=BOOL,
        game=BOOL,
        check=BOOL,
        choice_words={
            "type": "object",
            "additionalProperties": STR,
            "description": "what each choice means, in a few words",
        },
    )
    variant = obj(
        ("slug", "name", "min_players", "max_players", "options"),
        slug={"enum": slugs()},
        name=STR,
        summary=STR,
        min_players=INT,
        max_players=INT,
        high_wins=BOOL,
        round_word={"enum": ["hand", "round"], "description": "what the variant calls a round"},
        options=array(ref("Option")),
    )
    player = obj(
        ("seat", "name", "total", "rank", "progress"),
        seat=INT,
        name=STR,
        total=INT,
        rank={
            "type": "integer",
            "minimum": 1,
            "description": "place by the variant's end rule (KB-10, RB-8, CT-8, CR-8, CZ-8); "
            "ties share a rank; the winners are ranked 1",
        },
        progress={"type": "object"},
    )
    game = obj(
        ("id", "variant", "options", "players", "rounds", "status", "winners"),
        id=STR,
        variant={"enum": slugs()},
        options=OPTIONS,
        first_dealer=INT,
        status=STATUS,
        high_wins=BOOL,
        players=array(ref("Player")),
        rounds=array(ref("Round")),
        winners=array(INT),
        leaders=array(INT),
        dealer=INT,
        starter=NULL_INT,
        chooser=NULL_INT,
        notes=array(STR),
        notes_keys=keyed("notes"),
        created_at=TIME,
        updated_at=TIME,
        version={
            "type": "integer",
            "minimum": 0,
            "description": "how many changes the hands have had; the ETag names it",
        },
        urls=ref("Urls"),
    )
    audit = obj(
        ("at", "action"),
        extra=False,
        at=STAMP,
        action={
            "enum": ["create", "record", "edit", "delete", "undo", "redo", *SEAT_LOG_ACTIONS],
            "description": "a change to the hands, or a seat's entry (a part sent, confirmed, disputed, "
            "settled; a seat taken, freed, kept, given: new holds the names), which Undo passes by",
        },
        round_number={"type": ["integer", "null"], "minimum": 1, "maximum": 2**31 - 1},
        old=LOGGED,
        new=LOGGED,
        summary=STR,
        undone=BOOL,
    )
    return {
        "Error": obj(
            ("error", "reasons"),
            error={"type": "string", "description": "what went wrong, a sentence"},
            reasons=array({"type": "string"}, minItems=1),
            error_key={"anyOf": [ref("Reason"), {"type": "null"}]},
            reasons_keys=keyed("reasons"),
            round=NULL_INT,
            fields=array(obj(("field", "message"), field=STR, message=STR, message_key=ref("Reason"))),
            game={
                "type": "string",
                "description": "a table's import: the game refused (games.N), whose fields and round these are",
            },
            conflict={
                "type": "object",
                "description": "a 409 for a stale If-Match: both versions, "
                "mine (sent) and theirs (the game's now)",
            },
        ),
        "Reason": REASON,
        "HandValue": obj(
            ("variant",),
            variant=STR,
            points=INT,
            cards=INT,
            breakdown=array(obj(("card", "points"), card=STR, points=INT)),
        ),
        "Option": option,
        "Variant": variant,
        "VariantList": obj(("variants",), variants=array(ref("Variant"))),
        "Created": obj(
            ("id", "secret", "urls", "game"),
            id=STR,
            secret={"type": "string", "description": "the edit secret: send it as a Bearer token"},
            urls=ref("Urls"),
            game=ref("Game"),
        ),
        "Urls": obj(("api", "page", "export"), api=STR, page=STR, export=STR, editor=STR),
        "Player": player,
        "Game": game,
        "RoundAnswer": obj(("round", "game"), round=ref("Round"), game=ref("Game")),
        "Deleted": obj(("deleted", "game"), deleted=INT, game=ref("Game")),
        "AuditEntry": audit,
        "Stepped": obj(
            ("change", "game"),
            game=ref("Game"),
            change={
                **ref("AuditEntry"),
                "description": "the entry the undo (or redo) logged: the hand, "
                "its facts before and after, and in words what was undone (redone)",
            },
        ),
    }
