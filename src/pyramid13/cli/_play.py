"""``pyramid13 play``: an interactive game in the terminal, also drivable through stdin."""

from __future__ import annotations

import argparse
import contextlib
import datetime
import re
import sys
from collections.abc import Iterator
from typing import BinaryIO, TextIO

from .._base.cards import Card, Rank
from .._base.errors import Pyramid13Error
from .._base.status import Status
from .._base.text import describe, shorten
from ..pyramid._moves import Move
from ..pyramid._state import GameState
from ..pyramid.solver import Hinter
from ..records import GameRecord, RecordMetadata
from ._common import (
    EXIT_ERROR,
    EXIT_NO,
    EXIT_OK,
    CliError,
    Parser,
    add_source_arguments,
    argument_text,
    display_path,
    load_source,
    read_game_file,
)
from ._style import PLAIN, Style, add_color_argument, choose_style

__all__ = ["add_parser", "run"]

HELP = """\
commands (case does not matter):
  4c 9c, 4c+9c   remove two exposed cards whose values sum to 13
  4c             select a card; the next card you name pairs with it (x clears)
  kd, k          remove an exposed King (k: the only one exposed)
  3              play move number 3 of the list under the board
  d, draw        draw from the stock
  r, recycle     turn the waste over into a new stock
  u, undo [N]    take back the last move (or N moves)
  h, hint        suggest a move (from the solver)
  b, board       draw the board again
  save FILE      save the game (JSON), to resume with 'load' or 'play FILE'
  load FILE      load a saved game, a layout code or a position code
  help, ?        this help
  q, quit        stop (also end of input)"""

#: The longest command line read from a script, in bytes.
MAX_LINE = 10_000
#: Quoted commands (echoes, errors) are cut to this many characters.
QUOTE = 60
_NUMBER = re.compile(r"[0-9]+")  # ASCII digits: '²' and '①' are not move numbers

DESCRIPTION = f"""\
Play a game in the terminal. Type a command after the board and press Enter; 'help'
lists them. Commands can also come from a script through standard input, one per line
(blank lines and lines starting with '#' are skipped; a line longer than {MAX_LINE:,}
bytes, or not text in the terminal's encoding, is a bad command); the exit status is then
0 when the session ends with the game won or still going, 1 when it ends lost."""


def add_parser(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Register ``play``."""
    parser = subparsers.add_parser(
        "play",
        help="play a game interactively (or from a script on stdin)",
        description=DESCRIPTION,
        epilog=HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_source_arguments(parser, what="the game")
    parser.add_argument("--player", metavar="NAME", help="the player's name, kept in saved games")
    add_color_argument(parser)
    parser.add_argument(
        "--stop-on-error",
        action="store_true",
        help="end the session with exit status 2 at the first bad command (for scripts)",
    )
    parser.set_defaults(run=run)


def board(state: GameState, style: Style = PLAIN) -> str:
    """The board as text: ``str(state)`` in the `PLAIN` style; with suit symbols, colours
    and a ``*`` after each card that a legal move removes in a fancy one."""
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
        lines.append("(* marks the cards that can be played now)")
    return "\n".join(lines)


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)


class Session:
    """One game at the terminal: reads commands, prints the board and messages."""

    def __init__(
        self,
        state: GameState,
        description: str,
        *,
        out: TextIO,
        err: TextIO,
        player: str | None = None,
        style: Style = PLAIN,
    ) -> None:
        self.state = state
        self.description = description
        self.out = out
        self.err = err
        self.player = player
        self.style = style
        self.selected: Card | None = None
        self.hinter = Hinter()  # one per game: its searches add up over the hints
        self.started = _now()

    # -- output -------------------------------------------------------------------------

    def say(self, text: str) -> None:
        print(text, file=self.out)

    def show(self) -> None:
        """The board, its status line, and the numbered legal moves."""
        state = self.state
        self.say(board(state, self.style))
        moves = state.legal_moves()
        if moves:
            self.say("moves: " + "  ".join(f"{i}) {move}" for i, move in enumerate(moves, 1)))
        elif state.status is Status.WON:
            self.say("You won! Undo (u), save (save FILE) or quit (q).")
        else:
            self.say("No move can ever help now: the game is lost. Undo (u) or quit (q).")

    def status_line(self) -> None:
        state = self.state
        passes = state.rules.passes or "unlimited"
        selected = f", {self.selected} selected" if self.selected else ""
        self.say(
            f"pass {state.pass_number}/{passes}, score {state.score}, "
            f"{state.status.value}{selected}"
        )

    # -- commands -----------------------------------------------------------------------

    def play(self, move: Move | str) -> None:
        self.state = self.state.apply(move)
        self.selected = None
        self.say(f"played {self.state.last_move}")
        self.show()

    def command(self, line: str) -> bool:
        """Carry out one command line; False when the session should end.

        Raises:
            CliError, Pyramid13Error: the command was bad; the state is unchanged.
        """
        words = line.split()
        word = words[0].lower()
        rest = line.strip()[len(words[0]) :].strip()
        if word in ("q", "quit", "exit"):
            return False
        if word in ("help", "?"):
            self.say(HELP)
        elif word in ("d", "draw"):
            self.play(Move.DRAW)
        elif word in ("r", "recycle"):
            self.play(Move.RECYCLE)
        elif word in ("u", "undo"):
            self.undo(rest)
        elif word in ("h", "hint"):
            self.give_hint()
        elif word in ("b", "board"):
            self.show()
        elif word in ("x", "clear"):
            self.selected = None
            self.status_line()
        elif word == "save":
            self.save(rest)
        elif word == "load":
            self.load(rest)
        elif word in ("k", "king"):
            self.king()
        elif _NUMBER.fullmatch(word):
            moves = self.state.legal_moves()
            number = int(word) if len(word) <= 9 else 0
            if not 1 <= number <= len(moves):
                raise CliError(
                    f"there is no move {shorten(word, 20)}; the moves are numbered 1 to "
                    f"{len(moves)}"
                )
            self.play(moves[number - 1])
        else:
            self.cards(line)
        return True

    def cards(self, line: str) -> None:
        tokens = line.replace("+", " ").split()
        unknown = f"unknown command {describe(line.strip(), QUOTE)}; type 'help' for the list"
        if len(tokens) > 2:
            raise CliError(unknown)
        try:
            cards = [Card.parse(token) for token in tokens]
        except Pyramid13Error:
            raise CliError(unknown) from None
        if len(cards) == 2:
            self.play(Move.remove(*cards))
            return
        card = cards[0]
        if card.rank is Rank.KING:
            self.play(Move.remove(card))
            return
        if self.selected is None or self.selected == card:
            if card not in self.state.exposed:
                raise CliError(f"{card} is not exposed")
            self.selected = card
            self.say(f"selected {card}: name a card to pair it with (x to clear)")
            self.status_line()
            return
        first, self.selected = self.selected, None
        self.play(Move.remove(first, card))

    def king(self) -> None:
        kings = [card for card in self.state.exposed if card.rank is Rank.KING]
        if len(kings) != 1:
            names = " or ".join(map(str, kings))
            raise CliError(
                f"{'no King is' if not kings else f'{len(kings)} Kings are'} exposed"
                + (f": name one ({names})" if kings else "")
            )
        self.play(Move.remove(kings[0]))

    def undo(self, count_text: str) -> None:
        count = 1
        history = len(self.state.history)
        if count_text:
            if not _NUMBER.fullmatch(count_text) or not count_text.strip("0"):
                raise CliError(
                    f"undo takes a number of moves >= 1, not {describe(count_text, QUOTE)}"
                )
            if len(count_text) > 9:
                raise CliError(
                    f"cannot undo {shorten(count_text, 20)} moves: only {history} played"
                )
            count = int(count_text)
        if count > history:
            raise CliError(f"cannot undo {count} move(s): only {history} played")
        for _ in range(count):
            self.state = self.state.undo()
        self.selected = None
        self.say(f"undid {count} move(s)")
        self.show()

    def give_hint(self) -> None:
        move = self.hinter.hint(self.state)
        if move is None:
            self.say(f"the game is over ({self.state.status.value})")
        else:
            self.say(f"hint: {move}")
        self.status_line()

    def save(self, path: str) -> None:
        if not path:
            raise CliError("save needs a file name: save FILE")
        metadata = RecordMetadata(
            player=self.player, started=self.started, finished=_now(), source=self.description
        )
        try:
            GameRecord.from_state(self.state, metadata=metadata).save(path)
        except OSError as error:
            raise CliError(
                f"cannot write {display_path(path)}: {error.strerror or error}"
            ) from None
        self.say(f"saved {len(self.state.history)} move(s) to {display_path(path)}")
        self.status_line()

    def load(self, path: str) -> None:
        if not path:
            raise CliError("load needs a file name: load FILE")
        self.state = read_game_file(path, None, layout_rules=self.state.rules)
        self.selected = None
        self.description = display_path(path)
        self.say(f"loaded {self.description}")
        self.show()

    # -- the loop -----------------------------------------------------------------------

    def run(self, lines: Iterator[Line], *, echo: bool, stop_on_error: bool) -> int:
        """Read commands until quit or the end of input; returns the exit status."""
        self.say(f"Pyramid: {self.description}, {self.state.rules.preset_name or 'custom'} rules")
        self.show()
        for line, problem in lines:
            text = line.strip()
            if problem is None and (not text or text.startswith("#")):
                continue
            if echo:
                self.say(f"> {_printable(shorten(text, QUOTE))}")
            try:
                if problem is not None:
                    raise CliError(problem)
                if not self.command(text):
                    break
            except (CliError, Pyramid13Error) as error:
                message = " ".join(str(error).split())
                print(f"error: {_printable(shorten(message, 500))}", file=self.err)
                if stop_on_error:
                    return EXIT_ERROR
                self.status_line()
        return EXIT_NO if self.state.status is Status.LOST else EXIT_OK


Line = tuple[str, "str | None"]
"""A command line read, and what makes it unreadable (None when it is fine)."""


def _printable(text: str) -> str:
    """`text` with control characters (a terminal's escape sequences) written as escapes."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


def _terminal_lines() -> Iterator[Line]:
    with contextlib.suppress(ImportError):  # not on every platform
        import readline  # noqa: F401  (line editing and history for input())
    while True:
        try:
            yield input("> "), None
        except EOFError:
            print()
            return
        except UnicodeDecodeError:
            yield "", f"that line is not text in the terminal's encoding ({sys.stdin.encoding})"


def _script_lines(stream: BinaryIO, encoding: str, out: TextIO | None = None) -> Iterator[Line]:
    """Lines of a script, read as bytes so that none is too long or undecodable to report.

    `out` is flushed before each line is read, so that a program driving the game through
    pipes sees the board before it answers.
    """
    number = 0
    while True:
        if out is not None:
            out.flush()
        data = stream.readline(MAX_LINE + 1)
        if not data:
            return
        number += 1
        if len(data) > MAX_LINE and not data.endswith(b"\n"):
            while (rest := stream.readline(1 << 16)) and not rest.endswith(b"\n"):
                pass  # skip the rest of the line, without holding it
            yield _shown(data), f"line {number} is longer than {MAX_LINE:,} bytes"
            continue
        try:
            yield data.decode(encoding), None
        except UnicodeDecodeError as error:
            problem = f"line {number} is not {encoding} text (byte {error.start + 1})"
            yield _shown(data), problem


def _shown(data: bytes) -> str:
    """The start of an unreadable line, for the echo: bytes that are not UTF-8 escaped."""
    return data[: QUOTE * 4].decode("utf-8", "backslashreplace")


def _input_lines() -> Iterator[Line]:
    stdin = sys.stdin
    if stdin is None:
        return iter(())
    buffer = getattr(stdin, "buffer", None)
    if buffer is None:  # a text stream without bytes beneath (replaced by a caller)
        return ((line, None) for line in stdin)
    return _script_lines(buffer, stdin.encoding or "utf-8", sys.stdout)


def run(args: argparse.Namespace) -> int:
    """``pyramid13 play``."""
    source = load_source(args, random_default=True)
    session = Session(
        source.state,
        source.description,
        out=sys.stdout,
        err=sys.stderr,
        player=None if args.player is None else argument_text(args.player),
        style=choose_style(sys.stdout, args.color),
    )
    interactive = sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty()
    lines = _terminal_lines() if interactive else _input_lines()
    return session.run(lines, echo=not interactive, stop_on_error=args.stop_on_error)
