"""Many Spider games at once in NumPy arrays: the batched engine behind fast learning.

`SpiderBatch` plays ``n`` games of one rule set side by side. A call steps every game:
`legal_mask` flags each game's legal actions (the numbering of `action_to_move`),
`sample_actions` draws one uniformly, `step` plays one action per game and returns the
rewards and ``terminated`` flags of the learning environment (``pyramid13/Spider-v0``), and
`observe` gives every game's observation array (`encode_spider_observation`). None of
them loops over the games in Python: each is a few dozen NumPy operations over all of
them (only a game dealt anew has its cards shuffled one game at a time). `state` hands
game ``i`` back as the `GameState` the scalar engine reaches with the same moves, history
and all, so any tool of the library can take over.

Game by game, the batch is the environment: the same deals (``Layout.shuffled(seed,
rules)``), the same masks (`END_ACTION` alone once a game is over), the same rewards, the
same arrays, the same ``terminated``; the tests play both side by side on every preset.
What an agent receives is honest as the environment's is: the masks, observations,
rewards and statuses depend on what a player sees, never on a face-down card.

**Inside.** Each pile is a row of card ids (``Card.index + 1``; face-down cards are kept
there too, below the face-up ones, as they never move) with its height, its number of
face-down cards, its top card and the length of its movable run (the top cards that form
one suit descending), the last two kept up to date move by move. A unit move's target
needs one comparison of ranks per pair of piles: the top card of pile ``t`` must rank
``k`` above pile ``s``'s, and ``k`` no more than ``s``'s run, so each pair of piles holds at
most one legal move onto a non-empty pile. The piles are stored pile-major (pile ``p`` of
game ``g`` is row ``p * n + g``), so that work on every pile runs along contiguous memory.
A game takes about 1.9 KB (`nbytes`), plus 2 bytes a move for the history `state`
replays (kept in a buffer as long as the longest game since the batch was made).

**Use.** Masked random play over many deals, each game dealt anew as soon as it ends:

    >>> import numpy as np
    >>> batch = SpiderBatch("kpat", 8, auto_reset=True, max_steps=300)
    >>> batch.reset(range(8))
    >>> rng = np.random.default_rng(1)
    >>> ended = 0
    >>> for _ in range(400):
    ...     rewards, terminated = batch.step(batch.sample_actions(rng))
    ...     ended += int((terminated | batch.truncated).sum())
    >>> ended >= 8, bool((batch.steps < 300).all())
    (True, True)

A policy of your own masks its choice with `legal_mask` instead; `state` hands a game to
the scalar tools (a solver, a bot, a picture) at any time.

Layer: the Spider game (``pyramid13.spider``). It needs NumPy (the ``rl`` extra), so only
code that asks for it imports it, as the learning environments import
`pyramid13.spider._encoding`: ``import pyramid13.spider`` never does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from .._base.batching import as_seed, check_states
from .._base.errors import InvalidArgumentError, InvalidRulesError
from .._base.integers import as_int
from .._base.status import Status
from .._base.text import describe
from ._actions import ACTION_COUNT, DEAL_ACTION, action_to_move
from ._encoding import SPIDER_OBSERVATION_SIZE
from ._layout import Layout, _deal
from ._moves import PILES
from ._rules import RuleSet, as_rules
from ._scoring import MicrosoftScoring, NoScoring
from ._state import RUNS_TO_WIN, GameState

__all__ = ["END_ACTION", "REWARD_MODES", "STATUSES", "Batch", "SpiderBatch"]

#: The reward modes, as the environments' (``reward=``): ``"score"`` or ``"win"``.
REWARD_MODES = ("score", "win")
#: The one action a finished game's mask flags, as the environments' `END_ACTION`.
END_ACTION = 0
#: The meaning of each code of `SpiderBatch.status`: ``STATUSES[code]``.
STATUSES: tuple[Status, ...] = (Status.PLAYING, Status.WON, Status.LOST)
_PLAYING, _WON, _LOST = 0, 1, 2

_RUN = 13  # cards in a complete run, and the longest unit
_DEPTH = 104  # the observation's places per pile (no pile ever holds more cards)
_H = 128  # places per pile in the batch: 104 and room for a 13-card window past the top
_UNITS_PER_SOURCE = _RUN * (PILES - 1)  # 117 unit actions leave each pile
_REMOVE_ACTION = DEAL_ACTION + 1
_K = np.arange(_RUN, dtype=np.int64)

# Card id (0: no card, 1..52: Card.index + 1) -> rank 1..13 (0 for no card), suit 0..3.
_RANK = np.array([0] + [index % 13 + 1 for index in range(52)], dtype=np.int8)
_SUIT = np.array([0] + [index // 13 for index in range(52)], dtype=np.int8)
# A card c sits in a run on the card below it when that card is c + 1 (same suit, one rank
# up); a King sits on nothing: its "c + 1" is the next suit's Ace, so this flags Kings.
_KING = np.zeros(64, dtype=bool)
_KING[[13 * suit + 13 for suit in range(4)]] = True
# The unit action of (source, target) moving `count` cards: _BASE[s, t] + 9 * (count - 1);
# -1 on the diagonal, where no move exists.
_BASE = np.full((PILES, PILES), -1, dtype=np.int64)
for _s in range(PILES):
    for _t in range(PILES):
        if _s != _t:
            _BASE[_s, _t] = _s * _UNITS_PER_SOURCE + (_t if _t < _s else _t - 1)
_BASE_FLAT = _BASE.reshape(-1)
# Sampling slots: 100 (source, target) pairs, the deal, 10 removals.
_SLOTS = PILES * PILES + 1 + PILES

# SplitMix64 (`pyramid13._base.shuffle`), the generator of `Layout.shuffled`, run for many
# seeds at once: its k-th output is a pure function of seed + k * _GOLDEN.
_MASK64 = (1 << 64) - 1
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_CARDS = 104
# Fisher-Yates from the last card down: draw k picks below _BOUNDS[k] = 104 - k, and is
# rejected (the scalar generator would draw again) from _LIMITS[k] up.
_BOUNDS = np.arange(_CARDS, 1, -1, dtype=np.uint64)
_LIMITS = np.array(
    [
        (1 << 64) - (1 << 64) % bound if (1 << 64) % bound else _MASK64
        for bound in range(104, 1, -1)
    ],
    dtype=np.uint64,
)
_EXACT = np.array([(1 << 64) % bound == 0 for bound in range(104, 1, -1)])


def _splitmix_draws(seeds: npt.NDArray[np.uint64]) -> tuple[npt.NDArray[np.uint64], Any]:
    """The 103 Fisher-Yates picks of `Layout.shuffled` for each seed, and which seeds'
    generators would have rejected a draw (their picks are not these: deal them one by one)."""
    with np.errstate(over="ignore"):
        state = seeds[:, None] + _GOLDEN * np.arange(1, _CARDS, dtype=np.uint64)[None, :]
        z = state
        z = (z ^ (z >> np.uint64(30))) * _MIX1
        z = (z ^ (z >> np.uint64(27))) * _MIX2
        z = z ^ (z >> np.uint64(31))
    rejected = ((z >= _LIMITS) & ~_EXACT).any(axis=1)
    return z % _BOUNDS, rejected


class _Legal(NamedTuple):
    """What the legal actions of every game are made of (see `SpiderBatch._derive`); an
    array per pile is (10, n), per pair of piles (source, target, n)."""

    ranks: npt.NDArray[np.int8]  # each pile's top rank, 0 when empty
    runs: npt.NDArray[np.int8]  # each pile's movable run
    gaps: npt.NDArray[np.int8]  # per pair: rank of the target's top less the source's, less 1
    onto: npt.NDArray[np.bool_]  # per pair: a unit of the source goes onto the target's card
    empty: npt.NDArray[np.bool_]  # per pile
    any_empty: npt.NDArray[np.bool_]  # (n,)
    spread_games: npt.NDArray[np.int64]  # the games playing with an empty pile
    spread: npt.NDArray[np.bool_]  # (source, target, those games): t empty, s not
    live: npt.NDArray[np.bool_]  # (n,): still playing
    deal: npt.NDArray[np.bool_]  # (n,): the deal is legal
    removals: npt.NDArray[np.bool_] | None  # per pile; None where runs leave by themselves


def _ids(cards: Sequence[Any]) -> list[int]:
    return [card.index + 1 for card in cards]


class SpiderBatch:
    """`n` Spider games under one rule set, stepped together in NumPy arrays.

    Every game is the environment's game (``pyramid13/Spider-v0`` under the same rules and
    reward): `reset` deals ``Layout.shuffled(seed, rules)``; `legal_mask` is the
    environment's `action_mask` (as booleans); `step` gives its reward and ``terminated``;
    `observe` its observation arrays; `status` and `score` those of each game. A game
    that is over stays over until it is reset: its mask flags `END_ACTION` alone, and a
    step gives it reward 0 and ``terminated`` again whatever the action. With
    ``auto_reset=True`` a game that ends (``terminated``, or ``truncated`` under
    `max_steps`) is dealt anew within the step that ended it: the step returns the ended
    game's reward and flags, and `observe` then shows the new game's start. Its deal's
    seed is drawn from `np_random` (``np_random.integers(0, 2**63 - 1)``, as the
    environment draws a seed when reset without one), a ``numpy.random.Generator`` that
    `reset` seeds with ``numpy.random.SeedSequence(seeds)``; `seeds` tells each game's.

    An illegal action (not flagged by the mask, or outside ``0 .. ACTION_COUNT - 1``)
    leaves its game as it was with reward 0, as the environment's does; `illegal` flags
    the games of the last step that got one. `reset` and `reset_states` take ``indices=``
    to start some games only (a vector environment's own resets).

    `status` holds codes, 0 playing, 1 won, 2 lost: ``STATUSES[code]`` is the `Status`.

    Args:
        rules: the rules of every game: a spider `RuleSet`, a preset's name (4 suits) or
            None (`RuleSet()`).
        n: how many games, an int >= 1.
        reward: ``"win"`` (the default): +1 when a game is won, -1 when it is lost, else
            0; ``"score"``: the change of the game's score; None: the environment's
            default, ``"score"`` under rules that score, else ``"win"``.
        auto_reset: deal a new game in place of each one that ends (see above).
        max_steps: cut each game after this many steps since its reset (`truncated`),
            as ``gymnasium.make`` does (``max_episode_steps``: 2,000 for Spider); None
            (the default): never.

    Raises:
        InvalidRulesError: `rules` is not a spider rule set, or uses a scoring policy of
            its own (the batch scores ``none`` and ``microsoft``).
        InvalidArgumentError: `n`, `reward`, `auto_reset` or `max_steps` is not one of
            the values above.

    Examples:
        >>> import numpy as np
        >>> from pyramid13.spider import RuleSet
        >>> batch = SpiderBatch(RuleSet.preset("microsoft", suits=1), 3, reward="score")
        >>> batch.reset([1, 2, 3])
        >>> rng = np.random.default_rng(0)
        >>> rewards, terminated = batch.step(batch.sample_actions(rng))
        >>> rewards.tolist(), terminated.tolist(), batch.score.tolist()
        ([-1.0, -1.0, -1.0], [False, False, False], [499, 499, 499])
        >>> batch.observe().shape, batch.legal_mask().shape
        ((3, 1128), (3, 1181))
        >>> batch.state(0).history == (batch.state(0).last_move,)
        True
    """

    def __init__(
        self,
        rules: RuleSet | str | None,
        n: int,
        *,
        reward: str | None = "win",
        auto_reset: bool = False,
        max_steps: int | None = None,
    ) -> None:
        rules = as_rules(rules)
        policy = rules.scoring
        if type(policy) not in (NoScoring, MicrosoftScoring):
            raise InvalidRulesError(
                f"the batched engine scores only the shipped policies (none, microsoft), "
                f"not the scoring policy {describe(policy.name)}"
            )
        count = as_int(n)
        if count is None or count < 1:
            raise InvalidArgumentError(f"n must be an int >= 1, not {describe(n)}")
        if reward is not None and reward not in REWARD_MODES:
            raise InvalidArgumentError(
                f"reward must be None or one of {', '.join(REWARD_MODES)}, not {describe(reward)}"
            )
        if not isinstance(auto_reset, bool):
            raise InvalidArgumentError(
                f"auto_reset must be True or False, not {describe(auto_reset)}"
            )
        limit = None if max_steps is None else as_int(max_steps)
        if max_steps is not None and (limit is None or limit < 1):
            raise InvalidArgumentError(
                f"max_steps must be None or an int >= 1, not {describe(max_steps)}"
            )
        self.rules: RuleSet = rules
        """The rules of every game."""
        self.n: int = count
        """The number of games."""
        if reward is None:
            reward = "win" if isinstance(policy, NoScoring) else "score"
        self.reward_mode: str = reward
        """The reward mode in use: ``"score"`` or ``"win"``."""
        self.auto_reset: bool = auto_reset
        """Whether a game that ends is dealt anew within the step (see the class)."""
        self.max_steps: int | None = limit
        """The steps after which a game is cut (`truncated`), or None."""
        self.np_random: np.random.Generator = np.random.default_rng()
        """The generator the seeds of automatic resets come from (see the class)."""
        self._auto = rules.auto_remove_runs
        self._onto_empty = rules.deal_onto_empty
        self._microsoft = isinstance(policy, MicrosoftScoring)
        self._start_score = policy.start
        self._ready = False
        self._tables()
        self._allocate(count)

    # -- the arrays ---------------------------------------------------------------------

    def _allocate(self, n: int) -> None:
        # Pile p of game g is number p * n + g of the piles: each array of piles lists pile
        # 0 of every game, then pile 1 ..., so that what is done to every pile runs along
        # contiguous memory.
        piles = n * PILES
        self._pile_base = np.arange(PILES, dtype=np.int64) * n
        self._cards = np.zeros(piles * _H, dtype=np.int8)  # card ids, pile by pile
        self._height = np.zeros(piles, dtype=np.int8)
        self._down = np.zeros(piles, dtype=np.int8)  # face-down cards, at the bottom
        self._top = np.zeros(piles, dtype=np.int8)  # the top card's id, 0 when empty
        self._run = np.zeros(piles, dtype=np.int8)  # the movable run on top
        deals = len(self.rules.shape.deal_sizes)
        self._deals = np.zeros((n, max(deals, 1), PILES), dtype=np.int8)  # 0: no card
        self._ndeals = np.zeros(n, dtype=np.int8)
        self._dealt = np.zeros(n, dtype=np.int8)
        self._stock = np.zeros(n, dtype=np.int16)
        self._removed = np.zeros((n, RUNS_TO_WIN), dtype=np.int8)  # suits, in order
        self._nremoved = np.zeros(n, dtype=np.int8)
        self._by_suit = np.zeros((n, 4), dtype=np.int8)
        self._unseen = np.zeros(n * 52, dtype=np.int8)
        self._score = np.zeros(n, dtype=np.int64)
        self._status = np.zeros(n, dtype=np.int8)
        self._steps = np.zeros(n, dtype=np.int64)
        self._history = np.zeros((n, 64), dtype=np.int16)
        self._length = np.zeros(n, dtype=np.int64)
        self._starts: list[GameState | None] = [None] * n  # None: the seed's deal
        self._seeds: list[int | None] = [None] * n
        self._cache: list[tuple[GameState, int] | None] = [None] * n
        self._illegal = np.zeros(n, dtype=bool)
        self._truncated = np.zeros(n, dtype=bool)
        self._games = np.arange(n, dtype=np.int64)
        self._derived: _Legal | None = None

    def _check_ready(self) -> None:
        if not self._ready:
            raise InvalidArgumentError("call reset() or reset_states() before using the batch")

    # -- starting games -----------------------------------------------------------------

    def _which(self, games: Any) -> npt.NDArray[np.int64]:
        if games is None:
            return self._games
        chosen = np.asarray(games)
        if chosen.dtype == bool:
            if chosen.shape != (self.n,):
                raise InvalidArgumentError(
                    f"games as a mask must have shape ({self.n},), not {chosen.shape}"
                )
            return np.flatnonzero(chosen).astype(np.int64)
        if chosen.ndim != 1 or (chosen.size and chosen.dtype.kind not in "iu"):
            raise InvalidArgumentError(
                "games must be None, a bool mask or a sequence of game indexes, "
                f"not {describe(games)}"
            )
        picked = chosen.astype(np.int64)
        if picked.size and (picked.min() < 0 or picked.max() >= self.n):
            raise InvalidArgumentError(f"a game index is outside 0..{self.n - 1}")
        if np.unique(picked).size != picked.size:
            raise InvalidArgumentError("games names a game twice")
        return picked

    def reset(self, seeds: Any, indices: Any = None) -> None:
        """Deal a new game to every game (or to `indices`): ``Layout.shuffled(seed, rules)``.

        A full reset also seeds `np_random` (the seeds of automatic resets) with
        ``numpy.random.SeedSequence(seeds)``.

        Args:
            seeds: one deal seed (an int in ``0 .. 2**64 - 1``) per game dealt.
            indices: None (every game), or the games to deal: a bool mask of shape ``(n,)``
                or their indexes.

        Raises:
            InvalidArgumentError: a seed is not such an int, or `seeds` and the games
                differ in number, or `indices` is malformed; no game is dealt.
        """
        which = self._which(indices)
        try:
            values = list(seeds)
        except TypeError:
            raise InvalidArgumentError(
                f"seeds must be a sequence of ints, not {describe(seeds)}"
            ) from None
        if len(values) != which.size:
            raise InvalidArgumentError(
                f"reset needs {which.size} seed(s), one per game dealt, not {len(values)}"
            )
        checked: list[int] = []
        for value in values:
            seed = as_seed(value)
            if seed is None:
                raise InvalidArgumentError(
                    f"a deal seed must be an int in 0..2**64-1, not {describe(value)}"
                )
            checked.append(seed)
        self._deal_seeds(which, checked)
        if indices is None:
            self.np_random = np.random.default_rng(np.random.SeedSequence(checked))
        self._ready = True
        self._derived = None

    def reset_states(self, states: Sequence[GameState], indices: Any = None) -> None:
        """Start every game (or `indices`) from a position, one `GameState` per game.

        `state` continues each from the very state given (its history kept).

        Args:
            states: spider `GameState`s played under the batch's rules.
            indices: None (every game), or the games to start: a bool mask of shape
                ``(n,)`` or their indexes.

        Raises:
            InvalidArgumentError: a state is not a spider GameState, or is played under
                other rules, or the number of states is not the number of games.
        """
        which = self._which(indices)
        states = list(states)
        if len(states) != which.size:
            raise InvalidArgumentError(
                f"reset_states needs {which.size} state(s), one per game, not {len(states)}"
            )
        check_states(states, GameState, self.rules, "a spider GameState")
        for game, state in zip(which.tolist(), states, strict=True):
            self._load(game, state)
            self._starts[game] = state
            self._seeds[game] = None
        self._ready = True
        self._derived = None

    def _deal_seeds(self, which: npt.NDArray[np.int64], seeds: Sequence[int]) -> None:
        """Deal ``Layout.shuffled(seed, rules)`` to each game of `which`, all at once."""
        count = which.size
        if not count:
            return
        rules = self.rules
        picks, rejected = _splitmix_draws(np.array(seeds, dtype=np.uint64))
        deck = self._deck
        shuffled = np.empty((count, _CARDS), dtype=np.int8)
        for row, (pick, odd) in enumerate(zip(picks.tolist(), rejected.tolist(), strict=True)):
            if odd:  # a draw the generator rejects (about once in 10**16 deals)
                layout = Layout.shuffled(seeds[row], rules)
                cards = [card.index + 1 for pile in layout.piles for card in pile]
                cards += [card.index + 1 for deal in layout.deals for card in deal]
                shuffled[row, self._order] = cards
                continue
            cards = deck.copy()
            last = _CARDS - 1
            for j in pick:
                cards[last], cards[j] = cards[j], cards[last]
                last -= 1
            shuffled[row] = cards
        piles = self._pile_base[None, :] + which[:, None]
        table = self._cards.reshape(-1, _H)
        table[piles] = 0
        places = self._places  # (10, depth): the shuffled position of each card, -1: none
        held = places >= 0
        rows = np.broadcast_to(piles[:, :, None], (count, PILES, places.shape[1]))
        depth = np.broadcast_to(np.arange(places.shape[1]), rows.shape)
        dealt_cards = shuffled[:, np.maximum(places, 0)]  # (G, 10, depth)
        table[rows[:, held], depth[:, held]] = dealt_cards[:, held]
        sizes = self._sizes
        self._height[piles] = sizes
        self._down[piles] = sizes - 1 if rules.face_down else 0
        self._top[piles] = shuffled[:, self._tops]
        if rules.face_down:
            self._run[piles] = 1
        else:
            flat = piles.reshape(-1)
            self._run[flat] = self._runs_of(flat)
        self._deals[which] = np.where(self._deal_places >= 0, shuffled[:, self._deal_places], 0)
        hidden = shuffled[:, self._hidden].astype(np.int64) - 1 + which[:, None] * 52
        unseen = self._unseen.reshape(self.n, 52)
        unseen[which] = 0
        np.add.at(self._unseen, hidden.reshape(-1), 1)
        self._ndeals[which] = len(rules.shape.deal_sizes)
        self._dealt[which] = 0
        self._stock[which] = sum(rules.shape.deal_sizes)
        self._removed[which] = 0
        self._nremoved[which] = 0
        self._by_suit[which] = 0
        self._score[which] = self._start_score
        self._status[which] = _PLAYING  # a fresh deal has no empty pile and a stock
        self._steps[which] = 0
        self._length[which] = 0
        for game, seed in zip(which.tolist(), seeds, strict=True):
            self._starts[game] = None
            self._seeds[game] = seed
            self._cache[game] = None

    def _tables(self) -> None:
        """Where `Layout.shuffled`'s shuffled cards go, for the rules' deal shape."""
        rules = self.rules
        copies = 8 // rules.suits
        self._deck = [
            suit.index * 13 + rank
            for _copy in range(copies)
            for suit in rules.suit_set
            for rank in range(1, 14)
        ]
        dealer: Any = _deal  # deals anything in order: here the cards' shuffled positions
        piles, deals = dealer(list(range(_CARDS)), rules.shape)
        depth = max(len(pile) for pile in piles)
        self._places = np.full((PILES, depth), -1, dtype=np.int64)
        for number, pile in enumerate(piles):
            self._places[number, : len(pile)] = pile
        self._sizes = np.array([len(pile) for pile in piles], dtype=np.int8)
        self._tops = np.array([pile[-1] for pile in piles], dtype=np.int64)
        self._deal_places = np.full((len(deals), PILES), -1, dtype=np.int64)
        for number, deal in enumerate(deals):
            self._deal_places[number, : len(deal)] = deal
        hidden = [card for deal in deals for card in deal]
        if rules.face_down:
            hidden += [card for pile in piles for card in pile[:-1]]
        self._hidden = np.array(sorted(hidden), dtype=np.int64)
        # Every card's place in the shuffled list, in the order of the layout's piles
        # and then its deals (for a seed whose draws are dealt one by one).
        self._order = np.array(
            [card for pile in piles for card in pile] + [card for deal in deals for card in deal],
            dtype=np.int64,
        )

    def _load(self, game: int, state: GameState) -> None:
        piles = [(_ids(pile.face_down), _ids(pile.face_up)) for pile in state.piles]
        deals = [list(deal) for deal in state._game.deals]
        suits = tuple(suit.index for suit in state.runs_removed)
        self._fill(game, piles, deals, state._dealt, suits, state.score)
        if state.status is not Status.PLAYING:
            self._status[game] = STATUSES.index(state.status)

    def _fill(
        self,
        game: int,
        piles: Sequence[tuple[list[int], list[int]]],
        deals: Sequence[list[int]],
        dealt: int,
        removed: tuple[int, ...],
        score: int,
    ) -> None:
        """Write one game's position into the arrays."""
        unseen = [0] * 52
        for pile, (down, up) in enumerate(piles):
            cards = down + up
            number = pile * self.n + game
            row = number * _H
            self._cards[row : row + _H] = 0
            self._cards[row : row + len(cards)] = cards
            self._height[number] = len(cards)
            self._down[number] = len(down)
            self._top[number] = cards[-1] if cards else 0
            run = 1 if up else 0
            while run < len(up) and up[-run - 1] == up[-run] + 1 and up[-run] % 13:
                run += 1
            self._run[number] = run
            for card in down:
                unseen[card - 1] += 1
        self._deals[game] = 0
        for number, deal in enumerate(deals):
            self._deals[game, number, : len(deal)] = deal
        for deal in deals[dealt:]:
            for card in deal:
                unseen[card - 1] += 1
        self._ndeals[game] = len(deals)
        self._dealt[game] = dealt
        self._stock[game] = sum(len(deal) for deal in deals[dealt:])
        self._removed[game] = 0
        self._removed[game, : len(removed)] = removed
        self._nremoved[game] = len(removed)
        self._by_suit[game] = np.bincount(np.array(removed, dtype=np.int64), minlength=4)
        self._unseen[game * 52 : game * 52 + 52] = unseen
        self._score[game] = score
        self._status[game] = _WON if len(removed) == RUNS_TO_WIN else _PLAYING
        self._steps[game] = 0
        self._length[game] = 0
        self._cache[game] = None
        if len(removed) < RUNS_TO_WIN and not self._any_move(game):
            self._status[game] = _LOST

    def _any_move(self, game: int) -> bool:
        """Whether `game` (not won) has a legal move: its status at the start."""
        piles = self._pile_base + game
        ranks = _RANK[self._top[piles]].astype(np.int64)
        runs = self._run[piles].astype(np.int64)
        empty = ranks == 0
        if empty.any() and not empty.all():
            return True
        if self._dealt[game] < self._ndeals[game] and (self._onto_empty or not empty.any()):
            return True
        if not self._auto and (runs == _RUN).any():
            return True
        gaps = ranks[None, :] - ranks[:, None]
        return bool(((gaps >= 1) & (gaps <= runs[:, None])).any())

    # -- what the games look like -------------------------------------------------------

    @property
    def status(self) -> npt.NDArray[np.int8]:
        """Each game's status as a code: 0 playing, 1 won, 2 lost (`STATUSES` maps a code
        to its `Status`)."""
        self._check_ready()
        copied: npt.NDArray[np.int8] = self._status.copy()
        return copied

    @property
    def score(self) -> npt.NDArray[np.int64]:
        """Each game's score (the rules' scoring policy; 0 throughout without scoring)."""
        self._check_ready()
        copied: npt.NDArray[np.int64] = self._score.copy()
        return copied

    @property
    def illegal(self) -> npt.NDArray[np.bool_]:
        """Which games the last `step` gave an illegal action (left as they were), as the
        environment's ``info["illegal_action"]``."""
        copied: npt.NDArray[np.bool_] = self._illegal.copy()
        return copied

    @property
    def truncated(self) -> npt.NDArray[np.bool_]:
        """Which games the last `step` cut at `max_steps` (always False without it)."""
        copied: npt.NDArray[np.bool_] = self._truncated.copy()
        return copied

    @property
    def steps(self) -> npt.NDArray[np.int64]:
        """How many steps each game has taken since it was last reset (what `max_steps`
        counts: every step, legal or not)."""
        copied: npt.NDArray[np.int64] = self._steps.copy()
        return copied

    @property
    def seeds(self) -> list[int | None]:
        """Each game's deal seed, or None for a game started from a state."""
        return list(self._seeds)

    @property
    def nbytes(self) -> int:
        """The bytes the batch's arrays take: about 1.9 KB a game, and 2 bytes a move
        for the longest game's history (what `state` replays)."""
        arrays = [value for value in vars(self).values() if isinstance(value, np.ndarray)]
        arrays += [value for value in self._derived or () if isinstance(value, np.ndarray)]
        return sum(array.nbytes for array in arrays)

    def observe(self, out: npt.NDArray[np.int16] | None = None) -> npt.NDArray[np.int16]:
        """Every game's observation array, ``(n, 1128)`` ``numpy.int16``: row ``i`` is
        `encode_spider_observation` of game ``i``'s observation (what the environment's
        step returns), built from what a player sees.

        Args:
            out: an array of that shape and type to write into (and return), saving a
                new one each step; None: a new array.

        Raises:
            InvalidArgumentError: `out` is not such an array.
        """
        self._check_ready()
        n = self.n
        shape = (n, SPIDER_OBSERVATION_SIZE)
        if out is None:
            out = np.empty(shape, dtype=np.int16)
        elif (
            not isinstance(out, np.ndarray)
            or out.shape != shape
            or out.dtype != np.int16
            or not out.flags.c_contiguous
        ):
            raise InvalidArgumentError(
                f"out must be a C-contiguous int16 array of shape {shape}, not {describe(out)}"
            )
        cards = self._cards.reshape(PILES, n, _H)[:, :, :_DEPTH].transpose(1, 0, 2)
        down = np.ascontiguousarray(self._down.reshape(PILES, n).T)
        piles = out[:, : PILES * _DEPTH].reshape(n, PILES, _DEPTH)
        np.copyto(piles, cards)
        for depth in range(int(self._down.max())):  # face-down cards lie only this deep
            np.copyto(piles[:, :, depth], np.int16(-1), where=down > depth)
        at = PILES * _DEPTH
        out[:, at : at + PILES] = down
        out[:, at + PILES : at + 2 * PILES] = (self._height - self._down).reshape(PILES, n).T
        out[:, at + 2 * PILES : at + 3 * PILES] = self._run.reshape(PILES, n).T
        at += 3 * PILES
        out[:, at : at + 4] = self._by_suit
        out[:, at + 4] = self._stock
        out[:, at + 5] = self._ndeals - self._dealt
        out[:, at + 6 :] = self._unseen.reshape(n, 52)
        return out

    def information_state(self) -> npt.NDArray[np.int16]:
        """Every game's information-state array: `observe`'s (a Spider player forgets
        nothing, see `encode_spider_information_state`)."""
        return self.observe()

    def state(self, i: int) -> GameState:
        """Game `i` as a `GameState`: the scalar engine's state after the same moves from
        the same start (equal to it, with the same history, so `GameState.undo` walks
        back through it). It holds every hidden card: for code that may see them.

        Raises:
            InvalidArgumentError: `i` is not an int in ``0 .. n - 1``.
        """
        self._check_ready()
        game = as_int(i)
        if game is None or not 0 <= game < self.n:
            raise InvalidArgumentError(f"i must be an int in 0..{self.n - 1}, not {describe(i)}")
        length = int(self._length[game])
        cached = self._cache[game]
        if cached is not None and cached[1] <= length:
            state, done = cached
        else:
            start = self._starts[game]
            if start is None:
                seed = self._seeds[game]
                assert seed is not None
                start = GameState.new(Layout.shuffled(seed, self.rules), self.rules)
            state, done = start, 0
        for action in self._history[game, done:length].tolist():
            state = state.apply_unchecked(action_to_move(action))
        self._cache[game] = (state, length)
        return state

    # -- legal actions ------------------------------------------------------------------

    def _derive(self) -> _Legal:
        """What the legal actions of every game are made of, from what a player sees:
        per (source, target) pair, whether a unit goes onto the (non-empty) target and
        whether the target is empty; the deal; the removals."""
        if self._derived is not None:
            return self._derived
        n = self.n
        ranks = _RANK[self._top].reshape(PILES, n)
        runs = self._run.reshape(PILES, n)
        live = self._status == _PLAYING
        # gap[s, t] - 1 below run[s] as unsigned bytes: 1 <= gap <= run.
        gaps = ranks[None, :, :] - ranks[:, None, :]
        gaps -= 1
        onto = gaps.view(np.uint8) < runs[:, None, :].view(np.uint8)
        onto &= live
        empty = ranks == 0
        any_empty = empty.any(axis=0)
        spread_games = np.flatnonzero(any_empty & live)
        spread = empty[None, :, spread_games] & (runs[:, None, spread_games] > 0)
        deal = live & (self._dealt < self._ndeals)
        if not self._onto_empty:
            deal &= ~any_empty
        removals = None if self._auto else (runs == _RUN) & live
        self._derived = _Legal(
            ranks, runs, gaps, onto, empty, any_empty, spread_games, spread, live, deal, removals
        )
        return self._derived

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """Every game's legal actions: ``(n, ACTION_COUNT)`` booleans, row ``i`` the
        environment's `action_mask` of game ``i``; a game that is over flags
        `END_ACTION` alone. Made from what a player sees alone.
        """
        self._check_ready()
        legal = self._derive()
        n = self.n
        mask = np.zeros((n, ACTION_COUNT), dtype=bool)
        flat = mask.reshape(-1)
        found = np.flatnonzero(legal.onto)  # (source * 10 + target) * n + game
        pair = found // n
        flat[
            (found - pair * n) * ACTION_COUNT
            + _BASE_FLAT[pair]
            + 9 * legal.gaps.reshape(-1)[found].astype(np.int64)
        ] = True
        games = legal.spread_games
        if games.size:
            found = np.flatnonzero(legal.spread)
            pair = found // games.size
            game = games[found - pair * games.size]
            cols = (game * ACTION_COUNT + _BASE_FLAT[pair])[:, None] + 9 * _K
            fits = _K[None, :] < legal.runs.reshape(-1)[pair // PILES * n + game][:, None]
            flat[cols[fits]] = True
        mask[:, DEAL_ACTION] = legal.deal
        if legal.removals is not None:
            mask[:, _REMOVE_ACTION:] = legal.removals.T
        mask[~legal.live, END_ACTION] = True
        return mask

    def sample_actions(self, rng: np.random.Generator) -> npt.NDArray[np.int64]:
        """One legal action per game, drawn uniformly among its legal actions with `rng`
        (`END_ACTION` for a game that is over), without building the mask: what masked
        random play needs, at a fraction of `legal_mask`'s cost.

        Args:
            rng: a ``numpy.random.Generator``; one ``rng.random(n)`` call per sample.
        """
        self._check_ready()
        legal = self._derive()
        n = self.n
        pairs = PILES * PILES
        # The legal entries of every game, each a slot and a weight: a pair of piles (slot
        # source * 10 + target) holds one unit onto the target's card, or the source's run
        # of units onto an empty target; the deal (slot 100) and each removal hold one.
        found = np.flatnonzero(legal.onto)
        slot_parts = [found // n]
        game_parts = [found - slot_parts[0] * n]
        weight_parts = [np.ones(found.size, dtype=np.int64)]
        spread_games = legal.spread_games
        if spread_games.size:
            found = np.flatnonzero(legal.spread)
            pair = found // spread_games.size
            game = spread_games[found - pair * spread_games.size]
            slot_parts.append(pair)
            game_parts.append(game)
            weight_parts.append(legal.runs.reshape(-1)[pair // PILES * n + game].astype(np.int64))
        dealing = np.flatnonzero(legal.deal)
        slot_parts.append(np.full(dealing.size, pairs, dtype=np.int64))
        game_parts.append(dealing)
        weight_parts.append(np.ones(dealing.size, dtype=np.int64))
        if legal.removals is not None:
            found = np.flatnonzero(legal.removals)
            pile = found // n
            slot_parts.append(pairs + 1 + pile)
            game_parts.append(found - pile * n)
            weight_parts.append(np.ones(found.size, dtype=np.int64))
        games = np.concatenate(game_parts)
        actions = np.zeros(n, dtype=np.int64)  # END_ACTION where nothing is legal
        if not games.size:
            return actions
        order = np.argsort(games.astype(np.int16 if n < 2**15 else np.int64), kind="stable")
        games = games[order]
        slots = np.concatenate(slot_parts)[order]
        weights = np.concatenate(weight_parts)[order]
        ends = np.cumsum(weights)
        totals = np.bincount(games, weights=weights, minlength=n).astype(np.int64)
        playing = np.flatnonzero(totals)
        draw = (np.cumsum(totals) - totals)[playing] + (
            rng.random(n)[playing] * totals[playing]
        ).astype(np.int64)
        pick = np.searchsorted(ends, draw, side="right")
        offset = draw - (ends[pick] - weights[pick])
        slot = slots[pick]
        is_pair = slot < pairs
        pair_slot = np.where(is_pair, slot, 1)
        # The unit's cards less one: the draw's place among an empty target's units,
        # else the gap of ranks less one.
        extra = np.where(
            legal.empty.reshape(-1)[pair_slot % PILES * n + playing],
            offset,
            legal.gaps.reshape(-1)[pair_slot * n + playing],
        )
        actions[playing] = np.where(
            is_pair,
            _BASE_FLAT[pair_slot] + 9 * extra,
            np.where(slot == pairs, DEAL_ACTION, _REMOVE_ACTION + slot - pairs - 1),
        )
        return actions

    # -- playing ------------------------------------------------------------------------

    def step(self, actions: Any) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
        """Play one action in every game.

        Args:
            actions: ``n`` ints of the action space (`action_to_move`'s numbering), one
                per game, e.g. from `sample_actions` or a policy masked by `legal_mask`.

        Returns:
            ``(rewards, terminated)``: each game's reward under `reward_mode` and whether
            it is over (won or lost), both of shape ``(n,)``, as the environment's step
            gives them. See the class for illegal actions, finished games, `truncated`
            and `auto_reset`.

        Raises:
            InvalidArgumentError: `actions` is not ``n`` integers; no game is played.
        """
        self._check_ready()
        chosen = np.asarray(actions)
        if chosen.shape != (self.n,) or chosen.dtype.kind not in "iu":
            raise InvalidArgumentError(
                f"actions must be {self.n} ints (an integer array of shape ({self.n},)), "
                f"not {describe(actions)}"
            )
        action = chosen.astype(np.int64)
        shown = self._derive()
        ranks, runs, empty, live = shown.ranks, shown.runs, shown.empty, shown.live
        games = self._games
        n = self.n
        # Decode every action and check it against what the game shows.
        is_unit = (action >= 0) & (action < DEAL_ACTION)
        unit_action = np.where(is_unit, action, 0)
        source = unit_action // _UNITS_PER_SOURCE
        rest = unit_action % _UNITS_PER_SOURCE
        count = rest // (PILES - 1) + 1
        target = rest % (PILES - 1)
        target += target >= source
        src_rank = ranks[source, games]
        unit_ok = (
            is_unit
            & (count <= runs[source, games])
            & (empty[target, games] | (ranks[target, games] == src_rank + count))
        )
        deal_ok = shown.deal & (action == DEAL_ACTION)
        is_removal = (action >= _REMOVE_ACTION) & (action < ACTION_COUNT)
        pile = np.where(is_removal, action - _REMOVE_ACTION, 0)
        if shown.removals is not None:
            remove_ok = is_removal & shown.removals[pile, games]
        else:
            remove_ok = np.zeros(n, dtype=bool)
        unit_ok &= live
        legal = unit_ok | deal_ok | remove_ok
        self._illegal = ~legal & ~(~live & (action == END_ACTION))
        before_removed = self._nremoved.copy()
        before_score = self._score.copy() if self.reward_mode == "score" else None

        moving = np.flatnonzero(unit_ok)
        if moving.size:
            self._move_units(moving, source[moving], count[moving], target[moving])
        dealing = np.flatnonzero(deal_ok)
        if dealing.size:
            self._deal(dealing)
        lifting = np.flatnonzero(remove_ok)
        if lifting.size:
            self._lift(pile[lifting] * n + lifting)

        played = np.flatnonzero(legal)
        if played.size:
            if self._microsoft:
                self._score += 100 * (self._nremoved - before_removed).astype(np.int64) - (
                    unit_ok | deal_ok
                )
            self._record(played, action[played])
        self._derived = None
        after = self._derive()
        # The status of every game played: won, or lost when it has no legal move.
        moves = (
            after.onto.any(axis=(0, 1)) | (after.any_empty & ~after.empty.all(axis=0)) | after.deal
        )
        if after.removals is not None:
            moves |= after.removals.any(axis=0)
        won = self._nremoved == RUNS_TO_WIN
        status = self._status
        status[legal & won] = _WON
        status[legal & ~won & ~moves] = _LOST
        ended = legal & (status != _PLAYING)
        if ended.any():
            self._derived = None
        terminated = status != _PLAYING
        if self.reward_mode == "score":
            assert before_score is not None
            rewards = (self._score - before_score).astype(np.float64)
        else:
            rewards = np.zeros(n, dtype=np.float64)
            rewards[ended & won] = 1.0
            rewards[ended & ~won] = -1.0
        self._steps += 1
        if self.max_steps is not None:
            self._truncated = self._steps >= self.max_steps
        else:
            self._truncated = np.zeros(n, dtype=bool)
        if self.auto_reset:
            done = terminated | self._truncated
            if done.any():
                which = np.flatnonzero(done)
                seeds = [int(seed) for seed in self.np_random.integers(0, 2**63 - 1, which.size)]
                self._deal_seeds(which, seeds)
                self._derived = None
        return rewards, terminated

    def _record(self, games: npt.NDArray[np.int64], actions: npt.NDArray[np.int64]) -> None:
        """Append each game's action to its history (what `state` replays)."""
        lengths = self._length[games]
        if lengths.size and lengths.max() >= self._history.shape[1]:
            grown = np.zeros((self.n, 2 * self._history.shape[1]), dtype=np.int16)
            grown[:, : self._history.shape[1]] = self._history
            self._history = grown
        self._history[games, lengths] = actions
        self._length[games] = lengths + 1

    def _move_units(
        self,
        games: npt.NDArray[np.int64],
        source: npt.NDArray[np.int64],
        count: npt.NDArray[np.int64],
        target: npt.NDArray[np.int64],
    ) -> None:
        cards = self._cards
        height = self._height
        run = self._run
        top = self._top
        from_pile = source * self.n + games
        to_pile = target * self.n + games
        from_height = height[from_pile].astype(np.int64)
        to_height = height[to_pile].astype(np.int64)
        # A window as wide as the longest unit, from each unit's bottom card: past a
        # pile's top it reads 0s, and writes them where 0s lie already.
        width = int(count.max())
        taken = from_pile * _H + from_height - count
        if width == 1:
            bottom = cards[taken]
            cards[taken] = 0
            cards[to_pile * _H + to_height] = bottom
        else:
            window = taken[:, None] + _K[:width]
            unit = cards[window]
            cards[window] = 0
            cards[(to_pile * _H + to_height)[:, None] + _K[:width]] = unit
            bottom = unit[:, 0]
        height[from_pile] = from_height - count
        height[to_pile] = to_height + count
        joins = (top[to_pile] == bottom + 1) & ~_KING[bottom]
        to_run = np.where(joins, run[to_pile] + count, count)
        top[to_pile] = top[from_pile]
        from_run = run[from_pile].astype(np.int64)
        keeps = from_run > count
        run[from_pile] = np.where(keeps, from_run - count, 0)
        top[from_pile] = cards[from_pile * _H + from_height - count - 1]
        uncovered = from_pile[~keeps]
        if uncovered.size:
            self._settle(uncovered)
        run[to_pile] = to_run
        if self._auto:
            full = to_run == _RUN
            if full.any():
                self._lift(to_pile[full])

    def _deal(self, games: npt.NDArray[np.int64]) -> None:
        cards = self._cards
        piles = self._pile_base[None, :] + games[:, None]
        dealt = self._dealt[games].astype(np.int64)
        row = self._deals[games, dealt].astype(np.int8)  # (G, 10), 0 where no card
        has = row > 0
        heights = self._height[piles].astype(np.int64)
        cards[(piles * _H + heights)[has]] = row[has]
        tops = self._top[piles]
        joins = (tops == row + 1) & ~_KING[row]
        runs = self._run[piles]
        self._run[piles] = np.where(has, np.where(joins, runs + 1, 1), runs)
        self._top[piles] = np.where(has, row, tops)
        self._height[piles] = heights + has
        np.subtract.at(self._unseen, (games[:, None] * 52 + row - 1)[has], 1)
        self._stock[games] -= has.sum(axis=1).astype(np.int16)
        self._dealt[games] += 1
        if self._auto:
            full = has & (self._run[piles] == _RUN)
            if full.any():
                for number in range(PILES):  # pile by pile: the runs' removal order
                    lifted = piles[full[:, number], number]
                    if lifted.size:
                        self._lift(lifted)

    def _lift(self, piles: npt.NDArray[np.int64]) -> None:
        """Lift the complete run off the top of each of `piles` (one per game)."""
        games = piles % self.n
        heights = self._height[piles].astype(np.int64) - _RUN
        suits = _SUIT[self._top[piles]]
        self._cards[(piles * _H + heights)[:, None] + _K] = 0
        self._height[piles] = heights
        self._removed[games, self._nremoved[games]] = suits
        self._nremoved[games] += 1
        self._by_suit[games, suits] += 1
        self._settle(piles)

    def _settle(self, piles: npt.NDArray[np.int64]) -> None:
        """After cards left the top of each of `piles` (one per game): read the new top,
        turn it face up if it was face down, and work out the run on top."""
        cards = self._cards
        heights = self._height[piles].astype(np.int64)
        tops = cards[piles * _H + heights - 1]  # past the front: a 0 of the padding
        self._top[piles] = tops
        downs = self._down[piles].astype(np.int64)
        turned = (heights == downs) & (downs > 0)
        if turned.any():
            flipped = piles[turned]
            self._down[flipped] = downs[turned] - 1
            self._unseen[(flipped % self.n) * 52 + tops[turned] - 1] -= 1
            downs = np.where(turned, downs - 1, downs)
        self._run[piles] = self._runs_of(piles)

    def _runs_of(self, piles: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """The movable run on top of each of `piles`: from the top down, while each card
        sits on the next one's id + 1, face up."""
        heights = self._height[piles].astype(np.int64)
        downs = self._down[piles].astype(np.int64)
        places = heights[:, None] - _RUN + _K  # the top 13 places, the top one last
        window = self._cards[piles[:, None] * _H + np.maximum(places, 0)]
        face_up = places >= downs[:, None]
        links = (window[:, :-1] == window[:, 1:] + 1) & ~_KING[window[:, 1:]] & face_up[:, :-1]
        chain = np.cumprod(links[:, ::-1], axis=1).sum(axis=1)
        runs: npt.NDArray[np.int64] = np.where(heights > downs, chain + 1, 0)
        return runs


Batch = SpiderBatch
"""`SpiderBatch` under a name that says no game, as the encoding module's `Encoder`."""
