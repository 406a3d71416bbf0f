"""A table's house games in the JSON API: ``/api/v1/tables/<id>/house-games`` (list, keep one, read one,
withdraw one). Keeping and withdrawing need the table's secret as the Bearer token."""

from __future__ import annotations

from flask import jsonify

from ..api import bodies
from ..checker.checking import fields_of
from ..checker.ruling_words import sentence
from ..rules import find_variant
from ..services import NotEditor, NotFound, SecretMissing
from ..services.tables import roster as services
from ..services.tables.house_games import adopt_house_game, drop_house_game, house_game, house_games
from ..storage.extensions import db
from ..web.access import bearer_secret
from ..web.addresses import external_url
from .api import bp


class HouseGameNotFound(NotFound):
    """No such house game at the table (404)."""


def house_json(table, ruling) -> dict:
    """A house game as the API answers it."""
    return {
        "id": ruling.id,
        "name": ruling.decision["name"],
        "variant": ruling.variant,
        "variant_name": find_variant(ruling.variant).name,
        "options": ruling.decision["options"],
        "adopted_on": ruling.decided_on.date().isoformat(),
        "note": ruling.note,
        "sentence": sentence(ruling),
        "start": external_url(
            "tables.play", table_id=table.public_id, variant=ruling.variant, house=ruling.id
        ),
    }


def _listed(table) -> list[dict]:
    return [house_json(table, r) for r in house_games(table)]


def table_to_change(table_id: str, doing: str = "Changing a table's house games"):
    """The table, for a request that holds its secret as the Bearer token (401 without, 403 wrong)."""
    table = services.get_table(table_id)
    secret = bearer_secret()
    if secret is None:
        raise SecretMissing(
            f"{doing} needs the table's secret: send the header 'Authorization: Bearer <table secret>'."
        )
    if not services.secret_matches(table, secret):
        raise NotEditor("That secret does not belong to this table.")
    return table


@bp.get("/tables/<table_id:table_id>/house-games")
def list_house_games(table_id: str):
    """The table's house games, oldest adoption first."""
    return jsonify({"house_games": _listed(services.get_table(table_id))})


@bp.post("/tables/<table_id:table_id>/house-games")
def add_house_game(table_id: str):
    """Keep a house game: ``{"name", "variant", "options", "note", "adopted_on"}`` -> 201."""
    table = table_to_change(table_id)
    fields = fields_of(bodies.body(), ("name", "variant", "options", "note", "adopted_on"))
    bodies.shaped("NewHouseGame", fields)
    ruling = adopt_house_game(
        table,
        fields["name"],
        fields["variant"],
        fields.get("options"),
        fields.get("note", ""),
        fields.get("adopted_on"),
    )
    db.session.commit()
    body = house_json(table, ruling)
    location = external_url("tables_api.one_house_game", table_id=table.public_id, hid=ruling.id)
    return jsonify(body), 201, {"Location": location}


def _found(table, hid: int):
    ruling = house_game(table, hid)
    if ruling is None:
        raise HouseGameNotFound(f"The table has no house game {hid}.")
    return ruling


@bp.get("/tables/<table_id:table_id>/house-games/<int:hid>")
def one_house_game(table_id: str, hid: int):
    """One house game of the table."""
    table = services.get_table(table_id)
    return jsonify(house_json(table, _found(table, hid)))


@bp.delete("/tables/<table_id:table_id>/house-games/<int:hid>")
def delete_house_game(table_id: str, hid: int):
    """Withdraw a house game (games already played under it stay as they are)."""
    table = table_to_change(table_id)
    _found(table, hid)
    drop_house_game(table, hid)
    db.session.commit()
    return jsonify({"deleted": hid, "house_games": _listed(table)})
