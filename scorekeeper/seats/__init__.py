"""Seats (issue 38): every phone at the table takes one player's seat and enters that player's own
part of a hand; the hand is recorded when the last part is in (docs/own-phones.md).

The feature as the core sees it is :mod:`.feature`; its API is :mod:`.api` (with its part of the
OpenAPI document, :mod:`.openapi`), the seat's link :mod:`.views`. Its rows are
:mod:`scorekeeper.storage.seat_models`, its services :mod:`scorekeeper.services.seats`.
"""
