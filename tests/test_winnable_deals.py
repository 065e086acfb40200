"""Winnable deals: the certificate wins, the algorithm is the documented one (golden
vectors and an independent re-run of the candidate stream), the deal shows nothing of its
certificate, the daily deal, and bad arguments."""

from __future__ import annotations

import contextlib
import datetime
import functools
import hashlib
import hmac
import json
import random
import re
import time
from pathlib import Path
from typing import Any

import attrs
import bot_runs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyramid13 as p13
from pyramid13 import spider
from pyramid13._base.deals import (
    DIFFICULTIES,
    Difficulty,
    candidate_numbers,
    check_grade_possible,
    daily_seed,
    deal_message,
    find_winnable,
    keyed_seed,
)
from pyramid13._base.shuffle import SplitMix64
from pyramid13.pyramid import _deals as pyramid_deals
from pyramid13.spider import _deals as spider_deals
from pyramid13.strategies import rulesets

SPIDER_1 = spider.RuleSet.preset("pysolfc", suits=1)
FAST_PRESETS = ("microsoft", "cardems", "relaxed", "cardgames", "apophis")


def replay(deal: p13.WinnableDeal[Any]) -> Any:
    state = deal.start()
    for move in deal.solution:
        state = state.apply(move)
    return state


# -- the candidate stream: SplitMix64, independently checked -----------------------------


def test_candidates_are_the_low_bits_of_splitmix64() -> None:
    # The first output of SplitMix64 seeded with 0 is 0xE220A8397B1DCDAF (the reference
    # implementation's published vector): its low 32 bits are the first candidate.
    assert candidate_numbers(0, 1) == (0x7B1DCDAF,)
    rng = SplitMix64(12345)
    assert candidate_numbers(12345, 5) == tuple(rng.next() & 0xFFFFFFFF for _ in range(5))


def test_daily_seed_is_yyyymmdd() -> None:
    assert daily_seed(datetime.date(2026, 12, 1)) == 20261201
    assert daily_seed(datetime.date(1, 1, 1)) == 10101


# -- golden vectors: (rules, seed) -> deal number, attempt, layout ----------------------

GOLDEN_PYRAMID = [
    ("microsoft", 0, 2065550767, 0),
    ("microsoft", 1, 2298633409, 0),
    ("microsoft", 2, 201072194, 1),
    ("three-stacks", 1, 2298633409, 0),
    ("three-stacks", 2, 2076684979, 5),
]


@pytest.mark.parametrize(("preset", "seed", "number", "attempt"), GOLDEN_PYRAMID)
def test_pyramid_golden_deals(preset: str, seed: int, number: int, attempt: int) -> None:
    deal = p13.winnable_deal(preset, seed)
    assert (deal.number, deal.attempt, deal.seed) == (number, attempt, seed)
    assert deal.layout == p13.Layout.shuffled(number)
    assert candidate_numbers(seed, attempt + 1)[-1] == number
    assert replay(deal).status is p13.Status.WON


GOLDEN_SPIDER = [(1, 0, 2065550767, 0)]


@pytest.mark.parametrize(("suits", "seed", "number", "attempt"), GOLDEN_SPIDER)
def test_spider_golden_deals(suits: int, seed: int, number: int, attempt: int) -> None:
    rules = spider.RuleSet.preset("pysolfc", suits=suits)
    deal = spider.winnable_deal(rules, seed)
    assert (deal.number, deal.attempt) == (number, attempt)
    assert deal.layout == spider.Layout.shuffled(number, rules)
    assert replay(deal).status is p13.Status.WON


# -- the algorithm, re-run from its description ------------------------------------------


@settings(max_examples=8)
@given(
    preset=st.sampled_from(FAST_PRESETS),
    seed=st.integers(0, 2**64 - 1),
    difficulty=st.sampled_from((None, *DIFFICULTIES)),
)
def test_the_deal_is_the_first_winnable_candidate_of_its_grade(
    preset: str, seed: int, difficulty: str | None
) -> None:
    deal = p13.winnable_deal(preset, seed, difficulty=difficulty)  # type: ignore[arg-type]
    rules = p13.RuleSet.preset(preset)
    assert deal.rules == rules
    assert deal.seed == seed
    assert deal.date is None
    numbers = candidate_numbers(seed, deal.attempt + 1)
    assert numbers[-1] == deal.number
    for number in numbers[:-1]:  # every earlier candidate was lost or of another grade
        start = p13.GameState.new(p13.Layout.shuffled(number), rules)
        result = p13.solve(start, node_limit=pyramid_deals.SOLVE_NODE_LIMIT)
        assert not result.winnable or (
            difficulty is not None and pyramid_deals.grade(start, result) != difficulty
        )
    if difficulty is not None:
        assert deal.difficulty == difficulty
    assert deal.difficulty in DIFFICULTIES
    end = replay(deal)
    assert end.status is p13.Status.WON
    assert len(deal.solution) == len(end.history)


# -- the catalogue of the presets where few deals are winnable ---------------------------


def test_catalogued_presets_pick_entries_of_their_grade_by_splitmix64() -> None:
    # The documented rule, re-run: attempt k is entry SplitMix64(seed)'s k-th
    # below(len(entries)) among the entries of the grade asked.
    for preset in pyramid_deals.CATALOGUED:
        entries = pyramid_deals.catalogue(p13.RuleSet.preset(preset))
        assert entries is not None
        for seed, difficulty in [(0, None), (7, "easy"), (2**64 - 1, "hard"), (20261201, None)]:
            deal = p13.winnable_deal(preset, seed, difficulty=difficulty)  # type: ignore[arg-type]
            pool = [number for number, got in entries if difficulty in (None, got)]
            rng = SplitMix64(seed)
            picks = [pool[rng.below(len(pool))] for _ in range(deal.attempt + 1)]
            assert deal.number == picks[-1]
            assert deal.attempt == 0  # every entry is winnable and of its grade
            assert difficulty in (None, deal.difficulty)
            assert replay(deal).status is p13.Status.WON


@pytest.mark.parametrize("preset", pyramid_deals.CATALOGUED)
def test_the_catalogue_holds_what_the_search_finds(preset: str) -> None:
    # Entries sampled at random: each is the search's deal of its seed, with its score.
    rules = p13.RuleSet.preset(preset)
    text = (Path(pyramid_deals.__file__).parent / pyramid_deals.CATALOGUE_FILE).read_text()
    data = json.loads(text)
    rows = data["presets"][preset]
    assert len(rows) >= 600
    assert len({number for number, _ in rows}) == len(rows)  # no deal twice
    for index in random.Random(preset).sample(range(len(rows)), 2):
        number, points = rows[index]
        deal = pyramid_deals.search(rules, data["first_seed"] + index)
        assert deal.number == number
        start = p13.GameState.new(p13.Layout.shuffled(number), rules)
        result = p13.solve(start, node_limit=pyramid_deals.SOLVE_NODE_LIMIT)
        assert pyramid_deals.score(start, result) == points
    grades = {grade for _, grade in pyramid_deals.catalogue(rules) or ()}
    assert grades == set(DIFFICULTIES)


def test_rules_that_are_no_preset_are_searched() -> None:
    rules = attrs.evolve(
        p13.RuleSet.preset("classic"), scoring=p13.RuleSet.preset("microsoft").scoring
    )
    assert rules.preset_name is None
    assert pyramid_deals.catalogue(rules) is None
    deal = p13.winnable_deal(rules, 1)
    assert candidate_numbers(1, deal.attempt + 1)[-1] == deal.number


def test_a_spider_deal_replays_to_a_win_and_keeps_its_grade() -> None:
    deal = spider.winnable_deal(SPIDER_1, 3, difficulty="easy")
    assert deal.difficulty == "easy"
    assert replay(deal).status is p13.Status.WON
    start = deal.start()
    assert (
        spider_deals.grade(start, spider.solve(start, node_limit=spider_deals.SOLVE_NODE_LIMIT))
        == "easy"
    )


@pytest.mark.parametrize(("suits", "number"), [(1, n) for n in range(6)] + [(2, 1), (4, 1)])
def test_the_spider_score_plays_the_greedy_game_as_win_rate_does(suits: int, number: int) -> None:
    """The score's greedy game is the one `win_rate` plays (its outcome) and the one the
    tests play by the documented rules (where it ends), and the score adds up as
    documented."""
    start = bot_runs.spider_game(number, suits)
    won, face_down = spider_deals.greedy_result(start)
    rate = p13.win_rate(start.rules, [number], "greedy", workers=1)
    assert rate.wins == int(won)
    end = bot_runs.play_spider(spider.GreedyBot(), start, limit=100_000)
    assert (end.status is p13.Status.WON, sum(len(p.face_down) for p in end.piles)) == (
        won,
        face_down,
    )
    result = spider.solve(start, node_limit=spider_deals.SOLVE_NODE_LIMIT)
    effort = max(0, result.nodes - result.length)
    expected = (0 if won else 1000) + face_down + effort.bit_length()
    assert spider_deals.score(start, result) == expected


def test_a_spider_deal_the_greedy_bot_wins_is_never_graded_harder_than_one_it_loses() -> None:
    rules = SPIDER_1
    scores: dict[bool, list[int]] = {True: [], False: []}
    for number in range(40):
        start = spider.GameState.new(spider.Layout.shuffled(number, rules), rules)
        result = spider.solve(start, node_limit=spider_deals.SOLVE_NODE_LIMIT)
        if result.winnable:
            scores[spider_deals.greedy_result(start)[0]].append(spider_deals.score(start, result))
    assert scores[True]  # both kinds are among these deals
    assert scores[False]
    assert max(scores[True]) < min(scores[False])


# -- honest play: the deal is just a layout ----------------------------------------------


@pytest.mark.parametrize("game", ["pyramid", "spider"])
def test_the_start_shows_nothing_of_the_certificate(game: str) -> None:
    if game == "pyramid":
        deal: p13.WinnableDeal[Any] = p13.winnable_deal("microsoft", 5)
        twin: Any = p13.GameState.new(p13.Layout.shuffled(deal.number), deal.rules)
    else:
        deal = spider.winnable_deal(SPIDER_1, 5)
        twin = spider.GameState.new(spider.Layout.shuffled(deal.number, SPIDER_1), SPIDER_1)
    start = deal.start()
    assert start.observe() == twin.observe()
    assert start == twin


# -- daily deal and the generic function -------------------------------------------------


def test_the_daily_deal_is_the_deal_of_its_yyyymmdd_seed() -> None:
    day = datetime.date(2026, 12, 1)
    daily = p13.winnable_deal("microsoft", date=day)
    assert daily.date == day
    assert daily.seed == 20261201
    assert daily.number == p13.winnable_deal("microsoft", 20261201).number
    moment = datetime.datetime(2026, 12, 1, 23, 59)
    assert p13.winnable_deal("microsoft", date=moment) == daily


def test_the_top_level_function_serves_both_games() -> None:
    assert p13.winnable_deal(SPIDER_1, 2) == spider.winnable_deal(SPIDER_1, 2)
    classic = p13.winnable_deal(None, 1)  # None: Pyramid's RuleSet(), classic
    assert classic.rules == p13.RuleSet()
    assert classic == p13.winnable_deal("classic", 1)
    data = p13.winnable_deal("microsoft", 2).to_dict()
    assert data["game"] == "pyramid"
    assert data["rules"] == "microsoft"
    assert [p13.Move.parse(text) for text in data["solution"]] == list(
        p13.winnable_deal("microsoft", 2).solution
    )


# -- bad arguments -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seed": True}, "seed must be an int"),
        ({"seed": -1}, "seed must be an int in 0..2**64-1"),
        ({"seed": 2**64}, "seed must be an int in 0..2**64-1"),
        ({"seed": "1"}, "seed must be an int"),
        ({"seed": 1.0}, "seed must be an int"),
        ({}, "give a seed"),
        ({"seed": 1, "date": datetime.date(2026, 1, 1)}, "not both"),
        ({"date": "2026-01-01"}, "date must be a datetime.date"),
        ({"seed": 1, "difficulty": "extreme"}, "difficulty must be"),
        ({"seed": 1, "difficulty": "EASY"}, "difficulty must be"),
        ({"seed": 1, "max_attempts": 0}, "max_attempts must be a positive int"),
        ({"seed": 1, "max_attempts": True}, "max_attempts must be a positive int"),
    ],
)
@pytest.mark.parametrize("function", [p13.winnable_deal, spider.winnable_deal])
def test_bad_arguments_are_refused(function: Any, kwargs: dict[str, Any], message: str) -> None:
    rules = SPIDER_1 if function is spider.winnable_deal else p13.RuleSet.preset("microsoft")
    with pytest.raises(p13.InvalidArgumentError, match=message.replace("*", r"\*")):
        function(rules, **kwargs)


def test_a_value_of_a_game_that_is_no_rule_set_is_refused() -> None:
    with pytest.raises(p13.InvalidArgumentError, match="a Spider Layout"):
        p13.winnable_deal(spider.Layout.shuffled(1, SPIDER_1), 1)
    with pytest.raises(p13.InvalidRulesError):
        p13.winnable_deal("windows", 1)


def test_running_out_of_candidates_says_so() -> None:
    # the first candidate of seed 0 is winnable (a golden vector): asking for another
    # grade with one attempt runs out
    first = p13.winnable_deal("microsoft", 0, max_attempts=1)
    assert first.attempt == 0
    for grade in DIFFICULTIES:
        if grade == first.difficulty:
            assert p13.winnable_deal("microsoft", 0, difficulty=grade, max_attempts=1) == first
            continue
        with pytest.raises(p13.InvalidArgumentError) as caught:
            p13.winnable_deal("microsoft", 0, difficulty=grade, max_attempts=1)
        # The grade is what was not found, not a win: the message says so.
        assert str(caught.value) == (
            f"no {grade!r} deal among the first 1 candidates of seed 0: 1 was winnable "
            f"(1 {first.difficulty!r}), none {grade!r}; try another seed or grade, or more "
            "attempts"
        )
        assert "few or none" not in str(caught.value)


def test_running_out_of_candidates_without_a_win_says_the_rules_allow_few() -> None:
    # Under these rules (one draw of the whole stock, one pass, every card to clear),
    # none of the first 100 candidates of seed 1 is winnable (reference/cli.md says so).
    rules = p13.RuleSet(goal=p13.Goal.ALL_CARDS, draw_count=24)
    assert p13.pyramid._position.parse_rules("classic,goal=all-cards,draw_count=24") == rules
    cases: list[tuple[Difficulty | None, int, str]] = [(None, 100, ""), ("hard", 20, " (any)")]
    for difficulty, attempts, grade in cases:
        with pytest.raises(p13.InvalidArgumentError) as caught:
            p13.winnable_deal(rules, 1, difficulty=difficulty, max_attempts=attempts)
        assert str(caught.value) == (
            f"no winnable deal among the first {attempts} candidates of seed 1"
            f"{grade.replace('any', 'of any grade')}: these "
            "rules may allow few or none"
        )
    page = " ".join(
        (Path(__file__).parents[1] / "docs" / "reference" / "cli.md").read_text().split()
    )
    assert "`classic,goal=all-cards,draw_count=24`, which gives none among the first 100 " in page


def test_rules_of_the_wrong_game_are_named() -> None:
    with pytest.raises(p13.InvalidRulesError) as caught:
        p13.pyramid.winnable_deal(SPIDER_1, 1)  # type: ignore[arg-type]
    assert str(caught.value).endswith(
        "must be a Pyramid RuleSet or a preset name (use RuleSet.preset), not a Spider RuleSet"
    )
    with pytest.raises(p13.InvalidRulesError, match=r"not a Pyramid RuleSet$"):
        spider.winnable_deal(p13.RuleSet.preset("microsoft"), 1)  # type: ignore[arg-type]


# -- a grade the rules cannot give: refused at once, soundly --------------------------------


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_a_grade_an_open_spider_deal_cannot_get_is_refused_at_once(suits: int) -> None:
    rules = spider.RuleSet.preset("open", suits=suits)
    easy, medium = spider_deals.GRADES[suits]
    _, high = spider_deals.score_ranges(rules)[-1]
    assert high < medium + 1  # 'hard' lies beyond every score of these rules
    impossible: list[Difficulty] = ["hard"] if suits == 1 else ["medium", "hard"]
    assert (high > easy) is (suits == 1)
    for grade in impossible:
        with pytest.raises(p13.InvalidArgumentError, match=f"cannot give a '{grade}' deal"):
            spider.winnable_deal(rules, 1, difficulty=grade, max_attempts=10**9)
    if suits == 1:  # quick to solve
        assert spider.winnable_deal(rules, 1, difficulty="easy").difficulty == "easy"


def test_every_pyramid_grade_can_be_asked_for() -> None:
    for name in (*p13.RuleSet.preset_names(), None):
        rules = p13.RuleSet.preset(name) if name else p13.RuleSet(passes=None)
        row = pyramid_deals.GRADES.get(name or "", pyramid_deals.GRADE_DEFAULT)
        for grade in DIFFICULTIES:
            check_grade_possible(grade, row, pyramid_deals.score_ranges(rules))


@settings(max_examples=6, deadline=None)
@given(
    preset=st.sampled_from(spider.RuleSet.preset_names()),
    suits=st.sampled_from([1, 2]),  # quick to solve; the ranges do not depend on suits
    number=st.integers(0, 2**32 - 1),
)
def test_the_spider_score_lies_in_its_ranges(preset: str, suits: int, number: int) -> None:
    # The early stop is sound only if no deal scores outside `score_ranges`.
    rules = spider.RuleSet.preset(preset, suits=suits)
    start = spider.GameState.new(spider.Layout.shuffled(number, rules), rules)
    result = spider.solve(start, node_limit=spider_deals.SOLVE_NODE_LIMIT)
    score = spider_deals.score(start, result)
    assert any(low <= score <= high for low, high in spider_deals.score_ranges(rules))


@settings(max_examples=12, deadline=None)
@given(rules=rulesets(), number=st.integers(0, 2**32 - 1))
def test_the_pyramid_score_lies_in_its_ranges(rules: p13.RuleSet, number: int) -> None:
    start = p13.GameState.new(p13.Layout.shuffled(number), rules)
    result = p13.solve(start, node_limit=pyramid_deals.SOLVE_NODE_LIMIT)
    score = pyramid_deals.score(start, result)
    assert any(low <= score <= high for low, high in pyramid_deals.score_ranges(rules))


def test_the_search_shows_its_progress(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    rules = p13.RuleSet.preset("microsoft")

    def slow_solve(state: p13.GameState) -> p13.SolveResult[p13.Move]:
        time.sleep(0.3)  # five candidates take over a second: the bar shows
        return p13.solve(state, node_limit=pyramid_deals.SOLVE_NODE_LIMIT)

    with pytest.raises(p13.InvalidArgumentError, match="none 'hard'"):
        find_winnable(
            rules,
            0,
            difficulty="hard",
            date=None,
            max_attempts=5,
            deal=lambda number, rules: p13.GameState.new(p13.Layout.shuffled(number), rules),
            solve=slow_solve,
            grade=lambda state, result: "easy",
            progress=True,
        )
    err = capsys.readouterr().err
    assert "looking for a winnable 'hard' deal" in err
    assert "5/5" in err
    assert re.search(r"[1-5] winnable", err)
    quick = p13.winnable_deal("microsoft", 1, progress=True)  # no bar before a second
    assert quick == p13.winnable_deal("microsoft", 1)
    assert capsys.readouterr().err == ""


# -- the published grade tables are the code's ------------------------------------------


def _table(text: str, header: str) -> dict[str, tuple[int, int]]:
    lines = text.splitlines()
    start = next(number for number, line in enumerate(lines) if line.startswith(header))
    rows = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        key, easy, medium = (cell.strip().strip("`") for cell in line.strip("|").split("|"))
        rows[key] = (int(easy.replace(",", "")), int(medium.replace(",", "")))
    return rows


def test_the_how_to_page_publishes_the_grade_tables() -> None:
    page = (Path(__file__).parents[1] / "docs" / "how-to" / "winnable-deals.md").read_text()
    assert _table(page, "| Pyramid preset") == dict(pyramid_deals.GRADES)
    spider_rows = {str(suits): row for suits, row in spider_deals.GRADES.items()}
    assert _table(page, "| Spider suits") == spider_rows
    assert set(pyramid_deals.GRADES) == set(p13.RuleSet.preset_names())


# -- keyed deals: HMAC-SHA256 of the key and the documented message ----------------------


def _hmac_seed(key: bytes, message: bytes) -> int:
    """The documented keyed seed, computed here from the standard library alone."""
    return int(hmac.new(key, message, hashlib.sha256).hexdigest()[:16], 16)


def test_a_keyed_daily_deal_follows_the_documented_construction() -> None:
    key = b"a server's secret"
    day = datetime.date(2026, 12, 1)
    deal = p13.winnable_deal("microsoft", date=day, key=key)
    message = b"pyramid13 deal\npyramid\nmicrosoft\nany\ndate 2026-12-01"
    rng = SplitMix64(_hmac_seed(key, message))
    numbers = [rng.next() for _ in range(deal.attempt + 1)]  # whole 64-bit outputs
    assert deal.number == numbers[-1]
    assert deal.layout == p13.Layout.shuffled(deal.number)
    assert (deal.seed, deal.date, deal.keyed) == (20261201, day, True)
    assert deal.to_dict()["keyed"] is True
    assert replay(deal).status is p13.Status.WON
    public = p13.winnable_deal("microsoft", date=day)
    assert not public.keyed
    assert public.to_dict()["keyed"] is False
    assert deal.number != public.number


def test_keyed_deals_differ_by_key_and_repeat_with_it() -> None:
    day = datetime.date(2026, 12, 1)
    first = p13.winnable_deal("microsoft", date=day, key=b"one")
    assert first == p13.winnable_deal("microsoft", date=day, key=b"one")
    assert first.number != p13.winnable_deal("microsoft", date=day, key=b"two").number
    assert (
        first.number
        != p13.winnable_deal("microsoft", date=day + datetime.timedelta(1), key=b"one").number
    )


def test_a_keyed_seeded_deal_and_a_spider_one() -> None:
    key = b"k" * 32
    deal = p13.winnable_deal("relaxed", 7, difficulty="easy", key=key)
    message = b"pyramid13 deal\npyramid\nrelaxed\neasy\nseed 7"
    rng = SplitMix64(_hmac_seed(key, message))
    assert deal.number == [rng.next() for _ in range(deal.attempt + 1)][-1]
    assert deal.difficulty == "easy"
    assert (deal.seed, deal.date, deal.keyed) == (7, None, True)
    spider_deal = spider.winnable_deal(SPIDER_1, date=datetime.date(2026, 1, 2), key=key)
    message = b"pyramid13 deal\nspider\npysolfc,suits=1\nany\ndate 2026-01-02"
    rng = SplitMix64(_hmac_seed(key, message))
    assert spider_deal.number == [rng.next() for _ in range(spider_deal.attempt + 1)][-1]
    assert spider_deal.layout == spider.Layout.shuffled(spider_deal.number, SPIDER_1)
    assert p13.winnable_deal(SPIDER_1, date=datetime.date(2026, 1, 2), key=key) == spider_deal
    assert replay(spider_deal).status is p13.Status.WON


def test_the_message_names_everything_that_picks_the_deal() -> None:
    day = datetime.date(2026, 12, 1)
    base = ("pyramid", "microsoft", None, 20261201, day)
    messages = {
        deal_message(*base),
        deal_message("spider", *base[1:]),
        deal_message("pyramid", "relaxed", None, 20261201, day),
        deal_message("pyramid", "microsoft", "hard", 20261201, day),
        deal_message("pyramid", "microsoft", None, 20261201, None),  # the seed, not the day
        deal_message("pyramid", "microsoft", None, 20261202, day + datetime.timedelta(1)),
    }
    assert len(messages) == 6
    assert keyed_seed(b"x", deal_message(*base)) == _hmac_seed(b"x", deal_message(*base))
    assert 0 <= keyed_seed(b"x", b"") < 2**64


@pytest.mark.parametrize(
    ("key", "message"),
    [
        ("secret", "key must be bytes"),
        (bytearray(b"secret"), "key must be bytes"),
        (123, "key must be bytes"),
        (b"", "key must not be empty"),
    ],
)
@pytest.mark.parametrize("function", [p13.winnable_deal, spider.winnable_deal])
def test_bad_keys_are_refused(function: Any, key: object, message: str) -> None:
    rules = SPIDER_1 if function is spider.winnable_deal else p13.RuleSet.preset("microsoft")
    with pytest.raises(p13.InvalidArgumentError, match=message):
        function(rules, date=datetime.date(2026, 1, 1), key=key)


# -- the catalogue's daily cycle -------------------------------------------------------------


EPOCH = datetime.date(2000, 1, 1)  # day 0 of the cycles, as documented


def _documented_cycle(preset: str, difficulty: str | None, key: bytes | None) -> list[int]:
    """The cycle of a catalogue preset's daily deals, by the documented rule, computed here:
    the entries of the grade, shuffled by Fisher-Yates (last place down) driven by
    SplitMix64 seeded with SHA-256 (HMAC-SHA256 with a key) of the cycle's message."""
    entries = pyramid_deals.catalogue(p13.RuleSet.preset(preset)) or ()
    pool = [number for number, got in entries if difficulty in (None, got)]
    message = f"pyramid13 cycle\npyramid\n{preset}\n{difficulty or 'any'}".encode()
    if key is None:
        digest = hashlib.sha256(message).digest()
    else:
        digest = hmac.new(key, message, hashlib.sha256).digest()
    rng = SplitMix64(int.from_bytes(digest[:8], "big"))
    order = list(range(len(pool)))
    for n in range(len(order) - 1, 0, -1):
        j = rng.below(n + 1)
        order[n], order[j] = order[j], order[n]
    return [pool[place] for place in order]


@functools.cache
def _catalogue_grades(preset: str) -> dict[p13.Layout, str]:
    """The grade of each deal of a preset's catalogue, by its layout."""
    entries = pyramid_deals.catalogue(p13.RuleSet.preset(preset)) or ()
    return {p13.Layout.shuffled(number): grade for number, grade in entries}


def _daily_numbers(
    monkeypatch: pytest.MonkeyPatch,
    preset: str,
    difficulty: str | None,
    days: int,
    key: bytes | None,
) -> list[int]:
    """The daily deal numbers of `days` days from 2026-01-01, by `winnable_deal` with the
    solver replaced by the catalogue's word (every entry winnable, of its grade), so that a
    year of days takes no solve."""
    rules = p13.RuleSet.preset(preset)
    grades = _catalogue_grades(preset)

    def solve(state: p13.GameState) -> p13.SolveResult[p13.Move]:
        return p13.SolveResult(winnable=True, moves=(), nodes=1, seconds=0.0, optimal=False)

    def grade(state: p13.GameState, result: object) -> str:
        return grades[state.layout]

    monkeypatch.setattr(pyramid_deals, "_solve", solve)
    monkeypatch.setattr(pyramid_deals, "grade", grade)
    first = datetime.date(2026, 1, 1)
    numbers = []
    for offset in range(days):
        deal = p13.winnable_deal(
            rules,
            date=first + datetime.timedelta(offset),
            difficulty=difficulty,  # type: ignore[arg-type]
            key=key,
        )
        assert deal.attempt == 0
        numbers.append(deal.number)
    monkeypatch.undo()
    return numbers


@pytest.mark.parametrize("preset", pyramid_deals.CATALOGUED)
@pytest.mark.parametrize("key", [None, b"a server's secret"])
def test_a_year_of_daily_deals_repeats_none_within_the_cycle(
    monkeypatch: pytest.MonkeyPatch, preset: str, key: bytes | None
) -> None:
    entries = pyramid_deals.catalogue(p13.RuleSet.preset(preset)) or ()
    for difficulty in (None, *DIFFICULTIES):
        numbers = _daily_numbers(monkeypatch, preset, difficulty, 366, key)
        length = sum(1 for _, got in entries if difficulty in (None, got))
        for day, number in enumerate(numbers):
            # no deal twice within the cycle's length; after it, the cycle again
            assert number not in numbers[max(0, day - length + 1) : day]
            if day >= length:
                assert number == numbers[day - length]
        assert len(set(numbers)) == min(366, length)
        cycle = _documented_cycle(preset, difficulty, key)
        start = (datetime.date(2026, 1, 1) - EPOCH).days  # days since the cycles' epoch
        assert numbers == [cycle[(start + day) % length] for day in range(366)]
    if key is not None:  # the key shuffles the cycle: another order than the public one
        assert _documented_cycle(preset, "hard", key) != _documented_cycle(preset, "hard", None)


def test_consecutive_daily_deals_differ_with_the_real_solver() -> None:
    # 2026-06-16 and 06-17 gave the same classic hard deal when days picked at random
    days = [datetime.date(2026, 6, 16), datetime.date(2026, 6, 17)]
    deals = [p13.winnable_deal("classic", date=day, difficulty="hard") for day in days]
    assert deals[0].number != deals[1].number
    cycle = _documented_cycle("classic", "hard", None)
    for day, deal in zip(days, deals, strict=True):
        place = (day - EPOCH).days % len(cycle)
        assert (deal.number, deal.attempt, deal.difficulty) == (cycle[place], 0, "hard")
        assert replay(deal).status is p13.Status.WON
    keyed = p13.winnable_deal("solitaire-lab", date=days[0], key=b"k")
    keyed_cycle = _documented_cycle("solitaire-lab", None, b"k")
    assert keyed.number == keyed_cycle[(days[0] - EPOCH).days % len(keyed_cycle)]
    assert keyed.keyed


def test_the_how_to_page_publishes_the_cycle_lengths_and_why_they_exist() -> None:
    page = (Path(__file__).parents[1] / "docs" / "how-to" / "winnable-deals.md").read_text()
    lines = page.splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith("| preset | any grade"))
    for line in lines[start + 2 : start + 2 + len(pyramid_deals.CATALOGUED)]:
        preset, *cells = (cell.strip().strip("`") for cell in line.strip("|").split("|"))
        entries = pyramid_deals.catalogue(p13.RuleSet.preset(preset)) or ()
        counts = [
            sum(1 for _, got in entries if grade in (None, got)) for grade in (None, *DIFFICULTIES)
        ]
        assert cells == [f"{count:,} days" for count in counts]
    # the page's figures for a day picked at random, as a seed picks: 2026 by the old rule
    entries = pyramid_deals.catalogue(p13.RuleSet.preset("classic")) or ()

    def by_seed(day: datetime.date, grade: str | None) -> int:
        pool = [number for number, got in entries if grade in (None, got)]
        return pool[SplitMix64(daily_seed(day)).below(len(pool))]

    year = [datetime.date(2026, 1, 1) + datetime.timedelta(n) for n in range(365)]
    numbers = [by_seed(day, None) for day in year]
    assert sum(1 for n, number in enumerate(numbers) if number in numbers[:n]) == 69
    assert by_seed(datetime.date(2026, 6, 16), "hard") == by_seed(
        datetime.date(2026, 6, 17), "hard"
    )
    assert "on 69 days the `classic` deal of any grade" in " ".join(page.split())


def test_running_out_of_keyed_candidates_says_so() -> None:
    first = p13.winnable_deal("microsoft", 0, key=b"k")
    assert first.attempt >= 1  # so the first keyed candidate is no winnable deal
    with pytest.raises(
        p13.InvalidArgumentError, match="among the first 1 candidates of keyed seed 0"
    ):
        p13.winnable_deal("microsoft", 0, max_attempts=1, key=b"k")


def test_the_how_to_page_says_which_grades_open_spider_rules_cannot_give() -> None:
    page = " ".join(
        (Path(__file__).parents[1] / "docs" / "how-to" / "winnable-deals.md").read_text().split()
    )
    assert "so its 2- and 4-suit deals are all `easy` and no 1-suit deal is `hard`" in page
    for suits, grades in ((1, {"easy", "medium"}), (2, {"easy"}), (4, {"easy"})):
        rules = spider.RuleSet.preset("open", suits=suits)
        possible = set()
        for grade in DIFFICULTIES:
            with contextlib.suppress(p13.InvalidArgumentError):
                check_grade_possible(
                    grade, spider_deals.GRADES[suits], spider_deals.score_ranges(rules)
                )
                possible.add(grade)
        assert possible == grades, suits
