"""Seats (issue 38): each phone at the table takes one player's seat and enters that player's part
of a hand; the hand is recorded through :func:`scorekeeper.services.rounds.record_round` when the
last part is in (docs/own-phones.md). The rows are :mod:`scorekeeper.storage.seat_models`."""

from .confirming import PartChanged, confirm_part, dispute_reasons, part_seen, to_check
from .parts import OWN_PARTS, HandClosed, hand_status, send_part
from .seating import (
    CONFIRM_CHOICES,
    SeatingClosed,
    SeatTaken,
    free_seat,
    give_seat,
    hold_seat,
    open_seats,
    seat_named,
    seat_of_secret,
    seating_of,
    seats_of,
    take_seat,
)

__all__ = [
    "CONFIRM_CHOICES",
    "OWN_PARTS",
    "HandClosed",
    "PartChanged",
    "SeatTaken",
    "SeatingClosed",
    "confirm_part",
    "dispute_reasons",
    "free_seat",
    "give_seat",
    "hand_status",
    "hold_seat",
    "open_seats",
    "part_seen",
    "seat_named",
    "seat_of_secret",
    "seating_of",
    "seats_of",
    "send_part",
    "take_seat",
    "to_check",
]
