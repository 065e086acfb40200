"""Spider's winnable deals: `winnable_deal` and its grade table.

Layer: the Spider game (`pyramid13.spider`), which imports only the floor. The search
itself (the candidate deal numbers, the daily seed) is the floor's
(`pyramid13._base.deals`), the same as Pyramid's; Spider gives it its deal, its solver
with fixed limits and its grade.

The algorithm, kept from version to version (a golden-vector test pins it):

1. the seed is `seed`, or ``YYYYMMDD`` for ``date=``; with ``key=``, the stream is
   seeded with `keyed_seed` (HMAC-SHA256 of the key and `deal_message`) instead;
2. candidate ``k`` (k = 0, 1, ...) is the deal number ``n_k``, the low 32 bits of the
   k-th output of SplitMix64 seeded with the seed (with a key: the whole 64-bit output),
   dealt as ``Layout.shuffled(n_k, rules)``;
3. each candidate is solved by `solve` with ``node_limit=SOLVE_NODE_LIMIT`` and no time
   limit; a candidate that is lost or undecided is skipped;
4. a winnable candidate is graded (`grade`: its `score` against `GRADES`); the first
   whose grade is `difficulty` (any grade when None) is returned, with the solver's
   winning line as its certificate.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Final

from .._base.deals import (
    MAX_ATTEMPTS,
    Difficulty,
    WinnableDeal,
    check_difficulty,
    check_grade_possible,
    find_winnable,
    grade_from,
    solver_effort,
)
from .._base.solving import SolveResult
from .._base.status import Status
from ._greedy import greedy_move
from ._layout import Layout
from ._moves import Move
from ._rules import RuleSet, as_rules
from ._stalling import face_down_left, play_out
from ._state import GameState
from .solver import solve

__all__ = [
    "GRADES",
    "SOLVE_NODE_LIMIT",
    "grade",
    "greedy_result",
    "score",
    "score_ranges",
    "winnable_deal",
]

SOLVE_NODE_LIMIT: Final = 300_000
"""The node limit each candidate deal is solved with (a deal undecided within it is
skipped): the outcome depends on no clock."""

#: The grade table, by the number of suits in play: ``(easy, medium)`` thresholds on the
#: difficulty score (`score`): a winnable deal is easy when its score is at most ``easy``,
#: medium when at most ``medium``, hard otherwise. Calibrated by
#: ``tools/calibrate_deal_grades.py --from`` on the first 200 `pysolfc` deals of
#: ``benchmarks/deal_grades.py collect`` (the first winnable deals of seeds 3,000,000 to
#: 3,000,199, which no test uses), so that each grade holds as near a third of them as
#: ties between scores allow (comments: the counts); every rule set with that many suits
#: uses the row.
GRADES: Final[Mapping[int, tuple[int, int]]] = {
    1: (1_013, 1_025),  # first 200 deals: easy 71, medium 62, hard 67
    2: (1_036, 1_042),  # first 200 deals: easy 71, medium 61, hard 68
    4: (1_044, 1_050),  # first 200 deals: easy 63, medium 76, hard 61
}


def greedy_result(start: GameState) -> tuple[bool, int]:
    """Whether the greedy bot (`GreedyBot`: honest, no undo) wins the game from `start`,
    and how many cards it leaves face down when its game ends (lost, or stalled as
    `pyramid13.win_rate` counts a stalled game: `SPIDER_NO_PROGRESS` idle moves).

    Examples:
        >>> from pyramid13 import spider
        >>> rules = spider.RuleSet.preset("pysolfc", suits=1)
        >>> start = spider.GameState.new(spider.Layout.shuffled(1, rules), rules)
        >>> won, face_down = greedy_result(start)
        >>> 0 <= face_down <= 44
        True
    """
    end = play_out(start, greedy_move)
    return end.status is Status.WON, face_down_left(end)


def score(start: GameState, result: SolveResult[Move]) -> int:
    """The difficulty score of the winnable deal `start` (its thoughtful `result` given):
    how far honest play gets on it, then how hard the solver had to look.

    ``1000`` if the greedy bot (`GreedyBot`, no undo) loses it, plus the cards it leaves
    face down (`greedy_result`), plus the number of binary digits of the solver's effort
    (the positions it stored beyond its winning line; 0 for none, at most 19 within
    `SOLVE_NODE_LIMIT`), a scale on which a search twice as long counts as one more
    face-down card. So a deal the greedy bot wins is never graded harder than one it
    loses. Every part is deterministic.

    Examples:
        >>> from pyramid13 import spider
        >>> rules = spider.RuleSet.preset("pysolfc", suits=1)
        >>> start = spider.GameState.new(spider.Layout.shuffled(1, rules), rules)
        >>> 0 <= score(start, spider.solve(start, node_limit=SOLVE_NODE_LIMIT)) < 1064
        True
    """
    won, face_down = greedy_result(start)
    return (0 if won else 1000) + face_down + solver_effort(result).bit_length()


def score_ranges(rules: RuleSet) -> tuple[tuple[int, int], ...]:
    """The values `score` can take under `rules`, as ``(low, high)`` ranges: the greedy
    bot's loss (0 or 1,000) plus the cards it leaves face down (at most those dealt face
    down; none when `RuleSet.face_down` is False: every card is dealt face up) plus at
    most the binary digits of `SOLVE_NODE_LIMIT` (19). With every card face up, the
    harder grades of the 2- and 4-suit rows, and ``"hard"`` of the 1-suit row, lie
    beyond them.

    Examples:
        >>> from pyramid13 import spider
        >>> score_ranges(spider.RuleSet.preset("pysolfc"))
        ((0, 63), (1000, 1063))
        >>> score_ranges(spider.RuleSet.preset("open"))
        ((0, 19), (1000, 1019))
    """
    face_down = sum(rules.shape.pile_sizes) - len(rules.shape.pile_sizes) if rules.face_down else 0
    most = face_down + SOLVE_NODE_LIMIT.bit_length()
    return ((0, most), (1_000, 1_000 + most))


def grade(start: GameState, result: SolveResult[Move]) -> Difficulty:
    """The grade of the winnable deal `start`, whose thoughtful `result` is given: its
    `score` against its suit count's row of `GRADES`.

    Examples:
        >>> from pyramid13 import spider
        >>> rules = spider.RuleSet.preset("pysolfc", suits=1)
        >>> start = spider.GameState.new(spider.Layout.shuffled(1, rules), rules)
        >>> grade(start, spider.solve(start)) in ("easy", "medium", "hard")
        True
    """
    return grade_from(score(start, result), GRADES[start.rules.suits])


def _deal(number: int, rules: RuleSet) -> GameState:
    return GameState.new(Layout.shuffled(number, rules), rules)


def _solve(state: GameState) -> SolveResult[Move]:
    return solve(state, node_limit=SOLVE_NODE_LIMIT)


def winnable_deal(
    rules: RuleSet | str | None,
    seed: int | None = None,
    *,
    difficulty: Difficulty | None = None,
    date: datetime.date | None = None,
    max_attempts: int = MAX_ATTEMPTS,
    key: bytes | None = None,
    progress: bool = False,
) -> WinnableDeal[Move]:
    """A Spider deal proven winnable under `rules` (knowing every card, the face-down
    ones and the stock), with a winning line, chosen by `seed` (or by `date`: the daily
    deal), of the grade `difficulty`.

    The same arguments give the same deal on every machine and in every release that
    keeps the algorithm of this module (see the module notes): the candidates are
    ``Layout.shuffled(n, rules)`` for the deal numbers ``n`` of SplitMix64 seeded with
    `seed`, each solved within `SOLVE_NODE_LIMIT` positions, and the first winnable one
    of the grade is returned. An honest player, who sees only the face-up cards, can
    still lose it.

    Args:
        rules: a Spider RuleSet, a preset's name (4 suits), or None for `RuleSet()`.
        seed: an int in ``0 .. 2**64 - 1``; omit it and give `date` for the daily deal.
        difficulty: ``"easy"``, ``"medium"``, ``"hard"`` (see `GRADES`), or None for a
            deal of any grade.
        date: the day of the daily deal: the seed is the number ``YYYYMMDD``. Anyone
            can compute a daily deal, and its certificate, from the date alone, unless
            a `key` is given.
        max_attempts: how many candidates to try before giving up.
        key: a server's secret (non-empty bytes, such as ``secrets.token_bytes(32)``),
            mixed into the seed by HMAC-SHA256, so that only its holder can compute the
            deal; None: the deal is public. See "Keyed deals" in the how-to page.
        progress: show a `tqdm` progress bar of the search on standard error once it has
            taken a second (install the ``cli`` extra).

    Raises:
        InvalidArgumentError: `seed` is not an int in range (a bool included), both or
            neither of `seed` and `date` given, an unknown `difficulty`, a grade these
            rules cannot give (`score_ranges`: with every card face up, no deal is
            ``"hard"``), a bad `max_attempts`, a `key` that is not non-empty
            bytes, or no winnable deal of the grade among the
            candidates (the message says whether none was winnable or none had the grade).
        InvalidRulesError: `rules` is no Spider rule set or preset (a Pyramid rule set is
            named as such).
        ImportError: `progress` without `tqdm` installed.

    Examples:
        >>> from pyramid13 import spider
        >>> rules = spider.RuleSet.preset("pysolfc", suits=1)
        >>> deal = spider.winnable_deal(rules, 1)
        >>> state = deal.start()
        >>> for move in deal.solution:
        ...     state = state.apply(move)
        >>> state.status
        <Status.WON: 'won'>
    """
    checked = as_rules(rules)
    asked = check_difficulty(difficulty)
    check_grade_possible(asked, GRADES[checked.suits], score_ranges(checked))
    return find_winnable(
        checked,
        seed,
        difficulty=difficulty,
        date=date,
        max_attempts=max_attempts,
        deal=_deal,
        solve=_solve,
        grade=grade,
        key=key,
        progress=progress,
    )
