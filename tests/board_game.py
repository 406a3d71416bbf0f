"""A Crib Rummy hand whose pegs sit at the board's edges, for the board's browser and PDF tests.

Bob pegs 30 then 60 (back peg on 30, front on 90), Cy 29 then 3, Di 31 then 1,
Ann 12 then 80 (back on 12, front on 92): holes 29-32 and 89-92 are those
that used to fall outside the game page's drawing.
"""

NAMES = ["Ann", "Bob", "Cyrielle-Marguerite", "Di"]
HAND = {
    "starter": 1,
    "end": None,
    "turns": [
        {"player": 1, "pegs": 30},
        {"player": 2, "pegs": 29},
        {"player": 3, "pegs": 31},
        {"player": 0, "pegs": 12},
        {"player": 1, "pegs": 60},
        {"player": 2, "pegs": 3},
        {"player": 3, "pegs": 1},
        {"player": 0, "pegs": 80},
    ],
}
#: each seat's (front, back) peg after :data:`HAND`
PEGS = {0: (92, 12), 1: (90, 30), 2: (32, 29), 3: (32, 31)}
