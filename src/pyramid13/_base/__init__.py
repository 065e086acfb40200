"""The floor: what every game is built on, and which imports no game.

Cards (`cards`), the error hierarchy (`errors`), `Status` (`status`), where a card lies
(`location`), the seeded shuffling generator (`shuffle`), the helpers of integer action
spaces (`actions`), the SVG drawing kit (`canvas`), the solve result and its limit checks
(`solving`), the checks of sampling (`sampling`), the `Bot` and `State` protocols (`bots`,
`protocol`), short descriptions of values for messages (`text`), the game registry
(`games`), the scaffold of every game's state (`scaffold`) and the settings pattern of
every bot (`settings`). Each game package (``pyramid13.pyramid``, ``pyramid13.spider``) imports only
these modules; see docs/explanation/design.md for the layers.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
"""

from __future__ import annotations

__all__: list[str] = []
