"""Crib Rummy (CR-1..CR-9)."""

MESSAGES = {
    "cr.face_hint": "{hint}, e.g. {card}",
    "cr.suit_needed": "a card needs its suit, e.g. 7H",
    "cr.accepted": "rank A 2..10 J Q K (T = 10) + suit S H D C (or ♠♥♦♣), e.g. AS 10H QD; JK (joker; or *)",
    "suit.spades": "spades",
    "suit.hearts": "hearts",
    "suit.diamonds": "diamonds",
    "suit.clubs": "clubs",
    "cr.natural_needed": "CR-3: a meld needs at least one natural card besides its jokers",
    "cr.set_too_few": "CR-1: a set needs at least 3 cards, not {count}",
    "cr.run_too_few": "CR-2: a run needs at least 3 cards, not {count}",
    "cr.set_too_many": "CR-1: a set has at most {most} cards, not {count} (CR-4: sets are closed at 4)",
    "cr.run_too_many": "CR-2: a run has at most {most} cards, not {count}",
    "cr.set_one_rank": "CR-1: a set needs one rank; these are {ranks}",
    "cr.run_one_suit": "CR-2: a run needs one suit; these are {suits}",
    "cr.run_repeats": "CR-2: a run has no repeats; {cards} appears more than once",
    "cr.aces_low": "CR-2: aces are low only (A-2-3), unless the game allows Q-K-A runs",
    "cr.no_wrap": "CR-2: a run never wraps round from K through A to 2",
    "cr.not_in_sequence": (
        "CR-2: not in sequence: {low} to {high} spans {span} ranks "
        "but the meld has {count} cards (jokers only fill the gaps)"
    ),
    "cr.extend_nothing": "CR-4: add at least one card to extend a meld",
    "cr.set_closed": "CR-4: sets are closed at 4 cards; this would make {count}",
    "cr.set_strays": "CR-1: {cards} cannot join a set of {rank}s",
    "cr.run_too_long": "CR-2: a run has at most 13 cards; this would make {count}",
    "cr.run_off_suit": "CR-2: {cards} cannot join a run of {suit}",
    "cr.run_ends": "CR-4: {cards} cannot extend the run {run} at its ends (cards on the table never move)",
    "cr.two_packs": "CR-1: two packs hold {copies} of each card; {card} is here {count} times",
    "cr.jokers": "CR-3: the deck has {jokers} jokers, not {count}",
    "cr.jokers_more": "CR-3: the deck has {jokers} jokers, not {count} (a game may be played with 4)",
    "cr.table_not_a_meld": "the table's meld {number} ({meld}) is not a meld: {reasons}",
    "cr.hint_too_wide": (
        "this hand and table hold more card groups to judge ({count}) than the best-play finder takes "
        "({most}); a hand dealt at the table holds far fewer"
    ),
    "cr.hint_too_many_ways": (
        "this hand can be laid in more ways than the best-play finder weighs ({most}); "
        "a hand dealt at the table has far fewer"
    ),
}
MESSAGES.update(
    {
        "cr.turns_list": "give the turns as a list, in play order",
        "cr.game_ended": "CR-8: the game ended after turn {turn}; no more turns are played",
        "cr.turn_object": "each turn must be an object",
        "cr.whose_turn": "it is {player}'s turn: play goes round the table from the starter ({starter}) (CR-9)",
        "cr.melds_list": "give the melds as a list",
        "cr.pegs_differ": "CR-5: these melds peg {earned}, not {typed}",
        "cr.meld_object": "each meld must be an object with its cards",
        "cr.cards_laid": "give the cards laid",
        "cr.not_a_kind": "CR-3: {kind} is not a kind; accepted: set, run",
        "cr.deck_this_hand": "{reasons} (counting every meld on the table this hand)",
        "cr.counted_as_set": "turn {turn}: {cards} counted as a set (CR-3: it reads both ways; give kind to choose)",
        "cr.counted_as_run": "turn {turn}: {cards} counted as a run (CR-3: it reads both ways; give kind to choose)",
        "cr.no_meld_yet": (
            "CR-4: there is no table meld {meld} yet; melds are numbered from 0 in the order they were laid this hand"
        ),
        "cr.meld_is_set": "CR-4: meld {meld} is a set; it cannot become a run",
        "cr.meld_is_run": "CR-4: meld {meld} is a run; it cannot become a set",
        "cr.lay_first": (
            "CR-6: {player} may add to another player's meld only "
            "after laying a meld of their own (earlier this hand or this turn)"
        ),
        "cr.end_object": "give the end of the hand as an object, or null while it is played",
        "cr.end_type": "{kind} is not how a hand ends; accepted: out, draw_pile",
        "cr.who_out": "CR-7: say who went out",
        "cr.out_not_last": "CR-7: {player} went out, but the last turn recorded is {last}'s",
        "cr.cards_left_all": "CR-7: give the cards left in every hand ({count} counts)",
        "cr.out_no_cards": "CR-7: the player who goes out has no cards left",
    }
)
MESSAGES.update(
    {
        "cr.both_ways": (
            "CR-3: these cards read as a set ({set_pegs} pegs) or a run ({run_pegs} pegs); "
            "declare it a set or a run"
        ),
        "cr.legal_as_set": "legal as a set ({pegs} pegs): declare it a set",
        "cr.legal_as_run": "legal as a run ({pegs} pegs): declare it a run",
        "cr.legal_ace_high": "legal as a run where Q-K-A runs are allowed: {pegs} pegs",
        "cr.table_not_legal": "CR-4: the meld on the table is not legal ({reasons})",
        "cr.added_new_set": "the added cards are a legal new set on their own ({pegs} pegs)",
        "cr.added_new_run": "the added cards are a legal new run on their own ({pegs} pegs)",
    }
)

#: the sentences that point at an option (:data:`scorekeeper.rules.messages.OPTIONS`)
OPTIONS = {
    "cr.aces_low": ("ace_high", True),
    "cr.legal_ace_high": ("ace_high", True),
    "cr.jokers_more": ("jokers", 4),
    "cr.both_ways": ("kind", None),
    "cr.legal_as_set": ("kind", "set"),
    "cr.legal_as_run": ("kind", "run"),
}
