"""round facts as the engine reads them

Every stored hand's facts are rewritten the canonical way its variant reads
them (``Variant.stored_facts``, :mod:`scorekeeper.rules.facts`): ``"12"`` ->
12, ``"no"`` -> false, ``""`` left out, keys the engine never reads (and any
``NaN`` in them) dropped. Each hand scores exactly as before; only the
spelling changes, so what the API reads back matches its own ``RoundFacts``.
A value the engine cannot read either is left as it is.

Revision ID: 5c2f0d1e7a93
Revises: 08e8a4c292f1
Create Date: 2026-11-23 09:00:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "5c2f0d1e7a93"
down_revision = "08e8a4c292f1"
branch_labels = None
depends_on = None

games = sa.table("games", sa.column("id", sa.Integer), sa.column("variant", sa.String))
rounds = sa.table(
    "rounds", sa.column("id", sa.Integer), sa.column("game_id", sa.Integer), sa.column("facts", sa.JSON)
)


def upgrade():
    if op.get_context().as_sql:
        return  # offline SQL: there are no stored hands to read
    from scorekeeper.rules import UnknownVariant, find_variant

    bind = op.get_bind()
    stored = bind.execute(
        sa.select(rounds.c.id, rounds.c.facts, games.c.variant).join(games, games.c.id == rounds.c.game_id)
    ).all()
    for round_id, facts, slug in stored:
        try:
            variant = find_variant(slug)
        except UnknownVariant:
            continue
        canonical = variant.stored_facts(facts)
        if canonical != facts:  # NaN != NaN: a hand holding one is rewritten too
            bind.execute(rounds.update().where(rounds.c.id == round_id).values(facts=canonical))


def downgrade():
    # The canonical spelling scores exactly as the old one did: nothing to put back.
    pass
