"""The evening's order, as every page, screen, sheet, API answer and season reads it: the qualifying
rounds' standings, with the final's places first once the final's result is final
(:func:`scorekeeper.club.final_order`, docs/club-night.md "Cuts")."""

from __future__ import annotations

import itertools
from dataclasses import replace

from ...club import Standing, final_order, table_game
from ...storage.club_models import ClubEvent, EventTable
from .standings import event_standings


def played_final(event: ClubEvent) -> EventTable | None:
    """The final's table once its result is final (None: no final, or not played out yet)."""
    for event_round in event.event_rounds:
        if event_round.stage == "final" and event_round.tables and all(t.final for t in event_round.tables):
            return event_round.tables[0]
    return None


def evening_over(event: ClubEvent) -> bool:
    """The evening is over: its organiser ended it, or its final's result is final (an evening cut
    to a final ends with it)."""
    return event.ended_at is not None or played_final(event) is not None


def evening_order(event: ClubEvent) -> list[Standing]:
    """Every player's line of the qualifying rounds, best first; after a played final its players
    first by their place at the final (a shared place a shared rank), then everyone else in the
    standings' order, their ranks counted on from the finalists (players tied in the standings
    stay tied). A line's ``parted_by`` (the tiebreak that put it below the line before it) stays
    only where that line is still the one before it: the final orders its players by itself."""
    lines = event_standings(event)
    final = played_final(event)
    if final is None:
        return lines
    game = table_game(event.variant, final.members, final.result, event.options)
    by_player = {s.player: s for s in lines}
    place = dict(zip(game.players, game.places(), strict=True))
    before_in_standings = {b.player: a.player for a, b in itertools.pairwise(lines)}
    out: list[Standing] = []
    for i, player in enumerate(final_order(game, lines)):
        line = by_player.get(player) or Standing(player)
        before = out[-1] if out else None
        if before is None:
            tied = False
        elif player in place:
            tied = place.get(before.player) == place[player]
        else:
            tied = before.player not in place and by_player[before.player].rank == line.rank
        parted = line.parted_by if before and before_in_standings.get(player) == before.player else None
        if player in place:
            parted = None
        out.append(
            replace(
                line,
                values=list(line.values),
                rank=before.rank if tied and before else i + 1,
                parted_by=parted,
            )
        )
    return out
