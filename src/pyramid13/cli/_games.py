"""What the command line needs to know about one game: `GameHooks`, and `hooks_for`.

Layer: generic (`pyramid13.cli`). The commands (``play``, ``show``, ``solve``, ``stats``)
are written once; what differs between the games is behind one `GameHooks` object per
game: how a deal is read (the rules options, PySolFC's numbers, which code is which), how
the board and its status line are drawn, and the moves a player types that are not a move
code or a number (Pyramid's "select a card", Spider's "3 7"). The hooks reach their game
only through its registry entry (`pyramid13.get_game`), never by importing it.

A game with no hooks of its own here gets `GameHooks`: its state's text for the board,
the score and status for the status line, `Move.parse` for what is typed. The default
game (Pyramid) has its commands at the top (``pyramid13 play``); every other game under
its name (``pyramid13 spider play``).
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .._base.errors import Pyramid13Error
from .._base.games import Game, get_game
from .._base.location import CardLocation
from .._base.text import describe
from ._changes import describe_changes, place_name
from ._common import DEFAULT_GAME, CliError, command_of
from ._style import PLAIN, Style

if TYPE_CHECKING:
    from .._base.solving import SolveResult
    from ._play import Session

__all__ = [
    "DEFAULT_GAME",
    "HOOKS",
    "MARK_LEGEND",
    "GameHooks",
    "command_of",
    "hooks_for",
    "play_help",
]

#: What a ``*`` after a card means, in every game's board.
MARK_LEGEND = "(* marks the cards a move can play now)"

#: The module of each game's hooks, by game name (a game not here gets `GameHooks`).
HOOKS: Mapping[str, str] = {"pyramid": "._pyramid", "spider": "._spider"}


def play_help(own: str, *, hint: str = "", honest: str = "", command: str = "play") -> str:
    """The help of ``play``: the game's `own` commands (lines of ``"  WORDS  meaning"``),
    then those of every game. `hint` says where hints come from, `honest` where the honest
    ones do (empty: the game has none); `command` is how the game's ``play`` is typed
    after ``pyramid13``."""
    honest_line = ""
    if honest:
        honest_line = f"\n  hint honest    suggest a move from what you see alone{honest}"
    return f"""\
commands (case does not matter):
{own}
  u, undo [N]    take back the last move (or N moves)
  redo [N]       play again the last move taken back (or N moves)
  h, hint        suggest a move{hint}{honest_line}
  b, board       draw the board again
  restart        go back to the start of this deal
  new [SEED]     a new deal under the same rules (a random one, or Layout.shuffled(SEED))
  save FILE      save the game (JSON), to resume with 'load' or '{command} FILE'
  load FILE      load a saved game, a layout code or a position code
  help, ?        this help
  q, quit        stop (also end of input)
'quit', 'new', 'restart' and 'load' ask first when moves are not saved."""


GENERIC_HELP = play_help(
    """\
  MOVE           play a move, written as the game writes it
  3              play move number 3 of the list under the board"""
)


class GameHooks:
    """The command line's view of one game; a game's hooks subclass it.

    One object serves one command run (the ``play`` session keeps its own, so that hooks
    may remember what the player typed, as Pyramid's selected card).
    """

    #: The play commands listed by ``help`` and under ``play --help``.
    help = GENERIC_HELP
    #: A move as the player types it, for the help of ``--moves``.
    move_example = "MOVE MOVE"
    #: What the solver counts against its node limit: "storing" or "expanding".
    nodes = "storing"
    #: Options of this game's own that choose the rules, besides ``--preset``.
    rule_options: tuple[str, ...] = ()
    #: A setting after a preset name, for the help of ``--preset``.
    setting_example = "scoring=none"
    #: What the help of ``--pysolfc`` adds.
    pysolfc_note = ""
    #: What the help of ``--layout`` says a layout code is.
    layout_note = "every card, as str(layout) writes them (quote it)"
    #: Where ``hint`` comes from and what it knows, after "from".
    hint_source = "the game's hint"
    #: Where ``hint honest`` comes from, after "from"; None: the game offers none.
    honest_hint_source: str | None = None

    def __init__(self, game: Game) -> None:
        self.game = game
        # The game's types, typed loosely: the command line calls what every game offers.
        self.rules_type: Any = game.rules_type
        self.layout_type: Any = game.layout_type
        self.state_type: Any = game.state_type
        self.move_type: Any = game.move_type

    # -- the deal -----------------------------------------------------------------------

    def add_rule_options(self, group: argparse._ArgumentGroup) -> None:
        """Add options of the game's own that choose the rules (Spider's ``--suits``)."""

    def add_deal_options(self, group: argparse._MutuallyExclusiveGroup) -> None:
        """Add options of the game's own that choose a deal (none of the built-in games
        has one: every option that chooses a deal is every game's)."""

    def parse_rules(self, text: str) -> Any:
        """The ``--preset`` option's value: rules from their compact text."""
        if self.game.parse_rules is None:
            return self.rules_type.preset(text)
        return self.game.parse_rules(text)

    def rules_text(self, rules: Any) -> str:
        """Rules as the command line names them."""
        if self.game.format_rules is not None:
            return f"{self.game.format_rules(rules)} rules"
        return f"{rules.preset_name or 'custom'} rules"

    def stats_text(self, rules: Any) -> str:
        """Rules as the result line of ``stats`` names them."""
        return self.rules_text(rules)

    def chosen_rules(self, args: argparse.Namespace) -> Any:
        """The rules the options ask for, or None when they ask for none."""
        return args.preset

    def default_rules(self) -> Any:
        """The rules of a deal when none are asked for."""
        return self.rules_type()

    def layout_rules(self, layout: Any, current: Any = None) -> Any:
        """The rules of a layout code when none are asked for: `current` (the rules of
        the game played so far, or None) when the layout fits them, else the default."""
        return current or self.default_rules()

    def pysolfc(self, number: int, rules: Any) -> Any:
        """The start of PySolFC's deal `number` under `rules`."""
        return self.state_type.new(
            self.layout_type.from_pysolfc(number),
            rules,
        )

    def is_layout(self, text: str) -> bool:
        """Whether `text` (not a saved game) is a layout code rather than a position code.

        Raises:
            CodeError: it is neither (a word count no code has); the message follows the
                text's name.
        """
        try:
            self.layout_type.parse(text)
        except Pyramid13Error:
            return False
        return True

    # -- solve --------------------------------------------------------------------------

    def add_solve_options(
        self, parser: argparse.ArgumentParser, output: argparse._MutuallyExclusiveGroup
    ) -> None:
        """Add ``solve`` options of the game's own (Pyramid's ``--optimal``, ``--msc``)."""

    def solve_options(self, args: argparse.Namespace) -> dict[str, Any]:
        """The solver's arguments the game's own options ask for."""
        return {}

    def print_solution(self, args: argparse.Namespace, result: SolveResult[Any]) -> bool:
        """Print the result in a format of the game's own, if asked for; True when done."""
        return False

    # -- the board ----------------------------------------------------------------------

    def board(self, state: Any, style: Style = PLAIN) -> str:
        """The board as text, in `style`."""
        return str(state)

    def status(self, state: Any) -> str:
        """The status line: where the game stands."""
        return f"score {state.score}, {state.status.value}"

    def listed_moves(self, state: Any) -> list[Any]:
        """The moves listed under the board and numbered for the player (by default every
        legal move; a game may leave out moves that change nothing)."""
        return list(state.legal_moves())

    def move_effect(self, state: Any) -> str:
        """What `state`'s last move did, in words, from ``state.changes()``: cards moved,
        drawn, dealt or removed, cards turned up (empty: no change to tell)."""
        return describe_changes(state.changes(), lambda location: self.place(state, location))

    def place(self, state: Any, location: CardLocation) -> str:
        """A location's part of `state`'s table, as a sentence names it (``"pile 3"``)."""
        return place_name(location)

    def honest_hint(self, state: Any) -> Any:
        """A move suggested from what the player sees of `state` alone (called only when
        `honest_hint_source` is set, in a game not over)."""
        raise NotImplementedError  # pragma: no cover

    # -- play ---------------------------------------------------------------------------

    def reset(self) -> None:
        """Forget what the player typed towards a move (the state changed under it)."""

    def command(self, session: Session, word: str, rest: str) -> bool:
        """Carry out a command of the game's own (`word` lowercased, `rest` the words
        after it); False when `word` is none of them."""
        return False

    def fallback(self, session: Session, line: str) -> None:
        """Carry out a line that is no command: a move as the game writes it."""
        try:
            move = self.move_type.parse(line)
        except Pyramid13Error:
            raise CliError(
                f"unknown command {describe(line.strip(), 60)}; type 'help' for the list"
            ) from None
        session.play(move)


def hooks_for(name: str) -> GameHooks:
    """Fresh hooks for the game called `name` (looked up in the registry)."""
    game = get_game(name)
    module = HOOKS.get(name)
    if module is None:
        return GameHooks(game)
    hooks: type[GameHooks] = importlib.import_module(module, __package__).HOOKS
    return hooks(game)
