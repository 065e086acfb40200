"""``python -m pyramid13``: the command line (see `pyramid13.cli`).

Layer: the façade (the package's top-level names, Pyramid's among them).
"""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
