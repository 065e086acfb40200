"""The Gymnasium environments: the checker, honest masks and infos, twins that stay
identical until a card is revealed, the arrays (observation and information state) and
their incremental encoders, reset options, rewards, vectors and NumPy integers."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

gymnasium = pytest.importorskip("gymnasium")
envs = pytest.importorskip("pyramid13.envs")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import pyramid13 as p13  # noqa: E402
from pyramid13 import spider  # noqa: E402

CASES: list[tuple[str, dict[str, Any]]] = [
    ("pyramid13/Pyramid-v0", {"preset": name}) for name in p13.RuleSet.preset_names()
] + [
    ("pyramid13/Spider-v0", {"preset": name, "suits": suits})
    for name in spider.RuleSet.preset_names()
    for suits in (1, 4)
]


@pytest.mark.parametrize(("env_id", "kwargs"), CASES[:3] + CASES[-4:])
@pytest.mark.parametrize("render_mode", [None, "ansi", "svg"])
def test_gymnasium_checker_passes(env_id: str, kwargs: dict[str, Any], render_mode: str) -> None:
    env = gymnasium.make(env_id, render_mode=render_mode, **kwargs)
    check_env(env.unwrapped, skip_render_check=False)
    env.close()


@pytest.mark.parametrize(("env_id", "kwargs"), [CASES[3], CASES[-1]])
@pytest.mark.parametrize(
    "options", [{"observation": "dict"}, {"information_state": True, "observation": "dict"}]
)
def test_the_checker_passes_dict_and_information_state_observations(
    env_id: str, kwargs: dict[str, Any], options: dict[str, Any]
) -> None:
    env = gymnasium.make(env_id, **kwargs, **options)
    check_env(env.unwrapped)
    observation, info = env.reset(seed=3)
    assert set(observation) == {"observation", "action_mask"}
    assert np.array_equal(observation["action_mask"], info["action_mask"])
    assert env.observation_space.contains(observation)


def _expected_mask(env: Any) -> list[int]:
    view = env.unwrapped.observe()
    return [envs.END_ACTION] if view.is_over else list(view.legal_actions())


@pytest.mark.no_cover  # 1,500 steps a case, over code the other tests trace
@pytest.mark.parametrize(("env_id", "kwargs"), CASES)
def test_masked_random_agent_never_plays_an_illegal_action(
    env_id: str, kwargs: dict[str, Any]
) -> None:
    env = gymnasium.make(env_id, **kwargs)
    observation, info = env.reset(seed=5)
    steps = 0
    while steps < 1_500:
        mask = info["action_mask"]
        assert mask.dtype == np.int8
        assert [int(a) for a in np.flatnonzero(mask)] == _expected_mask(env)
        assert np.array_equal(env.unwrapped.action_masks(), mask.astype(bool))
        assert env.observation_space.contains(observation)
        action = env.action_space.sample(mask=mask)
        observation, _, terminated, truncated, info = env.step(action)
        assert not info["illegal_action"]
        assert "deal_seed" not in info
        steps += 1
        assert terminated == env.unwrapped.observe().is_over
        assert info["status"] == env.unwrapped.observe().status.value
        if terminated or truncated:
            observation, info = env.reset()
    env.close()


# -- twins: other hidden cards, the same of everything until a card is revealed ----------


def _unseen(state: Any) -> int:
    return len(state.observe().unseen)


def _twin(state: Any, rng: random.Random) -> Any | None:
    """A full state with `state`'s observation and other hidden cards, or None when the
    position hides too little for one."""
    observation = state.observe()
    determinize = p13.get_game("pyramid" if isinstance(state, p13.GameState) else "spider")
    for _ in range(20):
        twin = determinize.determinize(observation, rng)
        if twin.observe() == observation and twin.to_string() != state.to_string():
            return twin
    return None


def _outputs(env: Any, result: tuple[Any, ...]) -> list[bytes | str | float | bool]:
    """Everything the agent gets from a reset or a step, as comparable values."""
    *head, info = result
    values: list[bytes | str | float | bool] = []
    for value in head:
        values.append(value.tobytes() if isinstance(value, np.ndarray) else value)
    for key in sorted(info):
        item = info[key]
        values.append(key)
        values.append(item.tobytes() if isinstance(item, np.ndarray) else repr(item))
    values.append(env.information_state().tobytes())
    env.render_mode = "ansi"
    values.append(env.render())
    env.render_mode = "svg"
    values.append(env.render())
    return values


def _make(game: str, rules: Any) -> Any:
    return envs.CardGameEnv(game, rules)


TWIN_CASES = [("pyramid", name) for name in p13.RuleSet.preset_names()] + [
    ("spider", name) for name in spider.RuleSet.preset_names()
]


@pytest.mark.no_cover
@pytest.mark.parametrize(("game", "preset"), TWIN_CASES)
def test_twin_environments_stay_identical_until_a_card_is_revealed(game: str, preset: str) -> None:
    # Twins are made at the start of each deal and again, mid-game, after each reveal.
    rules = p13.RuleSet.preset(preset) if game == "pyramid" else spider.RuleSet.preset(preset)
    rng = random.Random(preset)
    compared = reveals = 0
    first, second = _make(game, rules), _make(game, rules)
    for deal in range(12 if game == "pyramid" else 3):
        if compared >= 150:
            break
        state = p13.get_game(game).deal(deal, rules)
        twin = _twin(state, rng)
        while twin is not None and compared < 150:
            out_first = _outputs(first, first.reset(options={"state": state}))
            out_second = _outputs(second, second.reset(options={"state": twin}))
            assert out_first == out_second
            while True:
                action = rng.choice(np.flatnonzero(first.action_mask()).tolist())
                hidden = _unseen(first.state)
                out_first = _outputs(first, first.step(action))
                out_second = _outputs(second, second.step(action))
                if _unseen(first.state) < hidden:  # a card was revealed: the twins part
                    reveals += 1
                    break
                assert out_first == out_second, (deal, first.state.to_string())
                compared += 1
                if first.observe().is_over or compared >= 150:
                    break
            if first.observe().is_over or compared >= 150:
                break
            state = first.state
            twin = _twin(state, rng)
    assert compared >= 40  # Pyramid under rules that hide the stock top: the removals
    assert reveals >= 3


def test_the_honest_status_plays_on_where_the_engine_declares_a_game_lost() -> None:
    # Random play under king-tut meets the engine's early verdict in about 1 deal in 20.
    rules = p13.RuleSet.preset("king-tut")
    env = envs.PyramidEnv(rules)
    met = False
    for deal in range(100):
        env.reset(seed=deal)
        rng = random.Random(deal)
        while not env.observe().is_over:
            state = env.state
            if state.status is p13.Status.LOST:  # thoughtful: lost; honest: still playing
                met = True
                assert env.observe().status is p13.Status.PLAYING
                assert set(np.flatnonzero(env.action_mask())) <= {100, 101}
                env.render_mode = "ansi"
                assert env.render().rstrip().endswith("playing")
                env.render_mode = "svg"
                assert "· playing</text>" in env.render()
            array, reward, terminated, _, info = env.step(rng.choice(env.observe().legal_actions()))
            view = env.state.observe()  # built afresh: the step built none
            assert info["status"] == view.status.value
            assert terminated == view.is_over
            assert reward == {"playing": 0.0, "won": 1.0, "lost": -1.0}[info["status"]]
            assert np.array_equal(array, envs.encode_pyramid_observation(view))
            if not view.is_over:
                assert list(info["action_mask"].astype(bool)) == list(view.legal_action_mask())
        if met:
            break
    assert met


# -- no deal seed in what the agent gets ---------------------------------------------------


def test_no_info_holds_the_deal_seed_unless_asked() -> None:
    env = gymnasium.make("pyramid13/Pyramid-v0", preset="microsoft")
    _, info = env.reset(seed=17)
    assert "deal_seed" not in info
    _, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert "deal_seed" not in info
    assert env.unwrapped.deal_seed == 17
    env.reset()
    assert env.unwrapped.deal_seed is not None
    leaky = gymnasium.make("pyramid13/Spider-v0", suits=1, leak_deal_seed=True)
    _, info = leaky.reset(seed=4)
    assert info["deal_seed"] == 4
    vector = gymnasium.make_vec("pyramid13/Pyramid-v0", num_envs=2, preset="classic")
    _, infos = vector.reset(seed=1)
    assert not any("deal_seed" in key for key in infos)
    _, _, _, _, infos = vector.step(np.array([envs.END_ACTION, envs.END_ACTION]))
    assert not any("deal_seed" in key for key in infos)


@pytest.mark.parametrize(
    ("vectorize", "kind"),
    [("auto", "CardGameVectorEnv"), ("native", "BatchVectorEnv"), ("sync", "CardGameVectorEnv")],
)
def test_vector_environments_draw_no_deal_twice(vectorize: str, kind: str) -> None:
    seeds: list[int] = []
    for seed in (7, 8):
        vector = gymnasium.make_vec(
            "pyramid13/Pyramid-v0", num_envs=4, preset="classic", vectorize=vectorize
        )
        assert isinstance(vector, getattr(envs, kind))
        vector.reset(seed=seed)
        seeds.extend(vector.get_attr("deal_seed"))
        vector.reset()
        seeds.extend(vector.get_attr("deal_seed"))
    assert len(set(seeds)) == len(seeds) == 16
    assert seeds[:4] == envs.spawn_seeds(7, 4)


# -- reset options, masks, rewards, episode length ------------------------------------------


def test_reset_deals_the_seeded_layout_or_starts_where_asked() -> None:
    env = gymnasium.make("pyramid13/Pyramid-v0", preset="microsoft")
    rules = p13.RuleSet.preset("microsoft")
    env.reset(seed=np.uint64(17))
    assert env.unwrapped.state == p13.GameState.new(p13.Layout.shuffled(17), rules)
    later = p13.GameState.new(p13.Layout.shuffled(3), rules).apply("draw").apply("draw")
    observation, _ = env.reset(options={"state": later})
    assert env.unwrapped.state is later
    assert np.array_equal(observation, envs.encode_pyramid_observation(later.observe()))
    assert env.unwrapped.deal_seed is None
    env.reset(options={"layout": p13.Layout.shuffled(5)})
    assert env.unwrapped.state == p13.GameState.new(p13.Layout.shuffled(5), rules)
    env.reset(options={"pysolfc": np.int64(12)})
    assert env.unwrapped.state.layout == p13.Layout.from_pysolfc(12)
    srules = spider.RuleSet.preset("pysolfc", suits=2)
    senv = gymnasium.make("pyramid13/Spider-v0", preset="pysolfc", suits=2)
    senv.reset(seed=17)
    assert senv.unwrapped.state == spider.GameState.new(spider.Layout.shuffled(17, srules), srules)
    senv.reset(options={"deal_seed": 3})
    assert senv.unwrapped.state.layout == spider.Layout.shuffled(3, srules)
    senv.reset(options={"pysolfc": 9})
    assert senv.unwrapped.state.layout == spider.Layout.from_pysolfc(9, suits=2)


@pytest.mark.parametrize(
    "options",
    [
        {"state": "KC"},
        {"state": p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("classic"))},
        {"layout": spider.Layout.shuffled(1)},
        {"pysolfc": 0},
        {"pysolfc": 2.0},
        {"deal_seed": True},
        {"seed": 3},
    ],
    ids=repr,
)
def test_bad_reset_options_are_refused(options: dict[str, Any]) -> None:
    env = envs.PyramidEnv("microsoft")
    with pytest.raises(p13.InvalidArgumentError):
        env.reset(options=options)


def test_an_illegal_action_changes_nothing_and_is_flagged() -> None:
    env = gymnasium.make("pyramid13/Pyramid-v0", preset="classic")
    observation, info = env.reset(seed=1)
    before = env.unwrapped.state
    illegal = next(a for a in range(p13.ACTION_COUNT) if not info["action_mask"][a])
    after, reward, terminated, _truncated, info = env.step(np.int32(illegal))
    assert info["illegal_action"]
    assert reward == 0.0
    assert not terminated
    assert env.unwrapped.state is before
    assert np.array_equal(after, observation)


@pytest.mark.parametrize("action", [117.9, 3.0, np.float64(3), True, np.True_, "3", None, [3]])
def test_an_action_that_is_no_integer_is_refused(action: Any) -> None:
    env = envs.SpiderEnv("microsoft", suits=1)
    env.reset(seed=2)
    before = env.state
    with pytest.raises(p13.InvalidArgumentError, match="an action must be an int"):
        env.step(action)
    assert env.state is before


def test_numpy_integers_are_actions_everywhere() -> None:
    state = p13.GameState.new(p13.Layout.shuffled(np.int64(1)))
    assert p13.action_to_move(np.int64(100)) == p13.Move.DRAW
    assert state.apply(np.int16(100)) == state.apply("draw")
    assert state.is_legal(np.uint8(0))
    sstate = spider.GameState.new(spider.Layout.from_pysolfc(np.int32(1)), "pysolfc")
    action = np.int64(sstate.legal_actions()[0])
    assert sstate.apply(action) == sstate.apply(spider.action_to_move(action))
    bads: list[Any] = [True, 100.0, np.float32(100), np.True_]
    for bad in bads:
        with pytest.raises(p13.Pyramid13Error):
            state.apply(bad)
        with pytest.raises(p13.InvalidArgumentError):
            p13.action_to_move(bad)
        with pytest.raises(p13.InvalidLayoutError):
            p13.Layout.shuffled(bad)


def _masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    masked = np.where(mask.astype(bool), logits, -np.inf)
    weights = np.exp(masked - masked.max())
    result: np.ndarray = weights / weights.sum()
    return result


def test_a_finished_episode_masks_one_action_that_changes_nothing() -> None:
    env = gymnasium.make("pyramid13/Pyramid-v0", preset="classic")
    _, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    terminated = False
    while not terminated:
        _, _, terminated, _, info = env.step(env.action_space.sample(mask=info["action_mask"]))
    assert list(np.flatnonzero(info["action_mask"])) == [envs.END_ACTION]
    assert np.isfinite(
        _masked_softmax(rng.normal(size=p13.ACTION_COUNT), info["action_mask"])
    ).all()
    state = env.unwrapped.state
    _, reward, terminated, _, info = env.step(envs.END_ACTION)
    assert (reward, terminated, info["illegal_action"]) == (0.0, True, False)
    assert env.unwrapped.state is state
    _, _, _, _, info = env.step(1)
    assert info["illegal_action"]


def test_score_rewards_add_up_to_the_score_and_win_rewards_mark_the_end() -> None:
    rules = p13.RuleSet.preset("microsoft")
    start = p13.GameState.new(p13.Layout.shuffled(2), rules)
    line = p13.solve(start).moves
    assert line
    for mode in ("score", "win"):
        env = gymnasium.make("pyramid13/Pyramid-v0", preset="microsoft", reward=mode)
        env.reset(seed=2)
        rewards = []
        for move in line:
            _, reward, terminated, _, _ = env.step(p13.move_to_action(move))
            rewards.append(reward)
        assert terminated
        assert env.unwrapped.state.status is p13.Status.WON
        if mode == "score":
            assert sum(rewards) == env.unwrapped.state.score > 0
        else:
            assert rewards[-1] == 1.0
            assert set(rewards[:-1]) == {0.0}


@pytest.mark.parametrize(("env_id", "kwargs"), CASES)
def test_the_default_reward_is_the_win_where_the_rules_score_nothing(
    env_id: str, kwargs: dict[str, Any]
) -> None:
    env = gymnasium.make(env_id, **kwargs).unwrapped
    scores = env.rules.scoring.name != "none"
    assert env.reward_mode == ("score" if scores else "win")


def test_a_lost_game_ends_with_minus_one_under_win_rewards() -> None:
    env = gymnasium.make("pyramid13/Pyramid-v0", preset="classic")
    _, info = env.reset(seed=1)
    while True:
        action = env.action_space.sample(mask=info["action_mask"])
        _, reward, terminated, _, info = env.step(action)
        if terminated:
            break
        assert reward == 0.0
    status = env.unwrapped.observe().status
    assert reward == (1.0 if status is p13.Status.WON else -1.0)


@pytest.mark.parametrize(
    ("env_id", "limit"), [("pyramid13/Pyramid-v0", 1_000), ("pyramid13/Spider-v0", 2_000)]
)
def test_episodes_are_cut_at_the_documented_length(env_id: str, limit: int) -> None:
    assert gymnasium.spec(env_id).max_episode_steps == limit
    env = gymnasium.make(env_id, max_episode_steps=3)
    _, info = env.reset(seed=0)
    for step in range(3):
        _, _, terminated, truncated, info = env.step(
            env.action_space.sample(mask=info["action_mask"])
        )
        assert truncated == (step == 2 and not terminated)


# -- the arrays ------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["classic", "microsoft", "three-stacks", "pysolfc"])
def test_pyramid_observation_layout_is_as_documented(preset: str) -> None:
    rules = p13.RuleSet.preset(preset)
    rng = random.Random(preset)
    state = p13.GameState.new(p13.Layout.shuffled(4), rules)
    w = rules.waste_piles
    parts = envs.pyramid_information_state_slices(rules)
    while True:
        observation = state.observe()
        vector = envs.encode_pyramid_observation(observation)
        assert vector.shape == (envs.pyramid_observation_size(rules),)
        exposed = set(state.exposed)
        available = {c for c in exposed if c in state.pyramid}
        for card in p13.DECK:
            code = int(vector[card.index])
            where = state.locate(card)
            if where.place is p13.Place.REMOVED:
                assert code == 0
            elif where.place is p13.Place.PYRAMID:
                assert code == (2 if card in available else 1)
            elif card in exposed:
                assert code == 3
            elif where.place is p13.Place.WASTE:
                assert code == 4
            else:
                assert code == 5
        slots = [0 if c is None else c.index + 1 for c in state.pyramid]
        assert list(vector[52:80]) == slots
        assert list(vector[80:108]) == [
            int(c is not None and c in available) for c in state.pyramid
        ]
        tops = [pile[-1].index + 1 if pile else 0 for pile in state.waste_piles]
        assert list(vector[108 : 108 + w]) == tops
        base = 108 + w
        assert int(vector[base]) == len(state.stock)
        assert int(vector[base + 1]) == sum(map(len, state.waste_piles))
        assert int(vector[base + 2]) == min(state.pass_number, envs.PASS_CAP)
        left = -1 if rules.passes is None else rules.passes - state.pass_number
        assert int(vector[base + 3]) == left
        information = envs.encode_pyramid_information_state(observation)
        assert np.array_equal(information[: len(vector)], vector)
        waste = information[parts["waste"]].reshape(w, 24)
        for pile, row in zip(state.waste_piles, waste, strict=True):
            assert list(row) == [c.index + 1 for c in pile] + [0] * (24 - len(pile))
        stock = list(information[parts["stock"]])
        # The player knows the whole stock from the second pass, its top where it plays.
        for depth, card in enumerate(reversed(state.stock)):
            known = state.pass_number > 1 or (depth == 0 and rules.stock_top_pairable)
            assert stock[depth] == (card.index + 1 if known else -1)
        assert stock[len(state.stock) :] == [0] * (24 - len(state.stock))
        if observation.is_over:
            break
        state = state.apply(rng.choice(observation.legal_moves()))


@pytest.mark.parametrize("preset", spider.RuleSet.preset_names())
def test_spider_observation_layout_is_as_documented(preset: str) -> None:
    rules = spider.RuleSet.preset(preset, suits=2)
    rng = random.Random(preset)
    state = spider.GameState.new(spider.Layout.shuffled(4, rules), rules)
    parts = envs.SPIDER_OBSERVATION_SLICES
    for _ in range(300):
        vector = envs.encode_spider_observation(state.observe())
        assert vector.shape == (envs.SPIDER_OBSERVATION_SIZE,)
        unseen = [0] * 52
        piles = vector[parts["piles"]].reshape(10, 104)
        for number, pile in enumerate(state.piles):
            cells = [-1] * len(pile.face_down) + [c.index + 1 for c in pile.face_up]
            assert list(piles[number]) == cells + [0] * (104 - len(cells))
            assert int(vector[parts["face_down"]][number]) == len(pile.face_down)
            assert int(vector[parts["face_up"]][number]) == len(pile.face_up)
            unit = 0
            if pile.face_up:
                unit = 1
                while unit < len(pile.face_up):
                    lower, upper = pile.face_up[-unit - 1], pile.face_up[-unit]
                    if lower.suit != upper.suit or lower.value != upper.value + 1:
                        break
                    unit += 1
            assert int(vector[parts["units"]][number]) == unit
            for card in pile.face_down:
                unseen[card.index] += 1
        for card in state.stock:
            unseen[card.index] += 1
        runs = [sum(1 for s in state.runs_removed if s is suit) for suit in p13.Suit]
        assert list(vector[parts["runs"]]) == runs
        assert int(vector[parts["stock_size"]][0]) == len(state.stock)
        assert int(vector[parts["deals_left"]][0]) == state.deals_left
        assert list(vector[parts["unseen"]]) == unseen
        assert np.array_equal(envs.encode_spider_information_state(state.observe()), vector)
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))


def _walk(game: str, preset: str, seed: int, moves: int) -> list[Any]:
    if game == "pyramid":
        rules: Any = p13.RuleSet.preset(preset)
    else:
        rules = spider.RuleSet.preset(preset, suits=1 + seed % 2)
    state = p13.get_game(game).deal(seed, rules)
    rng = random.Random(seed)
    observations = [state.observe()]
    for _ in range(moves):
        legal = observations[-1].legal_moves()
        if not legal:
            break
        state = state.apply(rng.choice(legal))
        observations.append(state.observe())
    return observations


@settings(max_examples=15)
@given(
    st.sampled_from(TWIN_CASES),
    st.integers(0, 2**32),
)
def test_the_encoders_kept_up_to_date_give_the_arrays_encoded_afresh(
    case: tuple[str, str], seed: int
) -> None:
    game, preset = case
    observations = _walk(game, preset, seed, 250)
    rules = observations[0].rules
    module: Any = envs
    fresh: Callable[[Any], Any]
    if game == "pyramid":
        encoder: Any = envs.PyramidEncoder(rules)
        fresh, fresh_information = (
            envs.encode_pyramid_observation,
            envs.encode_pyramid_information_state,
        )
        low, high = envs.pyramid_observation_bounds(rules)
        info_low, info_high = envs.pyramid_information_state_bounds(rules)
    else:
        encoder = envs.SpiderEncoder(rules)
        fresh = fresh_information = module.encode_spider_observation
        low, high = info_low, info_high = envs.spider_observation_bounds(rules)
    assert (high > low).all()  # they normalise
    assert (info_high > info_low).all()
    first = encoder.reset(observations[0])
    assert np.array_equal(first, fresh(observations[0]))
    for observation in observations[1:]:
        vector = encoder.update(observation)
        assert np.array_equal(vector, fresh(observation))
        information = encoder.information_state()
        assert np.array_equal(information, fresh_information(observation))
        assert ((low <= vector) & (vector <= high)).all()
        assert ((info_low <= information) & (information <= info_high)).all()
    vector[:] = 0  # an array handed out belongs to its caller
    assert np.array_equal(encoder.update(observations[-1]), fresh(observations[-1]))


@pytest.mark.parametrize(("game", "preset"), TWIN_CASES)
def test_the_fast_step_gives_the_arrays_and_masks_of_the_observation(
    game: str, preset: str
) -> None:
    # A step encodes the position from the state (`advance`), building no observation:
    # at every step of random games, under every preset, its array, information state,
    # mask, status and score are those of `state.observe()`, encoded afresh.
    module: Any = envs
    if game == "pyramid":
        rules: Any = p13.RuleSet.preset(preset)
        encode, encode_information = (
            envs.encode_pyramid_observation,
            envs.encode_pyramid_information_state,
        )
    else:
        rules = spider.RuleSet.preset(preset, suits=4)
        encode = encode_information = module.encode_spider_observation
    env = envs.CardGameEnv(game, rules)
    rng = random.Random(preset)
    steps = 0
    for seed in range(30):
        if steps >= 600:
            break
        observation, info = env.reset(seed=seed)
        for _ in range(400):
            view = env.state.observe()
            assert np.array_equal(observation, encode(view))
            assert np.array_equal(env.information_state(), encode_information(view))
            expected = np.zeros(env.action_space.n, dtype=np.int8)
            if view.is_over:
                expected[envs.END_ACTION] = 1
            else:
                expected[list(view.legal_actions())] = 1
                assert list(view.legal_action_mask()) == list(expected.astype(bool))
            assert np.array_equal(info["action_mask"], expected)
            assert info["status"] == view.status.value
            assert info["score"] == view.score
            assert env.observe() == view
            if view.is_over:
                break
            action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
            observation, _, terminated, _, info = env.step(action)
            assert terminated == env.state.observe().is_over
            steps += 1
    assert steps > 100


def test_the_slices_name_every_entry_once() -> None:
    for rules in (p13.RuleSet.preset("three-stacks"), p13.RuleSet.preset("classic")):
        for parts, size in (
            (envs.pyramid_observation_slices(rules), envs.pyramid_observation_size(rules)),
            (
                envs.pyramid_information_state_slices(rules),
                envs.pyramid_information_state_size(rules),
            ),
        ):
            covered = sorted(i for part in parts.values() for i in range(size)[part])
            assert covered == list(range(size))
    spider_parts = envs.SPIDER_OBSERVATION_SLICES.values()
    covered = sorted(i for part in spider_parts for i in range(envs.SPIDER_OBSERVATION_SIZE)[part])
    assert covered == list(range(envs.SPIDER_OBSERVATION_SIZE))
    env = envs.PyramidEnv("microsoft", information_state=True)
    observation, _ = env.reset(seed=1)
    assert observation.shape == (envs.pyramid_information_state_size(env.rules),)
    assert env.information_state_slices == envs.pyramid_information_state_slices(env.rules)


@pytest.mark.parametrize("game", ["pyramid", "spider"])
def test_observations_never_depend_on_hidden_cards(game: str) -> None:
    # Any deal of the hidden cards consistent with what is seen gives the same arrays.
    rng = random.Random(game)
    encode: Callable[[Any], Any]
    determinize: Callable[[Any, random.Random], Any]
    if game == "pyramid":
        rules = p13.RuleSet.preset("microsoft")
        state: Any = p13.GameState.new(p13.Layout.shuffled(8), rules)
        encode, determinize = envs.encode_pyramid_information_state, p13.determinize
    else:
        srules = spider.RuleSet.preset("microsoft")
        state = spider.GameState.new(spider.Layout.shuffled(8, srules), srules)
        encode, determinize = envs.encode_spider_observation, spider.determinize
    for _ in range(60):
        observation = state.observe()
        vector = encode(observation)
        for _ in range(3):
            sample = determinize(observation, rng)
            assert np.array_equal(encode(sample.observe()), vector)
        if observation.is_over:
            break
        state = state.apply(rng.choice(observation.legal_moves()))


@pytest.mark.parametrize(
    ("env_id", "kwargs"),
    [("pyramid13/Pyramid-v0", {"preset": "microsoft"}), ("pyramid13/Spider-v0", {"suits": 1})],
)
def test_vectorised_environments_step_with_masks(env_id: str, kwargs: dict[str, Any]) -> None:
    vector_env = gymnasium.make_vec(env_id, num_envs=3, **kwargs)
    observations, infos = vector_env.reset(seed=[1, 2, 3])
    assert observations.shape[0] == 3
    masks = infos["action_mask"]
    for _ in range(50):
        actions = np.array([np.flatnonzero(mask)[0] for mask in masks])
        observations, _rewards, _terminated, _truncated, infos = vector_env.step(actions)
        masks = infos["action_mask"]
        assert masks.shape == (3, vector_env.single_action_space.n)
        assert masks.any(axis=1).all()
        assert not infos["illegal_action"].any()
    vector_env.close()


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(p13.InvalidArgumentError):
        gymnasium.make("pyramid13/Pyramid-v0", reward="points")
    with pytest.raises(p13.InvalidArgumentError):
        gymnasium.make("pyramid13/Pyramid-v0", observation="tensor")
    with pytest.raises(p13.InvalidArgumentError):
        gymnasium.make("pyramid13/Pyramid-v0", information_state=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Gymnasium warns of the unknown mode first
        with pytest.raises(p13.InvalidArgumentError):
            gymnasium.make("pyramid13/Spider-v0", render_mode="human")
    with pytest.raises(p13.InvalidRulesError):
        gymnasium.make("pyramid13/Pyramid-v0", preset="no-such-preset")
    env = envs.PyramidEnv()
    for method in (env.action_mask, env.action_masks, env.information_state, env.observe):
        with pytest.raises(p13.InvalidArgumentError):
            method()
    for bad in (-1, 2**64, 1.5, True):
        with pytest.raises(p13.InvalidArgumentError):
            envs.spawn_seeds(bad, 2)
    with pytest.raises(p13.InvalidArgumentError):
        envs.spawn_seeds(1, 0)
