"""Rewrite the "Output" blocks of documentation pages with what their code really prints.

A page shows a ```` ```python ```` block followed directly by a ```` ```text
title="Output" ```` block; ``tests/test_docs.py`` checks that they agree. After changing a
page or the engine, run ``python tools/update_doc_outputs.py docs/**/*.md`` and review the
diff. Blocks of one page run in order in one namespace, like the test runs them.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```\s*$", re.MULTILINE | re.DOTALL)
SNIPPET = re.compile(r'^--8<-- "([^"]+)"\s*$', re.MULTILINE)


def update(page: Path) -> bool:
    """Run the page's python blocks and rewrite its Output blocks; True if it changed."""
    text = page.read_text()
    fences = list(FENCE.finditer(text))
    namespace: dict[str, object] = {"__name__": f"docs:{page.name}"}
    replacements: list[tuple[int, int, str]] = []
    for index, fence in enumerate(fences):
        if fence.group(1) not in ("python", "py"):
            continue
        code = SNIPPET.sub(lambda m: (ROOT / m.group(1)).read_text(), fence.group(3))
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, str(page), "exec"), namespace)
        if index + 1 < len(fences):
            following = fences[index + 1]
            if (
                'title="Output"' in following.group(2)
                and not text[fence.end() : following.start()].strip()
            ):
                replacements.append((following.start(3), following.end(3), printed.getvalue()))
    for start, end, output in reversed(replacements):
        text = text[:start] + output.rstrip() + "\n" + text[end:]
    if text != page.read_text():
        page.write_text(text)
        return True
    return False


def main(argv: list[str]) -> int:
    """Update every page named on the command line."""
    for name in argv:
        if update(Path(name)):
            print(f"updated {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
