"""Words and sentences every variant shares: kinds, notation, options, round facts."""

MESSAGES = {
    "word.hand": "hand",
    "word.round": "round",
    "err.unknown_variant": "unknown variant {slug}; accepted: {accepted}",
    "n1.unknown_token": "unknown token {token}",
    "n1.unknown_token_for": "unknown token {token} for {variant}",
    "n1.refused": "N-1: {what}; accepted: {accepted}",
    "option.refused": "option {name}: {message}; accepted: {accepted}",
    "round.field": "{field}: {message}",
    "round.errors": "{errors}",
    "round.in_round": "{word} {round}: {errors}",
}
MESSAGES.update(
    {
        "joined": "{reasons}",
        "n1.cards_text": "cards must be text",
        "n1.no_cards": "no cards given",
        "round.not_yes_no": "{value} is not yes or no",
        "what.count": "a count",
        "what.card_count": "a card count",
        "what.board_points": "board points",
        "what.meld": "meld",
        "what.step_number": "a Step number",
        "what.sequence": "Sequence",
        "what.rack_points": "points on the rack",
        "what.hand_points": "points in hand",
        "what.points": "points",
        "what.seat": "a player seat",
        "what.pegs": "pegs",
        "what.meld_number": "a table meld number",
        "what.cards_left": "cards left",
        "round.nothing_entered": (
            "{rule}: nothing was entered for this {word}; say who went out, or what each player has left"
        ),
        "round.object": "a round must be an object of facts",
        "round.plain_json": "round facts must be plain JSON values",
        "round.one_entry_each": "give one entry per player ({players})",
        "round.entry_object": "each player's entry must be an object",
        "round.not_a_seat": "{value} is not a player seat (0..{last})",
        "round.ruled": "{rule}: {message}",
        "round.not_whole": "{value} is not {what} (a whole number)",
        "round.below": "{what} cannot be below {low}",
        "round.above": "{what} cannot be above {high}",
        "round.per_class": "{rule}: give the cards per class: {classes}",
        "round.unknown_class": "{rule}: unknown card class; accepted: {accepted}",
    }
)
