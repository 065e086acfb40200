"""``pyramid13 spider``: the same commands for Spider Solitaire (``play``, ``show``,
``solve``, ``stats``), chosen with ``--preset``, ``--suits`` and a deal."""

from __future__ import annotations

import argparse
import datetime
import random
import re
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from .. import spider
from .._base.bots import Bot
from .._base.errors import Pyramid13Error
from .._base.status import Status
from .._base.text import describe, shorten
from ..records import GameRecord, RecordMetadata
from ..spider.solver import DEFAULT_NODE_LIMIT
from ..svg import to_svg
from ._common import (
    EXIT_ERROR,
    EXIT_NO,
    EXIT_OK,
    CliError,
    Parser,
    _read_text,
    add_limit_arguments,
    argument_text,
    display_path,
    natural,
    positive_float,
)
from ._play import QUOTE, Line, _input_lines, _printable, _terminal_lines
from ._solve import report
from ._stats import PLAYER_EPILOG, add_run_arguments, measure
from ._style import PLAIN, Style, add_color_argument, choose_style

__all__ = ["add_parser"]

HELP = """\
commands (case does not matter):
  3:2>7          move the top 2 cards of pile 3 onto pile 7
  3 7            move from pile 3 onto pile 7 (the longest unit that fits)
  5              play move number 5 of the list under the board
  d, deal        deal a row from the stock
  r 4, remove 4  lift the complete run off pile 4 (rules that do not do it themselves)
  u, undo [N]    take back the last move (or N moves)
  h, hint        suggest a move (from spider.hint, which knows every card)
  b, board       draw the board again
  save FILE      save the game (JSON), to resume with 'load' or 'spider play FILE'
  load FILE      load a saved game, a layout code or a position code
  help, ?        this help
  q, quit        stop (also end of input)"""

_NUMBER = re.compile(r"[0-9]+")
_PILES = re.compile(r"([0-9]{1,2})\s+([0-9]{1,2})")
#: The built-in players of ``spider stats``, the default first.
PLAYERS = ("solver", "greedy", "random", "sampling", "planner", "replan", "rollout")


# -- the deal ---------------------------------------------------------------------------


def _add_rules(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--preset",
        choices=spider.RuleSet.preset_names(),
        help="the rules (default: bicycle)",
    )
    parser.add_argument(
        "--suits", type=int, choices=(1, 2, 4), help="how many suits are in play (default: 4)"
    )


def _add_source(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help="a saved game (JSON), a Spider layout code or a position code ('-' for standard "
        "input)",
    )
    _add_rules(parser)
    deal = parser.add_mutually_exclusive_group()
    deal.add_argument("--seed", type=natural, help="deal the seeded deal (default: a random seed)")
    deal.add_argument(
        "--pysolfc",
        type=natural,
        metavar="N",
        help="deal PySolFC's Spider game number N (presets pysolfc, relaxed, open)",
    )
    deal.add_argument("--code", metavar="TEXT", help="a Spider layout code or position code")


def _rules(args: argparse.Namespace) -> spider.RuleSet | None:
    if args.preset is None and args.suits is None:
        return None
    return _preset(args)


def _from_text(text: str, rules: spider.RuleSet | None, name: str) -> spider.GameState:
    stripped = text.strip()
    try:
        if stripped.startswith("{"):
            if rules is not None:
                raise CliError(
                    f"{name} is a saved game with its own rules: leave out --preset and --suits"
                )
            state = GameRecord.from_json(stripped).replay()
            if not isinstance(state, spider.GameState):
                raise CliError(f"{name} is a Pyramid game: play it with 'pyramid13 play'")
            return state
        if "|" in stripped and len(stripped.split()) > 10:
            layout = spider.Layout.parse(stripped)
            rules = rules or spider.RuleSet.preset("bicycle", suits=layout.suits)
            return spider.GameState.new(layout, rules)
        return spider.GameState.from_string(stripped, rules)
    except Pyramid13Error as error:
        raise CliError(f"{name}: {error}") from None


def load_deal(args: argparse.Namespace) -> tuple[spider.GameState, str]:
    """The state the arguments ask for, and a description of it for the player."""
    rules = _rules(args)
    if args.file is not None and (args.seed, args.pysolfc, args.code) != (None, None, None):
        raise CliError("give either FILE or one of --seed, --pysolfc, --code")
    if args.file is not None:
        name = "standard input" if args.file == "-" else display_path(args.file)
        return _from_text(_read_text(args.file), rules, name), name
    if args.code is not None:
        return _from_text(argument_text(args.code), rules, "--code"), "the code given"
    rules = rules or spider.RuleSet()
    if args.pysolfc is not None:
        if rules.shape is not spider.DealShape.PYSOLFC:
            raise CliError(
                f"PySolFC's deals have the pysolfc shape: use --preset pysolfc, relaxed or "
                f"open, not {args.preset or 'bicycle'}"
            )
        try:
            layout = spider.Layout.from_pysolfc(args.pysolfc, suits=rules.suits)
        except Pyramid13Error as error:
            raise CliError(f"--pysolfc: {error}") from None
        if set(layout.suit_set) != set(rules.suit_set):  # pragma: no cover - presets agree
            raise CliError("the preset's suits are not PySolFC's")
        return spider.GameState.new(layout, rules), f"PySolFC game {args.pysolfc}"
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    return spider.GameState.new(spider.Layout.shuffled(seed, rules), rules), f"seed {seed}"


def _name(rules: spider.RuleSet) -> str:
    return f"{rules.preset_name or 'custom rules'}, {rules.suits} suit(s)"


def _preset(args: argparse.Namespace) -> spider.RuleSet:
    return spider.RuleSet.preset(args.preset or "bicycle", suits=args.suits or 4)


# -- the board ------------------------------------------------------------------------------


def _unit(face_up: tuple[Any, ...]) -> int:
    """How many top cards of a pile form one unit (one suit, descending by one)."""
    size = 1 if face_up else 0
    for index in range(len(face_up) - 1, 0, -1):
        lower, upper = face_up[index - 1], face_up[index]
        if lower.suit is not upper.suit or lower.value != upper.value + 1:
            break
        size += 1
    return size


def board(state: spider.GameState, style: Style = PLAIN) -> str:
    """The table as text: like ``str(state)``, with a ``*`` after each movable card (the
    cards of each pile's top unit), and suit symbols and colours in a fancy `Style`."""
    piles = state.piles
    height = max(max(len(pile) for pile in piles), 1)
    lines = ["".join(f"{number:>5}" for number in range(1, 11))]
    for row in range(height):
        line = ""
        for pile in piles:
            down = len(pile.face_down)
            index = row - down
            if row < down:
                line += style.paint(f"{'##':>5}", dim=True)
            elif index < len(pile.face_up):
                movable = index >= len(pile.face_up) - _unit(pile.face_up)
                card = style.card(pile.face_up[index], marked=movable, mark="*")
                line += " " * (3 - movable) + card  # right-aligned in 5 characters
            elif row == 0:
                line += style.paint(f"{'--':>5}", dim=True)
            else:
                line += " " * 5
        lines.append(line.rstrip())
    deals = state.deals_left
    stock = f"stock: {deals} deal(s) left ({len(state.stock)} cards)" if deals else "stock: empty"
    removed = " ".join(map(style.suit, state.runs_removed))
    runs = f"runs removed: {len(state.runs_removed)}/8" + (f" ({removed})" if removed else "")
    lines.append(stock)
    lines.append(f"{runs}, score {state.score}, {state.status.value}")
    lines.append("(* marks the cards that can move)")
    return "\n".join(lines)


# -- play -------------------------------------------------------------------------------


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)


class Session:
    """One Spider game at the terminal: reads commands, prints the board and messages."""

    def __init__(
        self,
        state: spider.GameState,
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
        self.started = _now()

    def say(self, text: str) -> None:
        print(text, file=self.out)

    def show(self) -> None:
        state = self.state
        self.say(board(state, self.style))
        moves = state.legal_moves()
        if moves:
            self.say("moves: " + "  ".join(f"{i}) {move}" for i, move in enumerate(moves, 1)))
        elif state.status is Status.WON:
            self.say("You won! Undo (u), save (save FILE) or quit (q).")
        else:
            self.say("No move is left: the game is lost. Undo (u) or quit (q).")

    def status_line(self) -> None:
        state = self.state
        self.say(
            f"{state.deals_left} deal(s) left, {len(state.runs_removed)}/8 runs removed, "
            f"score {state.score}, {state.status.value}"
        )

    def play(self, move: spider.Move | str) -> None:
        self.state = self.state.apply(move)
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
        elif word in ("d", "deal"):
            self.play(spider.Move.DEAL)
        elif word in ("r", "remove") and rest:
            self.play(f"remove {rest}")
        elif word in ("u", "undo"):
            self.undo(rest)
        elif word in ("h", "hint"):
            self.give_hint()
        elif word in ("b", "board"):
            self.show()
        elif word == "save":
            self.save(rest)
        elif word == "load":
            self.load(rest)
        elif _NUMBER.fullmatch(line.strip()):
            moves = self.state.legal_moves()
            number = int(word) if len(word) <= 9 else 0
            if not 1 <= number <= len(moves):
                raise CliError(
                    f"there is no move {shorten(word, 20)}; the moves are numbered 1 to "
                    f"{len(moves)}"
                )
            self.play(moves[number - 1])
        elif (match := _PILES.fullmatch(line.strip())) is not None:
            self.between(int(match.group(1)), int(match.group(2)))
        else:
            try:
                move = spider.Move.parse(line)
            except Pyramid13Error:
                raise CliError(
                    f"unknown command {describe(line.strip(), QUOTE)}; type 'help' for the list"
                ) from None
            self.play(move)
        return True

    def between(self, source: int, target: int) -> None:
        units = [
            move
            for move in self.state.legal_moves()
            if move.is_unit and move.source == source - 1 and move.target == target - 1
        ]
        if not units:
            raise CliError(f"no cards of pile {source} can go onto pile {target}")
        self.play(max(units, key=lambda move: move.count or 0))

    def undo(self, count_text: str) -> None:
        count = 1
        history = len(self.state.history)
        if count_text:
            if not _NUMBER.fullmatch(count_text) or not count_text.strip("0"):
                raise CliError(
                    f"undo takes a number of moves >= 1, not {describe(count_text, QUOTE)}"
                )
            count = int(count_text) if len(count_text) <= 9 else history + 1
        if count > history:
            raise CliError(f"cannot undo {count} move(s): only {history} played")
        for _ in range(count):
            self.state = self.state.undo(penalty=True)
        self.say(f"undid {count} move(s)")
        self.show()

    def give_hint(self) -> None:
        move = spider.hint(self.state)
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
        self.state = _from_text(_read_text(path), None, display_path(path))
        self.description = display_path(path)
        self.say(f"loaded {self.description}")
        self.show()

    def run(self, lines: Iterator[Line], *, echo: bool, stop_on_error: bool) -> int:
        """Read commands until quit or the end of input; returns the exit status."""
        self.say(f"Spider: {self.description}, {_name(self.state.rules)}")
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


def _play(args: argparse.Namespace) -> int:
    state, description = load_deal(args)
    interactive = sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty()
    session = Session(
        state,
        description,
        out=sys.stdout,
        err=sys.stderr,
        player=None if args.player is None else argument_text(args.player),
        style=choose_style(sys.stdout, args.color),
    )
    lines = _terminal_lines() if interactive else _input_lines()
    return session.run(lines, echo=not interactive, stop_on_error=args.stop_on_error)


# -- show -------------------------------------------------------------------------------


def _show(args: argparse.Namespace) -> int:
    if (args.highlight or args.title or args.scale) and not args.svg:
        raise CliError("--highlight, --title and --scale go with --svg")
    state, description = load_deal(args)
    if args.position_code:
        print(state.to_string())
        return EXIT_OK
    if args.svg:
        title = None if args.title is None else argument_text(args.title)
        try:
            highlight = None if args.highlight is None else spider.Move.parse(args.highlight)
            picture = to_svg(state, highlight=highlight, title=title, scale=args.scale or 1)
        except Pyramid13Error as error:
            raise CliError(f"--svg: {error}") from None
        data = (picture + "\n").encode("utf-8")
        if args.svg == "-":
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            return EXIT_OK
        try:
            with open(args.svg, "wb") as file:
                file.write(data)
        except OSError as error:
            raise CliError(
                f"cannot write {display_path(args.svg)}: {error.strerror or error}"
            ) from None
        print(f"wrote {display_path(args.svg)}")
        return EXIT_OK
    print(f"Spider: {description}, {_name(state.rules)}")
    print(board(state))
    print("moves: " + (" ".join(map(str, state.legal_moves())) or "none"))
    print(f"position code: {state.to_string()}")
    return EXIT_OK


# -- solve and stats --------------------------------------------------------------------


def _solve(args: argparse.Namespace) -> int:
    state, description = load_deal(args)
    result = spider.solve(state, node_limit=args.node_limit, time_limit=args.time_limit)
    data = {
        "source": description,
        "rules": state.rules.to_dict(),
        "position": state.to_string(),
    }
    return report(
        result, f"Spider: {description}, {_name(state.rules)}", data if args.json else None
    )


def _stats(args: argparse.Namespace) -> int:
    rules = _preset(args)
    suits = f"{rules.suits} suit{'s' * (rules.suits != 1)}"
    return measure(args, rules, f"Spider {rules.preset_name}, {suits}", _built_in, "spider stats")


def _built_in(name: str, seed: int) -> str | Bot:
    if name == "greedy":
        return spider.GreedyBot()
    if name == "random":
        return spider.RandomBot(seed)
    if name == "sampling":
        return spider.SamplingBot(seed=seed)
    if name == "planner":
        return spider.PlannerBot(seed=seed)
    if name == "replan":
        return spider.ReplanBot(seed=seed)
    if name == "rollout":
        return spider.RolloutBot(seed=seed)
    return name


# -- the parser -------------------------------------------------------------------------


def add_parser(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Register ``spider`` and its commands."""
    parser = subparsers.add_parser(
        "spider",
        help="Spider Solitaire: play, show, solve and measure deals",
        description="Spider Solitaire with the same commands as Pyramid: play, show, "
        "solve, stats. Choose the rules with --preset and --suits, and the deal with "
        "--seed, --pysolfc, --code or a FILE.",
    )
    commands = parser.add_subparsers(title="commands", dest="spider_command", metavar="COMMAND")
    commands.required = True

    play = commands.add_parser(
        "play",
        help="play a game interactively (or from a script on stdin)",
        description="Play Spider in the terminal. Type a command after the board and press "
        "Enter; 'help' lists them. Commands can also come from a script on standard input, "
        "one per line; the exit status is then 0 when the session ends with the game won "
        "or still going, 1 when it ends lost.",
        epilog=HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_source(play)
    play.add_argument("--player", metavar="NAME", help="the player's name, kept in saved games")
    add_color_argument(play)
    play.add_argument(
        "--stop-on-error",
        action="store_true",
        help="end the session with exit status 2 at the first bad command (for scripts)",
    )
    play.set_defaults(run=_play)

    show = commands.add_parser(
        "show",
        help="draw a position as text or SVG",
        description="Draw a Spider position: as text with its legal moves and position "
        "code (the default), as the position code alone (--code-only), or as SVG (--svg).",
    )
    _add_source(show)
    output = show.add_mutually_exclusive_group()
    output.add_argument(
        "--svg", metavar="FILE", help="write an SVG picture to FILE ('-' for standard output)"
    )
    output.add_argument(
        "--code-only",
        dest="position_code",
        action="store_true",
        help="print only the position code",
    )
    show.add_argument("--highlight", metavar="MOVE", help="with --svg: highlight this move")
    show.add_argument("--title", metavar="TEXT", help="with --svg: a caption above the picture")
    show.add_argument(
        "--scale",
        type=positive_float,
        metavar="FACTOR",
        help="with --svg: the picture's size as a factor of its natural size",
    )
    show.set_defaults(run=_show)

    solve = commands.add_parser(
        "solve",
        help="decide whether a deal can be won, knowing every card",
        description="Search a Spider deal (or any position) for a win with every card "
        "known (spider.solve): print the verdict and the winning moves, numbered. Exit "
        "status 0 when winnable, 1 when not, 3 when a limit was reached first.",
    )
    _add_source(solve)
    add_limit_arguments(solve, DEFAULT_NODE_LIMIT, "expanding")
    solve.add_argument("--json", action="store_true", help="print the result as JSON")
    solve.set_defaults(run=_solve)

    stats = commands.add_parser(
        "stats",
        help="measure a win rate over many seeded deals",
        description="Play the deals spider.Layout.shuffled(S, rules), S+1, ... with a player "
        "and print the win rate with its 95 % confidence interval (Wilson), and what the "
        "player knew: thoughtful (the solver, which sees every card) or honest, no undo "
        "(the bots greedy, random, sampling, planner, replan and rollout, which see only what "
        "a player sees).",
        epilog=PLAYER_EPILOG,
    )
    _add_rules(stats)
    add_run_arguments(stats, PLAYERS, DEFAULT_NODE_LIMIT, "expanding")
    stats.set_defaults(run=_stats)
