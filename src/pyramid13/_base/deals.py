"""Winnable deals: `WinnableDeal`, the candidate deal numbers, the daily seed and the search
that every game's ``winnable_deal`` runs.

Layer: the floor (`pyramid13._base`), which every game imports and which imports no game.
A game passes its own deal, solver and grade to `find_winnable`; what is the same for
every game lives here, so that both games draw their candidates from one documented
stream:

* the candidate deal numbers of a seed are the low 32 bits of the successive outputs of
  `SplitMix64` seeded with it (``SplitMix64(seed).below(2**32)``, called once per
  attempt), each dealt with the game's ``Layout.shuffled(number, ...)``;
* the daily seed of a date is the number ``YYYYMMDD`` (`daily_seed`);
* a rule set whose search would be slow (few of its deals are winnable) may have a
  catalogue instead: deal numbers found winnable beforehand by the same search, with
  their grades. The seed's `SplitMix64` then picks entries of the catalogue
  (``below(len(entries))``, called once per attempt) in place of candidate numbers;
  a daily deal walks the catalogue's cycle instead (`catalogue_cycle`, `cycle_day`), so
  that no deal comes back before every entry of its grade has had its day;
* with a server's key (``key=``), the seed is `keyed_seed` of the key and `deal_message`
  (HMAC-SHA256), the candidate numbers are the whole 64-bit outputs of its `SplitMix64`,
  and the catalogue's cycle is shuffled by a keyed seed too, so that no one without the
  key can compute the deals.
* a grade is asked for only where the rules can give it (`check_grade_possible`): a
  game's difficulty score takes values in a few known ranges under a rule set (Spider's,
  with every card face up, never counts a face-down card), and a grade whose scores lie
  outside all of them is refused at once, before any candidate is solved. That early stop
  is sound: it never refuses a grade that some deal could get. Rules that allow a grade,
  or any win, only rarely are searched to ``max_attempts``: no sound test tells them from
  rules that allow none, so the search shows its progress (``progress=True``) instead.

Examples:
    >>> from pyramid13._base.deals import candidate_numbers, daily_seed
    >>> import datetime
    >>> daily_seed(datetime.date(2026, 12, 1))
    20261201
    >>> candidate_numbers(7, 3)
    (1496452567, 4097599004, 3132172802)
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import importlib
from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, Literal, TypeVar, get_args

import attrs

from .errors import InvalidArgumentError
from .games import game_of
from .shuffle import SplitMix64
from .solving import SolveResult
from .text import describe

__all__ = [
    "CYCLE_EPOCH",
    "DIFFICULTIES",
    "MAX_ATTEMPTS",
    "MAX_SEED",
    "Difficulty",
    "WinnableDeal",
    "candidate_numbers",
    "catalogue_cycle",
    "check_difficulty",
    "check_grade_possible",
    "check_key",
    "cycle_day",
    "cycle_message",
    "daily_seed",
    "deal_message",
    "deal_seed",
    "find_winnable",
    "grade_from",
    "keyed_seed",
    "solver_effort",
]

MoveT = TypeVar("MoveT")

Difficulty = Literal["easy", "medium", "hard"]
"""A grade of a winnable deal."""

DIFFICULTIES: Final[tuple[Difficulty, ...]] = get_args(Difficulty)
"""The grades, easiest first: ``("easy", "medium", "hard")``."""

MAX_SEED: Final = (1 << 64) - 1
"""The largest seed `winnable_deal` takes (seeds are ints in ``0 .. 2**64 - 1``)."""

MAX_ATTEMPTS: Final = 10_000
"""How many candidate deals `winnable_deal` tries before it gives up (by default)."""

CYCLE_EPOCH: Final = datetime.date(2000, 1, 1)
"""Day 0 of the catalogue's cycles: the daily deal of a catalogue preset on a date is the
entry at place ``(date - CYCLE_EPOCH).days mod len(entries)`` of the cycle."""


@attrs.frozen
class WinnableDeal(Generic[MoveT]):
    """A deal proven winnable, with its proof: a winning line from its start.

    ``WinnableDeal[Move]`` for Pyramid (`pyramid13.winnable_deal`),
    ``WinnableDeal[spider.Move]`` for Spider (`pyramid13.spider.winnable_deal`). The deal
    itself is only a `layout`: a game started from it (`start`) shows an honest player
    nothing of the `solution`.

    Examples:
        >>> import pyramid13 as p13
        >>> deal = p13.winnable_deal("microsoft", 1)
        >>> state = deal.start()
        >>> for move in deal.solution:
        ...     state = state.apply(move)
        >>> state.status, deal.difficulty in ("easy", "medium", "hard")
        (<Status.WON: 'won'>, True)
    """

    rules: Any
    """The rule set the deal is winnable under."""
    seed: int
    """The seed asked for (the daily seed ``YYYYMMDD`` for a daily deal). With a key, the
    candidates come from the keyed seed of it instead (`keyed`)."""
    number: int
    """The deal number: the deal is ``Layout.shuffled(number)`` (Spider:
    ``spider.Layout.shuffled(number, rules)``), so ``pyramid13 play --seed NUMBER`` plays it."""
    attempt: int
    """Which candidate of the seed's stream it is (0 for the first): a candidate deal
    number, or for rules with a catalogue an entry of the catalogue."""
    layout: Any
    """The deal: start it with ``GameState.new(layout, rules)`` (or `start`)."""
    solution: tuple[MoveT, ...]
    """A winning line from the start of the deal: the certificate that it is winnable."""
    difficulty: Difficulty
    """Its grade: ``"easy"``, ``"medium"`` or ``"hard"`` (see the game's grade table)."""
    nodes: int
    """Positions the thoughtful solver stored to find `solution` (its effort)."""
    date: datetime.date | None = None
    """The day of a daily deal, else None."""
    keyed: bool = False
    """Whether a server's secret key chose the deal (``winnable_deal(..., key=...)``):
    then only the key's holder can compute it from the seed or the date."""

    def start(self) -> Any:
        """The game at its start: ``GameState.new(self.layout, self.rules)``.

        Examples:
            >>> import pyramid13 as p13
            >>> deal = p13.winnable_deal("microsoft", 1)
            >>> deal.start().observe() == p13.GameState.new(deal.layout, deal.rules).observe()
            True
        """
        state_type: Any = game_of(self.layout, "layout", "Layout").state_type
        return state_type.new(self.layout, self.rules)

    def to_dict(self) -> dict[str, Any]:
        """The deal as JSON-ready data: the rules' compact text, seed, deal number,
        attempt, layout code, grade, solver effort, date (ISO text or None), whether it is
        keyed, and the solution as move texts.

        Examples:
            >>> import pyramid13 as p13
            >>> data = p13.winnable_deal("microsoft", 1).to_dict()
            >>> sorted(data)[:4], data["rules"]
            (['attempt', 'date', 'difficulty', 'game'], 'microsoft')
        """
        game = game_of(self.layout, "layout", "Layout")
        rules_text = game.format_rules(self.rules) if game.format_rules else str(self.rules)
        return {
            "game": game.name,
            "rules": rules_text,
            "seed": self.seed,
            "date": None if self.date is None else self.date.isoformat(),
            "number": self.number,
            "attempt": self.attempt,
            "layout": self.layout.code,
            "difficulty": self.difficulty,
            "nodes": self.nodes,
            "keyed": self.keyed,
            "solution": [str(move) for move in self.solution],
        }


def daily_seed(date: datetime.date) -> int:
    """The seed of the daily deal of `date`: the number ``YYYYMMDD`` (a `datetime`
    counts by its calendar date, as written, whatever its time zone).

    Raises:
        InvalidArgumentError: `date` is not a `datetime.date`.

    Examples:
        >>> import datetime
        >>> daily_seed(datetime.date(2027, 1, 9))
        20270109
    """
    if not isinstance(date, datetime.date):
        raise InvalidArgumentError(f"date must be a datetime.date, not {describe(date)}")
    return date.year * 10_000 + date.month * 100 + date.day


def deal_seed(seed: object, date: object) -> tuple[int, datetime.date | None]:
    """The seed to search from: `seed` itself, or `daily_seed` of `date`; exactly one of
    them must be given.

    Raises:
        InvalidArgumentError: both or neither given, `seed` is not an int in
            ``0 .. 2**64 - 1`` (a bool is no seed), or `date` is not a date.
    """
    if date is not None:
        if seed is not None:
            raise InvalidArgumentError("give a seed or a date, not both")
        if not isinstance(date, datetime.date):
            raise InvalidArgumentError(f"date must be a datetime.date, not {describe(date)}")
        day = datetime.date(date.year, date.month, date.day)
        return daily_seed(day), day
    if seed is None:
        raise InvalidArgumentError("give a seed (an int) or a date")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise InvalidArgumentError(f"seed must be an int in 0..2**64-1, not {describe(seed)}")
    return seed, None


def check_difficulty(difficulty: object) -> Difficulty | None:
    """`difficulty` checked: one of `DIFFICULTIES`, or None for any grade.

    Raises:
        InvalidArgumentError: anything else.
    """
    if difficulty is None:
        return None
    for grade in DIFFICULTIES:
        if difficulty == grade and isinstance(difficulty, str):
            return grade
    raise InvalidArgumentError(
        f"difficulty must be 'easy', 'medium', 'hard' or None, not {describe(difficulty)}"
    )


def check_grade_possible(
    asked: Difficulty | None, row: tuple[int, int], scores: Sequence[tuple[int, int]]
) -> None:
    """Refuse a grade that no deal of the rules can get: `asked`'s scores under the grade
    table's `row` (see `grade_from`) lie outside every ``(low, high)`` range of `scores`,
    the values the game's difficulty score can take under the rules.

    Raises:
        InvalidArgumentError: `asked` is a grade that no score of `scores` gets.

    Examples:
        >>> check_grade_possible("easy", (1_013, 1_025), [(0, 19), (1_000, 1_019)])
        >>> check_grade_possible("hard", (1_013, 1_025), [(0, 19), (1_000, 1_019)])
        Traceback (most recent call last):
        ...
        pyramid13.InvalidArgumentError: these rules cannot give a 'hard' deal: ...
    """
    if asked is None:
        return
    easy, medium = row
    low, high = {"easy": (None, easy), "medium": (easy + 1, medium), "hard": (medium + 1, None)}[
        asked
    ]
    for first, last in scores:
        if (low is None or last >= low) and (high is None or first <= high):
            return
    span = {
        "easy": f"a score of at most {easy:,}",
        "medium": f"a score from {easy + 1:,} to {medium:,}",
        "hard": f"a score above {medium:,}",
    }[asked]
    ranges = " or ".join(f"{first:,} to {last:,}" for first, last in scores)
    raise InvalidArgumentError(
        f"these rules cannot give a {asked!r} deal: {asked!r} is {span} (the grade "
        f"table's row for these rules), and their deals score {ranges}; ask for another "
        "grade, or for any grade (None)"
    )


def _check_attempts(max_attempts: object) -> int:
    if isinstance(max_attempts, bool) or not isinstance(max_attempts, int) or max_attempts < 1:
        raise InvalidArgumentError(
            f"max_attempts must be a positive int, not {describe(max_attempts)}"
        )
    return max_attempts


def candidate_numbers(seed: int, count: int) -> tuple[int, ...]:
    """The first `count` candidate deal numbers of `seed`: the low 32 bits of successive
    `SplitMix64` outputs seeded with it.

    Examples:
        >>> candidate_numbers(0, 2)
        (2065550767, 2713282036)
    """
    rng = SplitMix64(seed)
    return tuple(rng.below(1 << 32) for _ in range(count))


def check_key(key: object) -> bytes | None:
    """`key` checked: a server's secret as non-empty bytes, or None for public deals.

    Raises:
        InvalidArgumentError: anything else (text included: encode it to bytes, or better
            use ``secrets.token_bytes(32)``).

    Examples:
        >>> check_key(b"secret"), check_key(None)
        (b'secret', None)
    """
    if key is None:
        return None
    if not isinstance(key, bytes):
        raise InvalidArgumentError(
            f"key must be bytes, such as secrets.token_bytes(32), not {describe(key)}"
        )
    if not key:
        raise InvalidArgumentError("key must not be empty: use secrets.token_bytes(32)")
    return key


def _digest(key: bytes | None, message: bytes) -> int:
    """The first 8 bytes, big-endian, of HMAC-SHA256(key, message), or of SHA-256 of
    `message` without a key."""
    if key is None:
        digest = hashlib.sha256(message).digest()
    else:
        digest = hmac.new(key, message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")


def keyed_seed(key: bytes, message: bytes) -> int:
    """The seed that a server's `key` gives a deal: the first 8 bytes of
    ``HMAC-SHA256(key, message)`` read as a big-endian int (0 .. 2**64 - 1).

    Examples:
        >>> import hashlib, hmac
        >>> seed = keyed_seed(b"secret", b"pyramid13 deal")
        >>> seed == int(hmac.new(b"secret", b"pyramid13 deal", hashlib.sha256).hexdigest()[:16], 16)
        True
    """
    return _digest(key, message)


def deal_message(
    game: str, rules: str, difficulty: Difficulty | None, seed: int, date: datetime.date | None
) -> bytes:
    """The message a key hashes into the seed of a deal: five lines in UTF-8, ``pyramid13
    deal``, the game's name, the rules' compact text, the grade asked (``any`` for None),
    and ``date YYYY-MM-DD`` for a daily deal or ``seed N`` (decimal) for a seeded one.

    Examples:
        >>> import datetime
        >>> deal_message("pyramid", "microsoft", None, 20261201, datetime.date(2026, 12, 1))
        b'pyramid13 deal\\npyramid\\nmicrosoft\\nany\\ndate 2026-12-01'
        >>> deal_message("spider", "pysolfc,suits=1", "hard", 7, None)
        b'pyramid13 deal\\nspider\\npysolfc,suits=1\\nhard\\nseed 7'
    """
    which = f"date {date.isoformat()}" if date is not None else f"seed {seed}"
    lines = ("pyramid13 deal", game, rules, difficulty or "any", which)
    return "\n".join(lines).encode("utf-8")


def cycle_message(game: str, rules: str, difficulty: Difficulty | None) -> bytes:
    """The message hashed into the seed of a catalogue's cycle: four lines in UTF-8,
    ``pyramid13 cycle``, the game's name, the rules' compact text and the grade
    (``any`` for None).

    Examples:
        >>> cycle_message("pyramid", "classic", "hard")
        b'pyramid13 cycle\\npyramid\\nclassic\\nhard'
    """
    return "\n".join(("pyramid13 cycle", game, rules, difficulty or "any")).encode("utf-8")


def catalogue_cycle(count: int, message: bytes, key: bytes | None = None) -> tuple[int, ...]:
    """The order in which the daily deals walk `count` catalogue entries: a permutation
    of ``range(count)``, the Fisher-Yates shuffle of `Layout.shuffled` (from the last
    place down, ``below(n + 1)``) driven by `SplitMix64` seeded with the first 8 bytes
    (big-endian) of SHA-256 of `message`, or of HMAC-SHA256(key, message) with a key.

    Examples:
        >>> cycle = catalogue_cycle(10, cycle_message("pyramid", "classic", "hard"))
        >>> sorted(cycle) == list(range(10)), cycle != tuple(range(10))
        (True, True)
    """
    rng = SplitMix64(_digest(key, message))
    order = list(range(count))
    for n in range(count - 1, 0, -1):
        j = rng.below(n + 1)
        order[n], order[j] = order[j], order[n]
    return tuple(order)


def cycle_day(date: datetime.date) -> int:
    """The day number of `date` in the catalogue's cycles: days since `CYCLE_EPOCH`
    (negative before it).

    Examples:
        >>> import datetime
        >>> cycle_day(datetime.date(2000, 1, 1)), cycle_day(datetime.date(2026, 6, 16))
        (0, 9663)
    """
    return (datetime.date(date.year, date.month, date.day) - CYCLE_EPOCH).days


def find_winnable(
    rules: Any,
    seed: object,
    *,
    difficulty: object,
    date: object,
    max_attempts: object,
    deal: Callable[[int, Any], Any],
    solve: Callable[[Any], SolveResult[MoveT]],
    grade: Callable[[Any, SolveResult[MoveT]], Difficulty],
    catalogue: Sequence[tuple[int, Difficulty]] | None = None,
    key: object = None,
    progress: bool = False,
) -> WinnableDeal[MoveT]:
    """The search every game's ``winnable_deal`` runs: the first candidate of `seed` (or of
    the daily seed of `date`) that `solve` proves winnable and that `grade` gives the
    asked `difficulty` (any grade for None).

    Args:
        rules: the game's rule set, already checked.
        seed: the seed, or None with a `date`.
        difficulty: the grade asked for, or None.
        date: the day of a daily deal, or None.
        max_attempts: how many candidates to try.
        deal: ``deal(number, rules)``: the game's start from a deal number.
        solve: the thoughtful solver, with the game's fixed limits (no time limit: the
            outcome must not depend on the machine).
        grade: ``grade(start, result)``: the grade of a winnable start.
        catalogue: the rule set's catalogue, ``(number, grade)`` pairs found winnable
            beforehand, or None to search candidate numbers. With a catalogue, attempt
            ``k`` is the entry ``below(len(entries))`` of the entries of the grade asked
            (all for None), or for a daily deal the entry ``k`` places after the day's
            place in the cycle (`catalogue_cycle`); it is solved and graded like a
            candidate, so that a deal the solver or the grade would now judge otherwise
            is skipped, never returned.
        key: a server's secret (non-empty bytes), or None. With a key the stream's seed
            is `keyed_seed` of the key and `deal_message`, candidate ``k`` is the k-th
            whole 64-bit output of its `SplitMix64`, and the cycle is keyed too.
            (all for None); it is solved and graded like a candidate, so that a deal the
            solver or the grade would now judge otherwise is skipped, never returned.
        progress: show a `tqdm` progress bar of the candidates on standard error (it
            appears once the search has taken a second), with the winnable ones found.

    Raises:
        InvalidArgumentError: a bad argument, or no candidate among `max_attempts` is a
            winnable deal of the grade: the message says whether no candidate was
            winnable at all or the grade is what was not found.
        ImportError: `progress` without `tqdm` installed.
    """
    asked = check_difficulty(difficulty)
    start_seed, day = deal_seed(seed, date)
    attempts = _check_attempts(max_attempts)
    secret = check_key(key)
    stream = start_seed
    game_name = rules_text = ""
    if secret is not None or (catalogue is not None and day is not None):
        game = game_of(rules, "rules", "RuleSet")
        game_name = game.name
        rules_text = game.format_rules(rules) if game.format_rules else str(rules)
    if secret is not None:
        stream = keyed_seed(secret, deal_message(game_name, rules_text, asked, start_seed, day))
    rng = SplitMix64(stream)
    entries = None
    cycle = None  # a daily deal's catalogue entries, in the order it tries them
    if catalogue is not None:
        entries = [number for number, got in catalogue if asked is None or got == asked]
        if not entries:
            raise InvalidArgumentError(f"the catalogue of these rules has no {asked!r} deal")
        if day is not None:
            count = len(entries)
            order = catalogue_cycle(count, cycle_message(game_name, rules_text, asked), secret)
            today = cycle_day(day)
            cycle = [entries[order[(today + k) % count]] for k in range(min(attempts, count))]
            attempts = len(cycle)
    found: dict[Difficulty, int] = {}  # the grades of the winnable candidates seen
    bar = _search_bar(attempts, asked) if progress else None
    try:
        for attempt in range(attempts):
            if cycle is not None:
                number = cycle[attempt]
            elif entries is not None:
                number = entries[rng.below(len(entries))]
            else:
                number = rng.next() if secret is not None else rng.below(1 << 32)
            state = deal(number, rules)
            result = solve(state)
            got = grade(state, result) if result.winnable else None
            if got is not None:
                found[got] = found.get(got, 0) + 1
            if bar is not None:
                bar.set_postfix_str(f"{sum(found.values())} winnable", refresh=False)
                bar.update(1)
            if got is None or (asked is not None and got != asked):
                continue
            return WinnableDeal(
                rules=rules,
                seed=start_seed,
                number=number,
                attempt=attempt,
                layout=state.layout,
                solution=result.moves,
                difficulty=got,
                nodes=result.nodes,
                date=day,
                keyed=secret is not None,
            )
    finally:
        if bar is not None:
            bar.close()
    where = "candidates" if entries is None else "catalogue entries"
    keyed = "keyed " if secret is not None else ""
    if not found:
        raise InvalidArgumentError(
            f"no winnable deal among the first {attempts} {where} of {keyed}seed {start_seed}"
            f"{'' if asked is None else ' (of any grade)'}: these rules may allow few or none"
        )
    winnable = sum(found.values())
    grades = ", ".join(f"{found[got]} {got!r}" for got in DIFFICULTIES if got in found)
    raise InvalidArgumentError(
        f"no {asked!r} deal among the first {attempts} {where} of {keyed}seed {start_seed}: "
        f"{winnable} {'was' if winnable == 1 else 'were'} winnable ({grades}), none "
        f"{asked!r}; try another seed or grade, or more attempts"
    )


def _search_bar(total: int, asked: Difficulty | None) -> Any:
    """A `tqdm` bar over the candidates, drawn once the search has taken a second."""
    try:
        tqdm = importlib.import_module("tqdm").tqdm
    except ImportError:  # pragma: no cover - depends on the environment
        raise ImportError(
            "progress bars need tqdm: pip install tqdm (the cli extra installs it)"
        ) from None
    wanted = "a winnable deal" if asked is None else f"a winnable {asked!r} deal"
    return tqdm(total=total, desc=f"looking for {wanted}", unit="deal", delay=1.0)


def grade_from(score: int, thresholds: tuple[int, int]) -> Difficulty:
    """The grade of a winnable deal from its difficulty score and a row ``(easy,
    medium)`` of a grade table: easy when `score` <= easy, medium when <= medium, hard
    otherwise.

    Examples:
        >>> grade_from(3, (3, 10)), grade_from(4, (3, 10)), grade_from(11, (3, 10))
        ('easy', 'medium', 'hard')
    """
    easy, medium = thresholds
    if score <= easy:
        return "easy"
    if score <= medium:
        return "medium"
    return "hard"


def solver_effort(result: SolveResult[Any]) -> int:
    """The solver's effort on a winnable deal: the positions it stored beyond those of its
    winning line (``nodes - length``, at least 0): how far it had to look off the line.

    Examples:
        >>> import pyramid13 as p13
        >>> state = p13.GameState.new(p13.Layout.shuffled(2), p13.RuleSet.preset("microsoft"))
        >>> solver_effort(p13.solve(state)) >= 0
        True
    """
    return max(0, result.nodes - result.length)
