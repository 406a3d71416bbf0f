"""Errors raised by the rules engine: every one a :class:`RulesError` (a ``ValueError``), its message
starting with the rule id it enforces where one applies.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base class of every error the rules engine raises."""


class UnknownVariant(RulesError):
    """A variant slug that is not registered."""

    def __init__(self, slug: str, accepted: list[str]):
        self.slug = slug
        self.accepted = list(accepted)
        super().__init__(f"unknown variant {slug!r}; accepted: {', '.join(accepted)}")


class NotationError(RulesError):
    """N-1: a token that is not part of the variant's deck (or a malformed input)."""

    def __init__(self, token: str, accepted: str, variant: str | None = None, detail: str = ""):
        self.token = token
        self.accepted = accepted
        self.variant = variant
        where = f" for {variant}" if variant else ""
        what = detail or f"unknown token {token!r}{where}"
        super().__init__(f"N-1: {what}; accepted: {accepted}")


class OptionError(RulesError):
    """An unknown option name or a value the option does not accept."""

    def __init__(self, name: str, message: str, accepted: str):
        self.name = name
        self.accepted = accepted
        super().__init__(f"option {name!r}: {message}; accepted: {accepted}")


class RoundError(RulesError):
    """Round facts the rules reject, one entry per offending field.

    ``errors`` is a list of ``(field, message)``; ``field`` is a dotted path
    into the round facts (``"players.1.hand"``, ``"winner"``, ``"turns.3.melds.0"``)
    or ``""`` for the round as a whole. ``round`` is the 1-based round number
    when the error was found while scoring a whole game; ``word`` is what the
    variant calls a round ("hand" or "round", ``Variant.round_word``).
    """

    def __init__(self, errors: list[tuple[str, str]], round: int | None = None, word: str = "round"):
        self.errors = [(str(f), str(m)) for f, m in errors]
        self.round = round
        self.word = word
        prefix = f"{word} {round}: " if round else ""
        super().__init__(prefix + "; ".join(f"{f}: {m}" if f else m for f, m in self.errors))

    def in_round(self, number: int, word: str = "round") -> RoundError:
        """The same error, labelled with the round (``word`` N) it was found in."""
        return RoundError(self.errors, round=number, word=word)
