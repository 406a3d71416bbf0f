"""A BG Stats backup taken into a table: ``POST /api/v1/tables/<id>/import?format=bgstats`` with the
table's secret as the Bearer token (the export is ``GET .../export?format=bgstats``, :mod:`.api`)."""

from __future__ import annotations

from flask import jsonify, request

from ..api import bodies
from ..checker.checking import InputError
from ..services.tables.bgstats_import import import_bgstats
from ..storage.extensions import db
from ..web.access import bearer_secret
from .api import asked_zone, bp
from .api_house import table_to_change


@bp.post("/tables/<table_id:table_id>/import")
def table_import_plays(table_id: str):
    """The plays of a BG Stats backup whose games the table knows, as result-only games."""
    table = table_to_change(table_id, "Importing plays into a table")
    if request.args.get("format") != "bgstats":
        raise InputError("'format' must be 'bgstats': a table takes plays from a BG Stats backup")
    zone = asked_zone()
    report = import_bgstats(
        table, bearer_secret(), bodies.shaped("BGStatsBackup", bodies.object_body()), zone
    )
    db.session.commit()
    return jsonify(report)
