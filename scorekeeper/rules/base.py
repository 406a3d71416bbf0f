"""The :class:`Variant` base class: declared attributes plus a few hooks."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from . import fact_checks
from .bounds import MOST_CARDS
from .cards import BETWEEN_MELDS, Card, Notation, tokenize
from .errors import ROUND_WORDS, NotationError, RoundError, RulesError
from .facts import entered
from .options import Option, resolve
from .reasons import say
from .records import canonical, normalised
from .scoring import GameScore, RoundOutcome, rank_totals
from .verdict import HandValue, Verdict


class Variant:
    """One rummy variant. Subclasses declare the class attributes and override the hooks."""

    slug: ClassVar[str]
    name: ClassVar[str]
    #: the name is a label in words, not a game's own name ("Any other game (points)"): the pages
    #: write it in the reader's language, as the engine's describing words (docs/languages.md)
    name_in_words: ClassVar[bool] = False
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int]
    notation: ClassVar[Notation]
    option_spec: ClassVar[tuple[Option, ...]] = ()
    #: every key ``score_round`` reads, and its JSON type: a :class:`.records.Record` of
    #: :mod:`.facts` kinds; None: facts kept as sent
    facts_shape: ClassVar[Any] = None
    #: the rule a round with nothing entered in it breaks (its facts refused, so a form sent empty
    #: records nothing); None where an empty entry means something (Crib Rummy: a pass)
    entered_rule: ClassVar[str | None] = None
    #: the sentence that refusal says, in the variant's own words (a points game: nobody's points)
    nothing_entered: ClassVar[str] = "round.nothing_entered"
    #: one line for menus: what the game is
    summary: ClassVar[str] = ""
    #: what the players call one deal-and-play, in every page, message and sheet:
    #: "hand" or "round" (the word of the variant's rules in RULES.md)
    round_word: ClassVar[str] = "hand"
    #: how the deck looks to players: "numbers" (plain number cards), "suited" (a pack with
    #: suits) or "tiles" (coloured number tiles); the pages and sheets draw faces by it
    deck_look: ClassVar[str] = "numbers"
    #: cards are dealt, by a dealer who changes each hand; False (tile and bag games: everyone
    #: draws their own): the pages and forms name who plays first instead of a dealer
    dealt: ClassVar[bool] = True
    #: what the players call a wild card ("Wild Bee", "PLYT", "joker")
    wild_name: ClassVar[str] = "wild card"
    #: melds go down as Steps, several at once (KB-3): the Step list is shown and printed
    laid_in_steps: ClassVar[bool] = False
    #: scores are pegged on a cribbage board to the ``target`` option (CR-8)
    pegged: ClassVar[bool] = False
    #: each hand has a wild rank, the ``wild`` option: cards of it are drawn as wildcards (CZ-1)
    wild_rank: ClassVar[bool] = False
    #: the rule-id families (RULES.md sections) whose home is this variant's rules page
    rules_home: ClassVar[tuple[str, ...]] = ()
    #: card classes a hand may be counted by instead of its cards (class -> what it holds),
    #: each worth :meth:`class_values` a card; ``count_rule`` is the rule that sets them
    count_classes: ClassVar[Mapping[str, str]] = {}
    count_rule: ClassVar[str] = ""
    #: the most a typed total of cards left may be, and the rule that scores it (:mod:`.bounds`)
    most_hand_points: ClassVar[tuple[int | None, str]] = (None, "")
    #: the most cards the best-play finder takes in one hand (a card game's finder has no clock)
    most_hint_cards: ClassVar[int] = 30
    #: what its scored hands count for a table's statistics, ``(score, complete rounds) -> counts``
    #: (:mod:`.table_counts`); every variant names its own (``no_counts``: nothing of its own)
    table_counts: ClassVar[Any] = None
    #: what a correction changed in a hand beyond its scores, ``(old round, new round) -> changes``
    #: (:mod:`.hand_changes`), for the change log; every variant names its own (``points_only``)
    hand_changes: ClassVar[Any] = None
    #: one legal hand in every shape the shared tests use (:mod:`.samples`); every variant names its own
    samples: ClassVar[Any] = None
    #: its own sentences (key -> English template), merged into the engine's catalog by ``register``;
    #: ``own_rules``: its rule family is the project's own, not RULES.md's (the points game's PG)
    messages: ClassVar[Mapping[str, str]] = {}
    own_rules: ClassVar[bool] = False
    #: what its players enter on their own phones (issue 38, docs/own-phones.md): one part of a hand
    #: once it is over, of a kind :mod:`.parts` checks ("tiles", "steps", "cards", "bugz"), or each
    #: turn as it is due ("turns", :mod:`.turn_parts`); None: the editor enters the whole hand, and
    #: seats do not open. Every variant declares its own (no default here: the registry test asks)
    part_kind: ClassVar[str | None]
    #: the part a player without one counts as when the editor closes a hand with the parts that
    #: are in (:mod:`.part_closing`); None: refused, a missing part changes the others' scores
    sat_out_part: ClassVar[Mapping[str, Any] | None] = None
    #: closing so needs the dealer's part (Crazy Rummy: its face-up card sets the wild rank, CZ-1)
    dealer_part_needed: ClassVar[bool] = False

    # -- options and notation -------------------------------------------------
    def options(self, raw: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Every option with its default, ``raw`` validated (OptionError otherwise)."""
        return resolve(self.option_spec, raw)

    def title(self, opts: Mapping[str, Any] | None = None, translate: Any = str) -> str:
        """What a game of this variant is called where its name shows (a points game adds its own, PG-1);
        ``translate`` writes a name in words (``name_in_words``) in the reader's language."""
        return translate(self.name) if self.name_in_words else self.name

    def parse(self, text: str) -> tuple[Card, ...]:
        """Notation to cards (N-1); NotationError naming the token otherwise."""
        return self.notation.parse(text)

    def table_parts(self, text: Any, empty: str = "kb.empty_meld") -> list[str]:
        """The melds of a table written with ``|`` between them, each stripped (none when it is blank);
        one holding no card (``5 | | K``, ``5 | , | K``, a ``|`` at either end) is refused (N-1, the
        sentence ``empty``), so that "meld 3" in an answer is the third the player wrote."""
        if text is None or not str(text).strip():
            return []
        parts = [part.strip() for part in str(text).split("|")]
        if not all(tokenize(part) for part in parts):
            raise self.refuse(say(empty, sign=BETWEEN_MELDS), "|")
        return parts

    def refuse(self, detail: str, token: str = "") -> NotationError:
        """N-1: the error for input this variant cannot read as a whole (no cards, a stray
        ``|``), saying why (``detail``) and what the notation accepts."""
        return NotationError(token, self.notation.accepted, self.slug, detail=detail)

    def describe(self) -> dict:
        """JSON-ready description for menus, forms and ``GET /api/v1/variants``."""
        return {
            "slug": self.slug,
            "name": self.name,
            "summary": self.summary,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "high_wins": self.high_wins(self.options()),
            "round_word": self.round_word,
            "options": [o.describe() for o in self.option_spec],
        }

    # -- round facts ----------------------------------------------------------
    def canonical_facts(self, facts: Any) -> dict:
        """Facts sent in, checked and written as this variant reads them (:func:`.records.canonical`):
        RoundError naming every unknown key and mistyped value."""
        if self.facts_shape is not None:
            facts = canonical(self.facts_shape, facts)
            if self.entered_rule and not entered(facts):
                raise RoundError(
                    [
                        (
                            "",
                            say(
                                self.nothing_entered,
                                rule=self.entered_rule,
                                word=say(ROUND_WORDS.get(self.round_word, "word.round")),
                            ),
                        )
                    ]
                )
            return facts
        if not isinstance(facts, Mapping):  # no declared shape: a deep JSON copy
            raise RoundError([("", say("round.object"))])
        try:
            return json.loads(json.dumps(facts, allow_nan=False))
        except (TypeError, ValueError):
            raise RoundError([("", say("round.plain_json"))]) from None

    def stored_facts(self, facts: Any) -> Any:
        """Facts already stored, written the canonical way the engine reads them (:func:`.records.normalised`)."""
        return facts if self.facts_shape is None else normalised(self.facts_shape, facts)

    # -- the checker ----------------------------------------------------------
    def check(self, cards: str, extend: str | None, opts: dict[str, Any]) -> Verdict:
        """Judge a meld (or laydown / extension / grid): see RULES.md section 6."""
        raise NotImplementedError

    def hand(self, cards: str, opts: dict[str, Any]) -> HandValue:
        """The value of cards left in a hand."""
        raise NotImplementedError

    def hand_supply(self, cards: str, opts: dict[str, Any]) -> list[str]:
        """Why no deck of the game deals the hand ``cards`` (a third R1, three 7H: a typo), for the
        checker's ``hand`` (:func:`scorekeeper.rules.hand`); none where RULES.md gives no deck. A
        recorded round counts its decks itself (over boards, hands and the wild indicator), so a
        round kept before a limit was checked here still reads back."""
        return []

    # -- scoring hooks --------------------------------------------------------
    def high_wins(self, opts: Mapping[str, Any]) -> bool:
        """Whether the highest total wins (False: lowest wins)."""
        return True

    def initial_progress(self, players: int, opts: Mapping[str, Any]) -> tuple[dict, ...]:
        """Each seat's progress before the first round."""
        return tuple({} for _ in range(players))

    def start_game(self, players: int, first_dealer: int, opts: Mapping[str, Any]) -> GameScore:
        game = GameScore(
            variant=self.slug,
            players=players,
            first_dealer=first_dealer,
            high_wins=self.high_wins(opts),
            rounds=(),
            totals=(0,) * players,
            progress=self.initial_progress(players, opts),
            dealer=first_dealer,
        )
        return replace(game, ranks=self.rank(game, opts))

    def dealer_for(self, game: GameScore, index: int) -> int:
        """Who deals round ``index`` (0-based): the deal passes left each hand."""
        return (game.first_dealer + index) % game.players

    def score_round(
        self, facts: Mapping[str, Any], game: GameScore, dealer: int, opts: Mapping[str, Any]
    ) -> RoundOutcome:
        """Score one round's facts given the game so far; RoundError on bad facts."""
        raise NotImplementedError

    def is_over(self, game: GameScore, outcome: RoundOutcome, opts: Mapping[str, Any]) -> bool:
        """Whether the game ends after the round just added to ``game``."""
        return outcome.ends_game

    def rank(self, game: GameScore, opts: Mapping[str, Any]) -> tuple[int, ...]:
        """Each seat's place by this variant's end rule (1 = best; ties share a rank, N-5).

        The one ranking every page, sheet and API answer shows; the winners of a
        finished game are the seats ranked 1st. Default: by total, the best first.
        """
        return rank_totals(game.totals, game.high_wins)

    def finish_round(self, game: GameScore, outcome: RoundOutcome, opts: Mapping[str, Any]) -> GameScore:
        """Rank the seats after the round; end the game (winners: those ranked 1st) when it is over."""
        game = replace(game, ranks=self.rank(game, opts))
        if self.is_over(game, outcome, opts):
            return replace(game, finished=True, winners=game.leaders)
        return game

    def describe_next(self, game: GameScore, opts: Mapping[str, Any]) -> GameScore:
        """Fill who deals and who plays first in the current (or next) hand."""
        current = game.in_progress_round
        dealer = current.dealer if current else self.dealer_for(game, len(game.rounds))
        starter = current.starter if current and current.starter is not None else (dealer + 1) % game.players
        return replace(game, dealer=dealer, starter=starter)

    # -- shared validation helpers for round facts (:mod:`.fact_checks`) ---------
    seat_entries = staticmethod(fact_checks.seat_entries)
    seat_or_none = staticmethod(fact_checks.seat_or_none)
    count = staticmethod(fact_checks.count)

    def hand_points(
        self,
        entry: Mapping[str, Any],
        field: str,
        opts: Mapping[str, Any],
        *,
        key: str = "hand",
        what: str = "points in hand",
    ) -> int:
        """Points left in a player's hand: from ``entry[key]`` (cards; the tile games
        say ``rack``), ``counts`` (cards per class, when the variant has classes) or
        ``points`` (a typed total).

        Cards win when more than one is given; none means an empty hand (0).
        """
        cards = entry.get(key)
        if cards not in (None, ""):
            try:
                return self.hand(cards, dict(opts)).points or 0
            except RulesError as err:
                raise RoundError([(f"{field}.{key}", err.args[0])]) from None
        if self.count_classes and entry.get("counts") not in (None, "", {}):
            return self.class_points(entry["counts"], f"{field}.counts", opts)
        if entry.get("points") not in (None, ""):
            high, rule = self.most_hand_points
            return self.count(entry["points"], f"{field}.points", what=what, high=high, rule=rule)
        return 0

    def class_values(self, opts: Mapping[str, Any]) -> Mapping[str, int]:
        """Points per card of each class in ``count_classes`` (an option may change them)."""
        return {}

    def class_points(self, counts: Any, field: str, opts: Mapping[str, Any]) -> int:
        """Points of cards counted per class (``counts``: class -> how many cards), e.g. KB-7, CZ-5."""
        values = self.class_values(opts)
        return sum(values[k] * n for k, n in self.class_counts(counts, field).items())

    def class_counts(self, counts: Any, field: str) -> dict[str, int]:
        """``counts`` (class -> how many cards) checked: each class one of ``count_classes``, each count
        a whole number within bounds; a class left blank is left out."""
        classes = ", ".join(f"{key} ({label})" for key, label in self.count_classes.items())
        if not isinstance(counts, Mapping):
            raise RoundError([(field, say("round.per_class", rule=self.count_rule, classes=classes))])
        unknown = [k for k in counts if k not in self.count_classes]
        if unknown:
            raise RoundError(
                [
                    (
                        f"{field}.{unknown[0]}",
                        say(
                            "round.unknown_class",
                            rule=self.count_rule,
                            accepted=", ".join(self.count_classes),
                        ),
                    )
                ]
            )
        return {
            k: self.count(v, f"{field}.{k}", high=MOST_CARDS, what="a card count", rule=self.count_rule)
            for k, v in counts.items()
            if v not in (None, "")
        }

    def parse_for_round(self, text: Any, field: str) -> tuple[Card, ...]:
        """Parse cards inside round facts, turning a NotationError into a field error."""
        try:
            return self.parse(text if text is not None else "")
        except NotationError as err:
            raise RoundError([(field, err.args[0])]) from None
