"""The Markdown tables of a documentation page, for the tests that check pages' figures."""

from __future__ import annotations

__all__ = ["tables"]


def tables(text: str, after: str | None = None) -> list[list[dict[str, str]]]:
    """Every Markdown table of `text` (from the line `after` on, when given), each as its
    rows keyed by header."""
    lines = text.splitlines()
    start = lines.index(after) if after is not None else 0
    found: list[list[dict[str, str]]] = []
    for number in range(start, len(lines) - 1):
        if lines[number].startswith("| ") and lines[number + 1].startswith("|---"):
            header = [cell.strip() for cell in lines[number].strip("|").split("|")]
            rows = []
            for line in lines[number + 2 :]:
                if not line.startswith("|"):
                    break
                cells = [cell.strip() for cell in line.strip("|").split("|")]
                rows.append(dict(zip(header, cells, strict=True)))
            found.append(rows)
    return found
