"""The tile games: Rummikub, Crazy Rummy Tiles, Runny Rummy Tiles (CT-1..CT-11)."""

MESSAGES = {
    "ct.this_set_shows": "this set shows",
    "ct.these_sets_show": "these sets show",
    "ct.this_board_shows": "this board shows",
    "ct.these_racks_hold": "these racks hold",
    "ct.this_photo_shows": "this photo shows",
    "ct.this_rack_holds": "this rack holds",
    "ct.rack_tiles_only": "the tile games count a rack of tiles ({accepted}); {variant} is not one",
    "ct.only_two": "{rule}: the game has only two {tile} tiles; {shown} {count}",
    "ct.only_two_jokers": "{rule}: the game has only two jokers; {shown} {count}",
    "ct.group_one_number": "CT-2: a group needs one number: {first} and {other} differ",
    "ct.group_too_few": "CT-2: a group needs 3 or 4 positions; these tiles fill at most {most}",
    "ct.group_too_many": "CT-2: a group has at most 4 positions; these are {count} tiles",
    "ct.group_eleven": (
        "CT-2: a group has at most 4 positions; as {number}s these tiles fill {count} (an 11 read as 1+1 fills two)"
    ),
    "ct.group_colours": "CT-2: a group needs all different colours",
    "ct.group_colours_or_same": "CT-2: a group needs all different colours, or all the same colour",
    "ct.run_colour": "CT-3: a run needs one colour",
    "ct.run_colour_or_runny": "CT-3: a run needs one colour, or all different colours (at most 4)",
    "ct.run_breaks": (
        "CT-3: {tile} does not continue the run after {after} "
        "(each position is one more than the last, in the order given, no value repeated)"
    ),
    "ct.run_wraps_to_zero": (
        "CT-3: {tile} does not follow {after} here: with wrap-around and zero, 13 goes on to 0, and"
        " there is no 0 tile: a joker stands for it ({after} J {tile})"
    ),
    "ct.run_start": "CT-3: {tile} cannot start a run here",
    "ct.run_too_few": "CT-3: a run needs at least 3 positions",
    "ct.number_tile": "CT-1: a set needs at least one number tile",
    "ct.not_a_run": "CT-3: not a run",
    "ct.other_order": "CT-3: in the order {tiles} it would be a run",
    "ct.first_laydown": "CT-6: worth {points} points; a first laydown needs {needed} from your own rack",
    "ct.declared_group": "CT-2: declared a group, but these tiles are not a group",
    "ct.declared_run": "CT-3: declared a run, but these tiles are not a run",
    "ct.legal_as_group": "CT-2: as a group it is legal",
    "ct.legal_as_run": "CT-3: as a run it is legal",
    "ct.in_set": "{reason} (set {set})",
    "ct.joker_back_new_set": "CT-10: a joker taken back must go into a new set holding two tiles from your rack",
    "ct.on_table": "{reason} (the set on the table)",
    "ct.could_swap": (
        "CT-10: {tile} could instead take the joker's place ({set}); "
        "the joker must then go into a new set with two tiles from your rack"
    ),
    "ct.joker_stays": (
        "CT-10: the joker taken back must stay on the board, in a new set holding two tiles from your rack"
    ),
    "ct.cell": "row {row}, column {col}",
    "ct.joker_one_colour": "CT-9: the joker at {cell} must keep one colour in both its sets",
    "ct.line_across": "CT-9: the line across from {cell} ({tiles}) is not a legal set",
    "ct.line_down": "CT-9: the line down from {cell} ({tiles}) is not a legal set",
    "ct.loose_tile": "CT-9: {tile} at {cell} is not part of any set (a line of 2 or more tiles)",
    "ct.out_empty_rack": "CT-8: the player who went out has an empty rack (0 points)",
    "ct.no_zero": "there is no 0 tile; a joker may stand for 0",
    "ct.colour_first": "a tile is written colour first, e.g. R7",
    "ct.accepted": "colour R/B/K/G (O, Y = gold) + number 1..13 (R10, k7), J (joker; JK or *)",
    "ct.no_tiles": "no tiles given",
    "ct.board_needs_grid": (
        "CT-9: a board (rows split by {between_rows} or new lines, {empty_cell} for an empty cell) "
        "needs the grid switch"
    ),
    "ct.board_not_extended": "CT-9: a board cannot be extended; check the whole board instead",
}

#: the sentences that point at an option (:data:`scorekeeper.rules.messages.OPTIONS`)
OPTIONS = {
    "ct.legal_as_group": ("kind", "group"),
    "ct.legal_as_run": ("kind", "run"),
    "ct.board_needs_grid": ("grid", True),
    "ct.first_laydown": ("initial_meld", None),
}
