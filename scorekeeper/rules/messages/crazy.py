"""Crazy Rummy (CZ-1..CZ-8)."""

MESSAGES = {
    "cz.no_twos": "Crazy Rummy plays without 2s",
    "cz.no_jokers": "Crazy Rummy plays without jokers",
    "cz.accepted": "3..10 (T = 10), J, Q, K, A, optionally with a suit letter (7H, QS); no 2s, no jokers",
    "cz.one_deck_holds": (
        "CZ-1: {decks} deck holds {holds} cards of rank {rank}, not {count} (one deck per two players)"
    ),
    "cz.decks_hold": (
        "CZ-1: {decks} decks hold {holds} cards of rank {rank}, not {count} (one deck per two players)"
    ),
    "cz.class_low": "3-7",
    "cz.class_high": "8-K",
    "cz.class_ace": "aces",
    "cz.one_deck_class": (
        "CZ-1: {decks} deck holds {holds} cards counted as {kind} this hand, not {count} (one deck per two players)"
    ),
    "cz.decks_class": (
        "CZ-1: {decks} decks hold {holds} cards counted as {kind} this hand, not {count} (one deck per two players)"
    ),
    "cz.one_deck_indicator": (
        "CZ-7: {decks} deck holds {holds} cards of rank {rank} and one of them is the wild indicator on the"
        " table: at most {left} here, not {count}"
    ),
    "cz.decks_indicator": (
        "CZ-7: {decks} decks hold {holds} cards of rank {rank} and one of them is the wild indicator on the"
        " table: at most {left} here, not {count}"
    ),
    "cz.set_too_few": "CZ-2: a set needs at least 3 cards, not {count}",
    "cz.set_one_rank": "CZ-2: a set needs one rank; these are {ranks}",
    "cz.one_wildcard": "CZ-3: after the first play a set holds at most one wildcard, not {count}",
    "cz.two_naturals": "CZ-3: after the first play a set needs at least two natural cards, not {count}",
    "cz.nothing_to_feed": "CZ-4: the opponent has nothing on the board to feed from",
    "cz.feed_nothing": "CZ-4: add at least one card",
    "cz.wild_not_fed": "CZ-4: wildcards ({rank}) are never bottom-fed",
    "cz.board_has_no": "CZ-4: the opponent's board has no {ranks}",
    "cz.no_wild": "CZ-1: no wild rank given, so every card counts as a natural card",
    "cz.first_play_legal": "legal as the player's first play of the hand",
    "cz.new_set": "these cards are a legal new set on their own ({points} points)",
    "cz.out_no_cards": "CZ-6: the player who went out has no cards left in hand",
    "cz.deck_this_hand": "{reasons} (counting boards, hands and the wild indicator)",
    "cz.face_up_each": "CZ-7: give one face-up card per player ({players})",
    "cz.face_up_one": "CZ-7: give exactly one face-up card",
    "cz.wild_one": "CZ-1: give one rank as the wild rank",
    "cz.wild_dealers": "CZ-1: the wild rank is the dealer's face-up card ({dealer}), not {given}",
    "cz.face_up_or_wild": "CZ-1: give the face-up cards (the dealer's sets the wild rank) or the wild rank",
}

#: the sentences that point at an option (:data:`scorekeeper.rules.messages.OPTIONS`)
OPTIONS = {
    "cz.no_wild": ("wild", None),
    "cz.first_play_legal": ("first_play", True),
    **dict.fromkeys(
        (
            "cz.one_deck_holds",
            "cz.decks_hold",
            "cz.one_deck_class",
            "cz.decks_class",
            "cz.one_deck_indicator",
            "cz.decks_indicator",
        ),
        ("players", None),
    ),
}
