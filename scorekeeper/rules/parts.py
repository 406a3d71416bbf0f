"""A player's own part of a hand, entered on their own phone (issue 38, docs/own-phones.md).

A part is the player's entry of the round facts (``players[seat]``) with the player's own share of
the hand's table facts: ``went_out`` (the hand's ``winner`` or ``went_out``; Krazy Bee keeps it in
the entry) and Crazy Rummy's ``face_up`` (the player's face-up first card, ``face_up[seat]``; the
dealer's sets the wild rank, CZ-1).

:func:`check_part` checks a part as it arrives, with the variant's own round scoring: the part is
put alone in a hand (the other players' entries empty) and scored on top of the game so far, so it
meets the checks a hand form meets (notation and bounds, CT-7 and CZ-5; a rack holding more copies
than the set, CT-7; the player who went out has nothing left, CT-8, KB-7, CZ-6, RB-4; KB-9 out only
after laying the Step). What only the parts together tell is checked beside: a second player out
(CT-8, KB-9, CZ-6, RB-7) and the dealer's face-up card (CZ-1, CZ-7). :func:`judge_hand` makes the
hand's round facts from every part and scores the whole (the racks together against the set, CT-7;
the deck, CZ-1), each refusal said with the name of the player whose part it is.

>>> from scorekeeper.rules import score_game
>>> game = score_game("rummikub", [], players=2, names=("Ann", "Bob"))
>>> check_part("rummikub", {"rack": "r5 J"}, 1, {}, game=game)
{'rack': 'r5 J'}
>>> check_part("rummikub", {"rack": ""}, 1, {0: {"went_out": True}}, game=game)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
scorekeeper.rules.errors.RoundError: part.went_out: Ann has already gone out of this round; ... (CT-8)
>>> judge_hand("rummikub", {0: {"went_out": True}, 1: {"rack": "r5 J"}}, game=game)
{'winner': 0, 'players': [{'rack': ''}, {'rack': 'r5 J'}]}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .crazy_sets import WILD_CHOICES as WILD_RANKS
from .errors import RoundError, RulesError
from .game import play_on
from .reasons import say
from .registry import PartKinds, find_variant
from .scoring import GameScore

#: the keys a part may hold, per kind (a tile part's ``went_out``: an empty rack, the hand's winner)
PART_KEYS = {
    "tiles": ("rack", "points", "went_out"),
    "steps": ("laid", "went_out", "hand", "points", "counts", "notes"),
    "cards": ("face_up", "board", "board_points", "board_counts", "hand", "points", "counts", "went_out"),
    "bugz": ("kinds", "hand", "points", "went_out", "bid", "notes"),
}
#: a part's keys that are the hand's table facts, not the player's entry
TABLE_KEYS = {"tiles": ("went_out",), "steps": (), "cards": ("face_up", "went_out"), "bugz": ("went_out",)}
#: the hand's fact naming the seat that went out, per kind (Krazy Bee: each entry's own flag)
OUT_FACT = {"tiles": "winner", "steps": None, "cards": "went_out", "bugz": "winner"}
#: the rule that lets one player go out of a hand, per kind
OUT_RULE = {"tiles": "CT-8", "steps": "KB-9", "cards": "CZ-6", "bugz": "RB-7"}
#: a second player out, by what the variant calls a round
OUT_ALREADY = {"hand": "part.out_already_hand", "round": "part.out_already_round"}
#: an example of a part, per kind, for a part that is not an object
EXAMPLE = {
    "tiles": '{"rack": "R5 J"}',
    "steps": '{"laid": true, "hand": "3 12"}',
    "cards": '{"board": "8 8 8", "hand": "3 A"}',
    "bugz": '{"kinds": ["single"], "hand": "3 P"}',
}
#: the wild rank a Crazy Rummy part is checked with before the dealer's card is in: its checks
#: (notation, bounds, CZ-6, the deck) do not depend on it, only its values do
UNKNOWN_WILD = "3"
#: the variants whose players enter their own parts, and the kind of part each takes: each
#: variant's own :attr:`.Variant.part_kind`, read from the registry (no table to edit here)
PART_KINDS = PartKinds(*PART_KEYS)


def part_kind(variant: str) -> str | None:
    """The kind of part ``variant``'s players enter on their own phones, or None (the editor
    enters the whole hand)."""
    kind = getattr(find_variant(variant), "part_kind", None)
    return kind if kind in PART_KEYS else None


def check_part(
    variant: str,
    part: Any,
    seat: int,
    others: Mapping[int, Mapping[str, Any]],
    *,
    game: GameScore,
    options: Mapping[str, Any] | None = None,
) -> dict:
    """``part``, seat ``seat``'s part of the open hand of ``game`` (the game so far, scored), as the
    hand keeps it; ``others``: the other seats' parts already in, as kept. RoundError (fields
    ``part.<key>``) for a part the rules refuse, as far as one player's part can be checked."""
    v, kind = find_variant(variant), _kind(variant)
    opts = v.options(options)
    if not isinstance(part, Mapping) or not part:
        raise RoundError([("part", say("part.object", example=EXAMPLE[kind]))])
    unknown = [k for k in part if k not in PART_KEYS[kind]]
    if unknown:
        accepted = ", ".join(PART_KEYS[kind])
        raise RoundError([(f"part.{k}", say("part.unknown_key", accepted=accepted)) for k in unknown])
    out = went_out(kind, part)
    if out:
        gone = [s for s, other in others.items() if s != seat and went_out(kind, other)]
        if gone:
            name = str(game.player(gone[0]))
            reason = say(OUT_ALREADY[v.round_word], name=name, rule=OUT_RULE[kind])
            raise RoundError([("part.went_out", reason)])
    kept = _entry(kind, part)
    facts: dict[str, Any] = {}
    if kind == "cards":
        face_up = _face_up(v, part, seat, game.dealer)
        dealers = face_up if seat == game.dealer else (others.get(game.dealer) or {}).get("face_up")
        facts["wild"] = dealers or UNKNOWN_WILD
        if face_up:
            kept["face_up"] = face_up
    if OUT_FACT[kind]:
        facts[OUT_FACT[kind]] = seat if out else None
    entries: list[dict] = [{} for _ in range(game.players)]
    entries[seat] = _entry(kind, part)
    _judged(v, {**facts, "players": entries}, game, opts, lambda field: _part_field(field, seat))
    return {**kept, "went_out": True} if out else kept


def judge_hand(
    variant: str,
    parts: Mapping[int, Mapping[str, Any]],
    *,
    game: GameScore,
    options: Mapping[str, Any] | None = None,
) -> dict:
    """The open hand's round facts from every seat's part (as :func:`check_part` kept them),
    judged whole as the variant's round scoring judges a hand on top of ``game``; RoundError, each
    refusal said with the name of the player whose part it is."""
    v, kind = find_variant(variant), _kind(variant)
    facts = hand_facts(kind, parts, game.players, game.dealer)
    _judged(v, facts, game, v.options(options), lambda field: None, names=True)
    return facts


def hand_facts(kind: str, parts: Mapping[int, Mapping[str, Any]], players: int, dealer: int) -> dict:
    """The hand's round facts from every seat's part, in seat order (not judged)."""
    seats = range(players)
    out = [s for s in seats if went_out(kind, parts[s])]
    if kind == "steps":
        return {"players": [dict(parts[s]) for s in seats]}
    entries = [_entry(kind, parts[s]) for s in seats]
    if kind == "tiles":
        entries = [{"rack": ""} if s in out else entries[s] for s in seats]
    facts: dict[str, Any] = {OUT_FACT[kind]: out[0] if out else None, "players": entries}
    if kind == "cards":
        face_up = [parts[s].get("face_up") for s in seats]
        return {"face_up": face_up, **facts} if all(face_up) else {"wild": face_up[dealer], **facts}
    return facts


def went_out(kind: str, part: Mapping[str, Any]) -> bool:
    """Whether the part says its player went out (a tile rack sent empty says so too)."""
    if part.get("went_out") is True:
        return True
    return kind == "tiles" and (part.get("rack") == "" or (part.get("points") == 0 and "rack" not in part))


def _kind(variant: str) -> str:
    kind = part_kind(variant)
    if kind is None:
        raise RulesError(say("part.not_own", variant=find_variant(variant).name))
    return kind


def _entry(kind: str, part: Mapping[str, Any]) -> dict:
    """The player's entry of the round facts: the part without the hand's table facts."""
    return {k: v for k, v in part.items() if k not in TABLE_KEYS[kind]}


def _face_up(v, part: Mapping[str, Any], seat: int, dealer: int) -> str | None:
    """The part's face-up card, one rank (CZ-7); the dealer's part must give it: it sets the
    hand's wild rank (CZ-1)."""
    card = part.get("face_up")
    if card in (None, ""):
        if seat == dealer:
            raise RoundError([("part.face_up", say("part.dealer_face_up"))])
        return None
    card = str(card).strip().upper()
    accepted = ", ".join(WILD_RANKS)
    try:
        parsed = v.parse(card)
    except RulesError:
        parsed = ()
    if len(parsed) != 1 or card not in WILD_RANKS:
        raise RoundError([("part.face_up", say("part.face_up_rank", accepted=accepted))])
    return card


def _judged(v, facts: dict, game: GameScore, opts, field_of, names: bool = False) -> None:
    """Score ``facts`` on top of ``game`` as the variant's round scoring does; RoundError with
    each field ``field_of(field)`` (None: as it is), and, with ``names``, each refusal said with the
    name of the player whose entry it is."""
    try:
        play_on(v, game, [v.canonical_facts(facts)], opts)
    except RoundError as err:
        said = []
        for field, message in err.errors:
            if not field and not names:
                continue  # nothing else entered yet: the hand's other parts are still to come
            seat = _seat_of(field, facts)
            if names and seat is not None:
                ruled = {"rule": message.rule} if getattr(message, "rule", None) else {}
                message = say("part.whose", name=str(game.player(seat)), message=message, **ruled)
            said.append((field_of(field) or field, message))
        if said:
            raise RoundError(said) from None


def _seat_of(field: str, facts: Mapping[str, Any]) -> int | None:
    """The seat whose entry a field of the round facts is (``players.2.rack``, ``face_up.2``, a
    seat fact such as ``winner``), or None."""
    head, _, rest = field.partition(".")
    if head in ("players", "face_up") and rest.split(".")[0].isdigit():
        return int(rest.split(".")[0])
    value = facts.get(head) if head in ("winner", "went_out") else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _part_field(field: str, seat: int) -> str:
    """A field of the hand's facts as the part's field (``players.1.rack`` -> ``part.rack``)."""
    mine = f"players.{seat}"
    if field == mine or field.startswith(mine + "."):
        return "part" + field.removeprefix(mine)
    if field in ("winner", "went_out"):
        return "part.went_out"
    if field == "wild" or field.startswith("face_up"):
        return "part.face_up"
    return "part"
