"""Pyramid on the command line: its board, status line and the commands a player types.

Layer: generic (`pyramid13.cli`): the game is reached through its registry entry
(``get_game("pyramid")``), never imported by name.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from .._base.cards import Card, Rank
from .._base.errors import Pyramid13Error
from .._base.location import CardLocation
from .._base.text import describe
from ..records import format_msc_solution
from ._changes import place_name
from ._common import CliError, CodeError
from ._games import MARK_LEGEND, GameHooks, play_help
from ._style import PLAIN, Style

if TYPE_CHECKING:
    from .._base.solving import SolveResult
    from ._play import Session

__all__ = ["HELP", "HOOKS", "PyramidHooks", "board"]

HELP = play_help(
    """\
  4c 9c, 4c+9c   remove two exposed cards whose values sum to 13
  4c             select a card; the next card you name pairs with it (x clears)
  kd, k          remove an exposed King (k: the only one exposed)
  3              play move number 3 of the list under the board
  d, draw        draw from the stock
  r, recycle     turn the waste over into a new stock""",
    hint=" (from the solver, which knows the order of the stock)",
    honest=" (from ReplanBot)",
)

#: Quoted commands are cut to this many characters.
QUOTE = 60


class PyramidHooks(GameHooks):
    """Pyramid's board, status line and card commands; remembers a selected card."""

    help = HELP
    move_example = "draw 4C+9C KD"
    setting_example = "passes=2"
    layout_note = "52 cards, pyramid first (quote it)"
    hint_source = "the solver, which knows the order of the stock"
    honest_hint_source = "ReplanBot, which sees only what you see"

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.selected: Card | None = None
        self._honest: Any = None  # the honest bot, made at the first honest hint

    # -- the deal -----------------------------------------------------------------------

    def is_layout(self, text: str) -> bool:
        words = len(text.split())
        if words not in (52, 5, 6):
            raise CodeError(
                f"holds {words} words: neither a layout code (52 cards), a position code "
                "(5 or 6 fields) nor a saved game (JSON)"
            )
        return words == 52

    # -- solve --------------------------------------------------------------------------

    def add_solve_options(
        self, parser: argparse.ArgumentParser, output: argparse._MutuallyExclusiveGroup
    ) -> None:
        parser.add_argument(
            "--optimal", action="store_true", help="find a shortest solution (slower)"
        )
        output.add_argument(
            "--msc",
            action="store_true",
            help="print only the moves, in pyramid-solver's solution format",
        )

    def solve_options(self, args: argparse.Namespace) -> dict[str, Any]:
        return {"optimal": args.optimal}

    def print_solution(self, args: argparse.Namespace, result: SolveResult[Any]) -> bool:
        if not args.msc:
            return False
        print(format_msc_solution(result.moves))
        return True

    # -- the board ----------------------------------------------------------------------

    def board(self, state: Any, style: Style = PLAIN) -> str:
        return board(state, style)

    def status(self, state: Any) -> str:
        passes = state.rules.passes or "unlimited"
        selected = f", {self.selected} selected" if self.selected else ""
        return (
            f"pass {state.pass_number}/{passes}, score {state.score}, "
            f"{state.status.value}{selected}"
        )

    # -- play ---------------------------------------------------------------------------

    def reset(self) -> None:
        self.selected = None

    def honest_hint(self, state: Any) -> Any:
        if self._honest is None:
            self._honest = self.game.bots["replan"]()
        return self._honest.choose(state.observe())

    def place(self, state: Any, location: CardLocation) -> str:
        return place_name(location, wastes=len(state.waste_piles))

    def command(self, session: Session, word: str, rest: str) -> bool:
        move = self.move_type
        if word in ("d", "draw"):
            session.play(move.DRAW)
        elif word in ("r", "recycle"):
            session.play(move.RECYCLE)
        elif word in ("x", "clear"):
            self.selected = None
            session.status_line()
        elif word in ("k", "king"):
            self.king(session)
        else:
            return False
        return True

    def fallback(self, session: Session, line: str) -> None:
        """Cards: a pair, a King, or one card to select."""
        remove = self.move_type.remove
        tokens = line.replace("+", " ").split()
        unknown = f"unknown command {describe(line.strip(), QUOTE)}; type 'help' for the list"
        if len(tokens) > 2:
            raise CliError(unknown)
        try:
            cards = [Card.parse(token) for token in tokens]
        except Pyramid13Error:
            raise CliError(unknown) from None
        if len(cards) == 2:
            session.play(remove(*cards))
            return
        card = cards[0]
        if card.rank is Rank.KING:
            session.play(remove(card))
            return
        if self.selected is None or self.selected == card:
            if card not in session.state.exposed:
                raise CliError(f"{card} is not exposed")
            self.selected = card
            session.say(f"selected {card}: name a card to pair it with (x to clear)")
            session.status_line()
            return
        first, self.selected = self.selected, None
        session.play(remove(first, card))

    def king(self, session: Session) -> None:
        kings = [card for card in session.state.exposed if card.rank is Rank.KING]
        if len(kings) != 1:
            names = " or ".join(map(str, kings))
            raise CliError(
                f"{'no King is' if not kings else f'{len(kings)} Kings are'} exposed"
                + (f": name one ({names})" if kings else "")
            )
        session.play(self.move_type.remove(kings[0]))


def board(state: Any, style: Style = PLAIN) -> str:
    """The board as text: ``str(state)`` in the `PLAIN` style; with suit symbols, colours
    and a ``*`` after each card that a legal move uses (as in Spider's board) in a fancy
    one."""
    playable = {card for move in state.legal_moves() for card in move.cards}
    mark = "*" if style.fancy else ""

    def shown(card: Card) -> str:
        return style.card(card, marked=card in playable, mark=mark)

    def cell(card: Card | None) -> str:
        if card is None:
            return style.paint("..", dim=True) + " " * len(mark)
        return shown(card) + (" " if mark and card not in playable else "")

    lines = []
    pyramid = state.pyramid
    gap = " " * (2 - len(mark))
    for row in range(7):
        first = row * (row + 1) // 2
        cells = [cell(card) for card in pyramid[first : first + row + 1]]
        lines.append((" " * (2 * (6 - row)) + gap.join(cells)).rstrip())
    stock = state.stock
    stock_text = f"stock: {len(stock)} card{'s' * (len(stock) != 1)}"
    if stock and state.rules.stock_top_pairable:
        stock_text += f" (top {shown(stock[-1])})"
    lines.append(stock_text)
    piles = state.waste_piles
    for number, pile in enumerate(piles, 1):
        label = "waste" if len(piles) == 1 else f"waste {number}"
        lines.append(f"{label}: {' '.join(map(shown, pile)) or '(empty)'}")
    passes = state.rules.passes
    lines.append(
        f"pass {state.pass_number}/{passes if passes else 'unlimited'}, "
        f"score {state.score}, {state.status.value}"
    )
    if style.fancy:
        lines.append(MARK_LEGEND)
    return "\n".join(lines)


HOOKS = PyramidHooks
