"""Play-along bookkeeping: actual digits on top of the solver's (candidates, others) states.

The solver works with kinds of digits; the table shows real digits. A pick
of a kind covers the first untried digit of that kind in the column's order
(any of them is equally good). Pure Python: the panel in ``panels`` shows it.
"""

from __future__ import annotations

from solvers import coverup as cu

from .table import RowOverlay

__all__ = ["PlayAlong", "describe"]


def describe(picks: tuple[cu.Pick | None, ...], reserve: tuple[bool, ...] = ()) -> str:
    """``candidate · other* · -`` for a pick combination (``*``: a reserve pick)."""
    words = []
    for i, pick in enumerate(picks):
        word = "-" if pick is None else ("candidate" if pick is cu.Pick.CANDIDATE else "other")
        if reserve and reserve[i]:
            word += "*"
        words.append(word)
    return " · ".join(words)


class PlayAlong:
    """One game followed turn by turn with the optimal (or a chosen) pick combination."""

    def __init__(
        self, result: cu.CoverUpResult, digits: list[list[int]], candidates: list[set[int]]
    ) -> None:
        self.result = result
        self.inputs = result.inputs
        self.digits = digits
        self.candidates = candidates
        self.restart()

    def restart(self) -> None:
        """Back to the first turn."""
        n = self.inputs.n
        self.state: cu.State = cu.initial_state(self.inputs)
        self.tried: list[list[int]] = [[] for _ in range(n)]
        self.right: list[int | None] = [None] * n
        self.outcome: str | None = None
        self.turn = 1
        self.entry: cu.PolicyEntry | None = self.result.first
        self.picks: tuple[cu.Pick | None, ...] = self.result.first.picks
        self.log: list[str] = []

    @property
    def over(self) -> bool:
        """Whether the game is won or lost."""
        return self.outcome is not None

    @property
    def value(self) -> float:
        """Winning probability from now on with optimal play (1 won, 0 lost)."""
        if self.outcome is not None:
            return 1.0 if self.outcome == "won" else 0.0
        assert self.entry is not None
        return self.entry.value

    def choose(self, picks: tuple[cu.Pick | None, ...]) -> None:
        """Play ``picks`` this turn instead of the optimal ones."""
        cu.model.check_picks(self.state, picks)
        self.picks = picks

    def picks_value(self) -> float:
        """Winning probability of the current pick combination."""
        assert self.entry is not None
        return next(a.value for a in self.entry.alternatives if a.picks == self.picks)

    def reserve(self) -> tuple[bool, ...]:
        """Reserve flags of the current picks."""
        return cu.reserve_flags(self.inputs, self.state, self.picks)

    def suggested(self, column: int) -> int | None:
        """The digit to cover in ``column`` this turn."""
        left = self.state.columns[column]
        pick = self.picks[column]
        if self.over or left is None or pick is None:
            return None
        want = pick is cu.Pick.CANDIDATE
        for digit in self.digits[column]:
            if digit not in self.tried[column] and (digit in self.candidates[column]) == want:
                return digit
        return None

    def posterior(self, column: int) -> dict[int, float]:
        """Probability of every untried digit of an unsolved column."""
        left = self.state.columns[column]
        if left is None:
            return {}
        pc, po = cu.hit_probabilities(self.inputs.columns[column], left)
        return {
            d: (pc if d in self.candidates[column] else po)
            for d in self.digits[column]
            if d not in self.tried[column]
        }

    def next_turn(self, right: set[int]) -> None:
        """Apply this turn: the picks of columns ``right`` (0-based) were right.

        Raises ``ValueError`` for an impossible outcome; nothing changes then.
        """
        if self.over:
            raise ValueError("the game is over; press Restart")
        covered = {i: self.suggested(i) for i in range(self.inputs.n)}
        after = cu.advance(self.inputs, self.state, self.picks, right)
        for i, digit in covered.items():
            if digit is None:
                continue
            if i in right:
                self.right[i] = digit
            else:
                self.tried[i].append(digit)
        shown = ", ".join(
            f"col {i + 1}: {d}{' ✓' if i in right else ' ✗'}"
            for i, d in covered.items()
            if d is not None
        )
        self.log.append(f"Turn {self.turn}: {shown}")
        self.turn += 1
        if after is None:
            self.outcome, self.entry = "lost", None
            self.log.append("No new digit was right: the game is lost.")
            return
        self.state = after
        if after.won:
            self.outcome, self.entry = "won", None
            self.log.append("Every digit is right: the game is won.")
            return
        self.entry = self.result.entry(after)
        self.picks = self.entry.picks

    def overlay(self) -> list[RowOverlay]:
        """The table's view of the game now."""
        rows = []
        reserve = self.reserve() if not self.over else (False,) * self.inputs.n
        for i in range(self.inputs.n):
            row = RowOverlay(set(self.tried[i]), self.right[i], self.posterior(i))
            row.suggested = self.suggested(i)
            if self.right[i] is not None:
                row.pick_text = f"solved: {self.right[i]}"
            elif row.suggested is not None:
                kind = "candidate" if self.picks[i] is cu.Pick.CANDIDATE else "other"
                chance = row.posterior.get(row.suggested, 0.0)
                row.pick_text = f"cover {row.suggested} · {kind} · {chance:.0%}"
                row.reserve = reserve[i]
                if reserve[i]:
                    row.pick_text += " · reserve"
                    row.pick_tip = (
                        "A reserve pick: a less likely digit on purpose, keeping this column"
                        " for a later turn in which the other columns might all miss."
                    )
                else:
                    row.pick_tip = "Tick when this digit came up right, then press Next turn."
            rows.append(row)
        return rows
