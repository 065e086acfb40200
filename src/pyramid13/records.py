"""Game records: save, load and replay whole games as versioned JSON documents.

Layer: generic (a record's ``"game"`` field is the name of its game's registry entry,
`pyramid13._base.games`, which reads the rules, the deal and the moves).

A record holds the game (Pyramid or Spider), the rules, the deal (its layout code) and the
moves played, plus optional metadata such as the player's name and timestamps::

    {
      "format": "pyramid13-record",
      "version": 2,
      "game": "pyramid",
      "rules": {"passes": 3, "draw_count": 1, ...},
      "layout": "6D 5H AH JD ...",
      "moves": ["draw", "4C+9C", "QC+AS", "draw", ...],
      "metadata": {"player": "Ada", "started": "2024-05-01T10:00:00+00:00"}
    }

A game that started from a position code rather than a fresh deal stores ``"position"``
(the code) in place of ``"layout"``. A Spider game has ``"game": "spider"``, Spider rules
(`pyramid13.spider.RuleSet.to_dict`), a Spider layout or position code and Spider moves
(``"3:2>7"``, ``"deal"``). Version 1 records, written before Spider, have no ``"game"``
field and hold a Pyramid game; they still load. The format is described by a JSON Schema
shipped with the package (`record_schema`).

Loading is safe on untrusted input: the text is size-limited and read with `json` only
(nothing is ever executed); duplicate keys, ``NaN``, unknown fields and wrong types are
rejected; every move is replayed through the engine. Every problem raises
`InvalidRecordError` whose message starts with a JSON path (``$.moves[12]: ...``).

This module also reads and writes the solution format of the independent Microsoft-rules
solver pyramid-solver (``("Draw" ("4c" "9c") "Recycle" ("Kd"))``):
`parse_msc_solution` and `format_msc_solution`.

Examples:
    >>> import pyramid13 as p13
    >>> state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
    >>> state = state.apply("draw").apply("draw")
    >>> record = p13.GameRecord.from_state(state, metadata=p13.RecordMetadata(player="Ada"))
    >>> loaded = p13.GameRecord.from_json(record.to_json())
    >>> loaded == record, loaded.replay() == state, loaded.replay().history == state.history
    (True, True, True)
"""

from __future__ import annotations

import datetime
import functools
import json
import os
import re
from collections.abc import Iterable, Mapping
from importlib import resources
from typing import TYPE_CHECKING, Any, Protocol

import attrs
from typing_extensions import Self

from ._base.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidLayoutError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidRecordError,
    InvalidRulesError,
)
from ._base.games import Game, describe_value, get_game, loaded_games
from ._base.text import describe
from ._files import file_name, write_atomically

if TYPE_CHECKING:  # for the annotations only: the game is found in the registry
    from ._base.protocol import State
    from .pyramid._moves import Move

__all__ = [
    "MAX_RECORD_BYTES",
    "MAX_RECORD_MOVES",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "GameRecord",
    "RecordMetadata",
    "format_msc_solution",
    "load_game",
    "parse_msc_solution",
    "record_schema",
    "save_game",
]

RECORD_FORMAT = "pyramid13-record"
"""The ``"format"`` field of every record: ``"pyramid13-record"``."""
RECORD_VERSION = 2
"""The record format version this release writes, 2; it reads this one and version 1 (a
Pyramid game, written before records named their game)."""
MAX_RECORD_BYTES = 4_000_000
"""The largest record text read, 4,000,000 characters (or bytes); larger input is rejected
unread."""
MAX_RECORD_MOVES = 100_000
"""The most moves a record holds, 100,000; a longer game is refused when saved, never
half-written."""

_READ_VERSIONS = (1, RECORD_VERSION)
_SCHEMA_FILE = "record.schema.json"

_TIMESTAMP_KEYS = ("started", "finished")


class _Move(Protocol):
    """A move of any game, for typing: what every game's `Move` has."""

    @property
    def kind(self) -> Any:
        """The kind of move (the game's `MoveKind`)."""
        ...  # pragma: no cover


def record_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of records, versions 1 and 2, as a fresh dict.

    The loader enforces it with its own checks, so no schema library is needed; the
    schema is there for other programs and for validators such as ``jsonschema``.

    Examples:
        >>> schema = record_schema()
        >>> schema["$schema"], schema["properties"]["game"]["enum"]
        ('https://json-schema.org/draft/2020-12/schema', ['pyramid', 'spider'])
    """
    text = resources.files("pyramid13").joinpath(_SCHEMA_FILE).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@functools.cache
def _schema() -> dict[str, Any]:
    """The schema the loader checks against, read once (never handed out)."""
    return record_schema()


# -- metadata ---------------------------------------------------------------------------


def _parse_timestamp(text: str) -> datetime.datetime:
    """An ISO 8601 timestamp; a trailing ``Z`` means UTC (also on Python 3.10)."""
    if text[-1:] in ("Z", "z"):
        text = text[:-1] + "+00:00"
    return datetime.datetime.fromisoformat(text)


_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")


def _check_text(limit: int) -> Any:
    def check(instance: object, attribute: Any, value: object) -> None:
        if value is not None and (not isinstance(value, str) or len(value) > limit):
            raise InvalidRecordError(
                f"{attribute.name} must be None or text of at most {limit} characters, "
                f"not {_show(value)}"
            )
        if isinstance(value, str) and _SURROGATE_PAIR.search(value):
            # JSON writes it as two escapes, which every reader joins into one character.
            raise InvalidRecordError(
                f"{attribute.name} holds a surrogate pair as two code points, which JSON "
                f"cannot keep apart; use the character itself: {_show(value)}"
            )

    return check


def _check_time(instance: object, attribute: Any, value: object) -> None:
    if value is not None and not isinstance(value, datetime.datetime):
        raise InvalidRecordError(f"{attribute.name} must be None or a datetime, not {_show(value)}")
    if value is not None:
        try:
            _portable(value)
        except OverflowError:
            raise InvalidRecordError(
                f"{attribute.name} cannot be saved: its UTC offset is not a whole number of "
                f"minutes, and in UTC it falls outside the years 1 to 9999: {value}"
            ) from None


def _portable(value: datetime.datetime) -> datetime.datetime:
    """`value`, in UTC if its offset is not whole minutes (RFC 3339 has no seconds, and
    Python before 3.12 reads a fraction of a second in an offset as 0)."""
    offset = value.utcoffset()
    if offset is None or not offset % datetime.timedelta(minutes=1):
        return value
    return value.astimezone(datetime.timezone.utc)


@attrs.frozen
class RecordMetadata:
    """Optional facts about a recorded game; they never change how it replays.

    Examples:
        >>> import datetime
        >>> RecordMetadata(player="Ada", started=datetime.datetime(2024, 5, 1)).to_dict()
        {'player': 'Ada', 'started': '2024-05-01T00:00:00'}
    """

    player: str | None = attrs.field(default=None, validator=_check_text(200))
    """Who played."""
    started: datetime.datetime | None = attrs.field(default=None, validator=_check_time)
    """When the game started."""
    finished: datetime.datetime | None = attrs.field(default=None, validator=_check_time)
    """When the game ended, or was saved unfinished."""
    source: str | None = attrs.field(default=None, validator=_check_text(200))
    """Where the deal came from, such as ``"seed 7"`` or ``"PySolFC 123"``."""
    comment: str | None = attrs.field(default=None, validator=_check_text(10_000))
    """Free text."""

    def to_dict(self) -> dict[str, str]:
        """The facts that are set, as JSON-ready text (timestamps in ISO 8601; one whose UTC
        offset is not whole minutes is written in UTC, the same instant).

        Examples:
            >>> RecordMetadata(player="Ada", source="seed 7").to_dict()
            {'player': 'Ada', 'source': 'seed 7'}
        """
        data: dict[str, str] = {}
        for field in attrs.fields(RecordMetadata):
            value = getattr(self, field.name)
            if value is not None:
                data[field.name] = (
                    _portable(value).isoformat() if field.name in _TIMESTAMP_KEYS else value
                )
        return data

    @classmethod
    def from_dict(cls, data: object) -> Self:
        """Read what `to_dict` writes.

        Args:
            data: the metadata object of a record, as `json.loads` returns it.

        Raises:
            InvalidRecordError: an unknown key or a bad value (the path starts at ``$``).

        Examples:
            >>> data = {"player": "Ada", "started": "2024-05-01T10:00Z"}
            >>> RecordMetadata.from_dict(data).started
            datetime.datetime(2024, 5, 1, 10, 0, tzinfo=datetime.timezone.utc)
            >>> RecordMetadata.from_dict({"rating": 5})
            Traceback (most recent call last):
            ...
            pyramid13.InvalidRecordError: $.rating: unknown field; known fields: player, ...
        """
        _validate(data, _schema()["properties"]["metadata"], "$")
        assert isinstance(data, dict)
        values: dict[str, Any] = dict(data)
        for key in _TIMESTAMP_KEYS:
            if key in values:
                values[key] = _parse_timestamp(values[key])
        return cls(**values)


# -- records ----------------------------------------------------------------------------


def _game_of_state(value: object) -> Game | None:
    """The registered game whose GameState `value` is, or None."""
    for game in loaded_games():
        if isinstance(value, game.state_type):
            return game
    return None


def _check_start(instance: GameRecord, attribute: Any, value: Any) -> None:
    if _game_of_state(value) is None:
        raise InvalidRecordError(
            f"start must be a GameState of either game, not {describe_value(value, 40)}"
        )
    if value.previous is not None:
        raise InvalidRecordError(
            "start must be the first state of a game (use GameRecord.from_state to record "
            "a game up to some state)"
        )


def _to_tuple(moves: Iterable[_Move]) -> tuple[_Move, ...]:
    # Runs before the validator: anything that is not iterable goes to it unchanged.
    return tuple(moves) if isinstance(moves, Iterable) else moves


def _check_moves(instance: GameRecord, attribute: Any, value: Any) -> None:
    game = _game_of_state(instance.start)
    assert game is not None  # the start was checked first
    kind = game.move_type
    if not isinstance(value, tuple) or not all(isinstance(move, kind) for move in value):
        raise InvalidRecordError(
            f"moves must be a tuple of {game.type_name(kind)}, not {_show(value)}"
        )


def _check_metadata(instance: GameRecord, attribute: Any, value: Any) -> None:
    if not isinstance(value, RecordMetadata):
        raise InvalidRecordError(f"metadata must be a RecordMetadata, not {_show(value)}")


@attrs.frozen
class GameRecord:
    """A whole game of Pyramid or Spider: the state it started from, the moves played and
    some metadata.

    Building a record replays its moves, so a record always describes a legal game;
    `replay` returns the final state with its whole history (undo works all the way back).
    A Spider record holds ``pyramid13.spider`` states and moves; `game` tells which.

    Raises:
        InvalidRecordError: a move is illegal where it is played (the message names it as
            ``$.moves[i]``), or a field has the wrong type.

    Examples:
        >>> from pyramid13 import GameState, Layout, Move
        >>> start = GameState.new(Layout.shuffled(1))
        >>> record = GameRecord(start, (Move.parse("KC"), Move.parse("draw")))
        >>> record.replay() == start.apply("KC").apply("draw")
        True
        >>> GameRecord(start, (Move.parse("KS"),))
        Traceback (most recent call last):
        ...
        pyramid13.InvalidRecordError: $.moves[0]: KS is not legal here: KS is not exposed

        A Spider game is recorded the same way:

        >>> from pyramid13 import spider
        >>> rules = spider.RuleSet.preset("pysolfc")
        >>> start = spider.GameState.new(spider.Layout.from_pysolfc(1), rules)
        >>> record = GameRecord(start, (spider.Move.parse("4:1>8"), spider.Move.DEAL))
        >>> record.game, record.replay().deals_left
        ('spider', 4)
    """

    start: State[Any] = attrs.field(validator=_check_start)
    """The start of the game: usually ``GameState.new(layout, rules)``."""
    moves: tuple[Any, ...] = attrs.field(default=(), converter=_to_tuple, validator=_check_moves)
    """The moves played, in order."""
    metadata: RecordMetadata = attrs.field(factory=RecordMetadata, validator=_check_metadata)
    """Optional facts about the game."""
    _final: State[Any] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        state: Any = self.start
        for index, move in enumerate(self.moves):
            try:
                state = state.apply(move)
            except IllegalMoveError as error:
                raise InvalidRecordError(str(error), f"$.moves[{index}]") from None
        object.__setattr__(self, "_final", state)

    @classmethod
    def from_state(cls, state: State[Any], *, metadata: RecordMetadata | None = None) -> Self:
        """The record of the game that led to `state`: its start and the moves since.

        A state made by `determinize` is a whole game too: its record starts from the deal
        its past starts from. When its observation has no such deal (a game begun from a
        position code, say), the start is the sampled position (saved as a position code)
        and the moves are those played from it.

        Args:
            state: any state of a game of either kind; the record ends there.
            metadata: facts to keep with the game (none by default).

        Examples:
            >>> from pyramid13 import GameState, Layout, Move
            >>> state = GameState.new(Layout.shuffled(1)).apply("KC").apply("draw")
            >>> record = GameRecord.from_state(state)
            >>> record.moves, record.start == GameState.new(Layout.shuffled(1))
            ((Move.parse('KC'), Move.parse('draw')), True)

        Raises:
            InvalidArgumentError: `state` is not a GameState.
        """
        if _game_of_state(state) is None:
            raise InvalidArgumentError(
                f"state must be a GameState of either game, not {describe_value(state)}"
            )
        moves: list[Any] = []
        start: Any = state
        while start.previous is not None:
            moves.append(start.last_move)
            start = start.previous
        moves.reverse()
        return cls(start, tuple(moves), metadata or RecordMetadata())

    @property
    def game(self) -> str:
        """``"pyramid"`` or ``"spider"``: the game the record holds (its ``"game"`` field)."""
        game = _game_of_state(self.start)
        assert game is not None  # checked when the record was built
        return game.name

    @property
    def rules(self) -> Any:
        """The rules of the game."""
        return self.start.rules

    @property
    def layout(self) -> Any:
        """The deal (for a game started from a position code, see `GameState.layout`)."""
        return self.start.layout

    @property
    def from_deal(self) -> bool:
        """True when the game started from a fresh deal of `layout`, False when it started
        from some other position (saved as a position code)."""
        start: Any = self.start
        return bool(start == type(start).new(start.layout, start.rules))

    def replay(self) -> State[Any]:
        """The final state, with the whole game as its history.

        Examples:
            >>> from pyramid13 import GameState, Layout
            >>> state = GameState.new(Layout.shuffled(1)).apply("KC").apply("draw")
            >>> final = GameRecord.from_state(state).replay()
            >>> final == state, final.undo().undo() == state.start
            (True, True)
        """
        return self._final

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict (see the module docstring).

        Raises:
            InvalidRecordError: the game has more than `MAX_RECORD_MOVES` moves, more than
                a record holds.

        Examples:
            >>> from pyramid13 import GameState, Layout
            >>> state = GameState.new(Layout.shuffled(1)).apply("KC").apply("draw")
            >>> data = GameRecord.from_state(state).to_dict()
            >>> list(data), data["moves"]
            (['format', 'version', 'game', 'rules', 'layout', 'moves', 'metadata'], ['KC', 'draw'])
        """
        if len(self.moves) > MAX_RECORD_MOVES:
            raise InvalidRecordError(
                f"the game has {len(self.moves)} moves, more than the {MAX_RECORD_MOVES} "
                "that a record holds (and that the loader reads)",
                "$.moves",
            )
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "rules": self.rules.to_dict(),
        }
        if self.from_deal:
            data["layout"] = self.layout.code
        else:
            data["position"] = self.start.to_string()
        data["moves"] = [str(move) for move in self.moves]
        data["metadata"] = self.metadata.to_dict()
        return data

    def to_json(self, *, indent: int | None = 2) -> str:
        """The record as JSON text; `from_json` reads it back.

        The text is always valid UTF-8: a lone surrogate in the metadata (such as a file
        name's undecodable byte) is written as a ``\\udcff`` escape.

        Args:
            indent: spaces per level of indentation, or None for one line.

        Raises:
            InvalidRecordError: the game has more than `MAX_RECORD_MOVES` moves.

        Examples:
            >>> from pyramid13 import GameState, Layout
            >>> record = GameRecord.from_state(GameState.new(Layout.shuffled(1)).apply("KC"))
            >>> record.to_json(indent=None)[:62]
            '{"format": "pyramid13-record", "version": 2, "game": "pyramid"'
            >>> GameRecord.from_json(record.to_json()) == record
            True
        """
        text = json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)
        return _SURROGATE.sub(lambda match: f"\\u{ord(match.group()):04x}", text)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the record to a file as UTF-8 JSON, safely.

        The whole document is built first, then written to a temporary file in the same
        folder, synced to disk and renamed over `path`: if anything fails, the file that
        was there is left as it was.

        Args:
            path: the file to write (replaced if it exists); a name, not a file descriptor.

        Raises:
            InvalidArgumentError: `path` is not a file name (an int, say).
            InvalidRecordError: the game is too long for a record (`MAX_RECORD_MOVES`).
            OSError: the file cannot be written.

        Examples:
            >>> from pyramid13 import GameState, Layout
            >>> import tempfile
            >>> record = GameRecord.from_state(GameState.new(Layout.shuffled(1)).apply("KC"))
            >>> with tempfile.TemporaryDirectory() as folder:
            ...     record.save(os.path.join(folder, "game.json"))
            ...     loaded = GameRecord.load(os.path.join(folder, "game.json"))
            >>> loaded == record
            True
        """
        name = file_name(path)
        data = (self.to_json() + "\n").encode("utf-8")
        write_atomically(name, data)

    @classmethod
    def from_dict(
        cls,
        data: object,
        *,
        policies: Mapping[str, Any] | None = None,
    ) -> Self:
        """Read a record from parsed JSON, checking everything.

        Args:
            data: the document, as `json.loads` returns it.
            policies: your own scoring policies by name, for records that use them.

        Raises:
            InvalidRecordError: anything wrong; the message starts with a JSON path.

        Examples:
            >>> from pyramid13 import GameState, Layout
            >>> record = GameRecord.from_state(GameState.new(Layout.shuffled(1)).apply("KC"))
            >>> GameRecord.from_dict(record.to_dict()) == record
            True
            >>> GameRecord.from_dict({**record.to_dict(), "moves": ["KC", "KS"]})
            Traceback (most recent call last):
            ...
            pyramid13.InvalidRecordError: $.moves[1]: KS is not legal here: KS is not exposed
        """
        if isinstance(data, dict):
            version = data.get("version")
            if type(version) is int and version not in _READ_VERSIONS:
                raise InvalidRecordError(
                    f"unsupported version {version}: this release reads versions "
                    f"{' and '.join(map(str, _READ_VERSIONS))}",
                    "$.version",
                )
        schema = _schema()
        _validate(data, schema, "$")
        assert isinstance(data, dict)
        game = _game_of(data)
        _validate(data["rules"], schema["$defs"][f"{game}_rules"], "$.rules")
        return cls._from_game(get_game(game), data, policies)

    @classmethod
    def _from_game(
        cls, game: Game, data: dict[str, Any], policies: Mapping[str, Any] | None
    ) -> Self:
        """Build a checked record of `game` (its registry entry) from its schema-valid
        document."""
        rules_type: Any = game.rules_type
        layout_type: Any = game.layout_type
        state_type: Any = game.state_type
        move_type: Any = game.move_type
        try:
            rules = rules_type.from_dict(data["rules"], policies=policies)
        except InvalidRulesError as error:
            raise InvalidRecordError(str(error), "$.rules") from None
        if "layout" in data:
            try:
                start = state_type.new(layout_type.parse(data["layout"]), rules)
            except InvalidLayoutError as error:
                raise InvalidRecordError(str(error), "$.layout") from None
        else:
            try:
                start = state_type.from_string(data["position"], rules)
            except InvalidPositionError as error:
                raise InvalidRecordError(str(error), "$.position") from None
        moves = []
        for index, text in enumerate(data["moves"]):
            try:
                moves.append(move_type.parse(text))
            except InvalidMoveError as error:
                raise InvalidRecordError(str(error), f"$.moves[{index}]") from None
        return cls(start, tuple(moves), RecordMetadata.from_dict(data.get("metadata", {})))

    @classmethod
    def from_json(
        cls,
        text: str | bytes,
        *,
        policies: Mapping[str, Any] | None = None,
    ) -> Self:
        """Read a record from JSON text, safely (see the module docstring).

        Args:
            text: the JSON document, as text or UTF-8 bytes.
            policies: your own scoring policies by name, for records that use them.

        Raises:
            InvalidRecordError: the text is too long, not JSON, or not a valid record.

        Examples:
            >>> from pyramid13 import GameState, Layout, Move
            >>> record = GameRecord.from_state(GameState.new(Layout.shuffled(1)).apply("KC"))
            >>> GameRecord.from_json(record.to_json()).moves
            (Move.parse('KC'),)
            >>> GameRecord.from_json('{"format": "pyramid13-record", "version": 3}')
            Traceback (most recent call last):
            ...
            pyramid13.InvalidRecordError: $.version: unsupported version 3: this release reads ...
        """
        if not isinstance(text, (str, bytes)):
            raise InvalidRecordError(f"a record must be JSON text, not {type(text).__name__}")
        if len(text) > MAX_RECORD_BYTES:
            raise InvalidRecordError(
                f"the record is {len(text)} long, more than the limit of {MAX_RECORD_BYTES}",
                "$",
            )
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError as error:
                raise InvalidRecordError(f"not UTF-8 text ({error.reason})", "$") from None
        try:
            data = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
        except json.JSONDecodeError as error:
            raise InvalidRecordError(
                f"not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}", "$"
            ) from None
        except (ValueError, RecursionError) as error:
            raise InvalidRecordError(f"not valid JSON: {error}", "$") from None
        return cls.from_dict(data, policies=policies)

    @classmethod
    def load(
        cls,
        path: str | os.PathLike[str],
        *,
        policies: Mapping[str, Any] | None = None,
    ) -> Self:
        """Read a record from a file (at most `MAX_RECORD_BYTES` are read).

        Args:
            path: the file to read.
            policies: your own scoring policies by name, for records that use them.

        Raises:
            InvalidArgumentError: `path` is not a file name (an int, say).
            OSError: the file cannot be read.
            InvalidRecordError: the file is not a valid record.

        Examples:
            >>> from pyramid13 import GameState, Layout
            >>> import tempfile
            >>> state = GameState.new(Layout.shuffled(1)).apply("KC")
            >>> with tempfile.TemporaryDirectory() as folder:
            ...     path = os.path.join(folder, "game.json")
            ...     GameRecord.from_state(state, metadata=RecordMetadata(player="Ada")).save(path)
            ...     record = GameRecord.load(path)
            >>> record.metadata.player, record.replay() == state
            ('Ada', True)
        """
        with open(file_name(path), "rb") as file:
            data = file.read(MAX_RECORD_BYTES + 1)
        return cls.from_json(data, policies=policies)


def save_game(
    state: State[Any],
    path: str | os.PathLike[str],
    *,
    metadata: RecordMetadata | None = None,
) -> GameRecord:
    """Save the game that led to `state` to a file; returns the record written.

    The file is replaced in one step (see `GameRecord.save`): a failed save leaves the
    file that was there untouched.

    Args:
        state: any state of the game; the record ends there.
        path: the file to write (replaced if it exists); a name, not a file descriptor.
        metadata: facts to keep with the game (none by default).

    Raises:
        InvalidArgumentError: `path` is not a file name (an int, say).
        InvalidRecordError: the game is too long for a record (`MAX_RECORD_MOVES`).
        OSError: the file cannot be written.

    Examples:
        >>> from pyramid13 import GameState, Layout, Move
        >>> import tempfile
        >>> state = GameState.new(Layout.shuffled(1)).apply("KC").apply("draw")
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     record = save_game(state, os.path.join(folder, "game.json"))
        ...     loaded = load_game(os.path.join(folder, "game.json"))
        >>> record.moves, loaded == state
        ((Move.parse('KC'), Move.parse('draw')), True)
    """
    record = GameRecord.from_state(state, metadata=metadata)
    record.save(path)
    return record


def load_game(
    path: str | os.PathLike[str],
    *,
    policies: Mapping[str, Any] | None = None,
) -> State[Any]:
    """Load a saved game: its final state, with the whole game as its history.

    Args:
        path: the file to read.
        policies: your own scoring policies by name, for records that use them.

    Raises:
        InvalidArgumentError: `path` is not a file name (an int, say).
        OSError: the file cannot be read.
        InvalidRecordError: the file is not a valid record.

    Examples:
        >>> from pyramid13 import GameState, Layout, Move
        >>> import tempfile
        >>> state = GameState.new(Layout.shuffled(1)).apply("KC").apply("draw")
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     _ = save_game(state, os.path.join(folder, "game.json"))
        ...     loaded = load_game(os.path.join(folder, "game.json"))
        >>> loaded == state, loaded.history
        (True, (Move.parse('KC'), Move.parse('draw')))
        >>> loaded.undo().undo() == state.start  # the whole game is there to undo
        True
    """
    return GameRecord.load(path, policies=policies).replay()


# -- checking parsed JSON against the schema ------------------------------------------------


def _game_of(data: dict[str, Any]) -> str:
    """The game of a schema-valid document: version 2 names it, version 1 is Pyramid."""
    if data["version"] == 1:
        if "game" in data:
            raise InvalidRecordError(
                "version 1 records have no game field (they hold Pyramid games); write "
                "version 2 to name the game",
                "$.game",
            )
        return "pyramid"
    if "game" not in data:
        raise InvalidRecordError("missing field 'game' (pyramid or spider)", "$")
    game: str = data["game"]
    return game


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise ValueError(f"duplicate key {key!r}")
        data[key] = value
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def _show(value: object) -> str:
    return describe(value, limit=40)


def _same(value: object, expected: object) -> bool:
    return _json_type(value) == _json_type(expected) and value == expected


def _validate(value: object, schema: Mapping[str, Any], path: str) -> None:
    """Check `value` against the subset of JSON Schema that the record schema uses."""
    kind = _json_type(value)
    types = schema.get("type")
    if types is not None:
        allowed = [types] if isinstance(types, str) else types
        if kind not in allowed:
            raise InvalidRecordError(
                f"expected {' or '.join(allowed)}, not {kind} {_show(value)}", path
            )
    if "const" in schema and not _same(value, schema["const"]):
        raise InvalidRecordError(f"expected {schema['const']!r}, not {_show(value)}", path)
    if "enum" in schema and not any(_same(value, option) for option in schema["enum"]):
        options = ", ".join(map(repr, schema["enum"]))
        raise InvalidRecordError(f"expected one of {options}, not {_show(value)}", path)
    if kind == "integer":
        assert isinstance(value, int)
        if "minimum" in schema and value < schema["minimum"]:
            raise InvalidRecordError(f"must be at least {schema['minimum']}, not {value}", path)
        if "maximum" in schema and value > schema["maximum"]:
            raise InvalidRecordError(f"must be at most {schema['maximum']}, not {value}", path)
    elif kind == "string":
        assert isinstance(value, str)
        if len(value) < schema.get("minLength", 0):
            raise InvalidRecordError("must not be empty", path)
        if len(value) > schema.get("maxLength", len(value)):
            raise InvalidRecordError(
                f"at most {schema['maxLength']} characters, not {len(value)}", path
            )
        if schema.get("format") == "date-time":
            try:
                _parse_timestamp(value)
            except ValueError:
                raise InvalidRecordError(
                    f"expected an ISO 8601 timestamp, not {_show(value)}", path
                ) from None
    elif kind == "array":
        assert isinstance(value, list)
        if len(value) > schema.get("maxItems", len(value)):
            raise InvalidRecordError(f"at most {schema['maxItems']} items, not {len(value)}", path)
        if "items" in schema:
            for index, item in enumerate(value):
                _validate(item, schema["items"], f"{path}[{index}]")
    elif kind == "object":
        assert isinstance(value, dict)
        _validate_object(value, schema, path)


def _validate_object(value: dict[str, Any], schema: Mapping[str, Any], path: str) -> None:
    properties: Mapping[str, Any] = schema.get("properties", {})
    required = schema.get("required", ())
    for key in required:  # in order, so a wrong "format" is named first
        if key not in value:
            raise InvalidRecordError(f"missing field {key!r}", path)
        _validate(value[key], properties[key], _step(path, key))
    alternatives = [option["required"][0] for option in schema.get("oneOf", ())]
    if alternatives:
        present = [key for key in alternatives if key in value]
        if len(present) != 1:
            names = " or ".join(map(repr, alternatives))
            problem = "missing field" if not present else "only one field of"
            raise InvalidRecordError(f"{problem} {names}", path)
    if schema.get("additionalProperties") is False:
        for key in value:
            if key not in properties:
                raise InvalidRecordError(
                    f"unknown field; known fields: {', '.join(properties)}", _step(path, key)
                )
    for key, subschema in properties.items():
        if key in value and key not in required:
            _validate(value[key], subschema, _step(path, key))


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _step(path: str, key: str) -> str:
    """The JSON path of field `key` under `path`: ``$.key``, or ``$["odd key"]``."""
    return f"{path}.{key}" if _IDENTIFIER.fullmatch(key) else f"{path}[{json.dumps(key)}]"


# -- the pyramid-solver (Microsoft rules) solution format ------------------------------------

_TOKEN = re.compile(r'\s*(?:(\()|(\))|"([^"\\]*)"|([^\s()"]+))')
_MAX_SOLUTION_LENGTH = 1_000_000


def _sexpr(text: str) -> list[Any] | None:
    """Parse one S-expression of strings and lists; None for NIL."""
    stack: list[list[Any]] = [[]]
    position = 0
    while True:
        match = _TOKEN.match(text, position)
        if match is None:
            rest = text[position:].strip()
            if rest:
                raise InvalidMoveError(
                    f"unexpected text at character {position + 1}: {_show(rest)}"
                )
            break
        position = match.end()
        opening, closing, string, word = match.groups()
        if opening:
            if len(stack) > 3:
                raise InvalidMoveError(f"lists nested too deeply at character {position}")
            stack.append([])
        elif closing:
            if len(stack) == 1:
                raise InvalidMoveError(f"unbalanced ')' at character {position}")
            done = stack.pop()
            stack[-1].append(done)
        elif string is not None:
            stack[-1].append(string)
        elif word.upper() == "NIL":
            stack[-1].append([])
        else:
            raise InvalidMoveError(f"unexpected {_show(word)} at character {position}")
    if len(stack) != 1:
        raise InvalidMoveError("a '(' is never closed")
    items = stack[0]
    if len(items) != 1 or not isinstance(items[0], list):
        raise InvalidMoveError('expected one list of steps, like ("Draw" ("4c" "9c")), or NIL')
    return items[0]


def _pyramid_move() -> Any:
    """Pyramid's `Move` (the pyramid-solver format is Pyramid's), from the registry."""
    return get_game("pyramid").move_type


def parse_msc_solution(text: str) -> tuple[Any, ...]:
    """Read a solution written by pyramid-solver, the solver behind the msc-1500 data set.

    The format is a Lisp list of steps: ``"Draw"``, ``"Recycle"``, and lists of one or two
    cards to remove, such as ``("Kd")`` or ``("4c" "9c")``. ``NIL`` (no solution) reads as
    an empty tuple. The moves are for the `microsoft` preset.

    Args:
        text: the solution, as pyramid-solver prints it.

    Examples:
        >>> from pyramid13 import Move
        >>> parse_msc_solution('("Draw" ("4c" "9c") ("Kd") "Recycle")')
        (Move.parse('draw'), Move.parse('4C+9C'), Move.parse('KD'), Move.parse('recycle'))

    Raises:
        InvalidMoveError: the text is not such a list, or a step removes cards that are
            never removed together (``("4c" "8c")``); the message names the bad step.
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"a solution must be text, not {type(text).__name__}")
    if len(text) > _MAX_SOLUTION_LENGTH:
        raise InvalidMoveError(f"a solution is at most {_MAX_SOLUTION_LENGTH} characters long")
    steps = _sexpr(text)
    move_type = _pyramid_move()
    moves = []
    for number, step in enumerate(steps or (), 1):
        if isinstance(step, str) and step.lower() in ("draw", "recycle"):
            moves.append(move_type.parse(step))
        elif isinstance(step, list) and all(isinstance(card, str) for card in step) and step:
            try:
                move = move_type.parse("+".join(step))
                get_game("pyramid").move_to_action(move)  # a solver never writes 4C+8C
            except InvalidMoveError as error:
                raise InvalidMoveError(f"step {number}: {error}") from None
            moves.append(move)
        else:
            raise InvalidMoveError(
                f'step {number}: expected "Draw", "Recycle" or a list of cards, not {_show(step)}'
            )
    return tuple(moves)


def format_msc_solution(moves: Iterable[Move]) -> str:
    """Write moves in pyramid-solver's solution format (``NIL`` when there are none).

    Args:
        moves: the moves, in order.

    Examples:
        >>> from pyramid13 import Move
        >>> format_msc_solution([Move.parse("draw"), Move.parse("4C+9C")])
        '("Draw" ("4c" "9c"))'

    Raises:
        InvalidMoveError: `moves` is not an iterable of Move values.
    """
    if isinstance(moves, (str, bytes)) or not isinstance(moves, Iterable):
        raise InvalidMoveError(f"moves must be an iterable of Move, not {type(moves).__name__}")
    move_type = _pyramid_move()
    steps = []
    for move in moves:
        if not isinstance(move, move_type):
            raise InvalidMoveError(f"expected a Move, not {_show(move)}")
        if move.is_removal:
            cards = " ".join(
                f'"{card.rank.letter}{card.suit.value.lower()}"' for card in move.cards
            )
            steps.append(f"({cards})")
        else:
            steps.append(f'"{move.kind.value.capitalize()}"')
    return f"({' '.join(steps)})" if steps else "NIL"
