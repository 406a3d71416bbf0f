"""RULES.md section 0 (N-1..N-5) and section 6 (the verdict's shape), across every variant.

The per-variant files test each variant's own rules; this file holds the
common ground to the same standard for all of them, so a difference between
variants (one answering one way, another the other) shows up here.
"""

import pytest

from scorekeeper.rules import (
    NotationError,
    RoundError,
    all_variants,
    check,
    find_variant,
    hand,
    score_game,
    variants,
)

SLUGS = [v["slug"] for v in variants()]
#: the variants with cards to check (the points game has none: its check is refused, PG-1)
CHECKED = [v.slug for v in all_variants() if v.notation.ranks]
TILES = ("rummikub", "crazy-tiles", "runny-tiles")


# -- N-1: tokens of another deck are notation errors naming the token ------------------------

FOREIGN = [
    ("krazy-bee", ["14", "0", "P", "R5", "AS", "JK"]),
    ("rumbugz", ["13", "0", "W", "R5", "AS"]),
    ("rummikub", ["5", "R0", "R14", "W", "AS", "P"]),
    ("crazy-tiles", ["5", "R0", "R14", "W", "AS"]),
    ("runny-tiles", ["5", "R0", "R14", "W", "AS"]),
    ("crib-rummy", ["1S", "5", "W", "R5", "P", "14H"]),
    ("crazy-rummy", ["2", "2H", "JK", "*", "1", "W", "R5", "P"]),
]


@pytest.mark.parametrize(
    "variant,token",
    [(v, t) for v, tokens in FOREIGN for t in tokens],
    ids=[f"N-1-{v}-{t}" for v, tokens in FOREIGN for t in tokens],
)
def test_n1_a_token_of_another_deck_is_a_notation_error(variant, token):
    with pytest.raises(NotationError) as err:
        check(variant, token)
    assert err.value.token == token
    message = str(err.value)
    assert message.startswith(f"N-1: unknown token {token!r}") and "; accepted: " in message
    with pytest.raises(NotationError):
        hand(variant, token)  # a hand is read with the same notation


LOWER_WITH_COMMAS = [
    ("krazy-bee", "w,5, 5", ["5", "5", "5"]),
    ("rumbugz", "p,2 ,3,4", ["1", "2", "3", "4"]),
    ("rummikub", "r5,b5 ,k5", ["R5", "B5", "K5"]),
    ("crazy-tiles", "g8, g9,jk", ["G8", "G9", "G10"]),
    ("runny-tiles", "r1,b2,k3", ["R1", "B2", "K3"]),
    ("crib-rummy", "as,2s, jk", ["AS", "2S", "3S"]),
    ("crazy-rummy", "qh,qs, q", ["Q", "Q", "Q"]),
]


@pytest.mark.parametrize(
    "variant,text,reading", LOWER_WITH_COMMAS, ids=[f"N-1-case-and-commas-{v}" for v, *_ in LOWER_WITH_COMMAS]
)
def test_n1_tokens_are_case_insensitive_and_commas_separate(variant, text, reading):
    verdict = check(variant, text)
    assert verdict.valid and list(verdict.reading) == reading


# -- N-2: every rejection names its rule id; an alternative where one exists -----------------

ALTERNATIVES = [
    ("krazy-bee", "5 6 7", {"kind": "book"}, "run"),
    ("rumbugz", "2 4 6 8", {"kind": "single"}, "double"),
    ("rummikub", "R3 R2 R1", {}, "R1 R2 R3"),
    ("crib-rummy", "QH KH AH", {}, "Q-K-A runs are allowed"),
    ("crazy-rummy", "Q 7 7", {"wild": "7"}, "first play"),
]


@pytest.mark.parametrize("variant,cards,opts,hint", ALTERNATIVES, ids=[f"N-2-{v}" for v, *_ in ALTERNATIVES])
def test_n2_a_rejection_names_its_rule_and_a_legal_alternative(variant, cards, opts, hint):
    verdict = check(variant, cards, options=opts).to_dict()
    assert not verdict["valid"] and verdict["kind"] is None
    prefix = {"krazy-bee": "KB-", "rumbugz": "RB-", "crib-rummy": "CR-", "crazy-rummy": "CZ-"}.get(
        variant, "CT-"
    )
    assert verdict["reasons"] and all(r.startswith(prefix) for r in verdict["reasons"])
    assert any(hint in a for a in verdict["alternatives"]), verdict["alternatives"]


# -- N-3: every wild card gets a reading -----------------------------------------------------

WILD = [
    ("krazy-bee", "5 W 7", {}, ["5", "6", "7"]),
    ("rumbugz", "P 2 3 4", {}, ["1", "2", "3", "4"]),
    ("rummikub", "R5 J R7", {}, ["R5", "R6", "R7"]),
    ("crazy-tiles", "J R1 R2", {}, ["R0", "R1", "R2"]),
    ("runny-tiles", "R7 J B9", {}, ["R7", "K8", "B9"]),
    ("crib-rummy", "3H JK 5H", {}, ["3H", "4H", "5H"]),
    ("crazy-rummy", "Q Q 7", {"wild": "7"}, ["Q", "Q", "Q"]),
]


@pytest.mark.parametrize("variant,cards,opts,reading", WILD, ids=[f"N-3-{v}" for v, *_ in WILD])
def test_n3_every_wild_card_has_a_reading(variant, cards, opts, reading):
    verdict = check(variant, cards, options=opts)
    assert verdict.valid and list(verdict.reading) == reading


# -- N-4: tile runs are read in order; every other meld is a multiset ------------------------

SHUFFLED = [
    ("krazy-bee", "7 5 6"),
    ("rumbugz", "4 1 3 2"),
    ("crib-rummy", "5H 3H 4H"),
    ("crazy-rummy", "Q 7 Q"),
]


@pytest.mark.parametrize("variant,cards", SHUFFLED, ids=[f"N-4-multiset-{v}" for v, _ in SHUFFLED])
def test_n4_order_does_not_matter_outside_the_tile_games(variant, cards):
    opts = {"wild": "7"} if variant == "crazy-rummy" else {}
    assert check(variant, cards, options=opts).valid
    assert check(variant, " ".join(reversed(cards.split())), options=opts).valid


@pytest.mark.parametrize("variant", TILES, ids=[f"N-4-in-order-{v}" for v in TILES])
def test_n4_a_tile_run_is_read_in_the_order_given(variant):
    assert check(variant, "B3 B4 B5").valid
    verdict = check(variant, "B5 B4 B3")
    assert not verdict.valid
    assert "CT-3: in the order B3 B4 B5 it would be a run" in verdict.alternatives


def test_n4_a_krazy_bee_lay_off_is_a_multiset_too():
    # KB-2 must hold after every addition: laid number cards first, it does
    assert check("krazy-bee", "W W 5", extend="5 5 W").valid
    assert check("krazy-bee", "5 W W", extend="5 5 W").valid


# -- N-5: a tie for the win is a shared win, in every variant --------------------------------

TIES = [
    (
        "krazy-bee",
        [{"players": [{"laid": True, "points": 10}, {"laid": True, "points": 10}]}],
        {"steps": "book of 3"},
    ),
    ("rumbugz", [{"winner": None, "players": [{"hand": "5"}, {"hand": "7"}]}], {"rounds": 1}),
    ("rummikub", [{"winner": None, "players": [{"rack": "R5"}, {"rack": "B5"}]}], {"rounds": 1}),
    (
        "crazy-tiles",
        [{"winner": 0, "players": [{}, {"rack": "R5"}]}, {"winner": 1, "players": [{"rack": "B5"}, {}]}],
        {"rounds": 2},
    ),
    (
        "runny-tiles",
        [{"winner": None, "players": [{"rack": "R5"}, {"rack": "B5"}]}],
        {"rounds": 1, "scoring": "C"},
    ),
    ("crib-rummy", [{"turns": [{"pegs": 61}, {"pegs": 61}]}], {"target": 61}),
    (
        "crazy-rummy",
        [{"face_up": ["Q", "J"], "players": [{"board": "A A"}, {"board": "A A"}]}],
        {"target": 150},
    ),
]


@pytest.mark.parametrize("variant,rounds,opts", TIES, ids=[f"N-5-{v}" for v, *_ in TIES])
def test_n5_a_tie_for_the_win_is_shared(variant, rounds, opts):
    game = score_game(variant, rounds, players=2, options=opts)
    assert game.finished
    assert game.winners == (0, 1) and game.totals[0] == game.totals[1]
    assert game.ranks == (1, 1)


# -- section 6: the shape of every verdict ---------------------------------------------------

LEGAL = [
    ("krazy-bee", "7 7 W", "book", None),
    ("krazy-bee", "7 7 7 | 1 2 3 4", "step", None),
    ("rumbugz", "2 4 6 8", "double", None),
    ("rummikub", "R10 R11 R12", "run", 33),
    ("crazy-tiles", "R12 R13 J", "run", 45),
    ("crazy-tiles", ". R8 . / R5 R6 R7 / . R10 .", "board", 8 + 5 + 6 + 7 + 10),
    ("runny-tiles", "R1 B2 K3", "run", 6),
    ("crib-rummy", "3S 4S 5S 6S 7S", "run", 10),
    ("crazy-rummy", "J J J", "set", 30),
]


@pytest.mark.parametrize(
    "variant,cards,kind,points", LEGAL, ids=[f"section-6-{v}-{k}" for v, _, k, _ in LEGAL]
)
def test_section6_verdict_shape(variant, cards, kind, points):
    out = check(variant, cards).to_dict()
    assert list(out)[:7] == ["variant", "valid", "kind", "kinds", "points", "reading", "reasons"]
    assert out["variant"] == variant and out["valid"] is True
    assert out["kind"] == kind and kind in out["kinds"]
    assert out["points"] == points  # krazy-bee and rumbugz: null
    assert out["reasons"] == []


@pytest.mark.parametrize("variant", CHECKED, ids=[f"section-6-invalid-{v}" for v in CHECKED])
def test_section6_an_invalid_verdict_has_no_kind_and_reasons_with_rule_ids(variant):
    v = find_variant(variant)  # cards that are no meld: the variant's own sample (rules/samples.py)
    out = check(variant, v.samples.not_meld, options=v.samples.options).to_dict()
    assert out["valid"] is False and out["kind"] is None and out["points"] is None
    families = {"N", *(f for w in all_variants() for f in w.rules_home)}
    assert out["reasons"] and all(
        r.split(":")[0].split("-")[0] in families and r.split(":")[0].split("-")[1].isdigit()
        for r in out["reasons"]
    )


HANDS = [
    ("krazy-bee", "3 12 W", {"points": 30}),
    ("rumbugz", "3 P", {"points": 15}),
    ("rummikub", "R5 J", {"points": 35}),
    ("crazy-rummy", "3 K A", {"points": 115}),
]


@pytest.mark.parametrize("variant,cards,expected", HANDS, ids=[f"section-6-hand-{v}" for v, *_ in HANDS])
def test_section6_hand_answers_points(variant, cards, expected):
    out = hand(variant, cards).to_dict()
    assert out["variant"] == variant and out["points"] == expected["points"] and "cards" not in out


def test_section6_crib_hand_answers_the_card_count():
    out = hand("crib-rummy", "3H 4H JK").to_dict()
    assert out["cards"] == 3 and "points" not in out


# -- the API: options are one mapping, so an option may share an argument's name --------------


def test_options_are_one_mapping_and_may_be_named_like_an_argument():
    two_rounds = score_game(
        "rummikub",
        [{"winner": 0, "players": [{"rack": ""}, {"rack": "R5"}]}] * 2,
        players=2,
        options={"rounds": 2},
    )
    assert two_rounds.finished and len(two_rounds.rounds) == 2  # CT-8: the option, not the list
    assert hand("crib-rummy", "3H 4H", options={"players": 4}).to_dict()["cards"] == 2
    assert check("krazy-bee", "7 7", options={"min": 2}).valid and not check("krazy-bee", "7 7").valid
    with pytest.raises(TypeError):
        check("krazy-bee", "7 7", min=2)  # options are never keywords


@pytest.mark.parametrize("variant", SLUGS)
def test_every_variant_answers_every_question(variant):
    """No variant leaves a hook to the base class's NotImplementedError, so no boundary
    (command line, batch, API) needs a 'not available yet' answer."""
    from scorekeeper.rules import Variant, find_variant

    own = type(find_variant(variant))
    assert [
        hook for hook in ("check", "hand", "score_round") if getattr(own, hook) is getattr(Variant, hook)
    ] == []


# -- one word per variant for a deal-and-play: "hand" or "round", as its rules say it ---------

ROUND_WORDS = {
    "krazy-bee": "hand",
    "rumbugz": "round",
    "rummikub": "round",
    "crazy-tiles": "round",
    "runny-tiles": "round",
    "crib-rummy": "hand",
    "crazy-rummy": "hand",
    "points": "hand",
}


@pytest.mark.parametrize("variant", ROUND_WORDS)
def test_each_variant_names_its_rounds_as_its_rules_do(variant):
    """KB-9/CR-9/CZ-1 speak of hands, RB-7/CT-8 of rounds."""
    assert next(v for v in variants() if v["slug"] == variant)["round_word"] == ROUND_WORDS[variant]


@pytest.mark.parametrize("variant", SLUGS)
def test_each_variant_names_its_rounds_with_one_word(variant):
    """The engine's messages use the variant's one word for a round, "hand" or "round"."""
    word = next(v for v in variants() if v["slug"] == variant)["round_word"]
    assert word in ("hand", "round")
    with pytest.raises(RoundError) as err:
        score_game(variant, [["not", "facts"]], players=2)
    assert str(err.value) == f"{word} 1: a {word} must be an object of facts"
