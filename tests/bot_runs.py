"""Bots played over seeded deals in the test itself, by the rules `win_rate` documents,
to check the counts ``pyramid13 stats`` prints against."""

from __future__ import annotations

import random
from typing import Any

import pyramid13 as p13
from pyramid13 import Status, spider
from pyramid13.stats import DEFAULT_MAX_MOVES, SPIDER_NO_PROGRESS

__all__ = ["count", "play_alongside_lookalikes", "play_out", "play_spider", "spider_game"]


def _view(bot: Any, state: Any) -> Any:
    return state.observe() if getattr(bot, "honest", False) else state


def _progress(state: spider.GameState) -> tuple[int, int, int]:
    face_down = sum(len(pile.face_down) for pile in state.piles)
    return state.deals_left, len(state.runs_removed), face_down


def play_out(bot: Any, state: Any) -> str:
    """How `bot` ends a game: ``"won"``, ``"lost"`` or ``"undecided"`` (the move cap);
    a Spider game is lost after SPIDER_NO_PROGRESS moves without progress."""
    idle = 0
    for _ in range(DEFAULT_MAX_MOVES):
        if state.status is not Status.PLAYING:
            return str(state.status.value)
        before = _progress(state) if isinstance(state, spider.GameState) else None
        state = state.apply(bot.choose(_view(bot, state)))
        if before is not None:
            idle = 0 if _progress(state) != before else idle + 1
            if idle == SPIDER_NO_PROGRESS:
                return "lost"
    return "won" if state.status is Status.WON else "undecided"


def count(rules: p13.RuleSet | spider.RuleSet, seeds: range, bot: Any) -> tuple[int, int]:
    """(wins, undecided) of `bot` over the seeded deals of `rules`."""
    ends = []
    for seed in seeds:
        if isinstance(rules, spider.RuleSet):
            state: Any = spider.GameState.new(spider.Layout.shuffled(seed, rules), rules)
        else:
            state = p13.GameState.new(p13.Layout.shuffled(seed), rules)
        ends.append(play_out(bot, state))
    return ends.count("won"), ends.count("undecided")


def spider_game(seed: int, suits: int, preset: str = "pysolfc") -> spider.GameState:
    """The new game of `spider.Layout.shuffled(seed)` under `preset` with `suits` suits."""
    rules = spider.RuleSet.preset(preset, suits=suits)
    return spider.GameState.new(spider.Layout.shuffled(seed, rules), rules)


def play_spider(bot: Any, state: spider.GameState, limit: int) -> spider.GameState:
    """Where `bot` leaves a Spider game after at most `limit` moves, stopping at the end or
    after SPIDER_NO_PROGRESS moves without progress; `apply` refuses an illegal move."""
    idle = 0
    for _ in range(limit):
        if state.is_over:
            break
        before = _progress(state)
        state = state.apply(bot.choose(p13.bot_view(bot, state)))
        idle = idle + 1 if _progress(state) == before else 0
        if idle >= SPIDER_NO_PROGRESS:
            break
    return state


def play_alongside_lookalikes(
    seen_by: Any, other_bot: Any, state: spider.GameState, moves: int, rng: random.Random
) -> None:
    """Play `moves` moves of `seen_by` on `state`'s observations, asserting that
    `other_bot` (of the same seed), given look-alike states that hide other cards, chooses
    each move the same."""
    other = spider.determinize(state.observe(), random.Random(rng.random()))
    for _ in range(moves):
        if state.is_over:
            break
        assert other.observe() == state.observe()
        move = seen_by.choose(state.observe())
        assert other_bot.choose(other) == move  # a GameState is reduced to its observation
        state = state.apply(move)
        other = other.apply(move)
        if other.observe() != state.observe():
            # The move turned a card over: a new look-alike with other hidden cards.
            other = spider.determinize(state.observe(), random.Random(rng.random()))
