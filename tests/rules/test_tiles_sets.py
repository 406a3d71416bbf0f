"""Single sets of the tile games: CT-1..CT-5, every seed example, every switch."""

import pytest

from scorekeeper.rules import NotationError, OptionError, check, options_for, variants

ALL_ON = dict(
    same_color_groups=True,
    zero=True,
    wrap=True,
    six_nine=True,
    ten_split=True,
    eleven_split=True,
    twelve_split=True,
)

# CT-4: every example of RULES.md, as (variant, tiles, valid, first reading or None, other readings)
CT4_EXAMPLES = [
    ("crazy-tiles", "R8 R6 R10", True, ["R8", "R9", "R10"]),
    ("crazy-tiles", "B6 G9 K9", True, ["B9", "G9", "K9"]),
    ("crazy-tiles", "G6 G9 G9", True, ["G9", "G9", "G9"]),
    ("crazy-tiles", "B13 J B1 B2", True, ["B13", "B0", "B1", "B2"]),
    ("crazy-tiles", "R10 R2", True, ["R0+R1", "R2"]),
    ("crazy-tiles", "R13 R10", True, ["R13", "R0+R1"]),
    ("crazy-tiles", "K13 K10 K2", True, ["K13", "K0+K1", "K2"]),
    ("crazy-tiles", "R12 R13 J", True, ["R12", "R13", "R0"]),
    ("crazy-tiles", "R11 R1", True, ["R1+R1", "R1"]),
    ("crazy-tiles", "K11 K11", True, ["K1+K1", "K1+K1"]),
    ("crazy-tiles", "R12 R3", True, ["R1+R2", "R3"]),
    ("crazy-tiles", "J B12", True, ["B0", "B1+B2"]),
    ("crazy-tiles", "R8 R8 J", True, ["R8", "R8", "R8"]),
    ("crazy-tiles", "B10 J G10", True, ["B10", "R10", "G10"]),
    ("crazy-tiles", "B10 J G10 K10", True, ["B10", "R10", "G10", "K10"]),
    ("crazy-tiles", "R11 K1", False, None),
    ("crazy-tiles", "B12 K3", False, None),
    ("crazy-tiles", "G12 G13", False, None),
    ("runny-tiles", "R1 B2 K3", True, ["R1", "B2", "K3"]),
    ("runny-tiles", "B9 K10 G11 R12", True, ["B9", "K10", "G11", "R12"]),
    ("runny-tiles", "K5 K6 K7", True, ["K5", "K6", "K7"]),
    ("runny-tiles", "R7 R8 B9", False, None),
    ("runny-tiles", "B9 K10 G11 R12 B13", False, None),
]


@pytest.mark.parametrize(
    "variant,tiles,valid,reading", CT4_EXAMPLES, ids=[f"CT-4-{v}-{t}" for v, t, *_ in CT4_EXAMPLES]
)
def test_ct4_seed_examples_hold(variant, tiles, valid, reading):
    verdict = check(variant, tiles).to_dict()
    assert verdict["valid"] is valid
    if valid:
        assert verdict["reading"] == reading
        assert verdict["kind"] in ("group", "run")
    else:
        assert verdict["reasons"] and all(r.startswith("CT-") for r in verdict["reasons"])
        assert verdict["kind"] is None and verdict["points"] is None


@pytest.mark.parametrize(
    "tiles,readings",
    [
        ("R12 R13 J", [["R12", "R13", "R0"], ["R12", "R13", "R0+R1"]]),  # CT-4: J is R0 or R10 as 0+1
        ("B10 J G10", [["B10", "R10", "G10"], ["B10", "K10", "G10"]]),  # J = R10 or K10
        ("G6 G9 G9", [["G9", "G9", "G9"], ["G6", "G6", "G6"]]),
    ],
    ids=["CT-4-joker-R0-or-R10", "CT-4-joker-two-colours", "CT-1-six-nine-both-ways"],
)
def test_ct4_ambiguous_jokers_list_every_reading(tiles, readings):
    assert check("crazy-tiles", tiles).to_dict()["readings"] == readings


@pytest.mark.parametrize(
    "tiles,reading",
    [
        ("J R1 R2", ["R0", "R1", "R2"]),  # sheet step 14: the joker is R0
        ("B10 J G10 K10", ["B10", "R10", "G10", "K10"]),
    ],
    ids=["CT-4-seed-J-R1-R2", "CT-4-seed-B10-J-G10-K10"],
)
def test_seed_joker_context(tiles, reading):
    assert check("crazy-tiles", tiles).reading == tuple(reading)


def test_ct4_unambiguous_joker_has_one_reading():
    assert "readings" not in check("crazy-tiles", "B10 J G10 K10").to_dict()
    assert "readings" not in check("crazy-tiles", "J B12").to_dict()


# CT-1 positions and splits
@pytest.mark.parametrize(
    "tiles,opts,valid",
    [
        ("R10 R2", {"ten_split": True}, True),
        ("R10 R2", {}, False),  # split needs its switch
        ("R10 B10", {"ten_split": True}, False),  # 10 as 0+1 is a run reading only
        ("R11 R1", {"eleven_split": True, "same_color_groups": True}, True),
        ("R11 R12 R13", {"eleven_split": True, "same_color_groups": True}, True),  # 11 as itself still
        ("R1 R11 R2", {"eleven_split": True, "same_color_groups": True}, False),  # 1+1 in groups only
        ("R12 R3", {"twelve_split": True}, True),
        ("R12 R3", {}, False),
        ("B12 K3", {"twelve_split": True}, False),  # split parts keep the colour
        ("J J J", ALL_ON, False),  # a set needs a number tile
        ("J R5 J", {}, True),
        ("R11 J", {"eleven_split": True, "same_color_groups": True}, True),  # J as R1 (three red 1s)
        ("J R2", {"ten_split": True}, True),  # J as a 10 read as 0+1
        ("J R3", {"twelve_split": True}, True),  # J as a 12 read as 1+2
        ("J R3", {}, False),
    ],
    ids=lambda x: str(x) if isinstance(x, str) else None,
)
def test_ct1_positions(tiles, opts, valid):
    assert check("rummikub", tiles, options=opts).valid is valid


def test_ct1_all_jokers_reason():
    assert check("crazy-tiles", "J J J").reasons == (
        "CT-1: a set needs at least one number tile",
        "CT-1: the game has only two jokers; this set shows 3",
    )


def test_ct1_joker_as_split_reads_as_its_parts():
    assert check("rummikub", "J R2", options={"ten_split": True}).reading == ("R0+R1", "R2")
    assert check("rummikub", "J R3", options={"twelve_split": True}).reading == ("R1+R2", "R3")


# The set holds two of each number tile and two jokers (section 3): a set cannot show more
@pytest.mark.parametrize(
    "variant,tiles,shown",
    [
        ("crazy-tiles", "R6 R6 R6", "only two R6 tiles; this set shows 3"),
        ("crazy-tiles", "R11 R11 R11", "only two R11 tiles; this set shows 3"),
        ("crazy-tiles", "R1 R1 R1 R1", "only two R1 tiles; this set shows 4"),
        ("rummikub", "J J J R1", "only two jokers; this set shows 3"),
        ("runny-tiles", "R1 J J J J", "only two jokers; this set shows 4"),
    ],
    ids=[
        "CT-1-supply-R6",
        "CT-1-supply-R11",
        "CT-1-supply-R1",
        "CT-1-supply-3-jokers",
        "CT-1-supply-4-jokers",
    ],
)
def test_ct1_a_set_shows_at_most_two_of_a_tile(variant, tiles, shown):
    verdict = check(variant, tiles)
    assert not verdict.valid
    assert f"CT-1: the game has {shown}" in verdict.reasons


def test_ct1_two_copies_and_a_six_read_as_nine_are_fine():
    assert check("crazy-tiles", "R6 R6 R9").valid  # three red 6s (or 9s): two tiles of each
    assert check("crazy-tiles", "R8 R8 J").valid


# CT-2 groups
@pytest.mark.parametrize(
    "tiles,opts,valid,reason",
    [
        ("R5 B5 K5", {}, True, None),
        ("R5 B5 K5 G5", {}, True, None),
        ("R5 B5", {}, False, "CT-2: a group needs 3 or 4 positions"),
        ("R5 B5 K5 G5 R5", {}, False, "CT-2: a group has at most 4 positions"),
        ("R5 B5 R5", {}, False, "CT-2: a group needs all different colours"),
        ("R5 R5 J", {}, False, "CT-2: a group needs all different colours"),
        ("R5 R5 J", {"same_color_groups": True}, True, None),
        ("R5 R5 J J", {"same_color_groups": True}, True, None),
        ("R5 B5 K6", {}, False, "CT-2: a group needs one number: R5 and K6 differ"),
        ("K11 K11", ALL_ON, True, None),  # four black 1s
        ("R11 K1", ALL_ON, False, "CT-2: a group needs all different colours, or all the same colour"),
        ("R11 R11 R1", ALL_ON, False, "CT-2: a group has at most 4 positions; as 1s these tiles fill 5"),
        ("R1 J R11", ALL_ON, True, None),  # joker as a lone 1: four red 1s
    ],
    ids=lambda x: str(x) if isinstance(x, str) else None,
)
def test_ct2_groups(tiles, opts, valid, reason):
    verdict = check("rummikub", tiles, options=opts)
    assert verdict.valid is valid
    if valid:
        assert verdict.kind == "group"
    if reason:
        assert any(r.startswith(reason) for r in verdict.reasons)


# CT-3 runs
@pytest.mark.parametrize(
    "variant,tiles,opts,valid",
    [
        ("rummikub", "R1 R2 R3", {}, True),
        ("rummikub", "R3 R2 R1", {}, False),  # N-4: in the order given
        ("rummikub", "R1 R2", {}, False),
        ("rummikub", "R12 R13 R1", {}, False),  # no wrap
        ("rummikub", "R12 R13 R1", {"wrap": True}, True),  # 13, 1 without zero
        ("rummikub", "R12 R13 J", {}, False),  # no 0, no 14
        ("rummikub", "R12 R13 J", {"wrap": True}, True),  # J as R1
        ("rummikub", "R13 J R1", {"wrap": True, "zero": True}, True),
        ("rummikub", "R13 R1 R2", {"wrap": True, "zero": True}, False),  # with zero, 0 comes between
        ("rummikub", "J R1 R2", {}, False),  # 1 is low without zero
        ("rummikub", "J R1 R2", {"zero": True}, True),
        ("rummikub", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13", {}, True),
        ("rummikub", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 J", {"wrap": True}, False),  # repeat
        ("crazy-tiles", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 J", {}, True),  # 14 = the cycle
        ("crazy-tiles", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R11 R11 R12 R13 J J", {}, False),  # 15 positions
        ("crazy-tiles", "R13 R10 R2 R3", {}, True),  # 13, 0+1, 2, 3
        ("crazy-tiles", "R12 R10 R2", {}, False),  # 1+2 then 0+1: not ascending
        ("rummikub", "R5 B6 K7", {}, False),
        ("runny-tiles", "R5 B6 K7", {}, True),
        ("runny-tiles", "R5 B6 K7 G8", {}, True),
        ("runny-tiles", "R5 B6 K7 J", {}, True),  # J as G8
        ("runny-tiles", "R5 B6 K7 G8 J", {}, False),  # at most 4 all-different
        ("runny-tiles", "R5 R6 B7", {}, False),  # never a mix
    ],
    ids=lambda x: str(x) if isinstance(x, str) else None,
)
def test_ct3_runs(variant, tiles, opts, valid):
    verdict = check(variant, tiles, options=opts)
    assert verdict.valid is valid, verdict.to_dict()
    if valid:
        assert verdict.kind == "run"
    else:
        assert verdict.reasons


def test_ct3_runny_joker_takes_the_missing_colour():
    assert check("runny-tiles", "R5 B6 K7 J").reading == ("R5", "B6", "K7", "G8")


def test_ct3_reversed_order_is_offered_as_alternative():
    verdict = check("rummikub", "R8 R7 R6").to_dict()
    assert verdict["alternatives"] == ["CT-3: in the order R6 R7 R8 it would be a run"]
    assert any(r.startswith("CT-3: R7 does not continue the run after R8") for r in verdict["reasons"])


def test_ct3_mixed_colours_reason_names_runny():
    assert (
        "CT-3: a run needs one colour, or all different colours (at most 4)"
        in check("runny-tiles", "R7 R8 B9").reasons
    )
    assert "CT-3: a run needs one colour" in check("rummikub", "R7 R8 B9").reasons


# CT-5 points
@pytest.mark.parametrize(
    "variant,tiles,points",
    [
        ("crazy-tiles", "R8 R6 R10", 24),  # a 6 read as 9 counts 6
        ("crazy-tiles", "R12 R3", 15),  # a 12 read as 1+2 counts 12
        ("crazy-tiles", "B13 J B1 B2", 36),  # a joker as 0 counts 20
        ("crazy-tiles", "R12 R13 J", 45),  # the highest reading: J as R0 (20), not R10 (10)
        ("crazy-tiles", "J B12", 32),
        ("rummikub", "R5 J R7", 18),  # a joker counts what it stands for
        ("crazy-tiles", "R11 J", 22),  # J as an 11 read as 1+1 counts 11
    ],
    ids=lambda x: str(x) if isinstance(x, str) else None,
)
def test_ct5_points(variant, tiles, points):
    assert check(variant, tiles).points == points


# N-1 notation and the kind option
@pytest.mark.parametrize("text", ["R14", "X5", "R0", "5", "JJ", "R", "R5 Q", "", "R1 | ", "RR5"])
def test_n1_unknown_tokens_are_notation_errors(text):
    with pytest.raises(NotationError) as err:
        check("rummikub", text)
    assert str(err.value).startswith("N-1")


@pytest.mark.parametrize(
    "text,hint",
    [
        ("R0", "there is no 0 tile; a joker may stand for 0"),
        ("7", "a tile is written colour first, e.g. R7"),
    ],
    ids=["N-1-hint-R0", "N-1-hint-no-colour"],
)
def test_n1_message_says_what_players_meant(text, hint):
    with pytest.raises(NotationError) as err:
        check("crazy-tiles", f"R5 {text}")
    assert f"unknown token {text!r} for the tile games ({hint}); accepted: colour R/B/K/G" in str(err.value)


@pytest.mark.parametrize(
    "text,reading",
    [
        ("o5 y6 g7", ["G5", "G6", "G7"]),
        ("r5, b5,k5", ["R5", "B5", "K5"]),
        ("R5 B5 JK", ["R5", "B5", "K5"]),
        ("R5 B5 *", ["R5", "B5", "K5"]),
    ],
)
def test_n1_aliases_and_case(text, reading):
    assert check("crazy-tiles", text).reading == tuple(reading)


@pytest.mark.parametrize("kind,valid", [("run", False), ("group", True), ("GROUP", True)])
def test_kind_option_declares_the_kind(kind, valid):
    verdict = check("crazy-tiles", "R8 R8 J", options={"kind": kind})
    assert verdict.valid is valid
    if not valid:
        assert verdict.reasons == ("CT-3: declared a run, but these tiles are not a run",)
        assert verdict.alternatives == ("CT-2: as a group it is legal",)


@pytest.mark.parametrize(
    "tiles,kind,valid,kinds",
    [
        ("R5 J J", "group", True, ("group", "run")),
        ("R5 J J", "run", True, ("group", "run")),
        ("R5 R6 R7", "group", False, ("run",)),
        ("R5 R6 R7", None, True, ("run",)),
    ],
    ids=[
        "section-6-kinds-declared-group",
        "section-6-kinds-declared-run",
        "section-6-kinds-declared-fails",
        "section-6-kinds-undeclared",
    ],
)
def test_kinds_lists_every_kind_whatever_is_declared(tiles, kind, valid, kinds):
    verdict = check("rummikub", tiles, options={"kind": kind})
    assert verdict.valid is valid and verdict.kinds == kinds
    assert verdict.kind == (kind or kinds[0] if valid else None)


def test_kind_option_rejects_other_values():
    with pytest.raises(OptionError):
        check("rummikub", "R1 R2 R3", options={"kind": "book"})


# Every switch: on, off, bad value; presets
@pytest.mark.parametrize(
    "switch,tiles,base",
    [
        ("same_color_groups", "R8 R8 J", {}),
        ("zero", "J R1 R2", {}),
        ("wrap", "R12 R13 R1", {}),
        ("six_nine", "R8 R6 R10", {}),
        ("ten_split", "R10 R2", {}),
        ("eleven_split", "R11 R1", {"same_color_groups": True}),  # 1+1 keeps one colour
        ("twelve_split", "R12 R3", {}),
        ("runny", "R1 B2 K3", {}),
    ],
)
def test_every_switch_turns_its_rule_on(switch, tiles, base):
    assert check("rummikub", tiles, options=base).valid is False
    assert check("rummikub", tiles, options={**base, **{switch: "on"}}).valid is True
    with pytest.raises(OptionError):
        check("rummikub", tiles, options={switch: "maybe"})


def test_presets_are_the_table_of_section_3():
    presets = {v["slug"]: {o["name"]: o["default"] for o in v["options"]} for v in variants()}
    switches = [
        "same_color_groups",
        "zero",
        "wrap",
        "six_nine",
        "ten_split",
        "eleven_split",
        "twelve_split",
        "runny",
        "grid",
    ]
    assert [presets["rummikub"][s] for s in switches] == [False] * 9
    assert [presets["crazy-tiles"][s] for s in switches] == [True] * 7 + [False, True]
    assert [presets["runny-tiles"][s] for s in switches] == [False] * 7 + [True, True]


def test_crazy_tiles_switch_can_be_flipped_off():
    assert check("crazy-tiles", "R10 R2", options={"ten_split": False}).valid is False


@pytest.mark.parametrize(
    "name,good,bad",
    [
        ("initial_meld", "0", "-1"),
        ("scoring", "wins", "D"),
        ("must_play", "A", "D"),
        ("rounds", "10", "0"),
        ("target", "", "zero"),
        ("kind", "run", "book"),
    ],
)
def test_options_validate(name, good, bad):
    options_for("crazy-tiles", {name: good})
    with pytest.raises(OptionError):
        options_for("crazy-tiles", {name: bad})


@pytest.mark.parametrize("value", ["A", "B", "C"])
def test_ct11_must_play_is_a_recorded_option(value):
    assert options_for("runny-tiles", {"must_play": value.lower()})["must_play"] == value
    assert options_for("runny-tiles")["must_play"] == "C"


def test_CT3_a_wrap_past_13_names_the_zero_only_a_joker_stands_for():
    """With wrap-around and zero (Crazy Rummy Tiles) a run goes 13, 0, 1: "R12 R13 R1" is refused
    naming the gap a joker fills, and "R12 R13 J R1" is a run; without zero, 13 goes on to 1."""
    refused = check("crazy-tiles", "R12 R13 R1")
    assert not refused.valid and any(
        r.startswith("CT-3: R1 does not follow R13 here") and "(R13 J R1)" in r for r in refused.reasons
    ), refused.reasons
    assert check("crazy-tiles", "R12 R13 J R1").valid
    assert check("crazy-tiles", "R12 R13 R1", options={"zero": False}).valid
    plain = check("rummikub", "R12 R13 R1")
    assert any(r.startswith("CT-3: R1 does not continue the run after R13") for r in plain.reasons)
