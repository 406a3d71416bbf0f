"""sent hands: each idempotency key a phone sent a hand with, recorded once

A phone that recorded hands offline sends each with a key; the server keeps the
key with the hand (in the same transaction) and answers a repeat of it with the
original result (:mod:`scorekeeper.offline`).

Revision ID: 9e4a6c1b2d70
Revises: b7d3e1a94c2f
Create Date: 2026-11-23 10:30:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "9e4a6c1b2d70"
down_revision = "b7d3e1a94c2f"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "sent_hands",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("round_number", sa.Integer(), nullable=False),
        sa.Column("answer", sa.JSON(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("key", name="uq_sent_hands_key"),
    )
    with op.batch_alter_table("sent_hands", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_sent_hands_game_id"), ["game_id"], unique=False)


def downgrade():
    with op.batch_alter_table("sent_hands", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_sent_hands_game_id"))
    op.drop_table("sent_hands")
