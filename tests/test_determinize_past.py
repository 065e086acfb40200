"""`determinize` gives a whole game, in both games: a deal of the rules from which the
observation's history plays to the sample, found from the observation alone, so that every
public function (`hint`, `Hinter`, `changes`, `change_steps`, `undo`, `solve`,
`save_game`) works on the sample as on any state; and a sample whose observation no deal
leads to (a game begun from a position code) still works, as the first state of a game of
its own.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13 import spider
from pyramid13._base.scaffold import DeferredParent
from pyramid13.strategies import rulesets

PYRAMID_PRESETS = p13.RuleSet.preset_names()
SPIDER_PRESETS = [(name, suits) for name in spider.RuleSet.preset_names() for suits in (1, 2, 4)]


def pyramid_views(rules: p13.RuleSet, seed: int, every: int) -> Iterator[p13.GameState]:
    """States of a random game that mostly removes what it can: every `every` moves, and
    the last."""
    rng = random.Random(seed)
    state = p13.GameState.new(p13.Layout.shuffled(seed), rules)
    while True:
        legal = state.observe().legal_moves()
        if not legal or len(state.history) >= 200:
            yield state
            return
        if len(state.history) % every == every - 1:
            yield state
        removals = [move for move in legal if move.is_removal]
        state = state.apply(rng.choice(removals if removals and rng.random() < 0.7 else legal))


def spider_views(rules: spider.RuleSet, seed: int, every: int) -> Iterator[spider.GameState]:
    """States of a random game that mostly builds runs of one suit (so that runs are
    lifted off): every `every` moves, and the last."""
    rng = random.Random(seed)
    state = spider.GameState.new(spider.Layout.shuffled(seed, rules), rules)
    while True:
        legal = state.legal_moves()
        if not legal or len(state.history) >= 200:
            yield state
            return
        if len(state.history) % every == every - 1:
            yield state
        removals = [move for move in legal if move.kind is spider.MoveKind.REMOVE]
        building = []
        for move in legal:
            if move.kind is spider.MoveKind.UNIT:
                assert move.source is not None
                assert move.count is not None
                assert move.target is not None
                up = state.piles[move.source].face_up
                onto = state.piles[move.target].top
                turns = move.count == len(up) and state.piles[move.source].face_down
                if (onto is not None and onto.suit is up[-move.count].suit) or turns:
                    building.append(move)
        if removals:
            move = removals[0]
        elif building and rng.random() < 0.9:
            move = rng.choice(building)
        else:
            move = rng.choice(legal)
        state = state.apply(move)


def whole_game(state: Any, chain_too: bool = True) -> Any:
    """A sample of `state`'s observation, checked to be a whole game (its whole past when
    `chain_too`, else the last move)."""
    view = state.observe()
    game = p13.game_of(state)
    sample = game.determinize(view, random.Random(len(view.history)))
    assert sample.observe() == view
    assert sample == game.determinize(view, random.Random(len(view.history)))
    # Its history and its view are known before its past is built.
    assert sample.history == view.history
    assert isinstance(sample._parent, DeferredParent)
    assert sample.last_move == view.history[-1]
    if not chain_too:
        assert sample.undo().apply(sample.last_move) == sample
        assert type(sample).new(sample.layout, sample.rules).observe().history == ()
        return sample
    # Its deal, played by the history, gives it; on the way, every card the observation
    # has not seen stays hidden (the past shows no more than the player saw).
    chain = [sample]
    while chain[-1].previous is not None:
        chain.append(chain[-1].undo())
    chain.reverse()
    assert len(chain) == len(view.history) + 1
    assert not isinstance(sample._parent, DeferredParent)
    assert chain[0].layout == sample.layout
    assert chain[0].history == ()
    replayed = type(sample).new(sample.layout, sample.rules)
    hidden = Counter(view.unseen)
    for number, move in enumerate(view.history):
        assert chain[number].apply(move) == chain[number + 1]
        replayed = replayed.apply(move)
        assert not hidden - Counter(replayed.observe().unseen), "a card unseen now was seen"
    assert replayed.observe() == view
    return sample


def check_public_functions(sample: Any, tmp_path: Path, node_limit: int) -> None:
    """Every public function answers for `sample` as for any state."""
    previous = sample.undo()
    assert previous.apply(sample.last_move) == sample
    assert sample.changes()
    assert sample.change_steps()
    assert sample.changes() == previous.apply(sample.last_move).changes()
    hinted = p13.hint(sample, node_limit=node_limit)
    assert hinted is None or sample.is_legal(hinted)
    hinter = p13.Hinter(node_limit=node_limit)
    assert hinter.hint(sample) in (*sample.legal_moves(), None)
    solved = p13.solve(sample, node_limit=node_limit)
    assert solved.winnable in (True, False, None)
    path = tmp_path / "sample.json"
    record = p13.save_game(sample, path)
    assert record.from_deal
    assert record.moves == sample.history
    loaded = p13.load_game(path)
    assert loaded == sample
    assert loaded.history == sample.history
    assert loaded.undo() == previous
    unpickled = pickle.loads(pickle.dumps(sample))
    assert unpickled == sample
    assert unpickled.history == sample.history


@pytest.mark.parametrize("preset", PYRAMID_PRESETS)
def test_a_pyramid_sample_is_a_whole_game(preset: str, tmp_path: Path) -> None:
    rules = p13.RuleSet.preset(preset)
    checked = 0
    for seed in range(2):
        for state in pyramid_views(rules, seed, 7):
            if state.history:
                sample = whole_game(state)
                if checked < 2:
                    check_public_functions(sample, tmp_path, 20_000)
                checked += 1
    assert checked >= 5


@pytest.mark.parametrize(("preset", "suits"), SPIDER_PRESETS)
def test_a_spider_sample_is_a_whole_game(preset: str, suits: int, tmp_path: Path) -> None:
    rules = spider.RuleSet.preset(preset, suits=suits)
    checked = 0
    lifted = 0
    for seed in (0, 4) if suits == 1 else (suits,):
        for state in spider_views(rules, seed, 45):
            if state.history:
                sample = whole_game(state, chain_too=len(state.history) == 200)
                if checked < 2:
                    check_public_functions(sample, tmp_path, 200)
                checked += 1
        lifted += len(state.runs_removed)
    assert checked >= 4
    if suits == 1:
        assert lifted, "the walks lift runs off, which the past must place"


def test_the_hint_of_a_sample_after_one_draw() -> None:
    state = p13.GameState.new(p13.Layout.shuffled(1), p13.RuleSet.preset("microsoft"))
    sample = p13.determinize(state.apply("draw").observe(), random.Random(0))
    hinted = p13.hint(sample)
    assert hinted is not None
    assert sample.is_legal(hinted)
    assert sample.undo().stock[-1] == state.stock[-1]  # the card it drew, seen by then
    assert sample.undo().observe() == state.observe()
    assert sample.start == sample.undo()


def test_samples_of_one_observation_share_its_past() -> None:
    # The past is found from the observation alone, once: samples differ only in the
    # cards the player has not seen, and a twin that looks the same gets the same past.
    rules = p13.RuleSet.preset("microsoft")
    state = list(pyramid_views(rules, 3, 8))[2]
    view = state.observe()
    samples = [p13.determinize(view, random.Random(seed)) for seed in range(4)]
    unseen = set(view.unseen)
    for sample in samples:
        assert [card if card not in unseen else None for card in sample.layout.cards] == [
            card if card not in unseen else None for card in samples[0].layout.cards
        ]
    twin = samples[1]
    assert twin.observe() == view
    assert p13.determinize(twin.observe(), random.Random(9)).layout == (
        p13.determinize(view, random.Random(9)).layout
    )
    spider_rules = spider.RuleSet.preset("microsoft", suits=2)
    spider_state = list(spider_views(spider_rules, 3, 30))[2]
    spider_view = spider_state.observe()
    first, second = (spider.determinize(spider_view, random.Random(seed)) for seed in (1, 2))
    assert (
        first.layout.deals[: -spider_view.deals_left or None]
        == (second.layout.deals[: -spider_view.deals_left or None])
    )
    for one, other, pile in zip(
        first.layout.piles, second.layout.piles, spider_view.piles, strict=True
    ):
        assert one[pile.face_down_count :] == other[pile.face_down_count :]


@pytest.mark.parametrize("game", ["pyramid", "spider"])
def test_an_observation_is_copied_and_pickled_without_its_past(game: str) -> None:
    # The past `determinize` finds is a cache of the observation: its pickles and copies
    # equal it and leave the past out, to be found again when asked.
    if game == "pyramid":
        state: Any = list(pyramid_views(p13.RuleSet.preset("microsoft"), 3, 8))[2]
    else:
        state = list(spider_views(spider.RuleSet.preset("microsoft", suits=2), 3, 30))[2]
    view = state.observe()
    fresh = pickle.dumps(view)
    sample = p13.determinize(view, random.Random(1))
    assert view._past is not None  # found, and kept on the observation
    assert pickle.dumps(view) == fresh
    for twin in (pickle.loads(fresh), copy.deepcopy(view), copy.copy(view)):
        assert type(twin) is type(view)
        assert twin == view
        assert hash(twin) == hash(view)
        assert twin.history == view.history
        assert twin._past is None
        assert p13.determinize(twin, random.Random(1)) == sample
        assert twin._past is not None


def test_a_spider_sample_starts_with_the_undo_penalties_paid() -> None:
    rules = spider.RuleSet.preset("microsoft", suits=1)
    state = spider.GameState.new(spider.Layout.shuffled(4, rules), rules)
    for _ in range(3):
        state = state.apply(state.legal_moves()[0]).apply(state.legal_moves()[-1])
        state = state.undo(penalty=True)
    view = state.observe()
    sample = spider.determinize(view, random.Random(1))
    assert sample.score == state.score == rules.scoring.start - 3 - 3
    assert sample.start.score == rules.scoring.start - 3  # three penalties of 1
    assert sample.last_move is not None
    assert sample.undo().apply(sample.last_move) == sample
    assert sample.undo(penalty=True).score == sample.undo().score - 1


@pytest.mark.parametrize("game", ["pyramid", "spider"])
def test_a_game_begun_from_a_position_code_has_no_past(game: str, tmp_path: Path) -> None:
    # No deal leads to its observation: the sample is the first state of a game of its
    # own, its history the observation's, and every function still answers.
    if game == "pyramid":
        rules: Any = p13.RuleSet.preset("microsoft")
        played: Any = list(pyramid_views(rules, 5, 6))[1]
        begun: Any = p13.GameState.from_string(played.to_string(), rules)
    else:
        rules = spider.RuleSet.preset("pysolfc", suits=2)
        played = list(spider_views(rules, 5, 6))[1]
        begun = spider.GameState.from_string(played.to_string(), rules)
    state = begun.apply(begun.legal_moves()[0])
    view = state.observe()
    sample = p13.determinize(view, random.Random(1))
    assert sample.observe() == view
    assert sample.history == view.history == (state.last_move,)
    assert sample.previous is None
    assert sample.last_move is None
    with pytest.raises(p13.UndoError):
        sample.undo()
    assert sample.changes() == sample.change_steps() == ()
    node_limit = 20_000 if game == "pyramid" else 200
    hinted = p13.hint(sample, node_limit=node_limit)
    assert hinted is None or sample.is_legal(hinted)
    assert p13.Hinter(node_limit=node_limit).hint(sample) in (*sample.legal_moves(), None)
    assert p13.solve(sample, node_limit=node_limit).winnable in (True, False, None)
    p13.save_game(sample, tmp_path / "sample.json")
    assert p13.load_game(tmp_path / "sample.json") == sample


def test_a_view_at_the_start_has_no_past_to_find() -> None:
    state = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("pysolfc"))
    sample = p13.determinize(state.observe(), random.Random(0))
    assert sample.previous is None
    assert sample.history == ()
    assert sample.observe() == state.observe()


SPIDER_RULES = st.builds(
    spider.RuleSet,
    shape=st.sampled_from(list(spider.DealShape)),
    suits=st.sampled_from([1, 2]),
    deal_onto_empty=st.booleans(),
    auto_remove_runs=st.booleans(),
    face_down=st.booleans(),
    scoring=st.sampled_from(["none", "microsoft"]),
)


@given(rules=rulesets(presets=False), seed=st.integers(0, 2**32 - 1))
@example(  # a won game whose last pyramid cards went one at a time: the apex goes alone
    rules=p13.RuleSet(
        passes=None,
        waste_piles=2,
        waste_pairing=True,
        goal=p13.Goal.ALL_CARDS,
    ),
    seed=2,
)
@settings(max_examples=25, deadline=None)
def test_a_pyramid_sample_of_any_rules_is_a_whole_game(rules: p13.RuleSet, seed: int) -> None:
    # Waste pairing, overlap pairing, draws of three, several waste piles, the first card
    # on the waste, and scores that count cleared rows.
    states = [state for state in pyramid_views(rules, seed, 12) if state.history]
    for state in states[-2:]:
        whole_game(state)


@given(rules=SPIDER_RULES, seed=st.integers(0, 2**32 - 1))
@settings(max_examples=8, deadline=None)
def test_a_spider_sample_of_any_rules_is_a_whole_game(rules: spider.RuleSet, seed: int) -> None:
    states = [state for state in spider_views(rules, seed, 60) if state.history]
    whole_game(states[-1])


def pyramid_view() -> p13.Observation:
    rules = p13.RuleSet.preset("microsoft")
    return list(pyramid_views(rules, 1, 9))[2].observe()


def spider_view() -> spider.Observation:
    rules = spider.RuleSet.preset("pysolfc", suits=1)
    return list(spider_views(rules, 4, 180))[-1].observe()


def starts_its_own_game(view: Any) -> None:
    """Check that `view`, which no deal leads to, gives a sample without a past."""
    sample = p13.determinize(view, random.Random(0))
    assert sample.observe() == view
    assert sample.history == view.history
    assert sample.previous is None
    with pytest.raises(p13.UndoError):
        sample.undo()


def test_pyramid_views_no_deal_leads_to_start_their_own_game() -> None:
    view = pyramid_view()
    removal = next(move for move in view.history if move.is_removal)
    on_table = next(card for card in view.pyramid if card is not None)
    king = p13.Move.remove(on_table) if on_table.value == 13 else None
    changed = [
        (*view.history, removal),  # a card removed twice
        (*view.history[1:],),  # a move missing: the sizes do not add up
        tuple(move for move in view.history if move.kind is not p13.MoveKind.DRAW),
    ]
    if king is not None:
        changed.append((*view.history, king))  # a card removed that lies on the table
    for history in changed:
        starts_its_own_game(attrs.evolve(view, history=history))


def test_spider_views_no_deal_leads_to_start_their_own_game() -> None:
    view = spider_view()
    assert view.runs_removed
    units = [move for move in view.history if move.kind is spider.MoveKind.UNIT]
    changed = [
        (*view.history, spider.Move.DEAL),  # a deal the stock does not show
        (spider.Move.remove(0), *view.history),  # more runs removed than the table shows
        tuple(units[::-1]),  # the unit moves the other way round
    ]
    for history in changed:
        starts_its_own_game(attrs.evolve(view, history=history))


def test_a_search_that_gives_up_leaves_the_sample_its_own_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pyramid13.pyramid import _past as pyramid_past
    from pyramid13.spider import _past as spider_past

    for module, name in ((pyramid_past, "_POSITIONS"), (spider_past, "_STEPS")):
        monkeypatch.setattr(module, name, 0)
        monkeypatch.setattr(module, f"{name}_PER_MOVE", 0)
    starts_its_own_game(pyramid_view())
    starts_its_own_game(spider_view())


def test_a_pyramid_deal_the_engine_refuses_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    from pyramid13.pyramid import _past as pyramid_past

    monkeypatch.setattr(pyramid_past._Search, "check", lambda self, past: False)
    starts_its_own_game(pyramid_view())


def test_the_documented_search_budget_is_the_searchs() -> None:
    from pyramid13.pyramid import _observation, _past

    doc = " ".join(str(_observation.determinize.__doc__).split())
    budget = f"at most {_past._POSITIONS:,} positions plus {_past._POSITIONS_PER_MOVE:,} per move"
    assert budget in doc
