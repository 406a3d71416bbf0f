"""Krazy Bee (KB-1..KB-10)."""

MESSAGES = {
    "kb.hint_too_many_ways": (
        "this hand and Step list can be laid in more ways than the best-play finder tries ({most}); "
        "Steps of many short runs take the most"
    ),
    "kb.one_wild_bee": "{count} Wild Bee",
    "kb.wild_bees": "{count} Wild Bees",
    "kb.one_number_card": "{count} number card",
    "kb.number_cards": "{count} number cards",
    "kb.too_wild": "KB-2: {bees} but only {numbers}; Wild Bees may not outnumber number cards",
    "kb.meld_too_wild": "KB-2: {meld} has {bees} but only {numbers}; Wild Bees may not outnumber number cards",
    "kb.meld_named": "meld {number} ({cards})",
    "kb.neither": "KB-1: {meld} is neither a book ({book}) nor a run ({run})",
    "kb.no_meld": "{cards} (no meld)",
    "kb.book_or_run": "{cards} (a book or run of {count})",
    "kb.a_book": "{cards} (a book of {count})",
    "kb.a_run": "{cards} (a run of {count})",
    "kb.books_differ": (
        "KB-4: {step}: meld {first} and meld {second} are both books of {number}s; "
        "the books of a Step must be of different numbers"
    ),
    "kb.runs_apart": (
        "KB-5: {step}: the runs {low} and {high} continue each other (together one run of {together}); "
        "runs of a Step must not"
    ),
    "kb.short_book": "KB-1: meld {number} ({cards}) has {count} cards; {step} needs a book of at least {size}",
    "kb.short_run": "KB-1: meld {number} ({cards}) has {count} cards; {step} needs a run of at least {size}",
    "kb.short_book_one": "KB-1: meld {number} ({cards}) is a single card; {step} needs a book of at least {size}",
    "kb.short_run_one": "KB-1: meld {number} ({cards}) is a single card; {step} needs a run of at least {size}",
    "kb.do_not_lay": "KB-3: the melds do not lay {step}: they are {melds}",
    "kb.lay_as_melds": "lay it as {count} melds: {melds}",
    "kb.lay_as_book": "lay it as one book: {melds}",
    "kb.lay_as_run": "lay it as one run: {melds}",
    "kb.one_meld": "{count} meld",
    "kb.melds": "{count} melds",
    "kb.meld_count": "KB-3: {step} needs {needs}; this laydown has {count}",
    "kb.meld_count_one": "KB-3: {step} needs {needs}; this laydown has {count} (separate melds with {sign})",
    "kb.step_numbered": "Step {number} ({text})",
    "kb.step_alone": "the Step {step}",
    "kb.not_a_requirement": "KB-8: {part} is not a requirement{where}",
    "kb.how_many_books": "KB-8: say how many books in {part}{where}, e.g. {example}",
    "kb.how_many_runs": "KB-8: say how many runs in {part}{where}, e.g. {example}",
    "kb.requirement_empty": "KB-8: {part} needs at least one meld of at least one card{where}",
    "kb.run_too_long": "KB-1: a run holds at most {most} cards ({part}{where})",
    "kb.in_step": " (in Step {number})",
    "kb.empty_requirement": "KB-8: an empty requirement around {sign}{where}",
    "kb.step_too_big": (
        "KB-8: {step} needs {count} cards; a Step can use at most {most} (12 dealt plus the card drawn){where}"
    ),
    "kb.no_steps": "KB-8: the Step list needs at least one Step",
    "kb.not_text": "{value} is not text",
    "kb.no_such_step_long": "KB-8: there is no Step {number}...",
    "kb.step_choice": "a Step number or one Step's text",
    "kb.numbered_from_1": "Steps are numbered from 1",
    "kb.one_step": "give one Step, not a list",
    "kb.no_such_step": "KB-8: there is no Step {number}; the list has {count} Steps",
    "kb.step_choice_within": "a Step number 1..{count} or one Step's text",
    "kb.grammar": (
        "Steps separated by {between_steps} or new lines, requirements joined by {between_requirements}, "
        "each {book}, {run}, {books} or {runs}"
    ),
    "kb.steps_help": "The Step list, one Step per {between_steps}, requirements joined by {between_requirements}",
    "kb.accepted": "1..13, W (Wild Bee; or *)",
    "kb.meld_too_small": "KB-1: a meld needs at least {least} cards; this has {count}",
    "kb.table_not_legal": "KB-6: the meld on the table is not legal: {reason}",
    "kb.empty_meld": "an empty meld between {sign} separators",
    "kb.extend_one_meld": "{sign} separates Step melds; an extension adds cards to one meld",
    "kb.extend_one_table_meld": "{sign} separates Step melds; extend one meld on the table at a time",
    "kb.lays_instead": "lays {step} instead",
    "kb.also_lays": "also lays {step}",
    "kb.no_step": "KB-3: this laydown lays no Step of the list ({melds})",
    "kb.one_out": "KB-9: only one player goes out in a hand",
    "kb.list_has_only": "KB-8: the Step list has only {count} Steps",
    "kb.on_step": "KB-9: this player is on Step {step}, not Step {typed}",
    "kb.out_laid": "KB-9: a player who goes out has laid down their Step",
    "kb.out_counts_0": "KB-7: the player who goes out has no cards left and counts 0, not {points}",
}

#: the sentences that point at an option (:data:`scorekeeper.rules.messages.OPTIONS`)
OPTIONS = {
    "kb.meld_too_small": ("min", None),
    "kb.lays_instead": ("step", "{number}"),
    "kb.also_lays": ("step", "{number}"),
}
