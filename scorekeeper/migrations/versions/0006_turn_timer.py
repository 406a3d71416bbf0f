"""turn timer: a game's timer (its length and where it stands) and a table's remembered length

``games.timer`` holds the game's turn timer as plain values: ``seconds`` (0: off), ``running``,
``ends`` (server time in ms when it runs out, while running), ``left`` (ms left, while paused)
and ``turn`` (the seat whose turn it is); NULL: never set. ``tables.timer_seconds`` is the length
the table last chose, which its next games start with (NULL: never chosen).

Revision ID: 6a1d4e8b2c37
Revises: 3f8b2c6d9a15
Create Date: 2026-11-25 18:45:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "6a1d4e8b2c37"
down_revision = "3f8b2c6d9a15"
branch_labels = None
depends_on = None


def upgrade():
    # plain ADD COLUMNs: no batch table copy (see 0005)
    op.add_column("games", sa.Column("timer", sa.JSON(), nullable=True))
    op.add_column("tables", sa.Column("timer_seconds", sa.Integer(), nullable=True))


def downgrade():
    op.execute("ALTER TABLE tables DROP COLUMN timer_seconds")
    op.execute("ALTER TABLE games DROP COLUMN timer")
