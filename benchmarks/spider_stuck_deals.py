"""What the finding search's beams reach on 4-suit deals the solver leaves undecided.

Run: ``python benchmarks/spider_stuck_deals.py`` (or ``--cases microsoft:646 --widths 135``).
The default cases are the two `spider.Layout.shuffled` deals the thoughtful table of
`benchmarks/spider_thoughtful_rates.py` leaves undecided (`microsoft` 646 and 927). Each
beam the finding search would run at each of ``--widths`` is run alone, once per
weighting of chaos it tries there, with its own node cap (1,500 positions per unit of
width). One line per beam: how it ended (``won``; ``dry``, every position one move deeper
already seen; ``cap``, its node cap reached), the positions it expanded, whether any move
it generated completed a run, and the fewest face-down cards of any position it expanded
after the last deal.

With ``--every-move`` the beams take every legal move (`SolverGame.children`, as the
complete search does) instead of the finding search's selection.

With ``--closure CAP`` the script counts, instead, what the complete search would have to
see: for each number of deals made, every position reachable by legal moves from the
positions the previous deal produced (piles sorted once the stock is empty, as the
complete search keys them), until CAP positions in that stage. One line per stage: the
positions seen, the positions the next deal produces from them, the runs any move
completed and the fewest face-down cards seen; a stage that reached CAP is marked, and
the next stage starts from the deals of the positions seen so far.

With ``--relax`` the script solves each deal again (`spider.solve`, default limits) under
rules that only add moves: ``open`` (every card dealt face up, so any card's run moves
with it), ``onto-empty`` (a deal is legal while a pile is empty) or both. Every line of
play under the real rules is one under the relaxed rules too, so a deal lost there is lost;
a deal they leave undecided is no closer to a proof. With ``--closure`` as well, the
stages are counted under those rules instead.

A beam is not a complete search: a deal on which no beam completes a run may still be
winnable. The figures say how far from a win the search gets, not that the deal is lost.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Iterator

import attrs

from pyramid13 import spider
from pyramid13.spider.solver._model import DEAL, DOWN, Position, SolverGame, from_state
from pyramid13.spider.solver._search import _NODES_PER_WIDTH, Budget, _beam, weightings

__all__ = ["EveryMoveGame", "WatchedGame", "main", "stage_closures"]

_CASES = ("microsoft:646", "microsoft:927")
_RELAXATIONS = {
    "open": {"face_down": False},
    "onto-empty": {"deal_onto_empty": True},
    "open+onto-empty": {"face_down": False, "deal_onto_empty": True},
}


class WatchedGame(SolverGame):
    """A `SolverGame` whose `options` note what the beam sees: runs completed and the
    fewest face-down cards once the stock is empty."""

    __slots__ = ("fewest_down", "runs_completed")

    def __init__(self, game: SolverGame) -> None:
        super().__init__(game.root, game.deals, game.removed, game.auto, game.onto_empty)
        self.runs_completed = 0
        self.fewest_down: int | None = None

    def options(self, piles: Position, dealt: int) -> list[tuple[int, Position, int, int]]:
        out = super().options(piles, dealt)
        self.runs_completed += sum(lifted for _, _, _, lifted in out)
        if dealt == len(self.deals):
            down = sum(card >= DOWN for pile in piles for card in pile)
            if self.fewest_down is None or down < self.fewest_down:
                self.fewest_down = down
        return out


class EveryMoveGame(WatchedGame):
    """A `WatchedGame` whose beams take every legal move, as the complete search does."""

    __slots__ = ()

    def options(self, piles: Position, dealt: int) -> list[tuple[int, Position, int, int]]:
        out = self.children(piles, dealt, True)
        self.runs_completed += sum(lifted for _, _, _, lifted in out)
        if dealt == len(self.deals):
            down = sum(card >= DOWN for pile in piles for card in pile)
            if self.fewest_down is None or down < self.fewest_down:
                self.fewest_down = down
        return out


def stage_closures(game: SolverGame, cap: int) -> Iterator[tuple[int, int, int, int, bool]]:
    """Per number of deals made: (positions reachable in that stage, positions the next
    deal produces, runs completed by a move, fewest face-down cards, whether `cap` was
    reached), each stage starting from the positions the previous deal produced."""
    ndeals = len(game.deals)
    starts = {game.root}
    for stage in range(ndeals + 1):
        if not starts:
            break
        seen: set[Position] = set()
        for piles in starts:
            seen.add(tuple(sorted(piles)) if stage == ndeals else piles)
        stack = list(starts)
        dealt: set[Position] = set()
        runs = 0
        fewest = 10_000
        capped = False
        while stack:
            piles = stack.pop()
            fewest = min(fewest, sum(card >= DOWN for pile in piles for card in pile))
            for code, child, _, lifted in game.children(piles, stage, True):
                runs += lifted
                if code == DEAL:
                    dealt.add(child)
                    continue
                key = tuple(sorted(child)) if stage == ndeals else child
                if key not in seen:
                    seen.add(key)
                    stack.append(child)
            if len(seen) >= cap:
                capped = True
                break
        yield len(seen), len(dealt), runs, fewest, capped
        starts = dealt


def _start(case: str, relax: str | None = None) -> tuple[str, str, spider.GameState]:
    """The preset, the seed and the starting state of a ``preset:seed`` case, 4 suits,
    under the preset's rules or those of the relaxation `relax` (same layout)."""
    preset, seed = case.split(":")
    rules = spider.RuleSet.preset(preset, suits=4)
    layout = spider.Layout.shuffled(int(seed), rules)
    if relax is not None:
        rules = attrs.evolve(rules, **_RELAXATIONS[relax])
    return preset, seed, spider.GameState.new(layout, rules)


def _print_closures(cases: list[str], cap: int, relaxations: list[str | None]) -> None:
    print(
        "| preset | seed | rules relaxed | deals made | positions | positions the next deal makes "
        "| runs completed | fewest face-down | CPU s |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for case, relax in itertools.product(cases, relaxations):
        preset, seed, state = _start(case, relax)
        start = time.process_time()
        for stage, (seen, dealt, runs, fewest, capped) in enumerate(
            stage_closures(from_state(state), cap)
        ):
            cpu = time.process_time() - start
            shown = f"{seen:,} (cap reached)" if capped else f"{seen:,}"
            print(
                f"| {preset} | {seed} | {relax or '—'} | {stage} | {shown} | {dealt:,} "
                f"| {runs} | {fewest} | {cpu:.1f} |",
                flush=True,
            )


def _print_relaxed(cases: list[str], relaxations: list[str]) -> None:
    print("| preset | seed | rules relaxed | winnable | positions | CPU s |")
    print("|---|---|---|---|---|---|")
    for case in cases:
        for name in relaxations:
            preset, seed, state = _start(case, name)
            start = time.process_time()
            result = spider.solve(state)
            cpu = time.process_time() - start
            verdict = {True: "yes", False: "no (proved)", None: "undecided"}[result.winnable]
            print(
                f"| {preset} | {seed} | {name} | {verdict} | {result.nodes:,} | {cpu:.1f} |",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", nargs="*", default=list(_CASES), help="preset:seed ...")
    parser.add_argument("--widths", nargs="*", type=int, default=[135, 405])
    parser.add_argument("--every-move", action="store_true", help="beams take every legal move")
    parser.add_argument("--closure", type=int, metavar="CAP", help="count each stage's positions")
    parser.add_argument(
        "--relax", nargs="+", choices=sorted(_RELAXATIONS), help="solve under rules with more moves"
    )
    args = parser.parse_args()
    if args.closure:
        _print_closures(args.cases, args.closure, args.relax or [None])
        return
    if args.relax:
        _print_relaxed(args.cases, args.relax)
        return
    game_type = EveryMoveGame if args.every_move else WatchedGame
    print(
        "| preset | seed | width | weights | ended | positions | a run completed "
        "| fewest face-down after the stock | CPU s |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for case in args.cases:
        preset, seed, state = _start(case)
        for width in args.widths:
            for weights in weightings(width):
                game = game_type(from_state(state))
                budget = Budget(None, None)
                start = time.process_time()
                line, _ = _beam(game, budget, width, width * _NODES_PER_WIDTH, weights)
                cpu = time.process_time() - start
                capped = budget.nodes >= width * _NODES_PER_WIDTH
                ended = "won" if line is not None else "cap" if capped else "dry"
                completed = "yes" if game.runs_completed else "no"
                fewest = "—" if game.fewest_down is None else game.fewest_down
                print(
                    f"| {preset} | {seed} | {width} | {weights} | {ended} | {budget.nodes:,} "
                    f"| {completed} | {fewest} | {cpu:.1f} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
