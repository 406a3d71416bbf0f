"""A player's own part of a hand, entered on their own phone (issue 38; :mod:`scorekeeper.rules.parts`)."""

MESSAGES = {
    "part.object": "a part is an object with the player's own entry, such as {example}",
    "part.unknown_key": "unknown key; a part may hold {accepted}",
    "part.not_own": "in {variant} the players do not enter their own parts",
    "part.out_already_hand": "{name} has already gone out of this hand; only one player goes out ({rule})",
    "part.out_already_round": "{name} has already gone out of this round; only one player goes out ({rule})",
    "part.whose": "{name}'s part: {message}",
    "part.face_up_rank": "CZ-7: a face-up card is one rank: {accepted}",
    "part.dealer_face_up": "CZ-1: you deal this hand: give your face-up card, it sets the wild rank",
}
