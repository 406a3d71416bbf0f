"""club night: events of a table, check-ins, rounds as seated, their tables, the event's log (issue 39)

``club_events`` is an evening of a table (the club): variant and options, rounds planned, how it
ranks (scheme, points by place, tiebreaks), whether 5s or 2s may seat; ``club_entrants`` who
checked in (from which round; left after which); ``club_rounds`` each round as it was seated (rule,
seed, stage: a qualifying round, a semi-final or the final); ``club_tables`` each table of a round
(its players' roster ids in seat order, its game, its result as declared, who confirmed it, or the
organiser's override with the reason); ``club_log`` the organiser's log.

Revision ID: c4d2e7f91a36
Revises: b3e51f0c8a27
Create Date: 2026-12-02 14:03:55.642282

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "c4d2e7f91a36"
down_revision = "b3e51f0c8a27"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "club_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=32), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("held_on", sa.Date(), nullable=False),
        sa.Column("variant", sa.String(length=40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("scheme", sa.String(length=16), nullable=False),
        sa.Column("scale", sa.JSON(), nullable=False),
        sa.Column("tiebreaks", sa.JSON(), nullable=False),
        sa.Column("fives", sa.Boolean(), nullable=False),
        sa.Column("twos", sa.Boolean(), nullable=False),
        sa.Column("round_minutes", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("club_events", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_club_events_public_id"), ["public_id"], unique=True)
        batch_op.create_index(batch_op.f("ix_club_events_table_id"), ["table_id"], unique=False)

    op.create_table(
        "club_entrants",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("arrived", sa.Integer(), nullable=False),
        sa.Column("left_after", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["event_id"], ["club_events.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(
            ["member_id"],
            ["table_members.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("event_id", "member_id", name="uq_club_entrants_member"),
    )
    with op.batch_alter_table("club_entrants", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_club_entrants_event_id"), ["event_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_club_entrants_member_id"), ["member_id"], unique=False)

    op.create_table(
        "club_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("action", sa.String(length=16), nullable=False),
        sa.Column("detail", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["club_events.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("club_log", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_club_log_event_id"), ["event_id"], unique=False)

    op.create_table(
        "club_rounds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("rule", sa.String(length=16), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("stage", sa.String(length=8), nullable=False),
        sa.Column("seated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["club_events.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("event_id", "number", name="uq_club_rounds_number"),
    )
    with op.batch_alter_table("club_rounds", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_club_rounds_event_id"), ["event_id"], unique=False)

    op.create_table(
        "club_tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("members", sa.JSON(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("result", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("declared_by", sa.Integer(), nullable=True),
        sa.Column("confirmed_by", sa.Integer(), nullable=True),
        sa.Column("overridden", sa.Boolean(), nullable=False),
        sa.Column("reason", sa.String(length=200), nullable=False),
        sa.Column("final_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["round_id"], ["club_rounds.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("round_id", "number", name="uq_club_tables_number"),
    )
    with op.batch_alter_table("club_tables", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_club_tables_round_id"), ["round_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_club_tables_game_id"), ["game_id"], unique=False)


def downgrade():
    with op.batch_alter_table("club_tables", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_club_tables_game_id"))
        batch_op.drop_index(batch_op.f("ix_club_tables_round_id"))

    op.drop_table("club_tables")
    with op.batch_alter_table("club_rounds", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_club_rounds_event_id"))

    op.drop_table("club_rounds")
    with op.batch_alter_table("club_log", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_club_log_event_id"))

    op.drop_table("club_log")
    with op.batch_alter_table("club_entrants", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_club_entrants_member_id"))
        batch_op.drop_index(batch_op.f("ix_club_entrants_event_id"))

    op.drop_table("club_entrants")
    with op.batch_alter_table("club_events", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_club_events_table_id"))
        batch_op.drop_index(batch_op.f("ix_club_events_public_id"))

    op.drop_table("club_events")
