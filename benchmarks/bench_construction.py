"""How to build a frozen state fast: the construction tricks compared on both games' states.

Run: ``python benchmarks/bench_construction.py [--number 200000] [--repeat 7]``.

A state refuses attribute assignment (its ``__setattr__`` raises), yet `apply` must fill a
new one for every move. Three ways to fill the slots of a new state are timed here, each on
the fields of a Pyramid state (9 slots) and of a Spider state (11 slots), as the engine
builds a successor (a new object, every field stored, the parent linked):

* ``class swap``: the new object is made as a twin class with the same slots and no
  ``__setattr__`` of its own, filled with plain stores, then given the state's class
  (``obj.__class__ = GameState``);
* ``slot setters``: the new object is made as the state's class and each field stored
  through its slot descriptor's ``__set__``, bound once at import;
* ``object.__setattr__``: each field stored through ``object.__setattr__``.

Then the real thing: the library's ``apply_unchecked`` on a move of each game, which uses
the trick the scaffold (`pyramid13._base.scaffold`) chose. Each figure is the best of
``--repeat`` runs of ``--number`` constructions, in nanoseconds per state.
"""

from __future__ import annotations

import argparse
import timeit
from collections.abc import Callable
from functools import partial
from typing import Any, NoReturn

FIELDS = {
    "Pyramid": ("_game", "_pyr", "_stock", "_waste", "_pass", "_score", "_parent", "_move"),
    "Spider": (
        "_game",
        "_ups",
        "_downs",
        "_runs",
        "_dealt",
        "_removed",
        "_score",
        "_debt",
        "_parent",
        "_move",
    ),
}


class _Frozen:
    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(name)


def _arg(field: str) -> str:
    return "v" + field


def _source(name: str, fields: tuple[str, ...], body: list[str]) -> str:
    args = ", ".join(_arg(field) for field in fields)
    return "\n".join([f"def {name}({args}):", *("    " + line for line in body)])


def tricks(fields: tuple[str, ...]) -> dict[str, Callable[..., Any]]:
    """The three builders for a state with `fields` (and ``_status``), each taking the
    fields' values in order."""
    slots = (*fields, "_status")
    fields_class = type("Fields", (), {"__slots__": slots})
    state_class = type("State", (fields_class, _Frozen), {"__slots__": ()})
    twin = type("Building", (fields_class,), {"__slots__": ()})
    namespace: dict[str, Any] = {
        "new": object.__new__,
        "State": state_class,
        "Building": twin,
        "setattr": object.__setattr__,
    }
    for slot in slots:
        namespace["set" + slot] = vars(fields_class)[slot].__set__
    stores = [f"s.{field} = {_arg(field)}" for field in fields]
    swap = ["s = new(Building)", *stores, "s._status = None", "s.__class__ = State", "return s"]
    setters = [
        "s = new(State)",
        *(f"set{field}(s, {_arg(field)})" for field in fields),
        "set_status(s, None)",
        "return s",
    ]
    plain = [
        "s = new(State)",
        *(f"setattr(s, {field!r}, {_arg(field)})" for field in fields),
        "setattr(s, '_status', None)",
        "return s",
    ]
    exec(_source("swap", fields, swap), namespace)
    exec(_source("setters", fields, setters), namespace)
    exec(_source("plain", fields, plain), namespace)
    return {
        "class swap": namespace["swap"],
        "slot setters": namespace["setters"],
        "object.__setattr__": namespace["plain"],
    }


def best(call: Callable[[], object], number: int, repeat: int) -> float:
    """The best time of `repeat` runs of `number` calls, in nanoseconds a call."""
    return min(timeit.repeat(call, number=number, repeat=repeat)) / number * 1e9


def library(number: int, repeat: int) -> dict[str, float]:
    """ns per ``apply_unchecked`` of a first legal move, in each game."""
    import pyramid13 as p13
    from pyramid13 import spider

    state = p13.GameState.new(p13.Layout.shuffled(1))
    move = state.legal_moves()[-1]  # the draw: no removal, little else to do
    rules = spider.RuleSet.preset("pysolfc")
    spider_state = spider.GameState.new(spider.Layout.from_pysolfc(1), rules)
    spider_move = spider_state.legal_moves()[0]
    return {
        "Pyramid": best(lambda: state.apply_unchecked(move), number, repeat),
        "Spider": best(lambda: spider_state.apply_unchecked(spider_move), number, repeat),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    print(f"{'trick':<20}{'Pyramid ns':>12}{'Spider ns':>12}")
    builders = {game: tricks(fields) for game, fields in FIELDS.items()}
    for trick in builders["Pyramid"]:
        row = []
        for game, fields in FIELDS.items():
            build = builders[game][trick]
            values = tuple(range(len(fields)))
            row.append(best(partial(build, *values), args.number, args.repeat))
        print(f"{trick:<20}{row[0]:>12.0f}{row[1]:>12.0f}")
    applied = library(args.number, args.repeat)
    print(f"{'apply_unchecked':<20}{applied['Pyramid']:>12.0f}{applied['Spider']:>12.0f}")


if __name__ == "__main__":
    main()
