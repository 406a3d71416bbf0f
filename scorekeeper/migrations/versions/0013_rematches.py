"""rematches: the rematch started from a game, so that it is started once

A game's rematch is written beside it (``rematches.game_id`` is the key): a second tap on
Rematch, by the same phone or another, finds it instead of starting a second game. Deleting
either game deletes the row.

Revision ID: d81f3a6b2c57
Revises: c4d2e7f91a36
Create Date: 2026-12-07 02:20:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "d81f3a6b2c57"
down_revision = "c4d2e7f91a36"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "rematches",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("rematch_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["rematch_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id"),
    )
    with op.batch_alter_table("rematches", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rematches_rematch_id"), ["rematch_id"], unique=False)


def downgrade():
    with op.batch_alter_table("rematches", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_rematches_rematch_id"))
    op.drop_table("rematches")
