"""Play one game of Pyramid to the end, always taking the first legal move.

Run it with ``python examples/first_game.py``.
"""

import pyramid13 as p13

state = p13.GameState.new(p13.Layout.shuffled(2024), p13.RuleSet.preset("microsoft"))
print(state, end="\n\n")
while state.status is p13.Status.PLAYING:
    move = state.legal_moves()[0]  # moves come in a fixed, documented order
    state = state.apply(move)  # a new state; the old one is left as it was
print(" ".join(str(move) for move in state.history), end="\n\n")
print(state)
