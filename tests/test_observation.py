"""Pyramid hidden information: what a player sees and remembers, the honest status, twins."""

from __future__ import annotations

import itertools
import pickle
import random
from pathlib import Path

import pytest
from hidden import reachable_objects
from hypothesis import given, settings
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13 import GameState, Layout, Move, RuleSet, Status, determinize

PRESETS = RuleSet.preset_names()


def random_states(rules: RuleSet, seed: int, length: int) -> list[GameState]:
    """A game played at random from the honest moves (so it plays on past an early LOST)."""
    rng = random.Random(seed)
    state = GameState.new(Layout.shuffled(seed), rules)
    states = [state]
    while len(states) < length:
        moves = state.observe().legal_moves()
        if not moves:
            break
        state = state.apply(rng.choice(moves))
        states.append(state)
    return states


def seen_stock(state: GameState) -> tuple[p13.Card | None, ...]:
    """What a player remembers of the stock, worked out from the history: a card is known
    once it has been on the waste (or lies face up on the stock)."""
    seen: set[p13.Card] = set()
    walk = state.start
    for pile in walk.waste_piles:
        seen.update(pile)
    for move in state.history:
        walk = walk.apply(move)
        for pile in walk.waste_piles:
            seen.update(pile)
    stock = state.stock
    top = state.rules.stock_top_pairable
    return tuple(
        card if card in seen or (top and number == len(stock) - 1) else None
        for number, card in enumerate(stock)
    )


@pytest.mark.parametrize("preset", PRESETS)
def test_observations_show_what_a_player_has_seen(preset: str) -> None:
    rules = RuleSet.preset(preset)
    for seed in (3, 5):
        for state in random_states(rules, seed=seed, length=120)[::7]:
            obs = state.observe()
            assert (obs.pyramid, obs.waste_piles) == (state.pyramid, state.waste_piles)
            assert (obs.pass_number, obs.score, obs.history) == (
                state.pass_number,
                state.score,
                state.history,
            )
            assert obs.stock == seen_stock(state)
            assert obs.stock_size == len(state.stock) == len(obs.stock)
            visible_top = rules.stock_top_pairable and state.stock
            assert obs.stock_top == (state.stock[-1] if visible_top else None)
            pairs = zip(state.stock, obs.stock, strict=True)
            hidden = [card for card, seen in pairs if seen is None]
            assert obs.unseen == tuple(sorted(hidden, key=lambda card: card.index))
            if state.pass_number > 1:
                assert obs.unseen == ()
            assert not [x for x in reachable_objects(obs) if isinstance(x, (GameState, Layout))]


@pytest.mark.parametrize("preset", PRESETS)
def test_the_honest_status_follows_the_engine_but_never_declares_early(preset: str) -> None:
    rules = RuleSet.preset(preset)
    for seed in range(6):
        for state in random_states(rules, seed=seed, length=400):
            obs = state.observe()
            if state.status is not Status.LOST:
                assert obs.status is state.status
                assert obs.legal_moves() == state.legal_moves()
            elif obs.status is Status.PLAYING:  # the engine's verdict comes early
                assert obs.legal_moves() in ((Move.DRAW,), (Move.RECYCLE,))
                assert obs.unseen  # a player who knows every card knows the verdict too
            else:
                assert obs.legal_moves() == ()
            assert obs.is_over is (obs.status is not Status.PLAYING)
            for move in obs.legal_moves():  # apply takes every move the observation offers
                legal = move in state.legal_moves()  # but the engine's LOST state has none
                assert state.is_legal(move) is legal is (state.status is Status.PLAYING)
                assert (state.why_illegal(move) is None) is legal
                state.apply(move)
            assert len(obs.legal_action_mask()) == p13.ACTION_COUNT
            assert [a for a, legal in enumerate(obs.legal_action_mask()) if legal] == list(
                obs.legal_actions()
            )


def test_apply_refuses_a_draw_once_the_honest_view_is_lost_too() -> None:
    for seed in range(200):
        state = random_states(RuleSet.preset("classic"), seed, 200)[-1]
        if state.stock and state.observe().status is Status.LOST:
            break
    else:  # pragma: no cover - the search above finds one
        pytest.fail("no classic game ended with the honest view lost and cards in the stock")
    assert not state.is_legal("draw")
    assert state.why_illegal("draw") == "The game is over (lost)."
    with pytest.raises(p13.IllegalMoveError, match="game is over"):
        state.apply("draw")


def _arrangements(state: GameState) -> set[Status]:
    """The engine's status under every arrangement of the observation's unseen cards."""
    obs = state.observe()
    statuses = set()
    for order in set(itertools.permutations(obs.unseen)):
        fill = iter(order)
        stock = [card if card is not None else next(fill) for card in obs.stock]
        other = GameState._from_position(
            state.rules, state.pyramid, stock, state.waste_piles, state.pass_number, state.score
        )
        statuses.add(other.status)
    return statuses


def _position_with_a_short_stock(rules: RuleSet, seed: int) -> GameState:
    """A first-pass position with 1-5 cards in the stock: the talon of a random position
    shuffled and dealt again between the stock and the waste piles."""
    rng = random.Random(seed)
    state = rng.choice(random_states(rules, seed, 200))
    talon = list(state.stock) + [card for pile in state.waste_piles for card in pile]
    rng.shuffle(talon)
    size = rng.randint(1, max(1, min(5, len(talon))))
    piles: list[list[p13.Card]] = [[] for _ in range(rules.waste_piles)]
    for card in talon[size:]:
        rng.choice(piles).append(card)
    return GameState._from_position(
        rules, state.pyramid, talon[:size], [tuple(pile) for pile in piles], 1, 0
    )


def test_the_honest_status_is_lost_exactly_when_every_arrangement_is() -> None:
    outcomes = []
    for preset in PRESETS:
        rules = RuleSet.preset(preset)
        for seed in range(80):
            state = _position_with_a_short_stock(rules, seed)
            obs = state.observe()
            if state.status is Status.LOST and obs.unseen:
                statuses = _arrangements(state)
                assert (obs.status is Status.LOST) is (statuses == {Status.LOST}), state
                outcomes.append(obs.status)
    assert set(outcomes) == {Status.PLAYING, Status.LOST}


# -- twins: full states that differ only in what the player cannot see -------------------


def twin_layouts(rules: RuleSet, seed: int, tail: int, rng: random.Random) -> tuple[Layout, Layout]:
    """A deal and its twin: the last `tail` stock cards (those drawn last) shuffled."""
    layout = Layout.shuffled(seed)
    cards = list(layout.cards)
    first_unseen = 28 + rules.first_card_to_waste + rules.stock_top_pairable
    start = max(first_unseen, 52 - tail)
    tail_cards = cards[start:]
    rng.shuffle(tail_cards)
    return layout, Layout(tuple(cards[:start] + tail_cards))


def play_twins(one: GameState, other: GameState, rng: random.Random, limit: int = 2000) -> int:
    """Play both states with the same honest moves while they look the same; check every
    view agrees; return how many positions the engine's statuses parted in."""
    parted = 0
    for _ in range(limit):
        seen, twin_seen = one.observe(), other.observe()
        if seen != twin_seen:
            # A card came into view: the last move drew or recycled, or lifted the top.
            last = one.last_move
            assert last is not None
            assert not last.is_removal or one.rules.stock_top_pairable
            return parted
        assert seen.to_string() == twin_seen.to_string()
        assert seen.status is twin_seen.status
        assert seen.legal_moves() == twin_seen.legal_moves()
        assert seen.legal_action_mask() == twin_seen.legal_action_mask()
        parted += one.status is not other.status
        if seen.is_over:
            return parted
        move = rng.choice(seen.legal_moves())
        one, other = one.apply(move), other.apply(move)
    return parted


@pytest.mark.parametrize("preset", PRESETS)
def test_twin_deals_look_the_same_until_a_card_is_revealed(preset: str) -> None:
    rules = RuleSet.preset(preset)
    rng = random.Random(preset)
    for seed in range(30):
        one, other = twin_layouts(rules, seed, rng.choice([2, 3, 6, 24]), rng)
        play_twins(GameState.new(one, rules), GameState.new(other, rules), rng)


@pytest.mark.parametrize("preset", PRESETS)
def test_twins_made_mid_game_look_the_same_until_a_card_is_revealed(preset: str) -> None:
    rules = RuleSet.preset(preset)
    rng = random.Random(preset)
    for seed in range(12):
        for state in random_states(rules, seed, 150)[::15]:
            twin = determinize(state.observe(), rng)
            play_twins(state, twin, rng)


@pytest.mark.parametrize("preset", ["king-tut", "solitaire-lab"])
def test_twins_the_engine_parts_still_look_the_same(preset: str) -> None:
    # Where the engine declares LOST from the unseen stock, a twin may be PLAYING for it:
    # the honest views agree all the same, and both play on.
    rules = RuleSet.preset(preset)
    rng = random.Random(1)
    parted = 0
    for seed in range(60):
        for state in random_states(rules, seed, 400):
            if state.status is Status.LOST and state.observe().unseen:
                parted += play_twins(state, determinize(state.observe(), rng), rng)
    assert parted


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 10_000), st.integers(0, 60), st.data())
def test_twins_of_any_position_agree(
    preset: str, seed: int, length: int, data: st.DataObject
) -> None:
    rules = RuleSet.preset(preset)
    state = random_states(rules, seed, length)[-1]
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    play_twins(state, determinize(state.observe(), rng), rng)


# -- determinize ------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_determinize_is_consistent_with_the_observation(preset: str) -> None:
    rules = RuleSet.preset(preset)
    for state in random_states(rules, seed=4, length=120)[::6]:
        obs = state.observe()
        sample = determinize(obs, random.Random(2))
        assert sample.observe() == obs
        assert sample.observe().history == obs.history
        assert sample == determinize(obs, random.Random(2))
        if not obs.history:
            with pytest.raises(p13.UndoError):
                sample.undo()
            continue
        # A whole game: its deal, played by the history, gives the sample.
        assert sample.start == GameState.new(sample.layout, rules)
        assert sample.undo().apply(obs.history[-1]) == sample


def test_samples_differ_with_the_seed_and_keep_a_visible_top() -> None:
    state = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft"))
    samples = [determinize(state.observe(), random.Random(seed)) for seed in range(6)]
    assert len({sample.stock for sample in samples}) == 6
    assert {sample.stock[-1] for sample in samples} == {state.stock[-1]}


@pytest.mark.parametrize("preset", ["microsoft", "cardems", "apophis", "king-tut"])
def test_after_a_full_pass_the_stock_order_is_known(preset: str) -> None:
    rules = RuleSet.preset(preset)
    state = GameState.new(Layout.shuffled(11), rules)
    while state.pass_number == 1:
        state = state.apply("draw" if state.stock else "recycle")
    obs = state.observe()
    assert obs.unseen == ()
    assert obs.stock == state.stock
    samples = {determinize(obs, random.Random(seed)).stock for seed in range(20)}
    assert samples == {state.stock}


def test_history_is_kept_move_by_move_and_through_undo() -> None:
    state = GameState.new(Layout.shuffled(2), RuleSet.preset("cardems"))
    rng = random.Random(1)
    for _ in range(300):
        moves = state.observe().legal_moves()
        if not moves:
            break
        state = (
            state.apply(rng.choice(moves))
            if rng.random() < 0.9 or not state.history
            else (state.undo())
        )
        obs = state.observe()
        assert obs.history == state.history
        assert pickle.loads(pickle.dumps(obs)) == obs
        assert hash(obs) == hash(pickle.loads(pickle.dumps(obs)))


def test_determinize_refuses_what_is_not_an_observation() -> None:
    state = GameState.new(Layout.shuffled(1))
    with pytest.raises(p13.InvalidArgumentError, match="Observation"):
        determinize(state, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(p13.InvalidArgumentError, match=r"random\.Random"):
        determinize(state.observe(), None)  # type: ignore[arg-type]


# -- view codes -------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_view_codes_round_trip_and_hold_no_unseen_card(preset: str) -> None:
    rules = RuleSet.preset(preset)
    for seed in (1, 2):
        for state in random_states(rules, seed, 200)[::9]:
            obs = state.observe()
            code = obs.to_string()
            again = p13.Observation.from_string(code)
            assert again == obs
            assert again.to_string() == code
            assert (again.status, again.legal_moves()) == (obs.status, obs.legal_moves())
            assert again.matches(state)
            assert p13.Observation.from_string(code, rules) == obs
            assert "\n" not in code
            assert len(code.split()) == 8
            stock = code.split()[1]
            assert stock.count("##") == len(obs.unseen)
            shown = {stock[i : i + 2] for i in range(0, len(stock), 2)} - {"##", "-"}
            assert shown == {str(card) for card in obs.stock if card is not None}


def test_a_view_does_not_match_another_state() -> None:
    state = GameState.new(Layout.shuffled(3), RuleSet.preset("microsoft"))
    view = p13.Observation.from_string(state.observe().to_string())
    twin = determinize(state.observe(), random.Random(1))
    assert view.matches(twin)  # a twin shows the same: the view cannot tell them apart
    assert not view.matches(state.apply("draw"))
    assert not view.matches(p13.spider.GameState.new(p13.spider.Layout.shuffled(1)))


_MICROSOFT = GameState.new(Layout.shuffled(1), RuleSet.preset("microsoft")).apply("KC")
_CODE = _MICROSOFT.observe().to_string()
_FIELDS = _CODE.split()


def _with(number: int, text: str) -> str:
    fields = list(_FIELDS)
    fields[number] = text
    return " ".join(fields)


@pytest.mark.parametrize(
    ("code", "match"),
    [
        (" ".join(_FIELDS[:7]), "8 fields"),
        (_CODE + " x", "8 fields"),
        (_with(0, _FIELDS[0].replace("7D", "XD")), "pyramid row 1, slot 1"),
        (_with(1, "##" + _FIELDS[1]), r"24 unseen card\(s\).*lists 23"),
        (_with(1, _FIELDS[1][:-2] + "KS"), "KS appears twice"),
        (_with(1, _FIELDS[1][:-4] + "KSQC"), "KS appears twice|shows card 23"),
        (_with(5, _FIELDS[5][2:]), "23 unseen card.*lists 22"),
        (_with(5, _FIELDS[5] + "Z9"), "the unseen cards, card 24"),
        (_with(3, "2"), "hides card 1"),
        (_with(3, "one"), "pass number"),
        (_with(4, "x"), "score"),
        (_with(6, "nonsense"), "rules field"),
        (_with(7, "KC,4C+4C"), "history, move 2"),
        (_with(2, "-/-"), "waste pile"),
    ],
)
def test_a_malformed_view_code_is_refused_saying_where(code: str, match: str) -> None:
    with pytest.raises(p13.InvalidPositionError, match=match):
        p13.Observation.from_string(code)


@pytest.mark.parametrize("preset", ["classic", "microsoft", "king-tut"])
def test_a_view_that_shows_a_stock_card_not_yet_seen_is_refused(preset: str) -> None:
    # Each code below is a true view but for one stock card the player has not seen,
    # written where it lies (and taken out of the unseen cards): a view no player has.
    state = GameState.new(Layout.shuffled(1), RuleSet.preset(preset)).apply("draw")
    view = state.observe()
    fields = view.to_string().split()
    shown = 0
    for depth, (card, known) in enumerate(zip(state.stock, view.stock, strict=True)):
        if known is not None:
            continue
        stock = fields[1][: 2 * depth] + str(card) + fields[1][2 * depth + 2 :]
        unseen = "".join(str(other) for other in view.unseen if other != card) or "-"
        code = " ".join([fields[0], stock, *fields[2:5], unseen, *fields[6:]])
        where = "the top card" if depth == len(state.stock) - 1 else f"card {depth + 1}"
        with pytest.raises(
            p13.InvalidPositionError,
            match=f"the stock shows {where}, '{card}', which a player has not seen on pass 1",
        ):
            p13.Observation.from_string(code)
        shown += 1
    assert shown == len(view.unseen) > 20
    assert p13.Observation.from_string(" ".join(fields)) == view  # the true view reads


def test_a_view_that_hides_the_stock_top_the_rules_show_is_refused() -> None:
    view = _MICROSOFT.observe()
    top = view.stock[-1]
    assert top is not None
    unseen = "".join(str(card) for card in sorted((*view.unseen, top), key=lambda c: c.index))
    code = _with(1, "##" * len(view.stock)).split()
    code[5] = unseen
    with pytest.raises(p13.InvalidPositionError, match="hides the top card, '##', which a player"):
        p13.Observation.from_string(" ".join(code))


def test_a_view_code_is_text() -> None:
    with pytest.raises(p13.InvalidPositionError, match="must be text"):
        p13.Observation.from_string(None)  # type: ignore[arg-type]
    with pytest.raises(p13.InvalidPositionError, match="differ"):
        p13.Observation.from_string(_CODE, RuleSet.preset("classic"))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(_CODE) - 1), st.sampled_from(list("#.-/,+ 0123456789AKQJTCDHS")))
def test_a_changed_view_code_is_refused_or_read_exactly(position: int, char: str) -> None:
    code = _CODE[:position] + char + _CODE[position + 1 :]
    try:
        obs = p13.Observation.from_string(code)
    except p13.InvalidPositionError:
        return
    assert p13.Observation.from_string(obs.to_string()) == obs


def test_a_game_played_on_past_the_early_verdict_saves_and_resumes(tmp_path: Path) -> None:
    rules = RuleSet.preset("king-tut")
    state = GameState.new(Layout.shuffled(3), rules)
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    view = state.observe()
    assert (state.status, view.status) == (Status.LOST, Status.PLAYING)
    state = state.apply(view.legal_moves()[0])  # a draw the engine's legal_moves lacks
    p13.save_game(state, tmp_path / "game.json")
    loaded = p13.load_game(tmp_path / "game.json")
    assert loaded == state
    assert loaded.history == state.history
    assert p13.Observation.from_string(state.observe().to_string()).matches(loaded)


@pytest.mark.parametrize("preset", ["microsoft", "cardems", "apophis"])
def test_a_picture_counts_the_stock_cards_a_player_knows_as_in_the_stock(preset: str) -> None:
    from pyramid13.pyramid._svg import _removed

    for state in random_states(RuleSet.preset(preset), 8, 300)[::10]:
        gone = {card for card in p13.DECK if state.locate(card).place is p13.Place.REMOVED}
        assert set(_removed(state.observe())) == gone


def test_a_view_code_longer_than_the_reader_reads_is_refused_both_ways(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pyramid13._base import views

    monkeypatch.setattr(views, "MAX_VIEW_LENGTH", len(_CODE) - 1)
    with pytest.raises(p13.InvalidPositionError, match="would be"):
        _MICROSOFT.observe().to_string()
    with pytest.raises(p13.InvalidPositionError, match="at most"):
        p13.Observation.from_string(_CODE)
