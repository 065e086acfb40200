"""Write the catalogue of winnable deals (``src/pyramid13/pyramid/deal_catalogue.json``).

Layer: a tool (outside the package). For each preset of
``pyramid13.pyramid._deals.CATALOGUED``, the first winnable candidate of each of the seeds
``FIRST_SEED, FIRST_SEED + 1, ...`` by the search `winnable_deal` runs for other rule sets
(``pyramid13.pyramid._deals.search``), with its difficulty score, until the preset has
``--deals`` of them. The scores, not the grades, are written, so that a new calibration of
``GRADES`` grades the same deals again without a new catalogue.

``python tools/make_deal_catalogue.py --deals 1000`` (every catalogued preset), or, from the
deals ``benchmarks/deal_grades.py collect`` gathered with the same search and seeds (as
many as it holds from the first seed on, without a gap, up to ``--deals``),
``python tools/make_deal_catalogue.py --from deals.jsonl``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pyramid13 as p13
from pyramid13.pyramid import _deals as pyramid_deals

__all__ = ["FIRST_SEED", "catalogue_text", "main", "searched"]

FIRST_SEED = 3_000_000
OUT = Path(__file__).resolve().parents[1] / "src/pyramid13/pyramid" / pyramid_deals.CATALOGUE_FILE


def searched(preset: str, deals: int) -> list[tuple[int, int, int]]:
    """``(seed, deal number, score)`` of the first `deals` seeds' winnable deals."""
    found = []
    for seed in range(FIRST_SEED, FIRST_SEED + deals):
        deal = pyramid_deals.search(preset, seed)
        result = p13.SolveResult(True, deal.solution, deal.nodes, 0.0, False)
        found.append((seed, deal.number, pyramid_deals.score(deal.start(), result)))
    return found


def _from_file(path: Path, preset: str, deals: int) -> list[tuple[int, int, int]]:
    """The preset's deals of a collect file: its seeds from `FIRST_SEED` on, as many as
    follow each other without a gap, `deals` at most."""
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            if record["game"] == "pyramid" and record["preset"] == preset:
                found[record["seed"]] = (record["seed"], record["number"], record["score"])
    rows = []
    for seed in range(FIRST_SEED, FIRST_SEED + deals):
        if seed not in found:
            break
        rows.append(found[seed])
    if not rows:
        raise SystemExit(f"{path} has no deal of {preset} from seed {FIRST_SEED}")
    return rows


def catalogue_text(presets: dict[str, list[tuple[int, int, int]]]) -> str:
    """The catalogue file's text: a deal per line, so that a diff shows what changed."""
    blocks = []
    for name, rows in presets.items():
        lines = ",\n".join(f"      [{number}, {points}]" for _, number, points in rows)
        blocks.append(f'    "{name}": [\n{lines}\n    ]')
    body = ",\n".join(blocks)
    return f'{{\n  "format": 1,\n  "first_seed": {FIRST_SEED},\n  "presets": {{\n{body}\n  }}\n}}\n'


def main(argv: list[str] | None = None) -> None:
    """Write the catalogue."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per preset, at most")
    parser.add_argument("--from", dest="source", type=Path, help="a deal_grades.py collect file")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    presets = {
        name: _from_file(args.source, name, args.deals)
        if args.source
        else searched(name, args.deals)
        for name in pyramid_deals.CATALOGUED
    }
    args.out.write_text(catalogue_text(presets), encoding="utf-8")


if __name__ == "__main__":
    main()
