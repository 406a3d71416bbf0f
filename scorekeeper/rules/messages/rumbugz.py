"""RumBugz (RB-1..RB-8)."""

MESSAGES = {
    "rb.accepted": "1..12, P (PLYT; or *)",
    "rb.too_few": "{rule}: a Sequence needs at least {least} Bugz; it has {count}",
    "rb.too_few_changed": "{rule}: the changed Sequence needs at least {least} Bugz; it has {count}",
    "rb.no_bugz": "no Bugz given",
    "rb.taken_off": "-1..-12 or -P (a Bug taken off the Sequence)",
    "rb.table_not_legal": "RB-5: the Sequence on the table is not legal: {reason}",
    "rb.not_on_table": "RB-5: {bug} is not in the Sequence on the table",
    "rb.kinds_list": "give a list of kinds; accepted: {accepted}",
    "rb.not_a_kind": "RB-2: {name} is not a kind; accepted: {accepted}",
    "rb.kind_unknown": "RB-2: {name} is not a kind",
    "rb.all_four": "RB-4: the winner has laid all four kinds; missing: {missing}",
    "rb.winner_empty": "RB-4: the winner has emptied the hand, so it counts 0, not {points}",
}
