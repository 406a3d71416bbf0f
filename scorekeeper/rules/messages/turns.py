"""The tile games' best play and whole-turn checker (CT-6, CT-9..CT-11)."""

MESSAGES = {
    "ct.table_after_shows": "the table after shows",
    "ct.table_and_rack_hold": "the table and rack hold",
    "tt.legal_way": "a legal way to lay {tiles}: {sets}",
    "tt.legal_turn": "a legal turn from this rack: lay {tiles} as {sets}",
    "tt.legal_way_board": "a legal way to lay {tiles}: the table after as the board {board}",
    "tt.legal_turn_board": "a legal turn from this rack: lay {tiles}, the table after as the board {board}",
    "tt.play_all": (
        "CT-11: this game plays all it can; the rack could lay {could} tiles, not {laid} (for example {tiles})"
    ),
    "tt.play_some": "CT-11: this game plays something when able; the rack could lay {tiles}",
    "tt.tile_games_only": "check_turn judges the tile games (rummikub, crazy-tiles, runny-tiles), not {variant}",
    "tt.nothing_legal": "nothing legal",
    "tt.joker_moved": (
        "CT-10: the joker that stood for {was} now stands for {now}; "
        "a joker taken back must go into a set holding two tiles from your rack"
    ),
    "tt.two_jokers": (
        "CT-10: both jokers taken back need two tiles from your rack each, "
        "and the rack's tiles laid do not reach four"
    ),
    "tt.a_set": "a set",
    "tt.initial_own": "CT-6: the initial meld lays sets of rack tiles only; {shown} mixes in tiles from the table",
    "tt.initial_short": "CT-6: the initial meld is worth {points} points; it needs {needed} from your own rack",
    "tt.left_table": (
        "CT-10: {tiles} left the table; tiles on the table stay there (a joker swapped out stays on the table too)"
    ),
    "tt.put_back": "CT-10: put {tiles} back on the table",
    "tt.foreign_one": (
        "CT-6: {tiles} is on the table after the turn but came neither from the table nor from your rack"
    ),
    "tt.foreign": "CT-6: {tiles} are on the table after the turn but came neither from the table nor from your rack",
    "cz.hint_wild": "CZ-1: give the hand's wild rank",
    "tt.unknown": "unknown",
    "tt.crossings_tiles": "CT-9: best found, not proven: a play using crossings may lay more; at most {most} tiles",
    "tt.crossings_points": "CT-9: best found, not proven: a play using crossings may lay more; at most {most} points",
    "tt.value_unproved": (
        "CT-5: best found, not proven: the jokers of a set count less together than each one's best; "
        "at most {most} points"
    ),
    "tt.empty_set": "an empty set between {sign} separators",
    "tt.goal": "goal {goal}: accepted: tiles, value",
    "tt.board_kept": (
        "CT-9: this board's crossings share tiles, so it cannot be re-laid in rows; it is kept as "
        "it lies and the rack's tiles are laid beside it (best found, not proven)"
    ),
    "tt.out_of_time": (
        "best found, not proven: the time bound ran out; the table is kept as it lies and the "
        "rack's tiles are laid in sets of their own"
    ),
    "tt.no_arrangement": "no arrangement of the table was found in the time allowed; try a longer time_limit",
    "tt.table_illegal": "CT-1: the table's tiles cannot be laid out as legal sets",
    "tt.table_illegal_because": "CT-1: the table's tiles cannot be laid out as legal sets ({reasons})",
    "tt.seconds": "seconds, more than 0 and at most {most}",
    "tt.not_seconds": "{value} is not a number of seconds",
    "tt.no_finder": "no best-play finder for {variant}",
}

#: the sentences that point at an option (:data:`scorekeeper.rules.messages.OPTIONS`)
OPTIONS = {
    "cz.hint_wild": ("wild", None),
    "tt.initial_short": ("initial_meld", None),
    "tt.no_arrangement": ("time_limit", None),
}
