"""game version: the count of a game's changes, claimed by each change in its transaction

Every record, correction, deletion, undo and redo raises it by one with a
conditional UPDATE before it reads the hands, so changes to one game run one
at a time on SQLite and PostgreSQL alike; the API's ETag and the forms'
hidden field name it (:mod:`scorekeeper.services.versions`).

Revision ID: 3f8b2c6d9a15
Revises: 9e4a6c1b2d70
Create Date: 2026-11-25 14:30:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "3f8b2c6d9a15"
down_revision = "9e4a6c1b2d70"
branch_labels = None
depends_on = None


def upgrade():
    # a plain ADD COLUMN (SQLite has it): copying the table in batch mode would drop the old one,
    # and with foreign keys on, its players, rounds and change log with it
    op.add_column("games", sa.Column("version", sa.Integer(), server_default="0", nullable=False))
    # a game kept before counts the changes its log holds, as every change from now on does
    op.execute(
        "UPDATE games SET version = (SELECT count(*) FROM audit_entries "
        "WHERE audit_entries.game_id = games.id AND audit_entries.action <> 'create')"
    )


def downgrade():
    op.execute("ALTER TABLE games DROP COLUMN version")  # SQLite 3.35+ and PostgreSQL; no table copy
