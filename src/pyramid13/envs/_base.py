"""What every game's Gymnasium environment is: reset, step, masks, rewards, rendering.

Layer: generic (it reaches the game through its registry entry, `pyramid13._base.games`).
`CardGameEnv` plays any registered game: it deals with `Game.deal`, numbers moves with
`Game.action_to_move` and `Game.action_count`, encodes observations with the game's
`Game.encoding` and draws with `to_svg`. Everything an agent receives (the array, the
mask, the reward, ``terminated``, the info and the render) is that of ``state.observe()``
alone. A step does not build the observation: the encoder's ``advance`` reads what the
player sees straight from the state, and the status and legal moves are the state's
wherever they are the observation's; where the engine declares a game LOST early (Pyramid,
which knows the stock order), the encoder's ``advance_view`` gives the observation's, at
about the cost of any other step, so that the time a step takes does not give the verdict
away. `observe` builds the observation on demand.
"""

from __future__ import annotations

import copy
import importlib
import random
from typing import Any, Generic, TypeVar, cast

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from .._base.errors import InvalidArgumentError, Pyramid13Error
from .._base.games import Game, get_game
from .._base.integers import as_int
from .._base.protocol import State
from .._base.status import Status
from .._base.text import describe
from ..svg import to_svg

__all__ = [
    "END_ACTION",
    "OBSERVATION_TYPES",
    "RESET_OPTIONS",
    "REWARD_MODES",
    "CardGameEnv",
    "spawn_seeds",
]

#: The reward modes every environment accepts.
REWARD_MODES = ("score", "win")
#: The observation types every environment offers: a bare array, or PettingZoo's
#: ``{"observation": array, "action_mask": mask}``.
OBSERVATION_TYPES = ("array", "dict")
#: The keys ``reset(options=...)`` reads.
RESET_OPTIONS = ("state", "layout", "pysolfc", "deal_seed")
END_ACTION = 0
"""The one action a finished episode's mask flags, 0 (see `CardGameEnv.action_mask`)."""
_MAX_SEED = 2**64 - 1
_PLAYING, _WON, _LOST = Status.PLAYING, Status.WON, Status.LOST

StateT = TypeVar("StateT", bound="State[Any]")


def _action(value: object) -> int:
    action = as_int(value)
    if action is None:
        raise InvalidArgumentError(
            f"an action must be an int (Python's or NumPy's), not {describe(value)}"
        )
    return action


def _seed(value: object, name: str) -> int:
    seed = as_int(value)
    if seed is None or not 0 <= seed <= _MAX_SEED:
        raise InvalidArgumentError(f"{name} must be an int in 0..2**64-1, not {describe(value)}")
    return seed


def spawn_seeds(seed: int, count: int) -> list[int]:
    """`count` deal seeds for the sub-environments of a vector environment reset with
    `seed`: the first word of each of ``numpy.random.SeedSequence(seed).spawn(count)``.

    Seeds from different `seed` values are independent 64-bit draws, so vector
    environments reset with seed 7 and with seed 8 share no deal (where Gymnasium's own
    scheme, seed + i for sub-environment i, would share all but one).

    Args:
        seed: an int in ``0 .. 2**64 - 1``.
        count: how many seeds, an int >= 1.

    Raises:
        InvalidArgumentError: `seed` or `count` is not such an int.

    Examples:
        >>> seeds = spawn_seeds(7, 4)
        >>> len(set(seeds) | set(spawn_seeds(8, 4)))
        8
    """
    seed = _seed(seed, "seed")
    number = as_int(count)
    if number is None or number < 1:
        raise InvalidArgumentError(f"count must be an int >= 1, not {describe(count)}")
    children = np.random.SeedSequence(seed).spawn(number)
    return [int(child.generate_state(1, dtype=np.uint64)[0]) for child in children]


class CardGameEnv(gym.Env[Any, np.int64], Generic[StateT]):
    """A Gymnasium environment over one game of a `pyramid13` game, honest by construction.

    Everything the agent receives is that of ``state.observe()`` (the honest view), never
    of the full position: the observation array, the action mask, the reward,
    ``terminated`` (the observation's status), the info and the renders. Two games that
    look the same to the player give the same of each until a card is revealed. The full
    position is `state`, for code that may see it (a thoughtful bot, a UI); the deal's
    seed, which rebuilds every hidden card, is `deal_seed`, never in the info.

    The game is found in the registry: its entry says how to deal, number moves and
    encode observations, so one class serves every game (`PyramidEnv` and `SpiderEnv`
    only read their games' presets).

    Args:
        game: the game, by name (``"pyramid"``, ``"spider"``) or as its `Game` entry.
        rules: the game's rules, a preset's name or None (the game's `as_rules`).
        reward: ``"score"``: the change of the rule set's score at each step; ``"win"``:
            +1 when the game is won, -1 when it is lost, else 0; None (the default):
            ``"score"`` where the rules score (``rules.scoring`` is not ``"none"``), else
            ``"win"``, since the score of such rules is always 0.
        render_mode: None, ``"ansi"`` (text) or ``"svg"``.
        observation: ``"array"`` (the default): the observation is the array;
            ``"dict"``: PettingZoo's ``{"observation": array, "action_mask": mask}``.
        information_state: False (the default): the array is the game's observation
            encoding (what lies on the table); True: its information-state encoding
            (the observation and what the player has seen and still knows, as
            OpenSpiel's information-state tensor). `information_state` gives it either
            way.
        leak_deal_seed: True puts the deal's seed in the info (``info["deal_seed"]``).
            It gives every hidden card away: for debugging only, never for an agent.

    Raises:
        InvalidArgumentError: an unknown game, reward, render mode or observation type,
            or a game without an encoding.

    Examples:
        >>> from pyramid13.envs import CardGameEnv
        >>> env = CardGameEnv("spider", "microsoft", reward="win")
        >>> observation, info = env.reset(seed=1)
        >>> observation.shape, env.action_space.n, "deal_seed" in info
        ((1128,), np.int64(1181), False)
    """

    metadata = {"render_modes": ["ansi", "svg"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: Game | str,
        rules: Any = None,
        *,
        reward: str | None = None,
        render_mode: str | None = None,
        observation: str = "array",
        information_state: bool = False,
        leak_deal_seed: bool = False,
    ) -> None:
        if reward is not None and reward not in REWARD_MODES:
            raise InvalidArgumentError(
                f"reward must be None or one of {', '.join(REWARD_MODES)}, not {describe(reward)}"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidArgumentError(
                f"render_mode must be None, 'ansi' or 'svg', not {describe(render_mode)}"
            )
        if observation not in OBSERVATION_TYPES:
            raise InvalidArgumentError(
                f"observation must be 'array' or 'dict', not {describe(observation)}"
            )
        for name, flag in (("information_state", information_state), ("leak", leak_deal_seed)):
            if not isinstance(flag, bool):
                raise InvalidArgumentError(f"{name} must be True or False, not {describe(flag)}")
        self.game = game if isinstance(game, Game) else get_game(game)
        if self.game.encoding is None:
            raise InvalidArgumentError(f"{self.game.title} has no learning environment")
        # The module is not kept: an environment deep-copies (`copy.deepcopy`), a module not.
        encoding = importlib.import_module(self.game.encoding)
        self.rules = self.game.as_rules(rules)
        if reward is None:
            reward = "win" if self.rules.scoring.name == "none" else "score"
        self.reward_mode: str = reward
        """The reward mode in use: ``"score"`` or ``"win"``."""
        self._score_reward = reward == "score"
        self.render_mode = render_mode
        self.observation_type = observation
        self.uses_information_state = information_state
        self._leak = leak_deal_seed
        self._action_count: int = self.game.action_count
        self.action_space = gym.spaces.Discrete(self._action_count)
        low, high = encoding.observation_bounds(self.rules)
        info_low, info_high = encoding.information_state_bounds(self.rules)
        self.observation_slices: dict[str, slice] = encoding.observation_slices(self.rules)
        """The named parts of the observation array (the game's encoding documents them)."""
        self.information_state_slices: dict[str, slice] = encoding.information_state_slices(
            self.rules
        )
        """The named parts of the information-state array."""
        self.information_state_space = gym.spaces.Box(info_low, info_high, dtype=np.int16)
        """The space of `information_state`'s arrays."""
        array_space = (
            self.information_state_space
            if information_state
            else gym.spaces.Box(low, high, dtype=np.int16)
        )
        if observation == "dict":
            mask_space = gym.spaces.Box(0, 1, (self._action_count,), dtype=np.int8)
            self.observation_space: gym.spaces.Space[Any] = gym.spaces.Dict(
                {"observation": array_space, "action_mask": mask_space}
            )
        else:
            self.observation_space = array_space
        self._encoder: Any = encoding.Encoder(self.rules)
        self._moves = tuple(self.game.action_to_move(a) for a in range(self._action_count))
        self._action_of = {move: action for action, move in enumerate(self._moves)}
        # The engines hand out these very move objects: found by identity, without hashing.
        self._action_of_id = {id(move): action for action, move in enumerate(self._moves)}
        self._fast: Any = getattr(self._encoder, "advance", None)
        # Where the encoder also gives the honest status and moves (`advance_view`), no
        # step builds the observation, not even where the engine declares a game lost.
        self._honest: Any = getattr(self._encoder, "advance_view", None)
        # A step returns the bare array and the usual info: the fast path of `step`.
        self._plain = observation == "array" and not information_state and not leak_deal_seed
        self._set: list[int] = []  # the actions the mask flags
        self._moves_seen: Any = None  # the moves `_set` was made from, while the game is on
        self._status = Status.PLAYING
        self._score = 0
        self._state: StateT | None = None
        self._view: Any = None
        self._array: npt.NDArray[np.int16] = np.zeros(0, dtype=np.int16)
        self._mask = bytearray(self._action_count)  # the mask: 1 for each flagged action
        self._mask_view = np.frombuffer(self._mask, dtype=np.int8)  # copied for the agent
        self._over = False
        self._deal_seed: int | None = None

    # -- the position --------------------------------------------------------------------

    @property
    def state(self) -> StateT:
        """The full position of the game in progress (hidden cards included): for code
        that may see it, never for an agent."""
        if self._state is None:
            raise InvalidArgumentError("call reset() before using the environment")
        return self._state

    @property
    def deal_seed(self) -> int | None:
        """The seed of the deal in play (``Layout.shuffled(deal_seed, rules)``), or None
        for a game started from a state, a layout or a PySolFC number. It rebuilds every
        hidden card: a leak, never to be shown to an agent."""
        return self._deal_seed

    def observe(self) -> Any:
        """The honest view of the position, ``state.observe()``: all an agent may see."""
        if self._state is None:
            raise InvalidArgumentError("call reset() before using the environment")
        view = self._view
        if view is None:  # built on demand: a step reads what it needs from the state
            view = self._view = self._state.observe()
        return view

    def _start(self, state: StateT) -> None:
        self._state = state
        self._clear_mask()
        self._advance(state, self._fast(state) if self._fast is not None else None, fresh=True)

    def _advance(self, state: StateT, vector: Any, fresh: bool = False) -> None:
        """Encode `state` and set its mask, status and score. Where the game's encoder
        can read the honest view from the state (`advance`), no observation is built:
        its status and legal moves are then the observation's; elsewhere (a Pyramid game
        the engine declares LOST, where the honest view may play on) they come from
        ``state.observe()``."""
        if vector is None:
            view = state.observe()
            self._view = view
            # A new game is encoded afresh, never as a change from the last game's arrays.
            encode = self._encoder.reset if fresh else self._encoder.update
            self._array = encode(view)
            status = view.status
            self._score = view.score
            moves = view.legal_moves() if status is Status.PLAYING else ()
        else:
            self._view = None
            self._array = vector
            status = state.status
            self._score = state.score
            moves = state.legal_moves() if status is Status.PLAYING else ()
        self._status = status
        self._set_mask(status is not Status.PLAYING, moves)

    def _clear_mask(self) -> None:
        # Within a game only the entries that change are written (bytes, cheaper to write
        # than an array's), and the agent gets arrays copied from them.
        self._mask = bytearray(self._action_count)
        self._mask_view = np.frombuffer(self._mask, dtype=np.int8)
        self._set = []
        self._moves_seen = None  # the moves `_set` was made from, while the game is on

    def _set_mask(self, over: bool, moves: Any) -> None:
        self._over = over
        self._moves_seen = None if over else moves
        if over:
            legal = [END_ACTION]
        else:
            try:
                legal = list(map(self._action_of_id.__getitem__, map(id, moves)))
            except KeyError:  # an equal move, not the same object
                action_of = self._action_of
                legal = [action_of[move] for move in moves]
        if legal == self._set:  # the same actions (a run of draws, say)
            return
        mask = self._mask
        for action in self._set:
            mask[action] = 0
        for action in legal:
            mask[action] = 1
        self._set = legal

    def __deepcopy__(self, memo: dict[int, Any]) -> CardGameEnv[StateT]:
        clone = type(self).__new__(type(self))
        memo[id(self)] = clone
        for name, value in self.__dict__.items():
            clone.__dict__[name] = copy.deepcopy(value, memo)
        clone._mask_view = np.frombuffer(clone._mask, dtype=np.int8)  # a view of its own
        return clone

    # -- the Gymnasium API ---------------------------------------------------------------

    def action_mask(self) -> npt.NDArray[np.int8]:
        """1 for each legal action of the current position, else 0 (``numpy.int8``).

        Once the episode has ended (``terminated``), the mask flags exactly one action,
        `END_ACTION` (0), so a masked softmax or ``action_space.sample(mask=...)`` never
        meets an all-zero mask; stepping a finished episode with it changes nothing
        (reward 0, ``terminated`` again). Reset to play on.
        """
        self.state  # noqa: B018 (raises before reset)
        return self._mask_array()

    def _mask_array(self) -> npt.NDArray[np.int8]:
        mask: npt.NDArray[np.int8] = self._mask_view.copy()
        return mask

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """`action_mask` as booleans, under the name sb3-contrib's ``MaskablePPO`` calls."""
        self.state  # noqa: B018 (raises before reset)
        masks: npt.NDArray[np.bool_] = np.frombuffer(self._mask, dtype=np.bool_).copy()
        return masks

    def information_state(self) -> npt.NDArray[np.int16]:
        """The information-state array of the current position (see the game's encoding:
        the observation and what the player has seen and still knows)."""
        self.state  # noqa: B018 (raises before reset)
        array: npt.NDArray[np.int16] = self._encoder.information_state()
        return array

    def _observation(self) -> Any:
        if self.uses_information_state:
            array = self._encoder.information_state()
        else:
            array = self._array.copy()  # the agent may keep (or change) every array it gets
        if self.observation_type == "dict":
            return {"observation": array, "action_mask": self._mask_array()}
        return array

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        info = {
            "action_mask": self._mask_array(),  # the agent may keep or change it
            "score": self._score,
            "status": self._status.value,
            "illegal_action": illegal,
        }
        if self._leak:
            info["deal_seed"] = self._deal_seed
        return info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Start a game: ``Layout.shuffled(seed)`` when `seed` is given, else a deal drawn
        from the environment's random generator (seeded by the last seed given), so a
        sequence of resets is reproducible too.

        Args:
            seed: the deal's seed, an int (Python's or NumPy's) in ``0 .. 2**64 - 1``, or
                None; it also seeds the generator later resets draw from.
            options: where to start instead, by the first of these keys it holds:
                ``{"state": s}`` the position `s` (a state of the game under the
                environment's rules), ``{"layout": l}`` the start of layout `l`,
                ``{"pysolfc": n}`` PySolFC's deal number `n`, ``{"deal_seed": n}``
                ``Layout.shuffled(n)`` without reseeding.

        Raises:
            InvalidArgumentError: a seed is not an int in that range, `options` is not a
                dict or holds an unknown key or a value its key does not take.
        """
        if seed is not None:
            seed = _seed(seed, "seed")
        if options is not None and not isinstance(options, dict):
            raise InvalidArgumentError(
                f"options must be a dict or None, not {type(options).__name__}"
            )
        options = options or {}
        unknown = sorted(str(key) for key in options if key not in RESET_OPTIONS)
        if unknown:
            raise InvalidArgumentError(
                f"unknown reset option {unknown[0]!r} (known: {', '.join(RESET_OPTIONS)})"
            )
        super().reset(seed=seed)
        self._deal_seed = None
        if "state" in options:
            state = self._check_state(options["state"])
        elif "layout" in options:
            state = self._new_state(options["layout"], "options['layout']")
        elif "pysolfc" in options:
            number = options["pysolfc"]
            try:
                layout = self._pysolfc_layout(number)
            except Pyramid13Error as error:
                raise InvalidArgumentError(f"options['pysolfc']: {error}") from None
            state = self._new_state(layout, "options['pysolfc']")
        else:
            if "deal_seed" in options:
                deal_seed = _seed(options["deal_seed"], "options['deal_seed']")
            elif seed is not None:
                deal_seed = seed
            else:
                deal_seed = int(self.np_random.integers(0, 2**63 - 1))
            self._deal_seed = deal_seed
            state = cast(StateT, self.game.deal(deal_seed, self.rules))
        self._start(state)
        return self._observation(), self._info()

    def get_state(self) -> dict[str, Any]:
        """What `set_state` needs to put this environment (or another of the same game and
        rules) back where it is now: ``{"state": the GameState, "deal_seed": its deal's
        seed or None, "np_random": the random generator's state}``. The state is immutable
        and the dict holds no array of the environment, so it keeps; it holds the full
        position (hidden cards too): for saving a run, never for an agent. Wrappers (such
        as the step limit of ``gymnasium.make``) keep their own counters.

        Raises:
            InvalidArgumentError: `reset` was never called.

        Examples:
            >>> from pyramid13.envs import PyramidEnv
            >>> env = PyramidEnv("microsoft")
            >>> _ = env.reset(seed=3)
            >>> saved = env.get_state()
            >>> first = env.step(100)[0]
            >>> env.set_state(saved)
            >>> bool((env.step(100)[0] == first).all())
            True
        """
        state = self.state
        return {
            "state": state,
            "deal_seed": self._deal_seed,
            "np_random": dict(self.np_random.bit_generator.state),
        }

    def set_state(self, saved: dict[str, Any]) -> None:
        """Put the environment back where `get_state` saw it: the position, its deal's
        seed and the random generator (so later resets deal the same games).

        Raises:
            InvalidArgumentError: `saved` is not such a dict, or its state is not one of
                this environment's game under its rules; nothing changes.
        """
        if not isinstance(saved, dict) or set(saved) != {"state", "deal_seed", "np_random"}:
            raise InvalidArgumentError(
                "saved must be a dict from get_state(), with 'state', 'deal_seed' and "
                f"'np_random', not {describe(saved)}"
            )
        state = self._check_state(saved["state"])
        deal_seed = saved["deal_seed"]
        if deal_seed is not None:
            deal_seed = _seed(deal_seed, "saved['deal_seed']")
        generator = np.random.Generator(np.random.PCG64())
        try:
            generator.bit_generator.state = saved["np_random"]
        except (TypeError, ValueError, KeyError):
            found = describe(saved["np_random"])
            raise InvalidArgumentError(
                f"saved['np_random'] is not a PCG64 generator's state: {found}"
            ) from None
        self.np_random = generator
        self._deal_seed = deal_seed
        self._start(state)

    def _pysolfc_layout(self, number: object) -> Any:
        """The layout of PySolFC's deal `number` (each game's environment says how)."""
        return self.game.layout_type.from_pysolfc(number)  # type: ignore[attr-defined]

    def _check_state(self, state: object) -> StateT:
        if not isinstance(state, self.game.state_type):
            raise InvalidArgumentError(
                f"options['state'] must be a {self.game.title} GameState, not {describe(state)}"
            )
        checked = cast(StateT, state)
        if checked.rules != self.rules:
            raise InvalidArgumentError(
                f"options['state'] is played under other rules than this environment's "
                f"({self.game.format_rules(self.rules) if self.game.format_rules else self.rules})"
            )
        return checked

    def _new_state(self, layout: object, name: str) -> StateT:
        if not isinstance(layout, self.game.layout_type):
            raise InvalidArgumentError(
                f"{name} must be a {self.game.title} Layout, not {describe(layout)}"
            )
        try:
            return cast(StateT, self.game.state_type.new(layout, self.rules))  # type: ignore[attr-defined]
        except Pyramid13Error as error:
            raise InvalidArgumentError(f"{name}: {error}") from None

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play `action`. An illegal action leaves the position as it was, gives reward 0
        and sets ``info["illegal_action"]``; mask with `action_mask` (also in
        ``info["action_mask"]``) to avoid it. After the episode has ended, `END_ACTION`
        is the one legal action and changes nothing.

        Args:
            action: an int of the action space (Python's or NumPy's).

        Raises:
            InvalidArgumentError: `action` is not an integer (a float, a bool, text, None,
                a list), or `reset` was never called: nothing is played.
        """
        state = self._state
        if state is None:
            raise InvalidArgumentError("call reset() before using the environment")
        if type(action) is not int:
            action = _action(action)
        # A flagged action is a move while the game is on (once over, `END_ACTION` is
        # flagged but changes nothing).
        if self._over or not (0 <= action < self._action_count and self._mask[action]):
            illegal = not (self._over and action == END_ACTION)
            return self._observation(), 0.0, self._over, False, self._info(illegal=illegal)
        before = self._score
        after: Any = state.apply_unchecked(self._moves[action])  # a StateT
        self._state = after
        self._view = None  # built on demand, unless the step below builds it
        honest = self._honest
        if honest is not None:  # the array, the honest status and moves, from the state
            vector, status, moves = honest(after)
        elif (vector := self._fast(after) if self._fast is not None else None) is not None:
            status = after.status
            moves = after.legal_moves() if status is _PLAYING else ()
        else:  # no shortcut: the observation, built and encoded
            view = self._view = after.observe()
            vector = self._encoder.update(view)
            status = view.status
            moves = view.legal_moves() if status is _PLAYING else ()
        self._array = vector
        self._score = score = after._score  # `score`, without the property's call
        self._status = status
        # `_set_mask`, written out: the hot path of every step. The engine may hand out
        # the very tuple of moves of the last step: then the mask stands as it is.
        over = self._over = status is not _PLAYING
        if over or moves is not self._moves_seen:
            if over:
                legal = [END_ACTION]
                self._moves_seen = None
            else:
                legal = []
                action_of_id = self._action_of_id
                try:
                    for move in moves:  # a plain loop: the fastest for the few moves
                        legal.append(action_of_id[id(move)])
                except KeyError:  # an equal move, not the same object
                    action_of = self._action_of
                    legal = [action_of[move] for move in moves]
                self._moves_seen = moves
            old = self._set
            if legal != old:
                mask = self._mask
                for flagged in old:
                    mask[flagged] = 0
                for flagged in legal:
                    mask[flagged] = 1
                self._set = legal
        if self._score_reward:
            reward = float(score - before)
        else:
            reward = 1.0 if status is _WON else -1.0 if status is _LOST else 0.0
        if self._plain:
            info = {
                "action_mask": self._mask_view.copy(),
                "score": score,
                "status": status._value_,  # `.value`, without the enum's descriptor
                "illegal_action": False,
            }
            return vector.copy(), reward, over, False, info
        return self._observation(), reward, over, False, self._info()

    def render(self) -> str | None:
        """The position as text (``"ansi"``) or as an SVG document (``"svg"``), drawn from
        the honest view: hidden cards are drawn from a stand-in that depends only on the
        observation (`Game.determinize` with a fixed seed), face down, and the status is
        the observation's."""
        if self.render_mode is None:
            return None
        view = self.observe()
        stand_in = self.game.determinize(view, random.Random(0))
        shown, honest = stand_in.status.value, view.status.value
        if self.render_mode == "ansi":
            text = str(stand_in)
            if shown != honest and text.endswith(shown):  # the status closes the text
                text = text[: -len(shown)] + honest
            return text + "\n"
        picture = to_svg(stand_in)
        if shown != honest:
            picture = picture.replace(f"· {shown}<", f"· {honest}<")
        return picture
