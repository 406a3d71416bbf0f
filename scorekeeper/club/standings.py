"""The standings of a club night: each player's values added up, ties broken in the evening's
order of tiebreaks (docs/club-night.md "Ranking"); players still tied share a rank."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

from .errors import ClubError
from .ranking import PLACE_POINTS, TIEBREAKS, Standing, TableGame, game_values

DEFAULT_TIEBREAKS = tuple(TIEBREAKS)


def standings(
    games: Sequence[TableGame],
    scheme: str = "places",
    *,
    scale: Sequence[float] = PLACE_POINTS,
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
    players: Iterable[Hashable] = (),
) -> list[Standing]:
    """Every player's line, best first. ``players`` adds those who have no game yet (a late
    arrival: 0 points); players tied after every tiebreak share a rank and are listed by name.

    >>> games = [TableGame(("Ann", "Bob", "Cy", "Dee"), (90, 40, 40, 10)), TableGame(("Eve", "Fay", "Gus"), (5, 9, 7))]
    >>> [(s.player, s.points, s.rank) for s in standings(games)][:5]
    [('Ann', 4.0, 1), ('Fay', 4.0, 2), ('Gus', 1.5, 3), ('Bob', 1.5, 4), ('Cy', 1.5, 4)]
    >>> [s.parted_by for s in standings(games)][:5]  # what put each below the line above, tied on points
    [None, 'best_game', None, 'best_game', None]
    """
    unknown = [t for t in tiebreaks if t not in TIEBREAKS]
    if unknown:
        raise ClubError("There is no tiebreak called %(tiebreak)s.", tiebreak=unknown[0])
    lines: dict[Hashable, Standing] = {p: Standing(p) for p in players}
    for game in games:
        values = game_values(game, scheme, scale)
        places = game.places()
        for player, value, place, margin in zip(game.players, values, places, game.margins()):
            line = lines.setdefault(player, Standing(player))
            line.points += value
            line.values.append(value)
            line.games += 1
            line.wins += place <= (sum(1 for p in places if p == place) + 1) / 2
            line.best_game = max(line.best_game, margin)
    ordered = sorted(lines.values(), key=lambda s: (-same(s.points), str(s.player)))
    played = _by_player(games)  # head to head reads only the games of the tied players
    result: list[Standing] = []
    for group in _split(ordered, lambda s: same(s.points)):
        for tied in _refine(group, list(tiebreaks), played):
            for line in tied:  # still tied after every tiebreak: one rank, listed by name
                line.rank = len(result) + 1
            result.extend(tied)
    return result


def same(value: float) -> float:
    """A value as the standings compare it: sums of thirds differ in the last bits
    (10.000000000000002 is 10), so values are compared at nine decimals."""
    return round(value, 9)


#: each player's games (a tiebreak among a few players reads theirs, not the evening's 100 tables)
Played = dict[Hashable, list[TableGame]]


def _by_player(games: Sequence[TableGame]) -> Played:
    played: Played = {}
    for game in games:
        for player in game.players:
            played.setdefault(player, []).append(game)
    return played


def _met(players: Sequence[Hashable], played: Played) -> list[TableGame]:
    """The games any of ``players`` played, each once, in the evening's order."""
    found: dict[int, tuple[int, TableGame]] = {}
    for player in players:
        for game in played.get(player, ()):
            found.setdefault(id(game), (len(found), game))
    return [game for _, game in sorted(found.values(), key=lambda pair: pair[0])]


def _split(lines: list[Standing], key) -> list[list[Standing]]:
    groups: list[list[Standing]] = []
    for line in lines:
        if groups and key(groups[-1][0]) == key(line):
            groups[-1].append(line)
        else:
            groups.append([line])
    return groups


def _refine(group: list[Standing], tiebreaks: list[str], played: Played) -> list[list[Standing]]:
    """A tied group parted by the first tiebreak, each part by the next ones: the groups still tied
    after every tiebreak, best first (a group shares one rank, so the shown rank is the order's)."""
    if len(group) == 1 or not tiebreaks:
        return [group]
    first, rest = tiebreaks[0], tiebreaks[1:]
    key = _key(first, group, played)
    ordered = sorted(group, key=lambda s: (-same(key[s.player]), str(s.player)))
    out: list[list[Standing]] = []
    for index, sub in enumerate(_split(ordered, lambda s: same(key[s.player]))):
        parts = _refine(sub, rest, played)
        if index:  # below the part before it by this tiebreak (within it, by a later one)
            parts[0][0].parted_by = first
        out.extend(parts)
    return out


def _key(tiebreak: str, group: list[Standing], played: Played) -> dict[Hashable, float]:
    if tiebreak == "wins":
        return {s.player: s.wins for s in group}
    if tiebreak == "best_game":
        return {s.player: s.best_game for s in group}
    tied = [s.player for s in group]
    return head_to_head(tied, _met(tied, played))


def head_to_head(tied: Sequence[Hashable], games: Sequence[TableGame]) -> dict[Hashable, float]:
    """Among ``tied``, where two of them met: 1 to who placed higher (a tie parts nobody, and a
    player who met none of the others is not behind for it)."""
    score = dict.fromkeys(tied, 0.0)
    for game in games:
        here = [(p, place) for p, place in zip(game.players, game.places()) if p in score]
        for p, place in here:
            score[p] += sum(1.0 for q, o in here if q != p and place < o)
    return score
