"""A Step refusal (KB-8) carries what it quotes as values: the Step or part as typed, the example to
type and the sign, each a ``Quoted`` value (its ``typed`` text), so whoever words the sentence quotes
them in its own marks; the English sentence (the command line's, the API's) quotes them as Python
writes text, as before."""

from __future__ import annotations

import pickle

import pytest

from scorekeeper.rules import OptionError, Quoted, fill, options_for

KB = "krazy-bee"


def _refusal(steps: str):
    with pytest.raises(OptionError) as err:
        options_for(KB, {"steps": steps})
    return err.value.reason.values["message"]


@pytest.mark.parametrize(
    "steps, key, typed, english",
    [
        (
            "books of 3",
            "kb.how_many_books",
            {"part": "books of 3", "example": "2 books of 3"},
            "KB-8: say how many books in 'books of 3' (in Step 1), e.g. '2 books of 3'",
        ),
        (
            "run of 7; Runs of 4",
            "kb.how_many_runs",
            {"part": "Runs of 4", "example": "2 runs of 4"},
            "KB-8: say how many runs in 'Runs of 4' (in Step 2), e.g. '2 runs of 4'",
        ),
        (
            "book of 3 +",
            "kb.empty_requirement",
            {"sign": "+"},
            "KB-8: an empty requirement around '+' (in Step 1)",
        ),
        (
            "Row of 4",
            "kb.not_a_requirement",
            {"part": "Row of 4"},
            "KB-8: 'Row of 4' is not a requirement (in Step 1)",
        ),
        (
            "4 books of 3 + run of 2",
            "kb.step_too_big",
            {"step": "4 books of 3 + run of 2"},
            "KB-8: '4 books of 3 + run of 2' needs 14 cards; a Step can use at most 13 (12 dealt plus the card"
            " drawn) (in Step 1)",
        ),
    ],
)
def test_a_step_refusal_carries_the_typed_step_and_the_example_as_values(steps, key, typed, english):
    problem = _refusal(steps)
    assert problem.key == key and str(problem) == english
    quoted = {name: v.typed for name, v in problem.values.items() if isinstance(v, Quoted)}
    assert quoted == typed
    in_marks = fill(problem.template, problem.values, str, quote=lambda text: f"«{text}»")
    assert "'" not in in_marks and all(f"«{text}»" in in_marks for text in typed.values())
    copied = pickle.loads(pickle.dumps(problem)).values  # as a worker process sends it back
    assert {name: v.typed for name, v in copied.items() if isinstance(v, Quoted)} == typed
