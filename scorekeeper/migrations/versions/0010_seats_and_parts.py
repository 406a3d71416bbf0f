"""seats: a game opened for seats, the seat each phone took, the parts of the open hand (issue 38)

``seatings`` marks a game opened for seats (one row per game, with who must confirm a part);
``seats`` holds each taken seat (a phone's secret as its sha256 digest, or the editor keeping it
for a player without a phone); ``seat_parts`` holds each player's part of the open hand (who
confirmed or disputed it, whether the editor settled it) until the last one is in and the hand is
recorded as a ``rounds`` row (the parts are then deleted).

Revision ID: a07e3c9d4b18
Revises: 9a1c0e5b7d21
Create Date: 2026-12-02 05:00:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "a07e3c9d4b18"
down_revision = "9a1c0e5b7d21"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "seatings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("confirm", sa.String(length=8), nullable=False),
        sa.Column("opened_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id"),
    )
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("holder", sa.String(length=8), nullable=False),
        sa.Column("secret_hash", sa.String(length=64), nullable=True),
        sa.Column("taken_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "seat", name="uq_seats_game_seat"),
    )
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_seats_game_id"), ["game_id"], unique=False)
    op.create_table(
        "seat_parts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("hand", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("part", sa.JSON(), nullable=False),
        sa.Column("by", sa.String(length=8), nullable=False),
        sa.Column("confirmed_by", sa.Integer(), nullable=True),
        sa.Column("disputed_by", sa.Integer(), nullable=True),
        sa.Column("settled", sa.Boolean(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "hand", "seat", name="uq_seat_parts_game_hand_seat"),
    )
    with op.batch_alter_table("seat_parts", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_seat_parts_game_id"), ["game_id"], unique=False)


def downgrade():
    with op.batch_alter_table("seat_parts", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_seat_parts_game_id"))
    op.drop_table("seat_parts")
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_seats_game_id"))
    op.drop_table("seats")
    op.drop_table("seatings")
