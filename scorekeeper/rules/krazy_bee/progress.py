"""Krazy Bee's hands scored (RULES.md KB-9) and the game's end (KB-10): each player's Step, the
points left in hand, who went out. :class:`StepProgress` is mixed into the variant
(:class:`~.variant.KrazyBee`), whose ``hand_points`` and ``count`` it reads by."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import RoundError
from ..facts import yes_no
from ..reasons import quoted, say
from ..scoring import GameScore, RoundOutcome, competition_ranks
from .steps import Step, steps_of


class StepProgress:
    """The scoring hooks of :class:`~scorekeeper.rules.base.Variant` for a game played in Steps."""

    def initial_progress(self, players: int, opts: Mapping[str, Any]) -> tuple[dict, ...]:
        return tuple(self._progress(0, steps_of(opts)) for _ in range(players))

    @staticmethod
    def _progress(completed: int, steps: tuple[Step, ...]) -> dict:
        done = completed >= len(steps)
        return {
            "step": completed + 1,
            "completed": completed,
            "steps": len(steps),
            "step_text": None if done else steps[completed].text,
            "done": done,
        }

    @staticmethod
    def flag(entry: Mapping[str, Any], key: str, field: str = "") -> bool:
        """A yes/no fact (``laid``, ``went_out``) as the engine reads it (KB-9).

        >>> flag = StepProgress.flag
        >>> flag({"laid": "no"}, "laid"), flag({"laid": 1}, "laid"), flag({}, "laid")
        (False, True, False)
        """
        value = entry.get(key, False)
        answer = False if value in (None, "") else yes_no(value)
        if answer is None:
            raise RoundError([(f"{field}.{key}", say("round.not_yes_no", value=quoted(value)))])
        return answer

    def score_round(
        self, facts: Mapping[str, Any], game: GameScore, dealer: int, opts: Mapping[str, Any]
    ) -> RoundOutcome:
        """KB-9: points left in hand, Steps laid, who went out; progress to the next Step."""
        steps = steps_of(opts)
        entries = self.seat_entries(facts, game.players)
        errors: list[tuple[str, str]] = []
        attempted, laid, points, notes, out = [], [], [], [], []
        for seat, entry in enumerate(entries):
            field = f"players.{seat}"
            attempted.append(game.progress[seat]["completed"] + 1)
            try:
                seat_laid, went_out, seat_points, seat_errors = self._seat_facts(
                    entry, field, attempted[-1], steps, opts
                )
            except RoundError as err:
                errors += err.errors
                continue
            laid.append(seat_laid)
            points.append(seat_points)
            errors += seat_errors
            if went_out:
                out.append(seat)
            notes.append(str(entry.get("notes") or ""))
        if len(out) > 1:
            errors.append((f"players.{out[1]}.went_out", say("kb.one_out")))
        if errors:
            raise RoundError(errors)
        progress = tuple(
            self._progress(game.progress[s]["completed"] + laid[s], steps) for s in range(game.players)
        )
        details = {
            "steps": attempted,
            "step_texts": [steps[n - 1].text for n in attempted],
            "laid": laid,
            "went_out": out[0] if out else None,
            "points": points,
            "notes": notes,
        }
        return RoundOutcome(
            changes=tuple(points), progress=progress, details=details, starter=(dealer + 1) % game.players
        )

    def _seat_facts(self, entry: Mapping[str, Any], field: str, on_step: int, steps, opts: Mapping[str, Any]):
        """One player's row (KB-9): ``(laid, went_out, points, errors)``; RoundError where a fact
        cannot be read at all."""
        laid = self.flag(entry, "laid", field)
        went_out = self.flag(entry, "went_out", field)
        points = self.hand_points(entry, field, opts)
        errors = []
        if entry.get("step") not in (None, ""):
            typed = self.count(entry["step"], f"{field}.step", low=1, what="a Step number")
            if typed > len(steps):
                errors.append((f"{field}.step", say("kb.list_has_only", count=len(steps))))
            elif typed != on_step:
                errors.append((f"{field}.step", say("kb.on_step", step=on_step, typed=typed)))
        if went_out and not laid:
            errors.append((f"{field}.went_out", say("kb.out_laid")))
        if went_out and points:  # marked on what was given: the cards, the counts, or the total
            given = next((key for key in ("hand", "counts") if entry.get(key)), "points")
            errors.append((f"{field}.{given}", say("kb.out_counts_0", points=points)))
        return laid, went_out, points, errors

    def is_over(self, game: GameScore, outcome: RoundOutcome, opts: Mapping[str, Any]) -> bool:
        """KB-10: the game ends after a hand in which someone lays the last Step."""
        return any(p["done"] for p in game.progress)

    def rank(self, game: GameScore, opts: Mapping[str, Any]) -> tuple[int, ...]:
        """KB-10: those who completed the last Step first, lowest total first (so the 1st are
        the winners); then the others by Step reached (further first) and total (ties share, N-5)."""
        return competition_ranks([(-p["completed"], total) for p, total in zip(game.progress, game.totals)])
