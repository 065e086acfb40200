"""Pyramid's winnable deals: `winnable_deal` and its grade table.

Layer: the Pyramid game (`pyramid13.pyramid`), which imports only the floor. The search
itself (the candidate deal numbers, the daily seed) is the floor's
(`pyramid13._base.deals`); Pyramid gives it its deal, its solver with fixed limits and
its grade.

The algorithm, kept from version to version (a golden-vector test pins it):

1. the seed is `seed`, or ``YYYYMMDD`` for ``date=``; with ``key=``, the stream is
   seeded with `keyed_seed` (HMAC-SHA256 of the key and `deal_message`) instead;
2. candidate ``k`` (k = 0, 1, ...) is the deal number ``n_k``, the low 32 bits of the
   k-th output of SplitMix64 seeded with the seed (with a key: the whole 64-bit output),
   dealt as ``Layout.shuffled(n_k)``;
3. each candidate is solved by `solve` with ``node_limit=SOLVE_NODE_LIMIT`` and no time
   limit; a candidate that is lost or undecided is skipped;
4. a winnable candidate is graded (`grade`: its `score` against `GRADES`); the first
   whose grade is `difficulty` (any grade when None) is returned, with the solver's
   winning line as its certificate.

The presets of `CATALOGUED`, where few deals are winnable and the search is slow, have a
catalogue instead (``deal_catalogue.json`` beside this module, written by
``tools/make_deal_catalogue.py``): the deal numbers and scores of the first winnable
candidates of seeds ``3_000_000, 3_000_001, ...`` by the search above. There, attempt k
is the entry ``SplitMix64(seed)``'s k-th ``below(len(entries))`` picks among the entries
of the grade asked (all for None), solved and graded as a candidate would be. A daily
deal walks a cycle instead: the entries of the grade in the order of `catalogue_cycle`
(keyed with a key), the day's place being its `cycle_day` modulo their number, so that
consecutive days see every entry before one comes back.
"""

from __future__ import annotations

import datetime
import functools
import importlib.resources
import json
from collections.abc import Callable, Mapping
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
from .._base.errors import Pyramid13Error
from .._base.solving import SolveResult
from .._base.status import Status
from ._bots import RandomBot
from ._greedy import greedy_move
from ._layout import Layout
from ._moves import Move
from ._rules import RuleSet, as_rules
from ._state import GameState
from .solver import solve

__all__ = [
    "CATALOGUED",
    "CATALOGUE_FILE",
    "GRADES",
    "GRADE_DEFAULT",
    "RANDOM_GAMES",
    "SOLVE_NODE_LIMIT",
    "catalogue",
    "grade",
    "greedy_wins",
    "score",
    "score_ranges",
    "search",
    "winnable_deal",
]

SOLVE_NODE_LIMIT: Final = 200_000
"""The node limit each candidate deal is solved with (a deal undecided within it is
skipped): the outcome depends on no clock."""

RANDOM_GAMES: Final = 16
"""How many games of the random bot (`RandomBot` seeds 0 to 15) the score plays."""

#: The grade table, by preset: ``(easy, medium)`` thresholds on the difficulty score
#: (`score`): a winnable deal is easy when its score is at most ``easy``, medium when at
#: most ``medium``, hard otherwise. Calibrated by ``tools/calibrate_deal_grades.py --from``
#: on the first 200 deals of ``benchmarks/deal_grades.py collect`` (the first winnable
#: deals of seeds 3,000,000 to 3,000,199, which no test uses), so that each grade holds
#: as near a third of them as ties between scores allow (comments: the counts).
GRADES: Final[Mapping[str, tuple[int, int]]] = {
    "classic": (11_603, 11_611),  # first 200 deals: easy 69, medium 68, hard 63
    "cardems": (401, 1_201),  # first 200 deals: easy 68, medium 71, hard 61
    "three-stacks": (11_602, 11_607),  # first 200 deals: easy 67, medium 64, hard 69
    "microsoft": (1_501, 1_601),  # first 200 deals: easy 82, medium 63, hard 55
    "pysolfc": (11_516, 11_609),  # first 200 deals: easy 64, medium 72, hard 64
    "relaxed": (1_501, 1_601),  # first 200 deals: easy 75, medium 68, hard 57
    "apophis": (1_508, 1_601),  # first 200 deals: easy 58, medium 87, hard 55
    "king-tut": (11_605, 11_610),  # first 200 deals: easy 65, medium 69, hard 66
    "cardgames": (1, 501),  # first 200 deals: easy 59, medium 73, hard 68
    "solitaire-lab": (11_607, 11_613),  # first 200 deals: easy 65, medium 61, hard 74
}

GRADE_DEFAULT: Final = (11_603, 11_611)
"""The row of `GRADES` for rules that are no preset: classic's."""


def _plays_to_win(start: GameState, choose: Callable[[GameState], Move | None]) -> bool:
    state = start
    while not state.is_over:
        move = choose(state)
        assert move is not None
        state = state.apply(move)
    return state.status is Status.WON


def greedy_wins(start: GameState) -> bool:
    """Whether the greedy bot (`GreedyBot`: honest, no undo) wins the game from `start`.

    Examples:
        >>> import pyramid13 as p13
        >>> start = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
        >>> greedy_wins(start)
        True
    """
    return _plays_to_win(start, greedy_move)


def score(start: GameState, result: SolveResult[Move]) -> int:
    """The difficulty score of the winnable deal `start` (its thoughtful `result` given):
    how honest play fares on it first, then how hard the solver had to look.

    ``10000`` if the greedy bot (`GreedyBot`, no undo) loses it, plus ``100`` for each of
    the `RANDOM_GAMES` games of the random bot (`RandomBot` seeds 0 to 15, no undo) that
    lose, plus the number of binary digits of the solver's effort (the positions it
    stored beyond its winning line; 0 for none, at most 18 within `SOLVE_NODE_LIMIT`), a
    scale on which a search twice as long counts one more. Every part is deterministic.

    Examples:
        >>> import pyramid13 as p13
        >>> start = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
        >>> score(start, p13.solve(start, node_limit=SOLVE_NODE_LIMIT)) < 10000
        True
    """
    total = 0 if greedy_wins(start) else 10_000
    for seed in range(RANDOM_GAMES):
        if not _plays_to_win(start, RandomBot(seed=seed).choose):
            total += 100
    return total + solver_effort(result).bit_length()


def score_ranges(rules: RuleSet) -> tuple[tuple[int, int], ...]:
    """The values `score` can take under `rules`, as ``(low, high)`` ranges: the greedy
    bot's loss (0 or 10,000) plus 100 per lost random game (0 to 1,600) plus at most
    the binary digits of `SOLVE_NODE_LIMIT` (18). The same for every rule set, so that
    every grade of the grade table can be asked for.

    Examples:
        >>> import pyramid13 as p13
        >>> score_ranges(p13.RuleSet.preset("classic"))
        ((0, 1618), (10000, 11618))
    """
    most = 100 * RANDOM_GAMES + SOLVE_NODE_LIMIT.bit_length()
    return ((0, most), (10_000, 10_000 + most))


def _row(rules: RuleSet) -> tuple[int, int]:
    name = rules.preset_name
    return GRADES.get(name, GRADE_DEFAULT) if name is not None else GRADE_DEFAULT


def grade(start: GameState, result: SolveResult[Move]) -> Difficulty:
    """The grade of the winnable deal `start`, whose thoughtful `result` is given: its
    `score` against its preset's row of `GRADES`.

    Examples:
        >>> import pyramid13 as p13
        >>> start = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
        >>> grade(start, p13.solve(start, node_limit=SOLVE_NODE_LIMIT))
        'medium'
    """
    return grade_from(score(start, result), _row(start.rules))


CATALOGUE_FILE: Final = "deal_catalogue.json"
"""The catalogue's file, beside this module: JSON, ``{"format": 1, "presets": {name:
[[number, score], ...]}}``."""

CATALOGUED: Final = ("classic", "solitaire-lab")
"""The presets whose winnable deals come from the catalogue: only about one deal in 26
(classic, 3.81 %) or 11 (solitaire-lab, 9.31 %) is winnable, so the search's time to a
deal varies too much (its p99 was over 5 s of CPU)."""


@functools.cache
def _catalogue_entries() -> Mapping[str, tuple[tuple[int, int], ...]]:
    text = importlib.resources.files(__package__).joinpath(CATALOGUE_FILE).read_text("utf-8")
    data = json.loads(text)
    presets = data.get("presets") if isinstance(data, dict) else None
    if data.get("format") != 1 or not isinstance(presets, dict):  # pragma: no cover
        raise Pyramid13Error(f"internal error: {CATALOGUE_FILE} is not format 1")
    return {
        name: tuple((int(number), int(points)) for number, points in entries)
        for name, entries in presets.items()
    }


def catalogue(rules: RuleSet) -> tuple[tuple[int, Difficulty], ...] | None:
    """The catalogue of `rules`: ``(deal number, grade)`` pairs, or None for rules that
    are searched (every rule set but the presets of `CATALOGUED`).

    Examples:
        >>> import pyramid13 as p13
        >>> entries = catalogue(p13.RuleSet.preset("classic"))
        >>> len(entries) >= 600, {grade for _, grade in entries} == {"easy", "medium", "hard"}
        (True, True)
        >>> catalogue(p13.RuleSet.preset("microsoft")) is None
        True
    """
    name = rules.preset_name
    if name not in CATALOGUED:
        return None
    row = GRADES.get(name, GRADE_DEFAULT)
    return tuple((number, grade_from(points, row)) for number, points in _catalogue_entries()[name])


def _deal(number: int, rules: RuleSet) -> GameState:
    return GameState.new(Layout.shuffled(number), rules)


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
    """A Pyramid deal proven winnable under `rules` (knowing every card), with a winning
    line, chosen by `seed` (or by `date`: the daily deal), of the grade `difficulty`.

    The same arguments give the same deal on every machine and in every release that
    keeps the algorithm of this module (see the module notes): the candidates are
    ``Layout.shuffled(n)`` for the deal numbers ``n`` of SplitMix64 seeded with `seed`,
    each solved within `SOLVE_NODE_LIMIT` positions, and the first winnable one of the
    grade is returned; the presets of `CATALOGUED` pick from their catalogue of deals
    found that way beforehand, so that they take one solve, and their daily deals walk
    the catalogue so that no deal of a grade comes back before all have had their day.
    "Winnable" is thoughtful: a player who knows the order of the stock wins; an honest
    player can still lose it.

    Args:
        rules: a RuleSet, a preset's name, or None for `RuleSet()` (classic).
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
            neither of `seed` and `date` given, an unknown `difficulty`, a bad
            `max_attempts`, a `key` that is not non-empty bytes, or no winnable deal of
            the grade among the candidates (the message says whether none was winnable
            or none had the grade).
        InvalidRulesError: `rules` is no Pyramid rule set or preset (a Spider rule set
            is named as such).
        ImportError: `progress` without `tqdm` installed.

    Examples:
        >>> import pyramid13 as p13
        >>> deal = p13.pyramid.winnable_deal("microsoft", 1)
        >>> deal.start().observe() == p13.GameState.new(deal.layout, deal.rules).observe()
        True
        >>> p13.pyramid.winnable_deal("microsoft", 1, difficulty="hard").difficulty
        'hard'
    """
    checked = as_rules(rules)
    check_grade_possible(check_difficulty(difficulty), _row(checked), score_ranges(checked))
    return find_winnable(
        checked,
        seed,
        difficulty=difficulty,
        date=date,
        max_attempts=max_attempts,
        deal=_deal,
        solve=_solve,
        grade=grade,
        catalogue=catalogue(checked),
        key=key,
        progress=progress,
    )


def search(
    rules: RuleSet | str | None, seed: int, *, difficulty: Difficulty | None = None
) -> WinnableDeal[Move]:
    """`winnable_deal` by the search of candidate numbers, whatever the catalogue holds:
    what ``tools/make_deal_catalogue.py`` runs to write the catalogue.

    Examples:
        >>> search("microsoft", 1) == winnable_deal("microsoft", 1)
        True
    """
    return find_winnable(
        as_rules(rules),
        seed,
        difficulty=difficulty,
        date=None,
        max_attempts=MAX_ATTEMPTS,
        deal=_deal,
        solve=_solve,
        grade=grade,
    )
