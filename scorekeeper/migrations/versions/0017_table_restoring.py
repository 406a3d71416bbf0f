"""tables: a table being restored from an export (``tables.restoring_since``)

A table's import writes a club's year in slices, each its own transaction, so other games' changes
go through between them. Until its last slice the new table is hidden (no page, no API, no list),
marked with the time its import began; an import that failed or whose worker died leaves it marked,
and it is deleted with its games (services/tables/restore.py). Every table kept before is shown.

Revision ID: 1b7e4c9a2d60
Revises: 9e8521fbf59e
Create Date: 2026-12-08 03:30:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "1b7e4c9a2d60"
down_revision = "9e8521fbf59e"
branch_labels = None
depends_on = None


def upgrade():
    # a plain ADD COLUMN (as 0016 does): a batch copy of tables would drop it, and with foreign keys
    # on, every roster and ruling with it
    op.add_column("tables", sa.Column("restoring_since", sa.DateTime(), nullable=True))


def downgrade():
    op.execute("ALTER TABLE tables DROP COLUMN restoring_since")  # SQLite 3.35+ and PostgreSQL
