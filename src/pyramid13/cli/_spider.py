"""Spider on the command line: its board, status line, rules options and the commands a
player types (``3:2>7`` or ``3:2-7``, ``3 7``, ``d``, ``r 4``).

Layer: generic (`pyramid13.cli`): the game is reached through its registry entry
(``get_game("spider")``), never imported by name.
"""

from __future__ import annotations

import argparse
import re
from typing import TYPE_CHECKING, Any

from ._common import CliError, natural, plural
from ._games import MARK_LEGEND, GameHooks, play_help
from ._style import PLAIN, Style

if TYPE_CHECKING:
    from ._play import Session

__all__ = ["HELP", "HOOKS", "SpiderHooks", "board"]

HELP = play_help(
    """\
  3:2>7, 3:2-7   move the top 2 cards of pile 3 onto pile 7
  3 7            move from pile 3 onto pile 7 (the longest unit that fits)
  5              play move number 5 of the list under the board (a whole pile onto an
                 empty pile, which changes nothing, is not listed but can be typed)
  d, deal        deal a row from the stock
  r 4, remove 4  lift the complete run off pile 4 (rules that do not do it themselves)""",
    hint=" (from spider.Hinter, which sees the face-down cards)",
    honest=" (from spider.RolloutBot)",
    command="spider play",
)

_PILES = re.compile(r"([0-9]{1,3})\s+([0-9]{1,3})")
#: The piles of the table.
PILES = 10


def _changes_nothing(piles: Any, move: Any) -> bool:
    """Whether `move` lifts a whole pile, every card face up, onto an empty pile: the
    table after it is the one before, with two piles swapped."""
    if not move.is_unit:
        return False
    source, target = piles[move.source], piles[move.target]
    whole = not source.face_down and move.count == len(source.face_up)
    return whole and not target.face_down and not target.face_up


def listed_moves(state: Any) -> list[Any]:
    """The legal moves but those that change nothing (`_changes_nothing`): the moves
    ``play`` lists and numbers, and whose cards the board marks."""
    piles = state.piles
    return [move for move in state.legal_moves() if not _changes_nothing(piles, move)]


def _used(state: Any) -> list[int]:
    """For each pile, how many of its top cards a listed move plays (moves or removes)."""
    used = [0] * PILES
    for move in listed_moves(state):
        if move.is_unit:
            used[move.source] = max(used[move.source], move.count)
        elif move.pile is not None:
            used[move.pile] = max(used[move.pile], 13)
    return used


def _lower(sentence: str) -> str:
    """A sentence of the engine's, to follow a colon: its first word in lower case unless
    it names a card (``"The top 3 cards..."`` becomes ``"the top 3 cards..."``)."""
    if len(sentence) > 1 and sentence[1].islower():
        return sentence[0].lower() + sentence[1:]
    return sentence


class SpiderHooks(GameHooks):
    """Spider's board, status line, ``--suits``, and its pile commands."""

    help = HELP
    move_example = "3:1-2 deal"
    nodes = "expanding"
    rule_options = ("--suits",)
    setting_example = "suits=2"
    layout_note = "the ten piles and the stock, as str(layout) writes them (quote it)"
    hint_source = "spider.Hinter, which sees the face-down cards"
    honest_hint_source = "spider.RolloutBot, which sees only what you see"

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self._honest: Any = None  # the honest bot, made at the first honest hint

    @property
    def pysolfc_note(self) -> str:  # type: ignore[override]
        return f"; presets {self._pysolfc_presets()}"

    def _pysolfc_presets(self) -> str:
        rules = self.rules_type
        shape = rules.preset("pysolfc").shape
        names: list[str] = [n for n in rules.preset_names() if rules.preset(n).shape is shape]
        return ", ".join(names[:-1]) + " or " + names[-1]

    # -- the deal -----------------------------------------------------------------------

    def add_rule_options(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument(
            "--suits",
            type=natural,
            choices=(1, 2, 4),
            metavar="{1,2,4}",
            help="how many suits are in play, whatever --preset says (default: 4)",
        )

    def chosen_rules(self, args: argparse.Namespace) -> Any:
        rules = args.preset
        if args.suits is None:
            return rules
        if rules is None:
            return self.rules_type.preset("bicycle", suits=args.suits)
        settings = {**rules.to_dict(), "suits": args.suits}
        del settings["suit_set"]  # the shape's suits for that count
        return self.rules_type.from_dict(settings)

    def layout_rules(self, layout: Any, current: Any = None) -> Any:
        """`current` when the layout is dealt for it, else the first preset that deals it
        (a layout knows its deal shape and suits)."""
        presets = self.rules_type.preset_names()
        rules = [self.rules_type.preset(name, suits=layout.suits) for name in presets]
        for candidate in [current, *rules] if current is not None else rules:
            fits = set(candidate.suit_set) == set(layout.suit_set)
            if fits and candidate.shape is layout.shape:
                return candidate
        return rules[0]  # the error of GameState.new says what does not fit

    def pysolfc(self, number: int, rules: Any) -> Any:
        pysolfc = self.rules_type.preset("pysolfc").shape
        if rules.shape is not pysolfc:
            raise CliError(
                f"PySolFC's deals have the pysolfc shape: use --preset "
                f"{self._pysolfc_presets()}, not {rules.preset_name or 'these rules'}"
            )
        layout = self.layout_type.from_pysolfc(number, suits=rules.suits)
        return self.state_type.new(layout, rules)

    def is_layout(self, text: str) -> bool:
        return "|" in text and len(text.split()) > 10

    # -- the board ----------------------------------------------------------------------

    def rules_text(self, rules: Any) -> str:
        return f"{rules.preset_name or 'custom rules'}, {plural(rules.suits, 'suit')}"

    def stats_text(self, rules: Any) -> str:
        name = rules.preset_name or self.game.format_rules(rules)  # type: ignore[misc]
        return f"{self.game.title} {name}, {plural(rules.suits, 'suit')}"

    def board(self, state: Any, style: Style = PLAIN) -> str:
        return board(state, style)

    def status(self, state: Any) -> str:
        return (
            f"{plural(state.deals_left, 'deal')} left, {len(state.runs_removed)}/8 runs "
            f"removed, score {state.score}, {state.status.value}"
        )

    def listed_moves(self, state: Any) -> list[Any]:
        return listed_moves(state)

    def honest_hint(self, state: Any) -> Any:
        if self._honest is None:
            self._honest = self.game.bots["rollout"]()
        return self._honest.choose(state.observe())

    # -- play ---------------------------------------------------------------------------

    def command(self, session: Session, word: str, rest: str) -> bool:
        if word in ("d", "deal"):
            session.play(self.move_type.DEAL)
        elif word in ("r", "remove") and rest:
            session.play(f"remove {rest}")
        else:
            return False
        return True

    def fallback(self, session: Session, line: str) -> None:
        """``3 7``: the longest unit of pile 3 that fits on pile 7; else a move code."""
        match = _PILES.fullmatch(line.strip())
        if match is None:
            super().fallback(session, line)
            return
        source, target = int(match.group(1)), int(match.group(2))
        for number in (source, target):
            if not 1 <= number <= PILES:
                raise CliError(f"there is no pile {number}: the piles are 1 to {PILES}")
        if source == target:
            raise CliError(f"pile {source} cannot move onto itself: name two piles")
        state = session.state
        lift = state.liftable(source - 1)
        for count in range(lift, 0, -1):  # the longest unit first
            if target - 1 in state.targets(source - 1, count):
                session.play(self.move_type.unit(source - 1, count, target - 1))
                return
        reason = state.why_illegal(self.move_type.unit(source - 1, max(lift, 1), target - 1))
        raise CliError(f"no cards of pile {source} can go onto pile {target}: {_lower(reason)}")


def board(state: Any, style: Style = PLAIN) -> str:
    """The table as text: like ``str(state)``, with a ``*`` after each card that a legal
    move uses (the cards it moves, or the run it removes; a whole pile onto an empty pile
    counts for none), and suit symbols and colours in a fancy `Style`."""
    piles = state.piles
    used = _used(state)
    height = max(max(len(pile) for pile in piles), 1)
    lines = ["".join(f"{number:>5}" for number in range(1, 11))]
    for row in range(height):
        line = ""
        for number, pile in enumerate(piles):
            down = len(pile.face_down)
            index = row - down
            if row < down:
                line += style.paint(f"{'##':>5}", dim=True)
            elif index < len(pile.face_up):
                marked = index >= len(pile.face_up) - used[number]
                card = style.card(pile.face_up[index], marked=marked, mark="*")
                line += " " * (3 - marked) + card  # right-aligned in 5 characters
            elif row == 0:
                line += style.paint(f"{'--':>5}", dim=True)
            else:
                line += " " * 5
        lines.append(line.rstrip())
    deals = state.deals_left
    cards = plural(len(state.stock), "card")
    stock = f"stock: {plural(deals, 'deal')} left ({cards})" if deals else "stock: empty"
    removed = " ".join(map(style.suit, state.runs_removed))
    runs = f"runs removed: {len(state.runs_removed)}/8" + (f" ({removed})" if removed else "")
    lines.append(stock)
    lines.append(f"{runs}, score {state.score}, {state.status.value}")
    lines.append(MARK_LEGEND)
    return "\n".join(lines)


HOOKS = SpiderHooks
