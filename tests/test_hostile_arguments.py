"""Bad arguments to the public API: always a `Pyramid13Error` with a short message.

Never a TypeError, AttributeError, KeyError or OverflowError, never Python's own "exceeds
the limit for integer string conversion" ValueError (which a 5,000-digit int's ``repr``
raises), and never a message as long as the value it was given.
"""

from __future__ import annotations

import inspect
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import attrs
import numpy as np
import pytest
from hypothesis import find, given
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13 import GameState, Layout, Move, RuleSet, spider
from pyramid13._base.text import describe
from pyramid13.strategies import game_states

STATE = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
CODE = STATE.to_string()
STOCK = p13.CardLocation(p13.Place.STOCK)
RECORD = p13.GameRecord.from_state(STATE.apply("KC")).to_json()


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _picture_calls(state: Any) -> dict[str, Callable[[Any], object]]:
    """`to_svg`'s options, each given a hostile value, for `state`'s game."""
    return {
        "to_svg(lastmove)": lambda v: p13.to_svg(state, lastmove=v),
        "to_svg(arrows)": lambda v: p13.to_svg(state, arrows=v),
        "to_svg(an arrow)": lambda v: p13.to_svg(state, arrows=[v]),
        "to_svg(fill)": lambda v: p13.to_svg(state, fill=v),
        "to_svg(fill colour)": lambda v: p13.to_svg(state, fill={STOCK: v}),
        "to_svg(fill place)": lambda v: (
            p13.to_svg(state, fill={v: "red"}) if _hashable(v) else None
        ),
        "to_svg(four_color)": lambda v: p13.to_svg(state, four_color=v),
        "to_svg(colors)": lambda v: p13.to_svg(state, colors=v),
        "to_svg(colors name)": lambda v: (
            p13.to_svg(state, colors={v: "red"}) if _hashable(v) else None
        ),
        "to_svg(colors value)": lambda v: p13.to_svg(state, colors={"table": v}),
        "to_svg(style)": lambda v: p13.to_svg(state, style=v),
        "to_svg(id_prefix)": lambda v: p13.to_svg(state, id_prefix=v),
    }


HOSTILE: list[Any] = [
    None,
    "x",
    "",
    5,
    -1,
    10**5000,
    -(10**5000),
    math.nan,
    math.inf,
    True,
    object(),
    b"KC",
    ["KC"],
    1.5,
    "\udcff",
    "²",
    "x" * 100_000,
]

CALLS: dict[str, Callable[[Any], object]] = {
    "Card.parse": lambda v: p13.Card.parse(v),
    "Card.from_index": lambda v: p13.Card.from_index(v),
    "Card(rank)": lambda v: p13.Card(v, p13.Suit.CLUBS),
    "Layout.parse": lambda v: Layout.parse(v),
    "Layout.from_cards": lambda v: Layout.from_cards(v),
    "Layout.shuffled": lambda v: Layout.shuffled(v),
    "Layout.from_pysolfc": lambda v: Layout.from_pysolfc(v),
    "Move.parse": lambda v: Move.parse(v),
    "Move.remove": lambda v: Move.remove(v),
    "Move(kind)": lambda v: Move(v),
    "RuleSet.preset": lambda v: RuleSet.preset(v),
    "RuleSet.from_dict": lambda v: RuleSet.from_dict(v),
    "RuleSet(passes)": lambda v: RuleSet(passes=v),
    "RuleSet(draw_count)": lambda v: RuleSet(draw_count=v),
    "RuleSet(scoring)": lambda v: RuleSet(scoring=v),
    "scoring_policy": lambda v: p13.scoring_policy(v),
    "GameState.new(layout)": lambda v: GameState.new(v),
    "GameState.new(rules)": lambda v: GameState.new(Layout.shuffled(1), v),
    "GameState.from_string(text)": lambda v: GameState.from_string(v),
    "GameState.from_string(rules)": lambda v: GameState.from_string(CODE, v),
    "GameState.apply": lambda v: STATE.apply(v),
    "GameState.is_legal": lambda v: STATE.is_legal(v),
    "perft(state)": lambda v: p13.perft(v, 1),
    "perft(depth)": lambda v: p13.perft(STATE, v) if not isinstance(v, int) or v < 3 else 0,
    "perft_divide(state)": lambda v: p13.perft_divide(v, 1),
    "solve(state)": lambda v: p13.solve(v),
    "solve(time_limit)": lambda v: p13.solve(STATE, time_limit=v, node_limit=10),
    "solve(node_limit)": lambda v: p13.solve(STATE, node_limit=v, time_limit=0.01),
    "hint(state)": lambda v: p13.hint(v),
    "hint(time_limit)": lambda v: p13.hint(STATE, time_limit=v, node_limit=10),
    "to_svg(state)": lambda v: p13.to_svg(v),
    "to_svg(highlight)": lambda v: p13.to_svg(STATE, highlight=v),
    "to_svg(title)": lambda v: p13.to_svg(STATE, title=v),
    "to_svg(scale)": lambda v: p13.to_svg(STATE, scale=v),
    **_picture_calls(STATE),
    "win_rate(rules)": lambda v: p13.win_rate(v, range(1), workers=1),
    "win_rate(deals)": lambda v: p13.win_rate("classic", v, workers=1),
    "win_rate(player)": lambda v: p13.win_rate("classic", range(1), v, workers=1),
    "win_rate(time_limit)": lambda v: p13.win_rate("classic", range(1), workers=1, time_limit=v),
    "wilson_interval(successes)": lambda v: p13.wilson_interval(v, 10),
    "wilson_interval(trials)": lambda v: p13.wilson_interval(0, v),
    "wilson_interval(z)": lambda v: p13.wilson_interval(1, 2, v),
    "RandomBot(seed)": lambda v: p13.RandomBot(v),
    "SolverBot(node_limit)": lambda v: p13.SolverBot(node_limit=v),
    "SolverBot(time_limit)": lambda v: p13.SolverBot(time_limit=v),
    "GreedyBot.choose": lambda v: p13.GreedyBot().choose(v),
    "ReplanBot(samples)": lambda v: p13.ReplanBot(v),
    "ReplanBot(node_limit)": lambda v: p13.ReplanBot(node_limit=v),
    "ReplanBot(seed)": lambda v: p13.ReplanBot(seed=v),
    "ReplanBot.choose": lambda v: p13.ReplanBot().choose(v),
    "honest_hint": lambda v: p13.honest_hint(v),
    "GameRecord.from_state": lambda v: p13.GameRecord.from_state(v),
    "GameRecord.from_json": lambda v: p13.GameRecord.from_json(v),
    "RecordMetadata(player)": lambda v: p13.RecordMetadata(player=v),
    "format_msc_solution": lambda v: p13.format_msc_solution(v),
    "parse_msc_solution": lambda v: p13.parse_msc_solution(v),
    "RuleSet.from_dict(key)": lambda v: RuleSet.from_dict({v: 1}) if _hashable(v) else None,
    "RuleSet.from_dict(policies)": lambda v: RuleSet.from_dict({}, policies=v),
    "GameRecord(moves)": lambda v: p13.GameRecord(STATE, v),
    "GameRecord.from_json(policies)": lambda v: p13.GameRecord.from_json(RECORD, policies=v),
    "win_rate(max_moves)": lambda v: p13.win_rate("classic", range(1), "greedy", max_moves=v),
    "win_rate(executor)": lambda v: (
        p13.win_rate("classic", range(2), "greedy", executor=v) if v is not None else None
    ),
    "game_states(rules)": lambda v: game_states(v),
    "game_states(max_moves)": lambda v: game_states(max_moves=v),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_only_library_errors_with_short_messages(name: str) -> None:
    call = CALLS[name]
    problems = []
    for value in HOSTILE:
        try:
            call(value)
        except p13.Pyramid13Error as error:
            if len(str(error)) >= 400:
                problems.append(f"{name}({describe(value)}): a message of {len(str(error))}")
        except Exception as error:  # the test is that none of these happen
            problems.append(f"{name}({describe(value)}): {type(error).__name__}: {error}")
    assert not problems


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: Layout.shuffled(10**5000), p13.InvalidLayoutError, "an int of 5001 digits"),
        (lambda: Layout.from_cards(None), p13.InvalidLayoutError, "not NoneType"),  # type: ignore[arg-type]
        (lambda: Layout.from_cards("AS KS"), p13.InvalidLayoutError, "Layout.parse"),  # type: ignore[arg-type]
        (lambda: p13.to_svg(STATE, highlight=5), p13.InvalidMoveError, "not int"),
        (lambda: p13.perft("x", 1), p13.InvalidArgumentError, "must be a game state"),  # type: ignore[arg-type]
        (lambda: p13.perft_divide(None, 1), p13.InvalidArgumentError, "must be a game state"),  # type: ignore[arg-type]
        (lambda: p13.solve("AS 2S"), p13.InvalidArgumentError, "must be a GameState"),  # type: ignore[arg-type]
        (lambda: p13.solve(STATE, time_limit=math.nan), p13.InvalidArgumentError, "nan"),
        (lambda: p13.solve(STATE, time_limit=math.inf), p13.InvalidArgumentError, "inf"),
        (lambda: p13.solve(STATE, time_limit=10**400), p13.InvalidArgumentError, "finite"),
        (lambda: p13.hint(STATE, time_limit=math.nan), p13.InvalidArgumentError, "finite"),
        (lambda: p13.SolverBot(time_limit=math.inf), p13.InvalidArgumentError, "finite"),
        (lambda: p13.win_rate("classic", range(2), time_limit=math.nan), p13.Pyramid13Error, "nan"),
        (lambda: p13.scoring_policy("vegas"), p13.InvalidRulesError, "unknown scoring policy"),
        (lambda: p13.RecordMetadata(player=10**5000), p13.InvalidRecordError, "5001 digits"),  # type: ignore[arg-type]
        (lambda: Move.parse("x" * 10**6), p13.InvalidMoveError, r"\.\.\."),
        (lambda: STATE.is_legal("4C+"), p13.InvalidMoveError, "card 2"),
        (lambda: STATE.apply("4C+8C"), p13.IllegalMoveError, "sums to 12"),
        (lambda: STATE.is_legal(5.0), p13.InvalidMoveError, "not float"),  # type: ignore[arg-type]
        (lambda: GameState.new(Layout.shuffled(1), "vegas"), p13.InvalidRulesError, "vegas"),
    ],
)
def test_the_documented_error(
    call: Callable[[], object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message) as caught:
        call()
    assert len(str(caught.value)) < 400


def test_a_deal_range_is_checked_at_its_ends_at_once() -> None:
    # min() and max() walked the whole range: 100 million seeds took 18 s to refuse.
    seeds = range(2**64 - 1, 2**64 - 1 + 10**12)
    with pytest.raises(p13.InvalidArgumentError, match=r"0\.\.2\*\*64-1"):
        p13.win_rate("classic", seeds, workers=1)


# -- immutability -----------------------------------------------------------------------------


def test_states_are_frozen() -> None:
    state = STATE.apply("KC")
    before = (hash(state), state.to_string(), state.score)
    for name in ("_score", "_pyr", "_parent", "score", "new_attribute", "__class__"):
        with pytest.raises(attrs.exceptions.FrozenInstanceError, match="immutable"):
            setattr(state, name, 999)
        with pytest.raises(AttributeError):
            delattr(state, name)
    assert (hash(state), state.to_string(), state.score) == before
    assert state.undo() is STATE
    assert type(state) is GameState


@given(game_states(max_moves=40))
def test_every_state_the_engine_makes_is_frozen(state: GameState) -> None:
    for each in (state, state.start, *(state.apply(move) for move in state.legal_moves())):
        assert type(each) is GameState
        with pytest.raises(AttributeError):
            each._score = 1


# -- one rule for moves given as text, preset names everywhere --------------------------------

TEXTS = ["draw", "recycle", "DRAW", " kc ", "9c+4c", "KD", "kh", "KS", "4C+8C", "", "KC+AS"]


@given(game_states(max_moves=40), st.sampled_from(range(52)), st.sampled_from(range(52)))
def test_is_legal_agrees_with_apply_on_text(state: GameState, first: int, second: int) -> None:
    a, b = p13.DECK[first], p13.DECK[second]
    texts = [*TEXTS, f"{a}+{b}".lower(), f" {b} + {a} ", str(a)]
    for text in texts:
        try:
            Move.parse(text)
        except p13.InvalidMoveError:
            with pytest.raises(p13.InvalidMoveError):
                state.is_legal(text)
            continue
        try:
            state.apply(text)
        except p13.IllegalMoveError:
            assert not state.is_legal(text), text
        else:
            # `apply` also plays a draw or recycle the honest view offers where the engine
            # has declared the game LOST from the stock it knows, which no longer has any
            # legal move (the documented exception)
            assert state.is_legal(text) or (
                state.status is p13.Status.LOST
                and Move.parse(text) in state.observe().legal_moves()
            ), text
        assert state.is_legal(text) == state.is_legal(Move.parse(text))


@pytest.mark.parametrize("name", RuleSet.preset_names())
def test_a_preset_name_is_rules_everywhere(name: str) -> None:
    rules = RuleSet.preset(name)
    layout = Layout.shuffled(3)
    assert GameState.new(layout, name) == GameState.new(layout, rules)
    code = GameState.new(layout, rules).to_string().rsplit(" ", 1)[0]  # rules left out
    assert GameState.from_string(code, name) == GameState.from_string(code, rules)
    assert p13.win_rate(name, range(1), "greedy", workers=1).rules == rules
    assert find(game_states(name, max_moves=0), lambda state: True).rules == rules


# -- pictures ---------------------------------------------------------------------------------

SVG = "{http://www.w3.org/2000/svg}"


def test_removed_slots_are_drawn_under_the_cards() -> None:
    state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
    for move in ("KC", "KH"):  # two bottom-row Kings: their slots lie under row 6's cards
        state = state.apply(move)
    root = ET.fromstring(p13.to_svg(state))
    order = [
        "empty" if element.get("class") == "empty slot" else "card"
        for element in root
        if element.get("class") == "empty slot" or "card" in (element.get("class") or "").split()
    ]
    # Every dashed outline of the pyramid comes before (under) the first card in paint order.
    assert order.index("card") == sum(1 for slot in state.pyramid if slot is None)
    assert order.count("empty") >= 2


@pytest.mark.parametrize("scale", [0.5, 1, 2, 1.25])
def test_scale_sets_the_size_and_keeps_the_drawing(scale: float) -> None:
    natural = ET.fromstring(p13.to_svg(STATE))
    scaled = ET.fromstring(p13.to_svg(STATE, scale=scale))
    assert scaled.get("viewBox") == natural.get("viewBox")
    for side in ("width", "height"):
        assert float(scaled.get(side, "")) == pytest.approx(float(natural.get(side, "")) * scale)
    assert [e.tag for e in scaled.iter()] == [e.tag for e in natural.iter()]


@pytest.mark.parametrize("scale", [0, -1, math.nan, math.inf, 101, True, "2"])
def test_bad_scales_are_refused(scale: object) -> None:
    with pytest.raises(p13.InvalidArgumentError, match="scale"):
        p13.to_svg(STATE, scale=scale)  # type: ignore[arg-type]


def test_any_title_makes_a_valid_document() -> None:
    title = "a\udcff\x00\x1b[31m<b>&\ufffe\U0001f600"
    root = ET.fromstring(p13.to_svg(STATE, title=title).encode("utf-8"))
    texts = [element.text for element in root.iter(f"{SVG}text")]
    assert "a\ufffd\ufffd\ufffd[31m<b>&\ufffd\U0001f600" in texts


# -- Spider: the same promises --------------------------------------------------------------

SPIDER_RULES = spider.RuleSet.preset("microsoft")
SPIDER = spider.GameState.new(spider.Layout.shuffled(1, SPIDER_RULES), SPIDER_RULES)
SPIDER_CODE = SPIDER.to_string()
SPIDER_DECK = [card for pile in SPIDER.layout.piles for card in pile] + [
    card for deal in SPIDER.layout.deals for card in deal
]
SPIDER_RECORD = p13.GameRecord.from_state(SPIDER.apply(SPIDER.legal_moves()[0])).to_json()


def _spider_env() -> Any:
    import gymnasium

    import pyramid13.envs  # noqa: F401  (registers the environments)

    env = gymnasium.make("pyramid13/Spider-v0", preset="microsoft", suits=1)
    env.reset(seed=1)
    return env


SPIDER_CALLS: dict[str, Callable[[Any], object]] = {
    "Layout.shuffled(seed)": lambda v: spider.Layout.shuffled(v, SPIDER_RULES),
    "Layout.shuffled(rules)": lambda v: spider.Layout.shuffled(1, v),
    "Layout.parse": lambda v: spider.Layout.parse(v),
    "Layout.from_pysolfc": lambda v: spider.Layout.from_pysolfc(v),
    "RuleSet.preset": lambda v: spider.RuleSet.preset(v),
    "RuleSet.preset(suits)": lambda v: spider.RuleSet.preset("microsoft", v),
    "RuleSet.from_dict": lambda v: spider.RuleSet.from_dict(v),
    "GameState.new(layout)": lambda v: spider.GameState.new(v),
    "GameState.new(rules)": lambda v: spider.GameState.new(SPIDER.layout, v),
    "GameState.apply": lambda v: SPIDER.apply(v),
    "GameState.is_legal": lambda v: SPIDER.is_legal(v),
    "Move.parse": lambda v: spider.Move.parse(v),
    "to_svg(highlight)": lambda v: p13.to_svg(SPIDER, highlight=v),
    "to_svg(title)": lambda v: p13.to_svg(SPIDER, title=v),
    "to_svg(scale)": lambda v: p13.to_svg(SPIDER, scale=v),
    **_picture_calls(SPIDER),
    "Layout.from_cards": lambda v: spider.Layout.from_cards(v),
    "Layout.from_cards(shape)": lambda v: spider.Layout.from_cards(SPIDER_DECK, v),
    "Layout.from_pysolfc(suits)": lambda v: spider.Layout.from_pysolfc(1, v),
    "RuleSet(suits)": lambda v: spider.RuleSet(suits=v),
    "RuleSet(scoring)": lambda v: spider.RuleSet(scoring=v),
    "RuleSet.from_dict(policies)": lambda v: spider.RuleSet.from_dict({}, policies=v),
    "scoring_policy": lambda v: spider.scoring_policy(v),
    "GameState.from_string(text)": lambda v: spider.GameState.from_string(v),
    "GameState.from_string(rules)": lambda v: spider.GameState.from_string(SPIDER_CODE, v),
    "solve(state)": lambda v: spider.solve(v),
    "solve(node_limit)": lambda v: spider.solve(SPIDER, node_limit=v, time_limit=0.01),
    "hint(state)": lambda v: spider.hint(v),
    "GreedyBot.choose": lambda v: spider.GreedyBot().choose(v),
    "RandomBot.choose": lambda v: spider.RandomBot().choose(v),
    "SamplingBot.choose": lambda v: spider.SamplingBot(1, depth=1).choose(v),
    "PlannerBot.choose": lambda v: spider.PlannerBot(10).choose(v),
    "SamplingBot(samples)": lambda v: spider.SamplingBot(v),
    "determinize(observation)": lambda v: spider.determinize(v, random.Random(1)),
    "determinize(rng)": lambda v: spider.determinize(SPIDER.observe(), v),
    "GameRecord.from_state": lambda v: p13.GameRecord.from_state(v),
    "GameRecord.from_json(policies)": lambda v: p13.GameRecord.from_json(SPIDER_RECORD, policies=v),
    "save_game(path)": lambda v: p13.save_game(SPIDER, v) if not isinstance(v, str) else None,
    "load_game(path)": lambda v: p13.load_game(v) if not isinstance(v, str) else None,
    "Spider-v0 step": lambda v: _spider_env().step(v),
    "Spider-v0 reset(seed)": lambda v: _spider_env().reset(seed=v),
    "Spider-v0 reset(deal_seed)": lambda v: _spider_env().reset(options={"deal_seed": v}),
    "Spider-v0 reset(options)": lambda v: _spider_env().reset(options=v),
}


@pytest.mark.parametrize("name", sorted(SPIDER_CALLS))
def test_spider_only_library_errors_with_short_messages(name: str) -> None:
    call = SPIDER_CALLS[name]
    problems = []
    for value in HOSTILE:
        try:
            call(value)
        except p13.Pyramid13Error as error:
            if len(str(error)) >= 400:
                problems.append(f"{name}({describe(value)}): a message of {len(str(error))}")
        except Exception as error:  # the test is that none of these happen
            problems.append(f"{name}({describe(value)}): {type(error).__name__}: {error}")
    assert not problems


@pytest.mark.parametrize("name", spider.RuleSet.preset_names())
def test_a_spider_preset_name_is_rules_everywhere(name: str) -> None:
    rules = spider.RuleSet.preset(name)
    assert spider.Layout.shuffled(4, name) == spider.Layout.shuffled(4, rules)
    layout = spider.Layout.shuffled(4, rules)
    assert spider.GameState.new(layout, name) == spider.GameState.new(layout, rules)


def test_spider_is_legal_agrees_with_apply_on_text() -> None:
    state = SPIDER
    for _ in range(30):
        for move in state.legal_moves():
            assert state.is_legal(str(move))
        texts = ["deal", "1:1>2", "10:1>1", "3:13>4", "remove 1"]
        for text in texts:
            try:
                spider.Move.parse(text)
            except p13.InvalidMoveError:
                continue
            try:
                state.apply(text)
            except p13.IllegalMoveError:
                assert not state.is_legal(text), text
            else:
                assert state.is_legal(text), text
        if not state.legal_moves():
            break
        state = state.apply(state.legal_moves()[-1])


def test_a_spider_picture_with_any_title_is_a_document() -> None:
    root = ET.fromstring(p13.to_svg(SPIDER, title="a\udcff\x00<b>").encode("utf-8"))
    assert root.get("aria-label") == "a\ufffd\ufffd<b>"


PYRAMID_STATE: Any = STATE
ANY_SPIDER: Any = SPIDER
NOTHING: Any = None


def _any(value: object) -> Any:
    """`value`, typed to pass where the calls below put a wrong type on purpose."""
    return value


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: spider.Layout.from_cards(NOTHING), p13.InvalidLayoutError, "not NoneType"),
        (lambda: spider.Layout.from_cards(_any(3)), p13.InvalidLayoutError, "not int"),
        (
            lambda: spider.Layout.from_cards(_any("AS 2S")),
            p13.InvalidLayoutError,
            "Layout.parse",
        ),
        (lambda: spider.solve(NOTHING), p13.InvalidArgumentError, "Spider GameState, not NoneType"),
        (
            lambda: spider.solve(_any("AS 2S")),
            p13.InvalidArgumentError,
            "Spider GameState, not str",
        ),
        (
            lambda: spider.hint(PYRAMID_STATE),
            p13.InvalidArgumentError,
            "state must be a Spider GameState, not a Pyramid GameState",
        ),
        (
            lambda: spider.solve(PYRAMID_STATE),
            p13.InvalidArgumentError,
            "state must be a Spider GameState, not a Pyramid GameState",
        ),
        (lambda: spider.GreedyBot().choose(NOTHING), p13.InvalidArgumentError, "not NoneType"),
        (
            lambda: spider.GreedyBot().choose(PYRAMID_STATE.observe()),
            p13.InvalidArgumentError,
            "not a Pyramid Observation",
        ),
        (lambda: spider.scoring_policy("x"), p13.InvalidRulesError, "unknown Spider scoring"),
        (
            lambda: spider.scoring_policy(_any([])),
            p13.InvalidRulesError,
            "unknown Spider scoring",
        ),
        (
            lambda: p13.GameRecord.from_json(SPIDER_RECORD, policies=3),  # type: ignore[arg-type]
            p13.InvalidRecordError,
            "policies must be a mapping",
        ),
        (lambda: spider.RuleSet(suits=2.0), p13.InvalidRulesError, "not 2.0"),  # type: ignore[arg-type]
        (lambda: spider.RuleSet.preset("kpat", suits=2.0), p13.InvalidRulesError, "not 2.0"),  # type: ignore[arg-type]
        (lambda: spider.Layout.from_pysolfc(1, suits=2.0), p13.InvalidLayoutError, "not 2.0"),  # type: ignore[arg-type]
        (lambda: spider.RuleSet.from_dict({"suits": 2.0}), p13.InvalidRulesError, "not 2.0"),
        (lambda: p13.save_game(SPIDER, "a\x00b"), p13.InvalidArgumentError, "NUL"),
        (lambda: p13.save_game(STATE, "a\x00b"), p13.InvalidArgumentError, "NUL"),
        (lambda: p13.load_game("a\x00b"), p13.InvalidArgumentError, "NUL"),
        (lambda: p13.GameRecord.load("a\x00b"), p13.InvalidArgumentError, "NUL"),
    ],
)
def test_spider_the_documented_error(
    call: Callable[[], object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message) as caught:
        call()
    assert len(str(caught.value)) < 400


def test_numpy_suit_counts_are_refused_not_saved_broken() -> None:
    np = pytest.importorskip("numpy")
    with pytest.raises(p13.InvalidRulesError, match="suits must be 1, 2 or 4"):
        spider.RuleSet(suits=np.int64(2))
    with pytest.raises(p13.InvalidRulesError, match="suits must be 1, 2 or 4"):
        spider.RuleSet.preset("microsoft", suits=np.int64(2))


@pytest.mark.parametrize(
    "bot",
    [
        spider.RandomBot(1),
        spider.SamplingBot(2, depth=3),
        spider.PlannerBot(20),
        spider.ReplanBot(),
        spider.RolloutBot(),
    ],
    ids=repr,
)
def test_spider_bot_settings_are_fixed_once_built(bot: Any) -> None:
    import pickle

    before = repr(bot)
    settings = [
        name for name in ("samples", "candidates", "depth", "budget", "seed") if hasattr(bot, name)
    ]
    assert settings
    for name in settings:
        with pytest.raises(attrs.exceptions.FrozenInstanceError, match="fixed once built"):
            setattr(bot, name, "x")
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            delattr(bot, name)
    with pytest.raises(AttributeError):  # a class attribute: read-only on the instance
        bot.honest = False
    assert repr(bot) == before
    again = pickle.loads(pickle.dumps(bot))
    assert again == bot
    assert repr(again) == before
    assert bot.choose(SPIDER) in SPIDER.legal_moves()


@pytest.mark.parametrize("action", ["abc", None, [1, 2], math.nan, 117.9, 3.0, True])
def test_spider_env_refuses_an_action_that_is_not_an_int(action: object) -> None:
    env = _spider_env()
    before = env.unwrapped.state
    with pytest.raises(p13.InvalidArgumentError, match="an action must be an int"):
        env.step(action)
    assert env.unwrapped.state is before


def test_spider_env_takes_numpy_actions_and_checks_seeds() -> None:
    np = pytest.importorskip("numpy")
    env = _spider_env()
    state = env.unwrapped.state
    action = state.legal_actions()[0]
    env.step(np.int64(action))
    assert env.unwrapped.state.history == (spider.action_to_move(action),)
    for seed in (-1, 2**64, 1.5, "1"):
        with pytest.raises(p13.InvalidArgumentError, match="seed must be an int"):
            env.reset(seed=seed)
    for deal_seed in (None, -1, "3", 2.0):
        with pytest.raises(p13.InvalidArgumentError, match="deal_seed"):
            env.reset(options={"deal_seed": deal_seed})
    env.reset(options={"deal_seed": np.int64(3)})
    assert env.unwrapped._deal_seed == 3


# -- one rule for every node limit, in both games ----------------------------------------------

MAX_NODE_LIMIT = 2**63 - 1
SPIDER_START = spider.GameState.new(spider.Layout.shuffled(1))

NODE_LIMIT_CALLS: dict[str, Callable[[Any], object]] = {
    "solve": lambda v: p13.solve(STATE, node_limit=v, time_limit=0.05),
    "hint": lambda v: p13.hint(STATE, node_limit=v, time_limit=0.05),
    "Hinter": lambda v: p13.Hinter(node_limit=v, time_limit=0.05).hint(STATE),
    "pyramid.Hinter": lambda v: p13.pyramid.Hinter(node_limit=v, time_limit=0.05).hint(STATE),
    "spider.solve": lambda v: spider.solve(SPIDER_START, node_limit=v, time_limit=0.05),
    "spider.hint": lambda v: spider.hint(SPIDER_START, node_limit=v, time_limit=0.05),
    "spider.Hinter": lambda v: spider.Hinter(node_limit=v, time_limit=0.05).hint(SPIDER_START),
    "Hinter on Spider": lambda v: p13.Hinter(node_limit=v, time_limit=0.05).hint(SPIDER_START),
    "SolverBot": lambda v: p13.SolverBot(node_limit=v),
    "ReplanBot": lambda v: p13.ReplanBot(node_limit=v),
    "spider.ReplanBot": lambda v: spider.ReplanBot(node_limit=v),
    "spider.RolloutBot": lambda v: spider.RolloutBot(node_limit=v),
    "win_rate": lambda v: p13.win_rate("classic", range(1), workers=1, node_limit=v),
}


def _set_node_limit(hinter: Any, value: object) -> object:
    hinter.node_limit = value
    return hinter.hint(STATE if not isinstance(hinter, spider.Hinter) else SPIDER_START)


NODE_LIMIT_CALLS.update(
    {
        "Hinter.node_limit =": lambda v: _set_node_limit(p13.Hinter(time_limit=0.05), v),
        "pyramid.Hinter.node_limit =": lambda v: _set_node_limit(
            p13.pyramid.Hinter(time_limit=0.05), v
        ),
        "spider.Hinter.node_limit =": lambda v: _set_node_limit(spider.Hinter(time_limit=0.05), v),
    }
)


@pytest.mark.parametrize("name", sorted(NODE_LIMIT_CALLS))
def test_every_node_limit_takes_ints_up_to_2_63_and_refuses_the_rest_alike(name: str) -> None:
    # Regression: 10**309 raised OverflowError in Pyramid's hint and Hinter, where solve
    # and Spider's hint took it.
    call = NODE_LIMIT_CALLS[name]
    for value in (0, -1, 2**63, 10**309, 10**5000):
        with pytest.raises(p13.InvalidArgumentError, match=r"must be an int in 1\.\.2\*\*63-1"):
            call(value)
    call(MAX_NODE_LIMIT)  # the largest is taken
    call(1)


@pytest.mark.parametrize("hinter_type", [p13.pyramid.Hinter, spider.Hinter])
def test_a_games_hinter_checks_a_limit_set_later_as_a_given_one(hinter_type: Any) -> None:
    hinter = hinter_type(node_limit=7, time_limit=0.5)
    refused = {
        "node_limit": (0, 2**63, 1.5, True, "7"),
        "time_limit": (0, -1.0, math.nan, math.inf, 10**400, True, "1"),
    }
    for name, values in refused.items():
        for value in values:
            with pytest.raises(p13.InvalidArgumentError) as given:
                hinter_type(**{name: value})
            with pytest.raises(p13.InvalidArgumentError) as set_later:
                setattr(hinter, name, value)
            assert str(set_later.value) == str(given.value)
            assert str(given.value).startswith(f"{name} must be ")
    assert (hinter.node_limit, hinter.time_limit) == (7, 0.5)  # a refused value changes nothing
    for node_limit, time_limit in ((None, None), (MAX_NODE_LIMIT, 2), (1, 1e-9)):
        hinter.node_limit, hinter.time_limit = node_limit, time_limit
        assert (hinter.node_limit, hinter.time_limit) == (node_limit, time_limit)
    assert "node_limit=1, time_limit=1e-09" in repr(hinter)
    for name in refused:  # documented on the class, as `help` shows it
        assert "None" in (inspect.getdoc(getattr(hinter_type, name)) or "")


def test_rolloutbots_solve_limit_follows_the_rule_from_0() -> None:
    assert spider.RolloutBot(solve_limit=0).solve_limit == 0
    assert spider.RolloutBot(solve_limit=MAX_NODE_LIMIT).solve_limit == MAX_NODE_LIMIT
    with pytest.raises(p13.InvalidArgumentError, match=r"solve_limit must be an int in 0\.\."):
        spider.RolloutBot(solve_limit=10**309)


# -- the constructors of public values check their fields --------------------------------------

_VIEW = STATE.observe()
_VIEW_FIELDS = [str(field.alias) for field in attrs.fields(p13.Observation) if field.init]
_SPIDER_VIEW_FIELDS = [str(field.alias) for field in attrs.fields(spider.Observation) if field.init]


def _use(value: Any) -> None:
    """What a caller does with a value: show it, and ask a view its moves and its code."""
    str(value)
    repr(value)
    if isinstance(value, (p13.Observation, spider.Observation)):
        value.legal_moves()
        value.to_string()
    if isinstance(value, (spider.Pile, spider.ObservedPile)):
        len(value)
        _ = value.top


def _evolving(view: Any, name: str) -> Callable[[Any], object]:
    """A call that builds `view` again with field `name` changed, and uses it."""
    return lambda value: _use(attrs.evolve(view, **{name: value}))


VALUE_CALLS: dict[str, Callable[[Any], object]] = {
    "CardLocation(place)": lambda v: _use(p13.CardLocation(v)),
    "CardLocation(index)": lambda v: _use(p13.CardLocation(p13.Place.PILE, v)),
    "CardLocation(depth)": lambda v: _use(p13.CardLocation(p13.Place.STOCK, None, v)),
    "Change(card)": lambda v: _use(p13.Change(v, STOCK, STOCK)),
    "Change(source)": lambda v: _use(p13.Change(None, v, STOCK)),
    "Change(target)": lambda v: _use(p13.Change(None, STOCK, v)),
    "Change(turned_up)": lambda v: _use(p13.Change(None, STOCK, STOCK, v)),
    "spider.Pile(face_down)": lambda v: _use(spider.Pile(v, ())),
    "spider.Pile(face_up)": lambda v: _use(spider.Pile((), v)),
    "spider.ObservedPile(face_down_count)": lambda v: _use(spider.ObservedPile(v, ())),
    "spider.ObservedPile(face_up)": lambda v: _use(spider.ObservedPile(0, v)),
    **{f"Observation({name})": _evolving(_VIEW, name) for name in _VIEW_FIELDS},
    **{
        f"spider.Observation({name})": _evolving(SPIDER.observe(), name)
        for name in _SPIDER_VIEW_FIELDS
    },
}


@pytest.mark.parametrize("name", sorted(VALUE_CALLS))
def test_public_values_built_by_hand_check_their_fields(name: str) -> None:
    # Regression: spider.Observation(None, None, ...).legal_moves() and
    # len(spider.Pile(None, None)) raised TypeError; now the constructor refuses them.
    call = VALUE_CALLS[name]
    problems = []
    for value in [*HOSTILE, (None,), ("KC",), (p13.Card.parse("KC"), "x")]:
        try:
            call(value)
        except p13.InvalidArgumentError as error:
            if len(str(error)) >= 400:
                problems.append(f"{name}({describe(value)}): a message of {len(str(error))}")
        except Exception as error:  # the test is that none of these happen
            problems.append(f"{name}({describe(value)}): {type(error).__name__}: {error}")
    assert not problems


def test_the_checks_name_the_value_and_the_field() -> None:
    with pytest.raises(p13.InvalidArgumentError, match="a Pile's face_down must be a tuple"):
        spider.Pile(None, None)  # type: ignore[arg-type]
    with pytest.raises(p13.InvalidArgumentError, match="the observation's rules must be a Spider"):
        spider.Observation(None, None, None, None, None, None, None, None, None)  # type: ignore[arg-type]
    with pytest.raises(p13.InvalidArgumentError, match="a Pyramid Observation's pyramid"):
        attrs.evolve(_VIEW, pyramid=_VIEW.pyramid[1:])
    with pytest.raises(p13.InvalidArgumentError, match="a CardLocation's place must be a Place"):
        p13.CardLocation("stock")  # type: ignore[arg-type]
    assert p13.CardLocation(p13.Place.PILE, np.int64(3)).index == 3  # NumPy's ints are ints
    assert attrs.evolve(_VIEW) == _VIEW  # what observe gives passes its own checks
