"""Play one game of Spider with one suit, choosing moves at random, then take one back.

Run it with ``python examples/spider_first_game.py``.
"""

import random

from pyramid13 import Status, spider

rules = spider.RuleSet.preset("microsoft", suits=1)
state = spider.GameState.new(spider.Layout.shuffled(2024, rules), rules)
print(state, end="\n\n")

rng = random.Random(1)  # the same seed plays the same game
for _ in range(1000):  # cards can go round in circles: stop after 1000 moves
    if state.status is not Status.PLAYING:
        break
    move = rng.choice(state.legal_moves())
    state = state.apply(move)  # a new state; the old one is left as it was

print(" ".join(str(move) for move in state.history[:12]), "...", end="\n\n")
print(state)
before = state.undo()  # the state before the last move, exactly
print(f"{len(state.history)} moves; before the last one: {before.deals_left} deal(s) left")
