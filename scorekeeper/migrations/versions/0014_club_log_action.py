"""club night's log: ``club_log.action`` holds 32 characters, not 16

``changed_after_final`` (a hand changed at a table whose result is final, logged for the
organiser) has 19 characters. SQLite kept it in the 16 of ``VARCHAR(16)``; PostgreSQL refused it,
so on PostgreSQL such a hand change (an undo, a correction) was a 500 and could not be made.

Revision ID: e5a90c2d7b14
Revises: d81f3a6b2c57
Create Date: 2026-12-07 09:20:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "e5a90c2d7b14"
down_revision = "d81f3a6b2c57"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("club_log", schema=None) as batch_op:
        batch_op.alter_column(
            "action", existing_type=sa.String(length=16), type_=sa.String(length=32), existing_nullable=False
        )


def downgrade():
    with op.batch_alter_table("club_log", schema=None) as batch_op:
        batch_op.alter_column(
            "action", existing_type=sa.String(length=32), type_=sa.String(length=16), existing_nullable=False
        )
