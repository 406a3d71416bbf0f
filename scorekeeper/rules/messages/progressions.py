"""Melds of numbers in steps, shared by Krazy Bee (books, runs) and RumBugz (Sequences)."""

MESSAGES = {
    "kind.book": "book",
    "kind.run": "run",
    "pr.numbers_differ": "the numbers differ ({numbers})",
    "pr.repeats": "{number} appears {count} times; no number may repeat",
    "pr.at_most": "at most {most} cards fit from {low} to {high}",
    "pr.not_multiple": "{odd} and {least} are not a multiple of {step} apart",
    "pr.missing_one_none": "from {low} to {high} the number {numbers} is missing and no {wild} fills it",
    "pr.missing_one_single": "from {low} to {high} the number {numbers} is missing and only {wilds} {wild} fills it",
    "pr.missing_one_some": "from {low} to {high} the number {numbers} is missing and only {wilds} {wild}s fill it",
    "pr.missing_none": "from {low} to {high} the numbers {numbers} are missing and no {wild} fills them",
    "pr.missing_single": (
        "from {low} to {high} the numbers {numbers} are missing and only {wilds} {wild} fills them"
    ),
    "pr.missing_some": "from {low} to {high} the numbers {numbers} are missing and only {wilds} {wild}s fill them",
    "pr.no_fit": "it does not fit between {low} and {high}",
    "pr.not_a": "{rule}: not a {kind}: {why}",
    "pr.legal_as": "legal as a {kind}: {cards}",
    "pr.also_legal": "also legal as a {kind}, when declared as one: {cards}",
    "pr.table_not_a": "{rule}: the {what} on the table is not a {kind}: {why}",
    "pr.must_stay": "{rule}: the {what} must stay a {kinds}: {why}",
    "pr.either": "{first} or {last}",
    "pr.changed_would_be": "the changed {what} would be a {kind}, but it must keep its kind",
}

#: the sentences that point at an option (:data:`scorekeeper.rules.messages.OPTIONS`)
OPTIONS = {
    "pr.legal_as": ("kind", "{name}"),
    "pr.also_legal": ("kind", "{name}"),
}
