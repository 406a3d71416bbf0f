"""rate counts: the rate limits' counters, shared by every worker process

Flask-Limiter counts each client address's requests per budget (:mod:`scorekeeper.web.throttle`).
The counts live in this table (:mod:`scorekeeper.web.rate_store`), so every worker process of one
server sees the same count: 30 creations a minute means 30, however many workers answer. One row
per counter (``key``: the limiter's key, which names the budget, the address and the window); a hit
is one UPSERT; a counter whose window ended (``expires_at``, seconds since the epoch) starts again
at the next hit, and ended windows are pruned now and then.

Revision ID: 9a1c0e5b7d21
Revises: 8d3f1a6c2e94
Create Date: 2026-12-02 04:35:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "9a1c0e5b7d21"
down_revision = "8d3f1a6c2e94"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "rate_counts",
        sa.Column("key", sa.String(length=255), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )
    with op.batch_alter_table("rate_counts", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rate_counts_expires_at"), ["expires_at"], unique=False)


def downgrade():
    with op.batch_alter_table("rate_counts", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_rate_counts_expires_at"))
    op.drop_table("rate_counts")
