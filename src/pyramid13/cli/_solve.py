"""``pyramid13 solve``: the verdict on a deal and its winning moves."""

from __future__ import annotations

import argparse
import json

from .._position import format_rules
from ..records import format_msc_solution
from ..solver import solve
from ._common import (
    EXIT_NO,
    EXIT_OK,
    EXIT_UNKNOWN,
    Parser,
    add_limit_arguments,
    add_source_arguments,
    load_source,
)

__all__ = ["add_parser", "run"]


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
    status = {True: EXIT_OK, False: EXIT_NO, None: EXIT_UNKNOWN}[result.winnable]
    moves = result.moves
    if args.json:
        print(
            json.dumps(
                {
                    "source": source.description,
                    "rules": state.rules.to_dict(),
                    "position": state.to_string(),
                    "winnable": result.winnable,
                    "moves": [str(move) for move in moves],
                    "nodes": result.nodes,
                    "seconds": round(result.seconds, 6),
                },
                indent=2,
            )
        )
        return status
    if args.msc:
        print(format_msc_solution(moves))
        return status
    verdict = {
        True: f"winnable in {len(moves)} move{'s' * (len(moves) != 1)}",
        False: "not winnable",
        None: "unknown: the search reached its limit",
    }[result.winnable]
    optimal = " (a shortest solution)" if args.optimal and result.winnable else ""
    print(
        f"{source.description}, {format_rules(state.rules)} rules: {verdict}{optimal} "
        f"({result.nodes:,} position{'s' * (result.nodes != 1)} searched in "
        f"{result.seconds:.2f} s)"
    )
    width = len(str(len(moves)))
    for number, move in enumerate(moves, 1):
        print(f"{number:>{width}}. {move}")
    return status
