"""table game kinds and imported plays: what a table game counts as, and where a result-only game came from

``table_games.kind`` is what a game counts as in the table's statistics and ratings: its variant, or
``points:<game_name>`` for a points game with a name (issue 21). ``table_games.source`` is the play's
id in the BG Stats file a result-only game was imported from (NULL for a game kept here); a table
holds each such play once (``ix_table_games_source``).

Revision ID: 7c2e9f4a1b58
Revises: 6a1d4e8b2c37
Create Date: 2026-11-25 21:40:00

"""

import json

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "7c2e9f4a1b58"
down_revision = "6a1d4e8b2c37"
branch_labels = None
depends_on = None


def upgrade():
    # plain ADD COLUMNs: no batch table copy (see 0005)
    op.add_column("table_games", sa.Column("kind", sa.String(length=110), server_default="", nullable=False))
    op.add_column("table_games", sa.Column("source", sa.String(length=64), nullable=True))
    op.create_index("ix_table_games_source", "table_games", ["table_id", "source"], unique=True)
    op.execute("UPDATE table_games SET kind = variant")
    if op.get_context().as_sql:  # offline SQL: points games keep the kind 'points' until re-attached
        return
    bind = op.get_bind()
    named = bind.execute(
        sa.text(
            "SELECT table_games.game_id, games.options FROM table_games JOIN games ON games.id = table_games.game_id "
            "WHERE table_games.variant = 'points'"
        )
    ).all()
    for game_id, options in named:
        options = json.loads(options) if isinstance(options, str) else (options or {})
        name = " ".join(str(options.get("game_name") or "").split())
        if name:
            bind.execute(
                sa.text("UPDATE table_games SET kind = :kind WHERE game_id = :id"),
                {"kind": f"points:{name}", "id": game_id},
            )


def downgrade():
    op.drop_index("ix_table_games_source", table_name="table_games")
    op.execute("ALTER TABLE table_games DROP COLUMN source")
    op.execute("ALTER TABLE table_games DROP COLUMN kind")
