"""club night: the rounds an evening has seated, on its own row (``club_events.rounds_seated``)

Ending an evening checked only its own row (``ended_at`` still empty), seating a round only the
evening as its request had loaded it: an end and a seating tapped on two phones at once both
passed, and the ended evening had a round in play whose results still moved its final standings.
Now a seating claims the next round on the evening's row (the count it read plus one, while not
ended) and an end compares the count with the rounds its page showed: both write this one row,
so whichever commits first wins and the other is refused (409), on SQLite (one writer at a time)
and on PostgreSQL (an UPDATE that waited for the row checks its condition on the row as it now
is). An evening kept before counts the rounds it has.

Revision ID: 9e8521fbf59e
Revises: f2b8c6d41e93
Create Date: 2026-12-07 21:30:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "9e8521fbf59e"
down_revision = "f2b8c6d41e93"
branch_labels = None
depends_on = None


def upgrade():
    # a plain ADD COLUMN (as 0005 does): a batch copy of club_events would drop the old table, and
    # with foreign keys on, every evening's entrants, rounds and log with it
    op.add_column("club_events", sa.Column("rounds_seated", sa.Integer(), server_default="0", nullable=False))
    op.execute(
        "UPDATE club_events SET rounds_seated = "
        "(SELECT count(*) FROM club_rounds WHERE club_rounds.event_id = club_events.id)"
    )


def downgrade():
    op.execute("ALTER TABLE club_events DROP COLUMN rounds_seated")  # SQLite 3.35+ and PostgreSQL
