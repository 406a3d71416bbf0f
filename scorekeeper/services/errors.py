"""What the services refuse, in the table's words: no HTTP here."""

from __future__ import annotations


class ServiceError(Exception):
    """Base class of the services' refusals; ``str(err)`` is the sentence a player reads."""


class NotFound(ServiceError):
    """What the request names is not there (a feature names its own: a table)."""


class GameNotFound(NotFound):
    """No game has this public id (it may have been deleted)."""

    def __init__(self, public_id: str = ""):
        self.public_id = public_id
        super().__init__("There is no game at this address; it may have been deleted.")


class HandNotFound(NotFound):
    """The game has no hand (or round, in the variant's word) with this number."""

    def __init__(self, number: int, word: str = "hand"):
        self.number = number
        super().__init__(f"This game has no {word} {number}.")


class SecretMissing(ServiceError):
    """A change was asked without the game's edit secret."""


class NotEditor(ServiceError):
    """A change was asked with a secret that is not this game's."""


class Conflict(ServiceError):
    """The change collides with another one made at the same moment; nothing of it was kept."""
