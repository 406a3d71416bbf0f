"""a dispute's typed reason: ``seat_parts.dispute_reason`` (issue 38)

"That's not right" may carry a short reason typed by the disputing player (at most 120
characters), shown to the part's player and to the game's editor; NULL: no reason given, or no
dispute.

Revision ID: b3e51f0c8a27
Revises: a07e3c9d4b18
Create Date: 2026-12-02 08:00:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "b3e51f0c8a27"
down_revision = "a07e3c9d4b18"
branch_labels = None
depends_on = None


def upgrade():
    # a plain ADD COLUMN: no batch table copy (see 0005)
    op.add_column("seat_parts", sa.Column("dispute_reason", sa.String(length=120), nullable=True))


def downgrade():
    op.execute("ALTER TABLE seat_parts DROP COLUMN dispute_reason")
