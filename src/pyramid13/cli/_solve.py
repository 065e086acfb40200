"""``solve``: the verdict on a deal and its winning moves, for every game.

Layer: generic (`pyramid13.cli`): reaches a game only through the registry.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from .._base.games import state_game
from .._base.solving import SolveResult
from ._common import (
    DEFAULT_GAME,
    EXIT_NO,
    EXIT_OK,
    EXIT_UNKNOWN,
    Parser,
    add_limit_arguments,
    add_source_arguments,
    load_source,
)
from ._games import GameHooks, hooks_for

__all__ = ["STATUS", "add_parser", "report", "run", "solve"]

#: The exit status of each verdict: winnable, not winnable, unknown (a limit was reached).
STATUS = {True: EXIT_OK, False: EXIT_NO, None: EXIT_UNKNOWN}


def add_parser(subparsers: argparse._SubParsersAction[Parser], hooks: GameHooks) -> None:
    """Register ``solve`` for the game of `hooks`."""
    parser = subparsers.add_parser(
        "solve",
        help="find whether a deal can be won, and how",
        description=f"Search a {hooks.game.title} deal (or any position) for a win, with "
        "every card known: print the verdict and the winning moves, numbered. Exit status 0 "
        "when winnable, 1 when not, 3 when a limit was reached first.",
    )
    add_source_arguments(parser, hooks, what="the search")
    add_limit_arguments(parser, hooks)
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the result as JSON")
    hooks.add_solve_options(parser, output)
    parser.set_defaults(run=run, game=hooks.game.name)


def solve(state: Any, **options: Any) -> SolveResult[Any]:
    """The solver of `state`'s game, on `state`."""
    result: SolveResult[Any] = state_game(state).solve(state, **options)
    return result


def run(args: argparse.Namespace) -> int:
    """``solve``, for the game the command names."""
    hooks = hooks_for(args.game)
    source = load_source(args, hooks)
    state = source.state
    options = hooks.solve_options(args)
    result = solve(state, node_limit=args.node_limit, time_limit=args.time_limit, **options)
    if hooks.print_solution(args, result):
        return STATUS[result.winnable]
    data = {
        "source": source.description,
        "rules": state.rules.to_dict(),
        "position": state.to_string(),
    }
    title = f"{source.description}, {hooks.rules_text(state.rules)}"
    if hooks.game.name != DEFAULT_GAME:  # the default game's commands do not name it
        title = f"{hooks.game.title}: {title}"
    return report(result, title, data if args.json else None, options.get("optimal", False))


def report(
    result: SolveResult[Any], title: str, data: dict[str, Any] | None, optimal: bool = False
) -> int:
    """Print a solver's result and return the exit status.

    Args:
        result: what the solver found.
        title: the game and its rules, for the line of text.
        data: the fields that describe the game, to print JSON with the result's fields
            after them; None for text: `title`, the verdict and the effort, then the
            winning moves numbered from 1.
        optimal: the solution is a shortest one.
    """
    moves = result.moves
    if data is not None:
        found = {
            "winnable": result.winnable,
            "moves": [str(move) for move in moves],
            "nodes": result.nodes,
            "seconds": round(result.seconds, 6),
        }
        print(json.dumps({**data, **found}, indent=2))
        return STATUS[result.winnable]
    verdict = {
        True: f"winnable in {len(moves)} move{'s' * (len(moves) != 1)}",
        False: "not winnable",
        None: "unknown: the search reached its limit",
    }[result.winnable]
    shortest = " (a shortest solution)" if optimal and result.winnable else ""
    print(
        f"{title}: {verdict}{shortest} ({result.nodes:,} position"
        f"{'s' * (result.nodes != 1)} searched in {result.seconds:.2f} s)"
    )
    width = len(str(len(moves)))
    for number, move in enumerate(moves, 1):
        print(f"{number:>{width}}. {move}")
    return STATUS[result.winnable]
