"""The schema of a table's statistics (``TableStats``), for the tables' part of the OpenAPI document."""

from __future__ import annotations

from ..api.schemas import BOOL, INT, NULL_INT, STR, TIME, array, obj

NUM = {"type": "number"}
RATE = {
    "type": ["number", "null"],
    "description": "a share from 0 to 1; null when there is nothing to divide",
}
AVERAGE = {"type": ["number", "null"]}


def table_stats() -> dict:
    """``TableStats``: the players (with their ratings and results), head-to-head and the variants."""
    per_variant = obj(
        ("games", "finished", "wins"),
        games=INT,
        finished=INT,
        wins=INT,
        win_rate=RATE,
        average_total=AVERAGE,
        best_total=NULL_INT,
        hands=INT,
        average_per_hand=AVERAGE,
    )
    result = obj(
        ("game", "variant", "rank", "won", "total"),
        game=STR,
        variant=STR,
        played_at=TIME,
        rank=INT,
        won=BOOL,
        total=INT,
    )
    player = obj(
        ("name", "games", "wins", "win_rate", "ratings"),
        name=STR,
        games=INT,
        finished=INT,
        wins=INT,
        win_rate=RATE,
        current_streak=INT,
        longest_streak=INT,
        ratings={
            "type": "object",
            "description": "kind (a variant's slug, or points:<game_name>) -> openskill rating after the "
            "player's last finished game of it",
            "additionalProperties": obj(("mu", "sigma"), mu=NUM, sigma=NUM, games=INT),
        },
        variants={"type": "object", "additionalProperties": per_variant},
        last_results=array(result),
    )
    pair = obj(
        ("a", "b", "games", "a_ahead", "b_ahead"),
        a=STR,
        b=STR,
        games=INT,
        finished=INT,
        a_ahead=INT,
        b_ahead=INT,
        level=INT,
    )
    variant = {
        "type": "object",
        "required": ["name", "games"],
        "description": "games, finished games and hands of the variant, with what only this app can "
        "know (krazy-bee: steps, hardest_step; crib-rummy: extend_share; rumbugz: "
        "kind_laid_last; tile games: average_rack, nobody_out; crazy-rummy: "
        "average_board, wild_ranks), for the table and under players by name",
        "properties": {
            "name": STR,
            "games": INT,
            "finished": INT,
            "hands": INT,
            "players": {"type": "object", "additionalProperties": {"type": "object"}},
        },
    }
    return obj(
        ("players", "head_to_head", "variants"),
        table=obj(id=STR, name=STR),
        games=INT,
        finished=INT,
        players=array(player),
        head_to_head={
            **array(pair),
            "description": "every pair who sat at a game together, most games together first, unpaged "
            "(the statistics page shows the first 50)",
        },
        variants={"type": "object", "additionalProperties": variant},
    )
