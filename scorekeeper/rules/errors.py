"""Errors raised by the rules engine: every one a :class:`RulesError` (a ``ValueError``), its message
starting with the rule id it enforces where one applies.
"""

from __future__ import annotations

from .reasons import Reason, quoted, say

#: what a variant calls a round (``Variant.round_word``), as a word of the catalog
ROUND_WORDS = {"hand": "word.hand", "round": "word.round"}


class RulesError(ValueError):
    """Base class of every error the rules engine raises; its message a :class:`Reason` when the
    engine wrote it (``reason``: None for a plain sentence)."""

    @property
    def reason(self) -> Reason | None:
        first = self.args[0] if self.args else None
        return first if isinstance(first, Reason) else None


class UnknownVariant(RulesError):
    """A variant slug that is not registered."""

    def __init__(self, slug: str, accepted: list[str]):
        self.slug = slug
        self.accepted = list(accepted)
        super().__init__(say("err.unknown_variant", slug=quoted(slug), accepted=", ".join(accepted)))


class NotationError(RulesError):
    """N-1: a token that is not part of the variant's deck (or a malformed input)."""

    def __init__(self, token: str, accepted: str, variant: str | None = None, detail: str = ""):
        self.token = token
        self.accepted = accepted
        self.variant = variant
        if detail:
            what = detail
        elif variant:
            what = say("n1.unknown_token_for", token=quoted(token), variant=variant)
        else:
            what = say("n1.unknown_token", token=quoted(token))
        super().__init__(say("n1.refused", what=what, accepted=accepted))


class OptionError(RulesError):
    """An unknown option name or a value the option does not accept."""

    def __init__(self, name: str, message: str, accepted: str):
        self.name = name
        self.accepted = accepted
        super().__init__(say("option.refused", name=quoted(name), message=message, accepted=accepted))


class RoundError(RulesError):
    """Round facts the rules reject, one entry per offending field.

    ``errors`` is a list of ``(field, message)``; ``field`` is a dotted path
    into the round facts (``"players.1.hand"``, ``"winner"``, ``"turns.3.melds.0"``)
    or ``""`` for the round as a whole. ``round`` is the 1-based round number
    when the error was found while scoring a whole game; ``word`` is what the
    variant calls a round ("hand" or "round", ``Variant.round_word``).
    """

    def __init__(self, errors: list[tuple[str, str]], round: int | None = None, word: str = "round"):
        # a message that is text already is kept as it is (a Reason, a service's Sentence and its
        # template), but never as markup: a page escapes every message
        self.errors = [
            (str(f), m if isinstance(m, str) and not hasattr(m, "__html__") else str(m)) for f, m in errors
        ]
        self.round = round
        self.word = word
        parts = tuple(say("round.field", field=f, message=m) if f else m for f, m in self.errors)
        if round:
            super().__init__(
                say(
                    "round.in_round", word=say(ROUND_WORDS.get(word, "word.round")), round=round, errors=parts
                )
            )
        else:
            super().__init__(parts[0] if len(parts) == 1 else say("round.errors", errors=parts))

    def in_round(self, number: int, word: str = "round") -> RoundError:
        """The same error, labelled with the round (``word`` N) it was found in."""
        return RoundError(self.errors, round=number, word=word)


def refuse_all(reasons) -> None:
    """RulesError saying every one of ``reasons`` (joined by "; "), when there are any: the
    engine's refusal of cards no game holds (a third R1, a fourth joker), however many it finds.

    >>> refuse_all([])
    >>> refuse_all([say("ct.only_two_jokers", rule="CT-7", shown="this rack holds", count=3)])
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.RulesError: CT-7: the game has only two jokers; this rack holds 3
    """
    if reasons:
        raise RulesError(say("joined", reasons=tuple(reasons)))
