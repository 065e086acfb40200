"""``play``: an interactive game in the terminal, also drivable through stdin, for every
game: the loop is written once, and what differs (the board, the status line, the commands
of the game's own) comes from its `GameHooks`.

Layer: generic (`pyramid13.cli`): reaches a game only through the registry.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import random
import re
import sys
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, TextIO

from .._base.errors import Pyramid13Error
from .._base.status import Status
from .._base.text import describe, shorten
from .._timeline import Timeline
from ..records import GameRecord, RecordMetadata
from ._common import (
    EXIT_ERROR,
    EXIT_NO,
    EXIT_OK,
    NUL_IN_NAME,
    CliError,
    Parser,
    add_source_arguments,
    argument_text,
    display_path,
    load_source,
    plural,
    read_game_file,
)
from ._deal import add_deal_options, winnable_dealer, winnable_source
from ._games import GameHooks, hooks_for
from ._style import PLAIN, Style, add_color_argument, choose_style

__all__ = ["Session", "add_parser", "run"]

#: The longest command line read from a script, in bytes.
MAX_LINE = 10_000
#: Quoted commands (echoes, errors) are cut to this many characters.
QUOTE = 60
_NUMBER = re.compile(r"[0-9]+")  # ASCII digits: '²' and '①' are not move numbers

DESCRIPTION = f"""\
Play {{title}} in the terminal.
Type a command after the board and press Enter; 'help' lists them. Commands can also
come from a script through standard input, one per line (blank lines and lines starting
with '#' are skipped; a line longer than {MAX_LINE:,} bytes, or not text in the terminal's
encoding, is a bad command); the exit status is then 0 when the session ends with the
game won or still going, 1 when it ends lost. 'quit', 'new', 'restart' and 'load' ask
before they drop moves played since the game was last saved (or loaded); the next line
answers, and the end of the input answers yes. A script's end of input ends the
session without asking; on a terminal, Ctrl-D asks as 'quit' does."""


def add_parser(subparsers: argparse._SubParsersAction[Parser], hooks: GameHooks) -> None:
    """Register ``play`` for the game of `hooks`."""
    parser = subparsers.add_parser(
        "play",
        help="play a game interactively (or from a script on stdin)",
        description=DESCRIPTION.format(title=hooks.game.title),
        epilog=hooks.help,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_source_arguments(parser, hooks, what="the game")
    add_deal_options(parser.add_argument_group("a winnable deal"))
    parser.add_argument("--player", metavar="NAME", help="the player's name, kept in saved games")
    add_color_argument(parser)
    parser.add_argument(
        "--stop-on-error",
        action="store_true",
        help="end the session with exit status 2 at the first bad command (for scripts)",
    )
    parser.set_defaults(run=run, game=hooks.game.name)


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)


class Session:
    """One game at the terminal: reads commands, prints the board and messages. What is
    the game's own (its board, status line and commands) `hooks` says. The game is a
    `Timeline`, which ``undo`` and ``redo`` step through."""

    def __init__(
        self,
        hooks: GameHooks,
        state: Any,
        description: str,
        *,
        out: TextIO,
        err: TextIO,
        player: str | None = None,
        style: Style = PLAIN,
    ) -> None:
        self.hooks = hooks
        self.timeline: Timeline[Any] = Timeline(state)
        self.description = description
        self.out = out
        self.err = err
        self.player = player
        self.style = style
        game = hooks.game
        # One hinter per game where the game has one: its searches add up over the hints.
        self.hint: Callable[[Any], Any] = game.hinter().hint
        #: ``new_deal(seed, rules) -> (state, description)``: how ``new SEED`` deals, when
        #: not as ``--seed`` does (``play --winnable`` deals winnable ones).
        self.new_deal: Callable[[int, Any], tuple[Any, str]] | None = None
        self.started = _now()
        #: The game as last saved or loaded (or begun): moves since are unsaved.
        self.saved = state
        self._lines: Iterator[Line] = iter(())
        self._echo = False

    @property
    def state(self) -> Any:
        """The state played from: the timeline's present. Setting it begins a timeline
        there (nothing to redo)."""
        return self.timeline.present

    @state.setter
    def state(self, state: Any) -> None:
        self.timeline = Timeline(state)

    # -- output -------------------------------------------------------------------------

    def say(self, text: str) -> None:
        print(text, file=self.out)

    def show(self) -> None:
        """The board, its status line, and the numbered moves (`GameHooks.listed_moves`)."""
        state = self.state
        self.say(self.hooks.board(state, self.style))
        moves = self.hooks.listed_moves(state)
        if moves:
            self.say("moves: " + "  ".join(f"{i}) {move}" for i, move in enumerate(moves, 1)))
        elif state.status is Status.WON:
            self.say("You won! Undo (u), save (save FILE), a new deal (new) or quit (q).")
        else:
            self.say("No move is left: the game is lost. Undo (u), restart, new or quit (q).")

    def status_line(self) -> None:
        self.say(self.hooks.status(self.state))

    # -- commands -----------------------------------------------------------------------

    def play(self, move: object) -> None:
        """Play `move` (a move or its text); an illegal one is refused with the game's
        reason, the state unchanged."""
        state = self.state
        reason = state.why_illegal(move)  # raises for text that is no move at all
        if reason is not None:
            raise CliError(reason)
        self.timeline = self.timeline.play(move)
        self.hooks.reset()
        self.say(f"played {self.state.last_move}")
        said = self.hooks.move_effect(self.state)
        if said:
            self.say(said)
        self.show()

    def unsaved(self) -> int:
        """The moves played since the game was last saved, loaded or begun (those that a
        quit would lose): the moves of `state` after the history it shares with `saved`."""
        state, saved = self.state, self.saved
        if state == saved and state.history == saved.history:
            return 0
        ours, theirs = state.history, saved.history
        if state.start != saved.start:
            return len(ours)
        shared = 0
        for mine, other in zip(ours, theirs, strict=False):  # the shared start
            if mine != other:
                break
            shared += 1
        return len(ours) - shared

    def confirm(self, doing: str) -> bool:
        """Whether to go on `doing` (such as "quit") when moves are unsaved: asks, and
        reads the answer from the next line; the end of input answers yes."""
        count = self.unsaved()
        if not count:
            return True
        self.say(f"{plural(count, 'move')} not saved: {doing} all the same? (y/n)")
        for line, problem in self._lines:
            text = line.strip()
            if problem is None and (not text or text.startswith("#")):
                continue
            if self._echo:
                self.say(f"> {_printable(shorten(text, QUOTE))}")
            if text == _EOF:
                return True
            if problem is None and text.lower() in ("y", "yes"):
                return True
            self.say(f"not done: {doing} was not confirmed")
            self.status_line()
            return False
        return True

    def command(self, line: str) -> bool:
        """Carry out one command line; False when the session should end.

        Raises:
            CliError, Pyramid13Error: the command was bad; the state is unchanged.
        """
        words = line.split()
        word = words[0].lower()
        rest = line.strip()[len(words[0]) :].strip()
        if word in ("q", "quit", "exit"):
            return not self.confirm("quit")
        if word in ("help", "?"):
            self.say(self.hooks.help)
        elif word in ("u", "undo"):
            self.undo(rest)
        elif word == "redo":
            self.redo(rest)
        elif word in ("h", "hint"):
            self.give_hint(rest)
        elif word == "new":
            self.new(rest)
        elif word == "restart":
            self.restart(rest)
        elif word in ("b", "board"):
            self.show()
        elif word == "save":
            self.save(rest)
        elif word == "load":
            self.load(rest)
        elif self.hooks.command(self, word, rest):
            pass
        elif _NUMBER.fullmatch(line.strip()):
            moves = self.hooks.listed_moves(self.state)
            number = int(word) if len(word) <= 9 else 0
            if not 1 <= number <= len(moves):
                raise CliError(
                    f"there is no move {shorten(word, 20)}; the moves are numbered 1 to "
                    f"{len(moves)}"
                )
            self.play(moves[number - 1])
        else:
            self.hooks.fallback(self, line)
        return True

    def undo(self, count_text: str) -> None:
        """``undo [N]``: take back the last move (or N), charging the rules' undo penalty
        where they have one (Spider under Microsoft scoring)."""
        count = _count("undo", count_text, len(self.state.history), "played")
        for _ in range(count):
            self.timeline = self.timeline.undo(penalty=True)
        self.hooks.reset()
        self.say(f"undid {plural(count, 'move')}")
        self.show()

    def redo(self, count_text: str) -> None:
        """``redo [N]``: play again the last move undone (or N), as `Timeline.redo` does."""
        count = _count("redo", count_text, len(self.timeline.redo_states), "undone")
        for _ in range(count):
            self.timeline = self.timeline.redo()
        self.hooks.reset()
        self.say(f"redid {plural(count, 'move')}")
        self.show()

    def give_hint(self, kind: str) -> None:
        """``hint``: the game's hint, saying what it knows; ``hint honest``: one from what
        the player sees alone, where the game offers one."""
        hooks = self.hooks
        kind = kind.lower()
        if kind not in ("", "honest"):
            raise CliError(f"hint takes nothing or 'honest', not {describe(kind, QUOTE)}")
        if self.state.is_over:
            self.say(f"the game is over ({self.state.status.value})")
        elif kind:
            if hooks.honest_hint_source is None:
                raise CliError(
                    f"{hooks.game.title} offers no honest hint ('hint' comes from "
                    f"{hooks.hint_source})"
                )
            move = hooks.honest_hint(self.state)
            self.say(f"honest hint: {move} (from {hooks.honest_hint_source})")
        else:
            move = self.hint(self.state)
            more = "; 'hint honest' for one from what you see" if hooks.honest_hint_source else ""
            self.say(f"hint: {move} (from {hooks.hint_source}{more})")
        self.status_line()

    def new(self, seed_text: str) -> None:
        """``new [SEED]``: a new deal under the same rules (a random one without SEED)."""
        if seed_text and not (_NUMBER.fullmatch(seed_text) and len(seed_text) <= 20):
            raise CliError(f"new takes a seed (a whole number), not {describe(seed_text, QUOTE)}")
        if not self.confirm("start a new deal"):
            return
        seed = int(seed_text) if seed_text else random.SystemRandom().randrange(1_000_000)
        if self.new_deal is not None:
            self.begin(*self.new_deal(seed, self.state.rules))
        else:
            self.begin(self.hooks.game.deal(seed, self.state.rules), f"seed {seed}")

    def restart(self, rest: str) -> None:
        """``restart``: back to the start of this deal."""
        if rest:
            raise CliError(f"restart takes nothing, not {describe(rest, QUOTE)}")
        if not self.state.history:
            raise CliError("the game is at its start already")
        if not self.confirm("restart"):
            return
        self.state = self.state.start
        self.hooks.reset()
        self.say("back to the start of the deal")
        self.show()

    def begin(self, state: Any, description: str) -> None:
        """Play `state` from now on, a new game (nothing of it unsaved)."""
        self.state = self.saved = state
        self.description = description
        self.started = _now()
        self.hooks.reset()
        self.say(self.heading())
        self.show()

    def heading(self) -> str:
        """The line that names the game: where it came from, and its rules."""
        rules = self.hooks.rules_text(self.state.rules)
        return f"{self.hooks.game.title}: {self.description}, {rules}"

    def save(self, path: str) -> None:
        if not path:
            raise CliError("save needs a file name: save FILE")
        metadata = RecordMetadata(
            player=self.player, started=self.started, finished=_now(), source=self.description
        )
        if "\0" in path:  # open() would raise ValueError
            raise CliError(f"cannot write {display_path(path)}: {NUL_IN_NAME}")
        try:
            GameRecord.from_state(self.state, metadata=metadata).save(path)
        except OSError as error:
            raise CliError(
                f"cannot write {display_path(path)}: {error.strerror or error}"
            ) from None
        self.saved = self.state
        self.say(f"saved {plural(len(self.state.history), 'move')} to {display_path(path)}")
        self.status_line()

    def load(self, path: str) -> None:
        if not path:
            raise CliError("load needs a file name: load FILE")
        state = read_game_file(path, self.hooks, None, layout_rules=self.state.rules)
        if not self.confirm("load another game"):
            return
        self.state = self.saved = state
        self.hooks.reset()
        self.description = display_path(path)
        self.say(f"loaded {self.description}")
        self.show()

    # -- the loop -----------------------------------------------------------------------

    def run(self, lines: Iterator[Line], *, echo: bool, stop_on_error: bool) -> int:
        """Read commands until quit or the end of input; returns the exit status."""
        self._lines = lines = iter(lines)
        self._echo = echo
        self.say(self.heading())
        self.show()
        for line, problem in lines:
            text = line.strip()
            if problem is None and (not text or text.startswith("#")):
                continue
            if text == _EOF:  # Ctrl-D at a terminal: as 'quit'
                if self.confirm("quit"):
                    break
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


def _count(command: str, text: str, most: int, done: str) -> int:
    """The number of moves that ``undo [N]`` or ``redo [N]`` asks for (1 without N),
    checked against the `most` moves there are to take (`done`: "played", "undone").

    Raises:
        CliError: N is no number >= 1, or more than `most`.
    """
    count = 1
    if text:
        if not _NUMBER.fullmatch(text) or not text.strip("0"):
            raise CliError(f"{command} takes a number of moves >= 1, not {describe(text, QUOTE)}")
        if len(text) > 9:
            raise CliError(f"cannot {command} {shorten(text, 20)} moves: only {most} {done}")
        count = int(text)
    if count > most:
        raise CliError(f"cannot {command} {plural(count, 'move')}: only {most} {done}")
    return count


Line = tuple[str, "str | None"]
"""A command line read, and what makes it unreadable (None when it is fine)."""

#: The line a terminal gives for Ctrl-D (the end of input, which a terminal can go on
#: reading after): no command, as it holds a control character.
_EOF = "\x04"


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
            yield _EOF, None
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
    """``play``, for the game the command names."""
    hooks = hooks_for(args.game)
    source = winnable_source(args, hooks) or load_source(args, hooks, random_default=True)
    session = Session(
        hooks,
        source.state,
        source.description,
        out=sys.stdout,
        err=sys.stderr,
        player=None if args.player is None else argument_text(args.player),
        style=choose_style(sys.stdout, args.color),
    )
    session.new_deal = winnable_dealer(args, hooks)
    interactive = sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty()
    lines = _terminal_lines() if interactive else _input_lines()
    return session.run(lines, echo=not interactive, stop_on_error=args.stop_on_error)
