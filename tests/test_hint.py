"""`hint`: a legal move after every move, a win when one is within its budget."""

from __future__ import annotations

import time

import pytest

import pyramid13 as p13


@pytest.mark.no_cover  # whole games, over code the other tests trace: see tests/conftest.py
@pytest.mark.parametrize("preset", ["classic", "microsoft", "cardgames", "apophis", "king-tut"])
def test_hints_are_legal_and_cheap(preset: str) -> None:
    rules = p13.RuleSet.preset(preset)
    for deal in range(3):
        state = p13.GameState.new(p13.Layout.shuffled(deal), rules)
        while not state.is_over:
            start = time.thread_time()  # the budget is CPU time: a busy machine stretches it
            move = p13.hint(state)
            assert time.thread_time() - start < 2.0
            assert move in state.legal_moves()
            state = state.apply(move)
        assert p13.hint(state) is None


def test_following_hints_wins_winnable_deals() -> None:
    rules = p13.RuleSet.preset("microsoft")
    for deal in range(10):
        state = p13.GameState.new(p13.Layout.shuffled(deal), rules)
        if not p13.solve(state).winnable:
            continue
        while not state.is_over:
            move = p13.hint(state)
            assert move is not None
            state = state.apply(move)
        assert state.status is p13.Status.WON


@pytest.mark.no_cover  # whole games, over code the other tests trace: see tests/conftest.py
@pytest.mark.parametrize(("preset", "deal"), [("king-tut", 5), ("pysolfc", 2), ("king-tut", 11)])
def test_fresh_hints_never_go_round_and_win(preset: str, deal: int) -> None:
    # Following a fresh `hint` each move, as a stateless server gives it: king-tut deal 5
    # (unlimited passes) used to draw and recycle for ever after its 22nd move.
    state = p13.GameState.new(p13.Layout.shuffled(deal), p13.RuleSet.preset(preset))
    assert p13.solve(state).winnable is True
    tables = set()
    while not state.is_over:
        table = (state.pyramid, state.stock, state.waste_piles)
        assert table not in tables, f"back to a table after {len(state.history)} moves"
        tables.add(table)
        move = p13.hint(state)
        assert move is not None
        state = state.apply(move)
    assert state.status is p13.Status.WON


#: Unwinnable deals of every preset with more than one pass, where fresh hints used to come
#: back to a table they had left (all but apophis's), some also where a hint that took only
#: the position before as visited, not the whole game, would (cardems 4 and 7, microsoft
#: 16, pysolfc 16, relaxed 16, king-tut 0 and 4, cardgames 7).
LOST_DEALS = [
    ("cardems", 4),
    ("cardems", 7),
    ("microsoft", 3),
    ("microsoft", 16),
    ("pysolfc", 16),
    ("pysolfc", 24),
    ("relaxed", 3),
    ("relaxed", 16),
    ("apophis", 3),
    ("apophis", 4),
    ("king-tut", 0),
    ("king-tut", 4),
    ("cardgames", 7),
]


def test_the_lost_deals_cover_every_preset_of_several_passes() -> None:
    several = {name for name in p13.RuleSet.preset_names() if p13.RuleSet.preset(name).passes != 1}
    assert several == {preset for preset, _ in LOST_DEALS}


@pytest.mark.no_cover  # whole games, over code the other tests trace: see tests/conftest.py
@pytest.mark.parametrize(("preset", "deal"), LOST_DEALS)
def test_fresh_hints_never_go_round_in_lost_deals_either(preset: str, deal: int) -> None:
    # Regression: once the position was proved lost, a fresh hint played the greedy move,
    # which drew and recycled back to a table of the game (cardems deal 0 came back to
    # the table of move 26 at move 48). No table comes twice, whatever the pass: the game
    # ends, lost, as the engine declares it.
    state = p13.GameState.new(p13.Layout.shuffled(deal), p13.RuleSet.preset(preset))
    assert p13.solve(state).winnable is False
    tables: dict[object, int] = {}
    while not state.is_over:
        table = (state.pyramid, state.stock, state.waste_piles)
        assert table not in tables, f"move {len(state.history)} is back at move {tables[table]}"
        tables[table] = len(state.history)
        move = p13.hint(state)
        assert move is not None
        state = state.apply(move)
    assert state.status is p13.Status.LOST


@pytest.mark.no_cover  # brute force: untraced, see tests/conftest.py
@pytest.mark.parametrize("deal", [47, 139, 140, 255])
def test_a_hinter_wins_three_stacks_deals_decided_early(deal: int) -> None:
    # In these deals a move among the first few decides the game, and a search without
    # the several-pile cuts needed 150,000 to 360,000 positions to tell the moves apart
    # (the budget is 20,000): following the hints lost them. The budget in positions
    # alone makes the hints the same on every machine.
    state = p13.GameState.new(p13.Layout.shuffled(deal), p13.RuleSet.preset("three-stacks"))
    assert p13.solve(state).winnable is True
    hinter = p13.Hinter(time_limit=None)
    while not state.is_over:
        move = hinter.hint(state)
        assert move is not None
        state = state.apply(move)
    assert state.status is p13.Status.WON


def test_hint_plays_the_greedy_move_in_a_lost_game_and_a_legal_one_when_undecided() -> None:
    state = p13.GameState.new(p13.Layout.shuffled(0), p13.RuleSet.preset("classic"))
    assert p13.solve(state).winnable is False
    assert p13.hint(state) == p13.GreedyBot().choose(state)
    busy = p13.GameState.new(p13.Layout.shuffled(6), p13.RuleSet.preset("microsoft"))
    assert p13.solve(busy, node_limit=2).winnable is None
    assert p13.hint(busy, node_limit=2) in busy.legal_moves()


def test_hint_rejects_bad_input() -> None:
    with pytest.raises(p13.InvalidArgumentError, match="GameState"):
        p13.hint(None)  # type: ignore[arg-type]
    state = p13.GameState.new(p13.Layout.shuffled(1))
    with pytest.raises(p13.InvalidArgumentError):
        p13.hint(state, node_limit=-3)


# Positions where the search of a hint (20,000 positions) proves the greedy move losing
# while the position can still be won: the greedy fallback used to suggest it anyway.
PROVED_LOSING = [
    ("three-stacks", 59, "KH 4H+9D draw KC 3D+TH 2S+JH", "5C+8C"),
    ("king-tut", 23, "KS 5S+8H draw draw draw draw 6S+7C", "6H+7H"),
]


def _play(preset: str, seed: int, moves: str) -> p13.GameState:
    state = p13.GameState.new(p13.Layout.shuffled(seed), p13.RuleSet.preset(preset))
    for move in moves.split():
        state = state.apply(move)
    return state


@pytest.mark.parametrize(("preset", "seed", "moves", "losing"), PROVED_LOSING)
def test_hint_never_suggests_a_move_its_search_proved_losing(
    preset: str, seed: int, moves: str, losing: str
) -> None:
    state = _play(preset, seed, moves)
    # The facts, from full searches: the position is winnable, the move loses.
    assert p13.solve(state).winnable is True
    assert p13.solve(state.apply(losing)).winnable is False
    assert p13.solve(state.apply(losing), node_limit=20_000).winnable is False
    assert p13.GreedyBot().choose(state) == p13.Move.parse(losing)
    for move in (p13.hint(state, time_limit=None), p13.Hinter(time_limit=None).hint(state)):
        assert move is not None
        assert move != p13.Move.parse(losing)


def _hinted(hinter: p13.Hinter, state: p13.GameState) -> p13.Move:
    move = hinter.hint(state)
    assert move is not None
    return move


def test_a_hinter_reuses_the_winning_line_it_found() -> None:
    state = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
    hinter = p13.Hinter(time_limit=None, saved_limit=0)
    assert hinter.known(state) is None
    state = state.apply(_hinted(hinter, state))
    assert hinter.known(state) is True
    hinter.node_limit = 1  # no search any more: only what it learned
    while not state.is_over:
        state = state.apply(_hinted(hinter, state))
    assert state.status is p13.Status.WON


def test_a_hinter_budget_adds_up_over_calls() -> None:
    # Deciding this deal takes far more than one call's 1,000 positions.
    state = p13.GameState.new(p13.Layout.shuffled(47), p13.RuleSet.preset("three-stacks"))
    assert p13.solve(state, node_limit=3_000).winnable is None
    assert p13.solve(state).winnable is True
    hinter = p13.Hinter(node_limit=1_000, time_limit=None, saved_limit=0)
    calls = 0
    while hinter.known(state) is None:
        hinter.hint(state)
        calls += 1
        assert calls < 100
    assert hinter.known(state) is True
    assert calls > 1
    line = state
    while not line.is_over:
        line = line.apply(_hinted(hinter, line))
    assert line.status is p13.Status.WON


def test_a_hinter_knows_lost_games_and_starts_anew_for_another_deal() -> None:
    hinter = p13.Hinter()
    lost = p13.GameState.new(p13.Layout.shuffled(0), p13.RuleSet.preset("classic"))
    assert p13.solve(lost).winnable is False
    assert hinter.hint(lost) == p13.GreedyBot().choose(lost)
    assert hinter.known(lost) is False
    other = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
    assert hinter.known(other) is None
    assert hinter.hint(other) in other.legal_moves()
    assert hinter.known(lost) is None  # forgotten: one game at a time


def test_a_hinter_rejects_bad_input() -> None:
    with pytest.raises(p13.InvalidArgumentError):
        p13.Hinter().hint("KC")  # type: ignore[arg-type]
    with pytest.raises(p13.InvalidArgumentError):
        p13.Hinter().known(None)  # type: ignore[arg-type]
    for bad in (
        {"node_limit": 0},
        {"time_limit": -1.0},
        {"time_limit": float("nan")},
        {"time_limit": float("inf")},
        {"memory_limit": True},
        {"saved_limit": -1},
    ):
        with pytest.raises(p13.InvalidArgumentError):
            p13.Hinter(**bad)
