"""Club night's component schemas in the OpenAPI document (:mod:`.openapi` joins them in)."""

from __future__ import annotations

from ..api.schemas import BOOL, INT, NAME, NULL_INT, OPTIONS, STAMP, STR, TIME, array, obj, ref, slugs
from ..api.shapes import dict_of
from ..club import RULES, SCHEMES, TIEBREAKS
from ..club.season import EVENING_POINTS
from ..limits import ROSTER_MAX
from ..services.club.events import ROUNDS_MAX
from ..services.club.rounds import CUTS
from ..storage.club_models import EVENT_NAME_MAX, REASON_MAX

DAY = {
    "type": "string",
    "pattern": r"^[12][0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$",
    "description": "a day: YYYY-MM-DD",
}
#: a round's seed: the same seed, players and rounds before seat the same tables
SEED = {
    "type": ["integer", "null"],
    "minimum": 0,
    "maximum": 2**31 - 1,
    "description": "the seed of the draw (the same seed seats the same tables again); a new one when "
    "left out",
}
NUMBER = {"type": "number"}
#: the rounds a change to them saw (a seating, a cut, an end)
SEEN_ROUNDS = {
    "type": "integer",
    "minimum": 0,
    "maximum": 1000,
    "description": "the rounds seated when the evening was last read (another seated since: 409; "
    "more than are seated: 422); left out, the evening as it is now",
}
OVER = {
    **BOOL,
    "description": "the evening is over: ended by its organiser, or its final's result is final "
    "(false: its standings may still change)",
}
NULL_NUMBER = {"type": ["number", "null"]}
SCORE = {"type": "integer", "minimum": -1_000_000, "maximum": 1_000_000}
WHO = {
    **NULL_INT,
    "description": "the seat (0 the first player at the table) that declared or confirmed it; -1 the "
    "game's editor; null: nobody yet",
}


def _words(choices: dict[str, str]) -> str:
    return "; ".join(f"{key}: {text}" for key, text in choices.items())


def _new_event() -> dict:
    return obj(
        ("name", "variant"),
        extra=False,
        name={
            **NAME,
            "description": f"the evening's name: at most {EVENT_NAME_MAX} characters once spaces are tidied",
        },
        variant={"enum": slugs(), "description": "the game every table plays"},
        held_on={**DAY, "description": "the day it is held (YYYY-MM-DD); today when left out"},
        options=OPTIONS,
        rounds={"type": "integer", "minimum": 1, "maximum": ROUNDS_MAX, "description": "qualifying rounds"},
        scheme={"enum": list(SCHEMES), "description": _words(SCHEMES)},
        scale=array(
            {"type": "number", "minimum": 0, "maximum": 100},
            minItems=4,
            maxItems=4,
            description="tournament points by place at a table of 4, the first the most",
        ),
        tiebreaks=array(
            {"enum": list(TIEBREAKS)},
            uniqueItems=True,
            maxItems=len(TIEBREAKS),
            description="in the order they apply: " + _words(TIEBREAKS),
        ),
        fives={**BOOL, "description": "a table of 5 may seat a count tables of 3 and 4 cannot"},
        twos={**BOOL, "description": "a table of 2 may seat a count tables of 3 and 4 cannot"},
        round_minutes={"type": "integer", "minimum": 0, "maximum": 240, "description": "0: no timer"},
        players=array(
            NAME,
            uniqueItems=True,
            maxItems=ROSTER_MAX,
            description="players to check in at once (names not on the club's roster join it)",
        ),
    )


def _table() -> dict:
    return obj(
        ("number", "players", "game", "result", "final", "urls"),
        number={**INT, "description": "1 is the top table"},
        players={**array(STR), "description": "names in seat order: the first starts"},
        game={"type": ["string", "null"], "description": "the table's game (GET /games/{public_id})"},
        result={
            "type": ["array", "null"],
            "items": INT,
            "description": "the game's totals in seat order as declared (or set by the organiser); null "
            "until declared",
        },
        declared_by=WHO,
        confirmed_by=WHO,
        overridden={**BOOL, "description": "set by the organiser (with the reason)"},
        reason={"type": ["string", "null"], "description": "why the organiser set it"},
        final={
            **BOOL,
            "description": "the result counts: confirmed by a second player, or set by the organiser",
        },
        final_at=TIME,
        urls=dict_of(STR, "the game's api, page, export and seats (its seating) addresses"),
    )


def _round() -> dict:
    return obj(
        ("number", "stage", "rule", "seed", "tables", "waiting"),
        number=INT,
        stage={"enum": ["round", "semi", "final"], "description": "a qualifying round, or after a cut"},
        rule={"type": "string", "description": _words(RULES) + " (a cut: its own rule)"},
        seed=INT,
        seated_at=STAMP,
        tables=array(ref("ClubTable")),
        waiting={**array(INT), "description": "the tables still without a final result"},
        urls=dict_of(STR),
    )


def _standing() -> dict:
    return obj(
        ("rank", "name", "points", "games", "wins"),
        rank={**INT, "description": "shared by players tied after every tiebreak"},
        name=STR,
        points={**NUMBER, "description": "in the evening's scheme's units"},
        games=INT,
        wins=INT,
        best_game={**NULL_NUMBER, "description": "the biggest margin over a table's average; null: no game"},
        values={**array(NUMBER), "description": "what each game gave, in order"},
        parted_by={
            "type": ["string", "null"],
            "enum": [*TIEBREAKS, None],
            "description": "the tiebreak that placed this line below the one before it, tied with it on "
            "points (null: fewer points, or still tied with it)",
        },
    )


def _season() -> dict:
    evening = obj(("id", "name", "held_on"), id=STR, name=STR, held_on=DAY, over=OVER, api=STR)
    line = obj(
        ("rank", "name", "total", "attended", "evenings", "counted"),
        rank=INT,
        name=STR,
        total=NUMBER,
        attended=INT,
        evenings={**array(NULL_NUMBER), "description": "league points of each evening (null: absent)"},
        counted={**array(BOOL), "description": "whether each evening counts (the best ones)"},
    )
    return obj(
        ("table", "year", "evenings", "lines"),
        table=STR,
        year={**NULL_INT, "description": "the year asked for (null: every evening of the club)"},
        best={**NULL_INT, "description": "the best evenings counted (null: all)"},
        attendance_bonus=NUMBER,
        points={"enum": list(EVENING_POINTS), "description": _words(EVENING_POINTS)},
        evenings=array(evening),
        lines=array(line),
    )


def schemas() -> dict[str, dict]:
    """Club night's component schemas, by name."""
    entrant = obj(
        ("name", "arrived", "present"),
        name=STR,
        arrived={**INT, "description": "the first round the player is seated in"},
        left_after={**NULL_INT, "description": "the last round played before leaving (null: still here)"},
        present={**BOOL, "description": "seated in the next round"},
    )
    return {
        "NewClubEvent": _new_event(),
        "ClubSettings": obj(
            ("variant", "options", "rounds", "scheme", "scale", "tiebreaks"),
            variant=STR,
            options={"type": "object"},
            rounds=INT,
            scheme=STR,
            scale=array(NUMBER),
            tiebreaks=array(STR),
            fives=BOOL,
            twos=BOOL,
            round_minutes=INT,
        ),
        "ClubEntrant": entrant,
        "ClubTable": _table(),
        "ClubRound": _round(),
        "ClubStanding": _standing(),
        "ClubEvent": obj(
            ("id", "name", "held_on", "table", "settings", "entrants", "rounds", "standings", "urls"),
            id=STR,
            name=STR,
            held_on=DAY,
            table={**STR, "description": "the club's table id"},
            created_at=STAMP,
            updated_at=STAMP,
            over=OVER,
            ended_at={**TIME, "description": "when the organiser ended the evening (null: not ended)"},
            settings=ref("ClubSettings"),
            entrants=array(ref("ClubEntrant")),
            rounds=array(ref("ClubRound")),
            standings=array(ref("ClubStanding")),
            urls=dict_of(STR, "api, standings, page"),
        ),
        "ClubStandings": obj(
            ("event", "standings"), event=STR, updated_at=STAMP, standings=array(ref("ClubStanding"))
        ),
        "ClubEntrants": obj(("event", "entrants"), event=STR, entrants=array(ref("ClubEntrant"))),
        "ClubEventDeleted": obj(("deleted", "games_kept"), deleted=STR, games_kept=array(STR)),
        "ClubCheckIn": obj(
            ("names",),
            extra=False,
            names=array(
                NAME,
                minItems=1,
                maxItems=ROSTER_MAX,
                uniqueItems=True,
                description="players by name (names not on the club's roster join it)",
            ),
        ),
        "ClubSeatRound": obj(
            ("rule",),
            extra=False,
            rule={"enum": list(RULES), "description": _words(RULES)},
            seed=SEED,
            rounds=SEEN_ROUNDS,
        ),
        "ClubCut": obj(
            ("kind",),
            extra=False,
            kind={
                "enum": list(CUTS),
                "description": "final: the top 'size' at one table; semis: the top 8 at tables 1-3-5-7 "
                "and 2-4-6-8 (after semi-finals, either seats their final: the best two of each)",
            },
            size={"type": "integer", "minimum": 2, "maximum": 8, "description": "the final table's size (4)"},
            seed=SEED,
            rounds=SEEN_ROUNDS,
        ),
        "ClubEnd": obj((), extra=False, rounds=SEEN_ROUNDS),
        "ClubReopen": {
            **obj((), extra=False),
            "description": "nothing more: the evening is the one in the address ({} as the body)",
        },
        "ClubOverride": obj(
            ("scores", "reason"),
            extra=False,
            scores=array(SCORE, minItems=2, maxItems=8, description="a score per player, in seat order"),
            reason={
                "type": "string",
                "minLength": 1,
                "maxLength": REASON_MAX,
                "description": "why (the log keeps it)",
            },
        ),
        "ClubTableResult": obj(("event", "round", "table"), event=STR, round=INT, table=ref("ClubTable")),
        "ClubSeason": _season(),
    }
