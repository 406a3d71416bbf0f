"""club night: an evening the organiser ended (``club_events.ended_at``)

An evening without a final had no end: after its last round the standings screen still read
"Round 2 of 2" and the event page as if play went on. The organiser ends it once (the moment is
kept here); an ended evening seats, cuts and checks in nobody more. Existing evenings stay
unended (NULL): their organiser ends them from the page.

Revision ID: f2b8c6d41e93
Revises: e5a90c2d7b14
Create Date: 2026-12-07 18:00:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "f2b8c6d41e93"
down_revision = "e5a90c2d7b14"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("club_events", schema=None) as batch_op:
        batch_op.add_column(sa.Column("ended_at", sa.DateTime(), nullable=True))


def downgrade():
    with op.batch_alter_table("club_events", schema=None) as batch_op:
        batch_op.drop_column("ended_at")
