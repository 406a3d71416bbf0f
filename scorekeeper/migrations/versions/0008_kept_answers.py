"""kept answers: the answer to each API change sent with an Idempotency-Key, kept for a day

A client that sends a change with ``Idempotency-Key`` and retries it after a lost answer is given
the kept answer again, and the change is not made twice (:mod:`scorekeeper.api.idempotency`). The
answer is written in the same transaction as the change; a key is one caller's (``scope``: a hash
of its secret) for one operation (``operation``: method and path).

Revision ID: 8d3f1a6c2e94
Revises: 7c2e9f4a1b58
Create Date: 2026-12-02 02:20:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "8d3f1a6c2e94"
down_revision = "7c2e9f4a1b58"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "kept_answers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=255), nullable=False),
        sa.Column("operation", sa.String(length=255), nullable=False),
        sa.Column("scope", sa.String(length=64), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("status", sa.Integer(), nullable=False),
        sa.Column("body", sa.LargeBinary(), nullable=False),
        sa.Column("headers", sa.JSON(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("key", "operation", "scope", name="uq_kept_answers_key"),
    )
    with op.batch_alter_table("kept_answers", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_kept_answers_at"), ["at"], unique=False)


def downgrade():
    with op.batch_alter_table("kept_answers", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_kept_answers_at"))
    op.drop_table("kept_answers")
