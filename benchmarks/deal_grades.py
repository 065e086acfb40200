"""How honest players fare on the winnable deals of each grade: ``benchmarks/deal-grades.md``.

Run in three steps, each resumable (every deal or game appends one JSON line to its file,
and what is already there is skipped, so a run can be cut, stopped and resumed):

1. ``collect``: winnable deals and their grades. For each rule set, `winnable_deal(rules,
   seed)` with no grade asked, for seeds ``FIRST_SEED, FIRST_SEED + 1, ...`` (a range no
   test uses), until every grade holds ``--per-grade`` deals and there are ``--pool`` in
   all. Each deal's score is kept beside its grade. A deal of
   grade g found this way is distributed as the one ``winnable_deal(rules, seed,
   difficulty=g)`` returns: both are the first candidates of independent streams of deal
   numbers that are winnable and of grade g.
   ``tools/calibrate_deal_grades.py --from FILE --deals K`` calibrates the grade tables on
   each rule set's first K deals by seed; ``--skip K`` below leaves those deals out.
2. ``play``: every player of ``--players`` plays each rule set's deals past the first
   ``--skip``, graded by the library's tables as they are now (from the score kept), the
   first ``--per-grade`` of each grade (every one when 0), once, honest and without undo,
   as `pyramid13.win_rate` plays them (a game is the deal number's ``Layout.shuffled``),
   timed in CPU seconds of this process.
3. ``table``: per rule set, grade and player, the wins with their Wilson 95 % interval.

``quarters`` prints, per player, the wins on the deals of each quarter of the collected
deals' scores (whether a score's order, not only its thresholds, follows honest play).
``times`` prints, per rule set, the CPU seconds the collected deals took to find (the
search of candidate numbers with no grade asked: ``winnable_deal`` itself where the rule
set has no catalogue): mean, p50 and p99 (nearest rank).

``python benchmarks/deal_grades.py collect --game pyramid --pool 900 --out deals.jsonl``,
then ``python tools/calibrate_deal_grades.py pyramid --from deals.jsonl --deals 300``, then
``... play --deals deals.jsonl --skip 300 --players greedy,replan --out games.jsonl``, then
``... table --deals deals.jsonl --skip 300 --games games.jsonl``.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import pyramid13 as p13
from pyramid13 import spider
from pyramid13._base.deals import grade_from
from pyramid13.pyramid import _deals as pyramid_deals
from pyramid13.spider import _deals as spider_deals

__all__ = ["FIRST_SEED", "collect", "main", "play", "table"]

FIRST_SEED = 3_000_000
GRADES = ("easy", "medium", "hard")
_PYRAMID_PRESETS = (
    "classic",
    "microsoft",
    "cardems",
    "relaxed",
    "apophis",
    "cardgames",
    "pysolfc",
    "king-tut",
    "three-stacks",
    "solitaire-lab",
)


def _rules(game: str, preset: str, suits: int) -> Any:
    if game == "spider":
        return spider.RuleSet.preset(preset, suits=suits)
    return p13.RuleSet.preset(preset)


def _label(game: str, preset: str, suits: int) -> str:
    return (
        f"spider {preset}, {suits} suit{'s' if suits > 1 else ''}" if game == "spider" else preset
    )


def _read(path: Path | None) -> list[dict[str, Any]]:
    if path is None or not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def _append(path: Path, record: dict[str, Any]) -> None:
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(record) + "\n")


def _score(game: str, deal: Any) -> int:
    """The deal's difficulty score, the number its grade is read from (kept so that a
    new calibration can grade the deals again without solving them again)."""
    result = p13.SolveResult(True, deal.solution, deal.nodes, 0.0, False)
    scorer = spider_deals.score if game == "spider" else pyramid_deals.score
    score: int = scorer(deal.start(), result)
    return score


def collect(game: str, preset: str, suits: int, per_grade: int, pool: int, out: Path) -> None:
    """Append winnable deals of the rule set to `out` until each grade has `per_grade`
    and there are `pool` deals in all."""
    rules = _rules(game, preset, suits)
    label = _label(game, preset, suits)
    mine = [r for r in _read(out) if r["label"] == label]
    count = {grade: sum(r["grade"] == grade for r in mine) for grade in GRADES}
    seed = max((r["seed"] + 1 for r in mine), default=FIRST_SEED)
    # Pyramid: the search, even for a preset with a catalogue (the catalogue is made of
    # these deals: tools/make_deal_catalogue.py).
    finder = spider.winnable_deal if game == "spider" else pyramid_deals.search
    while min(count.values()) < per_grade or sum(count.values()) < pool:
        start = time.process_time()
        deal = finder(rules, seed)
        cpu = time.process_time() - start
        count[deal.difficulty] += 1
        score = _score(game, deal)
        record = {
            "label": label,
            "game": game,
            "preset": preset,
            "suits": suits,
            "seed": seed,
            "number": deal.number,
            "grade": deal.difficulty,
            "score": score,
            "cpu": round(cpu, 4),
        }
        _append(out, record)
        seed += 1


def grade_now(record: dict[str, Any]) -> str:
    """The deal's grade by the library's grade table as it is now (read from its score,
    so that deals collected before a new calibration are graded by the new one)."""
    if record["game"] == "spider":
        row = spider_deals.GRADES[record["suits"]]
    else:
        row = pyramid_deals.GRADES.get(record["preset"], pyramid_deals.GRADE_DEFAULT)
    return str(grade_from(record["score"], row))


def _chosen(deals: list[dict[str, Any]], per_grade: int, skip: int) -> list[dict[str, Any]]:
    """Each rule set's deals past its first `skip` by seed (those calibrated the grades),
    the first `per_grade` of each grade (all when 0), graded as the library grades now."""
    seen: dict[str, int] = defaultdict(int)
    taken: dict[tuple[str, str], int] = defaultdict(int)
    chosen = []
    for record in sorted(deals, key=lambda r: (r["label"], r["seed"])):
        seen[record["label"]] += 1
        if seen[record["label"]] <= skip:
            continue
        graded = {**record, "grade": grade_now(record)}
        key = (record["label"], graded["grade"])
        if not per_grade or taken[key] < per_grade:
            taken[key] += 1
            chosen.append(graded)
    return chosen


def play(
    deals: list[dict[str, Any]], players: list[str], per_grade: int, skip: int, out: Path
) -> None:
    """Play each player on the chosen deals; append a line per game to `out`."""
    done = {(r["label"], r["number"], r["player"]) for r in _read(out)}
    for player in players:
        for record in _chosen(deals, per_grade, skip):
            if (record["label"], record["number"], player) in done:
                continue
            rules = _rules(record["game"], record["preset"], record["suits"])
            start = time.process_time()
            result = p13.win_rate(rules, [record["number"]], player, workers=1)
            cpu = time.process_time() - start
            assert result.play == p13.HONEST_NO_UNDO, (player, result.play)
            _append(
                out,
                {
                    "label": record["label"],
                    "number": record["number"],
                    "grade": record["grade"],
                    "player": player,
                    "won": result.wins == 1,
                    "cpu": round(cpu, 4),
                },
            )


def table(
    deals: list[dict[str, Any]], games: list[dict[str, Any]], per_grade: int, skip: int
) -> str:
    """The Markdown table: per rule set, grade and player, wins and their interval."""
    chosen = {(r["label"], r["number"]): r["grade"] for r in _chosen(deals, per_grade, skip)}
    cells: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    order: dict[str, int] = {}
    for record in deals:
        order.setdefault(record["label"], len(order))
    unique = {(g["label"], g["number"], g["player"]): g for g in games}  # a game played twice
    for game in unique.values():
        grade = chosen.get((game["label"], game["number"]))
        if grade is not None:
            cells[game["label"], game["player"], grade].append(game)
    lines = [
        "| rules | player | grade | deals | wins | rate | 95 % CI | CPU s/game |",
        "|---|---|---|---|---|---|---|---|",
    ]
    keys = sorted(
        {(label, player) for label, player, _ in cells},
        key=lambda key: (order.get(key[0], 0), key[1]),
    )
    for label, player in keys:
        for grade in GRADES:
            group = cells.get((label, player, grade), [])
            if not group:
                continue
            wins = sum(g["won"] for g in group)
            low, high = p13.wilson_interval(wins, len(group))
            cpu = statistics.fmean(g["cpu"] for g in group)
            lines.append(
                f"| {label} | {player} | {grade} | {len(group)} | {wins} "
                f"| {100 * wins / len(group):.1f} % | {100 * low:.1f} .. {100 * high:.1f} % "
                f"| {cpu:.3f} |"
            )
    lines += ["", verdicts(cells, keys)]
    return "\n".join(lines)


def verdicts(
    cells: dict[tuple[str, str, str], list[dict[str, Any]]], keys: list[tuple[str, str]]
) -> str:
    """Per rule set and player, whether "easy" is won clearly more often than "hard":
    the easy games' Wilson interval lies wholly above the hard games'."""
    lines = [
        "| rules | player | easy won | hard won | easy clearly ahead |",
        "|---|---|---|---|---|",
    ]
    for label, player in keys:
        easy = cells.get((label, player, "easy"), [])
        hard = cells.get((label, player, "hard"), [])
        if not easy or not hard:
            continue
        easy_wins = sum(g["won"] for g in easy)
        hard_wins = sum(g["won"] for g in hard)
        ahead = (
            p13.wilson_interval(easy_wins, len(easy))[0]
            > p13.wilson_interval(hard_wins, len(hard))[1]
        )
        lines.append(
            f"| {label} | {player} | {easy_wins} of {len(easy)} | {hard_wins} of {len(hard)} "
            f"| {'yes' if ahead else 'no'} |"
        )
    return "\n".join(lines)


def times(deals: list[dict[str, Any]]) -> str:
    """The Markdown table of the time the collected deals took to find, per rule set."""
    groups: dict[str, list[float]] = defaultdict(list)
    for record in deals:
        groups[record["label"]].append(record["cpu"])
    lines = ["| rules | deals | mean s | p50 s | p99 s | max s |", "|---|---|---|---|---|---|"]
    for label, cpu in groups.items():
        cpu.sort()
        p50 = cpu[max(0, math.ceil(len(cpu) * 0.5) - 1)]
        p99 = cpu[max(0, math.ceil(len(cpu) * 0.99) - 1)]
        lines.append(
            f"| {label} | {len(cpu)} | {statistics.fmean(cpu):.3f} | {p50:.3f} "
            f"| {p99:.3f} | {cpu[-1]:.3f} |"
        )
    return "\n".join(lines)


def by_quarter(deals: list[dict[str, Any]], games: list[dict[str, Any]]) -> str:
    """Per player, the wins on the deals of each quarter of the collected deals' scores
    (the easiest quarter first): how the calibration chose where "easy" ends."""
    scores = sorted(record["score"] for record in deals)
    score_of = {(r["label"], r["number"]): r["score"] for r in deals}
    bounds = [scores[max(0, math.ceil(len(scores) * q / 4) - 1)] for q in (1, 2, 3)]
    tally: dict[str, list[list[int]]] = defaultdict(lambda: [[0, 0] for _ in range(4)])
    for game in games:
        score = score_of.get((game["label"], game["number"]))
        if score is None:
            continue
        quarter = sum(score > bound for bound in bounds)
        tally[game["player"]][quarter][0] += game["won"]
        tally[game["player"]][quarter][1] += 1
    lines = [
        "| player | "
        + " | ".join(
            f"quarter {q} (score {b})"
            for q, b in zip(
                (1, 2, 3, 4),
                [f"<= {bounds[0]:,}", f"<= {bounds[1]:,}", f"<= {bounds[2]:,}", f"> {bounds[2]:,}"],
                strict=True,
            )
        )
        + " |",
        "|---|---|---|---|---|",
    ]
    for player, quarters in sorted(tally.items()):
        lines.append(
            f"| {player} | " + " | ".join(f"{won} of {played}" for won, played in quarters) + " |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=("collect", "play", "table", "times", "quarters"))
    parser.add_argument("--game", choices=("pyramid", "spider"), default="pyramid")
    parser.add_argument("--presets", help="comma-separated (default: every preset measured)")
    parser.add_argument("--suits", type=int, default=4, choices=(1, 2, 4))
    parser.add_argument("--per-grade", type=int, default=200)
    parser.add_argument("--pool", type=int, default=0, help="collect: deals in all, at least")
    parser.add_argument("--skip", type=int, default=0, help="each rule set's first deals")
    parser.add_argument("--players", default="greedy", help="comma-separated bot names")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--deals", type=Path, nargs="*", default=[])
    parser.add_argument("--games", type=Path, nargs="*", default=[])
    args = parser.parse_args()
    deals = [record for path in args.deals for record in _read(path)]
    if args.step == "collect":
        default = "pysolfc" if args.game == "spider" else ",".join(_PYRAMID_PRESETS)
        for preset in (args.presets or default).split(","):
            collect(args.game, preset, args.suits, args.per_grade, args.pool, args.out)
    elif args.step == "play":
        play(deals, args.players.split(","), args.per_grade, args.skip, args.out)
    elif args.step == "times":
        print(times(deals))
    elif args.step == "quarters":
        print(by_quarter(deals, [record for path in args.games for record in _read(path)]))
    else:
        games = [record for path in args.games for record in _read(path)]
        print(table(deals, games, args.per_grade, args.skip))


if __name__ == "__main__":
    main()
