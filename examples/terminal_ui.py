"""A minimal terminal UI loop: show the position, read a command, apply it, repeat.

Run it with ``python examples/terminal_ui.py --seed 7 --preset microsoft`` and type
``help``. It reads commands line by line from standard input, so it can be scripted too:
``printf '1\\nundo\\nredo\\ndraw\\n' | python examples/terminal_ui.py``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from typing import TextIO

import pyramid13 as p13

HELP = """\
commands:
  N            play move number N of the list
  KD, 4C+9C    play a removal by its cards ("4C 9C" works too)
  draw, recycle
  4C           select a card: list the moves that use it
  undo, redo   take the last move back, play it again
  help, quit"""


def show(state: p13.GameState, out: TextIO) -> None:
    """Print the position, its status and score, and the numbered legal moves."""
    print(state, file=out)
    moves = state.legal_moves()
    if moves:
        listed = "  ".join(f"{number}:{move}" for number, move in enumerate(moves, 1))
        print(f"moves  {listed}", file=out)
    elif state.status is p13.Status.WON:
        print(f"You won with {state.score} points in {len(state.history)} moves.", file=out)
    else:
        print("No removal can be reached any more: the game is lost. 'undo' goes back.", file=out)


def moves_using(state: p13.GameState, card: p13.Card) -> list[p13.Move]:
    """The legal moves that remove `card`: what a UI highlights once a card is selected."""
    return [move for move in state.legal_moves() if card in move.cards]


def read_move(state: p13.GameState, command: str) -> p13.Move:
    """Turn a command (a move number, move text or two cards) into a move.

    Raises:
        pyramid13.Pyramid13Error: the command is not a move (the message says why).
    """
    if command.isdigit():
        moves = state.legal_moves()
        number = int(command)
        if not 1 <= number <= len(moves):
            raise p13.InvalidMoveError(f"there is no move number {number}")
        return moves[number - 1]
    return p13.Move.parse("+".join(command.split()))


def step(
    timeline: p13.Timeline[p13.GameState], command: str, out: TextIO
) -> p13.Timeline[p13.GameState]:
    """Carry out one command and return the new timeline (the same one if nothing changed)."""
    state = timeline.present
    if command in ("help", "?"):
        print(HELP, file=out)
        return timeline
    if command in ("undo", "u", "redo"):
        able = timeline.can_undo if command != "redo" else timeline.can_redo
        if not able:
            print(f"nothing to {'redo' if command == 'redo' else 'undo'}", file=out)
            return timeline
        return timeline.redo() if command == "redo" else timeline.undo()
    words = command.split()
    if len(words) == 1 and not command.isdigit() and command not in ("draw", "recycle"):
        try:
            card = p13.Card.parse(command)
        except p13.InvalidCardError:
            pass
        else:
            if card.rank is not p13.Rank.KING:
                usable = moves_using(state, card)
                names = " ".join(map(str, usable)) or "none: it is not exposed or has no partner"
                print(f"moves with {card}: {names}", file=out)
                return timeline
    try:
        return timeline.play(read_move(state, command))  # a new move: nothing left to redo
    except p13.Pyramid13Error as error:
        print(f"? {error}", file=out)
        return timeline


def run(state: p13.GameState, commands: Iterable[str], out: TextIO) -> p13.GameState:
    """The loop: show, read, step, until ``quit`` or the end of the input. The game is a
    `pyramid13.Timeline`, so that undo and redo come for free."""
    timeline = p13.Timeline(state)
    show(state, out)
    for line in commands:
        command = line.strip().lower()
        if not command:
            continue
        if command in ("quit", "q", "exit"):
            break
        after = step(timeline, command, out)
        if after is not timeline:
            timeline = after
            show(timeline.present, out)
    return timeline.present


def main(argv: Sequence[str] | None = None) -> int:
    """Deal the game chosen on the command line and play it from standard input."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7, help="deal seed (default 7)")
    parser.add_argument("--preset", default="microsoft", choices=p13.RuleSet.preset_names())
    args = parser.parse_args(argv)
    state = p13.GameState.new(p13.Layout.shuffled(args.seed), p13.RuleSet.preset(args.preset))
    final = run(state, sys.stdin, sys.stdout)
    print(f"bye: {final.status.value}, score {final.score}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
