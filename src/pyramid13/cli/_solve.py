"""``pyramid13 solve``: the verdict on a deal and its winning moves."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .._base.solving import SolveResult
from ..pyramid._position import format_rules
from ..pyramid.solver import solve
from ..records import format_msc_solution
from ._common import (
    EXIT_NO,
    EXIT_OK,
    EXIT_UNKNOWN,
    Parser,
    add_limit_arguments,
    add_source_arguments,
    load_source,
)

__all__ = ["STATUS", "add_parser", "report", "run"]

#: The exit status of each verdict: winnable, not winnable, unknown (a limit was reached).
STATUS = {True: EXIT_OK, False: EXIT_NO, None: EXIT_UNKNOWN}


def add_parser(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Register ``solve``."""
    parser = subparsers.add_parser(
        "solve",
        help="find whether a deal can be won, and how",
        description="Search a deal (or any position) for a win: print the verdict and the "
        "winning moves, numbered. Exit status 0 when winnable, 1 when not, 3 when a limit "
        "was reached first.",
    )
    add_source_arguments(parser, what="the search")
    parser.add_argument("--optimal", action="store_true", help="find a shortest solution (slower)")
    add_limit_arguments(parser)
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the result as JSON")
    output.add_argument(
        "--msc",
        action="store_true",
        help="print only the moves, in pyramid-solver's solution format",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """``pyramid13 solve``."""
    source = load_source(args)
    state = source.state
    result = solve(
        state, optimal=args.optimal, node_limit=args.node_limit, time_limit=args.time_limit
    )
    if args.msc:
        print(format_msc_solution(result.moves))
        return STATUS[result.winnable]
    data = {
        "source": source.description,
        "rules": state.rules.to_dict(),
        "position": state.to_string(),
    }
    title = f"{source.description}, {format_rules(state.rules)} rules"
    return report(result, title, data if args.json else None, args.optimal)


def report(
    result: SolveResult[Any], title: str, data: dict[str, Any] | None, optimal: bool = False
) -> int:
    """Print a solver's result and return the exit status (both games' ``solve``).

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
